"""Turning what the mouse did into engine actions, and which drop targets would be legal.

The UI reports a ``Drop`` (which cards, dragged from where, dropped on what); this module
maps it to the one engine action it means, or to the reason it cannot be done. Nothing here
decides a rule: legality always comes from ``why_illegal``, so the glow of a drop target and
the engine can never disagree.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from canasta_game.controller.session import Session
from canasta_game.engine.actions import Action, CombineMelds, Discard, DrawStock, Meld, TakePile
from canasta_game.engine.cards import RANK_OF, VALUE_OF
from canasta_game.engine.combine import several_groups
from canasta_game.engine.events import MeldExtended
from canasta_game.engine.game import apply, why_illegal
from canasta_game.engine.italian import may_open_before_draw
from canasta_game.engine.meldrules import MeldKind, classify, meld_kind
from canasta_game.engine.movegen import combine_moves
from canasta_game.engine.reasons import Reason, reason
from canasta_game.engine.rules import Rules
from canasta_game.engine.state import Phase, State

Cards = tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Target:
    kind: str  # "stock", "pile", "table", "meld", "hand", "staging"
    mid: int | None = None


@dataclass(frozen=True, slots=True)
class Drop:
    cards: Cards  # hand cards dragged (source "hand") or selected with the pile (source "pile")
    source: str  # "hand", "pile", "stock" or "meld" (one of the side's melds, picked up whole)
    target: Target
    origin: int | None = None  # the meld picked up (source "meld")


class Staging:
    """The closed side's row of melds waiting to go down together as the initial meld."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.groups: list[Cards] = []

    @property
    def seat(self) -> int:
        return self.session.human_seat if self.session.human_seat is not None else 0

    @property
    def cards(self) -> set[int]:
        return {c for group in self.groups for c in group}

    def add(self, cards: Sequence[int]) -> Reason | None:
        """Stage one meld; it must be a valid meld on its own (C-MELD)."""
        cards = tuple(cards)
        hand = set(self.session.state.hands[self.seat])
        if not cards or not set(cards) <= hand or set(cards) & self.cards:
            return reason("C-TURN-3", "empty_action")
        kind = classify(self.session.rules, cards)
        if isinstance(kind, Reason):
            return kind
        for index, group in enumerate(self.groups):
            other = classify(self.session.rules, group)
            if not isinstance(other, Reason) and other[0] == kind[0]:
                merged = classify(self.session.rules, group + cards)
                if isinstance(merged, Reason) and meld_kind(kind[0]) is MeldKind.SEQUENCE:
                    continue  # SAM-16: runs of one suit that do not join stay apart
                if isinstance(merged, Reason):
                    return merged
                self.groups[index] = group + cards  # one meld per rank (C-MELD-5)
                return None
        self.groups.append(cards)
        return None

    def remove(self, index: int) -> Cards:
        return self.groups.pop(index)

    def clear(self) -> None:
        self.groups.clear()

    def prune(self) -> None:
        """Forget staged cards that are no longer in the hand (after any move)."""
        hand = set(self.session.state.hands[self.seat])
        self.groups = [g for g in self.groups if set(g) <= hand]

    def points(self) -> int:
        return sum(VALUE_OF[c] for group in self.groups for c in group)

    @property
    def minimum(self) -> int:
        state = self.session.state
        return state.minimum(state.side_of(self.seat))[0]

    def send_action(self) -> Meld:
        return Meld(self.seat, tuple(self.groups))

    def check(self) -> Reason | None:
        if not self.groups:
            return reason("C-TURN-3", "empty_action")
        return why_illegal(self.session.state, self.send_action())


def discard_with_staging(
    session: Session, staging: Staging, discard: Discard
) -> tuple[Action, ...] | Reason:
    """The moves a discard means while melds wait in the staging row (issue 15, fault 1).

    A discard ends the turn, so staged melds must never be left behind: a batch the engine
    accepts (C-INIT minimum met) goes down first and the discard follows, when both together
    are legal; otherwise the first refusal comes back and nothing changes.
    """
    if not staging.groups:
        return (discard,)
    meld = staging.send_action()
    why = why_illegal(session.state, meld)
    if why is not None:
        return why
    after, _events = apply(session.state, meld)
    why = why_illegal(after, discard)
    return why if why is not None else (meld, discard)


def split_groups(cards: Iterable[int], rules: Rules) -> list[list[int]]:
    """Group cards into melds by rank; wild cards join the smallest groups that need them.
    Cards that make one meld as they are (a run of one suit, SAM-9) stay one meld; which
    cards are wild is the rules' table (``Rules.wild``)."""
    cards = list(cards)
    if cards and not isinstance(classify(rules, cards), Reason):
        return [cards]
    wild = rules.wild
    by_rank: dict[int, list[int]] = {}
    wilds: list[int] = []
    for card in cards:
        if wild[card]:
            wilds.append(card)
        else:
            by_rank.setdefault(RANK_OF[card], []).append(card)
    groups = sorted(by_rank.values(), key=len)
    for group in groups:
        while wilds and len(group) < 3:
            group.append(wilds.pop())
    if groups:
        groups[-1].extend(wilds)
    elif wilds:
        groups.append(wilds)
    return groups


def _seat(session: Session) -> int:
    return session.human_seat if session.human_seat is not None else session.state.actor


def take_pile_action(
    session: Session, selected: Sequence[int], staging: Staging | None = None
) -> Action | Reason:
    """The TakePile the selection means: top-card meld first, then (closed side) extra melds."""
    state = session.state
    seat = _seat(session)
    top = state.top
    if top is None:
        return why_illegal(state, TakePile(seat)) or reason("C-PILE-5", "pile_empty")
    staged = list(staging.groups) if staging else []
    staged_cards = {c for g in staged for c in g}
    chosen = [c for c in selected if c not in staged_cards]
    rank = RANK_OF[top]
    wild = state.rules.wild
    naturals = [c for c in chosen if not wild[c] and RANK_OF[c] == rank]
    wilds = [c for c in chosen if wild[c]]
    others = [c for c in chosen if not wild[c] and RANK_OF[c] != rank]
    closed = not state.melds[state.side_of(seat)]
    first: Reason | None = None
    best: Reason | None = None  # the reason of a split whose melds are each valid
    for keep in range(len(wilds), -1, -1):
        top_cards = tuple(naturals + wilds[:keep])
        extra: list[Cards] = []
        if closed:
            rest = others + wilds[keep:]
            extra = [*staged, *(tuple(g) for g in split_groups(rest, state.rules))]
        action = TakePile(seat, top_cards, tuple(extra))
        why = why_illegal(state, action)
        if why is None:
            return action
        first = first or why
        if best is None and not any(isinstance(classify(state.rules, g), Reason) for g in extra):
            best = why
    return best or first or reason("C-PILE-7", "pile_needs_cards", rank=rank)


def _sequence_onto(session: Session, drop: Drop) -> TakePile | None:
    """SAM-18: the pile's top card dropped on a sequence of the side means adding it to an
    end of that sequence (with any selected cards, so the engine can say it goes alone)."""
    if drop.target.kind != "meld" or drop.target.mid is None:
        return None
    state = session.state
    seat = _seat(session)
    meld = state.meld_by_mid(state.side_of(seat), drop.target.mid)
    if meld is None or meld_kind(meld.key) is not MeldKind.SEQUENCE:
        return None
    return TakePile(seat, tuple(drop.cards), onto=meld.mid)


def may_pick_up(session: Session, mid: int) -> bool:
    """SAM-12: whether the human may pick up this meld of their side to join it to another
    (the engine's ``several_groups``: a group in a game where a side keeps several)."""
    if session.human_seat is None:
        return False
    state = session.state
    meld = state.meld_by_mid(state.side_of(session.human_seat), mid)
    return meld is not None and several_groups(state.rules, meld.key)


def _combine_onto(session: Session, drop: Drop) -> CombineMelds | Reason | None:
    """SAM-12: a meld picked up and dropped on another meld means joining the two, if the
    one legality check allows it; dropped anywhere else (or on itself) it means nothing."""
    target = drop.target
    if target.kind != "meld" or target.mid is None or drop.origin is None:
        return None
    if target.mid == drop.origin:
        return None  # put back where it lies
    action = CombineMelds(_seat(session), target.mid, drop.origin)
    return why_illegal(session.state, action) or action


def combine_targets(session: Session, origin: int) -> set[Target]:
    """The melds the picked-up meld ``origin`` may join now (SAM-12, SAM-13, SAM-15), for
    the glow: each one the engine's check accepts."""
    if not session.human_to_act:
        return set()
    state = session.state
    seat = _seat(session)
    return {
        Target("meld", meld.mid)
        for meld in state.melds[state.side_of(seat)]
        if meld.mid != origin and why_illegal(state, CombineMelds(seat, meld.mid, origin)) is None
    }


def combine_action(session: Session) -> CombineMelds | None:
    """SAM-12 from the keyboard: the first joining of two of the side's groups the engine
    lists as legal now (None when there is none)."""
    if not session.human_to_act:
        return None
    moves = combine_moves(session.state)
    return next((m for m in moves if isinstance(m, CombineMelds)), None)


def action_for_drop(
    session: Session, drop: Drop, staging: Staging | None = None
) -> Action | Reason | None:
    """The engine action a drop means; None when it needs none (reordering, staging)."""
    seat = _seat(session)
    state = session.state
    kind = drop.target.kind
    if drop.source == "stock":
        return None if kind in ("stock", "pile") else DrawStock(seat)
    if drop.source == "pile":
        onto = _sequence_onto(session, drop)
        if onto is not None:
            return onto
        if kind in ("table", "hand", "meld", "staging"):
            return take_pile_action(session, drop.cards, staging)
        return None  # dropped back where it came from
    if drop.source == "meld":
        return _combine_onto(session, drop)
    cards = drop.cards
    if kind in ("hand", "stock"):
        return None  # reordering the hand is the player's own business; the stock takes none
    if kind == "pile":
        if len(cards) != 1:
            return reason("C-DISC-1", "discard_one")
        return Discard(seat, cards[0])
    if state.phase is Phase.DRAW and not may_open_before_draw(state):  # IT-7 may open first
        return reason("C-TURN-2", "draw_first")
    side = state.side_of(seat)
    if kind == "meld" and drop.target.mid is not None:
        return Meld(seat, add=((drop.target.mid, cards),))
    if kind in ("table", "staging"):
        whole = Meld(seat, (tuple(cards),))
        alone = len(cards) in (1, len(state.hands[seat]))
        if alone and why_illegal(state, whole) is None:
            # MAC-33: a special hand is the whole hand laid as one meld; MAC-7: the three kept
            # for a Straight is laid out by "melding" it alone
            return whole
        if not state.melds[side] and staging is not None:
            problem = staging.add(cards)
            return problem  # None: staged, waiting for the minimum
        return Meld(seat, tuple(tuple(g) for g in split_groups(cards, state.rules)))
    return reason("C-TURN-3", "empty_action")


def legal_targets(
    session: Session, cards: Sequence[int], source: str, staging: Staging | None = None
) -> set[Target]:
    """Where these cards may be dropped now (for the glow while dragging)."""
    state = session.state
    if not session.human_to_act:
        return set()
    seat = _seat(session)
    side = state.side_of(seat)
    targets = [Target("table"), Target("hand"), Target("pile")]
    targets.extend(Target("meld", m.mid) for m in state.melds[side])
    out: set[Target] = set()
    for target in targets:
        if source == "hand" and target.kind == "hand":
            continue
        if source == "hand" and target.kind == "table" and not state.melds[side]:
            stageable = staging is not None and (
                state.phase is Phase.PLAY or may_open_before_draw(state)  # IT-7
            )
            if stageable and not isinstance(classify(session.rules, tuple(cards)), Reason):
                out.add(target)
            continue
        action = action_for_drop(session, Drop(tuple(cards), source, target), None)
        legal = action is not None and not isinstance(action, Reason)
        if legal and why_illegal(state, action) is None:  # type: ignore[arg-type]
            if source == "pile" and target.kind == "meld" and not _joins(state, action, target):
                continue  # the take lays the top card elsewhere: this meld does not glow
            out.add(target)
    return out


def _joins(state: State, action: Action, target: Target) -> bool:
    """Whether the (legal) ``action`` adds cards to the meld ``target`` (SAM-18: the pile's
    top card glows only over the group or sequence it would join)."""
    _after, events = apply(state, action)
    return any(isinstance(e, MeldExtended) and e.mid == target.mid for e in events)
