"""``animator.reconcile`` phase by phase: which sprite each card becomes, where it flies from,
and how it looks before it leaves. Pure bookkeeping: no window is needed."""

from __future__ import annotations

from canasta_game.ui.table.animator import Movement, reconcile
from canasta_game.ui.table.layout import HAND, MINI, TABLE
from canasta_game.ui.table.placement import TablePlan
from canasta_game.ui.table.sprites import CardSprite, Home, SpriteStore, back_key
from canasta_game.ui.table.tween import Pace

PACE = Pace(duration=0.3, stagger=0.05, snap=0.1)
STOCK = (500.0, 300.0)
SEATS = {1: (40.0, 300.0), 2: (640.0, 40.0), 3: (1240.0, 300.0)}
ME = 0


def _store(*sprites: tuple[object, float, float, Home]) -> SpriteStore:
    store = SpriteStore()
    for key, x, y, home in sprites:
        uid = key if isinstance(key, int) else None
        store.add(CardSprite(key, uid, x, y, home))  # type: ignore[arg-type]
    return store


def _back(seat: int, x: float) -> Home:
    return Home(x, SEATS[seat][1], MINI, face_up=False, zone=f"backs:{seat}")


def _run(store: SpriteStore, homes: dict, move: Movement) -> None:
    plan = TablePlan(homes=homes)
    reconcile(store, plan, move, PACE, stock=STOCK, seat_points=SEATS, me=ME)


def test_a_card_an_opponent_melds_comes_out_of_their_rightmost_back() -> None:
    store = _store(
        (back_key(1, 0), 30.0, 300.0, _back(1, 30.0)),
        (back_key(1, 1), 50.0, 300.0, _back(1, 50.0)),
    )
    meld = Home(700.0, 200.0, TABLE, zone="meld:1:0")
    _run(store, {back_key(1, 0): _back(1, 30.0), 10: meld}, Movement(origin={10: 1}))
    card = store.get(10)
    assert card is not None and card.flight is not None
    assert card.flight.start == (50.0, 300.0)  # the back it takes over
    assert card.flight.from_kind == MINI and card.flight.wait_face_up is False
    assert card.uid == 10 and store.all_keys() == {back_key(1, 0), 10}


def test_a_pile_card_taken_by_an_opponent_becomes_one_of_their_new_backs() -> None:
    pile = Home(600.0, 300.0, TABLE, zone="pile")
    store = _store((20, 600.0, 300.0, pile))
    _run(store, {back_key(2, 0): _back(2, 640.0)}, Movement(destination={20: 2}))
    back = store.get(back_key(2, 0))
    assert back is not None and back.flight is not None
    assert back.flight.start == (600.0, 300.0) and back.uid is None
    assert back.flight.wait_face_up is True  # shown as the pile card until it leaves
    assert 20 not in store and not store.retired


def test_a_card_with_no_back_to_become_flies_into_the_seat_and_vanishes() -> None:
    pile = Home(600.0, 300.0, TABLE, zone="pile")
    store = _store((20, 600.0, 300.0, pile))
    _run(store, {}, Movement(destination={20: 3}))
    (gone,) = store.retired
    assert gone.flight is not None and gone.flight.end == SEATS[3]
    assert len(store) == 0


def test_a_new_back_that_replaces_a_back_of_the_same_hand_keeps_its_look() -> None:
    """A back re-keyed within a hidden hand flies from where it was, in its own size (the
    code before the split read the donor list after taking from it and used the table's)."""
    store = _store((back_key(1, 4), 30.0, 300.0, _back(1, 30.0)))
    _run(store, {back_key(1, 5): _back(1, 60.0)}, Movement())
    back = store.get(back_key(1, 5))
    assert back is not None and back.flight is not None
    assert back.flight.start == (30.0, 300.0) and back.flight.from_kind == MINI
    assert len(store) == 1


def test_new_backs_with_no_donor_come_from_the_stock() -> None:
    store = SpriteStore()
    _run(store, {back_key(3, 0): _back(3, 1240.0)}, Movement(from_stock={30}))
    back = store.get(back_key(3, 0))
    assert back is not None and back.flight is not None
    assert back.flight.start == STOCK and back.flight.face_up is False


def test_a_drawn_card_of_the_humans_flies_from_the_stock_face_up() -> None:
    store = SpriteStore()
    home = Home(640.0, 700.0, HAND, zone="hand")
    _run(store, {40: home}, Movement(from_stock={40}))
    card = store.get(40)
    assert card is not None and card.flight is not None
    assert card.flight.start == STOCK and card.flight.face_up is True


def test_a_card_that_stays_flies_only_if_its_home_moved() -> None:
    meld = Home(700.0, 200.0, TABLE, zone="meld:0:0")
    store = _store((50, 700.0, 200.0, meld), (51, 720.0, 200.0, meld))
    moved = Home(760.0, 200.0, TABLE, zone="meld:0:0")
    _run(store, {50: meld, 51: moved}, Movement())
    still, shifted = store.get(50), store.get(51)
    assert still is not None and still.flight is None
    assert shifted is not None and shifted.flight is not None
    assert shifted.flight.end == (760.0, 200.0) and shifted.flight.snap  # a shuffle, not a move


def test_travelling_cards_leave_one_after_the_other_in_the_moves_order() -> None:
    store = SpriteStore()
    homes = {card: Home(600.0 + 20 * card, 200.0, TABLE, zone="meld:1:0") for card in (1, 2, 3)}
    _run(store, homes, Movement(origin={1: 1, 2: 1, 3: 1}, order={3: 0, 1: 1, 2: 2}))
    delays = {card: store.get(card).flight.delay for card in (1, 2, 3)}  # type: ignore[union-attr]
    assert delays[3] < delays[1] < delays[2]
