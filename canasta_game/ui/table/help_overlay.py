"""The help overlay (F1 or H): every key and gesture of the table in one panel."""

from __future__ import annotations

import pygame

from canasta_game.i18n import N_, _
from canasta_game.ui.table.decor import GOLD, INK, INK_DIM
from canasta_game.ui.table.layout import TableLayout
from canasta_game.ui.table.painter import Painter

SHORTCUTS: tuple[tuple[str, str], ...] = (
    (N_("D"), N_("Draw a card from the stock")),
    (N_("P"), N_("Take the pile with the selected cards")),
    (N_("S"), N_("Sort the hand (again: reverse the order)")),
    (N_("Enter"), N_("Send the staged melds as the initial meld")),
    (N_("A"), N_("Ask your partner: may I go out?")),
    (N_("Y / N"), N_("Answer your partner's question")),
    (N_("Esc"), N_("Cancel the drag or the selection; otherwise the menu")),
    (N_("F1 / H"), N_("Show or hide this help")),
    (N_("Click"), N_("Select a card; shift-click selects a run; drag on the felt selects several")),
    (N_("Drag"), N_("Cards onto your melds, the table, the pile, or within your hand")),
    (N_("Double-click"), N_("Discard that card")),
    (N_("Right-click"), N_("Cancel the drag or the selection")),
)


def draw_help(painter: Painter, surface: pygame.Surface, layout: TableLayout) -> None:
    """A dark panel in the middle: keys in gold on the left, what they do on the right."""
    text, decor = painter.text, painter.decor
    width, height = layout.size
    px = layout.fonts["label"]
    gap = px
    keys = [text.render(_(key), px, GOLD, bold=True) for key, _what in SHORTCUTS]
    key_w = max(k.get_width() for k in keys)
    room = width - 8 * layout.pad - key_w - 3 * gap
    whats = [text.fit(_(what), px, INK, room) for _key, what in SHORTCUTS]
    title = text.render(_("Keys and gestures"), layout.fonts["title"], GOLD, bold=True)
    foot = text.render(_("Press F1, H or Esc to close"), px, INK_DIM)
    row_h = max(k.get_height() for k in keys) + max(3, px // 4)
    panel_w = min(width - 4 * layout.pad, key_w + max(w.get_width() for w in whats) + 3 * gap)
    panel_w = max(panel_w, title.get_width() + 2 * gap)
    panel_h = title.get_height() + row_h * len(keys) + foot.get_height() + 4 * gap
    panel = decor.panel((panel_w, panel_h), alpha=238)
    rect = panel.get_rect(center=(width // 2, height // 2))
    surface.blit(panel, rect)
    y = rect.top + gap
    surface.blit(title, title.get_rect(midtop=(rect.centerx, y)))
    y += title.get_height() + gap
    left = rect.left + gap
    for key, what in zip(keys, whats, strict=True):
        surface.blit(key, (left + key_w - key.get_width(), y))
        surface.blit(what, (left + key_w + gap, y))
        y += row_h
    surface.blit(foot, foot.get_rect(midtop=(rect.centerx, y + gap)))
