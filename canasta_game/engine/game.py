"""The single legality check and the transition function of a hand.

``why_illegal`` and ``apply`` share one evaluation, ``_evaluate``, which either names the rule
an action breaks or builds the next state. So nothing can be applied that the check rejects,
and the check sees exactly the state the action would produce (C-TURN-7 needs that: an action
after which the turn cannot be finished legally is itself illegal).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from canasta_game.engine import events as ev
from canasta_game.engine.actions import (
    Action,
    AnswerGoOut,
    AskGoOut,
    Discard,
    DrawStock,
    Meld,
    TakePile,
)
from canasta_game.engine.cards import (
    BLACK_THREE_KEY,
    IS_BLACK_THREE,
    IS_RED_THREE,
    IS_WILD,
    RANK_OF,
    VALUE_OF,
    WILD_KEY,
)
from canasta_game.engine.going_out import can_go_out
from canasta_game.engine.meldrules import check_counts, classify, grown, make_meld
from canasta_game.engine.reasons import Reason, reason
from canasta_game.engine.rules import Rules
from canasta_game.engine.state import (
    DrawKind,
    HandEnd,
    Phase,
    Question,
    State,
    TableMeld,
    answering_partner,
    evolve,
)

Outcome = tuple[State, list[ev.Event]]


class _Legal:
    """Returned instead of an Outcome when the check alone was asked for and passed."""


LEGAL = _Legal()
Result = Outcome | Reason | _Legal


class IllegalAction(ValueError):
    """Raised by ``apply`` for an action that ``why_illegal`` rejects."""

    def __init__(self, why: Reason) -> None:
        super().__init__(str(why))
        self.reason = why


def why_illegal(state: State, action: Action) -> Reason | None:
    """None if ``action`` is legal in ``state``, else the rule it breaks, in words."""
    result = _evaluate(state, action, build=False)
    return result if isinstance(result, Reason) else None


def apply(state: State, action: Action) -> Outcome:
    """The state after ``action`` and what happened; raises IllegalAction if it is illegal."""
    result = _evaluate(state, action, build=True)
    if isinstance(result, Reason):
        raise IllegalAction(result)
    assert result is not LEGAL
    return result


# --- helpers ---------------------------------------------------------------------------


def _remove(hand: tuple[int, ...], cards: Sequence[int]) -> tuple[int, ...] | Reason:
    wanted = set(cards)
    if len(wanted) != len(cards):
        seen: set[int] = set()
        for card in cards:
            if card in seen:
                return reason("C-TURN-3", "duplicate_card", card=card)
            seen.add(card)
    rest = tuple(c for c in hand if c not in wanted)
    if len(rest) != len(hand) - len(wanted):
        held = set(hand)
        missing = next(c for c in cards if c not in held)
        return reason("C-TURN-3", "not_in_hand", card=missing)
    return rest


def _set(items: tuple, index: int, value: object) -> tuple:
    return (*items[:index], value, *items[index + 1 :])


def pile_block(state: State) -> Reason | None:
    """C-PILE-5 (and C-B3-3): why nobody can take the pile now, if so."""
    top = state.top
    if top is None:
        return reason("C-PILE-5", "pile_empty")
    if IS_WILD[top]:
        return reason("C-PILE-5", "pile_blocked_wild")
    if IS_BLACK_THREE[top] and (not state.rules.b3_asr3 or state.rules.b3_asr3_stop):
        return reason("C-B3-3", "pile_blocked_b3")
    if IS_RED_THREE[top] or IS_BLACK_THREE[top]:
        return reason("C-PILE-5", "pile_blocked_r3")
    return None


def frozen_for(state: State, side: int) -> bool:
    """C-PILE-3, C-PILE-4 and O-PILE-FROZEN (``frozen_reason`` says which; this is the fast
    check the move generator runs thousands of times)."""
    return state.pile_frozen or state.rules.pile_frozen or not state.melds[side]


def pile_freezer(state: State) -> int | None:
    """C-PILE-3: the card that froze the pile for everyone (the lowest freezing card in it)."""
    if not state.pile_frozen:
        return None
    return next((c for c in state.pile if state.rules.freezes_pile(c)), None)


def frozen_reason(state: State, side: int) -> Reason | None:
    """Why the pile is frozen for ``side``, with the rule that says so, or None."""
    if state.pile_frozen:
        freezer = pile_freezer(state)
        if freezer is not None:
            return reason("C-PILE-3", "frozen_by_card", card=freezer)
        return reason("C-PILE-3", "frozen")
    if state.rules.pile_frozen:
        return reason("O-PILE-FROZEN", "frozen_always")
    if not state.melds[side]:
        return reason("C-PILE-4", "frozen_closed")
    return None


def _canasta_events(side: int, before: TableMeld | None, after: TableMeld) -> list[ev.Event]:
    if after.is_canasta and not after.is_black_threes and (before is None or not before.is_canasta):
        return [ev.CanastaCompleted(side, after.mid, after.is_natural)]
    return []


def _wild_meld_pending(melds: Sequence[TableMeld]) -> bool:
    return any(m.is_wild_meld and not m.is_canasta for m in melds)


def _meets_minimum(state: State, side: int, points: int, new: Sequence[TableMeld]) -> Reason | None:
    need, canasta = state.minimum(side)
    if points < need:
        return reason("C-INIT-1", "init_minimum", need=need, have=points)
    if canasta == "any" and not any(m.is_canasta for m in new):
        return reason("O-INIT-HIGH", "init_canasta", natural=False)
    if canasta == "natural" and not any(m.is_canasta and m.is_natural for m in new):
        return reason("O-INIT-HIGH", "init_canasta", natural=True)
    return None


def _going_out_problem(state: State, side: int) -> Reason | None:
    """C-OUT-1, O-OUT-CLEAN and a binding "no" (C-OUT-6) for ending the turn with no cards."""
    if state.question is Question.NO:
        return reason("C-OUT-6", "out_forbidden")
    rules = state.rules
    have = state.canastas(side)
    if have < rules.go_out_canastas:
        if rules.go_out_canastas == 1 and have == 0:
            return reason("C-OUT-5", "out_no_canasta")
        return reason("C-OUT-1", "out_canastas", need=rules.go_out_canastas, have=have)
    need_natural = rules.natural_canastas_to_go_out()
    naturals = sum(1 for m in state.melds[side] if m.is_canasta and m.is_natural)
    if naturals < need_natural:
        return reason("O-OUT-CLEAN", "out_clean", need=need_natural)
    return None


def _finish_problem(state: State) -> Reason | None:
    """C-TURN-7: can the player who is to move still end this turn legally?"""
    hand = state.hands[state.current]
    if state.must_go_out:
        if can_go_out(state):
            return None
        if state.question is Question.YES:
            return reason("C-OUT-6", "out_required")
        return reason("C-B3-2", "b3_must_out")
    if len(hand) >= 2:
        return None
    if can_go_out(state):
        return None
    if state.question is Question.NO:
        return reason("C-OUT-6", "out_forbidden")
    problem = _going_out_problem(state, state.side_of(state.current))
    if problem is not None:
        return problem
    return reason("C-TURN-7", "turn_unfinishable")


def _concealed(state: State, side: int) -> bool:
    """C-OUT-4 for the player going out now (with O-CONCEALED-PILE)."""
    seat = state.current
    if state.has_melded[seat] or state.turn_touched_old:
        return False
    if state.drew is DrawKind.PILE and state.rules.concealed_pile == "DISALLOWED":
        return False
    new = set(state.turn_new_mids)
    return any(m.is_canasta and m.mid in new for m in state.melds[side])


def _end_hand(state: State, end: HandEnd, events: list[ev.Event]) -> Outcome:
    if end.seat is not None:
        events.append(ev.WentOut(end.seat, end.concealed))
    events.append(ev.HandEnded(end.reason))
    return evolve(state, phase=Phase.OVER, end=end), events


def _went_out(state: State, events: list[ev.Event]) -> Outcome:
    side = state.side_of(state.current)
    black = any(m.is_black_threes for m in state.melds[side])
    end = HandEnd("went_out", state.current, _concealed(state, side), black)
    return _end_hand(state, end, events)


# --- evaluation ------------------------------------------------------------------------


def _evaluate(state: State, action: Action, build: bool) -> Result:
    """Check ``action``; with ``build`` also make the next state (the check may need it)."""
    if state.phase is Phase.OVER:
        return reason("C-OUT-3", "game_over")
    if action.seat != state.actor:
        return reason("C-TURN-1", "not_your_turn", seat=state.actor, actor=action.seat)
    if isinstance(action, AnswerGoOut):
        return _answer(state, action)
    if state.phase is Phase.ANSWER:
        return reason("C-OUT-6", "question_pending")
    if isinstance(action, DrawStock):
        return _draw(state, build)
    if isinstance(action, TakePile):
        return _take(state, action, build)
    if state.phase is Phase.DRAW:
        if isinstance(action, AskGoOut):
            return reason("C-OUT-6", "ask_before_draw")
        return reason("C-TURN-2", "draw_first")
    if isinstance(action, Meld):
        return _meld(state, action, build)
    if isinstance(action, Discard):
        return _discard(state, action, build)
    if isinstance(action, AskGoOut):
        return _ask(state)
    raise TypeError(f"not an action: {action!r}")


# --- drawing ---------------------------------------------------------------------------


def _recycle(state: State, events: list[ev.Event]) -> State:
    """O-STOCK-RECYCLE: the pile turned face down becomes the stock.

    Turning the pile over puts its bottom card on top; the stock's top is its last element,
    so the new stock is the pile reversed (shuffled instead with O-RECYCLE-SHUFFLE).
    """
    cards = list(reversed(state.pile))
    if state.rules.recycle_shuffle:
        random.Random(f"{state.seed}:recycle:{state.turn}").shuffle(cards)
    events.append(ev.PileRecycled(len(cards)))
    return evolve(state, stock=tuple(cards), pile=(), pile_frozen=False, recycle_idle=True)


def can_recycle(state: State) -> bool:
    """O-STOCK-RECYCLE, with the end this project adds (RECYCLE-END, README): the pile is
    turned over again only if somebody melded or took the pile since the last turn-over.

    Otherwise two players could pass one card through an emptied stock for ever; the stock
    then counts as empty and C-STOCK-1 / C-STOCK-4 end the hand.
    """
    return state.rules.stock_recycle and bool(state.pile) and not state.recycle_idle


def stock_draw_forced_take(state: State) -> bool:
    """O-STOCK-FORCE=PAGAT: with the stock empty, is taking the pile compulsory?"""
    side = state.side_of(state.current)
    if pile_block(state) is not None or frozen_for(state, side):
        return False
    rank = RANK_OF[state.top]  # type: ignore[index]
    return any(m.key == rank for m in state.melds[side])


def _draw(state: State, build: bool) -> Result:
    if state.phase is not Phase.DRAW:
        return reason("C-TURN-2", "already_drew")
    events: list[ev.Event] = []
    if not state.stock and not can_recycle(state):
        if state.rules.stock_force == "ANY" or stock_draw_forced_take(state):
            key = "stock_empty_take" if state.rules.stock_force == "ANY" else "stock_empty_force"
            rule = "C-STOCK-4" if state.rules.stock_force == "ANY" else "O-STOCK-FORCE"
            return reason(rule, key)
        # PAGAT: declining an optional pile ends the hand (C-STOCK-4).
        return _end_hand(state, HandEnd("stock"), events) if build else LEGAL
    if not build:
        return LEGAL
    seat = state.current
    side = state.side_of(seat)
    need = state.rules.draw_count
    drawn: list[int] = []
    bonus = list(state.bonus_threes[side])
    placed: list[int] = []
    stock = state.stock
    while need > 0:
        if not stock:
            if not can_recycle(state):
                break  # C-STOCK-7: drawing what is left is a complete draw
            state = _recycle(state, events)
            stock = state.stock
        card = stock[-1]
        stock = stock[:-1]
        if state.rules.is_bonus_three(card):
            bonus.append(card)
            placed.append(card)
            if not stock and not can_recycle(state):
                # C-R3-5: the red three scores, and the hand ends at once.
                if drawn:
                    events.append(ev.CardsDrawn(seat, tuple(drawn)))
                events.extend(ev.BonusThreePlaced(seat, side, c) for c in placed)
                state = evolve(
                    state,
                    stock=stock,
                    hands=_set(state.hands, seat, state.hands[seat] + tuple(drawn)),
                    bonus_threes=_set(state.bonus_threes, side, tuple(bonus)),
                    drew=DrawKind.STOCK,
                )
                return _end_hand(state, HandEnd("red_three_last"), events)
            continue  # C-R3-3 / C-R3-4: replaced one for one within the same draw
        drawn.append(card)
        need -= 1
    events.append(ev.CardsDrawn(seat, tuple(drawn)))
    events.extend(ev.BonusThreePlaced(seat, side, c) for c in placed)
    state = evolve(
        state,
        stock=stock,
        hands=_set(state.hands, seat, state.hands[seat] + tuple(drawn)),
        bonus_threes=_set(state.bonus_threes, side, tuple(bonus)),
        phase=Phase.PLAY,
        drew=DrawKind.STOCK,
    )
    return state, events


# --- taking the pile -------------------------------------------------------------------


def _take(state: State, action: TakePile, build: bool) -> Result:
    if state.phase is not Phase.DRAW:
        return reason("C-TURN-2", "already_drew")
    blocked = pile_block(state)
    if blocked is not None:
        return blocked
    rules = state.rules
    seat = state.current
    side = state.side_of(seat)
    hand = state.hands[seat]
    top: int = state.pile[-1]
    rank = RANK_OF[top]
    if rules.pile_onecard == "FORBID" and len(hand) == 1 and len(state.pile) == 1:
        return reason("O-PILE-ONECARD", "pile_one_card")
    used = action.cards
    rest = _remove(hand, [*used, *(c for m in action.melds for c in m)])
    if isinstance(rest, Reason):
        return rest
    naturals = wilds = 0
    for card in used:
        if IS_WILD[card]:
            wilds += 1
        elif RANK_OF[card] == rank:
            naturals += 1
        else:
            return reason("C-PILE-6", "pile_card_rank", rank=rank)
    closed = not state.melds[side]
    side_melds = state.melds[side]
    of_rank = [m for m in side_melds if m.key == rank]
    target = next((m for m in of_rank if not m.is_canasta), of_rank[0] if of_rank else None)
    name = rank
    if frozen_for(state, side):
        if naturals < 2:
            if closed:
                return reason("C-PILE-4", "pile_frozen_closed", rank=name, need=2)
            if rules.pile_frozen:
                return reason("O-PILE-FROZEN", "pile_always_frozen", rank=name, need=2)
            return reason("C-PILE-6", "pile_frozen_pair", rank=name, need=2)
    elif target is None or (rules.pile_nocanadd and target.is_canasta):
        if len(used) < 2 or naturals < 1:
            if target is not None and not used:
                return reason("O-PILE-NOCANADD", "pile_no_canasta_add")
            return reason("C-PILE-7", "pile_needs_cards", rank=name)
        if rules.pile_2nat and naturals < 2:
            return reason("O-PILE-2NAT", "pile_two_naturals", rank=name, need=2)
    if action.separate and not (
        rules.pile_conflict == "A" and target is not None and target.is_canasta and used
    ):
        return reason("O-PILE-CONFLICT", "meld_exists", rank=name)
    events: list[ev.Event] = [ev.PileTaken(seat, state.pile)]
    mids = state.next_mid
    new_melds: list[TableMeld] = []
    melds = list(side_melds)
    cards = (top, *used)
    touched_old = False
    if target is not None and not action.separate:
        problem = check_counts(rules, target.naturals + 1 + naturals, target.wilds + wilds)
        if problem is not None:
            return problem
        merged = grown(rules, target, cards, 1 + naturals, wilds)
        melds[melds.index(target)] = merged
        events.append(ev.MeldExtended(seat, side, target.mid, cards))
        events.extend(_canasta_events(side, target, merged))
        touched_old = True
        pile_meld = merged
    else:
        if len(cards) < 3:
            return reason("C-MELD-1", "meld_too_small")
        problem = check_counts(rules, 1 + naturals, wilds)
        if problem is not None:
            return problem
        pile_meld = make_meld(rules, mids, rank, cards, 1 + naturals, wilds)
        mids += 1
        melds.append(pile_meld)
        new_melds.append(pile_meld)
        events.append(ev.MeldMade(seat, side, pile_meld.mid, cards))
        events.extend(_canasta_events(side, None, pile_meld))
    if action.melds and not closed:
        return reason("C-PILE-8", "pile_extra_open")
    keys = {rank}
    for group in action.melds:
        kind = classify(rules, group)
        if isinstance(kind, Reason):
            return kind
        key, nat, wild = kind
        if key == rank or key in keys:
            return reason("C-MELD-5", "meld_same_rank_twice", rank=key)
        if key == BLACK_THREE_KEY:  # only when going out, never with the pile (C-B3-2)
            return reason("C-B3-2", "b3_not_out")
        keys.add(key)
        meld = make_meld(rules, mids, key, tuple(group), nat, wild)
        mids += 1
        melds.append(meld)
        new_melds.append(meld)
        events.append(ev.MeldMade(seat, side, meld.mid, meld.cards))
        events.extend(_canasta_events(side, None, meld))
    if rules.wild_melds and _wild_meld_pending(melds):
        regular_wilds = wilds + sum(m.wilds for m in new_melds if not m.is_wild_meld)
        if regular_wilds and pile_meld.key != WILD_KEY:
            return reason("O-WILD-MELDS", "wild_meld_pending")
    if closed:
        points = sum(VALUE_OF[c] for m in new_melds for c in m.cards)
        problem = _meets_minimum(state, side, points, new_melds)
        if problem is not None:
            return reason("C-PILE-8", problem.key, **problem.values)
    below = state.pile[:-1]
    threes = tuple(c for c in below if state.rules.is_bonus_three(c))
    gained = tuple(c for c in below if not state.rules.is_bonus_three(c))
    if not build and len(rest) + len(gained) >= 2:
        return LEGAL  # C-TURN-7 holds: one card can be discarded and one kept
    events.extend(ev.BonusThreePlaced(seat, side, c) for c in threes)
    picked = state.picked[seat] | frozenset(gained)
    state = evolve(
        state,
        hands=_set(state.hands, seat, rest + gained),
        pile=(),
        pile_frozen=False,
        melds=_set(state.melds, side, tuple(melds)),
        bonus_threes=_set(state.bonus_threes, side, state.bonus_threes[side] + threes),
        next_mid=mids,
        phase=Phase.PLAY,
        drew=DrawKind.PILE,
        took_pile_closed=closed,
        recycle_idle=False,
        turn_new_mids=state.turn_new_mids + tuple(m.mid for m in new_melds),
        turn_touched_old=state.turn_touched_old or touched_old,
        picked=_set(state.picked, seat, picked),
    )
    if not state.hands[seat]:  # C-PILE-11 with C-OUT-2: every card melded goes out
        problem = _going_out_problem(state, side)
        return problem if problem is not None else _went_out(state, events)
    problem = _finish_problem(state)
    if problem is not None:
        return problem
    return state, events


# --- melding ---------------------------------------------------------------------------


def _meld(state: State, action: Meld, build: bool) -> Result:
    rules = state.rules
    seat = state.current
    side = state.side_of(seat)
    if not action.new and not action.add:
        return reason("C-TURN-3", "empty_action")
    if any(not cards for cards in action.new) or any(not cards for _, cards in action.add):
        return reason("C-TURN-3", "empty_action")
    rest = _remove(state.hands[seat], action.cards())
    if isinstance(rest, Reason):
        return rest
    events: list[ev.Event] = []
    melds = list(state.melds[side])
    by_mid = {m.mid: i for i, m in enumerate(melds)}
    closed = not melds
    regular_wilds = 0
    touched_old = False
    seen: set[int] = set()
    for mid, cards in action.add:
        if mid in seen:
            return reason("C-MELD-6", "meld_add_once")
        seen.add(mid)
        index = by_mid.get(mid)
        if index is None:
            others = (m.mid for k, ms in enumerate(state.melds) if k != side for m in ms)
            if mid in set(others):
                return reason("C-TURN-6", "meld_not_yours")
            return reason("C-MELD-6", "meld_no_such")
        target = melds[index]
        if target.is_black_threes:
            return reason("C-B3-1", "meld_b3_add")
        naturals = wilds = 0
        for card in cards:
            if IS_WILD[card]:
                wilds += 1
            elif not target.is_wild_meld and RANK_OF[card] == target.key:
                naturals += 1
            else:
                return reason("C-MELD-6", "meld_wrong_card", card=card, rank=target.key)
        if not target.is_wild_meld:
            problem = check_counts(rules, target.naturals + naturals, target.wilds + wilds)
            if problem is not None:
                return problem
            regular_wilds += wilds
        bigger = grown(rules, target, cards, naturals, wilds)
        melds[index] = bigger
        if mid not in state.turn_new_mids:
            touched_old = True
        events.append(ev.MeldExtended(seat, side, mid, tuple(cards)))
        events.extend(_canasta_events(side, target, bigger))
    mids = state.next_mid
    new_melds: list[TableMeld] = []
    black_threes = False
    new_keys: set[int] = set()
    for group in action.new:
        kind = classify(rules, group)
        if isinstance(kind, Reason):
            return kind
        key, naturals, wilds = kind
        name = key
        if key in new_keys:
            return reason("C-MELD-5", "meld_same_rank_twice", rank=name)
        new_keys.add(key)
        existing = [m for m in state.melds[side] if m.key == key]
        if existing and not _may_open_beside(rules, existing):
            return reason("C-MELD-5", "meld_exists", rank=name)
        meld = make_meld(rules, mids, key, tuple(group), naturals, wilds)
        mids += 1
        black_threes = black_threes or meld.is_black_threes
        if not meld.is_wild_meld:
            regular_wilds += wilds
        melds.append(meld)
        new_melds.append(meld)
        events.append(ev.MeldMade(seat, side, meld.mid, meld.cards))
        events.extend(_canasta_events(side, None, meld))
    if rules.wild_melds and regular_wilds and _wild_meld_pending(melds):
        return reason("O-WILD-MELDS", "wild_meld_pending")
    must_go_out = state.must_go_out or black_threes
    if closed:
        points = sum(VALUE_OF[c] for m in new_melds for c in m.cards)
        problem = _meets_minimum(state, side, points, new_melds)
        if problem is not None:
            if len(rest) > 1:
                return problem
            must_go_out = True  # C-INIT-6: no minimum only for going out concealed
    if not build and len(rest) >= 2 and not must_go_out:
        return LEGAL  # C-TURN-7 holds: one card can be discarded and one kept
    conc = state.concealed_canastas
    if rules.conc_canasta:
        laid = sum(1 for m in new_melds if m.is_canasta and not m.is_black_threes)
        conc = _set(conc, side, conc[side] + laid)
    state = evolve(
        state,
        hands=_set(state.hands, seat, rest),
        melds=_set(state.melds, side, tuple(melds)),
        next_mid=mids,
        turn_melded=True,
        recycle_idle=False,
        turn_new_mids=state.turn_new_mids + tuple(m.mid for m in new_melds),
        turn_touched_old=state.turn_touched_old or touched_old,
        must_go_out=must_go_out,
        concealed_canastas=conc,
    )
    if not rest:
        problem = _going_out_problem(state, side)
        if problem is not None:
            return reason("C-B3-2", problem.key, **problem.values) if black_threes else problem
        return _went_out(state, events)
    problem = _finish_problem(state)
    if problem is not None:
        return problem
    return state, events


def _may_open_beside(rules: Rules, existing: Sequence[TableMeld]) -> bool:
    """O-PILE-CONFLICT=A: one open meld may be started beside completed canastas of a rank."""
    return (
        rules.pile_conflict == "A"
        and rules.pile_nocanadd
        and not rules.pile_2nat
        and all(m.is_canasta for m in existing)
        and existing[0].key not in (WILD_KEY, BLACK_THREE_KEY)
    )


# --- discarding, asking, answering ------------------------------------------------------


def _discard(state: State, action: Discard, build: bool) -> Result:
    seat = state.current
    side = state.side_of(seat)
    rest = _remove(state.hands[seat], (action.card,))
    if isinstance(rest, Reason):
        return rest
    card = action.card
    rules = state.rules
    if not rest:
        problem = _going_out_problem(state, side)
        if problem is not None:
            return problem
        if rules.out_nowild3 and (IS_WILD[card] or IS_BLACK_THREE[card]):
            return reason("O-OUT-NOWILD3", "out_nowild3")
    elif state.must_go_out:
        if state.question is Question.YES:
            return reason("C-OUT-6", "out_required")
        return reason("C-B3-2", "b3_must_out")
    if not build:
        return LEGAL
    face_down = not rest and rules.closing_face_down
    events: list[ev.Event] = [ev.Discarded(seat, card, face_down)]
    freezes = rules.freezes_pile(card)  # C-PILE-3, O-B3-FREEZE
    if freezes and not state.pile_frozen:
        events.append(ev.PileFrozen(card))
    state = evolve(
        state,
        hands=_set(state.hands, seat, rest),
        pile=(*state.pile, card),
        pile_frozen=state.pile_frozen or freezes,
        discards=(*state.discards, (seat, card)),
    )
    if not rest:
        return _went_out(state, events)
    return start_turn(state, (seat + 1) % rules.players, events)


def start_turn(state: State, seat: int, events: list[ev.Event]) -> Outcome:
    """Pass the turn to ``seat``; C-STOCK-4 ends the hand if the stock is out and no take is."""
    previous = state.current
    melded = state.has_melded
    if state.turn_new_mids or state.turn_touched_old or state.drew is DrawKind.PILE:
        melded = _set(melded, previous, True)
    state = evolve(
        state,
        current=seat,
        phase=Phase.DRAW,
        turn=state.turn + 1,
        drew=DrawKind.NONE,
        took_pile_closed=False,
        turn_melded=False,
        turn_new_mids=(),
        turn_touched_old=False,
        question=Question.NONE,
        must_go_out=False,
        has_melded=melded,
    )
    events.append(ev.TurnStarted(seat))
    return check_stock_out(state, events)


def check_stock_out(state: State, events: list[ev.Event]) -> Outcome:
    """C-STOCK-4, checked when a turn begins: no stock and no pile to take ends the hand."""
    if state.phase is Phase.DRAW and not state.stock and not can_recycle(state):
        from canasta_game.engine.movegen import pile_takes  # movegen builds on this module

        if not pile_takes(state, limit=1):
            return _end_hand(state, HandEnd("stock"), events)
    return state, events


def _ask(state: State) -> Result:
    rules = state.rules
    seat = state.current
    if len(rules.side_seats[state.side_of(seat)]) < 2:
        return reason("C-SEAT-6", "ask_not_partner")
    if state.question is not Question.NONE:
        return reason("C-OUT-7", "ask_again")
    if state.turn_melded:
        return reason("C-OUT-6", "ask_late")
    if len(state.hands[seat]) < 2:
        return reason("C-OUT-7", "ask_no_choice")  # ENG: a "no" could not be obeyed
    if not can_go_out(state):
        return reason("C-OUT-7", "ask_cannot_out")
    partner = answering_partner(rules, seat)
    state = evolve(state, phase=Phase.ANSWER, question=Question.PENDING)
    return state, [ev.AskedGoOut(seat, partner)]


def _answer(state: State, action: AnswerGoOut) -> Result:
    if state.phase is not Phase.ANSWER:
        return reason("C-OUT-6", "answer_none")
    state = evolve(
        state,
        phase=Phase.PLAY,
        question=Question.YES if action.yes else Question.NO,
        must_go_out=state.must_go_out or action.yes,
    )
    problem = _finish_problem(state)
    if problem is not None:
        return problem
    return state, [ev.AnsweredGoOut(action.seat, action.yes)]
