"""Issue 11, the table: the score dialog and the score sheet show every line the engine's
scoring gives the sequence family, in the variant's own words (BOL-3, BOL-4, BOL-10, BOL-12,
BRA-8, BRA-10, SAM-29)."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"


import pytest
from pygame_gui.elements import UILabel

from canasta_game.controller.session import Session
from canasta_game.engine.actions import Discard
from canasta_game.engine.cards import face_text
from canasta_game.engine.rules import preset
from canasta_game.engine.setup import state_from_setup
from canasta_game.engine.state import DrawKind, Phase
from canasta_game.i18n import _
from canasta_game.ui.score_lines import score_line_label
from canasta_game.ui.shell.driver import ShellDriver
from canasta_game.ui.shell.flow import Flow
from canasta_game.ui.shell.score_dialog import (
    MIN_COLUMN,
    ScoreDialog,
    cell_text,
    label_width,
    line_keys,
)
from canasta_game.ui.shell.theme import LABEL_FONT_PX, display_font
from canasta_game.ui.table.sheet import sheet_columns


def last_discard_ends(name: str) -> Session:
    """Seat 0 discards the last card before an empty stock; West cannot take the frozen
    pile, so the hand ends (C-STOCK-4). North-South hold an escalera / samba, a bolivia and
    a short run; East-West a short run, two red threes and no canasta, black threes in hand."""
    state = state_from_setup(
        preset(name),
        ["Kh 9c", "4c 7d 3s 3c", "5c 6h", "Jc 3s"],
        stock="",
        pile="9h 2c Qd",
        melds={
            0: [
                "4s 5s 6s 7s 8s 9s Ts",
                "Qc Qd Qs Qc Qd Qs Qh",
                "Th Jh Qh",
                *(["2d 2h 2s JK JK 2d 2h"] if preset(name).wild_melds else ["Ac Ad As"]),
            ],
            1: ["4d 5d 6d", "8c 8d 8s"],
        },
        bonus_threes={1: "3d 3h"},
        phase=Phase.PLAY,
        drew=DrawKind.STOCK,
        has_melded=(0, 1, 2, 3),
    )
    session = Session.from_state(state, human_seat=0, level="easy")
    king = next(c for c in state.hands[0] if face_text(c) == "Kh")
    assert isinstance(session.play(Discard(0, king)), list)
    assert session.hand_over
    return session


@pytest.fixture
def shell(shell_boot) -> tuple[ShellDriver, Flow]:
    return shell_boot((1024, 640))


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("samba", {"Sambas"}),
        ("bolivia", {"Escaleras", "Bolivias", "Black threes left in hand"}),
        ("brazilian", {"Escaleras", "Bolivias", "Short sequences", "Black threes left in hand"}),
    ],
)
def test_the_score_dialog_shows_every_variant_line(shell, name: str, words: set[str]) -> None:
    driver, flow = shell
    session = last_discard_ends(name)
    flow.begin(session)
    driver.frames(2)
    assert isinstance(driver.ctx.stack.top, ScoreDialog)
    texts = [str(label.text) for label in driver.visible(UILabel)]
    score = session.match.history[-1].score
    for key in line_keys(score):
        assert score_line_label(key, session.rules) in texts, key
        for side in range(len(score.sides)):
            assert cell_text(score, side, key) in texts, (key, side)
    assert {_(w) for w in words} <= set(texts)
    red = next(line for line in score.sides[1].lines if line.key == "red_threes")
    assert red.points < 0  # SAM-29 / BRA-10: no (or too few) canastas, the threes count minus
    assert cell_text(score, 1, "red_threes") in texts


def test_the_score_sheet_names_the_lines_as_the_dialog_does() -> None:
    session = last_discard_ends("bolivia")
    session.next_hand()
    columns = sheet_columns(session, session.view(), ["NS", "EW"])
    labels = {label for column in columns for hand in column.hands for label, _v in hand}
    assert {_("Escaleras"), _("Bolivias"), _("Black threes left in hand")} <= labels


def test_hf_21_a_long_line_name_widens_the_label_column_while_the_figures_keep_room() -> None:
    """HF-21's "Red threes caught in hand or foot" with three sides at 1024x640 once clipped
    at 240 pixels: the column now fits the longest name, never narrower than before, and
    leaves each side MIN_COLUMN for its figures."""
    long = _("Red threes caught in hand or foot")
    needed = display_font(LABEL_FONT_PX, bold=False).size(long)[0]
    assert needed > 240
    width = label_width([_("Melded cards"), long], [_("This hand")], 3, 1000)
    assert width >= needed and 1000 - 56 - width >= 3 * MIN_COLUMN
    assert label_width([_("Melded cards")], [_("This hand")], 2, 1000) == 320
    assert label_width([long], [], 6, 1000) == 240  # six sides: no room to widen it
