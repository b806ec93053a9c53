"""Hard's search shortcuts (issue 16): they buy worlds without changing what a world says."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace

import pytest

from canasta_game.ai import hard, make_bot, rollout
from canasta_game.ai.determinize import sample_state, unseen_cards
from canasta_game.ai.handsense import completes_canastas, table_points
from canasta_game.ai.hard import HardBot, finish_turn, playout
from canasta_game.ai.medium import HOLD, MediumBot, ranked_moves
from canasta_game.ai.melding import hand_reserve_cost, reserve_cards
from canasta_game.ai.play import play_hand
from canasta_game.ai.rollout import rollout_action
from canasta_game.ai.situation import read_situation
from canasta_game.engine.actions import Action, Discard, Meld, TakePile
from canasta_game.engine.cards import JOKER, RANK_CHARS, WILD_KEY, make_uid
from canasta_game.engine.fastapply import advance
from canasta_game.engine.game import IllegalAction, apply, why_illegal
from canasta_game.engine.going_out import can_go_out
from canasta_game.engine.match import Match
from canasta_game.engine.movegen import legal_moves
from canasta_game.engine.observation import observe
from canasta_game.engine.rules import Rules, preset
from canasta_game.engine.scoring import score_hand
from canasta_game.engine.setup import new_hand
from canasta_game.engine.state import DrawKind, Phase, State, TableMeld, evolve
from canasta_game.engine.take import HandGroups


def _positions(seeds: range, turns: int = 10) -> list[State]:
    """Positions of Medium self-play where the player to act has drawn (its play phase)."""
    rules = preset("classic-4")
    out = []
    for seed in seeds:
        state = new_hand(rules, f"search:{seed}", 0)
        bots = [make_bot("medium", s, seed) for s in range(4)]
        while state.phase is not Phase.OVER and (state.turn < turns or state.phase is Phase.DRAW):
            seat = state.actor
            state, _ = apply(state, bots[seat].choose(observe(state, seat), legal_moves(state)))
        if state.phase is Phase.PLAY:
            out.append(state)
    return out


def test_medium_finishes_the_turn_alike_with_its_moves_remembered_across_worlds() -> None:
    """Worlds of one view differ only in cards the player cannot see, so Medium's moves for
    the rest of its turn, remembered from earlier worlds, are the moves it would choose."""
    remembered = played = 0
    for state in _positions(range(8)):
        seat = state.actor
        view = observe(state, seat)
        legal = legal_moves(state)
        first = ranked_moves(view, legal)[0][1]
        memo: dict[tuple[object, ...], Action] = {}
        unseen = unseen_cards(view)
        rng = random.Random(seat)
        for _ in range(4):
            world = sample_state(view, rng, legal, None, unseen)
            try:
                after, _ = apply(world, first)
            except IllegalAction:
                continue
            fresh, steps = finish_turn(after, seat)
            again, _ = finish_turn(after, seat, memo=memo)
            assert again == fresh
            played += steps
        remembered += len(memo)
    assert played > 0
    assert remembered < played  # most moves came from the memo


def test_playouts_skip_the_recheck_and_reach_the_same_states() -> None:
    """The rollout policy's moves are legal (``apply`` would refuse them otherwise), so
    ``advance`` may play them: both reach the same position, move by move."""
    compared = 0
    for state in _positions(range(6), turns=6):
        view = observe(state, state.actor)
        world = sample_state(view, random.Random(1), legal_moves(state))
        fast, steps = playout(world, random.Random(7), world.turn + 12)
        rng = random.Random(7)
        slow = world
        for _ in range(steps):
            action = rollout_action(slow, rng)
            assert action is not None
            slow, _ = apply(slow, action)
        assert fast == slow
        compared += steps
    assert compared > 50


def test_later_worlds_apply_the_candidates_without_the_recheck_alike() -> None:
    """Issue 16: a move's legality reads only what the player's view shows, so a move legal
    in the position is legal in every world sampled from its view, and ``advance`` (no
    re-check) reaches the state ``apply`` reaches; a search whose later worlds skip the check
    values every candidate as one that checks every world."""
    compared = 0
    for state in _positions(range(6), turns=6):
        seat = state.actor
        view, legal = observe(state, seat), legal_moves(state)
        for seed in range(3):
            world = sample_state(view, random.Random(seed), legal)
            for move in legal:
                assert why_illegal(world, move) is None
                assert advance(world, move) == apply(world, move)[0]
                compared += 1
        moves = legal[:3]
        bot, again = HardBot(seat, "checked"), HardBot(seat, "checked")
        world = sample_state(view, random.Random(9), legal)
        checked = again._world_values(world, moves, view.side, 4, checked=True)
        assert bot._world_values(world, moves, view.side, 4) == checked
    assert compared > 100


def test_the_playouts_cut_before_the_solver_says_no_only_where_no_way_out_exists() -> None:
    """C-MELD-2, C-OUT-2, SAM-11: the playouts ask the going-out solver only where
    ``going_out.surely_stuck`` (two lone naturals no meld takes, whichever way the side's
    sequences end) leaves a way out; wherever that cut says no, the solver says no too, in
    every family of rules the rollout plays (books and the final discard have no cut)."""
    cut = 0
    for name in ("classic-4", "samba", "bolivia", "brazilian", "cuban", "caliente",
                 "italian", "modern-american", "hand-and-foot", "classic-2"):  # fmt: skip
        rules = preset(name)
        for seed in range(3):
            state = new_hand(rules, f"cut:{name}:{seed}", seed % rules.players)
            rng = random.Random(seed)
            for _ in range(400):
                if state.phase is Phase.OVER:
                    break
                if state.phase is Phase.PLAY and len(state.hands[state.current]) >= 2:
                    groups = HandGroups(state.hands[state.current])
                    if not rollout._could_go_out(state, groups):
                        assert not can_go_out(state), (name, seed, state.turn)
                        cut += 1
                action = rollout_action(state, rng)
                if action is None:
                    break
                state = advance(state, action)
    assert cut > 100


def test_table_points_kept_per_melds_answer_for_the_rules_asked() -> None:
    """C-SCORE: a side's banked points (cards and canasta bonuses) are kept per melds tuple
    for the playouts, and the same tuple read under rules with another bonus is priced by
    those rules, not by the answer kept."""
    king = RANK_CHARS.index("K")
    kings = tuple(make_uid(king, suit, copy) for copy in (0, 1) for suit in range(4))[:7]
    melds = (TableMeld(mid=0, key=king, cards=kings, naturals=7, wilds=0),)
    classic = preset("classic-4")
    richer = replace(classic, natural_canasta_bonus=900)
    assert table_points(classic, melds) == 7 * 10 + 500
    assert table_points(richer, melds) == 7 * 10 + 900
    assert table_points(classic, melds) == 7 * 10 + 500
    assert table_points(classic, list(melds)) == 7 * 10 + 500  # (a list is read afresh)


def test_playouts_take_the_pile_where_medium_would() -> None:
    """The playouts' opponents are Medium's stand-ins: at a draw where the pile may be taken
    the fast policy takes it (or draws) as Medium does, so the danger of Hard's discard is
    judged against the opponent it meets (issue 16)."""
    rules = preset("classic-4")
    compared = takes = 0
    for seed in range(6):
        state = new_hand(rules, f"pile:{seed}", 0)
        bots = [make_bot("medium", s, seed) for s in range(4)]
        while state.phase is not Phase.OVER:
            seat = state.actor
            legal = legal_moves(state)
            view = observe(state, seat)
            move = bots[seat].choose(view, legal)
            if state.phase is Phase.DRAW and any(isinstance(m, TakePile) for m in legal):
                ranked = ranked_moves(view, legal)
                mine = rollout_action(state, random.Random(seed))
                assert dict((m, s) for s, m in ranked)[mine] == ranked[0][0]  # ties aside
                compared += 1
                takes += isinstance(move, TakePile)
            state, _ = apply(state, move)
    assert 0 < takes < compared  # both kinds of choice were met


def test_playouts_meld_a_last_wild_card_they_may_not_discard() -> None:
    """C-OUT-5, O-WILD-MELDS (Cuban): a side with no canasta holds one card, a two, and its
    wild-card meld of six waits for it. ``meld_all`` offers the two to the jacks (refused:
    while the wild meld is incomplete wild cards go only there), and discarding the last card
    is refused too: the playout must lay the two on the wild meld (the wild canasta that
    takes the side out), not discard it (met in Hard's playouts once they took piles as
    Medium does)."""
    rules = preset("cuban")
    two, jack = RANK_CHARS.index("2"), RANK_CHARS.index("J")
    jacks = tuple(make_uid(jack, suit % 4, suit // 4) for suit in range(5))
    wilds = (*(make_uid(two, suit % 4, suit // 4) for suit in range(5)), make_uid(JOKER, 0, 1))
    last = make_uid(two, 1, 1)
    start = new_hand(rules, 1, 2)
    melds = (TableMeld(0, jack, jacks, 5, 0), TableMeld(1, WILD_KEY, wilds, 0, 6))
    state = evolve(
        start,
        phase=Phase.PLAY,
        current=0,
        drew=DrawKind.PILE,
        hands=((last,), *start.hands[1:]),
        melds=(melds, ()),
        next_mid=2,
    )
    assert why_illegal(state, Discard(0, last)) is not None
    move = rollout_action(state, random.Random(0))
    assert move == Meld(0, add=((1, (last,)),))
    assert why_illegal(state, move) is None


def _play_positions(seeds: range) -> list[State]:
    """Every play-phase position of classic-4 Medium self-play hands with a choice to make."""
    rules = preset("classic-4")
    out = []
    for seed in seeds:
        state = new_hand(rules, f"reserve:{seed}", seed % 4)
        bots = [make_bot("medium", s, seed) for s in range(4)]
        while state.phase is not Phase.OVER:
            seat = state.actor
            legal = legal_moves(state)
            if state.phase is Phase.PLAY and len(legal) > 1:
                out.append(state)
            state, _ = apply(state, bots[seat].choose(observe(state, seat), legal))
    return out


def _below_reserve(state: State, move: Action) -> bool:
    """Does ``move`` leave fewer than Medium's reserve of cards in a side without a canasta
    and complete none?"""
    if not isinstance(move, Meld):
        return False
    side = state.side_of(state.actor)
    left = len(state.hands[state.actor]) - len(move.cards())
    view = observe(state, state.actor)
    return (
        left < reserve_cards(view)
        and state.canastas(side) == 0
        and completes_canastas(view, move)[0] == 0
    )


def _charged(state: State, move: Action) -> bool:
    """``_below_reserve`` where Medium charges the reserve (``hand_reserve_cost``: not when
    an opponent is about to go out or the stock is out)."""
    view = observe(state, state.actor)
    if not isinstance(move, Meld) or hand_reserve_cost(view, move, read_situation(view)) <= 0:
        return False
    return _below_reserve(state, move)


def test_hard_searches_no_meld_below_the_reserve_against_mediums_hold(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 16 (melding.hand_reserve_cost): where Medium holds its cards in the classic
    pile fight (its choice is no meld), Hard searches no meld that Medium charges for taking
    the hand below the reserve without completing a canasta (one-round playouts preferred
    such melds in a third of the decisions where they overruled Medium). Without the rule
    they are searched."""
    positions = _play_positions(range(6))
    searched = {True: 0, False: 0}
    for respect in (True, False):
        monkeypatch.setattr(hard, "RESPECT_RESERVE", respect)
        for state in positions:
            view, legal = observe(state, state.actor), legal_moves(state)
            ranked = ranked_moves(view, legal)
            if isinstance(ranked[0][1], Meld):
                continue
            candidates = hard.pick_candidates(view, legal, ranked, hard.VALUE_CANDIDATES)
            searched[respect] += sum(_charged(state, move) for move in candidates)
    assert searched[True] == 0
    assert searched[False] > 0


def test_playouts_keep_the_reserve_in_the_pile_fight(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 16: the playouts' melds hold Medium's reserve as Medium does (a side with no
    canasta keeps ``pile_fight_reserve`` cards while the stock lasts, unless the batch
    completes a canasta); with a reserve of none the same positions meld below it."""
    held = 0
    for state in _play_positions(range(6)):
        if not state.melds[state.side_of(state.actor)] or len(state.stock) < 8:
            continue
        batch = rollout._natural_batch(state, HandGroups(state.hands[state.current]))
        if batch is not None:
            assert not _below_reserve(state, batch)
            continue
        with monkeypatch.context() as patch:
            patch.setattr(rollout, "pile_fight_reserve", lambda *_: 0)
            loose = rollout._natural_batch(state, HandGroups(state.hands[state.current]))
        held += loose is not None and _below_reserve(state, loose)
    assert held > 0


def _finished_hand() -> State:
    """A classic-4 hand of Medium self-play played to its end (a side went out)."""
    state = new_hand(preset("classic-4"), "match-end", 0)
    bots = [make_bot("medium", s, "match-end") for s in range(4)]
    while state.phase is not Phase.OVER:
        seat = state.actor
        state, _ = apply(state, bots[seat].choose(observe(state, seat), legal_moves(state)))
    return state


def test_a_playout_that_ends_the_match_is_valued_by_who_won_it() -> None:
    """C-GAME-1, C-GAME-2 (``match.match_outcome``): where a playout's hand ends the match,
    Hard values it by the winner alone, whatever the hand's points; where the match goes on,
    by the points."""
    final = _finished_hand()
    totals = score_hand(final).totals
    points = hard.playout_value(final, 0, learned=True)
    assert points == totals[0] - totals[1]
    target = final.rules.target
    # side 0 ahead at the end of the match, then side 1 ahead by one point
    ahead = evolve(final, scores=(target - totals[0], target - totals[1] - 1))
    behind = evolve(final, scores=(target - totals[0], target - totals[1] + 1))
    going_on = evolve(final, scores=(0, 0))
    for learned in (True, False):
        assert hard.playout_value(ahead, 0, learned) == hard.MATCH_WIN
        assert hard.playout_value(ahead, 1, learned) == -hard.MATCH_WIN
        assert hard.playout_value(behind, 0, learned) == -hard.MATCH_WIN
        assert hard.playout_value(going_on, 0, learned) == hard.playout_value(final, 0, learned)


def _holds_against_the_match(rules: Rules) -> list[tuple[State, list[Action]]]:
    """Positions of full Medium self-play matches where Medium holds on although it could go
    out, because going out would end the match with the opponents in front
    (``goingout.go_out_or_hold``: the opponents' table takes them past the target)."""
    found = []

    def look(state: State) -> None:
        if state.phase is not Phase.PLAY:
            return
        view, legal = observe(state, state.actor), legal_moves(state)
        if not any(score <= HOLD / 2 for score, _ in ranked_moves(view, legal)):
            return  # (not a hold where Medium could go out)
        ours = view.scores[view.side] + table_points(rules, view.melds[view.side]) + 100
        theirs = max(
            view.scores[side] + table_points(rules, view.melds[side])
            for side in range(rules.sides)
            if side != view.side
        )
        if theirs >= rules.target and ours < theirs:
            found.append((state, legal))

    for game in range(8):
        match = Match.start(rules, f"ep:{game}")
        bots = {seat: MediumBot(seat, f"{game}:{seat}") for seat in range(rules.players)}
        while not match.over:
            match = match.record(play_hand(match.deal(), bots, on_state=look).final)
    return found


def test_hard_does_not_go_out_into_a_lost_match(monkeypatch: pytest.MonkeyPatch) -> None:
    """C-GAME-1 (``hard.playout_value``): where going out would end the match with the
    opponents in front, Hard holds on like Medium. Valued by the hand's points alone, the
    search went out there (the 200-odd points of going out beat holding on)."""
    positions = _holds_against_the_match(preset("classic-4"))
    assert len(positions) >= 5
    ended: dict[bool, int] = {}
    for aware in (True, False):
        monkeypatch.setattr(hard, "MATCH_AWARE", aware)
        ended[aware] = 0
        for state, legal in positions:
            ticks = itertools.count(0.0, 0.001)
            bot = HardBot(state.actor, "match", budget=0.03, clock=ticks.__next__)
            move = bot.choose(observe(state, state.actor), legal)
            ended[aware] += apply(state, move)[0].phase is Phase.OVER
    assert ended[True] == 0
    assert ended[False] > 0
