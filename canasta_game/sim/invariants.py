"""Checks that must hold at every step of every hand; the self-play tests run them all.

Each check returns a list of violations (empty when fine), so the simulator can count them
and the tests can print exactly what broke.
"""

from __future__ import annotations

from collections import Counter

from canasta_game.engine.cards import (
    IS_NATURAL,
    IS_RED_THREE,
    RANK_OF,
    SEQUENCE_KEY,
    SUIT_OF,
    card_text,
)
from canasta_game.engine.codec import state_from_dict, state_to_dict
from canasta_game.engine.game import why_illegal
from canasta_game.engine.meldrules import check_sequence, classify
from canasta_game.engine.movegen import legal_moves
from canasta_game.engine.observation import observe
from canasta_game.engine.reasons import Reason, reason
from canasta_game.engine.rules import Rules
from canasta_game.engine.scoring import score_hand
from canasta_game.engine.setup import pack
from canasta_game.engine.state import Phase, State, TableMeld


def every_card_once(state: State) -> list[str]:
    """Each physical card is in exactly one place: stock, pile, a hand, a meld or a bonus area."""
    seen: Counter[int] = Counter(state.stock)
    seen.update(state.pile)
    for hand in state.hands:
        seen.update(hand)
    for side in state.melds:
        for meld in side:
            seen.update(meld.cards)
    for threes in state.bonus_threes:
        seen.update(threes)
    for foot in state.feet:  # HF-3
        seen.update(foot)
    expected = Counter(pack(state.rules))
    if seen == expected:
        return []
    extra = seen - expected
    missing = expected - seen
    return [
        f"cards out of place: extra {sorted(card_text(c) for c in extra.elements())}, "
        f"missing {sorted(card_text(c) for c in missing.elements())}"
    ]


def _meld_kind(rules: Rules, meld: TableMeld) -> tuple[int, int, int] | Reason:
    """What the meld's cards make; an escalera grown past 7 (BRA-9) is checked as a run."""
    if meld.key >= SEQUENCE_KEY and meld.size > rules.canasta_size:
        suits = {SUIT_OF[c] for c in meld.cards}
        problem = check_sequence(rules, [RANK_OF[c] for c in meld.cards], suits)
        if problem is None and not all(IS_NATURAL[c] for c in meld.cards):
            problem = reason("SAM-10", "sequence_naturals")
        return problem or (SEQUENCE_KEY + SUIT_OF[meld.cards[0]], meld.size, 0)
    return classify(rules, meld.cards)


def hands_consistent(state: State) -> list[str]:
    problems = []
    for seat, hand in enumerate(state.hands):
        if any(state.rules.is_bonus_three(c) for c in hand) and state.turn > 0:
            problems.append(f"seat {seat} holds a bonus three")
        if not hand and state.phase is not Phase.OVER and not state.has_foot(seat):
            problems.append(f"seat {seat} has no cards while the hand goes on")
    for side, threes in enumerate(state.bonus_threes):
        if any(not IS_RED_THREE[c] and not state.rules.b3_asr3 for c in threes):
            problems.append(f"side {side} has a non-red three laid out")
    for side, melds in enumerate(state.melds):
        for meld in melds:
            kind = _meld_kind(state.rules, meld)
            if isinstance(kind, Reason):
                problems.append(f"side {side} meld {meld.mid} is illegal: {kind}")
            elif not isinstance(kind, Reason) and kind != (meld.key, meld.naturals, meld.wilds):
                problems.append(f"side {side} meld {meld.mid} has wrong counts")
    return problems


def moves_legal(state: State) -> list[str]:
    """A legal action exists until the hand ends, and every generated one is legal."""
    moves = legal_moves(state)
    if state.phase is Phase.OVER:
        return []
    if not moves:
        return [f"no legal move in phase {state.phase.value} for seat {state.actor}"]
    found = ((m, why_illegal(state, m)) for m in moves)
    return [f"generated move is illegal: {m} ({why})" for m, why in found if why]


def no_leaks(state: State) -> list[str]:
    """A PlayerView never shows another hand's unknown cards or the stock.

    What a view shows is where cards are now (hands, known cards, the pile); its list of
    discards is the public history of the hand, which under O-STOCK-RECYCLE names cards that
    went back into the stock and were drawn again, so it is compared with the state's own
    history rather than counted as showing a hidden card (issue 10 gap 6).
    """
    problems = []
    stock = set(state.stock)
    for seat in range(state.rules.players):
        view = observe(state, seat)
        hidden = set(stock)
        for foot in state.feet:  # HF-3: a face-down foot is hidden from its owner too
            hidden.update(foot)
        for other, hand in enumerate(state.hands):
            if other != seat:
                hidden.update(c for c in hand if c not in state.picked[other])
        shown = set(view.hand)
        for known in view.known:
            shown.update(known)
        shown.update(view.pile_cards)
        if view.discards != state.discards:
            problems.append(f"seat {seat}'s view of the discards differs from the hand's")
        leaked = shown & hidden
        if leaked:
            problems.append(f"seat {seat} sees hidden cards {sorted(map(card_text, leaked))}")
        if set(view.hand) != set(state.hands[seat]):
            problems.append(f"seat {seat}'s view lost its own hand")
    return problems


def json_round_trip(state: State) -> list[str]:
    again = state_from_dict(state_to_dict(state))
    return [] if again == state else ["JSON round trip changed the state"]


def scores_add_up(state: State) -> list[str]:
    score = score_hand(state)
    problems = []
    for side in score.sides:
        if side.total != sum(line.points for line in side.lines):
            problems.append(f"side {side.side} total differs from its lines")
    return problems


STEP_CHECKS = (every_card_once, hands_consistent, moves_legal, no_leaks)
