"""The help overlay (F1 or H): how a turn is played at this table, and every key and gesture."""

from __future__ import annotations

import pygame

from canasta_game.i18n import N_, _
from canasta_game.ui.shell.notices import wrap
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
    (N_("C"), N_("Declare Acaba (British Canasta) or play a Caliente")),  # BRIT-1, CAL-2
    (N_("?"), N_("Hint: the move a good player would make now")),
    (N_("W"), N_("Why? The rule behind the last refusal")),
    (N_("L"), N_("Show or hide the moves of this hand")),
    (N_("T"), N_("Show or hide the score sheet")),
    (N_("Space"), N_("Skip ahead to your turn")),
    (N_("Esc"), N_("Cancel the drag or the selection; otherwise the menu")),
    (N_("F1 / H"), N_("Show or hide this help")),
    (N_("Click"), N_("Select a card; shift-click selects a run; drag on the felt selects several")),
    (N_("Drag"), N_("Cards onto your melds, the table, the pile, or within your hand")),
    (N_("Double-click"), N_("Discard that card")),
    (N_("Right-click"), N_("Cancel the drag or the selection")),
)


#: SAM-12, for the games where a side may hold several groups of one rank.
COMBINE_KEY = (N_("C"), N_("Combine two of your groups of one rank"))
COMBINE_HOW = N_(
    "In Samba, Bolivia, Brazilian and Chilean Canasta your side may hold several groups of "
    "one rank: drag one group onto another to combine them (C combines the first two that "
    "may). The groups that may join it glow."
)

HOW_TO_PLAY: tuple[str, ...] = (
    N_(
        "Your turn: draw a card (click the stock or drag it to your hand), meld what you can, "
        "then drag one card onto the pile to discard."
    ),
    N_(
        "To meld, drag cards onto the table to start a meld, or onto one of your side's melds "
        "to add to them. A glow shows where the cards may go."
    ),
    N_(
        "Before your side has opened, new melds wait in the staging row with dashed borders "
        "until they reach the minimum it shows; press Enter, or discard, to lay them down "
        "together. Drag a staged meld back to your hand to take it back."
    ),
    N_(
        "To take the pile, first click the cards in your hand that go with its top card, then "
        "click the pile or drag it onto the table."
    ),
    N_(
        "Hint (?) shows the move a good player would make; Log (L) lists every move of the "
        "hand; Score (T) shows the score sheet."
    ),
)


def draw_help(
    painter: Painter, surface: pygame.Surface, layout: TableLayout, combine: bool = False
) -> None:
    """A dark panel in the middle: how a turn goes on the left, keys and gestures on the right;
    ``combine`` adds how groups of one rank are combined (SAM-12)."""
    text, decor = painter.text, painter.decor
    shortcuts = (*SHORTCUTS[:5], COMBINE_KEY, *SHORTCUTS[5:]) if combine else SHORTCUTS
    how = (*HOW_TO_PLAY[:2], COMBINE_HOW, *HOW_TO_PLAY[2:]) if combine else HOW_TO_PLAY
    width, height = layout.size
    px = layout.fonts["label"]
    gap = px
    panel_w = width - 4 * layout.pad
    column_w = (panel_w - 3 * gap) // 2
    keys = [text.render(_(key), px, GOLD, bold=True) for key, _what in shortcuts]
    key_w = max(k.get_width() for k in keys)
    whats = [text.fit(_(what), px, INK, column_w - key_w - gap) for _key, what in shortcuts]
    font = text.font(px)
    advice = [line for part in how for line in [*wrap(_(part), font, column_w), ""]]
    lines = [text.render(line, px, INK) if line else None for line in advice]
    title_px = layout.fonts["title"]
    titles = (
        text.render(_("How to play"), title_px, GOLD, bold=True),
        text.render(_("Keys and gestures"), title_px, GOLD, bold=True),
    )
    foot = text.render(_("Press F1, H or Esc to close"), px, INK_DIM)
    row_h = max(k.get_height() for k in keys) + max(2, px // 5)
    line_h = font.get_linesize()
    body_h = max(row_h * len(keys), line_h * len(lines))
    panel_h = min(
        height - 2 * layout.pad, titles[0].get_height() + body_h + foot.get_height() + 4 * gap
    )
    panel = decor.panel((panel_w, panel_h), alpha=242)
    rect = panel.get_rect(center=(width // 2, height // 2))
    surface.blit(panel, rect)
    top = rect.top + gap
    left = rect.left + gap
    right = left + column_w + gap
    surface.blit(titles[0], (left, top))
    surface.blit(titles[1], (right, top))
    y = top + titles[0].get_height() + gap // 2
    for line in lines:
        if line is not None:
            surface.blit(line, (left, y))
        y += line_h if line is not None else line_h // 2
    y = top + titles[1].get_height() + gap // 2
    for key, what in zip(keys, whats, strict=True):
        surface.blit(key, (right + key_w - key.get_width(), y))
        surface.blit(what, (right + key_w + gap, y))
        y += row_h
    surface.blit(foot, foot.get_rect(midbottom=(rect.centerx, rect.bottom - gap // 2)))
