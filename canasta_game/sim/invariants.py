"""Checks that must hold at every step of every hand; the self-play tests run them all.

Each check returns a list of violations (empty when fine), so the simulator can count them
and the tests can print exactly what broke.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from canasta_game.engine.actions import Action
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
    cards = [*state.stock, *state.pile]
    for hand in state.hands:
        cards += hand
    for side in state.melds:
        for meld in side:
            cards += meld.cards
    for threes in state.bonus_threes:
        cards += threes
    for foot in state.feet:  # HF-3
        cards += foot
    for played in state.calientes_played:  # CAL-2
        cards += played
    for packet in state.talons:  # MAC-28
        cards += packet
    cards.sort()
    if cards == _sorted_pack(state.rules):  # the fast test; the counts below name the fault
        return []
    seen = Counter(cards)
    expected = Counter(pack(state.rules))
    extra = seen - expected
    missing = expected - seen
    return [
        f"cards out of place: extra {sorted(card_text(c) for c in extra.elements())}, "
        f"missing {sorted(card_text(c) for c in missing.elements())}"
    ]


def _sorted_pack(rules: Rules) -> list[int]:
    """The pack of ``rules`` sorted, once per Rules value (every step of every hand asks); kept
    in ``rules.memo`` so that no step hashes the whole Rules value."""
    found: list[int] | None = rules.memo.get(_PACK_MEMO)
    if found is None:
        found = rules.memo[_PACK_MEMO] = sorted(pack(rules))
    return found


#: ``rules.memo`` keys: the rules' pack sorted, and what each meld seen so far under them is
#: (a meld's cards do not change while it stays on the table, and a hand checks its melds at
#: every step).
_PACK_MEMO = "invariants.sorted_pack"
_KINDS_MEMO = "invariants.meld_kinds"
_KINDS_LIMIT = 50_000

MeldKinds = dict[TableMeld, "tuple[int, int, int] | Reason"]


def _meld_kinds(rules: Rules) -> MeldKinds:
    """The remembered ``_classify_meld`` answers under ``rules`` (emptied when it grows big)."""
    kinds: MeldKinds | None = rules.memo.get(_KINDS_MEMO)
    if kinds is None or len(kinds) >= _KINDS_LIMIT:
        kinds = rules.memo[_KINDS_MEMO] = {}
    return kinds


def _meld_kind(rules: Rules, kinds: MeldKinds, meld: TableMeld) -> tuple[int, int, int] | Reason:
    """``_classify_meld`` of this exact meld, remembered in ``kinds`` (same rules, same cards:
    same answer)."""
    found = kinds.get(meld)
    if found is None:
        found = kinds[meld] = _classify_meld(rules, meld)
    return found


def _classify_meld(rules: Rules, meld: TableMeld) -> tuple[int, int, int] | Reason:
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
        # MAC-8: a three drawn as the stock's last card ends the hand in its drawer's hand
        over = state.phase is Phase.OVER and state.rules.last_three_in_hand
        held = sum(1 for c in hand if state.rules.is_bonus_three(c))
        # MAC-7: one three kept before the side melds (or left with no stock to replace it)
        kept = state.rules.keep_three and (not state.melds[state.side_of(seat)] or not state.stock)
        if held > (1 if kept else 0) and state.turn > 0 and not over:
            problems.append(f"seat {seat} holds a bonus three")
        if not hand and state.phase is not Phase.OVER and not state.has_foot(seat):
            problems.append(f"seat {seat} has no cards while the hand goes on")
    for side, threes in enumerate(state.bonus_threes):
        set_aside = state.rules.b3_set_aside  # CUB-8: black threes of a taken pile
        if any(
            not IS_RED_THREE[c] and not state.rules.is_bonus_three(c) and not set_aside
            for c in threes
        ):
            problems.append(f"side {side} has a three laid out that is no bonus card")
    kinds = _meld_kinds(state.rules)
    for side, melds in enumerate(state.melds):
        for meld in melds:
            kind = _meld_kind(state.rules, kinds, meld)
            if isinstance(kind, Reason):
                problems.append(f"side {side} meld {meld.mid} is illegal: {kind}")
            elif not isinstance(kind, Reason) and kind != (meld.key, meld.naturals, meld.wilds):
                problems.append(f"side {side} meld {meld.mid} has wrong counts")
    return problems


def moves_legal(state: State) -> list[str]:
    """A legal action exists until the hand ends, and every generated one is legal."""
    moves = legal_moves(state)
    _CHECKED[:] = [state, moves]
    if state.phase is Phase.OVER:
        return []
    if not moves:
        return [f"no legal move in phase {state.phase.value} for seat {state.actor}"]
    found = ((m, why_illegal(state, m)) for m in moves)
    return [f"generated move is illegal: {m} ({why})" for m, why in found if why]


#: The position ``moves_legal`` checked last and the moves it checked, so that the play loop
#: plays from exactly that list instead of generating it a second time.
_CHECKED: list[Any] = [None, []]


def checked_moves(state: State) -> list[Action]:
    """The generated moves of ``state``: the list ``moves_legal`` just checked, if it was
    this very position, else generated now."""
    if _CHECKED[0] is state:
        return list(_CHECKED[1])
    return legal_moves(state)


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
        for packet in state.talons:  # MAC-28: the packets set aside, face down
            hidden.update(packet)
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
