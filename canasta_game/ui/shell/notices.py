"""Short messages that float above the game without stopping it.

"Progress cannot be saved" must reach the player while the match goes on: a modal dialog
would halt the table every move while the disk stays full. A notice is drawn on top of
everything, takes no input and fades after a while; a keyed notice is shown once and can
be withdrawn when its cause goes away (the next save succeeds).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from canasta_game.ui.shell.theme import CREAM, GOLD, display_font

MARK_RED = (150, 28, 24)
FADE_S = 0.6
DEFAULT_S = 7.0


@dataclass
class Notice:
    text: str
    remaining: float
    key: str | None = None


def wrap(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """Greedy word wrap; a word longer than the width (a long path) gets a line of its own."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            candidate = f"{line} {word}" if line else word
            if font.size(candidate)[0] <= width or not line:
                line = candidate
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


class NoticeBoard:
    """The notices on screen, newest at the bottom of a stack at the top centre."""

    def __init__(self) -> None:
        self.notices: list[Notice] = []

    def add(self, text: str, seconds: float = DEFAULT_S, key: str | None = None) -> None:
        """Show ``text``; a notice with the same ``key`` is replaced rather than repeated."""
        if key is not None:
            self.withdraw(key)
        self.notices.append(Notice(text, seconds, key))
        del self.notices[:-3]

    def withdraw(self, key: str) -> None:
        self.notices = [n for n in self.notices if n.key != key]

    def texts(self) -> list[str]:
        return [n.text for n in self.notices]

    def update(self, dt: float) -> None:
        for notice in self.notices:
            notice.remaining -= dt
        self.notices = [n for n in self.notices if n.remaining > 0]

    def draw(self, surface: pygame.Surface) -> None:
        width, height = surface.get_size()
        font = display_font(max(15, min(19, height // 40)), bold=False)
        y = max(10, round(height * 0.055))  # under the table's score bar
        for notice in self.notices:
            alpha = round(255 * min(1.0, notice.remaining / FADE_S))
            card = _render(notice.text, font, min(760, width - 60))
            card.set_alpha(alpha)
            surface.blit(card, card.get_rect(midtop=(width // 2, y)))
            y += card.get_height() + 8


def draw_mark(surface: pygame.Surface, text: str) -> pygame.Rect:
    """The lasting "not saved" mark: a small red badge in the top-left corner.

    Unlike a notice it never fades; the loop draws it every frame while saves fail.
    """
    height = surface.get_height()
    font = display_font(max(13, min(17, height // 46)), bold=True)
    ink = font.render(text, True, CREAM)
    pad_x, pad_y = 10, 4
    badge = pygame.Rect(0, 0, ink.get_width() + 2 * pad_x, ink.get_height() + 2 * pad_y)
    badge.topleft = (8, max(6, round(height * 0.055)))
    pygame.draw.rect(surface, MARK_RED, badge, border_radius=badge.height // 2)
    pygame.draw.rect(surface, GOLD, badge, width=2, border_radius=badge.height // 2)
    surface.blit(ink, (badge.x + pad_x, badge.y + pad_y))
    return badge


def _render(text: str, font: pygame.font.Font, max_width: int) -> pygame.Surface:
    pad = 14
    lines = wrap(text, font, max_width - 2 * pad)
    line_height = font.get_linesize()
    inner_w = max(font.size(line)[0] for line in lines)
    card = pygame.Surface((inner_w + 2 * pad, line_height * len(lines) + 2 * pad), pygame.SRCALPHA)
    rect = card.get_rect()
    pygame.draw.rect(card, (40, 20, 12, 235), rect, border_radius=12)
    pygame.draw.rect(card, (*GOLD, 255), rect, width=2, border_radius=12)
    for index, line in enumerate(lines):
        ink = font.render(line, True, CREAM)
        card.blit(ink, (pad, pad + index * line_height))
    return card
