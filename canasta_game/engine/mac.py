"""Modern American Canasta (VARIANTS.md section 4, V-MAC): the rules no other game has.

Each check is small, named after its rule and switched by a field of ``Rules`` (so another
preset may borrow one), and returns ``reason("MAC-n", key, **values)``. ``game``, ``take``,
``turn`` and ``scoring`` call them at the one place each rule applies: melding (a meld never
over 7 cards, dead ranks, the rule of five, pure sevens and aces), the opening (the clean
triple, no mixed canasta, O-MAC-SPLASH), discarding (SWAD), the talon, going out and the
special hands of the CLA list.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from canasta_game.engine.actions import Meld
from canasta_game.engine.cards import (
    ACE,
    IS_BLACK_THREE,
    IS_RED_THREE,
    IS_WILD,
    JOKER,
    RANK_OF,
    THREE,
    TWO,
    VALUE_OF,
    WILD_KEY,
)
from canasta_game.engine.reasons import Reason, reason
from canasta_game.engine.rules import Rules
from canasta_game.engine.state import State, TableMeld

SEVEN = 5  # rank index of the seven (2 is 0)

# --- the turn card and the talon (MAC-4, MAC-26, MAC-27) -------------------------------


def turn_card_in_stock(rules: Rules, stock_size: int) -> bool:
    """MAC-4: the turn card (``turn_card``-th from the bottom) has not been drawn yet."""
    return bool(rules.turn_card) and stock_size >= rules.turn_card


def cards_above_turn_card(rules: Rules, stock_size: int) -> int | None:
    """MAC-4: how many stock cards lie above the turn card (None: none is left / no turn card)."""
    if not turn_card_in_stock(rules, stock_size):
        return None
    return stock_size - rules.turn_card


def talon_waiting(rules: Rules, melds: Sequence[Sequence[TableMeld]], stock_size: int) -> int:
    """MAC-26, MAC-27: the talon on top of the stock that the next side to open from hand
    takes: 4 while nobody has opened, 3 once one side has, none once every side has or the
    turn card is drawn."""
    if not rules.talon_first or not turn_card_in_stock(rules, stock_size):
        return 0
    opened = sum(1 for side in melds if side)
    if opened == len(melds):
        return 0
    return rules.talon_second if opened else rules.talon_first


def talon_size(state: State, side: int) -> int:
    """MAC-26, MAC-27: the talon the player who just opened from hand takes after discarding:
    4 for the first side to open, 3 for the second, none after a pick or the turn card."""
    rules = state.rules
    if not rules.talon_first or rules.talon == "NONE":
        return 0
    melds = state.melds[side]
    opened_now = bool(melds) and all(m.mid in state.turn_new_mids for m in melds)
    if not opened_now:
        return 0
    if rules.talon == "PREDEALT":  # MAC-28: the packet is the side's however it opened (ENG)
        return len(state.talons[packet_index(state, side)]) if state.talons else 0
    if state.took_pile_closed or not turn_card_in_stock(rules, len(state.stock)):
        return 0  # MAC-27
    return (rules.talon_first, rules.talon_second)[packet_index(state, side)]


def packet_index(state: State, side: int) -> int:
    """MAC-26, MAC-28: 0 for the first side to open (4 cards), 1 for the second (3)."""
    return int(any(state.melds[s] for s in range(state.rules.sides) if s != side))


# --- the three kept for a Straight (MAC-7) ----------------------------------------------


def may_keep_three(state: State, seat: int, hand: Iterable[int]) -> bool:
    """MAC-7: a three arriving now stays in ``hand``: the side has not melded and the hand
    holds no three yet (never more than one)."""
    rules = state.rules
    if not rules.keep_three or state.melds[rules.seat_side[seat]]:
        return False
    return not any(RANK_OF[c] == THREE for c in hand)


def lays_three(rules: Rules, action: Meld) -> bool:
    """MAC-7: a "meld" of one three alone lays the kept three out (it is replaced)."""
    if not rules.keep_three or action.add or len(action.new) != 1 or len(action.new[0]) != 1:
        return False
    return RANK_OF[action.new[0][0]] == THREE


# --- dead ranks and single melds (MAC-15..21) -------------------------------------------


def dead_ranks(state: State) -> frozenset[int]:
    """MAC-16: the ranks of which either side completed a canasta."""
    return ranks_dead(state.rules, state.melds)


def ranks_dead(rules: Rules, melds: Sequence[Sequence[TableMeld]]) -> frozenset[int]:
    """MAC-16 from the melds on the table (wild cards are no rank: a wild canasta kills none)."""
    if not rules.dead_ranks:
        return frozenset()
    return frozenset(m.key for side in melds for m in side if m.is_canasta and m.key != WILD_KEY)


def meld_problem(
    rules: Rules, before: TableMeld | None, after: TableMeld, opening: bool, dead: frozenset[int]
) -> Reason | None:
    """MAC-15..20 for one meld started (``before`` None) or grown by an action."""
    if rules.meld_max and after.size > rules.meld_max:
        return reason(rules.meld_max_rule, "meld_max", size=rules.meld_max)  # MAC-15, CUB-4
    if after.key in dead:
        return reason("MAC-16", "rank_dead", rank=after.key)
    if after.key == WILD_KEY or not after.wilds:
        return None
    if rules.pure_sevens and after.key == SEVEN:
        return reason("MAC-19", "sevens_pure")
    if opening:
        return None
    if rules.pure_aces and after.key == ACE:
        return reason("MAC-20", "aces_pure")
    added_wilds = after.wilds - (before.wilds if before is not None else 0)
    if rules.rule_of_five and added_wilds and after.naturals < rules.rule_of_five:
        return reason("MAC-18", "rule_of_five", need=rules.rule_of_five, have=after.naturals)
    return None


def wild_room(rules: Rules, meld: TableMeld) -> int:
    """How many wild cards an open side's ``meld`` may still take under MAC-15 and
    MAC-18..20 (a large number where these rules set no limit)."""
    room = 1 << 20
    if rules.meld_max:
        room = max(0, rules.meld_max - meld.size)  # MAC-15, CUB-4
    if meld.key == WILD_KEY:
        return room
    if (rules.pure_sevens and meld.key == SEVEN) or (rules.pure_aces and meld.key == ACE):
        return 0  # MAC-19, MAC-20 (after the opening)
    if rules.rule_of_five and meld.naturals < rules.rule_of_five:
        return 0  # MAC-18
    return room


def laying_problem(
    state: State, side: int, melds: Sequence[TableMeld], opening: bool
) -> Reason | None:
    """MAC-15..20 for every meld an action starts or grows (``melds``: the side's melds after
    it). A meld the action completed is not dead for the action that completes it."""
    rules = state.rules
    if not (rules.meld_max or rules.dead_ranks or rules.rule_of_five or rules.pure_sevens):
        return None
    old = {m.mid: m for m in state.melds[side]}
    dead = dead_ranks(state)
    for meld in melds:
        before = old.get(meld.mid)
        if before is meld:
            continue
        problem = meld_problem(rules, before, meld, opening, dead)
        if problem is not None:
            return problem
    return None


# --- the opening (MAC-12, MAC-23..25) ---------------------------------------------------


def opening_problem(
    state: State, new: Sequence[TableMeld], top: int | None
) -> tuple[bool, Reason | None]:
    """(no minimum applies, why the opening is illegal): O-MAC-SPLASH, MAC-23, MAC-24.

    ``top`` is the pile's top card when the opening picks the pack: it is not part of the
    clean triple (MAC-12).
    """
    rules = state.rules
    if rules.splash and any(m.is_canasta and (m.is_natural or m.is_wild_meld) for m in new):
        return True, None  # O-MAC-SPLASH
    if rules.init_no_mixed_canasta and any(
        m.is_canasta and m.wilds and not m.is_wild_meld for m in new
    ):
        return False, reason("MAC-24", "init_mixed_canasta")
    if rules.clean_triple:
        dead = dead_ranks(state)
        triple = any(
            not m.wilds and m.key != WILD_KEY and m.key not in dead and _naturals(m, top) >= 3
            for m in new
        )
        if not triple:
            return False, reason("MAC-23", "init_clean_triple")
    return False, None


def _naturals(meld: TableMeld, top: int | None) -> int:
    return meld.naturals - (1 if top is not None and top in meld.cards else 0)


def opening_points(rules: Rules, points: int, top: int | None) -> int:
    """MAC-12: the top card of a picked pack does not count toward the minimum."""
    if top is not None and rules.pile_top_not_counted:
        return points - VALUE_OF[top]
    return points


# --- picking the pack (MAC-10, MAC-11) --------------------------------------------------


def pick_problem(state: State, wilds: int) -> Reason | None:
    """MAC-10 and MAC-16: only a natural pair goes with the top card, never of a dead rank
    (MAC-11's limit of 7 cards is MAC-15's, checked with the meld)."""
    rules = state.rules
    if rules.pile_pair_only and wilds:
        return reason("MAC-10", "pick_pair_only", rank=RANK_OF[state.pile[-1]])
    if RANK_OF[state.pile[-1]] in dead_ranks(state):
        return reason("MAC-11", "rank_dead", rank=RANK_OF[state.pile[-1]])
    return None


# --- discarding (MAC-13, MAC-14) --------------------------------------------------------


def restricted(state: State, card: int, empty_pile: bool) -> Reason | None:
    """MAC-13 and SWAD (MAC-14): why ``card`` may not be discarded now, all else being free."""
    rank = RANK_OF[card]
    if rank == THREE:
        return reason("MAC-13", "discard_three")
    if IS_WILD[card] and not empty_pile:
        return reason("MAC-13", "discard_wild")
    if empty_pile and (IS_WILD[card] or rank in (SEVEN, ACE) or rank in dead_ranks(state)):
        return reason("MAC-14", "swad", card=card)
    return None


def discard_problem(state: State, card: int, rest: tuple[int, ...]) -> Reason | None:
    """MAC-13, MAC-14 for a discard that does not go out (the final discard is face down).

    [UNSURE] in VARIANTS.md: a hand that holds only restricted cards may discard any of them
    but a three (the PG reading; README) so that no turn is left without a discard.
    """
    if not state.rules.swad:
        return None
    empty = not state.pile
    problem = restricted(state, card, empty)
    if problem is None or RANK_OF[card] == THREE:
        return problem
    if all(restricted(state, c, empty) is not None for c in rest):
        return None
    return problem


# --- going out (MAC-30, MAC-31) ---------------------------------------------------------


def open_pure_meld(state: State, side: int) -> Reason | None:
    """MAC-31: no going out with an incomplete pure-ace, sevens or wild-card meld."""
    for meld in state.melds[side]:
        if must_complete(state.rules, meld):
            return reason("MAC-31", "out_open_pure", rank=meld.key)
    return None


def must_complete(rules: Rules, meld: TableMeld) -> bool:
    """MAC-31: ``meld`` is an incomplete pure-ace, sevens or wild-card meld, which keeps its
    side from going out (and costs MAC-41's penalty if the hand ends so)."""
    if not rules.out_no_open_pure or meld.is_canasta:
        return False
    return meld.is_wild_meld or meld.key == SEVEN or (meld.key == ACE and not meld.wilds)


# --- special hands (MAC-33..35) ---------------------------------------------------------

#: MAC-33 (CLA) and MAC-35 (pagat): each special hand's value.
SPECIAL_VALUES: dict[str, dict[str, int]] = {
    "CLA": {
        "pairs": 2500,
        "wild_pairs": 2000,
        "miami_pairs": 2500,
        "zip_code": 2500,
        "straight": 3000,
        "garbage": 3000,
        "blast_off": 3000,
        "triples": 3500,
        "quads": 3500,
        "dream_hand_4": 8500,
        "dream_hand_5": 8500,
    },
    "PAGAT": {"straight": 3000, "pairs": 2500, "wild_pairs": 2000, "garbage": 2000},
}
DREAM_HANDS = frozenset({"dream_hand_4", "dream_hand_5"})
SPECIAL_SIZE = 14  # MAC-33: the 13 dealt and the card drawn


def _shape(cards: Iterable[int]) -> tuple[list[int], int, int, int]:
    """(natural group sizes largest first, wild cards, jokers, threes) of a hand."""
    naturals: Counter[int] = Counter()
    wilds = jokers = threes = 0
    for card in cards:
        rank = RANK_OF[card]
        if IS_WILD[card]:
            wilds += 1
            jokers += rank == JOKER
        elif rank == THREE:
            threes += 1
        else:
            naturals[rank] += 1
    return sorted(naturals.values(), reverse=True), wilds, jokers, threes


def _pairs_kind(cards: Sequence[int]) -> str | None:
    """Pairs (no wild), Wild Pairs (one wild pair), Miami Pairs (the twos' and jokers'
    pairs with aces and sevens): seven pairs of seven different kinds."""
    groups, wilds, jokers, threes = _shape(cards)
    if threes or any(g != 2 for g in groups):
        return None
    naturals = {RANK_OF[c] for c in cards if not IS_WILD[c]}
    if wilds == 0 and len(groups) == 7:
        return "pairs"
    twos = wilds - jokers
    if twos == 2 and jokers == 2 and len(groups) == 5 and {ACE, SEVEN} <= naturals:
        return "miami_pairs"
    if wilds == 2 and twos in (0, 2) and len(groups) == 6 and {ACE, SEVEN} <= naturals:
        return "wild_pairs"
    return None


def _groups_kind(cards: Sequence[int]) -> str | None:
    """Garbage, Blast Off, Triples, Quads, Zip Code and the Dream Hands by their shapes."""
    groups, wilds, _, threes = _shape(cards)
    if threes:
        return None
    if wilds == 0 and groups == [4, 4, 3, 3]:
        return "garbage"
    if wilds == 2 and groups in ([3, 3, 3, 3], [4, 4, 4]):
        return "triples" if len(groups) == 4 else "quads"
    if wilds == 4 and groups == [5, 5]:
        return "dream_hand_4"
    if wilds == 5 and groups == [5, 4]:
        return "dream_hand_5"
    # Blast Off 5-4-3-2 and Zip Code 2-2-3-3-4: wild cards may stand in for naturals.
    for kind, shape in (("blast_off", [5, 4, 3, 2]), ("zip_code", [4, 3, 3, 2, 2])):
        slots = shape[: len(groups)]
        fits = len(groups) <= len(shape) and all(g <= s for g, s in zip(groups, slots, strict=True))
        if fits and sum(shape) - sum(groups) == wilds:
            return kind
    return None


def _straight(cards: Sequence[int]) -> bool:
    """A 2 3 4 5 6 7 8 9 T J Q K and a joker, one of each."""
    ranks = sorted(RANK_OF[c] for c in cards)
    return ranks == [*range(TWO, ACE + 1), JOKER]


def special_hand(rules: Rules, cards: Sequence[int]) -> tuple[str, int] | None:
    """MAC-33, MAC-35: which special hand ``cards`` make under the rules' list, and its value."""
    values = SPECIAL_VALUES.get(rules.special_hands)
    if values is None or len(cards) != SPECIAL_SIZE:
        return None
    if any(IS_RED_THREE[c] or IS_BLACK_THREE[c] for c in cards) and not _straight(cards):
        return None
    kind = "straight" if _straight(cards) else _pairs_kind(cards) or _groups_kind(cards)
    if kind is None or kind not in values:
        return None
    return kind, values[kind]


# --- scoring (MAC-36, MAC-38..42) -------------------------------------------------------


def canasta_line(meld: TableMeld) -> tuple[str, int] | None:
    """MAC-36: the score line and bonus of one canasta."""
    if not meld.is_canasta:
        return None
    if meld.is_wild_meld:
        jokers = sum(1 for c in meld.cards if RANK_OF[c] == JOKER)
        if jokers == 0:
            return "deuce_canastas", 3000
        if jokers == 4:
            return "joker_canastas", 2500
        return "wild_canastas", 2000
    if meld.wilds:
        return "mixed_canastas", 300
    if meld.key == ACE:
        return "ace_canastas", 2500
    if meld.key == SEVEN:
        return "seven_canastas", 2500
    return "natural_canastas", 500


def threes_amount(count: int) -> int:
    """MAC-38: the threes of one colour: 1 = 100, 2 = 300, 3 = 500, 4 = 1000."""
    return (0, 100, 300, 500, 1000)[min(count, 4)]


def threes_sign(canastas: int) -> int:
    """MAC-39: none subtracts the threes, one ignores them, two or more add them."""
    return -1 if canastas == 0 else (0 if canastas == 1 else 1)


def incomplete_penalty(rules: Rules, meld: TableMeld) -> tuple[str, int]:
    """MAC-41: (score line, points lost) if ``meld`` is still incomplete when the hand ends:
    a pure-ace or sevens meld 2500, a wild-card meld 2000; ("", 0) for any other meld."""
    if not rules.mac_scoring or meld.is_canasta:
        return "", 0
    if meld.is_wild_meld:
        return "wild_meld_penalty", 2000
    if meld.key == SEVEN:
        return "open_sevens_penalty", 2500
    if meld.key == ACE and not meld.wilds:
        return "open_aces_penalty", 2500
    return "", 0


HAND_PENALTY = 1500  # MAC-42: per player left with 3+ aces, or 3+ sevens


def hand_penalty_ranks(rules: Rules) -> frozenset[int]:
    """MAC-42: the ranks of which 3+ cards left in one hand cost 1500 (aces and sevens)."""
    return frozenset({ACE, SEVEN}) if rules.mac_scoring else frozenset()


def penalty_lines(state: State, side: int) -> list[tuple[str, int, int]]:
    """MAC-41, MAC-42: (line key, points, count) of every penalty of a side."""
    out: list[tuple[str, int, int]] = []
    counts: Counter[str] = Counter()
    points: dict[str, int] = {}
    for meld in state.melds[side]:
        key, lost = incomplete_penalty(state.rules, meld)
        if lost:
            counts[key] += 1
            points[key] = lost
    for key in ("open_aces_penalty", "open_sevens_penalty", "wild_meld_penalty"):
        if counts[key]:
            out.append((key, -points[key] * counts[key], counts[key]))
    for key, rank in (("aces_in_hand", ACE), ("sevens_in_hand", SEVEN)):  # hand_penalty_ranks
        players = sum(
            1
            for seat in state.rules.side_seats[side]
            if sum(1 for c in state.hands[seat] if RANK_OF[c] == rank) >= 3
        )
        if players:
            out.append((key, -HAND_PENALTY * players, players))
    return out
