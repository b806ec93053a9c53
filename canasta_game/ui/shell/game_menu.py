"""The in-game menu (Escape at the table): Resume, New game, Settings, Rules, Quit.

The match is saved after every move, so leaving loses nothing, and the menu says so; but
it says the truth when the disk refuses. A New game from here would set the running match
aside, so it asks first; Quit offers the start screen (where Continue picks the match up)
as well as closing the game, and warns when the latest moves are not on disk.
"""

from __future__ import annotations

from html import escape

import pygame

from canasta_game.i18n import _
from canasta_game.ui.shell.context import Navigation, ShellContext
from canasta_game.ui.shell.gui_scene import Action, GuiScene, centred
from canasta_game.ui.shell.theme import BUTTON_HEIGHT


class GameMenu(GuiScene):
    modal = True

    def build(self, size: tuple[int, int]) -> None:
        nav = _nav(self.ctx)
        items = [
            (_("Resume"), nav.back),
            (_("New game"), self._new_game),
            (_("Settings"), nav.show_settings),
            (_("Rules"), nav.show_rules),
            (_("Quit"), self._quit),
        ]
        gap = 12
        width = 440  # the note below in a longer language
        height = 90 + len(items) * (BUTTON_HEIGHT + gap) + 40
        box = centred(size, width, height)
        panel = self.panel(box)
        self.label(_("Menu"), pygame.Rect(0, 16, box.width, 44), panel, "@heading")
        y = 80
        for text, action in items:
            self.button(text, pygame.Rect(30, y, box.width - 60, BUTTON_HEIGHT), action, panel)
            y += BUTTON_HEIGHT + gap
        if self.ctx.save_health.failing:
            note = _("Your latest moves could not be saved.")
        else:
            note = _("Your match is saved after every move.")
        self.label(note, pygame.Rect(0, y + 2, box.width, 24), panel, "@note")

    def _new_game(self) -> None:
        self.ctx.stack.push(new_game_question(self.ctx))

    def _quit(self) -> None:
        self.ctx.stack.push(QuitQuestion(self.ctx))

    def back(self) -> bool:
        _nav(self.ctx).back()
        return True


class Question(GuiScene):
    """A small modal question: a heading, a paragraph and a row of answers."""

    modal = True

    def __init__(
        self, ctx: ShellContext, heading: str, text: str, answers: list[tuple[str, Action]]
    ) -> None:
        self.heading = heading
        self.text = text
        self.answers = answers
        super().__init__(ctx)

    def build(self, size: tuple[int, int]) -> None:
        box = centred(size, min(720, size[0] - 40), 300)
        panel = self.panel(box)
        self.label(self.heading, pygame.Rect(0, 16, box.width, 44), panel, "@heading")
        self.text_box(
            escape(self.text),
            pygame.Rect(24, 72, box.width - 48, box.height - 72 - BUTTON_HEIGHT - 40),
            panel,
        )
        self.button_row(
            self.answers, box.height - BUTTON_HEIGHT - 20, panel, box.width, button_width=180
        )

    def back(self) -> bool:
        _nav(self.ctx).back()
        return True


class QuitQuestion(Question):
    """Quit: back to the start screen or close the game; a warning while saves fail."""

    def __init__(self, ctx: ShellContext) -> None:
        nav = _nav(ctx)
        health = ctx.save_health
        if health.failing:
            text = _(
                "Your latest moves could not be saved: {reason} If you leave now they are "
                "lost, and Continue starts from the last move that was saved."
            ).format(reason=health.reason())
        else:
            text = _("Your match is saved. Continue on the start screen picks it up from here.")
        answers = [
            (_("Start screen"), nav.show_start),
            (_("Close the game"), nav.quit),
            (_("Cancel"), nav.back),
        ]
        super().__init__(ctx, _("Leave the match?"), text, answers)


def new_game_question(ctx: ShellContext) -> Question:
    """New game from the menu: the running match would be set aside, so ask first."""
    nav = _nav(ctx)

    def confirmed() -> None:
        nav.back()
        nav.show_new_game()

    text = _(
        "The match you are playing will be set aside: it is kept as a file, but Continue "
        "will no longer offer it."
    )
    answers = [(_("New match"), confirmed), (_("Keep playing"), nav.back)]
    return Question(ctx, _("Start a new match?"), text, answers)


def _nav(ctx: ShellContext) -> Navigation:
    nav = ctx.nav
    assert nav is not None
    return nav
