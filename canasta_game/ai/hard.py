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

Under the rules a learned model was fitted on (``value.fitted``; ``value.py`` lists them,
classic-4 first) the playouts stop after one round and that model values the position they
reach, which leaves time for four candidates, and the simulated players take the pile (or not)
as Medium would (``rollout.medium_draw``); under other rules they play four rounds with the
quick policy's pile rule and ``evaluate`` counts the position. In the classic pile fight
(``pile.pile_fight``) Hard and its simulated players keep Medium's reserve of pairs
(``RESPECT_RESERVE``: one round sees the points a meld banks, not the piles the pairs would take
later). Under every rule set a playout that ends the match is valued by who won it
(``MATCH_AWARE``).

Why these choices and not others: every constant and every idea tried for Hard was measured
on a fixed set of valued decisions (``benchmarks/decision_set.py``) or in arenas, and each
round's figures, kept or left off, are in ``docs/strength.md``. In short, Hard is limited by
what its one round of playout sees: more time (1 s instead of 0.5 s), longer or deeper
playouts in sampled worlds, more candidates and refitted values all measured within the
noise, while deep Medium playouts gain only when they see the true hands, so a deeper search
first needs a better guess of the hidden hands.
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
ROUNDS = 4  # rollout horizon in rounds of the table (2 gained less: docs/strength.md)
SHORT_BUDGET = 0.05  # below this budget a single round of lookahead is all there is time for
FINISH_TURN_WITH_MEDIUM = True
USE_POLICY_CANDIDATE = True  # also search the rollout policy's own choice (+2.3 a decision)
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
        """Play every candidate out in the same fresh worlds until the deadline, then choose
        (dropping the candidates clearly behind on the way gained nothing: docs/strength.md)."""
        deadline = started + self.budget * DEADLINE_SHARE
        learned = _learned(view)
        rounds = VALUE_ROUNDS if learned else (ROUNDS if self.budget >= SHORT_BUDGET else 1)
        horizon = rounds * view.rules.players
        values: list[list[float]] = [[] for _ in candidates]
        avoid = discard_inference(view) if USE_INFERENCE else None
        unseen = unseen_cards(view)  # the same in every world of this view
        own_moves: dict[tuple[object, ...], Action] = {}
        worlds = 0
        while self.clock() < deadline:
            world = sample_state(view, self.rng, legal, avoid, unseen)
            results = self._world_values(
                world, candidates, view.side, horizon, own_moves, learned, checked=worlds > 0
            )
            if results is None:
                continue
            for i, value in enumerate(results):
                values[i].append(value)
            worlds += 1
        self.last_worlds = worlds
        if worlds == 0:
            return candidates[0]
        return candidates[best_index(values)]

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
