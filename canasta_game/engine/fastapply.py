"""The next state after a generated move, for the self-play loops (issue 16).

``advance(state, move)`` is ``apply(state, move)[0]`` for a move the generator offered: the
commonest moves of a hand (a stock draw, a discard that leaves cards in hand, a meld that
keeps cards and an open side's plain take of the pile) are made here without the legality
check (the generator made them legal) and without the events nobody in a self-play loop
reads; every other move, and every position of rules outside
``constructive.MODELLED_FIELDS``, goes through ``apply``.
``tests/engine/test_fastapply.py`` compares the two states along seeded self-play.
"""

from __future__ import annotations

from itertools import filterfalse

from canasta_game.engine import constructive
from canasta_game.engine.actions import Action, Discard, DrawStock, Meld, TakePile
from canasta_game.engine.cards import BLACK_THREE_KEY, IS_WILD, RANK_OF, SEQUENCE_KEY
from canasta_game.engine.game import apply, next_turn_fields
from canasta_game.engine.meldrules import classify, grown, make_meld
from canasta_game.engine.rules import Rules
from canasta_game.engine.state import (
    DRAW,
    DREW_PILE,
    DREW_STOCK,
    PLAY,
    State,
    TableMeld,
    evolve_known,
    of_fields,
)
from canasta_game.engine.take import top_target
from canasta_game.engine.turn import remove_cards, set_at


def advance(state: State, move: Action) -> State:
    """The state after ``move``, which must be one of ``legal_moves(state)``."""
    kind = type(move)
    if kind is Discard and state.phase is PLAY:
        after = _discard(state, move)  # type: ignore[arg-type]
    elif kind is DrawStock and state.phase is DRAW:
        after = _draw(state)
    elif kind is Meld and state.phase is PLAY:
        after = _meld(state, move)  # type: ignore[arg-type]
    elif kind is TakePile and state.phase is DRAW:
        after = _take(state, move)  # type: ignore[arg-type]
    else:
        after = None
    return apply(state, move)[0] if after is None else after


def _discard(state: State, move: Discard) -> State | None:
    """C-TURN-4: the card goes on the pile (freezing it, C-PILE-3) and the next seat's turn
    begins (``game.next_turn_fields``, in the same copy). Not for going out or a player who must
    go out (C-OUT-2, C-B3-2, C-OUT-6), nor with an empty stock (C-STOCK-4 may end the hand
    when the next turn begins): ``apply`` decides those."""
    hand = state.hands[state.current]
    if len(hand) < 2 or state.must_go_out or not state.stock:
        return None
    if constructive.needs_full_check(state.rules):
        return None
    seat = state.current
    index = hand.index(move.card)
    rules = state.rules
    fields = next_turn_fields(state, (seat + 1) % rules.players)
    fields["hands"] = set_at(state.hands, seat, hand[:index] + hand[index + 1 :])
    # (one copy each: ``(*pile, card)`` builds a list first, then the tuple)
    fields["pile"] = state.pile + (move.card,)  # noqa: RUF005
    fields["pile_frozen"] = state.pile_frozen or rules.freezes_pile(move.card)
    fields["discards"] = state.discards + ((seat, move.card),)  # noqa: RUF005
    return of_fields(fields)


def _draw(state: State) -> State | None:
    """C-TURN-2: ``draw_count`` cards off the top of the stock, each bonus three among them
    laid out for the side and replaced from the stock (C-R3-3, C-R3-4). A stock that runs
    out before the draw is complete (C-STOCK-7, O-STOCK-RECYCLE) or on a bonus three (C-R3-5)
    is left to ``apply``; so are rules outside ``constructive.MODELLED_FIELDS`` (MAC-7 and
    MAC-8 keep a three in hand)."""
    rules = state.rules
    count = rules.draw_count
    stock = state.stock
    if len(stock) < count or constructive.needs_full_check(rules):
        return None
    drawn = stock[-count:][::-1]  # the top card (the last element) is drawn first
    seat = state.current
    changes: dict[str, object] = {"drew": DREW_STOCK, "phase": PLAY}
    if not _bonus_uids(rules).isdisjoint(drawn):
        replaced = _replaced(stock, count, constructive.bonus_threes(rules))
        if replaced is None:
            return None
        drawn, placed = replaced
        side = rules.seat_side[seat]
        changes["bonus_threes"] = set_at(
            state.bonus_threes, side, state.bonus_threes[side] + placed
        )
        count += len(placed)
    changes["stock"] = stock[:-count]
    changes["hands"] = set_at(state.hands, seat, state.hands[seat] + drawn)
    return evolve_known(state, changes)


def _replaced(
    stock: tuple[int, ...], count: int, bonus: tuple[bool, ...]
) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """C-R3-3, C-R3-4: the ``count`` cards drawn and the bonus threes laid out on the way,
    each replaced by the next card of the stock (``game._stock_cards``' order); None where
    the stock runs out first (C-STOCK-7, O-STOCK-RECYCLE, C-R3-5: ``apply`` decides). A draw
    that takes the stock's last card as its last drawn card is complete (C-STOCK-7)."""
    drawn: list[int] = []
    placed: list[int] = []
    for card in reversed(stock):
        if len(drawn) == count:
            break
        (placed if bonus[card] else drawn).append(card)
    if len(drawn) < count:
        return None
    return tuple(drawn), tuple(placed)


def _meld(state: State, move: Meld) -> State | None:
    """C-MELD-1..6: the additions grown, then the new melds numbered in order (``game._meld``;
    an opening, C-INIT-1, changes nothing more), a card or more still in hand. The generator
    offered the move only where the turn can still end legally (C-TURN-7: two cards kept,
    or going out stays possible, ``turn.finish_problem``), so a player bound to go out
    (C-OUT-6) stays bound and one who is not stays free. Black threes (C-B3-2), an escalera
    past seven (BRA-9), a closed side keeping one card (C-INIT-6: short of the minimum, it
    would be bound) and going out are left to ``apply``."""
    rules = state.rules
    seat = state.current
    side = rules.seat_side[seat]
    rest = remove_cards(state.hands[seat], move.cards(), "C-MELD-6")
    if not isinstance(rest, tuple) or len(rest) < (2 if not state.melds[side] else 1):
        return None
    if constructive.needs_full_check(rules):
        return None
    laying = laid(state, move)
    if laying is None or laying[3]:
        return None
    melds, made, touched, _ = laying
    # BRA-9: an escalera past seven, left to ``apply``; only ``sequence_grow_out`` lets one be
    # (else SAM-11: ``meldrules.check_sequence`` refuses every sequence past a canasta)
    if rules.sequence_grow_out and any(
        m.key >= SEQUENCE_KEY and m.size > m.canasta_size for m in melds
    ):
        return None
    conc = state.concealed_canastas
    if rules.conc_canasta:  # O-CONC-CANASTA
        conc = set_at(conc, side, conc[side] + sum(1 for m in made if m.is_canasta))
    return evolve_known(
        state,
        {
            "hands": set_at(state.hands, seat, rest),
            "melds": set_at(state.melds, side, tuple(melds)),
            "next_mid": state.next_mid + len(made),
            "turn_melded": True,
            "recycle_idle": False,
            "turn_new_mids": state.turn_new_mids + tuple(m.mid for m in made),
            "turn_touched_old": state.turn_touched_old or touched,
            "concealed_canastas": conc,
        },
    )


def laid(state: State, move: Meld) -> tuple[list[TableMeld], list[TableMeld], bool, bool] | None:
    """The side's melds after ``move`` (C-MELD-1..6: the additions grown, then the new melds
    numbered in order, as ``game._meld`` lays them), the new melds, whether an older meld was
    touched, and whether a new group is black threes (C-B3-2: left out of the melds, which
    ``apply`` lays with its must-go-out); None where a new group is no meld."""
    rules = state.rules
    melds = list(state.melds[rules.seat_side[state.current]])
    touched = False
    mids = [m.mid for m in melds] if move.add else []  # (read once: Samba lays a dozen melds)
    for mid, cards in move.add:
        index = mids.index(mid)
        target = melds[index]
        wilds = 0 if target.key >= SEQUENCE_KEY else sum(1 for c in cards if IS_WILD[c])
        melds[index] = grown(rules, target, cards, len(cards) - wilds, wilds)
        touched = touched or mid not in state.turn_new_mids
    made: list[TableMeld] = []
    threes = False
    for group in move.new:
        kind = classify(rules, group)
        if not isinstance(kind, tuple):
            return None
        key, naturals, wilds = kind
        if key == BLACK_THREE_KEY:
            threes = True
            continue
        made.append(make_meld(rules, state.next_mid + len(made), key, group, naturals, wilds))
    melds.extend(made)
    return melds, made, touched, threes


def _take(state: State, move: TakePile) -> State | None:
    """C-PILE-6, C-PILE-7, C-PILE-9 for an open side: the top card joins its group (or starts
    one) with the hand cards named, the rest of the pile goes to the hand, its bonus threes
    laid out (C-R3-1), two or more cards in hand after (C-TURN-7 holds). Extra melds, a
    separate meld, a sequence take and going out are left to ``apply``."""
    rules = state.rules
    seat = state.current
    side = rules.seat_side[seat]
    melds = state.melds[side]
    if move.melds or move.separate or move.onto is not None or not melds:
        return None
    if constructive.needs_full_check(rules):
        return None
    rest = remove_cards(state.hands[seat], move.cards, "C-PILE-7")
    below = state.pile[:-1]
    threes: tuple[int, ...] = ()
    gained = below
    face_up = below[state.pile_hidden :]  # IT-4: the face-down packet was never seen
    if not _bonus_uids(rules).isdisjoint(below):  # (in C: most piles hold no bonus three)
        bonus = constructive.bonus_threes(rules).__getitem__  # C-R3-1: laid out, not held
        threes = tuple(filter(bonus, below))
        gained = tuple(filterfalse(bonus, below))
        face_up = tuple(filterfalse(bonus, face_up))
    if not isinstance(rest, tuple) or len(rest) + len(gained) < 2:
        return None
    top = state.pile[-1]
    cards = (top, *move.cards)
    wilds = sum(1 for c in move.cards if IS_WILD[c])
    naturals = len(cards) - wilds
    target = top_target(melds, RANK_OF[top], rules.books_closed)
    laid = list(melds)
    made: tuple[int, ...] = ()
    if target is not None:
        place = next(i for i, meld in enumerate(laid) if meld is target)  # (no field compares)
        laid[place] = grown(rules, target, cards, naturals, wilds)
    else:
        laid.append(make_meld(rules, state.next_mid, RANK_OF[top], cards, naturals, wilds))
        made = (state.next_mid,)
    seen = frozenset(face_up)
    return evolve_known(
        state,
        {
            "hands": set_at(state.hands, seat, rest + gained),
            "pile": (),
            "pile_hidden": 0,
            "pile_frozen": False,
            "melds": set_at(state.melds, side, tuple(laid)),
            "bonus_threes": set_at(state.bonus_threes, side, state.bonus_threes[side] + threes),
            "next_mid": state.next_mid + len(made),
            "phase": PLAY,
            "drew": DREW_PILE,
            "took_pile_closed": False,
            "recycle_idle": False,
            "turn_new_mids": state.turn_new_mids + made,
            "turn_touched_old": state.turn_touched_old or target is not None,
            "picked": set_at(state.picked, seat, state.picked[seat] | seen),
        },
    )


def _bonus_uids(rules: Rules) -> frozenset[int]:
    """The card uids that are bonus threes under ``rules`` (``constructive.bonus_threes``'
    table as a set, made once per Rules value): whether a pile holds one is one C call."""
    uids = rules.memo.get(_BONUS_UIDS_KEY)
    if uids is None:
        table = constructive.bonus_threes(rules)
        uids = rules.memo[_BONUS_UIDS_KEY] = frozenset(c for c, bonus in enumerate(table) if bonus)
    return uids  # type: ignore[no-any-return]


_BONUS_UIDS_KEY = "fastapply.bonus_uids"
