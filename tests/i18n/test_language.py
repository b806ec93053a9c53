"""Choosing the language: the system's on the first start, Settings at once, --lang, numbers."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import dataclasses
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from pygame_gui.elements import UIButton, UIDropDownMenu

from canasta_game import i18n
from canasta_game.controller.session import Session
from canasta_game.engine.rules import preset
from canasta_game.persistence import DataDirs
from canasta_game.ui.shell.boot import build_context
from canasta_game.ui.shell.context import ShellContext
from canasta_game.ui.shell.driver import ShellDriver
from canasta_game.ui.shell.flow import Flow
from canasta_game.ui.shell.headless import unthreaded_table
from canasta_game.ui.table import TableScene


@pytest.fixture(autouse=True)
def _private_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))


@pytest.fixture
def contexts() -> Iterator[list[ShellContext]]:
    made: list[ShellContext] = []
    yield made
    for ctx in made:
        ctx.stack.close_all()


def start(folder: Path, made: list[ShellContext], language: str | None = None) -> ShellDriver:
    ctx = build_context(DataDirs(folder), size=(1280, 800), headless=True, language=language)
    made.append(ctx)
    Flow(ctx, table_factory=unthreaded_table).boot()
    driver = ShellDriver(ctx)
    driver.frames(2)
    return driver


def button_texts(driver: ShellDriver) -> set[str]:
    return {str(b.text) for b in driver.visible(UIButton)}


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({"LANG": "cs_CZ.UTF-8"}, "cs"),
        ({"LANGUAGE": "es_AR:en", "LANG": "en_US.UTF-8"}, "es"),
        ({"LC_ALL": "it_IT"}, "it"),
        ({"LANGUAGE": "de:it", "LANG": "de_DE.UTF-8"}, "it"),
        ({"LANG": "Czech_Czechia.1250"}, "cs"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_the_system_language_is_used_when_it_is_one_of_the_four(
    environ: dict[str, str], expected: str
) -> None:
    assert i18n.system_language(environ) == expected


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("en", ["950", "1,130", "10,000", "-1,250"]),
        ("cs", ["950", "1\u00a0130", "10\u00a0000", "-1\u00a0250"]),
        ("es", ["950", "1130", "10.000", "-1250"]),
        ("it", ["950", "1.130", "10.000", "-1.250"]),
    ],
)
def test_numbers_are_grouped_as_the_language_writes_them(code: str, expected: list[str]) -> None:
    i18n.set_language(code)
    assert [i18n.format_number(n) for n in (950, 1130, 10000, -1250)] == expected
    assert i18n.format_number(0.5) == ("0.5" if code == "en" else "0,5")


def test_the_first_start_speaks_the_system_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, contexts: list[ShellContext]
) -> None:
    monkeypatch.setenv("LANGUAGE", "it_IT")
    driver = start(tmp_path, contexts)
    assert driver.ctx.settings.language == "it"
    assert {"Nuova partita", "Regole", "Impostazioni", "Esci"} <= button_texts(driver)


def test_a_saved_language_wins_over_the_system_and_lang_over_both(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, contexts: list[ShellContext]
) -> None:
    first = start(tmp_path, contexts)
    first.ctx.change_settings(dataclasses.replace(first.ctx.settings, language="es"))
    first.ctx.settings_keeper.flush()
    monkeypatch.setenv("LANGUAGE", "cs")
    again = start(tmp_path, contexts)
    assert again.ctx.settings.language == "es"
    assert "Nueva partida" in button_texts(again)
    forced = start(tmp_path, contexts, language="it")
    assert "Nuova partita" in button_texts(forced)


def test_settings_offers_the_four_by_their_own_names_and_switches_the_table_at_once(
    tmp_path: Path, contexts: list[ShellContext]
) -> None:
    driver = start(tmp_path, contexts)
    flow = driver.ctx.nav
    assert isinstance(flow, Flow)
    session = Session.new(preset("classic-4"), 1, human_seat=0, level="easy")
    flow.begin(session)
    assert driver.until(lambda: session.human_to_act)
    table = driver.ctx.stack.top
    assert isinstance(table, TableScene)
    # "Your turn" shows once the computer players' moves have landed (issue 15's pacing)
    assert driver.until(lambda: table.info is not None and table.info.turn == "Your turn")
    assert table.info is not None and table.info.hint == "Draw a card: the pile cannot be taken now"
    flow.open_menu()
    driver.frames(2)
    driver.click("Settings")
    (menu,) = driver.visible(UIDropDownMenu)
    assert [text for text, _code in menu.options_list] == [  # type: ignore[attr-defined]
        "Čeština",
        "English",
        "Español",
        "Italiano",
    ]
    driver.click("English")  # opens the list
    driver.click("Čeština", frames=8)  # button, list, then menu events: a frame each
    assert driver.ctx.settings.language == "cs"
    assert "Hotovo" in button_texts(driver)  # the Settings screen itself, rebuilt
    driver.click("Hotovo")
    driver.click("Pokračovat")
    driver.frames(2)
    assert table.info is not None and session.human_to_act
    assert (table.info.hint, table.info.turn) == (
        "Táhni kartu z balíku: hromádku teď vzít nejde",
        "Jsi na tahu",
    )
    driver.ctx.settings_keeper.flush()
    saved = json.loads(DataDirs(tmp_path).settings_file.read_text(encoding="utf-8"))
    assert saved["language"] == "cs"


def test_lang_on_the_command_line_speaks_czech_in_the_help() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "canasta_game", "--lang", "cs", "--help"],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "LANGUAGE": "en"},
    )
    assert done.returncode == 0, done.stderr
    assert "Zahraj si kanastu." in done.stdout
    assert "hrát v tomto jazyce" in done.stdout


def test_an_unknown_language_falls_back_to_english() -> None:
    i18n.set_language("xx")
    assert i18n.language() == "en" and i18n._("Back") == "Back"
