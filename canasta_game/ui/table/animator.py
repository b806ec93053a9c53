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
    order: int
    face_up: bool = True
    wait_face_up: bool | None = None
    from_kind: str = "table"  # the look the card had where it starts
    from_turned: bool = False
    travel: bool = True  # a change of zone (staggered) rather than a shuffle within one
    retire: bool = False


def reconcile(
    store: SpriteStore,
    plan: TablePlan,
    move: Movement,
    pace: Pace,
    *,
    stock: Point,
    seat_points: dict[int, Point],
    me: int,
    feet: dict[int, Point] | None = None,
) -> None:
    """Make ``store`` match ``plan``, launching the flights that show the change; a foot
    picked up (HF-8) sends its cards from ``feet[seat]``, where its packet lay."""
    old_keys = store.all_keys()
    new_keys = set(plan.homes)
    work = _Reconciler(
        store=store,
        plan=plan,
        move=move,
        stock=stock,
        seat_points=seat_points,
        me=me,
        foot_of={seat: (feet or {}).get(seat, stock) for seat in move.feet},
    )
    work.pool_backs(old_keys - new_keys)
    work.wait_backs(new_keys - old_keys)
    work.cards_left_view(sorted(k for k in old_keys - new_keys if isinstance(k, int)))
    work.cards_came_into_view(sorted(k for k in new_keys - old_keys if isinstance(k, int)))
    work.backs_appeared()
    work.cards_stayed(old_keys & new_keys)
    _schedule(store, work.launches, pace)


@dataclass(slots=True)
class _Reconciler:
    """One ``reconcile``: the sprites it has freed and the flights it has launched so far.

    ``pool``: per seat, the backs that left that hidden hand, so the cards they reveal leave
    from there; ``waiting``: per seat, the new back keys of a hidden hand not yet given a
    sprite, in fan order.
    """

    store: SpriteStore
    plan: TablePlan
    move: Movement
    stock: Point
    seat_points: dict[int, Point]
    me: int
    foot_of: dict[int, Point]
    pool: dict[int, list[CardSprite]] = field(default_factory=dict)
    waiting: dict[int, list[Key]] = field(default_factory=dict)
    launches: list[_Launch] = field(default_factory=list)

    def pool_backs(self, gone: set[Key]) -> None:
        """Take the backs that left each hidden hand off the table, rightmost first."""
        self.pool = {seat: [] for seat in self.seat_points}
        for key in sorted(gone, key=lambda k: (isinstance(k, tuple), str(k))):
            seat = _seat_of_back(key)
            if seat is not None:
                self.pool.setdefault(seat, []).append(self.store.pop(key))
        for sprites in self.pool.values():
            sprites.sort(key=lambda s: s.key[2] if isinstance(s.key, tuple) else 0)

    def wait_backs(self, appeared: set[Key]) -> None:
        """Note the new backs of each hidden hand, in fan order."""
        for key in sorted((k for k in appeared if isinstance(k, tuple)), key=str):
            self.waiting.setdefault(key[1], []).append(key)  # type: ignore[index]
        for keys in self.waiting.values():
            keys.sort(key=lambda k: k[2])  # type: ignore[index]

    def cards_left_view(self, keys: list[int]) -> None:
        """Cards that disappeared from view: into a hidden hand (pile taken), or gone (the
        hand is over, and they are simply cleared away)."""
        move = self.move
        for key in keys:
            sprite = self.store.pop(key)
            seat = move.destination.get(key)
            if seat is None and move.fallback_seat is not None and move.fallback_seat != self.me:
                seat = move.fallback_seat
            if seat is None or seat not in self.seat_points:
                continue
            start = (sprite.x, sprite.y)
            from_kind, from_turned = sprite.kind, sprite.turned
            waiting = self.waiting.get(seat)
            retire = not waiting
            if waiting:
                back = waiting.pop(0)
                self.store.rekey(sprite, back, None)
                sprite.home = self.plan.homes[back]
            else:  # no back to become: fly into the seat and vanish there
                x, y = self.seat_points[seat]
                old = sprite.home
                sprite.home = Home(x, y, old.kind, False, old.turned)
            self.launches.append(
                _Launch(
                    sprite=sprite,
                    start=start,
                    wait_face_up=True,
                    from_kind=from_kind,
                    from_turned=from_turned,
                    order=_departure(move, key),
                    retire=retire,
                )
            )

    def cards_came_into_view(self, keys: list[int]) -> None:
        """Cards that came into view: out of a hidden hand (one of its backs turns into the
        card), from a seat, from the human's foot, or from the stock."""
        move = self.move
        for key in keys:
            home = self.plan.homes[key]
            seat = move.origin.get(key)
            if seat is None and key not in move.from_stock and home.zone != "hand":
                fallback = move.fallback_seat
                seat = fallback if fallback is not None and fallback != self.me else None
            donors = self.pool.get(seat, []) if seat is not None else []
            order = _departure(move, key)
            if donors:
                sprite = donors.pop()
                start = (sprite.x, sprite.y)
                from_kind, from_turned = sprite.kind, sprite.turned
                self.store.rekey(sprite, key, key)
                sprite.home = home
                self.launches.append(
                    _Launch(
                        sprite=sprite,
                        start=start,
                        wait_face_up=False,
                        from_kind=from_kind,
                        from_turned=from_turned,
                        order=order,
                    )
                )
                continue
            if seat is not None and seat in self.seat_points:
                start = self.seat_points[seat]
            elif home.zone == "hand" and key not in move.from_stock:
                start = self.foot_of.get(self.me, self.stock)
            else:
                start = self.stock
            sprite = CardSprite(key, key, start[0], start[1], home)
            self.store.add(sprite)
            self.launches.append(
                _Launch(
                    sprite=sprite,
                    start=start,
                    wait_face_up=False,
                    order=order,
                )
            )

    def backs_appeared(self) -> None:
        """Backs that appeared: drawn from the stock (or a foot), or left over from a hand
        that shrank."""
        for seat, keys in self.waiting.items():
            for key in keys:
                home = self.plan.homes[key]
                donors = self.pool.get(seat, [])
                if donors:
                    sprite = donors.pop(0)
                    start = (sprite.x, sprite.y)
                    from_kind = sprite.kind
                    self.store.rekey(sprite, key, None)
                else:
                    start = self.foot_of.get(seat, self.stock)
                    sprite = CardSprite(key, None, start[0], start[1], home)
                    self.store.add(sprite)
                    from_kind = "table"
                sprite.home = home
                self.launches.append(
                    _Launch(
                        sprite=sprite,
                        start=start,
                        face_up=False,
                        from_kind=from_kind,
                        order=998,
                    )
                )

    def cards_stayed(self, keys: set[Key]) -> None:
        """Cards that stayed in view: those whose home moved glide there (a card in the air
        is retargeted, a dragged one left alone)."""
        for key in keys:
            sprite = self.store.get(key)
            assert sprite is not None
            home = self.plan.homes[key]
            old = sprite.home
            sprite.home = home
            if sprite.dragged:
                continue
            if sprite.flight is not None:
                sprite.flight.end = (home.x, home.y)
                continue
            at_home = abs(sprite.x - home.x) < 0.5 and abs(sprite.y - home.y) < 0.5
            looks = (old.kind, old.turned, old.face_up)
            if at_home and looks == (home.kind, home.turned, home.face_up):
                continue
            self.launches.append(
                _Launch(
                    sprite=sprite,
                    start=(sprite.x, sprite.y),
                    face_up=home.face_up or old.face_up,
                    from_kind=old.kind,
                    from_turned=old.turned,
                    order=_departure(self.move, key),
                    travel=old.zone != home.zone,
                )
            )


def _departure(move: Movement, key: Key) -> int:
    """Where a card comes in the move's order of departures (backs and unnamed cards last)."""
    return move.order.get(key, 999) if isinstance(key, int) else 999


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
