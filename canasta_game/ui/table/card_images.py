"""Card surfaces for the table's three card sizes, looked up by engine card uid.

The app's ``CardArt`` caches draw each face once per size; this adds the uid -> face mapping
and the quarter-turned copies (a frozen pile's crosswise wild card, the backs of the players
on the left and right), so nothing is scaled or rotated while a frame is drawn.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from canasta_game.engine.cards import CALIENTE, JOKER, RANK_CHARS, RANK_OF, SUIT_CHARS, SUIT_OF
from canasta_game.ui.card_art import CardArt

ArtFactory = Callable[[tuple[int, int]], CardArt]


def face_key(uid: int) -> tuple[str, str | None]:
    """The ``CardArt`` name of a card: rank "2".."A" (or "JK") and suit "cdhs" (None)."""
    rank = RANK_OF[uid]
    if rank == JOKER:
        return "JK", None
    if rank == CALIENTE:
        return "CA", None  # CAL-1: its own face
    return RANK_CHARS[rank], SUIT_CHARS[SUIT_OF[uid]]


class CardImages:
    def __init__(self, art_for: ArtFactory) -> None:
        self._art_for = art_for
        self._arts: dict[str, CardArt] = {}
        self._turned: dict[tuple[str, tuple[str, str | None] | None], pygame.Surface] = {}

    def set_sizes(self, sizes: dict[str, tuple[int, int]], four_colour: bool) -> None:
        """Use new sizes (after a resize); arts of an unchanged size are kept."""
        arts = {}
        for kind, size in sizes.items():
            art = self._art_for(size)
            if art.size != size:
                art.resize(size)
            art.set_four_colour(four_colour)
            arts[kind] = art
        self._arts = arts
        self._turned.clear()

    def set_four_colour(self, four_colour: bool) -> None:
        for art in self._arts.values():
            if art.four_colour != four_colour:
                art.set_four_colour(four_colour)
                self._turned.clear()

    def size(self, kind: str) -> tuple[int, int]:
        return self._arts[kind].size

    def face(self, uid: int, kind: str) -> pygame.Surface:
        rank, suit = face_key(uid)
        return self._arts[kind].face(rank, suit)

    def back(self, kind: str) -> pygame.Surface:
        return self._arts[kind].back()

    def image(self, uid: int | None, kind: str, face_up: bool, turned: bool) -> pygame.Surface:
        """The surface to blit: a face or a back, upright or a quarter turn."""
        if not turned:
            return self.face(uid, kind) if face_up and uid is not None else self.back(kind)
        key = face_key(uid) if face_up and uid is not None else None
        cache_key = (kind, key)
        surf = self._turned.get(cache_key)
        if surf is None:
            upright = self.face(uid, kind) if key is not None else self.back(kind)  # type: ignore[arg-type]
            surf = self._turned[cache_key] = pygame.transform.rotate(upright, 90)
        return surf
