"""House tables: a family's own rules, saved under a name the player typed.

Each table is one small JSON document in the settings folder (``house-tables/``), so one
damaged or impossible table is set aside on its own while the others stay on offer. A table
is a base rule set and the options switched on it; whether that combination can be played is
the engine's question, so the caller passes its check in (this layer never imports the
engine). A table that fails any check is moved aside, never deleted, and explained; only the
player's own Delete removes a table.
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, Final

from canasta_game.i18n import _
from canasta_game.persistence.atomic import BACKUP_SUFFIX, backup_path, write_json_atomic
from canasta_game.persistence.errors import save_error_from_os
from canasta_game.persistence.messages import DocumentTexts
from canasta_game.persistence.paths import DataDirs
from canasta_game.persistence.results import Loaded, Problem
from canasta_game.persistence.settings import OptionValue, is_option_value
from canasta_game.persistence.store import load_document

HOUSE_KIND: Final = "house-table"
HOUSE_VERSION: Final = 1
MAX_NAME_LENGTH: Final = 40
MAX_OPTIONS: Final = 200

TableCheck = Callable[["HouseTable"], str | None]
"""Why a well-formed table cannot be played (a sentence for the player), or ``None``."""


@dataclass(frozen=True)
class HouseTable:
    """A named rule set: the base preset and the options switched on it."""

    name: str
    base: str
    options: Mapping[str, OptionValue] = field(default_factory=dict)
    path: Path | None = field(default=None, compare=False)
    """The file it was read from (``None`` before it is saved)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "options", MappingProxyType(dict(self.options)))


@dataclass(frozen=True)
class HouseTablesLoad:
    """The tables to offer, and one explanation for each file that was set aside."""

    tables: tuple[HouseTable, ...]
    problems: tuple[Problem, ...] = ()


def clean_name(raw: str) -> str:
    """The name as saved: spaces trimmed and runs of white space made one."""
    return " ".join(raw.split())


def table_file(dirs: DataDirs, name: str) -> Path:
    """A file name that is readable and still tells apart names that differ only in
    letters a file system may not hold (``Babička`` and ``Babicka``); names that differ
    only in case are one table, as the list shows one of them."""
    slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:24] or "table"
    digest = hashlib.sha256(name.casefold().encode("utf-8")).hexdigest()[:10]
    return dirs.house_tables_dir / f"{slug}-{digest}.json"


def _shape_problem(data: Mapping[str, Any]) -> str | None:
    """Why ``data`` is not a house table at all (``None`` when it is one)."""
    name = data.get("name")
    if not isinstance(name, str) or not clean_name(name) or len(name) > MAX_NAME_LENGTH:
        return _("The table has no usable name.")
    if not isinstance(data.get("base"), str):
        return _("The table does not say which rules it starts from.")
    options = data.get("options")
    if not isinstance(options, Mapping) or len(options) > MAX_OPTIONS:
        return _("The table's options are not a list of switches and values.")
    if not all(isinstance(k, str) and is_option_value(v) for k, v in options.items()):
        return _("The table's options are not a list of switches and values.")
    return None


def _table_from(data: Mapping[str, Any], path: Path) -> HouseTable:
    return HouseTable(clean_name(data["name"]), data["base"], dict(data["options"]), path)


def _texts() -> DocumentTexts:
    return DocumentTexts(
        label=_("A saved house table"),
        advice_with_backup=_("Its earlier copy ({backup}) is offered instead."),
        advice_without_backup=_("It is not offered in New game."),
    )


def _candidates(folder: Path) -> list[Path]:
    """The table files in ``folder``: set-aside copies (``x.corrupt-<stamp>.json``) are
    not tables, and a table whose file is gone but whose backup is left still counts."""
    try:
        names = os.listdir(folder)
    except OSError:
        return []
    found: set[str] = set()
    for name in names:
        main = name.removesuffix(BACKUP_SUFFIX)
        stem = main.removesuffix(".json")
        if main.endswith(".json") and stem and "." not in stem:
            found.add(main)
    return [folder / name for name in sorted(found)]


def load_house_tables(dirs: DataDirs, check: TableCheck) -> HouseTablesLoad:
    """Every saved table that ``check`` accepts, in name order; the others set aside.

    ``check`` runs inside the loader's validation, so an impossible table is treated like a
    damaged file: moved aside beside the others (never deleted) and explained once.
    """

    def validate(data: dict[str, Any]) -> str | None:
        shape = _shape_problem(data)
        return shape if shape is not None else check(_table_from(data, Path()))

    tables: dict[str, HouseTable] = {}
    problems: list[Problem] = []
    for path in _candidates(dirs.house_tables_dir):
        result = load_document(path, HOUSE_KIND, HOUSE_VERSION, validate=validate, texts=_texts())
        if isinstance(result, Problem):
            problems.append(_explained(result))
            if result.backup is not None:
                result = result.backup
        if isinstance(result, Loaded):
            table = _table_from(result.data, path)
            tables.setdefault(table.name.casefold(), table)
    ordered = sorted(tables.values(), key=lambda t: t.name.casefold())
    return HouseTablesLoad(tuple(ordered), tuple(problems))


def _explained(problem: Problem) -> Problem:
    """A failed check's own sentence (why the table cannot be played) joins the message."""
    if problem.code != "failed_check" or not problem.detail:
        return problem
    return dataclasses.replace(problem, message=f"{problem.message} {problem.detail}")


def save_house_table(dirs: DataDirs, table: HouseTable) -> Path:
    """Write ``table`` (replacing one of the same name); raises ``SaveError``."""
    path = table.path or table_file(dirs, table.name)
    document = {
        "schema_version": HOUSE_VERSION,
        "kind": HOUSE_KIND,
        "name": table.name,
        "base": table.base,
        "options": dict(table.options),
    }
    write_json_atomic(path, document)
    return path


def delete_house_table(dirs: DataDirs, table: HouseTable) -> None:
    """The player's Delete: the file and its backup go (else the backup would bring the
    table back at the next start); raises ``SaveError`` if the disk refuses."""
    path = table.path or table_file(dirs, table.name)
    for target in (path, backup_path(path)):
        try:
            target.unlink()
        except FileNotFoundError:
            continue
        except OSError as exc:
            raise save_error_from_os(exc, target) from exc
