"""Hard: Medium's best few moves, each played out in sampled worlds, chosen by the average.

For a decision with more than one plausible move, Hard

1. asks Medium for its ranking and keeps the best ``candidates`` moves (a going-out move is
   always paired with the best move that holds on, so that choice is searched too);
2. samples a world consistent with its view (``determinize.sample_state``: the unseen cards
   dealt at random around the cards known to be in each hand), applies every candidate in
   that same world and plays on with the fast rollout policy for ``horizon`` turns, scoring
   the result with ``evaluate`` (the exact hand score if the hand ended);
3. repeats with fresh worlds until its deadline, and picks the candidate whose average beats
   Medium's choice by more than the noise (``SWITCH_Z`` standard errors of the paired
   difference), otherwise Medium's choice.

The budget is a deadline: Hard plays worlds until ``DEADLINE_SHARE`` of it has passed on its
clock (the wall clock at the table; the arena's ``--clock cpu`` gives it the process's CPU
time so that a busy machine does not weaken it). Until issue 16 it also stopped after a fixed
count of simulated actions, which used about 40% of the budget on an idle machine. A seeded
Hard is therefore reproducible only under a clock that is (a test gives it one that ticks per
reading).

The constants were chosen on a fixed set of 532 decisions from Medium self-play whose every
candidate move was valued by playing the hand out 24 times (Medium in every seat, the stock
reshuffled): a rule's gain is the value of its choice minus Medium's. A horizon of 1, 2, 4, 6
rounds and the whole hand gained -8.0, +3.9, +6.1, +5.5 and +5.0 points per decision
(standard error about 3); a switching threshold of 1, 1.5, 2 and 3 standard errors and four
candidates instead of three changed it by less than the noise. Rollouts played by Medium
itself instead of the fast policy (one round, far fewer worlds) lost 5.9 per decision.

Issue 16, on a new set of 679 decisions (``decision_set.py build --hands 60 --worlds 24``),
every Hard at 0.25 s of CPU time per decision, gain over Medium per decision (standard
error): the fixed action count (before issue 16, median 22 worlds) +6.6 (2.4); the deadline
(median 59 worlds) +9.3 (2.4), paired on the same decisions +2.7 (1.6) over the action count.
Paired against the deadline alone: switching at 1.5 standard errors +0.3 (1.6); racing
(``RACE``: every 4 worlds, drop a candidate 2.5 standard errors behind the leader) that may
drop Medium's choice -2.9 (4.2), with four candidates -1.7 (4.7); racing that keeps Medium's
choice +1.1 (1.0): within the noise, so left off.
Arena, classic-4 unless named, duplicate deals of one hand each, Hard at 0.25 s of CPU time
(``--clock cpu``), score per hand with 95% intervals: against the Hard before issue 16 (the
same clock) +39 [-78, +157] over 128 hands (hand won 52.7%); against Medium +114 [+51, +176]
over 136 hands (61.0% [52.6, 68.8]); Samba against Medium +110 [-38, +257] over 136 hands.
At 0.5 s on the wall clock, decision p95 493 ms (max 510 ms, 257 decisions, a busy machine).

Issue 16, second round: Medium's moves for the rest of the player's turn are remembered across
the worlds of one decision (``finish_turn``'s memo: until the stock is drawn from, every world
shows Medium the same view), that turn and the playouts are applied with ``advance`` (no
re-check, no events) and the unseen cards are listed once per decision: 1.32 times the worlds
per CPU second (40 decisions at 0.25 s, the two trees alternating, 4 runs). On the 679
decisions at 0.25 s of CPU time, two samples of Hard's seeds each: +10.4 (2.6) and +9.3 (2.5)
per decision over Medium, before +8.8 (2.5) and +8.3 (2.4); paired +1.35 (0.76). Tried on the
same decisions, paired against this version, and left as they were: switching at 1.5
standard errors -2.8 (1.3), at 2.5 -1.3 (1.2); four candidates -2.2 (1.5), two -4.4 (1.6); a
horizon of 3 rounds +1.5 (1.4) (within the noise, not yet checked in an arena); the pile
valued 25 a card for the side that may take it next -1.1 (0.9); sampled hands also leaning
away from the ranks a seat let pass on the pile 0.0 (1.7). Arena (seed 17, 0.25 s CPU,
one-hand duplicate deals): against Medium +102 [+43, +162] per hand over 260 hands (hand won
56.4% [50.3, 62.2]); against the Hard of 54fabb1 (the same clock) +9 [-115, +133] over 80
hands (48.1% [37.5, 58.9]). At 0.5 s on the wall clock: p95 472 ms, max 532 ms (57
decisions, a machine loaded 15 deep on two cores).

Issue 16, third round: a learned position value (``value.py``, a linear model fitted to the
final hand score of 3,000 Medium self-play hands) values the playouts' ends instead of
``evaluate`` (``USE_VALUE``) under the rules it was fitted on (classic-4), so that a shorter
horizon loses less. On the same 679 decisions at 0.25 s of CPU time, gain over Medium per
decision, paired against the search before it (the mean of two samples of its seeds, +11.7
and +9.8; standard errors in brackets): the value at 4 rounds -0.7 (1.6); at 2 rounds (1.3
times the worlds) +0.7 (1.3) over three samples; at 1 round (2.2 times the worlds) +1.3
(2.2) over three samples; at the end of Hard's own turn (6 times the worlds, an earlier set
of features) -1.9 (3.8); at 1 round with four candidates +3.1 (2.1) over two samples (+14.9
and +12.9), +1.9 (1.2) over three candidates: kept (``VALUE_ROUNDS``, ``VALUE_CANDIDATES``).
At 0.03 s (one round either way) the value gained +5.5 (2.9) over ``evaluate``, two samples
(+11.1 and +9.4 against +4.8 and +4.7). The held-out fit and the features are in ``value.py``.
With four candidates at 0.03 s: +6.5 (3.3) over ``evaluate``, and level with the search
before it at 0.25 s: +0.5 (1.8).
Every gain is within two standard errors: it is likely, not proven. Arena, one-hand duplicate
deals, 0.25 s of CPU time: against Medium (seed 17) 65.0% [49.5, 77.9] of 40 hands, +172 [+9,
+336] per hand; against the Hard before it (seed 19) 46.7% [30.2, 63.9] of 30 hands, +48 [-232,
+328], (seed 22) 56.2% [41.0, 70.4] of 40, +99 [-128, +326]; with three candidates (seed 18)
43.3% [27.4, 60.8], -31 [-219, +156]: level within wide intervals; against the Hard of 54fabb1
(seeds 20, 21) 54.2% [35.1, 72.1] of 24 hands, +158 [+28, +288], and 54.2% [40.3, 67.4] of 48,
+15 [-128, +159]. At 0.5 s on the wall clock (40 decisions of the set, a machine loaded 8 deep
on two cores, four runs each, alternating with the search before it): p95 465-513 ms (max
469-687), before 466-469 ms (max 470-756).

Issue 16, fourth round, judged by arenas only (the decision set shares the playouts' blind
spots): one-hand duplicate deals, classic-4, 0.25 s of CPU time against Medium, seed 501, 100
hands, each change paired per deal against main's Hard (+5.5 a hand, hand won 45.5% [36.1,
55.3]). The playouts' draws taken with Medium's own pile judgment (``rollout.medium_draw``)
+232 per hand (se 91), hand won 62.0% [52.2, 70.9], median worlds 174 -> 143 at 0.25 s;
on seed 502 (80 hands) +33 (se 94), hand won 62.5% against main's 63.8%; both seeds pooled
+144 (se 66) over 90 deals, hand won 62.2% [55.0, 69.0] of 180 against main's 53.6%;
Medium's discards in the playouts too -177 (se 86) against that (2.2 times fewer worlds); on
top of the pile judgment, always searching the best pile take against the stock draw at the
draw (a new candidate in 19% of the draws where the pile may be taken) -101 (se 76): both left
off. Two rounds of playout (``VALUE_ROUNDS`` 2) with the pile judgment, seed 503, 50 hands,
paired against one round: -145 (se 171), one round's hand won 56% [42, 69]: left at one.
At 0.5 s on the wall clock, 40 decisions twice, a machine loaded 6 deep on two cores: p95 465
and 464 ms (max 466), main's 465 ms (max 466-467).

Issue 16, fifth round: where the search overruled Medium (300 positions of Medium self-play,
200 worlds each: 97 of 300), a third of the switches (34) were melds that took a hand without
a canasta below Medium's pile-fight reserve where Medium held (``melding.PILE_FIGHT_RESERVE``,
itself measured in full-game arenas): one round of playout sees the points banked, not the
piles the pairs would take later. With Medium's reserve kept in the candidates
(``RESPECT_RESERVE``, ``breaks_reserve``) and in the playouts' melds
(``rollout._holds_pairs``), such switches fell to 6 of 300. Arena against the Hard before it
(one-hand duplicate deals, classic-4, 0.25 s of CPU time each, seed 601, 166 deals): +20
[-53, +92] points per hand, hand won 54.8% [49.4, 60.1] of 332: kept, within the noise, as
the search's agreement with a measured principle of the pile fight. Three more facts for the
learned value (pairs and hand size times the pile, pairs under a frozen pile) left its
held-out error at 1,069 points: left off. Full games against the Hard of 54fabb1 (0.5 s of
CPU time, duplicate deals): 59.3% [51.7, 66.5] of 166 games, +65 [+23, +106] points a hand
(two processes here, seed 105: 62.5% of 76; 16 processes on a lent machine where Hard plays
0.8 times the worlds a CPU second, seeds 901 and 902: 56.7% of 90).

Issue 16, sixth round: Medium's reserve now follows the biggest opponent hand (8 to 12 cards,
``melding.pile_fight_reserve``), and the candidates and playouts keep it. Full games against
the Hard of 54fabb1, seed 110, deals 0-14, 0.5 s of CPU time, two processes beside other
arenas: 63.3% [45.5, 78.1] of 30 games, +48 [-2, +98] points a hand; the Hard before it on
the same deals won as many (19 of 30), +102 points a hand. Too few games to tell them apart.

Issue 16, seventh round: a playout whose hand ends the match is valued by who won the match
(``engine.match.match_outcome``, ``MATCH_AWARE``), not by its points. In 20 Medium self-play
matches, 24 positions where Medium holds because going out would end the match with the
opponents ahead: the Hard before it went out at once in 8, this one in none; it still went out
in 29 of the 29 positions where going out wins the match. Full games against Medium, seeds
115 and 116, 0.5 s of CPU time, two processes: 67.2% [60.3, 73.4] of 192 games (72.9% and
61.5%); on the 93 deals the Hard before it also played, 125 against its 126 games won.
Against the Hard of 54fabb1, seed 110, deals 0-69: 57.1% [48.9, 65.0] of 140 games, +38
points a hand. Kept for the positions it fixes, not for the arena, which cannot tell the two
apart.

Issue 16, eighth round, speed with the same choices: the later worlds of a decision apply
the candidates with ``advance`` (their legality is the view's, checked in the first world),
a playout that ends the hand is scored once, the playouts ask the going-out solver only past
its own first cut (``going_out.surely_stuck``), and Medium's reading of the race keeps each
side's table points per melds tuple. ``benchmarks/hard_worlds.py``, median of 5, the trees
alternating: 1.10 times the worlds per CPU second on classic-4 (918 against 831), 1.13 on
Samba (371 against 329), with the same moves digest on both and on Italian, Hand and Foot,
Cuban and Bolivia.

Issue 16, ninth round, measured and nothing changed: Hard is limited by what its one round of
playout sees, not by its time. On a new decision set (339 decisions of 24 Medium self-play
hands, ``decision_set.py build --hands 24 --worlds 24``), gain over Medium per decision at
0.25, 0.5 and 1.0 s of CPU time +32.7, +41.2 and +40.7 (standard errors about 12); paired,
0.5 s over 0.25 s +8.5 (4.3), 1.0 s over 0.5 s -0.6 (3.1), a second sample of Hard's seeds at
0.5 s -3.3 (4.4). At 0.5 s, paired against the two samples: playouts of two rounds -7.0
(5.2) and -3.7 (5.4), of three -0.9 (5.5) and +2.4 (5.7); Medium's discards in the playouts
(the worlds no longer run short at 0.5 s) -4.8 (4.2) and -1.5 (4.3). Where Hard overruled
Medium (249 switches in 80 Medium self-play hands, 0.25 s, each switch valued by 200
whole-hand Medium playouts of the true position): +29 (se 10) a switch; a meld with wild
cards instead of Medium's discard +85 (25) over 42, a draw +65 (20) over 26, another meld
+46 (27) over 27, another discard -6 (25) over 58, another discard than Medium's black three
+12 (12) over 55, a discard holding Medium's meld -10 (28) over 38: right where the effect
shows within a round, noise where it lies beyond. Searching more of the kinds that pay, each
on positions where it adds a candidate (100 whole-hand playouts a move, 0.5 s): the best pile
take against the stock at every draw where the pile may be taken, 180 draws, +11.2 (4.5) a
draw against +10.9 (4.3); the best meld with wild cards wherever Medium discards, 254
positions, +1.8 (2.7) paired. Both left off.

Issue 16, tenth round, measured and nothing changed: where the gap to the best candidate lies.
On the same 339 decisions (best candidate +149.6 over Medium, a ceiling the values' noise
inflates), gain over Medium per decision, paired against main at 0.5 s of CPU time (+41.2,
+37.9 and +40.2 over three samples of its seeds; ``decision_set.py score --see-all
--rollout medium``): Hard seeing the true hands (the stock reshuffled) +8.1 (8.1); with
Medium's own moves in its one round of playout as well +11.3 (8.2); with Medium playing the
whole hand out, 0.5 s +16.9 (7.4), 2 s +28.2 (6.9) (a switch gained +285 on average, and a
discard other than Medium's +311); the same whole-hand Medium playouts in sampled worlds, 2 s,
-11.0 (6.3); the fast policy to the end of the hand, true hands, 0.5 s, +32.0 against +48.9
for one round. Hidden cards cost the one-round search little; they are what the deeper
search lacks, and the one-round value is what this search lacks. The learned value refitted
on the present Medium (16,000 hands; on 2,000 fresh hands a root mean square error of 1,190
points against the shipped 1,208) +2.9 over two samples (about 3); a small network (16 or 48
hidden units, fitted offline on 12,000 hands) on the same facts 1,192 against the linear
1,191: the facts limit it, not the model's form; ``GAP`` 160 and 400, and six candidates,
within 3 points. All left off.

Issue 16, eleventh round: Medium's discards read the ranks the next player let pass on the
present pile (``discard.PASSED``, +22.8 (se 9.1) a hand against the Medium before it), and Hard
ranks its candidates and finishes its turns with Medium, so it plays them too; its sampled
worlds still deal those ranks freely. Full games against the Hard of 54fabb1, seed 110, 31 deals
from 70 to 112, 0.5 s of CPU time: 61.3% [48.8, 72.4] of 62 games, the same 38 games the Hard
before it won on those deals: too few games to tell the two apart. With 64 more deals (95 from
70 to 178): 61.6% [54.5, 68.2] of 190 games, +55 (se 24) points a hand; on the 51 deals the Hard
before it also played, 63 games against its 60 of 102.

Issue 16, twelfth round, measured and nothing changed: the sampled hands leaning away from the
ranks a seat let pass on the present pile as well (``counting.passed_ranks``, where a seat draws
one card a turn, as Medium's discards read them), on a new set of 488 decisions from 36 hands of
this Medium's self-play (``decision_set.py build --hands 36 --worlds 24``), 0.5 s of CPU time,
paired against Hard as it plays over four samples of its seeds: +0.2 (1.9), +3.5 (2.5), -2.1
(2.6), -4.9 (2.4), a mean of -0.9 (about 1.2): left off, as the same lean was before Medium read
the refusals. On that set Hard gains +24 to +29 points a decision over Medium (standard error
about 9).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from functools import partial

from canasta_game.ai import caliente
from canasta_game.ai.acaba import acaba_move, without_acaba
from canasta_game.ai.determinize import (
    discard_inference,
    sample_state,
    self_state,
    unseen_cards,
)
from canasta_game.ai.evaluate import evaluate, score_difference
from canasta_game.ai.goingout import plan_out
from canasta_game.ai.handsense import completes_canastas
from canasta_game.ai.medium import GO_OUT, HOLD, ranked_moves
from canasta_game.ai.melding import hand_reserve_cost
from canasta_game.ai.pile import pile_fight
from canasta_game.ai.rollout import rollout_action
from canasta_game.ai.situation import Situation, read_situation
from canasta_game.ai.value import applies, predict
from canasta_game.engine.actions import Action, AskGoOut, Meld
from canasta_game.engine.fastapply import advance
from canasta_game.engine.game import IllegalAction, apply
from canasta_game.engine.match import match_outcome
from canasta_game.engine.movegen import legal_moves
from canasta_game.engine.observation import PlayerView, observe
from canasta_game.engine.scoring import score_hand
from canasta_game.engine.state import OVER, PLAY, State

CANDIDATES = 3
GAP = 80.0  # Medium's score gap beyond which a move is not worth searching
SWITCH_Z = 2.0  # how sure the search must be before it overrules Medium
DEADLINE_SHARE = 0.92  # of the budget: the last world in flight and the answer fit the rest
ROUNDS = 4  # rollout horizon in rounds of the table (2 gained less: see the docstring)
SHORT_BUDGET = 0.05  # below this budget a single round of lookahead is all there is time for
RACE = False  # drop candidates clearly behind (measured within the noise: see the docstring)
RACE_EVERY = 4  # worlds between two looks at the race
RACE_Z = 2.5  # standard errors behind the leader at which a candidate is dropped
FINISH_TURN_WITH_MEDIUM = True
USE_POLICY_CANDIDATE = True  # also search the rollout policy's own choice
USE_INFERENCE = True  # lean the sampled hands away from the ranks their owners discarded
USE_VALUE = True  # value the playouts' ends with the learned model (``value.py``) where it applies
VALUE_ROUNDS = 1  # the horizon then: one round of the table, the model values the rest
VALUE_CANDIDATES = 4  # and the worlds this saves pay for one more candidate
RESPECT_RESERVE = True  # no meld below Medium's pile-fight reserve against its hold
MATCH_AWARE = True  # a playout that ends the match is valued by who won it
MATCH_WIN = 10_000.0  # beyond any hand's points (a hand is worth a few thousand)
# The clocks a budget can be measured on: the wall clock at the table; the process's CPU time
# in the arena, so that a shared, busy machine does not cut Hard's thinking short.
CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.process_time}


class HardBot:
    """Determinized rollouts over Medium's candidates, within a time budget per decision."""

    level = "hard"

    def __init__(
        self,
        seat: int,
        seed: int | str,
        budget: float = 0.5,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.seat = seat
        self.budget = budget
        self.rng = random.Random(f"hard:{seed}:{seat}")
        self.clock = clock
        self.last_worlds = 0  # how many worlds the last decision sampled (for tests/stats)

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        started = self.clock()
        self.last_worlds = 0
        acaba = acaba_move(view, legal)  # BRIT-1
        if acaba is not None:
            return acaba
        pick = partial(self._pick, view, started=started)
        return caliente.decide(view, without_acaba(legal), pick)  # CAL-2

    def _pick(self, view: PlayerView, legal: Sequence[Action], started: float) -> Action:
        """Medium's candidates weighed by playouts (the Caliente is weighed around it)."""
        if len(legal) == 1:
            return legal[0]
        ranked = ranked_moves(view, legal)
        limit = VALUE_CANDIDATES if _learned(view) else CANDIDATES
        candidates = pick_candidates(view, legal, ranked, limit)
        if USE_POLICY_CANDIDATE:
            alt = policy_candidate(view, legal, self.rng)
            if alt is not None and alt not in candidates:
                candidates = [candidates[0], alt, *candidates[1:]][:limit]
        if len(candidates) == 1:
            return candidates[0]
        return self._search(view, legal, candidates, started)

    def _search(
        self, view: PlayerView, legal: Sequence[Action], candidates: list[Action], started: float
    ) -> Action:
        """Play every live candidate out in fresh worlds until the deadline, then choose."""
        deadline = started + self.budget * DEADLINE_SHARE
        learned = _learned(view)
        rounds = VALUE_ROUNDS if learned else (ROUNDS if self.budget >= SHORT_BUDGET else 1)
        horizon = rounds * view.rules.players
        values: list[list[float]] = [[] for _ in candidates]
        live = list(range(len(candidates)))
        avoid = discard_inference(view) if USE_INFERENCE else None
        unseen = unseen_cards(view)  # the same in every world of this view
        own_moves: dict[tuple[object, ...], Action] = {}
        worlds = 0
        while self.clock() < deadline:
            world = sample_state(view, self.rng, legal, avoid, unseen)
            moves = [candidates[i] for i in live]
            results = self._world_values(
                world, moves, view.side, horizon, own_moves, learned, checked=worlds > 0
            )
            if results is None:
                continue
            for i, value in zip(live, results, strict=True):
                values[i].append(value)
            worlds += 1
            if RACE and worlds % RACE_EVERY == 0 and len(live) > 1:
                live = race(values, live)
        self.last_worlds = worlds
        if worlds == 0:
            return candidates[0]
        return candidates[live[best_index([values[i] for i in live])]]

    def _world_values(
        self,
        world: State,
        moves: list[Action],
        side: int,
        horizon: int,
        own_moves: dict[tuple[object, ...], Action] | None = None,
        learned: bool = False,
        *,
        checked: bool = False,
    ) -> list[float] | None:
        """Each move's value in one sampled world, every playout with the same random stream
        (common random numbers make the differences between moves far less noisy); None when
        the world rules a move out (it was sampled from a view a move's legality depends on).
        ``own_moves`` remembers Medium's moves for the rest of this turn across worlds;
        ``learned``: the playouts' ends are valued by the learned model, else by ``evaluate``.
        ``checked``: an earlier world of this decision passed every move through the full
        check. A move's legality reads only what the player's view shows (its hand, the
        table, the pile, the counts of cards), which every world of one view shares, so the
        later worlds apply the moves with ``advance`` (no re-check, no events)."""
        seed = self.rng.getrandbits(32)
        results: list[float] = []
        for move in moves:
            try:
                after = advance(world, move) if checked else apply(world, move)[0]
            except IllegalAction:
                return None
            if FINISH_TURN_WITH_MEDIUM:
                after, _ = finish_turn(after, self.seat, memo=own_moves)
            final, _ = playout(after, random.Random(seed), world.turn + horizon)
            results.append(playout_value(final, side, learned))
        return results


def playout_value(final: State, side: int, learned: bool) -> float:
    """A playout's end for ``side``: the hand's points (the learned value, else ``evaluate``;
    exact once the hand is over), unless the hand ended the match (``match_outcome``: C-GAME,
    IT-C3, HF-14, MAC-34). Then only who won counts, ``MATCH_WIN`` either way: the points of
    a hand that hands the opponents the game are worth nothing, and a hand that wins it is
    worth more than any points (Medium holds on rather than go out into a lost game,
    ``goingout.go_out_or_hold``; the search weighed points only and overruled it in 22 of 24
    such positions of Medium self-play, and went out in a third of them)."""
    if final.phase is not OVER:
        return predict(final, side) if learned else evaluate(final, side)
    hand = score_hand(final).totals  # (scored once: ``predict`` and ``evaluate`` say the same)
    if MATCH_AWARE:
        totals = tuple(before + won for before, won in zip(final.scores, hand, strict=True))
        over, winner = match_outcome(final, totals, final.deal + 1)
        if over and winner is not None:  # (a draw, or the match going on: the points count)
            return MATCH_WIN if winner == side else -MATCH_WIN
    return score_difference(hand, side)


def finish_turn(
    state: State,
    seat: int,
    limit: int = 12,
    memo: dict[tuple[object, ...], Action] | None = None,
) -> tuple[State, int]:
    """Let Medium finish this player's turn in the sampled world (what Hard would then do
    is closer to Medium than to the quick rollout policy, whose discards are cruder).

    Medium reads only the player's view, and within one decision the worlds differ only in
    cards the player cannot see, so its move is the same in every world where the player's
    own cards and table are: ``memo`` keeps it (the key is what the view of this turn can
    differ in: the hand after a stock draw, the melds laid since), which saves most of the
    ranking. The moves are generated ones, so ``advance`` applies them without a re-check.
    """
    steps = 0
    while state.phase is PLAY and state.current == seat and steps < limit:
        key = _own_turn_key(state, seat)
        move = memo.get(key) if memo is not None else None
        if move is None:
            legal = legal_moves(state)
            move = ranked_moves(observe(state, seat), legal)[0][1]
            if memo is not None:
                memo[key] = move
        state = advance(state, move)
        steps += 1
    return state, steps


def _own_turn_key(state: State, seat: int) -> tuple[object, ...]:
    """Everything of ``state`` the seat's view of its own turn can differ in between two
    worlds sampled from one view (the rest of the view is the same in all of them)."""
    return (
        state.hands[seat],
        state.melds[state.side_of(seat)],
        state.pile,
        state.drew,
        state.turn_melded,
        state.must_go_out,
        state.bonus_threes,
    )


def playout(state: State, rng: random.Random, stop_turn: int) -> tuple[State, int]:
    """Play the fast policy until the hand ends or turn ``stop_turn`` begins (its moves are
    legal by construction, so ``advance`` skips the re-check and the events)."""
    steps = 0
    while state.phase is not OVER and state.turn < stop_turn:
        action = rollout_action(state, rng)
        if action is None:
            break  # a sampled world with no way on: value it as it stands
        state = advance(state, action)
        steps += 1
    return state, steps


def race(values: list[list[float]], live: list[int]) -> list[int]:
    """The live candidates that are not behind the leader beyond ``RACE_Z`` standard errors
    of the paired difference (every live candidate has been played in the same worlds).
    Medium's choice always stays: every switch is judged against it (``best_index``)."""
    leader = max(live, key=lambda i: sum(values[i]))
    keep = []
    for i in live:
        if i in (leader, 0):
            keep.append(i)
            continue
        mean, stderr = paired_difference(values[leader], values[i])
        if mean <= RACE_Z * stderr:
            keep.append(i)
    return keep


def paired_difference(first: list[float], second: list[float]) -> tuple[float, float]:
    """Mean of ``first - second`` world by world, and its standard error (inf for one world)."""
    diffs = [a - b for a, b in zip(first, second, strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n
    if n < 2:
        return mean, math.inf
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, math.sqrt(var / n)


def best_index(values: list[list[float]]) -> int:
    """Medium's choice (index 0) unless another candidate is better beyond the noise."""
    best, best_mean = 0, 0.0
    for i in range(1, len(values)):
        mean, stderr = paired_difference(values[i], values[0])
        if mean > SWITCH_Z * stderr and mean > best_mean:
            best, best_mean = i, mean
    return best


def policy_candidate(
    view: PlayerView, legal: Sequence[Action], rng: random.Random
) -> Action | None:
    """The rollout policy's own choice here, as a legal move (a second opinion to Medium's).

    The policy plays from a State, so it is asked in one sampled world; it reads only the
    player's own hand and the table, so the world's hidden cards do not sway it. Its meld
    batches are not among the generated moves: the largest legal meld inside the batch
    stands for it.
    """
    world = sample_state(view, random.Random(rng.getrandbits(32)), legal)
    try:
        move = rollout_action(world, random.Random(0))
    except (IllegalAction, ValueError, IndexError):
        return None
    if move in legal:
        return move
    if isinstance(move, Meld):
        wanted = set(move.cards())
        inside = [m for m in legal if isinstance(m, Meld) and set(m.cards()) <= wanted]
        if inside:
            return max(inside, key=lambda m: len(m.cards()))
    return None


def _held(view: PlayerView, top: Action, move: Action) -> bool:
    """Is ``move`` a meld below the reserve where Medium's choice ``top`` holds its cards?"""
    return _holding(view, top) and breaks_reserve(view, move, read_situation(view))


def _holding(view: PlayerView, top: Action) -> bool:
    """Does Medium's choice ``top`` hold the hand's cards in the classic pile fight (the
    rules where ``RESPECT_RESERVE`` was measured, ``pile.pile_fight``)?"""
    return RESPECT_RESERVE and not isinstance(top, Meld) and pile_fight(view.rules)


def _learned(view: PlayerView) -> bool:
    """Whether this decision's playouts end in the learned value (``USE_VALUE``, and the
    rules the model was fitted on)."""
    return USE_VALUE and applies(view.rules)


def pick_candidates(
    view: PlayerView,
    legal: Sequence[Action],
    ranked: list[tuple[float, Action]],
    limit: int = CANDIDATES,
) -> list[Action]:
    """Medium's best moves worth comparing: its choice first, then close seconds.

    Moves more than GAP below Medium's choice are left out (they are clearly worse by its
    heuristics). A decision to go out (or ask) or to hold on is always searched against the
    best alternative, since it decides how the whole hand is scored.
    """
    top_score, top = ranked[0]
    out: list[Action] = [top]
    if top_score >= GO_OUT or isinstance(top, AskGoOut):
        # going out: compare with the best way of holding on
        for score, move in ranked[1:]:
            if HOLD / 2 < score < GO_OUT and not isinstance(move, AskGoOut):
                out.append(move)
                break
    elif any(score <= HOLD / 2 for score, _ in ranked):
        # holding on although it could go out: compare with going out
        first = plan_out(self_state(view, legal))
        if first is not None and first in legal and first != top:
            out.append(first)
    situation = read_situation(view) if _holding(view, top) else None
    for score, move in ranked[1:]:
        if len(out) >= limit:
            break
        if move in out or score < top_score - GAP or score <= HOLD / 4:
            continue
        if situation is not None and breaks_reserve(view, move, situation):
            continue
        out.append(move)
    return out


def breaks_reserve(view: PlayerView, move: Action, situation: Situation) -> bool:
    """Would ``move`` meld the hand below Medium's pile-fight reserve without completing a
    canasta (``melding.hand_reserve_cost``)? Where Medium holds its pairs for the pile, the
    one-round playouts cannot see the piles they win later and prefer the points banked now
    (a third of the decisions where they overruled Medium, Medium self-play positions), so
    such a meld is not searched against Medium's hold."""
    if not isinstance(move, Meld) or hand_reserve_cost(view, move, situation) <= 0:
        return False
    return completes_canastas(view, move)[0] == 0
