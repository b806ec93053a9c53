"""Card sprites: one per physical card the human can see, plus one per hidden card back.

Visible cards are keyed by their engine uid, so a card is never drawn twice nor lost while
it flies: the store holds exactly the uids of the current ``PlayerView``. Cards the human
cannot see (other players' hands) are keyed ``("back", seat, index)``. A sprite knows
where it is drawn and where it belongs, never whether a move is legal.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from canasta_game.ui.table.tween import Flight

Key = int | tuple[str, int, int]


def back_key(seat: int, index: int) -> Key:
    return ("back", seat, index)


@dataclass(slots=True)
class Home:
    """Where a card rests and how it looks there. ``x``/``y`` are the card's centre."""

    x: float
    y: float
    kind: str
    face_up: bool = True
    turned: bool = False  # a quarter turn: crosswise in the pile, or a side player's back
    z: int = 0
    hidden: bool = False  # fully covered by other cards: not drawn while at rest
    zone: str = ""  # "hand", "pile", "meld:<side>:<mid>", ...: a change of zone is a flight


@dataclass(slots=True)
class CardSprite:
    key: Key
    uid: int | None
    x: float
    y: float
    home: Home
    flight: Flight | None = None
    dragged: bool = False
    order: int = 0  # launch order of the flight, so later cards fly over earlier ones

    @property
    def flying(self) -> bool:
        return self.flight is not None

    @property
    def kind(self) -> str:
        f = self.flight
        if f is not None and f.progress < 0.5 and f.from_kind:
            return f.from_kind
        return self.home.kind

    @property
    def turned(self) -> bool:
        f = self.flight
        if f is not None and f.progress < 0.5:
            return f.from_turned
        return self.home.turned

    @property
    def face_up(self) -> bool:
        f = self.flight
        if f is None:
            return self.home.face_up
        if not f.started and f.wait_face_up is not None:
            return f.wait_face_up
        return f.face_up

    def settle(self) -> None:
        """End any flight: the card lies at home."""
        self.flight = None
        self.x, self.y = self.home.x, self.home.y


class SpriteStore:
    """All card sprites by key; advances flights and orders sprites for drawing."""

    def __init__(self) -> None:
        self._sprites: dict[Key, CardSprite] = {}
        self._retired: list[CardSprite] = []  # flying away to vanish (into a hidden hand)
        self._launches = 0

    def __len__(self) -> int:
        return len(self._sprites)

    def __contains__(self, key: object) -> bool:
        return key in self._sprites

    def __iter__(self) -> Iterator[CardSprite]:
        return iter(self._sprites.values())

    def get(self, key: Key) -> CardSprite | None:
        return self._sprites.get(key)

    def all_keys(self) -> set[Key]:
        return set(self._sprites)

    def uids(self) -> set[int]:
        return {k for k in self._sprites if isinstance(k, int)}

    def add(self, sprite: CardSprite) -> None:
        if sprite.key in self._sprites:
            raise ValueError(f"two sprites for {sprite.key!r}")
        self._sprites[sprite.key] = sprite

    def pop(self, key: Key) -> CardSprite:
        return self._sprites.pop(key)

    def rekey(self, sprite: CardSprite, key: Key, uid: int | None) -> None:
        """The same flying card under a new name (a back that turns out to be a card)."""
        if self._sprites.get(sprite.key) is sprite:
            del self._sprites[sprite.key]
        sprite.key, sprite.uid = key, uid
        self.add(sprite)

    def clear(self) -> None:
        self._sprites.clear()
        self._retired.clear()

    def retire(self, sprite: CardSprite, flight: Flight) -> None:
        """Take a sprite out of the store; it is drawn until its last flight lands."""
        if self._sprites.get(sprite.key) is sprite:
            del self._sprites[sprite.key]
        self.launch(sprite, flight)
        self._retired.append(sprite)

    @property
    def retired(self) -> list[CardSprite]:
        return list(self._retired)

    def launch(self, sprite: CardSprite, flight: Flight) -> None:
        sprite.flight = flight
        self._launches += 1
        sprite.order = self._launches

    @property
    def busy(self) -> bool:
        """True while any card is flying (or waiting for its turn to fly)."""
        return bool(self._retired) or any(
            s.flight is not None and not s.dragged for s in self._sprites.values()
        )

    @property
    def holding(self) -> bool:
        """True while a move is being shown: the table then takes no input."""
        return bool(self._retired) or any(
            s.flight is not None and s.flight.hold and not s.dragged for s in self._sprites.values()
        )

    def update(self, dt: float) -> None:
        for sprite in self._sprites.values():
            flight = sprite.flight
            if flight is None or sprite.dragged:
                continue
            if flight.advance(dt):
                sprite.settle()
            else:
                sprite.x, sprite.y = flight.position()
        if self._retired:
            keep = []
            for sprite in self._retired:
                assert sprite.flight is not None
                if not sprite.flight.advance(dt):
                    sprite.x, sprite.y = sprite.flight.position()
                    keep.append(sprite)
            self._retired = keep

    def finish(self) -> None:
        """Land every flight at once (reduced motion, a resize, a new hand)."""
        for sprite in self._sprites.values():
            if sprite.flight is not None and not sprite.dragged:
                sprite.settle()
        self._retired.clear()

    def drawing_order(self) -> list[CardSprite]:
        """Resting cards by their z, then flights in launch order, then dragged cards."""

        def rank(s: CardSprite) -> tuple[int, int]:
            if s.dragged:
                return 2, s.order
            if s.flight is not None and s.flight.started:
                return 1, s.order
            return 0, s.home.z

        return sorted([*self._sprites.values(), *self._retired], key=rank)
