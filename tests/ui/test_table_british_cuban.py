"""Issue 13, the table for British and Cuban Canasta, started from New game and driven by
posted mouse clicks: the Acaba control, its confirmation and the partner's question
(BRIT-1, BRIT-2), and the Cuban black threes a taken pile sets aside (CUB-8)."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from collections.abc import Callable

import pygame
import pytest
from pygame_gui.elements import UIDropDownMenu, UILabel, UITextBox

from canasta_game.controller.hints import _acaba_why, suggest
from canasta_game.controller.session import Session
from canasta_game.engine import apply, state_from_setup
from canasta_game.engine.actions import Acaba, AnswerGoOut
from canasta_game.engine.cards import face_text
from canasta_game.engine.rules import NEW_GAME_PRESETS, Rules, preset
from canasta_game.engine.state import Phase, Question, State
from canasta_game.i18n import _, format_number
from canasta_game.ui.shell import flow as flow_module
from canasta_game.ui.shell.driver import ShellDriver
from canasta_game.ui.shell.flow import Flow
from canasta_game.ui.shell.match_setup import preset_label
from canasta_game.ui.shell.score_dialog import ScoreDialog
from canasta_game.ui.table import controls as ctl
from canasta_game.ui.table.decor import Decor
from canasta_game.ui.table.dialogs import CONFIRM_ACABA
from canasta_game.ui.table.driver import TableDriver
from canasta_game.ui.table.table_scene import TableScene
from canasta_game.ui.table.targets import pile_rect, stock_rect

Shell = tuple[ShellDriver, Flow]


def _dealt(monkeypatch: pytest.MonkeyPatch, position: Callable[[Rules], State]) -> None:
    """New game deals ``position`` (under the rules the player picked) instead of a shuffle."""

    class Dealt(Session):
        @classmethod
        def new(cls, rules: Rules, seed: int, **options: object) -> Session:  # type: ignore[override]
            return Session.from_state(position(rules), level=str(options.get("level", "medium")))

    monkeypatch.setattr(flow_module, "Session", Dealt)


def _start(shell_boot: Callable[..., Shell], name: str) -> tuple[ShellDriver, Flow, TableScene]:
    """New game, four players, ``name`` picked from the Rules list, Start: the table."""
    driver, flow = shell_boot()
    driver.click(_("New game"))
    driver.click("4")
    menus = [m for m in driver.visible(UIDropDownMenu) if m.rect.top < 300]
    driver.click_at(min(menus, key=lambda m: m.rect.top).rect.center)
    driver.click(preset_label(name), frames=5)
    driver.click(_("Start"))
    scene = driver.ctx.stack.top
    assert isinstance(scene, TableScene) and flow.session is not None
    assert flow.session.rules.name == name
    return driver, flow, scene


def _my_turn(driver: ShellDriver, scene: TableScene) -> None:
    session = scene.session
    assert driver.until(lambda: (session.human_to_act and not scene.busy) or session.hand_over)
    driver.frames(2)


def _texts(driver: ShellDriver) -> list[str]:
    return [str(w.text) for w in driver.visible(UILabel)] + [
        str(w.html_text) for w in driver.visible(UITextBox)
    ]


def test_british_and_cuban_are_offered_in_new_game() -> None:
    """Issue 13: the table plays both in full, so New game offers them."""
    assert {"british", "cuban"} <= set(NEW_GAME_PRESETS)


def test_the_partner_says_no_then_acaba_is_declared_by_mouse_brit_1_brit_2(
    shell_boot, monkeypatch
) -> None:
    """BRIT-2: asked, the partner's "no" is shown in words and forbids Acaba this turn (the
    key is refused in words); BRIT-1: next turn the button asks first, saying what Acaba
    costs, and Declare ends the hand with the opponents' 1,500."""
    monkeypatch.setattr(flow_module.secrets, "randbelow", lambda _n: 2026)  # a fixed deal
    driver, _flow, scene = _start(shell_boot, "british")
    session = scene.session
    _my_turn(driver, scene)
    assert scene.controls.shown(ctl.ACABA) and scene.controls.shown(ctl.ACABA_ASK)
    driver.click(_("Ask partner: Acaba?"))
    assert driver.until(lambda: session.human_to_act and session.state.phase is not Phase.ANSWER)
    partner = session.state.rules.side_seats[0][1]
    names = scene.info.seat_names if scene.info is not None else ()
    said = _("{name} says no: no Acaba this turn").format(name=names[partner])
    assert scene.messages.text == said  # the medium partner sees no reason to give up
    assert _("{name} answered no: no Acaba").format(name=names[partner]) in scene.move_log.lines
    assert not scene.controls.shown(ctl.ACABA) and not scene.controls.shown(ctl.ACABA_ASK)
    driver.press(pygame.K_c)
    assert scene.messages.text == _("Your partner said no: you may not declare Acaba this turn.")
    driver.click_at(stock_rect(scene.layout).center)  # draw, then discard the last card
    assert driver.until(lambda: not scene.busy) and session.state.phase is Phase.PLAY
    _uid, rect = scene.plan.hand[-1]
    driver.click_at(rect.center, frames=1)
    driver.click_at(rect.center)
    assert session.state.current != 0, scene.messages.text
    _my_turn(driver, scene)
    assert not session.hand_over and session.view().acaba_question is Question.NONE
    driver.click(_("Acaba (C)"))
    assert scene.dialog is not None and scene.dialog.purpose == CONFIRM_ACABA
    assert any(format_number(1500) in t for t in _texts(driver))  # read from the rules
    driver.click(_("Declare (Y)"))
    assert session.hand_over and session.state.end is not None
    assert session.state.end.reason == "acaba" and session.state.end.seat == 0
    assert driver.until(lambda: isinstance(driver.ctx.stack.top, ScoreDialog))
    texts = _texts(driver)
    assert _("You declared Acaba.") in texts
    assert _("Acaba declared") in texts and _("The opponents declared Acaba") in texts
    assert session.match.history[-1].score.totals == (0, 1500)


def _partner_asks(rules: Rules) -> State:
    """The partner (seat 2) asks the human whether to declare Acaba (BRIT-2)."""
    state = state_from_setup(
        rules,
        ["5c 6c 7c 8c 9c", "5d 6d 7d", "Tc Jc Qc Kc", "5h 6h 7h"],
        stock="4s 4h 4d 9d 9h",
        pile="8d",
        current=2,
        phase=Phase.PLAY,
    )
    state, _events = apply(state, Acaba(2, ask=True))
    return state


def test_the_human_answers_the_partners_acaba_question_by_mouse_brit_2(
    shell_boot, monkeypatch
) -> None:
    """BRIT-2: the partner's question about Acaba comes in the go-out panel, worded for
    Acaba; Yes binds: the hand ends by the partner's Acaba."""
    _dealt(monkeypatch, _partner_asks)
    driver, _flow, scene = _start(shell_boot, "british")
    driver.frames(3)
    assert scene.dialog is not None and scene.dialog.purpose != CONFIRM_ACABA
    names = scene.info.seat_names if scene.info is not None else ()
    assert _("{name} asks: may we declare Acaba?").format(name=names[2]) in _texts(driver)
    driver.click(_("Yes (Y)"))
    session = scene.session
    assert session.hand_over and session.state.end is not None
    assert (session.state.end.reason, session.state.end.seat) == ("acaba", 2)
    assert driver.until(lambda: isinstance(driver.ctx.stack.top, ScoreDialog))
    assert _("{name} declared Acaba.").format(name=names[2]) in _texts(driver)


def test_without_a_partner_only_the_declaration_is_offered_brit_2(table_drivers) -> None:
    """BRIT-2 asks a partner; two players have none, so only "Acaba" shows."""
    rules = preset("classic-2", acaba=True)
    state = state_from_setup(rules, ["5c 6c 7c", "5d 6d 7d"], stock="4s 4h 9d", pile="8d")
    driver = TableDriver(Session.from_state(state, level="easy"), reduced_motion=True)
    table_drivers.append(driver)
    driver.frames(2)
    assert driver.scene.controls.shown(ctl.ACABA)
    assert not driver.scene.controls.shown(ctl.ACABA_ASK)


def _black_threes_in_pile(rules: Rules) -> State:
    """The human's side is open; the pile holds two black threes under an 8 (CUB-3: a pair
    of naturals takes it)."""
    return state_from_setup(
        rules,
        ["8c 8d 5s 6h Kd", "5d 6d 7d 9s", "Tc Jc Qc Kc", "5h 6s 7h 9h"],
        stock="4s 4h 4d 9d Ts Th",
        pile="7c 3s 9c 3c 8h",
        melds={0: ["Ah Ac As"]},
        has_melded=[0],
    )


def test_a_taken_pile_sets_black_threes_aside_beside_the_red_threes_cub_8(
    shell_boot, monkeypatch
) -> None:
    """CUB-8: taking a pile with black threes by mouse sets them aside; they are drawn in a
    column of their own on the side's area, counted, and the log says "set aside", not
    "red three". CUB-3: the pile caption says it is always frozen."""
    pills: list[str] = []
    original = Decor.pill
    monkeypatch.setattr(
        Decor,
        "pill",
        lambda self, text, *a, **k: pills.append(text) or original(self, text, *a, **k),
    )
    _dealt(monkeypatch, _black_threes_in_pile)
    driver, _flow, scene = _start(shell_boot, "cuban")
    _my_turn(driver, scene)
    assert _("Always frozen") in pills
    session = scene.session
    pair = [uid for uid, _rect in scene.plan.hand if face_text(uid) in ("8c", "8d")]
    for uid in pair:
        rect = dict(scene.plan.hand)[uid]
        driver.click_at((rect.left + 6, rect.centery))
    driver.click_at(pile_rect(scene.layout).center)
    assert driver.until(lambda: not scene.busy)
    driver.frames(2)
    aside = sorted(face_text(c) for c in session.state.bonus_threes[0])
    assert aside == ["3c", "3s"]
    spot = scene.plan.aside[0]
    assert spot.count == 2 and 0 not in scene.plan.threes
    for uid in session.state.bonus_threes[0]:
        sprite = scene.sprite_of(uid)
        assert sprite is not None and sprite.home.zone == "aside:0"
    assert _("{count} set aside").format(count=2) in pills
    assert scene.move_log.lines.count(_("You set aside a black three")) == 2
    assert _("You put down a red three") not in scene.move_log.lines


def test_a_wild_card_on_top_of_the_cuban_pile_shows_the_stop_sign_cub_3(
    table_drivers, monkeypatch
) -> None:
    """CUB-3 (C-PILE-5): a pile topped by a wild card cannot be taken: the stop sign says so,
    and the frozen mark names the card's freeze, not the rules' "always"."""
    signs: list[str] = []
    pills: list[str] = []
    stop, pill = Decor.stop_sign, Decor.pill
    monkeypatch.setattr(Decor, "stop_sign", lambda s, n, t: signs.append(t) or stop(s, n, t))
    monkeypatch.setattr(Decor, "pill", lambda s, t, *a, **k: pills.append(t) or pill(s, t, *a, **k))
    rules = preset("cuban")
    hands = ["8c 8d 5s", "5d 6d 7d", "Tc Jc Qc", "5h 6s 7h"]
    state = state_from_setup(rules, hands, stock="4s 4h 9d", pile="7c 8h 2c")
    driver = TableDriver(Session.from_state(state, level="easy"), reduced_motion=True)
    table_drivers.append(driver)
    driver.frames(2)
    assert len(signs) >= 1 and _("Frozen") in pills and _("Always frozen") not in pills


def test_the_hint_words_the_acaba_question_and_declaration_brit_1_brit_2() -> None:
    """The Hint answers the partner's Acaba question in Acaba's words (not going out's), and
    a declaration's hint names the rules' figure."""
    session = Session.from_state(_partner_asks(preset("british")), level="easy")
    suggestion = suggest(session)
    assert suggestion is not None and isinstance(suggestion.action, AnswerGoOut)
    assert not suggestion.action.yes  # nobody threatens to go out: play the hand on
    assert suggestion.text == _("Answer no: your side does better playing this hand on")
    view = session.view()
    declare = _("Declare Acaba: played on, this hand would cost your side more than {points}")
    assert _acaba_why(Acaba(0), view) == declare.format(points=format_number(1500))
    assert _acaba_why(Acaba(0, ask=True), view) == _("Ask your partner whether to declare Acaba")


def test_escape_or_cancel_leaves_the_hand_as_it_was_brit_1(table_drivers) -> None:
    """BRIT-1: Acaba cannot be taken back, so the confirmation's Cancel (and Esc) changes
    nothing: the hand goes on and the button is still there."""
    rules = preset("british")
    hands = ["5c 6c 7c", "5d 6d 7d", "Tc Jc Qc", "5h 6h 7h"]
    state = state_from_setup(rules, hands, stock="4s 4h 9d", pile="8d")
    session = Session.from_state(state, level="easy")
    driver = TableDriver(session, reduced_motion=True)
    table_drivers.append(driver)
    driver.frames(2)
    for close in (pygame.K_ESCAPE, pygame.K_n):
        driver.click(driver.scene.controls.rect(ctl.ACABA).center)
        driver.frames(2)
        assert driver.scene.dialog is not None and driver.scene.dialog.purpose == CONFIRM_ACABA
        driver.key(close)
        assert driver.scene.dialog is None and not session.hand_over
        assert driver.scene.controls.shown(ctl.ACABA)
