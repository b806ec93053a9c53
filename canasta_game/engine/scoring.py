"""Hand scoring with a line-by-line breakdown per side (RULES.md 2.13 and the options).

The score dialog shows exactly these lines, so each one carries a stable key (for the
translation) and its points; the total is their sum by construction.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from canasta_game.engine import caliente, mac
from canasta_game.engine.acaba import ACABA_END, acaba_points
from canasta_game.engine.cards import IS_BLACK_THREE, IS_RED_THREE, SEQUENCE_KEY, VALUE_OF
from canasta_game.engine.cuban import set_aside_points
from canasta_game.engine.handfoot import caught_red_threes, foot_cards
from canasta_game.engine.italian import red_three_sign
from canasta_game.engine.meldrules import (
    CanastaKind,
    canasta_class,
    canasta_kind,
    meld_bonus,
)
from canasta_game.engine.state import State

LINE_TEXT: dict[str, str] = {
    "special_hand": "Special hand",
    "melded_cards": "Melded cards",
    "natural_canastas": "Natural canastas",
    "ace_canastas": "Natural canastas of aces",
    "seven_canastas": "Natural canastas of sevens",
    "mixed_canastas": "Mixed canastas",
    "wild_canastas": "Wild-card canastas",
    "joker_canastas": "Four-joker canastas",
    "deuce_canastas": "Canastas of seven twos",
    "natural_ace_canastas": "Natural canastas of aces",
    "mixed_ace_canastas": "Mixed canastas of aces",
    "pure_twos_canastas": "Canastas of 2s only (Pinellata)",
    "jokers_canastas": "Canastas of jokers (Toro Seduto)",
    "five_clean_canastas": "Five natural canastas",
    "pay_double": "Paying double: closed out before opening",
    "sequence_canastas": "Sequence canastas",
    "red_threes": "Red threes",
    "black_threes": "Black threes",
    "black_threes_bonus": "Black threes laid out",
    "black_threes_set_aside": "Black threes set aside",
    "going_out": "Going out",
    "concealed": "Going out concealed",
    "concealed_canastas": "Canastas laid from hand",
    "exact_deal": "Exact deal",
    "wild_meld_penalty": "Incomplete wild-card meld",
    "open_aces_penalty": "Incomplete meld of aces",
    "open_sevens_penalty": "Incomplete meld of sevens",
    "short_sequences": "Short sequences",
    "aces_in_hand": "3+ aces left in a hand",
    "sevens_in_hand": "3+ sevens left in a hand",
    "black_threes_in_hand": "Black threes left in hand",
    "hand_penalty": "Cards left in hand",
    "acaba_declared": "Acaba declared",
    "acaba_opponents": "The opponents declared Acaba",
    "clean_books": "Clean books",
    "dirty_books": "Dirty books",
    "wild_books": "Wild books",
    "red_threes_caught": "Red threes caught in hand or foot",
    "foot_penalty": "Cards left in the foot",
    "calientes_played": "Calientes played",
    "calientes_in_hand": "Calientes in hand: penalty x2 or x3",
}

#: HF-19: Hand and Foot calls its canastas books; (kind, line key) in the order shown.
_BOOK_LINES = (
    (CanastaKind.NATURAL, "clean_books"),
    (CanastaKind.MIXED, "dirty_books"),
    (CanastaKind.WILD, "wild_books"),
)


@dataclass(frozen=True, slots=True)
class ScoreLine:
    key: str
    points: int
    count: int = 0  # how many canastas/threes the line counts, for the dialog

    @property
    def label(self) -> str:
        return LINE_TEXT[self.key]


@dataclass(frozen=True, slots=True)
class SideScore:
    side: int
    lines: tuple[ScoreLine, ...]

    @property
    def total(self) -> int:
        return sum(line.points for line in self.lines)


@dataclass(frozen=True, slots=True)
class HandScore:
    sides: tuple[SideScore, ...]
    reason: str  # how the hand ended

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(s.total for s in self.sides)


def _hand_value(state: State, cards: tuple[int, ...]) -> int:
    """C-SCORE-6; with BOL-10 the black threes are a line of their own."""
    b3 = 0 if state.rules.b3_hand_penalty else state.rules.b3_hand
    return sum(b3 if IS_BLACK_THREE[c] else VALUE_OF[c] for c in cards)


def _variant_lines(state: State, side: int) -> list[ScoreLine]:
    """BRA-8 (short sequences) and BOL-10 (black threes left in hand), each its own line."""
    rules = state.rules
    lines: list[ScoreLine] = []
    if rules.short_sequence_penalty:
        short = sum(
            1
            for m in state.melds[side]
            if m.key >= SEQUENCE_KEY and m.size < rules.short_sequence_below
        )
        if short:
            lines.append(ScoreLine("short_sequences", -short * rules.short_sequence_penalty, short))
    if rules.b3_hand_penalty:
        held = sum(1 for s in rules.side_seats[side] for c in state.hands[s] if IS_BLACK_THREE[c])
        if held:
            lines.append(ScoreLine("black_threes_in_hand", -held * rules.b3_hand_penalty, held))
    if rules.r3_caught:
        caught = caught_red_threes(state, side)
        if caught:
            lines.append(ScoreLine("red_threes_caught", -caught * rules.r3_caught, caught))
    if rules.calientes:  # CAL-2, CAL-4
        lines.extend(
            ScoreLine(key, points, count)
            for key, points, count in caliente.score_lines(
                state, side, lambda hand: _hand_value(state, hand)
            )
        )
    foot = foot_cards(state, side)
    if foot:  # HF-22: an unplayed foot counts against the side (its red threes above)
        cost = sum(rules.hand_cost[c] for c in foot if not IS_RED_THREE[c])
        lines.append(ScoreLine("foot_penalty", -cost, len(foot)))
    return lines


def _threes_sign(state: State, side: int) -> int:
    """C-SCORE-5: bonus threes count plus once the side melded, else minus; SAM-29 / BRA-10:
    plus only with that many canastas; HF-21: each one laid out counts plus; IT-24: signed by
    the kinds of canasta made."""
    if state.rules.r3_each:
        return 1  # HF-21
    if state.rules.r3_italian:
        return red_three_sign(state.melds[side])
    need = state.rules.r3_plus_canastas
    plus = state.canastas(side) >= need if need else bool(state.melds[side])
    return 1 if plus else -1


#: The order of the canasta lines in the breakdown.
_CANASTA_LINES = (
    "natural_canastas",
    "mixed_canastas",
    "natural_ace_canastas",
    "mixed_ace_canastas",
    "pure_twos_canastas",
    "wild_canastas",
    "jokers_canastas",
    "sequence_canastas",
)


def _canasta_lines(state: State, side: int) -> list[ScoreLine]:
    """C-SCORE-2 and IT-21: one line per kind of canasta bonus (HF-19: books), and IT-21's
    five clean canastas (natural ones, aces included) as a line of its own. Each canasta
    earns ``meld_bonus`` (CUB-5's wild canastas by their cards)."""
    rules = state.rules
    melds = state.melds[side]
    if rules.books_closed:
        kinds = Counter(canasta_kind(m) for m in melds)
        return [
            ScoreLine(key, sum(meld_bonus(rules, m) for m in melds if canasta_kind(m) is kind), n)
            for kind, key in _BOOK_LINES
            if (n := kinds[kind])
        ]
    classes = Counter(canasta_class(rules, m) for m in melds)
    lines = []
    for key in _CANASTA_LINES:
        if classes[key]:
            bonus = sum(meld_bonus(rules, m) for m in melds if canasta_class(rules, m) == key)
            lines.append(ScoreLine(key, bonus, classes[key]))
    clean = sum(1 for m in melds if canasta_kind(m) is CanastaKind.NATURAL)
    if rules.five_clean_bonus and clean >= 5:
        lines.append(ScoreLine("five_clean_canastas", rules.five_clean_bonus, clean))
    return lines


def _pay_double(state: State, side: int, in_hand: int) -> list[ScoreLine]:
    """IT-23: a side that had not opened when the other side closed pays its cards twice
    (ENG: the second time is this line)."""
    end = state.end
    closed_by_other = end is not None and end.seat is not None and state.side_of(end.seat) != side
    if state.rules.pay_double and closed_by_other and not state.melds[side] and in_hand:
        return [ScoreLine("pay_double", -in_hand)]
    return []


def _acaba_score(state: State) -> HandScore:
    """BRIT-1: the declaring side scores 0 and every other side 1500; nothing else counts."""
    sides = []
    for side in range(state.rules.sides):
        points = acaba_points(state, side)
        key = "acaba_opponents" if points else "acaba_declared"
        sides.append(SideScore(side, (ScoreLine(key, points),)))
    return HandScore(tuple(sides), ACABA_END)


def _going_out_lines(state: State, side: int, lines: list[ScoreLine]) -> None:
    """C-SCORE-3, C-SCORE-4 (MAC-37: 100, no concealed bonus) for the side that went out."""
    rules, end = state.rules, state.end
    if end is None or end.seat is None or state.side_of(end.seat) != side:
        return
    if end.reason != "went_out":
        return
    bonus = rules.out_bonus
    if end.black_threes and rules.out_b3_bonus is not None:
        bonus = rules.out_b3_bonus  # CZH-7: closing with black threes replaces the 100
    lines.append(ScoreLine("going_out", bonus))
    if end.concealed and rules.conc_bonus:  # SAM-24: none in Samba
        lines.append(ScoreLine("concealed", rules.conc_bonus))


def _mac_lines(state: State, side: int) -> list[ScoreLine]:
    """V-MAC: every canasta kind of MAC-36, the threes of MAC-38/39 and MAC-41/42's
    penalties, each its own line (MAC-40, MAC-43 are the common lines)."""
    kinds: Counter[str] = Counter()
    bonus: Counter[str] = Counter()
    for meld in state.melds[side]:
        line = mac.canasta_line(meld)
        if line is not None:
            kinds[line[0]] += 1
            bonus[line[0]] += line[1]
    lines = [ScoreLine(key, bonus[key], count) for key, count in kinds.items()]
    sign = mac.threes_sign(state.canastas(side))
    threes = state.bonus_threes[side]
    for key, is_colour in (("red_threes", IS_RED_THREE), ("black_threes", IS_BLACK_THREE)):
        count = sum(1 for c in threes if is_colour[c])
        if count:
            lines.append(ScoreLine(key, sign * mac.threes_amount(count), count))
    lines.extend(
        ScoreLine(key, points, count) for key, points, count in mac.penalty_lines(state, side)
    )
    return lines


def _special_score(state: State, side: int) -> SideScore | None:
    """MAC-34: the side that laid a special hand scores its value alone."""
    end = state.end
    if end is None or not end.special or end.seat is None or state.side_of(end.seat) != side:
        return None
    value = mac.SPECIAL_VALUES[state.rules.special_hands][end.special]
    return SideScore(side, (ScoreLine("special_hand", value),))


def score_hand(state: State) -> HandScore:
    """C-SCORE-1..7 for a finished hand (or the current position, for a running tally)."""
    rules = state.rules
    end = state.end
    if end is not None and end.reason == ACABA_END:
        return _acaba_score(state)
    sides: list[SideScore] = []
    for side in range(rules.sides):
        special = _special_score(state, side)
        if special is not None:
            sides.append(special)
            continue
        melds = state.melds[side]
        lines: list[ScoreLine] = []
        base = 0
        for meld in melds:
            if meld.is_black_threes and rules.b3_meld4 and meld.size == 4:
                base += 100  # O-B3-MELD4
            else:
                base += sum(VALUE_OF[c] for c in meld.cards)
        has_canasta = any(m.is_canasta and not m.is_black_threes for m in melds)
        in_hand = sum(_hand_value(state, state.hands[s]) for s in rules.side_seats[side])
        if rules.no_canasta_subtracts_all and not has_canasta:
            base = -base  # CZH-8: a side without a canasta subtracts everything
        lines.append(ScoreLine("melded_cards", base))
        if rules.mac_scoring:
            lines.extend(_mac_lines(state, side))
            _going_out_lines(state, side, lines)
            lines.append(ScoreLine("hand_penalty", -in_hand))
            sides.append(SideScore(side, tuple(lines)))
            continue
        lines.extend(_canasta_lines(state, side))
        red = [c for c in state.bonus_threes[side] if IS_RED_THREE[c]]
        black = [c for c in state.bonus_threes[side] if IS_BLACK_THREE[c]]
        sign = _threes_sign(state, side)
        if black and rules.b3_set_aside:  # CUB-8: always plus, its own table
            points = set_aside_points(rules, len(black))
            lines.append(ScoreLine("black_threes_set_aside", points, len(black)))
            black = []
        for key, threes in (("red_threes", red), ("black_threes_bonus", black)):
            if threes:
                amount = rules.bonus_three_amount(len(threes))
                lines.append(ScoreLine(key, sign * amount, len(threes)))
        _going_out_lines(state, side, lines)
        if rules.conc_canasta and state.concealed_canastas[side]:
            count = state.concealed_canastas[side]
            lines.append(ScoreLine("concealed_canastas", count * rules.conc_canasta_bonus, count))
        if state.exact_deal_side == side:
            lines.append(ScoreLine("exact_deal", rules.deal_exact_bonus))
        if rules.wild_penalty and any(m.is_wild_meld and not m.is_canasta for m in melds):
            lines.append(ScoreLine("wild_meld_penalty", -rules.wild_penalty_points))
        lines.extend(_variant_lines(state, side))
        lines.append(ScoreLine("hand_penalty", -in_hand))
        lines.extend(_pay_double(state, side, in_hand))
        sides.append(SideScore(side, tuple(lines)))
    return HandScore(tuple(sides), end.reason if end is not None else "running")
