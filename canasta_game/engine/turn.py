"""What the checks of every action share: the evaluation's result types, the pile's state,
going out and finishing a turn (C-OUT, C-TURN-7), and the bookkeeping of laying melds down.

``game`` dispatches an action to its check; the checks live in ``game`` (draw, meld,
discard, ask, answer) and ``take`` (the pile). Both build on this module, so neither
imports the other's module and the move generator can sit beside them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import filterfalse

from canasta_game.engine import events as ev
from canasta_game.engine import mac
from canasta_game.engine.cards import (
    IS_BLACK_THREE,
    IS_CALIENTE,
    IS_RED_THREE,
    IS_WILD,
    SEQUENCE_KEY,
    VALUE_OF,
)
from canasta_game.engine.cuban import only_black_threes
from canasta_game.engine.going_out import ask_rule, can_go_out, must_ask, out_by_discard
from canasta_game.engine.handfoot import out_problem
from canasta_game.engine.italian import closing_problem
from canasta_game.engine.meldrules import grown, make_meld
from canasta_game.engine.reasons import Reason, reason
from canasta_game.engine.rules import Rules
from canasta_game.engine.state import (
    ASKED_NO,
    ASKED_YES,
    DREW_PILE,
    OVER,
    HandEnd,
    State,
    TableMeld,
    evolve,
)

Outcome = tuple[State, list[ev.Event]]


class _Legal:
    """Returned instead of an Outcome when the check alone was asked for and passed."""


LEGAL = _Legal()
Result = Outcome | Reason | _Legal


def remove_cards(
    hand: tuple[int, ...], cards: Sequence[int], rule: str
) -> tuple[int, ...] | Reason:
    """``hand`` without ``cards``, or which card is not there or is used twice. ``rule`` is
    the rule that says the action's cards come from the hand: C-MELD-6 for melds, C-TURN-4
    for the discard, C-PILE-6 / C-PILE-7 for the cards that go with the top card."""
    if len(cards) == 1:  # a discard: the commonest case, done without sets
        card = cards[0]
        if card not in hand:
            return reason(rule, "not_in_hand", card=card)
        index = hand.index(card)
        return hand[:index] + hand[index + 1 :]
    wanted = set(cards)
    if len(wanted) != len(cards):
        seen: set[int] = set()
        for card in cards:
            if card in seen:
                return reason(rule, "duplicate_card", card=card)
            seen.add(card)
    rest = tuple(filterfalse(wanted.__contains__, hand))  # (in C: every meld and take asks)
    if len(rest) != len(hand) - len(wanted):
        held = set(hand)
        missing = next(c for c in cards if c not in held)
        return reason(rule, "not_in_hand", card=missing)
    return rest


def set_at(items: tuple, index: int, value: object) -> tuple:
    """``items`` with ``value`` at ``index``, a copy (the state's per-seat and per-side
    tuples are immutable); through a list, a third cheaper than joining two slices."""
    changed = list(items)
    changed[index] = value
    return tuple(changed)


def top_block(rules: Rules, top: int | None, turned_up: bool = False) -> Reason | None:
    """C-PILE-5 (C-B3-3, C-UP-4, C-R3-1, O-B3-ASR3): why nobody can take a pile with ``top``
    on it. ``turned_up``: nobody has discarded yet this hand, so the top card is the upcard
    (C-UP-4 then decides a black three, not C-B3-3, which is about a discarded one)."""
    if top is None:
        return reason("C-PILE-5", "pile_empty")
    if rules.italian_pile and (IS_WILD[top] or IS_BLACK_THREE[top]):
        # IT-18: "bloccato" by a 2, a joker or a black three on top
        return reason("IT-18", "pile_blocked_wild" if IS_WILD[top] else "pile_blocked_b3")
    if IS_WILD[top]:
        # BOL-6: Bolivia (and the presets built on it, BRA-13, CHI-3) states it as its own rule
        rule = "BOL-6" if rules.sequences and rules.wild_melds else "C-PILE-5"
        return reason(rule, "pile_blocked_wild")
    if IS_BLACK_THREE[top]:
        if not rules.b3_asr3:
            return reason("C-UP-4" if turned_up else "C-B3-3", "pile_blocked_b3")
        if rules.b3_asr3_stop:
            return reason("O-B3-ASR3-STOP", "pile_blocked_b3")
        # a bonus card like a red three: the top card could never be melded
        return reason("O-B3-ASR3", "pile_blocked_r3")
    if IS_RED_THREE[top]:
        return reason("C-R3-1", "pile_blocked_r3")  # red threes are never melded
    if IS_CALIENTE[top]:
        return reason("CAL-3", "pile_blocked_caliente")  # a stop like a black three
    return None


def pile_block(state: State) -> Reason | None:
    return top_block(state.rules, state.top, not state.discards)


#: Per card uid: does it stop the pile on top of it? ``top_block`` refuses every wild card,
#: black three, red three and Caliente under some rule (C-PILE-5, C-B3-3, C-UP-4, IT-18,
#: O-B3-ASR3, C-R3-1, CAL-3) and nothing else, whatever the rules.
_STOPS = tuple(
    any(kinds) for kinds in zip(IS_WILD, IS_BLACK_THREE, IS_RED_THREE, IS_CALIENTE, strict=True)
)


def pile_blocked(state: State) -> bool:
    """``pile_block(state) is not None`` without wording the reason: the move generators ask
    it every draw phase and read only the answer."""
    pile = state.pile
    return not pile or _STOPS[pile[-1]]


def frozen_for(state: State, side: int) -> bool:
    """C-PILE-3, C-PILE-4 and O-PILE-FROZEN (``frozen_why`` says which; this is the fast
    check the move generator runs thousands of times)."""
    return state.pile_frozen or state.rules.pile_frozen or not state.melds[side]


def first_freezer(rules: Rules, pile: Sequence[int], frozen: bool) -> int | None:
    """C-PILE-3: the card that froze the pile for everyone (the lowest freezing card in it)."""
    if not frozen:
        return None
    return next((c for c in pile if rules.freezes_pile(c)), None)


def frozen_why(rules: Rules, pile: Sequence[int], frozen: bool, side_open: bool) -> Reason | None:
    """Why the pile is frozen for a side, with the rule that says so, or None. ``frozen`` is
    the state's C-PILE-3 flag, ``side_open`` whether the side has melded (C-PILE-4)."""
    if frozen:
        freezer = first_freezer(rules, pile, frozen)
        if freezer is not None:
            rule = "IT-19" if rules.italian_pile else "C-PILE-3"  # IT-19: "congelato"
            return reason(rule, "frozen_by_card", card=freezer)
        return reason("C-PILE-3", "frozen")
    if rules.pile_frozen:
        return reason("O-PILE-FROZEN", "frozen_always")
    if not side_open:
        return reason("C-PILE-4", "frozen_closed")
    return None


def canasta_events(side: int, before: TableMeld | None, after: TableMeld) -> list[ev.Event]:
    if after.is_canasta and not after.is_black_threes and (before is None or not before.is_canasta):
        return [ev.CanastaCompleted(side, after.mid, after.is_natural)]
    return []


def wild_meld_pending(melds: Sequence[TableMeld]) -> bool:
    return any(m.is_wild_meld and not m.is_canasta for m in melds)


def meets_minimum(
    state: State, side: int, points: int, new: Sequence[TableMeld], top: int | None = None
) -> Reason | None:
    """C-INIT-1, C-INIT-7 and MAC-12, MAC-23..25 (``top``: the picked pack's top card)."""
    splash, opening = mac.opening_problem(state, new, top)
    if splash:
        return None  # O-MAC-SPLASH
    points = mac.opening_points(state.rules, points, top)
    need, canasta = state.minimum(side)
    if points < need:
        return reason("C-INIT-1", "init_minimum", need=need, have=points)
    any_rule, natural_rule = state.rules.init_canasta_rules
    if canasta == "any" and not any(m.is_canasta for m in new):
        return reason(any_rule, "init_canasta", natural=False)
    if canasta == "natural" and not any(m.is_canasta and m.is_natural for m in new):
        return reason(natural_rule, "init_canasta", natural=True)
    return opening


def going_out_problem(state: State, side: int) -> Reason | None:
    """C-OUT-1, O-OUT-CLEAN and a binding "no" (C-OUT-6) for ending the turn with no cards."""
    if state.question is ASKED_NO:
        return reason("C-OUT-6", "out_forbidden")
    rules = state.rules
    if rules.foot_size or rules.book_quota:
        problem = out_problem(state, side)  # HF-16, HF-17
        if problem is not None:
            return problem
    have = state.canastas(side)
    if have < rules.go_out_canastas:
        if rules.go_out_canastas == 1 and have == 0:
            return reason("C-OUT-5", "out_no_canasta")
        return reason("C-OUT-1", "out_canastas", need=rules.go_out_canastas, have=have)
    problem = closing_problem(rules, state.melds[side])  # IT-20
    if problem is not None:
        return problem
    need_natural = rules.natural_canastas_to_go_out()
    naturals = sum(1 for m in state.melds[side] if m.is_canasta and m.is_natural)
    if naturals < need_natural:
        return reason("O-OUT-CLEAN", "out_clean", need=need_natural)
    if rules.out_needs_sequence and not any(
        m.is_canasta and m.key >= SEQUENCE_KEY for m in state.melds[side]
    ):
        return reason("BOL-9", "out_needs_sequence")
    if must_ask(state) and state.question is not ASKED_YES:
        return reason(ask_rule(rules), "out_must_ask")
    return mac.open_pure_meld(state, side)  # MAC-31


def melded_out_problem(state: State, side: int) -> Reason | None:
    """Going out by melding the last card: MAC-30 and HF-16 forbid it (a final discard is
    needed)."""
    if state.rules.out_needs_discard:
        return discard_needed(state.rules)
    return going_out_problem(state, side)


def discard_needed(rules: Rules) -> Reason:
    """MAC-30, HF-16: going out ends with a discard; the refusal names the game's own rule."""
    return reason("HF-16" if rules.foot_size else "MAC-30", "out_needs_discard")


def finish_problem(state: State) -> Reason | None:
    """C-TURN-7: can the player who is to move still end this turn legally? With one card
    left the going-out solver's cheap yes comes first (``out_by_discard``: that card the
    discard, the melds as they lie making the quota), most of its yes answers here."""
    hand = state.hands[state.current]
    if state.must_go_out:
        if out_by_discard(state) or can_go_out(state):
            return None
        if must_ask(state) and state.question is not ASKED_YES:
            return reason(ask_rule(state.rules), "out_must_ask")
        if state.question is ASKED_YES:
            return reason("C-OUT-6", "out_required")
        return reason("C-B3-2", "b3_must_out")
    if only_black_threes(state, hand):
        return None if can_go_out(state) else reason("CUB-7", "b3_first_round")
    if len(hand) >= 2 or state.has_foot(state.current):
        return None  # HF-8: a last card discarded brings the foot next turn
    if out_by_discard(state) or can_go_out(state):
        return None
    if state.question is ASKED_NO:
        return reason("C-OUT-6", "out_forbidden")
    problem = going_out_problem(state, state.side_of(state.current))
    if problem is not None:
        return problem
    return reason("C-TURN-7", "turn_unfinishable")


def concealed(state: State, side: int) -> bool:
    """C-OUT-4 for the player going out now (with O-CONCEALED-PILE)."""
    seat = state.current
    if state.has_melded[seat] or state.turn_touched_old:
        return False
    if state.drew is DREW_PILE and state.rules.concealed_pile == "DISALLOWED":
        return False
    new = set(state.turn_new_mids)
    return any(m.is_canasta and m.mid in new for m in state.melds[side])


def end_hand(state: State, end: HandEnd, events: list[ev.Event]) -> Outcome:
    if end.seat is not None and end.reason == "went_out":  # (BRIT-1: Acaba names a seat too)
        events.append(ev.WentOut(end.seat, end.concealed))
    events.append(ev.HandEnded(end.reason))
    return evolve(state, phase=OVER, end=end), events


def went_out(state: State, events: list[ev.Event]) -> Outcome:
    side = state.side_of(state.current)
    black = any(m.is_black_threes for m in state.melds[side])
    end = HandEnd("went_out", state.current, concealed(state, side), black)
    return end_hand(state, end, events)


@dataclass
class Laying:
    """A side's melds while one action lays cards down: what changed, and its events.
    ``quiet``: the action is only checked (``why_illegal``), so no events are made (issue
    16: they were about a twentieth of a check's time)."""

    state: State
    side: int
    melds: list[TableMeld]
    mids: int
    new: list[TableMeld] = field(default_factory=list)
    events: list[ev.Event] = field(default_factory=list)
    touched_old: bool = False
    quiet: bool = False

    @classmethod
    def start(cls, state: State, quiet: bool = False) -> Laying:
        side = state.side_of(state.current)
        return cls(state, side, list(state.melds[side]), state.next_mid, quiet=quiet)

    def add_new(self, key: int, cards: tuple[int, ...], naturals: int, wilds: int) -> TableMeld:
        meld = make_meld(self.state.rules, self.mids, key, cards, naturals, wilds)
        self.mids += 1
        self.melds.append(meld)
        self.new.append(meld)
        if not self.quiet:
            self.events.append(ev.MeldMade(self.state.current, self.side, meld.mid, cards))
            self.events.extend(canasta_events(self.side, None, meld))
        return meld

    def extend(
        self, target: TableMeld, cards: tuple[int, ...], naturals: int, wilds: int
    ) -> TableMeld:
        bigger = grown(self.state.rules, target, cards, naturals, wilds)
        self.melds[self.melds.index(target)] = bigger
        if target.mid not in self.state.turn_new_mids:
            self.touched_old = True
        if not self.quiet:
            self.events.append(ev.MeldExtended(self.state.current, self.side, target.mid, cards))
            self.events.extend(canasta_events(self.side, target, bigger))
        return bigger

    def new_points(self) -> int:
        return sum(VALUE_OF[c] for m in self.new for c in m.cards)
