"""Settings are applied at once, saved, and still there after a restart."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import dataclasses
import json
from pathlib import Path

import pygame
import pytest
from pygame_gui.elements import UIHorizontalSlider

from canasta_game.ai import HardBot
from canasta_game.i18n import _
from canasta_game.persistence import DataDirs, load_settings
from canasta_game.ui.shell.boot import build_context
from canasta_game.ui.shell.driver import ShellDriver
from canasta_game.ui.shell.flow import Flow
from canasta_game.ui.shell.settings_screen import SettingsScreen
from canasta_game.ui.shell.start_screen import StartScreen


@pytest.fixture(autouse=True)
def _private_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))


def start(folder: Path, size: tuple[int, int] | None = (1280, 800)) -> ShellDriver:
    ctx = build_context(DataDirs(folder), size=size, headless=True)
    Flow(ctx).boot()
    driver = ShellDriver(ctx)
    driver.frames(2)
    return driver


def stop(driver: ShellDriver) -> None:
    """Close the window, as the window manager's close button does."""
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    driver.frames(1)
    assert not driver.ctx.running
    driver.ctx.stack.close_all()


def test_ticked_settings_apply_at_once_and_survive_a_restart(tmp_path: Path) -> None:
    driver = start(tmp_path)
    driver.click(_("Settings"))
    assert isinstance(driver.ctx.stack.top, SettingsScreen)
    driver.tick(_("Four-colour deck (blue diamonds, green clubs)"))
    driver.tick(_("Mute all sounds"))
    driver.tick(_("Reduced motion (cards move without flying)"))
    ctx = driver.ctx
    assert ctx.settings.four_colour_deck and ctx.settings.muted and ctx.settings.reduced_motion
    assert ctx.sounds.muted  # applied, not only stored
    assert ctx.card_art_for((70, 98)).four_colour
    driver.click(_("Done"))
    assert isinstance(ctx.stack.top, StartScreen)
    stop(driver)

    again = start(tmp_path)
    settings = again.ctx.settings
    assert settings.four_colour_deck and settings.muted and settings.reduced_motion
    assert again.ctx.sounds.muted
    again.click(_("Settings"))
    assert again.checkbox(_("Mute all sounds")).is_checked
    stop(again)


def test_the_volume_slider_changes_the_sound_bank_and_is_saved(tmp_path: Path) -> None:
    driver = start(tmp_path)
    driver.click(_("Settings"))
    sliders = sorted(driver.visible(UIHorizontalSlider), key=lambda s: s.rect.top)
    volume = sliders[2]  # animation speed and Hard's thinking time are above it
    before = driver.ctx.settings.volume
    knob = volume.sliding_button.rect.center
    driver.drag(knob, (volume.rect.left + 20, knob[1]))
    after = driver.ctx.settings.volume
    assert after < before
    assert driver.ctx.sounds.volume == pytest.approx(after)
    driver.frames(40)  # the write waits for the slider to be still a moment
    assert load_settings(DataDirs(tmp_path)).settings.volume == pytest.approx(after)
    stop(driver)


def test_f11_toggles_fullscreen_in_the_settings(tmp_path: Path) -> None:
    driver = start(tmp_path)
    driver.press(pygame.K_F11)
    expected = driver.ctx.display.fullscreen  # a headless driver may refuse fullscreen
    assert driver.ctx.settings.fullscreen == expected
    stop(driver)


def test_a_resized_window_is_remembered(tmp_path: Path) -> None:
    driver = start(tmp_path, size=None)
    driver.resize((1100, 700))
    assert driver.ctx.settings.window_size == (1100, 700)
    stop(driver)
    assert load_settings(DataDirs(tmp_path)).settings.window_size == (1100, 700)
    again = start(tmp_path, size=None)
    assert again.ctx.display.size == (1100, 700)
    stop(again)


def test_damaged_settings_are_explained_and_the_game_starts(tmp_path: Path) -> None:
    tmp_path.mkdir(exist_ok=True)
    (tmp_path / "settings.json").write_text("{not json", encoding="utf-8")
    driver = start(tmp_path)
    texts = driver.ctx.notices.texts()
    assert any("Your settings" in text for text in texts)
    assert isinstance(driver.ctx.stack.top, StartScreen)
    assert list(tmp_path.glob("settings.corrupt-*.json"))
    stop(driver)


def test_unwritable_settings_give_a_notice_not_a_crash(tmp_path: Path) -> None:
    driver = start(tmp_path)
    # A folder where the file should be: the write fails even for root (unlike chmod).
    (tmp_path / "settings.json").mkdir(parents=True)
    (tmp_path / "settings.json" / "keep").write_text("x", encoding="utf-8")
    driver.click(_("Settings"))
    driver.tick(_("Mute all sounds"))
    driver.click(_("Done"))
    assert any(
        _("Your settings cannot be saved: {reason}").split("{")[0] in t
        for t in driver.ctx.notices.texts()
    )
    assert driver.ctx.settings.muted  # still applied for this session
    assert isinstance(driver.ctx.stack.top, StartScreen)
    stop(driver)


def test_settings_file_holds_plain_json(tmp_path: Path) -> None:
    driver = start(tmp_path)
    driver.click(_("Settings"))
    driver.tick(_("Mute all sounds"))
    driver.click(_("Done"))
    stop(driver)
    document = json.loads((tmp_path / "settings.json").read_text(encoding="utf-8"))
    assert document["muted"] is True and document["kind"] == "settings"


def test_hard_thinking_time_is_set_with_its_slider_and_reaches_the_match(tmp_path: Path) -> None:
    driver = start(tmp_path)
    ctx = driver.ctx
    flow = ctx.nav
    assert isinstance(flow, Flow)
    flow.start_match(dataclasses.replace(ctx.settings, difficulty="hard"))
    session = flow.session
    assert session is not None and session.budget == 0.5
    flow.show_settings()
    driver.frames(2)
    sliders = sorted(driver.visible(UIHorizontalSlider), key=lambda s: s.rect.top)
    think = sliders[1]  # below the animation speed
    knob = think.sliding_button.rect.center
    driver.drag(knob, (think.rect.right - 5, knob[1]))
    assert ctx.settings.hard_think_s == 2.0
    assert session.budget == 2.0
    hard = [bot for bot in session.bots.values() if isinstance(bot, HardBot)]
    assert len(hard) == 3 and all(bot.budget == 2.0 for bot in hard)
    driver.frames(40)
    assert load_settings(DataDirs(tmp_path)).settings.hard_think_s == 2.0
    stop(driver)
