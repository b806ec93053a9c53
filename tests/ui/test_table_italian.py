"""The table in Italian Canasta: the pile's face-down packet is drawn and counted (IT-4), and a
2, joker or black three on top shows the stop sign of a blocked pile (IT-18)."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame

from canasta_game.controller.pacing import Pacer
from canasta_game.engine import observe, preset, state_from_setup
from canasta_game.ui.table.decor import Decor
from canasta_game.ui.table.headless import init_headless, make_context
from canasta_game.ui.table.layout import compute_layout
from canasta_game.ui.table.positions import played_session
from canasta_game.ui.table.screenshot import render_table_screenshot
from canasta_game.ui.table.table_scene import TableScene


def _spy(monkeypatch, name):
    seen: list[str] = []
    original = getattr(Decor, name)

    def spy(self, text, *args, **kwargs):
        seen.append(text)
        return original(self, text, *args, **kwargs)

    monkeypatch.setattr(Decor, name, spy)
    return seen


def test_the_face_down_packet_is_counted_under_the_pile_it_4(monkeypatch, tmp_path):
    labels = _spy(monkeypatch, "pill")
    out = render_table_screenshot(tmp_path / "it.png", "italian", 8, (1024, 640), moves=0)
    assert pygame.image.load(str(out)).get_size() == (1024, 640)
    assert "12 face down" in labels  # seed 8 turns a queen: twelve cards under it


def test_a_wild_card_on_top_shows_the_stop_sign_it_18(monkeypatch, tmp_path):
    signs = _spy(monkeypatch, "stop_sign")
    size = (1280, 800)
    surface = init_headless(size)
    context = make_context(size, reduced_motion=True)
    session = played_session("italian", 8, 0)
    scene = TableScene(session, context, pacer=Pacer(session, threaded=False), size=size)
    try:
        rules = preset("italian")
        state = state_from_setup(
            rules,
            ["Kc Kd", "4c", "5c", "6c"],
            stock="Tc Td",
            pile="5h 2c",
            melds={0: ["9c 9d 9s"]},
        )
        scene.painter.pile_marks(surface, compute_layout(size, rules, 0), observe(state, 0))
    finally:
        scene.close()
    assert len(signs) == 1  # one stop sign drawn over the pile
