"""The table's buttons, made with pygame_gui so they look like the rest of the app.

Menu, help, the score sheet and the move log sit at the right of the top bar; the buttons
for the human's own actions (sort, skip ahead, hint, send the staged melds, take them back,
ask the partner, British Acaba and asking the partner about it) sit at the right of the line
above the hand and are shown only when they can be used. Pressing a button posts a pygame_gui
event that reaches ``TableScene.handle_event``; ``which`` names it.
"""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from canasta_game.i18n import _
from canasta_game.ui.fonts import game_font
from canasta_game.ui.table.layout import TableLayout

MENU, HELP, SORT, SEND, TAKE_BACK, ASK = "menu", "help", "sort", "send", "take_back", "ask"
CALIENTE = "caliente"  # CAL-2: play a Caliente card
LOG, SHEET, HINT, SKIP, WHY = "log", "sheet", "hint", "skip", "why"
COMBINE = "combine"  # SAM-12: join two groups of one rank
ACABA, ACABA_ASK = "acaba", "acaba_ask"  # BRIT-1, BRIT-2
_TOP_ROW = (MENU, HELP, SHEET, LOG)  # right to left
_HINT_ROW = (
    ACABA,
    ACABA_ASK,
    ASK,
    CALIENTE,
    TAKE_BACK,
    SEND,
    COMBINE,
    WHY,
    HINT,
    SKIP,
    SORT,
)  # right to left


def _labels() -> dict[str, str]:
    return {
        MENU: _("Menu"),
        HELP: _("Help (F1)"),
        SORT: _("Sort (S)"),
        SEND: _("Send melds (Enter)"),
        TAKE_BACK: _("Take back"),
        ASK: _("May I go out? (A)"),
        CALIENTE: _("Play Caliente (C)"),
        LOG: _("Log (L)"),
        SHEET: _("Score (T)"),
        HINT: _("Hint (?)"),
        SKIP: _("Skip ahead (Space)"),
        WHY: _("Why? (W)"),
        COMBINE: _("Combine (C)"),
        ACABA: _("Acaba (C)"),
        ACABA_ASK: _("Ask partner: Acaba?"),
    }


class TableControls:
    def __init__(self, manager: pygame_gui.UIManager) -> None:
        self.manager = manager
        self.buttons: dict[str, UIButton] = {}
        self._shown: dict[str, bool] = {}
        self._widths: dict[str, int] = {}
        self._layout: TableLayout | None = None
        self.hud_reserved = 0
        self.suspended = False  # hidden while another scene covers the table

    def build(self, layout: TableLayout) -> None:
        """(Re)create the buttons for a layout; what was shown stays shown."""
        self.kill()
        self._layout = layout
        labels = _labels()
        font = game_font(14, bold=False)  # the theme's button font
        drawn = self.manager.get_theme().get_font(["button"])  # may be wider for a translation
        pad = layout.pad

        def width(text: str) -> int:
            return max(font.size(text)[0], drawn.size(text)[0]) + 3 * pad

        hud_h = layout.hud.height - 6
        x = layout.hud.right - pad
        for name in _TOP_ROW:
            w = width(labels[name])
            x -= w
            self.buttons[name] = UIButton(
                pygame.Rect(x, layout.hud.top + 3, w, hud_h), labels[name], self.manager
            )
            x -= pad // 2
        self.hud_reserved = layout.hud.right - x
        for name in _HINT_ROW:
            self._widths[name] = width(labels[name])
            self.buttons[name] = UIButton(
                pygame.Rect(0, 0, self._widths[name], layout.hint.height - 4),
                labels[name],
                self.manager,
            )
        self._place()

    def _place(self) -> None:
        layout = self._layout
        if layout is None:
            return
        for name in _TOP_ROW:
            if self.suspended:
                self.buttons[name].hide()
            else:
                self.buttons[name].show()
        x = layout.hint.right
        for name in _HINT_ROW:
            button = self.buttons[name]
            shown = self._shown.get(name, name == SORT) and not self.suspended
            if shown:
                x -= self._widths[name]
                button.set_relative_position((x, layout.hint.top + 2))
                button.show()
                x -= layout.pad // 2
            else:
                button.hide()
        self.hint_right = x

    hint_right = 0

    def set_suspended(self, suspended: bool) -> None:
        """Hide every button (another scene covers the table) or show the usable ones."""
        self.suspended = suspended
        self._place()

    def show(self, states: dict[str, bool]) -> None:
        """Show exactly the named action buttons that are True; relayout only on change."""
        changed = any(self._shown.get(k, k == SORT) != v for k, v in states.items())
        self._shown.update(states)
        if changed:
            self._place()

    def shown(self, name: str) -> bool:
        button = self.buttons.get(name)
        return bool(button is not None and button.visible)

    def which(self, event: pygame.event.Event) -> str | None:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return None
        for name, button in self.buttons.items():
            if event.ui_element is button:
                return name
        return None

    def rect(self, name: str) -> pygame.Rect:
        return self.buttons[name].rect.copy()

    def kill(self) -> None:
        for button in self.buttons.values():
            button.kill()
        self.buttons.clear()
