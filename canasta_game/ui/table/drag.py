"""What is being dragged: the sprites under the pointer and the ``Drop`` they will make.

A drag lifts sprites out of their places (they follow the pointer, fanned a little so every
card shows) and either lets them go where the move puts them or glides them back home.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from canasta_game.controller.gestures import Target
from canasta_game.ui.table.sprites import CardSprite, Key, SpriteStore
from canasta_game.ui.table.tween import Flight, Pace

LIFTED = 1_000_000  # drawing order of lifted cards: above every flight


@dataclass(slots=True)
class Drag:
    source: str  # "hand", "staged", "pile", "stock" or "meld"
    cards: tuple[int, ...]  # the cards of the Drop (the selection, for the pile)
    keys: list[Key]  # the sprites that follow the pointer (none for the stock)
    targets: set[Target]  # the legal ones, to glow
    group: int | None = None  # staged group (its index) or meld (its mid) being dragged
    offsets: dict[Key, tuple[float, float]] = field(default_factory=dict)

    def lift(self, store: SpriteStore, card_width: int) -> None:
        """Take the sprites out of their places, fanned left to right under the pointer."""
        count = len(self.keys)
        for i, key in enumerate(self.keys):
            sprite = store.get(key)
            if sprite is None:
                continue
            sprite.dragged = True
            sprite.flight = None
            sprite.order = LIFTED + i
            self.offsets[key] = ((i - (count - 1) / 2) * card_width * 0.32, 0.0)

    def lift_whole(self, store: SpriteStore, pos: tuple[int, int]) -> None:
        """Pick a meld up as it lies (SAM-12): its cards keep their places around the pointer."""
        for key in self.keys:
            sprite = store.get(key)
            if sprite is None:
                continue
            sprite.dragged = True
            sprite.flight = None
            sprite.order = LIFTED + sprite.home.z
            self.offsets[key] = (sprite.x - pos[0], sprite.y - pos[1])

    def follow(self, store: SpriteStore, pos: tuple[int, int]) -> None:
        for key, (dx, dy) in self.offsets.items():
            sprite = store.get(key)
            if sprite is not None:
                sprite.x, sprite.y = pos[0] + dx, pos[1] + dy

    def release(self, store: SpriteStore) -> list[CardSprite]:
        """Let go: the sprites stay where they are until the next plan flies them home."""
        released = []
        for key in self.keys:
            sprite = store.get(key)
            if sprite is not None and sprite.dragged:
                sprite.dragged = False
                released.append(sprite)
        self.keys = []
        self.offsets = {}
        return released

    def snap_back(self, store: SpriteStore, pace: Pace) -> None:
        """Illegal or cancelled: the cards glide back where they came from."""
        duration = max(pace.snap, pace.duration)
        for sprite in self.release(store):
            home = sprite.home
            if duration <= 0:
                sprite.settle()
                continue
            store.launch(
                sprite,
                Flight(
                    (sprite.x, sprite.y),
                    (home.x, home.y),
                    duration,
                    face_up=home.face_up,
                    from_kind=home.kind,
                    from_turned=home.turned,
                    snap=True,
                    hold=False,
                ),
            )
