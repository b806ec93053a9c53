"""The single legality check and the transition function of a hand.

``why_illegal`` and ``apply`` share one evaluation, ``_evaluate``, which either names the rule
an action breaks or builds the next state. So nothing can be applied that the check rejects,
and the check sees exactly the state the action would produce (C-TURN-7 needs that: an action
after which the turn cannot be finished legally is itself illegal).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from canasta_game.engine import acaba, caliente, mac
from canasta_game.engine import events as ev
from canasta_game.engine.actions import (
    Acaba,
    Action,
    AnswerGoOut,
    AskGoOut,
    CombineMelds,
    Discard,
    DrawStock,
    Meld,
    PlayCaliente,
    TakePile,
)
from canasta_game.engine.cards import (
    IS_BLACK_THREE,
    IS_WILD,
    RANK_OF,
    SEQUENCE_KEY,
)
from canasta_game.engine.combine import combine, several_groups
from canasta_game.engine.cuban import discard_problem, only_black_threes, size_problem
from canasta_game.engine.going_out import can_go_out
from canasta_game.engine.handfoot import book_full, pick_up_foot
from canasta_game.engine.italian import (
    before_draw_problem,
    is_dirty_opening,
    may_open_before_draw,
    opening_problem,
)
from canasta_game.engine.meldrules import (
    check_counts,
    classify,
    may_open_beside,
    sequence_addition,
    wild_onto_canasta,
)
from canasta_game.engine.reasons import Reason, reason
from canasta_game.engine.state import (
    ANSWER,
    ASKED_NO,
    ASKED_YES,
    DRAW,
    DREW_PILE,
    DREW_STOCK,
    NO_QUESTION,
    NOT_DRAWN,
    OVER,
    PLAY,
    HandEnd,
    Question,
    State,
    answering_partner,
    evolve,
)
from canasta_game.engine.take import pile_takes, take
from canasta_game.engine.turn import (
    LEGAL,
    Laying,
    Outcome,
    Result,
    discard_needed,
    end_hand,
    finish_problem,
    frozen_for,
    going_out_problem,
    meets_minimum,
    melded_out_problem,
    pile_block,
    remove_cards,
    set_at,
    went_out,
    wild_meld_pending,
)


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


# --- evaluation ------------------------------------------------------------------------


def _evaluate(state: State, action: Action, build: bool) -> Result:
    """Check ``action``; with ``build`` also make the next state (the check may need it)."""
    if state.phase is OVER:
        return reason("C-OUT-3", "game_over")
    if action.seat != state.actor:
        return reason("C-TURN-1", "not_your_turn", seat=state.actor, actor=action.seat)
    if isinstance(action, AnswerGoOut):
        return _answer(state, action)
    if state.phase is ANSWER:
        return reason("C-OUT-6", "question_pending")
    if isinstance(action, DrawStock):
        return _draw(state, build)
    if isinstance(action, TakePile):
        return _opening_lays(state, take(state, action, build))
    if isinstance(action, Acaba):
        return acaba.declare(state, action, build)  # BRIT-1: in the draw or the play phase
    if isinstance(action, PlayCaliente):
        return caliente.play(state, build, _stock_cards)  # CAL-2: after the draw
    if state.phase is DRAW:
        if isinstance(action, Meld) and may_open_before_draw(state):
            return _meld(state, action, build)  # IT-7: the opening before the draw
        if isinstance(action, AskGoOut):
            return reason("C-OUT-6", "ask_before_draw")
        return reason("C-TURN-2", "draw_first")
    if isinstance(action, Meld):
        if mac.lays_three(state.rules, action):
            return _lay_three(state, action, build)  # MAC-7
        return _opening_lays(state, _meld(state, action, build))
    if isinstance(action, Discard):
        return _discard(state, action, build)
    if isinstance(action, AskGoOut):
        return _ask(state, build)
    if isinstance(action, CombineMelds):
        return combine(state, action, build)  # SAM-12
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
    return evolve(
        state, stock=tuple(cards), pile=(), pile_hidden=0, pile_frozen=False, recycle_idle=True
    )


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
    """C-TURN-2: draw ``draw_count`` cards from the stock (O-DRAW-K) at the turn's start."""
    if state.phase is not DRAW:
        return reason("C-TURN-2", "already_drew")
    if not state.stock and not can_recycle(state):
        return _draw_from_empty_stock(state, build)
    if not build:
        return LEGAL
    events: list[ev.Event] = []
    seat = state.current
    side = state.side_of(seat)
    state, stock, drawn, placed, red_three_last = _stock_cards(state, events)
    if drawn or not red_three_last:
        events.append(ev.CardsDrawn(seat, drawn))
    events.extend(ev.BonusThreePlaced(seat, side, c) for c in placed)
    state = evolve(
        state,
        stock=stock,
        hands=set_at(state.hands, seat, state.hands[seat] + drawn),
        bonus_threes=set_at(state.bonus_threes, side, state.bonus_threes[side] + placed),
        drew=DREW_STOCK,
        phase=state.phase if red_three_last else PLAY,
    )
    if red_three_last:
        # C-R3-5: the red three drawn last scores, and the hand ends at once.
        return end_hand(state, HandEnd("red_three_last"), events)
    return state, events


def _draw_from_empty_stock(state: State, build: bool) -> Result:
    """C-STOCK-4: nothing to draw and nothing to recycle. The player must take the pile
    (O-STOCK-FORCE ANY), or must when the take is forced (PAGAT); declining an optional
    pile ends the hand (C-STOCK-4 under PAGAT)."""
    if state.rules.stock_force == "ANY":
        return reason("C-STOCK-4", "stock_empty_take")
    if stock_draw_forced_take(state):
        return reason("O-STOCK-FORCE", "stock_empty_force")
    return end_hand(state, HandEnd("stock"), []) if build else LEGAL


def _stock_cards(
    state: State, events: list[ev.Event], need: int | None = None
) -> tuple[State, tuple[int, ...], tuple[int, ...], tuple[int, ...], bool]:
    """Take the drawn cards off the stock: (state, stock left, cards drawn, bonus threes laid
    out, whether a bonus three was the stock's last card).

    Bonus threes are replaced one for one within the same draw (C-R3-3, C-R3-4); an empty
    stock is recycled under O-STOCK-RECYCLE (``_recycle`` adds its event), otherwise drawing
    what is left is a complete draw (C-STOCK-7). ``need``: how many (CAL-2), else O-DRAW-K.
    """
    need = state.rules.draw_count if need is None else need
    drawn: list[int] = []
    placed: list[int] = []
    stock = state.stock
    while need > 0:
        if not stock:
            if not can_recycle(state):
                break  # C-STOCK-7
            state = _recycle(state, events)
            stock = state.stock
        card = stock[-1]
        stock = stock[:-1]
        keep = state.rules.keep_three and mac.may_keep_three(
            state, state.current, (*state.hands[state.current], *drawn)
        )
        if state.rules.is_bonus_three(card) and not keep:  # MAC-7: else it stays in hand
            last = not stock and not can_recycle(state)
            if last and state.rules.last_three_in_hand:  # MAC-8: it stays in the hand
                return state, stock, (*drawn, card), tuple(placed), True
            placed.append(card)
            if last:
                return state, stock, tuple(drawn), tuple(placed), True  # C-R3-5
            continue
        drawn.append(card)
        need -= 1
    return state, stock, tuple(drawn), tuple(placed), False


# --- melding ---------------------------------------------------------------------------


def _lay_three(state: State, action: Meld, build: bool) -> Result:
    """MAC-7: the player lays out the three kept in hand; it is replaced (MAC-6)."""
    seat = state.current
    rest = remove_cards(state.hands[seat], action.cards(), "C-MELD-6")
    if isinstance(rest, Reason):
        return rest
    if state.stock:
        if not build:
            return LEGAL
        events: list[ev.Event] = []
        return _lay_kept(state, (seat,), events), events
    # ENG: no stock to replace it, so it is laid out and not replaced (C-TURN-7 still holds)
    side = state.side_of(seat)
    three = action.cards()[0]
    after = evolve(
        state,
        hands=set_at(state.hands, seat, rest),
        bonus_threes=set_at(state.bonus_threes, side, (*state.bonus_threes[side], three)),
    )
    problem = finish_problem(after) if rest else reason("C-TURN-7", "turn_unfinishable")
    if problem is not None:
        return problem
    return (after, [ev.BonusThreePlaced(seat, side, three)]) if build else LEGAL


def _opening_lays(before: State, result: Result) -> Result:
    """MAC-7: a three is kept only while the side has not melded, so the side's opening
    lays out (and replaces) the threes its players kept."""
    if not before.rules.keep_three or not isinstance(result, tuple):
        return result
    after, events = result
    side = before.side_of(before.current)
    if before.melds[side] or not after.melds[side] or after.phase is OVER:
        return result
    return _lay_kept(after, before.rules.side_seats[side], events), events


def _lay_kept(state: State, seats: Iterable[int], events: list[ev.Event]) -> State:
    """MAC-6, MAC-7: the threes in ``seats``' hands laid out, each replaced from the stock
    (a three drawn as a replacement is laid out and replaced in turn)."""
    rules = state.rules
    stock = list(state.stock)
    hands = list(state.hands)
    bonus = list(state.bonus_threes)
    for seat in seats:
        side = rules.seat_side[seat]
        hand = list(hands[seat])
        while stock and any(rules.is_bonus_three(c) for c in hand):
            three = next(c for c in hand if rules.is_bonus_three(c))
            hand.remove(three)
            bonus[side] = (*bonus[side], three)
            events.append(ev.BonusThreePlaced(seat, side, three))
            hand.append(stock.pop())
            events.append(ev.CardsDrawn(seat, (hand[-1],)))
        hands[seat] = tuple(hand)
    return evolve(state, stock=tuple(stock), hands=tuple(hands), bonus_threes=tuple(bonus))


def _meld(state: State, action: Meld, build: bool) -> Result:
    """C-MELD, C-INIT, C-B3-2, O-WILD-MELDS for one batch of new melds and additions."""
    if not action.new and not action.add:
        return reason("C-TURN-3", "empty_action")
    if any(not cards for cards in action.new) or any(not cards for _, cards in action.add):
        return reason("C-TURN-3", "empty_action")
    rest = remove_cards(state.hands[state.current], action.cards(), "C-MELD-6")
    if isinstance(rest, Reason):
        return rest
    if not rest and state.rules.out_discard:
        return reason("IT-20", "close_by_discard")
    laying = Laying.start(state, quiet=not build)
    closed = not laying.melds
    if closed and not rest and len(action.new) == 1 and state.rules.special_hands != "NONE":
        special = mac.special_hand(state.rules, action.new[0])
        if special is not None:
            return _special_hand(state, special[0], build)
    added = _add_to_melds(laying, action.add)
    if isinstance(added, Reason):
        return added
    made = _new_melds(laying, action.new)
    if isinstance(made, Reason):
        return made
    problem = mac.laying_problem(state, laying.side, laying.melds, opening=closed)
    if problem is not None:
        return problem  # MAC-15..20
    regular_wilds = added + made
    first = state.rules.wild_melds and state.rules.wild_meld_first  # HF-11 switches it off
    if first and regular_wilds and wild_meld_pending(laying.melds):
        return reason("O-WILD-MELDS", "wild_meld_pending")
    black_threes = any(m.is_black_threes for m in laying.new)
    must_go_out = state.must_go_out or black_threes
    if any(m.key >= SEQUENCE_KEY and m.size > m.canasta_size for m in laying.melds):
        if len(rest) > 1:
            return reason("BRA-9", "sequence_grow_out")
        must_go_out = True  # BRA-9: an escalera grows past 7 only in the turn going out
    if closed:
        problem = opening_problem(state, laying.side, laying.new)  # IT-9
        if problem is not None:
            return problem
        problem = meets_minimum(state, laying.side, laying.new_points(), laying.new)
        if problem is not None:
            rules = state.rules
            if len(rest) > 1 or rules.out_needs_discard or rules.foot_size:
                return problem  # MAC-30, HF-16: no going out with the opening
            if state.phase is DRAW:
                return problem  # IT-7: an opening before the draw never goes out
            must_go_out = True  # C-INIT-6: no minimum only for going out concealed
    if state.phase is DRAW:
        return before_draw_problem(rest) or _opened_before_draw(laying, rest, build)
    if not build and len(rest) >= 2 and not must_go_out and not only_black_threes(state, rest):
        return LEGAL  # C-TURN-7 holds: one card can be discarded and one kept (CUB-7 aside)
    return _melded(laying, rest, must_go_out, black_threes, build)


def _opened_before_draw(laying: Laying, rest: tuple[int, ...], build: bool) -> Result:
    """IT-7: the opening laid before the draw; the turn goes on with the draw, and a dirty
    opening keeps the pile out of reach this turn (IT-10)."""
    if not build:
        return LEGAL
    state = laying.state
    state = evolve(
        state,
        hands=set_at(state.hands, state.current, rest),
        melds=set_at(state.melds, laying.side, tuple(laying.melds)),
        next_mid=laying.mids,
        turn_new_mids=state.turn_new_mids + tuple(m.mid for m in laying.new),
        opened_dirty=is_dirty_opening(laying.new),
    )
    return state, laying.events


def _special_hand(state: State, name: str, build: bool) -> Result:
    """MAC-33: the whole hand of 14 laid at once as the side's first meld ends the hand.

    The cards stay where they are (the hand's score is the special hand's value alone,
    MAC-34); ``HandEnd.special`` names it.
    """
    if state.drew is not DREW_STOCK:
        return reason("MAC-33", "special_after_draw")
    if not build:
        return LEGAL
    end = HandEnd("special_hand", state.current, special=name)
    return end_hand(state, end, [])


def _add_to_melds(laying: Laying, adds: Sequence[tuple[int, Sequence[int]]]) -> int | Reason:
    """C-MELD-6, C-TURN-6, C-B3-1: additions to the side's melds; the wild cards that went
    to regular melds (O-WILD-MELDS counts them)."""
    state = laying.state
    regular_wilds = 0
    seen: set[int] = set()
    for mid, cards in adds:
        if mid in seen:
            return reason("C-MELD-6", "meld_add_once")
        seen.add(mid)
        target = next((m for m in laying.melds if m.mid == mid), None)
        if target is None:
            others = (m.mid for k, ms in enumerate(state.melds) if k != laying.side for m in ms)
            if mid in set(others):
                return reason("C-TURN-6", "meld_not_yours")
            return reason("C-MELD-6", "meld_no_such")
        if target.is_black_threes:
            return reason("C-B3-1", "meld_b3_add")
        problem = book_full(state.rules, target.size + len(cards))  # HF-9
        if problem is not None:
            return problem
        if target.key >= SEQUENCE_KEY:
            problem = sequence_addition(state.rules, target, cards)
            if problem is not None:
                return problem
            laying.extend(target, tuple(cards), len(cards), 0)
            continue
        naturals = wilds = 0
        for card in cards:
            if IS_WILD[card]:
                wilds += 1
            elif not target.is_wild_meld and RANK_OF[card] == target.key:
                naturals += 1
            else:
                return reason("C-MELD-6", "meld_wrong_card", card=card, rank=target.key)
        problem = wild_onto_canasta(state.rules, target, wilds)
        if problem is None and target.is_wild_meld:
            problem = size_problem(state.rules, target.size + wilds)  # CUB-4
        if problem is not None:
            return problem
        if not target.is_wild_meld:
            problem = check_counts(state.rules, target.naturals + naturals, target.wilds + wilds)
            if problem is not None:
                return problem
            regular_wilds += wilds
        laying.extend(target, tuple(cards), naturals, wilds)
    return regular_wilds


def _new_melds(laying: Laying, groups: Sequence[Sequence[int]]) -> int | Reason:
    """C-MELD-1..5: each new meld valid and of a rank the side has no meld of; the wild
    cards that went to regular melds."""
    rules = laying.state.rules
    existing = laying.state.melds[laying.side]
    regular_wilds = 0
    keys: set[int] = set()
    for group in groups:
        kind = classify(rules, group)
        if isinstance(kind, Reason):
            return kind
        key, naturals, wilds = kind
        if key in keys and key < SEQUENCE_KEY:  # SAM-16: sequences of one suit stay apart
            return reason("C-MELD-5", "meld_same_rank_twice", rank=key)
        keys.add(key)
        same = [m for m in existing if m.key == key]
        several = several_groups(rules, key) or (same and may_open_beside(rules, same))  # SAM-12
        if same and key < SEQUENCE_KEY and not several:
            return reason("C-MELD-5", "meld_exists", rank=key)
        meld = laying.add_new(key, tuple(group), naturals, wilds)
        if not meld.is_wild_meld:
            regular_wilds += wilds
    return regular_wilds


def _melded(
    laying: Laying, rest: tuple[int, ...], must_go_out: bool, black_threes: bool, build: bool
) -> Result:
    """The state after the melds: O-CONC-CANASTA, then going out (C-OUT-2) or C-TURN-7.
    Only checked (not ``build``): going out is allowed once ``melded_out_problem`` says so,
    without scoring the hand (``went_out`` never refuses)."""
    state = laying.state
    side = laying.side
    if not rest and state.rules.out_needs_discard and not state.has_foot(state.current):
        return discard_needed(state.rules)
    conc = state.concealed_canastas
    if state.rules.conc_canasta:
        laid = sum(1 for m in laying.new if m.is_canasta and not m.is_black_threes)
        conc = set_at(conc, side, conc[side] + laid)
    state = evolve(
        state,
        hands=set_at(state.hands, state.current, rest),
        melds=set_at(state.melds, side, tuple(laying.melds)),
        next_mid=laying.mids,
        turn_melded=True,
        recycle_idle=False,
        turn_new_mids=state.turn_new_mids + tuple(m.mid for m in laying.new),
        turn_touched_old=state.turn_touched_old or laying.touched_old,
        must_go_out=must_go_out,
        concealed_canastas=conc,
    )
    if not rest and state.has_foot(state.current):
        state = pick_up_foot(state, state.current, laying.events)  # HF-8: at once
        rest = state.hands[state.current]
    if not rest:
        problem = melded_out_problem(state, side)
        if problem is not None:
            return reason("C-B3-2", problem.key, **problem.values) if black_threes else problem
        return went_out(state, laying.events) if build else LEGAL
    problem = finish_problem(state)
    return problem if problem is not None else (state, laying.events)


# --- discarding, asking, answering ------------------------------------------------------


def _discard(state: State, action: Discard, build: bool) -> Result:
    seat = state.current
    side = state.side_of(seat)
    rest = remove_cards(state.hands[seat], (action.card,), "C-TURN-4")
    if isinstance(rest, Reason):
        return rest
    card = action.card
    rules = state.rules
    problem = discard_problem(state, card)  # CUB-7
    if problem is not None:
        return problem
    out = not rest and not state.has_foot(seat)  # HF-8: else the foot comes next turn
    if out:
        problem = going_out_problem(state, side)
        if problem is not None:
            return problem
        if rules.out_nowild3 and (IS_WILD[card] or IS_BLACK_THREE[card]):
            return reason("O-OUT-NOWILD3", "out_nowild3")
    elif state.must_go_out:
        if state.question is ASKED_YES:
            return reason("C-OUT-6", "out_required")
        return reason("C-B3-2", "b3_must_out")
    else:
        problem = mac.discard_problem(state, card, rest)  # MAC-13, MAC-14
        if problem is not None:
            return problem
    if not build:
        return LEGAL
    face_down = out and rules.closing_face_down
    events: list[ev.Event] = [ev.Discarded(seat, card, face_down)]
    freezes = rules.freezes_pile(card)  # C-PILE-3, O-B3-FREEZE
    if freezes and not state.pile_frozen:
        events.append(ev.PileFrozen(card))
    discarded = {
        "hands": set_at(state.hands, seat, rest),
        "pile": (*state.pile, card),
        "pile_frozen": state.pile_frozen or freezes,
        "discards": (*state.discards, (seat, card)),
    }
    if out:
        return went_out(evolve(state, **discarded), events)
    if mac.talon_size(state, side):  # MAC-26: the talon goes to the hand after the discard
        state = _talon(evolve(state, **discarded), events)
        return start_turn(state, (seat + 1) % rules.players, events)
    return start_turn(state, (seat + 1) % rules.players, events, **discarded)


def _talon(state: State, events: list[ev.Event]) -> State:
    """MAC-26, MAC-27: after the discard, the player who opened from hand takes the talon
    from the top of the stock (MAC-28: the side's packet set aside at the deal); threes in it
    are laid out and replaced from the stock (MAC-6)."""
    seat = state.current
    side = state.side_of(seat)
    size = mac.talon_size(state, side)
    if not size:
        return state
    stock = list(state.stock)
    got: list[int] = []
    placed: list[int] = []
    talons = state.talons
    if state.rules.talon == "PREDEALT":  # MAC-28: the side's packet, then threes replaced
        index = mac.packet_index(state, side)
        packet = list(talons[index])
        talons = tuple(() if i == index else t for i, t in enumerate(talons))
        stock.extend(reversed(packet))  # drawn below in the packet's order
        size = len(packet)
    while len(got) < size and stock:
        card = stock.pop()
        (placed if state.rules.is_bonus_three(card) else got).append(card)
    events.append(ev.CardsDrawn(seat, tuple(got)))
    events.extend(ev.BonusThreePlaced(seat, side, c) for c in placed)
    return evolve(
        state,
        talons=talons,
        stock=tuple(stock),
        hands=set_at(state.hands, seat, state.hands[seat] + tuple(got)),
        bonus_threes=set_at(state.bonus_threes, side, state.bonus_threes[side] + tuple(placed)),
    )


#: What every turn starts with (C-TURN-1): nothing drawn, melded, asked or promised yet.
_TURN_START: dict[str, object] = {
    "phase": DRAW,
    "drew": NOT_DRAWN,
    "took_pile_closed": False,
    "turn_melded": False,
    "turn_new_mids": (),
    "turn_touched_old": False,
    "question": NO_QUESTION,
    "acaba_question": NO_QUESTION,
    "must_go_out": False,
    "opened_dirty": False,
}


def turn_changes(state: State, seat: int) -> dict[str, object]:
    """The fields that change when the turn passes to ``seat``: the turn's counter, who has
    melded this hand (C-OUT-4), and everything a turn starts with (``_TURN_START``)."""
    melded = state.has_melded
    if state.turn_new_mids or state.turn_touched_old or state.drew is DREW_PILE:
        melded = set_at(melded, state.current, True)
    return dict(_TURN_START, current=seat, turn=state.turn + 1, has_melded=melded)


def next_turn_fields(state: State, seat: int) -> dict[str, object]:
    """Every field of ``state`` with ``turn_changes`` made, as a new dict a caller may change
    further and make a State of (``state.of_fields``): ``fastapply``'s discard, one copy
    instead of a dict of the changes and a second merging it (issue 16)."""
    fields = state.__dict__ | _TURN_START
    if state.turn_new_mids or state.turn_touched_old or state.drew is DREW_PILE:
        fields["has_melded"] = set_at(state.has_melded, state.current, True)
    fields["current"] = seat
    fields["turn"] = state.turn + 1
    return fields


def start_turn(state: State, seat: int, events: list[ev.Event], **discarded: object) -> Outcome:
    """Pass the turn to ``seat`` (``discarded``: the discard's changes, made in the same
    copy); C-STOCK-4 ends the hand if the stock is out and no take is."""
    state = evolve(state, **turn_changes(state, seat), **discarded)
    events.append(ev.TurnStarted(seat))
    if not state.hands[seat] and state.has_foot(seat):
        state = pick_up_foot(state, seat, events)  # HF-8: the hand went out with a discard
    return check_stock_out(state, events)


def check_stock_out(state: State, events: list[ev.Event]) -> Outcome:
    """C-STOCK-4, checked when a turn begins: no stock and no pile to take ends the hand."""
    stock_out = state.phase is DRAW and not state.stock and not can_recycle(state)
    if stock_out and not pile_takes(state, limit=1):
        return end_hand(state, HandEnd("stock"), events)
    return state, events


def _ask(state: State, build: bool) -> Result:
    """C-OUT-7: "may I go out?", only before melding this turn and only where going out is
    still possible (the solver decides); a check alone makes no state (issue 16: the move
    lists ask it every turn the cheap cuts leave open)."""
    rules = state.rules
    seat = state.current
    if len(rules.side_seats[state.side_of(seat)]) < 2:
        return reason("C-SEAT-6", "ask_not_partner")
    if state.question is not NO_QUESTION:
        return reason("C-OUT-7", "ask_again")
    if rules.ask_once and seat in state.asked_out:
        return reason("MAC-32", "ask_once")
    if state.turn_melded:
        return reason("C-OUT-6", "ask_late")
    if len(state.hands[seat]) < 2:
        return reason("C-OUT-7", "ask_no_choice")  # ENG: a "no" could not be obeyed
    if not can_go_out(state, asking=True):
        return reason("C-OUT-7", "ask_cannot_out")
    if not build:
        return LEGAL
    partner = answering_partner(rules, seat)
    asked = (*state.asked_out, seat) if rules.ask_once else state.asked_out  # MAC-32
    state = evolve(state, phase=ANSWER, question=Question.PENDING, asked_out=asked)
    return state, [ev.AskedGoOut(seat, partner)]


def _answer(state: State, action: AnswerGoOut) -> Result:
    if state.phase is not ANSWER:
        return reason("C-OUT-6", "answer_none")
    if state.acaba_question is Question.PENDING:
        return acaba.answer(state, action)  # BRIT-2
    state = evolve(
        state,
        phase=PLAY,
        question=ASKED_YES if action.yes else ASKED_NO,
        must_go_out=state.must_go_out or action.yes,
    )
    problem = finish_problem(state)
    if problem is not None:
        return problem
    return state, [ev.AnsweredGoOut(action.seat, action.yes)]
