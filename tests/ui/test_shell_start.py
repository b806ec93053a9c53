"""The start screen and the screens it opens, driven by posted mouse clicks."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from canasta_game.i18n import _
from canasta_game.persistence import DataDirs
from canasta_game.ui.shell.boot import build_context
from canasta_game.ui.shell.driver import ShellDriver
from canasta_game.ui.shell.flow import Flow
from canasta_game.ui.shell.game_menu import GameMenu
from canasta_game.ui.shell.gui_scene import GuiScene
from canasta_game.ui.shell.new_game_screen import NewGameScreen
from canasta_game.ui.shell.rules_screen import RulesScreen
from canasta_game.ui.shell.settings_screen import SettingsScreen
from canasta_game.ui.shell.start_screen import StartScreen
from canasta_game.ui.shell.statistics_screen import StatisticsScreen


@pytest.fixture
def shell(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[ShellDriver, Flow]]:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    ctx = build_context(DataDirs(tmp_path / "game"), size=(1280, 800), headless=True)
    flow = Flow(ctx)
    flow.boot()
    driver = ShellDriver(ctx)
    driver.frames(2)
    yield driver, flow
    ctx.stack.close_all()


def test_start_screen_offers_every_choice_and_no_continue_without_a_save(shell) -> None:
    driver, _flow = shell
    assert isinstance(driver.ctx.stack.top, StartScreen)
    for text in ("New game", "Rules", "Settings", "Statistics", "Quit"):
        assert driver.button(_(text)).is_enabled
    assert not driver.button(_("Continue")).is_enabled


@pytest.mark.parametrize(
    ("text", "screen"),
    [("Rules", RulesScreen), ("Settings", SettingsScreen), ("Statistics", StatisticsScreen)],
)
def test_each_screen_opens_on_click_and_back_returns(shell, text, screen) -> None:
    driver, _flow = shell
    driver.click(_(text))
    assert isinstance(driver.ctx.stack.top, screen)
    with pytest.raises(LookupError):
        driver.button(_("New game"))  # the start screen's buttons are hidden, not clickable
    back = _("Done") if screen is SettingsScreen else _("Back")
    driver.click(back)
    assert isinstance(driver.ctx.stack.top, StartScreen)
    driver.button(_("New game"))


def test_escape_leaves_a_screen(shell) -> None:
    driver, _flow = shell
    driver.click(_("Rules"))
    driver.press(pygame.K_ESCAPE)
    assert isinstance(driver.ctx.stack.top, StartScreen)


def test_new_game_starts_a_table_with_the_chosen_players(shell) -> None:
    driver, flow = shell
    driver.click(_("New game"))
    assert isinstance(driver.ctx.stack.top, NewGameScreen)
    driver.click("2")
    driver.click(_("Easy"))
    driver.click(_("Start"))
    top = driver.ctx.stack.top
    assert top is not None and not isinstance(top, GuiScene)  # the table
    assert flow.session is not None
    assert flow.session.rules.players == 2
    assert flow.session.level == "easy"
    assert driver.ctx.store.exists()  # saved before the first move
    assert driver.ctx.settings.players == 2  # the choice is remembered


def test_cancel_keeps_the_start_screen(shell) -> None:
    driver, flow = shell
    driver.click(_("New game"))
    driver.click(_("Cancel"))
    assert isinstance(driver.ctx.stack.top, StartScreen)
    assert flow.session is None


def test_escape_at_the_table_opens_the_menu_and_resume_closes_it(shell) -> None:
    driver, _flow = shell
    driver.click(_("New game"))
    driver.click(_("Start"))
    driver.press(pygame.K_ESCAPE)
    assert isinstance(driver.ctx.stack.top, GameMenu)
    driver.click(_("Resume"))
    assert not isinstance(driver.ctx.stack.top, GuiScene)


def test_menu_settings_return_to_the_menu(shell) -> None:
    driver, _flow = shell
    driver.click(_("New game"))
    driver.click(_("Start"))
    driver.press(pygame.K_ESCAPE)
    driver.click(_("Settings"))
    assert isinstance(driver.ctx.stack.top, SettingsScreen)
    driver.click(_("Done"))
    assert isinstance(driver.ctx.stack.top, GameMenu)


def test_quit_stops_the_loop(shell) -> None:
    driver, _flow = shell
    driver.click(_("Quit"))
    assert not driver.ctx.running


def test_continue_is_offered_after_a_match_was_started(shell) -> None:
    driver, flow = shell
    driver.click(_("New game"))
    driver.click(_("Start"))
    driver.press(pygame.K_ESCAPE)
    flow.show_start()
    driver.frames(2)
    assert driver.button(_("Continue")).is_enabled
    driver.click(_("Continue"))
    assert flow.session is not None
    assert not isinstance(driver.ctx.stack.top, GuiScene)


def test_the_window_can_be_resized_and_the_buttons_follow(shell) -> None:
    driver, _flow = shell
    driver.resize((1024, 640))
    button = driver.button(_("New game"))
    assert pygame.Rect(0, 0, 1024, 640).contains(button.rect)
    driver.click(_("New game"))
    assert isinstance(driver.ctx.stack.top, NewGameScreen)


def test_issue15_fault8_new_game_offers_five_players(shell) -> None:
    """Issue 15, fault 8: the engine has classic-5, so New game offers five players."""
    driver, flow = shell
    driver.click(_("New game"))
    driver.click("5")
    driver.click(_("Start"))
    assert flow.session is not None
    assert flow.session.rules.players == 5
