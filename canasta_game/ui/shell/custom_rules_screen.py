"""Custom rules: every option of a base game on pages, saved as a house table by name.

Each change is put to the engine at once: a combination it will not deal is refused, the
switch keeps its old value and the reason stands next to it (C-DEAL). Nothing is written
until Save, so Cancel loses nothing that was saved before.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping

import pygame
import pygame_gui
from pygame_gui.core import ObjectID, UIElement
from pygame_gui.elements import UITextEntryLine

from canasta_game.engine.rules import PRESETS
from canasta_game.i18n import _
from canasta_game.persistence import SaveError
from canasta_game.persistence.house_tables import (
    MAX_NAME_LENGTH,
    HouseTable,
    clean_name,
    delete_house_table,
    save_house_table,
)
from canasta_game.persistence.settings import OptionValue
from canasta_game.ui.shell.context import ShellContext
from canasta_game.ui.shell.gui_scene import Container, GuiScene, centred
from canasta_game.ui.shell.house_rules import (
    Option,
    Refused,
    house_rules,
    option_value,
    options_of,
    value_label,
)
from canasta_game.ui.shell.match_setup import preset_label
from canasta_game.ui.shell.notices import wrap
from canasta_game.ui.shell.theme import (
    BUTTON_HEIGHT,
    TEXT_BOX_FONT_PX,
    TEXT_BOX_PAD_X,
    display_font,
)

ROW_H = 46
LINE_H = 30  # each further line of a sentence that wraps (the text box's line spacing)
SENTENCE_PAD = 2 * TEXT_BOX_PAD_X  # (at both ends)
REASON_H = 62
CONTROL_W = 330
TOP = 122
REFUSAL_COLOUR = "#FFB4A0"


def _sentence_w(width: int) -> int:
    """How wide an option's sentence is in a box ``width`` wide (its control on the right)."""
    return width - 48 - CONTROL_W - 12


class CustomRulesScreen(GuiScene):
    """The options of ``base`` as switches and values; Save keeps them under a name.

    ``table`` is the saved table being edited (it may then be deleted); ``on_saved`` and
    ``on_deleted`` tell New game, which then offers (or stops offering) that table.
    """

    def __init__(
        self,
        ctx: ShellContext,
        *,
        base: str,
        options: Mapping[str, OptionValue],
        table: HouseTable | None,
        on_saved: Callable[[HouseTable], None],
        on_deleted: Callable[[HouseTable], None],
    ) -> None:
        self.base = base
        self.rows = options_of(PRESETS[base])
        offered = {row.field for row in self.rows}
        self.options = {k: v for k, v in options.items() if k in offered}
        self.table = table
        self.name = table.name if table is not None else ""
        self.on_saved = on_saved
        self.on_deleted = on_deleted
        self.page = 0
        self.refused: tuple[str, str] | None = None  # (field, why) of the last refused change
        self.status = ""
        self.entry: UITextEntryLine | None = None
        self.controls: dict[str, UIElement] = {}
        super().__init__(ctx)

    # --- layout --------------------------------------------------------------------------

    def _pages(self, box: pygame.Rect) -> list[list[tuple[Option, int]]]:
        """The rows of each page with their heights: as many as fit (two at least), with
        room kept for a refusal's reason. A sentence too long for one line in the player's
        language gets a taller row, so no text box hides its end behind a scroll bar."""
        room = box.height - TOP - 2 * BUTTON_HEIGHT - 56 - REASON_H
        font = display_font(TEXT_BOX_FONT_PX, bold=False)
        width = _sentence_w(box.width) - SENTENCE_PAD
        pages: list[list[tuple[Option, int]]] = [[]]
        used = 0
        for row in self.rows:
            tall = ROW_H + (len(wrap(row.sentence, font, width)) - 1) * LINE_H
            if len(pages[-1]) >= 2 and used + tall > room:
                pages.append([])
                used = 0
            pages[-1].append((row, tall))
            used += tall
        return pages

    def build(self, size: tuple[int, int]) -> None:
        box = centred(size, 980, 780)
        panel = self.panel(box)
        title = _("Custom rules: {rules}").format(rules=preset_label(self.base))
        self.label(title, pygame.Rect(0, 12, box.width, 44), panel, "@heading")
        self._name_row(box, panel)
        pages = self._pages(box)
        self.page = min(self.page, len(pages) - 1)
        self.controls = {}
        y = TOP
        for row, tall in pages[self.page]:
            y += self._row(row, y, tall, box=box, panel=panel)
        self._footer(box, panel, len(pages))

    def _name_row(self, box: pygame.Rect, panel: Container) -> None:
        self.label(_("Name"), pygame.Rect(24, 66, 110, BUTTON_HEIGHT), panel)
        self.entry = UITextEntryLine(
            pygame.Rect(134, 66, 360, BUTTON_HEIGHT),
            manager=self.ctx.ui_manager,
            container=panel,
            initial_text=self.name,
            placeholder_text=_("Name these rules"),
        )
        self.entry.set_text_length_limit(MAX_NAME_LENGTH)
        self._track(self.entry, panel)
        note = pygame.Rect(508, 66, box.width - 532, BUTTON_HEIGHT)
        self.label(self.status, note, panel, "@muted")

    def _row(
        self, row: Option, y: int, sentence_h: int, *, box: pygame.Rect, panel: Container
    ) -> int:
        """One option, ``sentence_h`` high for its sentence: the sentence on the left, its
        switch or values on the right, and the reason under the sentence when the last
        change of it was refused. Returns the row's height."""
        reason = self.refused[1] if self.refused and self.refused[0] == row.field else ""
        tall = sentence_h + (REASON_H if reason else 0)
        text = html.escape(row.sentence)
        if reason:
            text += f"<br><font color='{REFUSAL_COLOUR}'>{html.escape(reason)}</font>"
        self.text_box(text, pygame.Rect(20, y + 2, _sentence_w(box.width), tall), panel)
        x = box.width - 24 - CONTROL_W
        top = y + (sentence_h - BUTTON_HEIGHT) // 2
        value = self._value(row.field)
        if row.is_switch:
            place = pygame.Rect(x, top, CONTROL_W, BUTTON_HEIGHT)
            self.controls[row.field] = self.checkbox(
                "",
                bool(value),
                place,
                lambda on, f=row.field: self._set(f, on),
                panel,
            )
        else:
            choices = [(value_label(row.field, v), str(v)) for v in row.values]
            menu = self.dropdown(
                choices,
                str(value),
                pygame.Rect(x, top, CONTROL_W, BUTTON_HEIGHT),
                lambda picked, r=row: self._pick(r, picked),
                panel,
            )
            if y > box.height // 2:
                menu.change_object_id(ObjectID(class_id="@expand_up"))
            self.controls[row.field] = menu
        return tall

    def _footer(self, box: pygame.Rect, panel: Container, pages: int) -> None:
        nav_y = box.height - 2 * BUTTON_HEIGHT - 34
        page_text = _("Page {page} of {pages}").format(page=self.page + 1, pages=pages)
        self.label(page_text, pygame.Rect(0, nav_y, box.width, BUTTON_HEIGHT), panel, "@centred")
        side_w = 170
        self.button(
            _("Previous"),
            pygame.Rect(24, nav_y, side_w, BUTTON_HEIGHT),
            lambda: self._turn(-1),
            panel,
            enabled=self.page > 0,
        )
        self.button(
            _("Next"),
            pygame.Rect(box.width - 24 - side_w, nav_y, side_w, BUTTON_HEIGHT),
            lambda: self._turn(1),
            panel,
            enabled=self.page < pages - 1,
        )
        items = [(_("Cancel"), self._close)]
        if self.table is not None:
            items.append((_("Delete"), self._delete))
        items.append((_("Save"), self._save))
        self.button_row(items, box.height - BUTTON_HEIGHT - 18, panel, box.width)

    # --- changes -------------------------------------------------------------------------

    def _value(self, name: str) -> OptionValue:
        return self.options.get(name, option_value(PRESETS[self.base], name))

    def _pick(self, row: Option, picked: str) -> None:
        for value in row.values:
            if str(value) == picked:
                self._set(row.field, value)
                return

    def _set(self, name: str, value: OptionValue) -> None:
        """Ask the engine about the new combination; keep it, or refuse it with why."""
        changed = dict(self.options)
        if option_value(PRESETS[self.base], name) == value:
            changed.pop(name, None)
        else:
            changed[name] = value
        try:
            house_rules(self.base, changed)
        except Refused as why:
            self.refused = (name, str(why))
        else:
            self.options = changed
            self.refused = None
        self.rebuild()

    def _turn(self, step: int) -> None:
        self.page = max(0, self.page + step)
        self.refused = None
        self.rebuild()

    def on_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.entry:
            self.name = event.text
            return True
        return False

    def _save(self) -> None:
        name = clean_name(self.name)
        if not name:
            self.status = _("Type a name for these rules first.")
            self.rebuild()
            return
        keep_file = self.table is not None and self.table.name == name
        table = HouseTable(name, self.base, self.options, self.table.path if keep_file else None)
        try:
            path = save_house_table(self.ctx.dirs, table)
        except SaveError as error:
            self.ctx.notices.add(str(error), seconds=12.0)
            return
        self._close()
        self.on_saved(HouseTable(name, self.base, self.options, path))

    def _delete(self) -> None:
        table = self.table
        if table is None:
            return
        try:
            delete_house_table(self.ctx.dirs, table)
        except SaveError as error:
            self.ctx.notices.add(str(error), seconds=12.0)
            return
        self._close()
        self.on_deleted(table)

    def _close(self) -> None:
        nav = self.ctx.nav
        assert nav is not None
        nav.back()

    def back(self) -> bool:
        self._close()
        return True
