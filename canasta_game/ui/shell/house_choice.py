"""The house tables in New game: listed beside the presets, picked, edited, deleted.

Picking a table puts its base preset and its options into the draft, so a match under a
house table starts (and is saved, and resumes) with exactly those rules; the draft keeps the
table's name so that New game shows it chosen next time. The tables are read when New game
opens: a damaged or impossible one is set aside there and explained in a notice.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from canasta_game.engine.rules import PRESETS
from canasta_game.i18n import _
from canasta_game.persistence import Settings
from canasta_game.persistence.house_tables import HouseTable, load_house_tables
from canasta_game.ui.shell.context import ShellContext
from canasta_game.ui.shell.custom_rules_screen import CustomRulesScreen
from canasta_game.ui.shell.house_rules import table_check

HOUSE_PREFIX = "house:"
PROBLEM_SECONDS = 20.0


class HouseChoice:
    """The saved tables for one opening of New game."""

    def __init__(self, ctx: ShellContext) -> None:
        self.ctx = ctx
        self.tables: tuple[HouseTable, ...] = ()
        self.reload()

    def reload(self) -> None:
        loaded = load_house_tables(self.ctx.dirs, table_check)
        self.tables = loaded.tables
        for problem in loaded.problems:
            self.ctx.notices.add(problem.message, seconds=PROBLEM_SECONDS)

    def find(self, draft: Settings) -> HouseTable | None:
        """The table the draft was taken from, if it is still saved with that base."""
        for table in self.tables:
            if table.name == draft.house and table.base == draft.preset:
                return table
        return None

    def settle(self, draft: Settings) -> Settings:
        """A draft taken from a table that is no longer on offer (deleted, or set aside as
        damaged or impossible) falls back to its base preset without the table's options."""
        if draft.house and self.find(draft) is None:
            return dataclasses.replace(draft, options={}, house="")
        return draft

    def entries(self, players: int) -> list[tuple[str, str]]:
        """The rule set list's lines for the saved tables of this player count."""
        return [
            (_("{name} (house rules)").format(name=table.name), HOUSE_PREFIX + table.name)
            for table in self.tables
            if PRESETS[table.base].players == players
        ]

    def chosen(self, draft: Settings) -> str:
        table = self.find(draft)
        return HOUSE_PREFIX + table.name if table is not None else draft.preset

    def pick(self, draft: Settings, entry: str) -> Settings:
        """The draft after the rule set list's ``entry`` was picked.

        A table brings its base and options; leaving a table for a preset drops them.
        """
        for table in self.tables:
            if entry == HOUSE_PREFIX + table.name:
                return _with_table(draft, table)
        if entry in PRESETS and self.find(draft) is not None:
            return dataclasses.replace(draft, preset=entry, options={}, house="")
        return draft

    def edit(self, draft: Settings, changed: Callable[[Settings], None]) -> None:
        """Open Custom rules on the draft's rules; ``changed`` gets the draft after a save
        (that table chosen) or a delete (its base chosen)."""

        def saved(table: HouseTable) -> None:
            self.reload()
            changed(_with_table(draft, table))

        def deleted(table: HouseTable) -> None:
            self.reload()
            changed(dataclasses.replace(draft, preset=table.base, options={}, house=""))

        self.ctx.stack.push(
            CustomRulesScreen(
                self.ctx,
                base=draft.preset,
                options=draft.options,
                table=self.find(draft),
                on_saved=saved,
                on_deleted=deleted,
            )
        )


def _with_table(draft: Settings, table: HouseTable) -> Settings:
    return dataclasses.replace(draft, preset=table.base, options=table.options, house=table.name)
