"""The Settings screen: every change takes effect at once and is saved a moment later.

There is no OK button to forget: moving the volume slider changes the volume now (a click
plays so the player hears it), ticking fullscreen switches the window now, and the keeper
writes ``settings.json`` once the control has been still for a moment.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from typing import Any

import pygame
from pygame_gui.elements import UILabel

from canasta_game.i18n import DOMAIN, LANGUAGE_NAMES, LANGUAGES, LOCALE_DIR, _, format_number
from canasta_game.persistence.settings import ANIMATION_SPEED_RANGE, HARD_THINK_RANGE
from canasta_game.ui.shell.context import ShellContext
from canasta_game.ui.shell.gui_scene import Form, GuiScene, centred
from canasta_game.ui.shell.theme import BUTTON_HEIGHT

CLICK_EVERY_S = 0.15
"""While the volume slider moves, a card click plays at most this often, at the new volume."""


def available_languages() -> list[str]:
    """English and every language whose catalogue ships with the game."""
    found = [
        code
        for code in LANGUAGES
        if code == "en" or (LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.mo").is_file()
    ]
    return found or ["en"]


def speed_text(speed: float) -> str:
    return _("{speed}× speed").format(speed=format_number(speed))


def think_text(seconds: float) -> str:
    return _("{seconds} s").format(seconds=format_number(seconds))


def volume_text(volume: float) -> str:
    return _("{percent} %").format(percent=round(volume * 100))


class SettingsScreen(GuiScene):
    """Animation speed, reduced motion, Hard's thinking time, volume, mute, four-colour deck,
    fullscreen, language."""

    def __init__(self, ctx: ShellContext) -> None:
        self._speed_label: UILabel | None = None
        self._volume_label: UILabel | None = None
        self._think_label: UILabel | None = None
        self._last_click = 0.0
        super().__init__(ctx)

    def build(self, size: tuple[int, int]) -> None:
        s = self.ctx.settings
        box = centred(size, 760, 590)
        panel = self.panel(box)
        form = Form(panel=panel, width=box.width, left=30, label_w=250, value_w=170, gap=10)
        y = 18
        self.label(_("Settings"), pygame.Rect(0, y, box.width, 44), panel, "@heading")
        y += 64
        self._speed_label = self._slider_row(
            form,
            y,
            _("Animation speed"),
            s.animation_speed,
            ANIMATION_SPEED_RANGE,
            self._speed,
            shown=speed_text(s.animation_speed),
        )
        y += 46
        self._tick(form, y, _("Reduced motion (cards move without flying)"), "reduced_motion")
        y += 50
        self._think_label = self._slider_row(
            form,
            y,
            _("Hard thinks for"),
            s.hard_think_s,
            HARD_THINK_RANGE,
            self._think,
            shown=think_text(s.hard_think_s),
        )
        y += 50
        self._volume_label = self._slider_row(
            form,
            y,
            _("Volume"),
            s.volume,
            (0.0, 1.0),
            self._volume,
            shown=volume_text(s.volume),
            step=0.1,
        )
        y += 46
        self._tick(form, y, _("Mute all sounds"), "muted")
        y += 46
        self._tick(form, y, _("Four-colour deck (blue diamonds, green clubs)"), "four_colour_deck")
        y += 46
        self._tick(form, y, _("Fullscreen (F11)"), "fullscreen")
        y += 50
        self.label(_("Language"), form.title(y), panel)
        shipped = available_languages()
        languages = [(name, code) for code, name in LANGUAGE_NAMES.items() if code in shipped]
        self.dropdown(
            languages,
            s.language,
            pygame.Rect(form.field_x, y, form.inner - form.label_w, BUTTON_HEIGHT),
            self._language,
            panel,
        )
        self.button_row(
            [(_("Done"), self._done)], box.height - BUTTON_HEIGHT - 22, panel, box.width
        )

    def _slider_row(
        self,
        form: Form,
        y: int,
        title: str,
        value: float,
        bounds: tuple[float, float],
        on_change: Callable[[float], None],
        *,
        shown: str,
        step: float = 0.25,
    ) -> UILabel:
        """A titled slider with its value at the right; the value's label is returned, so
        moving the slider can reword it."""
        self.label(title, form.title(y, 36), form.panel)
        field = form.field(y + 3, 30)
        self.slider(value, bounds, field, on_change, form.panel, step=step)
        return self.label(
            shown,
            form.value(y, 36),
            form.panel,
            "@value",
        )

    def _tick(self, form: Form, y: int, text: str, name: str) -> None:
        """A check box for the boolean setting ``name``."""
        checked = bool(getattr(self.ctx.settings, name))
        row = form.line(y, 32)
        self.checkbox(text, checked, row, self._set(name), form.panel)

    def _change(self, **changes: Any) -> None:
        self.ctx.change_settings(dataclasses.replace(self.ctx.settings, **changes))

    def _set(self, name: str) -> Any:
        return lambda value: self._change(**{name: value})

    def _speed(self, value: float) -> None:
        value = round(value * 4) / 4
        self._change(animation_speed=value)
        if self._speed_label is not None:
            self._speed_label.set_text(speed_text(self.ctx.settings.animation_speed))

    def _think(self, value: float) -> None:
        self._change(hard_think_s=round(value * 4) / 4)
        if self._think_label is not None:
            self._think_label.set_text(think_text(self.ctx.settings.hard_think_s))

    def _volume(self, value: float) -> None:
        self._change(volume=round(value, 2))
        if self._volume_label is not None:
            self._volume_label.set_text(volume_text(self.ctx.settings.volume))
        now = time.monotonic()
        if now - self._last_click > CLICK_EVERY_S:  # a drag sends dozens of changes
            self._last_click = now
            self.ctx.play("discard")

    def _language(self, code: str) -> None:
        self._change(language=code)

    def _done(self) -> None:
        self.ctx.settings_keeper.flush()
        nav = self.ctx.nav
        assert nav is not None
        nav.back()

    def back(self) -> bool:
        self._done()
        return True

    def closed(self) -> None:
        self.ctx.settings_keeper.flush()
        super().closed()
