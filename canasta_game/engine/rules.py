"""Every number and switch of RULES.md in one frozen object, so variants are data.

A preset is a ``Rules`` value; every option of RULES.md section 3 is a field that can be
switched on any preset with ``dataclasses.replace`` or ``Rules.from_dict``. Fields are named
after the option IDs they implement (see ``OPTION_IDS``). Derived values (seating, the deck's
red-three count) are computed once in ``__post_init__`` because the hot loop reads them.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from canasta_game.engine.cards import (
    IS_BLACK_THREE,
    IS_CALIENTE,
    IS_RED_THREE,
    IS_WILD,
    RANK_OF,
    THREE,
    VALUE_OF,
    build_deck,
    parse_cards,
)

Tier = tuple[int | None, int, str]  # (lowest score of the tier or None for -inf, points, canasta)

CLASSIC_TIERS: tuple[Tier, ...] = ((None, 15, ""), (0, 50, ""), (1500, 90, ""), (3000, 120, ""))

_CHOICES: dict[str, tuple[str, ...]] = {
    "six_seating": ("TWO_OF_THREE", "THREE_OF_TWO"),
    "go_out_clean": ("NONE", "ONE", "BOTH"),
    "pile_conflict": ("A", "B", "C"),
    "pile_onecard": ("ALLOW", "FORBID"),
    "meld_wild": ("MAX3", "LE_NAT", "LT_NAT", "MAX2", "IT"),
    "concealed_pile": ("ALLOWED", "DISALLOWED"),
    "upcard": ("COVER_WILD_R3", "COVER_ANY3_WILD", "NO_COVER", "NONE"),  # NONE: MAC-5
    "stock_force": ("ANY", "PAGAT"),
    "r3_scale": ("FLAT", "PROGRESSIVE"),
    "init_high": ("OFF", "150", "CANASTA"),
    "tiebreak": ("DRAW", "EXTRA_HAND"),
    "special_hands": ("NONE", "CLA", "PAGAT"),
    "upcard_packet": ("NONE", "UNDER", "COUNTING"),
    "talon": ("NONE", "STOCK", "PREDEALT"),
}

#: Which RULES.md option each field implements (for the settings screen and the docs).
OPTION_IDS: dict[str, str] = {
    "six_seating": "O-SEAT6",
    "pile_nocanadd": "O-PILE-NOCANADD",
    "pile_2nat": "O-PILE-2NAT",
    "pile_conflict": "O-PILE-CONFLICT",
    "pile_frozen": "O-PILE-FROZEN",
    "pile_onecard": "O-PILE-ONECARD",
    "b3_freeze": "O-B3-FREEZE",
    "meld_wild": "O-MELD-WILD",
    "wild_melds": "O-WILD-MELDS",
    "wild_penalty": "O-WILD-PENALTY",
    "go_out_canastas": "O-OUT-Q",
    "go_out_clean": "O-OUT-CLEAN",
    "out_nowild3": "O-OUT-NOWILD3",
    "conc_bonus": "O-CONC-BONUS",
    "concealed_pile": "O-CONCEALED-PILE",
    "conc_canasta": "O-CONC-CANASTA",
    "deal_size": "O-DEAL-SIZE",
    "draw_count": "O-DRAW-K",
    "upcard": "O-UPCARD",
    "deal_exact": "O-DEAL-EXACT",
    "stock_force": "O-STOCK-FORCE",
    "stock_recycle": "O-STOCK-RECYCLE",
    "recycle_shuffle": "O-RECYCLE-SHUFFLE",
    "jokers": "O-DECK-JOKERS",
    "custom_deck": "O-DECK-7PERRANK",
    "r3_scale": "O-R3-SCALE",
    "b3_meld4": "O-B3-MELD4",
    "b3_hand": "O-B3-HAND",
    "b3_asr3": "O-B3-ASR3",
    "b3_asr3_stop": "O-B3-ASR3-STOP",
    "target": "O-TARGET",
    "init_high": "O-INIT-HIGH",
    "init_neg50": "O-INIT-NEG50",
    "tiebreak": "O-TIEBREAK",
}

#: The rule each field of the sequence family implements (VARIANTS.md sections 1-3): switches
#: of a variant's own rules, not house options of Classic, so the option tables leave them out.
VARIANT_RULE_IDS: dict[str, str] = {
    "sequences": "SAM-9",
    "no_wild_on_canasta": "SAM-15",
    "pile_closed_forbidden": "BRA-6",
    "r3_plus_canastas": "SAM-29",
    "b3_hand_penalty": "BOL-10",
    "short_sequence_penalty": "BRA-8",
    "out_needs_sequence": "BOL-9",
    "out_must_ask": "BRA-11",
    "sequence_grow_out": "BRA-9",
    # Cuban and British (VARIANTS.md section 6, RULES.md V-BRIT)
    "wild_canasta_cuban": "CUB-5",
    "r3_cuban": "CUB-6",
    "b3_first_round": "CUB-7",
    "b3_set_aside": "CUB-8",
    "acaba": "BRIT-1",
    "calientes": "CAL-1",
    "caliente_points": "CAL-2",
    # V-MAC (VARIANTS.md section 4), implemented in ``engine/mac.py``
    "turn_card": "MAC-4",
    "all_threes_bonus": "MAC-6",
    "keep_three": "MAC-7",
    "last_three_in_hand": "MAC-8",
    "pile_pair_only": "MAC-10",
    "pile_top_not_counted": "MAC-12",
    "swad": "MAC-14",
    "meld_max": "MAC-15",  # CUB-4 in Cuban (``meld_max_rule``)
    "dead_ranks": "MAC-16",
    "rule_of_five": "MAC-18",
    "pure_sevens": "MAC-19",
    "pure_aces": "MAC-20",
    "clean_triple": "MAC-23",
    "init_no_mixed_canasta": "MAC-24",
    "splash": "O-MAC-SPLASH",
    "talon_first": "MAC-26",
    "talon_second": "MAC-26",
    "talon": "MAC-28",
    "out_needs_discard": "MAC-30",
    "out_no_open_pure": "MAC-31",
    "ask_once": "MAC-32",
    "special_hands": "MAC-33",
    "mac_scoring": "MAC-36",
    # Hand and Foot (VARIANTS.md section 5)
    "foot_size": "HF-3",
    "upcard_return": "HF-5",
    "pile_take_n": "HF-7",
    "books_closed": "HF-9",
    "wild_meld_first": "HF-11",
    "deal_minimums": "HF-13",
    "fixed_deals": "HF-14",
    "book_quota": "HF-17",
    "r3_each": "HF-21",
    "r3_caught": "HF-21",
    # V-IT, Italian Canasta (RULES.md section 4 with VARIANTS.md section 7)
    "upcard_packet": "IT-4",
    "r3_before_upcard": "IT-3",
    "pile_draw": "IT-6",
    "open_before_draw": "IT-7",
    "clean_opening_below": "IT-9",
    "b3_meld": "IT-14",  # HF-12 in Hand and Foot (``b3_meld_rule``)
    "italian_pile": "IT-17",
    "out_clean_and_dirty": "IT-20",
    "out_discard": "IT-20",
    "natural_ace_bonus": "IT-21",
    "mixed_ace_bonus": "IT-21",
    "pure_twos_bonus": "IT-21",
    "jokers_canasta_bonus": "IT-21",
    "five_clean_bonus": "IT-21",
    "pay_double": "IT-23",
    "r3_italian": "IT-24",
    "target_exceed": "IT-C3",
}


#: Tuple fields written to JSON as lists (``init_tiers`` has its own nested form).
_TUPLE_FIELDS = ("custom_deck", "init_canasta_rules", "deal_minimums", "book_quota")


class RulesError(ValueError):
    """Rules that cannot be played, with what is wrong as values the table can word: each
    problem as text (for developers), and for a pack too small to deal (C-DEAL) the pack's
    size and the cards the deal needs."""

    def __init__(self, problems: list[str], *, pack: int = 0, needed: int = 0) -> None:
        super().__init__("invalid rules: " + "; ".join(problems))
        self.problems = tuple(problems)
        self.pack = pack
        self.needed = needed

    @property
    def dead_deal(self) -> bool:
        """C-DEAL: the pack cannot supply the deal, the upcard, the replacements and a stock."""
        return self.needed > 0


@dataclass(frozen=True)
class Rules:
    """The rules of one match. Defaults are CLASSIC for four players (RULES.md section 2)."""

    name: str = "classic-4"
    players: int = 4
    six_seating: str = "TWO_OF_THREE"
    decks: int = 2
    jokers: int = 4
    custom_deck: tuple[str, ...] | None = None
    deal_size: int = 11
    draw_count: int = 1
    go_out_canastas: int = 1
    go_out_clean: str = "NONE"
    target: int = 5000
    init_tiers: tuple[Tier, ...] = CLASSIC_TIERS
    init_neg50: bool = False
    init_high: str = "OFF"
    init_high_threshold: int = 5000
    # discard pile
    pile_nocanadd: bool = False
    pile_2nat: bool = False
    pile_conflict: str = "C"
    pile_frozen: bool = False
    pile_onecard: str = "ALLOW"
    b3_freeze: bool = False
    # melds and wild cards
    meld_wild: str = "MAX3"
    wild_melds: bool = False
    wild_canasta_bonus: int = 1000
    wild_penalty: bool = False
    wild_penalty_points: int = 1000
    natural_canasta_bonus: int = 500
    canasta_size: int = 7  # C-MELD-7: a meld of this many cards is a canasta
    mixed_canasta_bonus: int = 300
    # going out
    out_bonus: int = 100
    conc_bonus: int = 100
    concealed_pile: str = "ALLOWED"
    conc_canasta: bool = False
    conc_canasta_bonus: int = 100
    out_nowild3: bool = False
    out_b3_bonus: int | None = None
    closing_face_down: bool = False
    no_canasta_subtracts_all: bool = False
    # deal, draw, upcard, stock
    upcard: str = "COVER_WILD_R3"
    deal_exact: bool = False
    deal_exact_bonus: int = 100
    stock_force: str = "ANY"
    stock_recycle: bool = False
    recycle_shuffle: bool = False
    # threes
    r3_scale: str = "FLAT"
    b3_meld4: bool = False
    b3_hand: int = 5
    b3_asr3: bool = False
    b3_asr3_stop: bool = True
    tiebreak: str = "DRAW"
    # the sequence family (VARIANTS.md sections 1-3)
    sequences: bool = False  # SAM-9..11: runs of 3-7 naturals of one suit, 4 up to A
    sequence_bonus: int = 1500  # SAM-26, BOL-4: a samba / escalera
    sequence_grow_out: bool = False  # BRA-9: an escalera may grow in the turn that goes out
    no_wild_on_canasta: bool = False  # SAM-15, BOL-3: no wild card joins a completed canasta
    pile_closed_forbidden: bool = False  # BRA-6: a closed side never takes the pile
    r3_samba: bool = False  # SAM-28: 100 each, all of them 1000 (five 500)
    r3_plus_canastas: int = 0  # SAM-29, BRA-10: canastas needed for plus (0: C-SCORE-5)
    b3_hand_penalty: int = 0  # BOL-10: each black three left in a hand at the end, minus
    short_sequence_penalty: int = 0  # BRA-8: each melded sequence shorter than below, minus
    short_sequence_below: int = 5  # BRA-8 "fewer than five"; 6 is ES's "five or fewer"
    out_needs_sequence: bool = False  # BOL-9: one of the canastas to go out is an escalera
    out_must_ask: bool = False  # BRA-11: going out needs the partner's "yes"
    # Cuban and British (VARIANTS.md section 6, RULES.md V-BRIT)
    wild_canasta_cuban: bool = False  # CUB-5: seven 2s 4000, four JK and three 2s 3000, else 2000
    r3_cuban: bool = False  # CUB-6: 1 = 100, 2 = 300, 3 = 500, 4 = 1000
    b3_first_round: bool = False  # CUB-7: no black three discarded in the first round of turns
    b3_set_aside: bool = False  # CUB-8: black threes of a taken pile set aside and scored
    b3_set_aside_each: int = 5  # CUB-8: each set-aside black three
    b3_set_aside_all: int = 100  # CUB-8: the side set aside all of the pack's black threes
    acaba: bool = False  # BRIT-1: a player may end the hand by declaring "Acaba"
    acaba_points: int = 1500  # BRIT-1: what each opposing side scores for an Acaba
    calientes: int = 0  # CAL-1, CAL-A: Caliente cards in the pack (``engine/caliente.py``)
    caliente_points: int = 100  # CAL-2: what a side loses for each Caliente it plays
    # Modern American Canasta (VARIANTS.md section 4; checks and lines in ``engine/mac.py``)
    turn_card: int = 0  # MAC-4: the turn card's place counted from the stock's bottom (0: none)
    all_threes_bonus: bool = False  # MAC-6: every three is a bonus card
    keep_three: bool = False  # MAC-7: one three may stay in hand while the side has not melded
    last_three_in_hand: bool = False  # MAC-8: a three drawn last stays in hand (-5)
    pile_pair_only: bool = False  # MAC-10: only a natural pair goes with the top card
    pile_top_not_counted: bool = False  # MAC-12: the top card is not part of the opening
    swad: bool = False  # MAC-13, MAC-14: discard restrictions
    meld_max: int = 0  # MAC-15, CUB-4: the most cards of a meld (0: no limit)
    meld_max_rule: str = "MAC-15"  # the rule a refusal of ``meld_max`` cites (Cuban: CUB-4)
    dead_ranks: bool = False  # MAC-16: a rank with a canasta is closed to both sides
    rule_of_five: int = 0  # MAC-18: naturals a meld needs for wild cards after the opening
    pure_sevens: bool = False  # MAC-19: sevens never take wild cards
    pure_aces: bool = False  # MAC-20: aces take wild cards only in the initial meld
    clean_triple: bool = False  # MAC-23: the opening includes 3+ naturals without wilds
    init_no_mixed_canasta: bool = False  # MAC-24: no mixed canasta in the opening
    splash: bool = False  # O-MAC-SPLASH: a natural or wild canasta opens with no minimum
    talon_first: int = 0  # MAC-26: talon cards for the first side to open
    talon_second: int = 0  # MAC-26: and for the second
    talon: str = "NONE"  # MAC-26 "STOCK": from the stock; O-MAC-TALON-PREDEALT "PREDEALT" (MAC-28)
    out_needs_discard: bool = False  # MAC-30: going out always ends with a discard
    out_no_open_pure: bool = False  # MAC-31: no incomplete ace, seven or wild meld to go out
    ask_once: bool = False  # MAC-32: "may I go out?" once per hand (C-OUT-7: once per turn)
    special_hands: str = "NONE"  # MAC-33 (CLA list), MAC-35 (PAGAT list)
    mac_scoring: bool = False  # MAC-36, MAC-38..42: bonuses, threes and penalties
    # Hand and Foot (VARIANTS.md section 5)
    foot_size: int = 0  # HF-3: a second hidden hand of this many cards per player (0: none)
    upcard_return: bool = False  # HF-5: a wild card or red three upcard goes back to the stock
    pile_take_n: int = 0  # HF-7 O-HF-PILE-N: only the top N cards are taken (0: all)
    books_closed: bool = False  # HF-9: a meld never grows past a book (canasta_size)
    wild_meld_first: bool = True  # O-WILD-MELDS; HF-11 lets wild cards go anywhere meanwhile
    deal_minimums: tuple[int, ...] = ()  # HF-13: the opening minimum by deal, not by score
    fixed_deals: int = 0  # HF-14: the game is this many deals, whatever the scores (0: target)
    book_quota: tuple[int, ...] = ()  # HF-17: (clean, dirty, wild) books needed to go out
    r3_each: int = 0  # HF-21: each red three laid out, always plus (0: C-SCORE-5)
    r3_caught: int = 0  # HF-21: each red three left in a hand or an unplayed foot, minus
    # Italian Canasta (V-IT; ``engine/italian.py`` holds its checks)
    upcard_packet: str = "NONE"  # IT-4: UNDER puts N cards under the upcard, COUNTING N-1
    r3_before_upcard: bool = False  # IT-3: red threes replaced from the bottom, then the upcard
    pile_draw: int = 0  # IT-6: stock cards drawn after taking the pile
    open_before_draw: bool = False  # IT-7: the opening may come before the draw
    clean_opening_below: int = 0  # IT-9: an opening needing less than this must be clean
    b3_meld: bool = True  # C-B3-1; IT-14, HF-12: no meld of threes at all
    b3_meld_rule: str = "IT-14"  # the rule a refusal of ``b3_meld`` cites (Hand and Foot: HF-12)
    italian_pile: bool = False  # IT-17..19: open side, two naturals, three when frozen
    out_clean_and_dirty: bool = False  # IT-20: one clean and one dirty canasta to close
    out_discard: bool = False  # IT-20: closing ends with a discard, never by melding all
    natural_ace_bonus: int = 0  # IT-21: a clean canasta of aces (0: as any rank)
    mixed_ace_bonus: int = 0  # IT-21: a dirty canasta of aces (0: as any rank)
    pure_twos_bonus: int = 0  # IT-21: the Pinellata, a canasta of 2s only (0: wild canasta)
    jokers_canasta_bonus: int = 0  # IT-21: Toro Seduto, jokers and one 2 (0: wild canasta)
    five_clean_bonus: int = 0  # IT-21: five clean canastas
    pay_double: bool = False  # IT-23: closing before the opponents open doubles their cards
    r3_italian: bool = False  # IT-24: red threes signed by the kinds of canasta made
    target_exceed: bool = False  # IT-C3: the match ends above the target, not at it
    #: The rules an opening without its canasta breaks: (any canasta, natural canasta).
    init_canasta_rules: tuple[str, str] = ("O-INIT-HIGH", "O-INIT-HIGH")

    seat_side: tuple[int, ...] = field(init=False, compare=False, repr=False)
    side_seats: tuple[tuple[int, ...], ...] = field(init=False, compare=False, repr=False)
    #: Facts derived from these rules and small keys (``meldrules.meld_facts``): every view
    #: of every decision asks for them, and they never change for one Rules value.
    memo: dict[Any, Any] = field(init=False, compare=False, repr=False, default_factory=dict)
    #: Per card uid, what the card does under these rules, precomputed for the bots' hot
    #: loops (read these, never the rank tables of ``cards``): a wild card (C-MELD-1), a stop
    #: card when discarded (C-B3-3, O-B3-ASR3-STOP), and its cost left in hand (C-SCORE-6,
    #: O-B3-HAND).
    wild: tuple[bool, ...] = field(init=False, compare=False, repr=False)
    stops: tuple[bool, ...] = field(init=False, compare=False, repr=False)
    hand_cost: tuple[int, ...] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        problems = self.problems()
        if problems:
            pack, needed = self._deal_need() if problems[0].startswith("C-DEAL") else (0, 0)
            raise RulesError(problems, pack=pack, needed=needed)
        if self.players == 4:
            seat_side = tuple(s % 2 for s in range(4))
        elif self.players == 6 and self.six_seating == "TWO_OF_THREE":
            seat_side = tuple(s % 2 for s in range(6))
        elif self.players == 6:
            seat_side = tuple(s % 3 for s in range(6))
        else:
            seat_side = tuple(range(self.players))
        sides = max(seat_side) + 1
        stop_b3 = not self.b3_asr3 or self.b3_asr3_stop
        object.__setattr__(self, "wild", IS_WILD)
        stops = tuple(b and stop_b3 for b in IS_BLACK_THREE)
        if self.calientes:  # CAL-3: a discarded Caliente stops the pile like a black three
            stops = tuple(s or c for s, c in zip(stops, IS_CALIENTE, strict=True))
        object.__setattr__(self, "stops", stops)
        object.__setattr__(
            self,
            "hand_cost",
            tuple(self.b3_hand if b else v for b, v in zip(IS_BLACK_THREE, VALUE_OF, strict=True)),
        )
        object.__setattr__(self, "seat_side", seat_side)
        object.__setattr__(
            self,
            "side_seats",
            tuple(tuple(s for s in range(self.players) if seat_side[s] == k) for k in range(sides)),
        )

    def problems(self) -> list[str]:
        out = []
        if not 2 <= self.players <= 6:
            out.append("C-SEAT-1: 2 to 6 players")
        for name, allowed in _CHOICES.items():
            if getattr(self, name) not in allowed:
                out.append(f"{name} must be one of {', '.join(allowed)}")
        if self.decks not in (2, 3, 4) and not (self.foot_size and 2 <= self.decks <= 7):
            out.append("decks must be 2, 3 or 4")  # HF-2: one more deck than players, to 7
        if not 0 <= self.jokers <= max(8, 2 * self.decks):
            out.append("O-DECK-JOKERS: 0 to 8 jokers")
        if not 0 <= self.calientes <= self.decks:
            out.append("CAL-1: at most one Caliente card per deck")
        if self.book_quota and len(self.book_quota) != 3:
            out.append("HF-17: the book quota is (clean, dirty, wild)")
        if self.deal_size < 1 or self.draw_count < 1 or self.go_out_canastas < 0:
            out.append("deal size and draw count must be positive")
        if self.canasta_size < 3:
            out.append("a canasta needs at least 3 cards")
        if self.meld_max and self.meld_max < self.canasta_size:
            out.append(f"{self.meld_max_rule}: the largest meld must hold at least a canasta")
        if not out:
            out.extend(self._dead_deal())
        return out

    def _dead_deal(self) -> list[str]:
        """Issue 10 gap 4: the pack must supply the deal, the upcard, every replacement and the
        first draw even in the worst case, or the hand could not be dealt (C-DEAL, C-UP, C-R3-2).
        """
        try:
            pack, needed = self._deal_need()
        except ValueError as exc:
            return [f"O-DECK-7PERRANK: {exc}"]
        if pack < needed:
            return [
                f"C-DEAL: a pack of {pack} cards cannot deal {self.deal_size} cards to "
                f"each of {self.players} players and still turn the upcard, replace the red "
                f"threes and leave a stock to draw from (it needs {needed})"
            ]
        return []

    def _deal_need(self) -> tuple[int, int]:
        """The pack's size and the cards a deal needs in the worst case, which turns every
        wild card and three onto the pile before a card may stay there (C-UP-2, O-UPCARD) and
        replaces every bonus three dealt (C-R3-2)."""
        cards = self.pack_cards()
        covers = sum(1 for c in cards if IS_WILD[c] or RANK_OF[c] == THREE)
        bonus = sum(1 for c in cards if self.is_bonus_three(c))
        dealt = self.players * (self.deal_size + self.foot_size)  # HF-3: hand and foot
        packet = 14 if self.upcard_packet != "NONE" else 0  # IT-4: up to 14 under an ace
        return len(cards), dealt + covers + 1 + packet + bonus + self.draw_count

    @property
    def sides(self) -> int:
        return len(self.side_seats)

    @property
    def partnership(self) -> bool:
        # some side holds two seats or more: fewer sides than seats (every side has a seat)
        return len(self.side_seats) < self.players

    def deck_size(self) -> int:
        if self.custom_deck is not None:
            return len(self.custom_deck)
        return 52 * self.decks + self.jokers + self.calientes

    def pack_cards(self) -> list[int]:
        """Every physical card of the pack (O-DECK-JOKERS, O-DECK-7PERRANK), a new list the
        caller may shuffle; built once per Rules value (every hand deals one: issue 16)."""
        cards = self.memo.get("rules.pack")
        if cards is None:
            if self.custom_deck is not None:
                cards = tuple(parse_cards(list(self.custom_deck)))
            else:
                cards = tuple(build_deck(self.decks, self.jokers, self.calientes))
            self.memo["rules.pack"] = cards
        return list(cards)

    def red_three_total(self) -> int:
        return 2 * self.decks

    # --- what a card does under these rules (one place for each fact) -------------------

    def is_bonus_three(self, card: int) -> bool:
        """C-R3-1: red threes (and black threes under O-B3-ASR3) are laid out, never held."""
        if self.all_threes_bonus:  # MAC-6: every three, red or black
            return IS_RED_THREE[card] or IS_BLACK_THREE[card]
        return IS_RED_THREE[card] or (self.b3_asr3 and IS_BLACK_THREE[card])

    def is_caliente(self, card: int) -> bool:
        """CAL-1: a Caliente card of these rules (never meldable, a stop when discarded)."""
        return self.calientes > 0 and IS_CALIENTE[card]

    def freezes_pile(self, card: int) -> bool:
        """C-PILE-3, C-UP-3: a wild card or red three freezes the pile (a black three too
        under O-B3-FREEZE)."""
        return IS_WILD[card] or IS_RED_THREE[card] or (self.b3_freeze and IS_BLACK_THREE[card])

    # --- numbers derived from the tables of RULES.md -------------------------------------

    def initial_minimum(self, score: int, deal: int = 0) -> tuple[int, str]:
        """C-INIT-1 / C-INIT-7: (points needed, canasta requirement '' | 'any' | 'natural');
        HF-13: by the deal's number (0 for the first) where the rules give minimums by deal."""
        if self.deal_minimums:
            return self.deal_minimums[min(deal, len(self.deal_minimums) - 1)], ""
        points, canasta = 15, ""
        for lower, tier_points, tier_canasta in self.init_tiers:
            if lower is None or score >= lower:
                points, canasta = tier_points, tier_canasta
        if score < 0 and self.init_neg50:
            points = max(points, 50)
        if self.init_high != "OFF" and score >= self.init_high_threshold:
            if self.init_high == "150":
                points = max(points, 150)
            else:
                canasta = canasta or "any"
        return points, canasta

    def natural_canastas_to_go_out(self) -> int:
        """O-OUT-CLEAN: how many of the canastas needed to go out must be natural."""
        return {"NONE": 0, "ONE": 1, "BOTH": self.go_out_canastas}[self.go_out_clean]

    def bonus_three_amount(self, count: int) -> int:
        """C-SCORE-5 / O-R3-SCALE: the value of ``count`` red threes held by one side."""
        if count <= 0:
            return 0
        if self.r3_cuban:
            return (100, 300, 500, 1000)[min(count, 4) - 1]  # CUB-6
        if self.r3_each:
            return self.r3_each * count  # HF-21: each one alike
        if self.r3_italian:
            # IT-24: up to three 100 each, four 800, five 1000, six 1200.
            return 100 * count if count <= 3 else (800, 1000, 1200)[min(count, 6) - 4]
        if self.r3_samba:
            # SAM-28: 100 each; all of the pack's red threes 1000 in all.
            return 1000 if count >= self.red_three_total() else 100 * count
        if self.red_three_total() >= 6:
            # V6-7 / C-SCORE-5 for 162 cards: 100 each up to four, five 1000, six 1200.
            if count >= 6:
                return 1200
            if count == 5:
                return 1000
            if self.r3_scale == "PROGRESSIVE":
                return (100, 200, 400, 800)[count - 1]
            return 100 * count
        if count >= 4:
            return 800 + 200 * (count - 4)
        if self.r3_scale == "PROGRESSIVE":
            return (100, 200, 400)[count - 1]
        return 100 * count

    # --- JSON ----------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            if not f.init:
                continue
            value = getattr(self, f.name)
            if f.name == "init_tiers":
                value = [list(t) for t in value]
            elif f.name in _TUPLE_FIELDS and value is not None:
                value = list(value)
            out[f.name] = value
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """Build rules from JSON; unknown keys are an error so a typo never goes unnoticed."""
        known = {f.name: f for f in dataclasses.fields(cls) if f.init}
        data = _renamed(data)
        unknown = set(data) - set(known)
        if unknown:
            raise ValueError(f"unknown rule options: {', '.join(sorted(unknown))}")
        kwargs: dict[str, Any] = {}
        for name, value in data.items():
            if name == "init_tiers":
                value = tuple((t[0], int(t[1]), str(t[2]) if len(t) > 2 else "") for t in value)
            elif name in ("custom_deck", "init_canasta_rules") and value is not None:
                value = tuple(str(c) for c in value)
            elif name in ("deal_minimums", "book_quota"):
                value = tuple(int(n) for n in value)
            kwargs[name] = value
        return cls(**kwargs)

    def with_options(self, **changes: Any) -> Rules:
        return dataclasses.replace(self, **changes)


#: Field names of older saves, read by ``_renamed`` only.
_LEGACY = ("canasta_max", "no_three_melds")


def _renamed(data: dict[str, Any]) -> dict[str, Any]:
    """Saves and house tables written before one concept became one field still load as
    the same rules: Cuban's ``canasta_max`` (CUB-4) is now ``meld_max`` citing CUB-4, and
    Hand and Foot's ``no_three_melds`` (HF-12) is ``b3_meld`` off citing HF-12."""
    out = {name: value for name, value in data.items() if name not in _LEGACY}
    if data.get("canasta_max"):
        out.update(meld_max=data["canasta_max"], meld_max_rule="CUB-4")
    if data.get("no_three_melds"):
        out.update(b3_meld=False, b3_meld_rule="HF-12")
    return out


def _classic(players: int, **changes: Any) -> Rules:
    return Rules(name=f"classic-{players}", players=players, **changes)


PRESETS: dict[str, Rules] = {
    # 2.15 and V-2P: 15 cards, draw two, two canastas to go out.
    "classic-2": _classic(2, deal_size=15, draw_count=2, go_out_canastas=2),
    # V-3P: 13 cards; k, Q and target as CLASSIC (ENG).
    "classic-3": _classic(3, deal_size=13),
    "classic-4": _classic(4),
    # V-5P: 162 cards with 6 jokers, 11 cards each.
    "classic-5": _classic(5, decks=3, jokers=6),
    # V-6P: 162 cards, 13 each, Q=2, target 10000 with the 150 tier from 7500 (V6-6).
    "classic-6": _classic(
        6,
        decks=3,
        jokers=6,
        deal_size=13,
        go_out_canastas=2,
        target=10000,
        init_tiers=(*CLASSIC_TIERS, (7500, 150, "")),
    ),
    # O-SEAT6: three sides of two, target 7500 (V6-5).
    "classic-6x2": Rules(
        name="classic-6x2",
        players=6,
        six_seating="THREE_OF_TWO",
        decks=3,
        jokers=6,
        deal_size=13,
        go_out_canastas=2,
        target=7500,
    ),
    # CZ-HOUSE bundle (RULES.md 3.9): CZH-1..CZH-9.
    "cz-house": Rules(
        name="cz-house",
        target=10000,
        natural_canasta_bonus=600,
        mixed_canasta_bonus=300,
        wild_melds=True,
        wild_canasta_bonus=1000,
        out_b3_bonus=300,
        closing_face_down=True,
        no_canasta_subtracts_all=True,
    ),
}


#: SAM-22 / BOL-8: the Samba table, 150 from 7000 (BIC-S's 160 is ``init_tiers`` switched).
SAMBA_TIERS: tuple[Tier, ...] = (*CLASSIC_TIERS, (7000, 150, ""))
#: BRA-2..5: the Samba table below 7000, then a canasta, a canasta and 200, a natural canasta.
BRAZILIAN_TIERS: tuple[Tier, ...] = (
    *CLASSIC_TIERS,
    (7000, 0, "any"),
    (8000, 200, "any"),
    (9000, 0, "natural"),
)


def _samba(name: str, players: int, **changes: Any) -> Rules:
    """V-SAMBA (SAM-1..31): 162 cards, 15 dealt (13 with six), draw two, sequences."""
    base: dict[str, Any] = {
        "name": name,
        "players": players,
        "decks": 3,
        "jokers": 6,
        "deal_size": 13 if players == 6 else 15,  # SAM-4
        "six_seating": "THREE_OF_TWO",  # SAM-3: partners two seats apart
        "draw_count": 2,  # SAM-6
        "sequences": True,  # SAM-9..11, SAM-16
        "meld_wild": "MAX2",  # SAM-13
        "no_wild_on_canasta": True,  # SAM-15
        "pile_2nat": True,  # SAM-19: never a natural and a wild card
        "pile_nocanadd": True,  # SAM-19: never onto a canasta
        "init_tiers": SAMBA_TIERS,  # SAM-22
        "go_out_canastas": 2,  # SAM-23
        "conc_bonus": 0,  # SAM-24
        "out_bonus": 200,  # SAM-27
        "r3_samba": True,  # SAM-28
        "r3_plus_canastas": 2,  # SAM-29
        "target": 10000,  # SAM-30
    }
    base.update(changes)
    return Rules(**base)


def _bolivia(name: str, **changes: Any) -> Rules:
    """V-BOL (BOL-1..13): Samba with wild melds, the escalera to go out, black threes -100."""
    base: dict[str, Any] = {
        "wild_melds": True,  # BOL-2
        "wild_canasta_bonus": 2500,  # BOL-3
        "target": 15000,  # BOL-7
        "out_needs_sequence": True,  # BOL-9
        "b3_hand_penalty": 100,  # BOL-10
    }
    base.update(changes)
    return _samba(name, 4, **base)


SEQUENCE_PRESETS: dict[str, Rules] = {
    "samba": _samba("samba", 4),
    **{f"samba-{n}": _samba(f"samba-{n}", n) for n in (2, 3, 5, 6)},
    "bolivia": _bolivia("bolivia"),
    "brazilian": _bolivia(
        "brazilian",
        target=10000,  # BRA-1
        init_tiers=BRAZILIAN_TIERS,  # BRA-2..5
        init_canasta_rules=("BRA-3", "BRA-5"),
        pile_closed_forbidden=True,  # BRA-6
        wild_canasta_bonus=2000,  # BRA-7
        short_sequence_penalty=1000,  # BRA-8
        sequence_grow_out=True,  # BRA-9
        r3_samba=False,  # BRA-10: 100 each, five 1000, six 1200 (the 162-card table)
        r3_plus_canastas=1,  # BRA-10
        out_must_ask=True,  # BRA-11
        out_needs_sequence=False,  # BRA-12
    ),
    # CHI-1..3: as Bolivia (ENG), with the four-deck pack as its own preset.
    "chilean": _bolivia("chilean"),
    "chilean-216": _bolivia("chilean-216", decks=4, jokers=8),
}
PRESETS.update(SEQUENCE_PRESETS)

#: CUB-2: Classic's table with 150 from 5000 up (a side at exactly 5000 needs 150).
CUBAN_TIERS: tuple[Tier, ...] = (*CLASSIC_TIERS, (5000, 150, ""))

#: VARIANTS.md section 6 and RULES.md V-URU: the rest of the Spanish rule book's variants.
SPANISH_PRESETS: dict[str, Rules] = {
    # URU-1: the 1949 original, which the rule book equates with Classic.
    "uruguayan": Rules(name="uruguayan"),
    "cuban": Rules(
        name="cuban",
        deal_size=13,  # CUB-1
        target=7500,  # CUB-2
        init_tiers=CUBAN_TIERS,  # CUB-2
        pile_frozen=True,  # CUB-3 (a wild card on top blocks it: C-PILE-5)
        meld_max=7,  # CUB-4
        meld_max_rule="CUB-4",
        wild_melds=True,  # CUB-5
        wild_canasta_cuban=True,  # CUB-5
        r3_cuban=True,  # CUB-6
        r3_plus_canastas=1,  # CUB-6: plus with a canasta, minus without
        b3_first_round=True,  # CUB-7
        b3_set_aside=True,  # CUB-8
        conc_bonus=0,  # CUB-9
    ),
    # BRIT-1..3: Classic with the Acaba declaration.
    "british": Rules(name="british", acaba=True),
    # CAL-A, CAL-1..5: Classic (11 cards, 5000, CAL-B's upcard is Classic's) with two Calientes.
    "caliente": Rules(name="caliente", calientes=2),
}
PRESETS.update(SPANISH_PRESETS)

#: MAC-22: 125 below 3000 (negative included), 155 from 3000, 180 from 5000.
MAC_TIERS: tuple[Tier, ...] = ((None, 125, ""), (3000, 155, ""), (5000, 180, ""))


def _modern_american(name: str, **changes: Any) -> Rules:
    """V-MAC (MAC-1..45): the Canasta League of America's game for four in partnerships."""
    base: dict[str, Any] = {
        "name": name,
        "deal_size": 13,  # MAC-2
        "upcard": "NONE",  # MAC-5
        "turn_card": 9,  # MAC-4
        "all_threes_bonus": True,  # MAC-6
        "keep_three": True,  # MAC-7
        "last_three_in_hand": True,  # MAC-8
        "pile_frozen": True,  # MAC-10: the pack is always frozen
        "pile_pair_only": True,  # MAC-10
        "pile_top_not_counted": True,  # MAC-12
        "swad": True,  # MAC-13, MAC-14
        "meld_max": 7,  # MAC-15
        "dead_ranks": True,  # MAC-16
        "meld_wild": "MAX2",  # MAC-17
        "rule_of_five": 5,  # MAC-18
        "pure_sevens": True,  # MAC-19
        "pure_aces": True,  # MAC-20
        "wild_melds": True,  # MAC-21
        "wild_canasta_bonus": 2000,  # MAC-36 (the jokers' and deuces' canastas: mac.py)
        "init_tiers": MAC_TIERS,  # MAC-22
        "clean_triple": True,  # MAC-23
        "init_no_mixed_canasta": True,  # MAC-24
        "talon_first": 4,  # MAC-26
        "talon_second": 3,  # MAC-26
        "talon": "STOCK",  # MAC-26 (MAC-28: O-MAC-TALON-PREDEALT)
        "go_out_canastas": 2,  # MAC-29
        "out_needs_discard": True,  # MAC-30
        "closing_face_down": True,  # MAC-30
        "out_no_open_pure": True,  # MAC-31
        "ask_once": True,  # MAC-32
        "special_hands": "CLA",  # MAC-33
        "mac_scoring": True,  # MAC-36, MAC-38..42
        "conc_bonus": 0,  # MAC-37: no concealed bonus
        "no_canasta_subtracts_all": True,  # MAC-40
        "target": 8500,  # MAC-44
        "stock_force": "PAGAT",  # MAC-45: an empty stock ends the hand
    }
    base.update(changes)
    return Rules(**base)


def _hand_and_foot(name: str, players: int, **changes: Any) -> Rules:
    """V-HF (HF-1..23), Bill Whitnack's version as pagat gives it: a hand and a foot of 13,
    one more 54-card deck than players, books of 7, four deals with rising minimums."""
    base: dict[str, Any] = {
        "name": name,
        "players": players,  # HF-1: four or six in two sides, otherwise each for himself
        "six_seating": "TWO_OF_THREE",  # HF-1: six play as two sides of three
        "decks": players + 1,  # HF-2
        "jokers": 2 * (players + 1),  # HF-2: 54-card decks
        "deal_size": 13,  # HF-3
        "foot_size": 13,  # HF-3 (O-HF-DEAL: 11)
        "upcard_return": True,  # HF-5
        "draw_count": 2,  # HF-6
        "pile_2nat": True,  # HF-7: a natural pair, or the top card onto a meld
        "books_closed": True,  # HF-9
        "meld_wild": "LT_NAT",  # HF-10: fewer wild cards than naturals, at most 3
        "wild_melds": True,  # HF-11
        "wild_meld_first": False,  # HF-11: no rule keeps wild cards for the wild meld
        "wild_canasta_bonus": 1500,  # HF-19
        "b3_meld": False,  # HF-12: threes are never melded
        "b3_meld_rule": "HF-12",
        "deal_minimums": (50, 90, 120, 150),  # HF-13
        "fixed_deals": 4,  # HF-14
        "go_out_canastas": 0,  # HF-17 replaces C-OUT-1 with the book quota
        "book_quota": (2, 2, 1),  # HF-17 (Whitnack)
        "out_must_ask": True,  # HF-16 (a side of one has nobody to ask)
        "out_needs_discard": True,  # HF-16
        "conc_bonus": 0,  # HF-20: going out is 100, nothing more
        "r3_each": 100,  # HF-21
        "r3_caught": 100,  # HF-21
    }
    base.update(changes)
    return Rules(**base)


MAC_PRESETS: dict[str, Rules] = {"modern-american": _modern_american("modern-american")}
PRESETS.update(MAC_PRESETS)

#: Hand and Foot (VARIANTS.md section 5): four in partnerships, six as two sides of three,
#: and two or three playing each for himself (HF-1).
HAND_AND_FOOT_PRESETS: dict[str, Rules] = {
    "hand-and-foot": _hand_and_foot("hand-and-foot", 4),
    **{f"hand-and-foot-{n}": _hand_and_foot(f"hand-and-foot-{n}", n) for n in (2, 3, 6)},
}
PRESETS.update(HAND_AND_FOOT_PRESETS)

#: IT-8 (RECON, IT-C7): 50 up to 3000, then 90, 120, 160 and 200; negative scores 50 (ENG),
#: and the unknown 12001-15000 band keeps 200 (ENG).
ITALIAN_TIERS: tuple[Tier, ...] = (
    (None, 50, ""),
    (3001, 90, ""),
    (5001, 120, ""),
    (7001, 160, ""),
    (10001, 200, ""),
)


def _italian(name: str, **changes: Any) -> Rules:
    """V-IT (IT-1..25 with VARIANTS.md IT-C1..C9): 162 cards, 15 dealt, pinelle, clean openings."""
    base: dict[str, Any] = {
        "name": name,
        "players": 4,
        "decks": 3,  # IT-1
        "jokers": 6,
        "deal_size": 15,  # IT-2
        "r3_before_upcard": True,  # IT-3
        "upcard_packet": "UNDER",  # IT-4, IT-C2: N cards under the upcard (the seed)
        "draw_count": 2,  # IT-6
        "pile_draw": 1,  # IT-6
        "open_before_draw": True,  # IT-7
        "init_tiers": ITALIAN_TIERS,  # IT-8
        "clean_opening_below": 90,  # IT-9: the 50 opening is clean
        "meld_wild": "IT",  # IT-13
        "b3_meld": False,  # IT-14
        "wild_melds": True,  # IT-15: melds of 2s (pinelle) and of jokers
        "italian_pile": True,  # IT-17..19
        "go_out_canastas": 2,  # IT-20: two canastas...
        "go_out_clean": "ONE",  # ...one of them clean...
        "out_clean_and_dirty": True,  # ...and one dirty (IT-C4)
        "out_discard": True,  # IT-20: "rimane senza carte in mano scartando una carta"
        "out_bonus": 500,  # IT-21
        "conc_bonus": 0,  # the seed knows no concealed closing (ENG)
        "natural_canasta_bonus": 500,
        "mixed_canasta_bonus": 300,
        "natural_ace_bonus": 1000,
        "mixed_ace_bonus": 500,
        "pure_twos_bonus": 3000,  # the Pinellata
        "wild_canasta_bonus": 2000,  # a dirty canasta of 2s
        "jokers_canasta_bonus": 5000,  # Toro Seduto
        "five_clean_bonus": 1000,
        "pay_double": True,  # IT-23
        "r3_italian": True,  # IT-24
        "target": 15000,  # IT-1, IT-C3
        "target_exceed": True,
    }
    base.update(changes)
    return Rules(**base)


ITALIAN_PRESETS: dict[str, Rules] = {
    "italian": _italian("italian"),
    # IT-1: "many tables play with two decks" (108 cards).
    "italian-2decks": _italian("italian-2decks", decks=2, jokers=4),
}
PRESETS.update(ITALIAN_PRESETS)

#: Presets the table cannot play in full yet: the simulator and the arena deal them, New game
#: does not offer them. Every preset is playable at the table today; a new variant whose
#: table is unfinished goes here until it is.
TABLE_PENDING: frozenset[str] = frozenset()

#: A variant's named options that its preset leaves at Classic's value, so they are not among
#: the switches it sets (Custom rules offers both): O-MAC-SPLASH, O-HF-PILE-N.
PRESET_OPTIONS: dict[str, tuple[str, ...]] = {
    "modern-american": ("splash",),
    **{name: ("pile_take_n",) for name in HAND_AND_FOOT_PRESETS},
}

#: The presets New game offers: every other one. This is the one place that decides.
NEW_GAME_PRESETS: tuple[str, ...] = tuple(n for n in PRESETS if n not in TABLE_PENDING)


def preset(name: str, **changes: Any) -> Rules:
    """A preset by name, with any options switched."""
    try:
        base = PRESETS[name]
    except KeyError:
        raise ValueError(f"unknown preset {name!r}; known: {', '.join(PRESETS)}") from None
    return dataclasses.replace(base, **changes) if changes else base
