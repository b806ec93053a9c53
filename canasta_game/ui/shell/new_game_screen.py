"""The New game dialog: how many players, which rules, how strong the opponents are.

The draft is a ``Settings`` value, so what the player picks is remembered for next time
when the match starts; Cancel leaves the saved choices untouched. Changing the player
count re-offers the presets made for it (two players draw two cards and need two canastas;
six play with three decks), each with a line on what sets it apart, and a preset's own target
is shown until the player picks one.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from functools import partial

import pygame

from canasta_game.engine.rules import PRESETS, Rules
from canasta_game.i18n import _, ngettext
from canasta_game.persistence import Settings
from canasta_game.ui.shell.context import ShellContext
from canasta_game.ui.shell.gui_scene import Form, GuiScene, centred
from canasta_game.ui.shell.house_choice import HouseChoice
from canasta_game.ui.shell.match_setup import (
    DIFFICULTIES,
    PLAYER_COUNTS,
    TARGETS,
    TOGGLES,
    default_preset,
    difficulty_label,
    fitting_preset,
    preset_description,
    preset_label,
    presets_for,
    rules_for,
    target_label,
)
from canasta_game.ui.shell.notices import wrap
from canasta_game.ui.shell.theme import BUTTON_HEIGHT, NOTE_FONT_PX, display_font

ROW = BUTTON_HEIGHT + 14  # a row of buttons and the gap under it
NOTE_LINE = 20  # from one line of the game's description to the next
NOTE_MARGIN = 8  # what a label keeps free of text at its ends (pygame_gui's padding)


class NewGameScreen(GuiScene):
    """Players 2 to 6, preset, difficulty, target and a few house rules; Start or Cancel."""

    def __init__(self, ctx: ShellContext) -> None:
        settings = ctx.settings
        self.draft = dataclasses.replace(settings, preset=fitting_preset(settings))
        if self.draft.players not in PLAYER_COUNTS:
            self.draft = dataclasses.replace(self.draft, players=4, preset=default_preset(4))
        self.house = HouseChoice(ctx)  # issue 13: the saved house tables
        self.draft = self.house.settle(self.draft)
        super().__init__(ctx)

    def build(self, size: tuple[int, int]) -> None:
        nav = self.ctx.nav
        assert nav is not None
        rules = rules_for(self.draft)
        box = centred(size, 660, 620)
        form = Form(panel=self.panel(box), width=box.width, left=28, label_w=170)
        self.label(_("New game"), pygame.Rect(0, 18, box.width, 44), form.panel, "@heading")
        y = 80
        players = [
            (str(count), partial(self._players, count), count == self.draft.players)
            for count in PLAYER_COUNTS
        ]
        self._choices(form, y, _("Players"), players)
        y = self._rules_rows(form, y + ROW)
        levels = [
            (
                difficulty_label(level),
                partial(self._difficulty, level),
                level == self.draft.difficulty,
            )
            for level in DIFFICULTIES
        ]
        self._choices(form, y, _("Opponents"), levels)
        y = self._target_row(form, y + ROW, rules)
        self._toggles(form, y, rules)
        self.button_row(
            [
                (_("Cancel"), nav.back),
                (_("Custom rules"), lambda: self.house.edit(self.draft, self._house)),
                (_("Start"), self._start),
            ],
            box.height - BUTTON_HEIGHT - 22,
            form.panel,
            box.width,
        )

    def _rules_rows(self, form: Form, y: int) -> int:
        """The Rules list and, under it, the chosen game's description, wrapped to as many
        lines as it needs in the player's language; the row after them starts at the
        returned height."""
        panel = form.panel
        self.label(_("Rules"), form.title(y), panel)
        options = [(preset_label(name), name) for name in presets_for(self.draft.players)]
        options += self.house.entries(self.draft.players)
        chosen = self.house.chosen(self.draft)
        self.dropdown(options, chosen, form.field(y), self._preset, panel)
        y += BUTTON_HEIGHT + 2
        font = display_font(NOTE_FONT_PX, bold=False)
        lines = wrap(preset_description(self.draft.preset), font, form.inner - NOTE_MARGIN)
        for index, line in enumerate(lines):
            self.label(line, form.line(y + index * NOTE_LINE, 26), panel, "@muted")
        return y + 26 + 14 + (len(lines) - 1) * NOTE_LINE

    def _target_row(self, form: Form, y: int, rules: Rules) -> int:
        """Play to: the target list, or a fixed number of deals (HF-14); returns the next
        row's height."""
        panel = form.panel
        self.label(_("Play to"), form.title(y), panel)
        if rules.fixed_deals:  # HF-14: a fixed number of deals, whatever the scores
            deals = ngettext("{count} deal", "{count} deals", rules.fixed_deals)
            self.label(deals.format(count=rules.fixed_deals), form.field(y), panel)
        else:
            targets = sorted({*TARGETS, rules.target})
            choices = [(target_label(t), str(t)) for t in targets]
            self.dropdown(choices, str(rules.target), form.field(y), self._target, panel)
        return y + ROW + 4

    def _toggles(self, form: Form, y: int, rules: Rules) -> None:
        """A check box for each house rule New game offers that means something under
        ``rules`` (``Toggle.applies``)."""
        for toggle in (t for t in TOGGLES if t.applies(rules)):
            checked = getattr(rules, toggle.field) == toggle.on
            self.checkbox(
                toggle.label(),
                checked,
                form.line(y, 32),
                lambda on, t=toggle: self._option(t.field, t.on if on else t.off),
                form.panel,
            )
            y += 40

    def _choices(
        self,
        form: Form,
        y: int,
        title: str,
        choices: Sequence[tuple[str, Callable[[], None], bool]],
    ) -> None:
        """A titled row of buttons of equal width, one per (text, action, chosen) choice, the
        chosen one shown selected."""
        self.label(title, form.title(y), form.panel)
        width = (form.field_w - (len(choices) - 1) * 10) // len(choices)
        for index, (text, action, chosen) in enumerate(choices):
            rect = pygame.Rect(form.field_x + index * (width + 10), y, width, BUTTON_HEIGHT)
            button = self.button(text, rect, action, form.panel)
            if chosen:
                button.select()

    def _players(self, count: int) -> None:
        self.draft = dataclasses.replace(
            self.draft, players=count, preset=default_preset(count), options={}, house=""
        )
        self.rebuild()

    def _preset(self, name: str) -> None:
        picked = self.house.pick(self.draft, name)
        if picked != self.draft:
            self._house(picked)
        elif name in PRESETS:
            keep = {k: v for k, v in self.draft.options.items() if k != "target"}
            self.draft = dataclasses.replace(self.draft, preset=name, options=keep)
            self.rebuild()

    def _house(self, draft: Settings) -> None:
        self.draft = draft
        self.rebuild()

    def _difficulty(self, level: str) -> None:
        self.draft = dataclasses.replace(self.draft, difficulty=level)
        self.rebuild()

    def _target(self, value: str) -> None:
        self._option("target", int(value))

    def _option(self, name: str, value: bool | int | str) -> None:
        options = dict(self.draft.options)
        if getattr(PRESETS[self.draft.preset], name) == value:
            options.pop(name, None)  # the preset's own value: nothing to override
        else:
            options[name] = value
        self.draft = dataclasses.replace(self.draft, options=options)

    def _start(self) -> None:
        nav = self.ctx.nav
        assert nav is not None
        nav.start_match(self.draft)

    def back(self) -> bool:
        nav = self.ctx.nav
        assert nav is not None
        nav.back()
        return True

    @property
    def choices(self) -> Settings:
        return self.draft
