"""From one table picture to the next: every card that moved flies, none is lost or doubled.

``reconcile`` compares the sprites on screen with a new ``TablePlan``. A card that stays in
view keeps its sprite and flies to its new home. A card that leaves a hidden hand (an
opponent melds or discards) takes over one of that hand's back sprites, so the back turns
into the card as it leaves; cards that go into a hidden hand (an opponent takes the pile)
become that hand's backs on landing. Anything new comes from the stock. The order of the
engine's events decides the order in which the cards leave, one after the other.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from canasta_game.engine import events as ev
from canasta_game.ui.table.placement import TablePlan
from canasta_game.ui.table.sprites import CardSprite, Home, Key, SpriteStore
from canasta_game.ui.table.tween import Flight, Pace

Point = tuple[float, float]


@dataclass(slots=True)
class Movement:
    """Where cards came from and went to, as far as the human may know it."""

    origin: dict[int, int] = field(default_factory=dict)  # uid -> seat whose hand it left
    destination: dict[int, int] = field(default_factory=dict)  # uid -> seat whose hand took it
    from_stock: set[int] = field(default_factory=set)
    order: dict[int, int] = field(default_factory=dict)  # uid -> position in the move
    fallback_seat: int | None = None  # who moved, when no event says more
    feet: set[int] = field(default_factory=set)  # HF-8: seats whose foot became their hand


def movement_from_events(events: Sequence[ev.Event], fallback_seat: int | None) -> Movement:
    """Read the events of one move: which hand each card left or joined, and in what order."""
    move = Movement(fallback_seat=fallback_seat)
    counter = 0

    def mark(cards: Iterable[int]) -> None:
        nonlocal counter
        for card in cards:
            if card not in move.order:
                move.order[card] = counter
                counter += 1

    drawn: set[int] = set()
    for event in events:
        if isinstance(event, ev.CardsDrawn):
            drawn.update(event.cards)
            move.from_stock.update(event.cards)
            mark(event.cards)
        elif isinstance(event, ev.PileTaken):
            for card in event.cards:
                move.destination[card] = event.seat
            mark(reversed(event.cards))
        elif isinstance(event, ev.BonusThreePlaced):
            if event.card not in drawn:
                move.origin.setdefault(event.card, event.seat)
            mark((event.card,))
        elif isinstance(event, ev.MeldMade | ev.MeldExtended):
            for card in event.cards:
                move.origin.setdefault(card, event.seat)
            mark(event.cards)
        elif isinstance(event, ev.Discarded):
            move.origin.setdefault(event.card, event.seat)
            mark((event.card,))
        elif isinstance(event, ev.FootPickedUp):
            move.feet.add(event.seat)
    return move


def _seat_of_back(key: Key) -> int | None:
    return key[1] if isinstance(key, tuple) else None


def _centre(plan: TablePlan, seat: int) -> Point | None:
    """The middle of a seat's fan of backs, for cards that come from or go into it."""
    points = [(h.x, h.y) for k, h in plan.homes.items() if isinstance(k, tuple) and k[1] == seat]
    if not points:
        return None
    return points[len(points) // 2]


@dataclass(slots=True)
class _Launch:
    sprite: CardSprite
    start: Point
    face_up: bool
    wait_face_up: bool | None
    from_kind: str
    from_turned: bool
    order: int
    travel: bool  # a change of zone (staggered) rather than a shuffle within one
    retire: bool = False


def reconcile(
    store: SpriteStore,
    plan: TablePlan,
    move: Movement,
    pace: Pace,
    stock: Point,
    seat_points: dict[int, Point],
    me: int,
    feet: dict[int, Point] | None = None,
) -> None:
    """Make ``store`` match ``plan``, launching the flights that show the change; a foot
    picked up (HF-8) sends its cards from ``feet[seat]``, where its packet lay."""
    foot_of = {seat: (feet or {}).get(seat, stock) for seat in move.feet}
    old_keys = store.all_keys()
    new_keys = set(plan.homes)
    launches: list[_Launch] = []
    seats = {seat for seat in seat_points}

    # Backs that left each hidden hand, rightmost first: the cards they reveal leave from there.
    pool: dict[int, list[CardSprite]] = {seat: [] for seat in seats}
    for key in sorted(old_keys - new_keys, key=lambda k: (isinstance(k, tuple), str(k))):
        seat = _seat_of_back(key)
        if seat is not None:
            sprite = store.pop(key)
            pool.setdefault(seat, []).append(sprite)
    for seat in pool:
        pool[seat].sort(key=lambda s: s.key[2] if isinstance(s.key, tuple) else 0)

    new_backs: dict[int, list[Key]] = {}
    for key in sorted((k for k in new_keys - old_keys if isinstance(k, tuple)), key=str):
        new_backs.setdefault(key[1], []).append(key)  # type: ignore[index]
    for keys in new_backs.values():
        keys.sort(key=lambda k: k[2])  # type: ignore[index]

    def home_of(key: Key) -> Home:
        return plan.homes[key]

    # Cards that disappeared from view: into a hidden hand (pile taken), or gone (new hand).
    for key in sorted((k for k in old_keys - new_keys if isinstance(k, int)), key=lambda k: k):
        sprite = store.pop(key)
        seat = move.destination.get(key)
        if seat is None and move.fallback_seat is not None and move.fallback_seat != me:
            seat = move.fallback_seat if move.fallback_seat in seats else None
        if seat is None or seat not in seats:
            continue  # the hand is over: the card is simply cleared away
        start = (sprite.x, sprite.y)
        from_kind, from_turned = sprite.kind, sprite.turned
        waiting = new_backs.get(seat)
        if waiting:
            back = waiting.pop(0)
            store.rekey(sprite, back, None)
            sprite.home = home_of(back)
            launches.append(
                _Launch(
                    sprite,
                    start,
                    True,
                    True,
                    from_kind,
                    from_turned,
                    move.order.get(key, 999),
                    True,
                )
            )
        else:
            target = seat_points[seat]
            sprite.home = Home(target[0], target[1], sprite.home.kind, False, sprite.home.turned)
            launches.append(
                _Launch(
                    sprite,
                    start,
                    True,
                    True,
                    from_kind,
                    from_turned,
                    move.order.get(key, 999),
                    True,
                    retire=True,
                )
            )

    # Cards that came into view.
    for key in sorted((k for k in new_keys - old_keys if isinstance(k, int)), key=lambda k: k):
        home = home_of(key)
        seat = move.origin.get(key)
        if seat is None and key not in move.from_stock and home.zone != "hand":
            fallback = move.fallback_seat
            seat = fallback if fallback is not None and fallback != me else None
        donors = pool.get(seat, []) if seat is not None else []
        order = move.order.get(key, 999)
        if donors:
            sprite = donors.pop()
            start = (sprite.x, sprite.y)
            from_kind, from_turned = sprite.kind, sprite.turned
            store.rekey(sprite, key, key)
            sprite.home = home
            launches.append(
                _Launch(sprite, start, True, False, from_kind, from_turned, order, True)
            )
            continue
        if seat is not None and seat in seat_points:
            start = seat_points[seat]
            wait_face: bool | None = False
        else:
            mine = home.zone == "hand" and key not in move.from_stock
            start = foot_of.get(me, stock) if mine else stock
            wait_face = False
        sprite = CardSprite(key, key, start[0], start[1], home)
        store.add(sprite)
        launches.append(_Launch(sprite, start, True, wait_face, "table", False, order, True))

    # Backs that appeared: drawn from the stock (or left over from a hand that shrank).
    for seat, keys in new_backs.items():
        for key in keys:
            home = home_of(key)
            donors = pool.get(seat, [])
            if donors:
                sprite = donors.pop(0)
                start = (sprite.x, sprite.y)
                store.rekey(sprite, key, None)
            else:
                start = foot_of.get(seat, stock)
                sprite = CardSprite(key, None, start[0], start[1], home)
                store.add(sprite)
            from_kind = sprite.kind if donors else "table"
            sprite.home = home
            launches.append(_Launch(sprite, start, False, None, from_kind, False, 998, True))

    # Cards that stayed in view but moved.
    for key in old_keys & new_keys:
        sprite = store.get(key)
        assert sprite is not None
        home = home_of(key)
        old = sprite.home
        sprite.home = home
        if sprite.dragged:
            continue
        if sprite.flight is not None:
            sprite.flight.end = (home.x, home.y)  # retarget a card already in the air
            continue
        at_home = abs(sprite.x - home.x) < 0.5 and abs(sprite.y - home.y) < 0.5
        if at_home and (old.kind, old.turned, old.face_up) == (
            home.kind,
            home.turned,
            home.face_up,
        ):
            continue
        travel = old.zone != home.zone
        launches.append(
            _Launch(
                sprite,
                (sprite.x, sprite.y),
                home.face_up or old.face_up,
                None,
                old.kind,
                old.turned,
                move.order.get(key, 999) if isinstance(key, int) else 999,
                travel,
            )
        )

    _schedule(store, launches, pace)


def _schedule(store: SpriteStore, launches: list[_Launch], pace: Pace) -> None:
    """Give each flight its delay: travelling cards one after the other, shuffles at once."""
    travels = sorted((x for x in launches if x.travel), key=lambda x: (x.order, x.sprite.home.x))
    step = pace.stagger
    if travels and step * len(travels) > 1.6:  # a whole deal: keep it under two seconds
        step = 1.6 / len(travels)
    for index, launch in enumerate(travels):
        _fly(store, launch, pace.duration, index * step, snap=False)
    for launch in launches:
        if not launch.travel:
            _fly(store, launch, pace.snap, 0.0, snap=True)


def _fly(store: SpriteStore, launch: _Launch, duration: float, delay: float, snap: bool) -> None:
    sprite = launch.sprite
    home = sprite.home
    flight = Flight(
        start=launch.start,
        end=(home.x, home.y),
        duration=duration,
        delay=delay,
        face_up=launch.face_up,
        from_kind=launch.from_kind,
        from_turned=launch.from_turned,
        snap=snap,
        wait_face_up=launch.wait_face_up,
        hold=not snap,
    )
    sprite.x, sprite.y = launch.start
    if launch.retire:
        store.retire(sprite, flight)
    elif duration <= 0 and delay <= 0:
        sprite.settle()
    else:
        store.launch(sprite, flight)
