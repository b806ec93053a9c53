"""Issue 12, the table: Modern American's talon and Hand and Foot's feet are shown where they
lie, fit at 1280x800 and 1024x640 for every player count offered, New game starts both, and
a whole hand of each is played at the table with the mouse."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"


import pygame
import pytest
from pygame_gui.elements import UIDropDownMenu, UILabel

from canasta_game.controller.session import Session
from canasta_game.engine import events as ev
from canasta_game.engine.actions import AnswerGoOut, AskGoOut, Discard, Meld
from canasta_game.engine.cards import face_text
from canasta_game.engine.meldrules import CanastaKind
from canasta_game.engine.observation import observe
from canasta_game.engine.rules import NEW_GAME_PRESETS, preset
from canasta_game.engine.setup import state_from_setup
from canasta_game.engine.state import DrawKind, Phase
from canasta_game.i18n import _
from canasta_game.persistence import DataDirs
from canasta_game.ui.score_lines import score_line_label
from canasta_game.ui.shell.boot import build_context
from canasta_game.ui.shell.cli import parse
from canasta_game.ui.shell.gui_scene import GuiScene
from canasta_game.ui.shell.headless import autoplay
from canasta_game.ui.shell.match_setup import preset_description, preset_label
from canasta_game.ui.shell.names import how_it_ended
from canasta_game.ui.shell.new_game_screen import NewGameScreen
from canasta_game.ui.shell.score_dialog import ScoreDialog, cell_text, line_keys
from canasta_game.ui.table.animator import Movement
from canasta_game.ui.table.decor import Decor
from canasta_game.ui.table.driver import TableDriver
from canasta_game.ui.table.feet import foot_rect
from canasta_game.ui.table.info import books_note, deal_text, hud_info
from canasta_game.ui.table.layout import MINI, STOCK_EDGE
from canasta_game.ui.table.move_log import describe
from canasta_game.ui.table.table_scene import TableScene
from canasta_game.ui.table.wording import news_for

SMALL, LARGE = (1024, 640), (1280, 800)
HF = ("hand-and-foot-2", "hand-and-foot-3", "hand-and-foot", "hand-and-foot-6")
PLAYERS = {"modern-american": 4, "hand-and-foot-2": 2, "hand-and-foot-3": 3}
PLAYERS |= {"hand-and-foot": 4, "hand-and-foot-6": 6}


@pytest.fixture
def scene(request: pytest.FixtureRequest, held_table) -> TableScene:
    """The table of ``preset`` after ``moves`` computer moves, at ``size``, with the human
    (seat 0) to draw."""
    name, moves, size = request.param
    return held_table(name, 3, moves, size)


def _backs(table: TableScene) -> list[tuple[int, pygame.Rect]]:
    """(seat, rectangle) of every back of the other hands."""
    w, h = table.layout.card(MINI)
    out = []
    for key, home in table.plan.homes.items():
        if isinstance(key, tuple):
            size = (h, w) if home.turned else (w, h)
            rect = pygame.Rect((0, 0), size)
            rect.center = (round(home.x), round(home.y))
            out.append((key[1], rect))
    return out


@pytest.mark.parametrize(
    "scene", [(name, 30, size) for name in HF for size in (SMALL, LARGE)], indirect=True
)
def test_hf_3_every_foot_lies_beside_its_hand_clear_of_everything(scene: TableScene) -> None:
    """HF-3: each foot not yet picked up is a packet by its own hand, inside the window and
    clear of the stock, the pile, the meld areas, the other hands, the human's hand and the
    seats' names with long last-turn captions."""
    layout, plan, view = scene.layout, scene.plan, scene.view
    assert scene.info is not None
    captions = dict.fromkeys(layout.seats, ("took the pile (14)", "discarded 10"))
    counts = dict.fromkeys(layout.seats, 12)
    surface = pygame.Surface(layout.size)
    words = scene.hud.draw_seats(surface, layout, scene.info, counts, plan.labels, captions)
    placed = [rect for rects in words.values() for rect in rects]
    assert set(plan.feet) == {s for s, n in enumerate(view.foot_sizes) if n}
    assert plan.feet, "no foot to look at"
    window = pygame.Rect((0, 0), layout.size)
    stock = layout.stock.inflate(2 * STOCK_EDGE, 2 * STOCK_EDGE)
    hand_cards = [rect for _uid, rect in plan.hand]
    for seat, rect in plan.feet.items():
        assert window.contains(rect), (seat, rect)
        assert not rect.colliderect(stock) and not rect.colliderect(layout.pile), seat
        assert not rect.colliderect(layout.hud), seat
        for area in layout.areas.values():
            assert not rect.colliderect(area.rect), (seat, area.side)
        for other, back in _backs(scene):
            assert not rect.colliderect(back), (seat, other, back)
        assert rect.collidelist(hand_cards) < 0, seat
        assert rect.collidelist(placed) < 0, (seat, placed[rect.collidelist(placed)])
        if seat == scene.me:
            assert layout.hand.contains(rect)
        else:
            assert layout.seats[seat].rect.inflate(2, 2).contains(rect), seat
        assert rect == foot_rect(layout, seat, scene.me)  # where a picked-up foot flies from


@pytest.mark.parametrize(
    "scene", [("modern-american", 0, s) for s in (SMALL, LARGE)], indirect=True
)
def test_mac_26_the_talon_shows_above_the_stock_clear_of_the_seats(scene: TableScene) -> None:
    """MAC-26: while nobody has opened, four talon cards lie on the stock for the next side
    to open; they stay inside the stock's column, under the top bar, clear of West's label."""
    layout, view = scene.layout, scene.view
    assert not any(view.melds) and view.talon == 4
    drawn = scene.painter.talon(pygame.Surface(layout.size), layout, view.talon)
    assert drawn.top >= layout.hud.bottom and layout.deck.contains(drawn)
    for seat, spot in layout.seats.items():
        assert not drawn.colliderect(spot.rect), seat


def test_mac_27_the_talon_is_three_for_the_second_side_and_gone_after_the_turn_card() -> None:
    """MAC-26, MAC-27: one side open leaves a talon of 3; below the turn card there is none."""
    rules = preset("modern-american")
    melds = {0: ["8c 8d 8s"]}
    stock = " ".join(["5c"] * 20)
    state = state_from_setup(rules, ["Kc", "Kd", "Kh", "Ks"], stock=stock, melds=melds)
    assert Session.from_state(state, human_seat=0).view().talon == 3
    low = state_from_setup(rules, ["Kc", "Kd", "Kh", "Ks"], stock="5c 5d 5h", melds=melds)
    assert Session.from_state(low, human_seat=0).view().talon == 0


def test_hf_14_hf_17_the_hud_says_the_deal_and_the_books_still_needed() -> None:
    """HF-14: "Deal 3 of 4"; HF-17: each side's books still missing, a spare clean book
    standing in for a dirty one; a side with its quota is told it has enough."""
    rules = preset("hand-and-foot")
    clean, dirty = "Kh Kd Ks Kc Kh Kd Ks", "Qh Qd Qs Qc Qh 2d 2c"
    melds = {0: [clean, clean.replace("K", "J"), clean.replace("K", "T")], 1: [dirty]}
    state = state_from_setup(rules, ["5c", "5d", "5h", "5s"], stock="6c 6d", melds=melds, deal=2)
    view = Session.from_state(state, human_seat=0).view()
    assert deal_text(view) == "Deal 3 of 4"
    assert view.books_needed == ((0, 1, 1), (2, 1, 1))
    assert books_note(view, 1) == "books still needed: clean 2, dirty 1, wild 1"
    assert deal_text(Session.new(preset("classic-4"), 1, human_seat=0).view()) == ""


def test_hf_13_hf_14_after_a_deal_the_bar_names_the_next_deal_beside_its_minimum() -> None:
    """HF-14, HF-13: once the first deal is over the bar shows the minimums of the second
    (90, where the first asked 50), so the deal it names beside them is the next one."""
    rules = preset("hand-and-foot")
    hands = ["5c 6d", "7c 8d", "9c Td", "Jc Qd"]
    state = state_from_setup(
        rules, hands, pile="Kh", phase=Phase.PLAY, drew=DrawKind.STOCK, feet=[""] * 4
    )
    session = Session.from_state(state, human_seat=0, level="easy")
    assert deal_text(session.view()) == "Deal 1 of 4"
    assert session.view().minimums == (50, 50)
    session.play(Discard(seat=0, card=state.hands[0][0]))  # the next turn finds no stock
    assert session.hand_over and not session.match.over
    bar = hud_info(session, observe(session.state, 0))
    assert bar.deal == "Next: deal 2 of 4"
    assert [side.minimum for side in bar.sides] == [90, 90]


def test_hf_8_the_foot_picked_up_flies_from_its_packet(table_drivers: list[TableDriver]) -> None:
    """HF-8: seat 0 melds its last cards; its foot becomes its hand, the packet goes, and
    the foot's cards start their flight where the packet lay (not from the stock)."""
    rules = preset("hand-and-foot")
    state = state_from_setup(
        rules,
        ["9c 9d 9h", "5c 6c", "5d 6d", "5h 6h"],
        stock="4c 4d 4h 4s 7c 7d",
        melds={0: ["Kh Kd Ks"]},
        feet=["8c 8d 8h Tc Td Th Jc Jd Jh Qc Qd Qh Ac", "", "", ""],
        phase=Phase.PLAY,
        drew=DrawKind.STOCK,
        has_melded=(0, 1, 2, 3),
    )
    session = Session.from_state(state, human_seat=0, level="easy")
    driver = TableDriver(session, delay=0.05, reduced_motion=False)
    table_drivers.append(driver)
    driver.settle()
    scene = driver.scene
    packet = scene.plan.feet[0].center
    nines = [c for c in state.hands[0] if face_text(c).startswith("9")]
    assert scene.play(Meld(0, (tuple(nines),)))
    driver.frames(1, draw=False)
    assert 0 not in scene.plan.feet and scene.view.foot_sizes[0] == 0
    foot = [scene.sprite_of(c) for c in scene.view.hand]
    assert len(foot) == 13 and all(s is not None and s.flight is not None for s in foot)
    starts = {s.flight.start for s in foot if s is not None and s.flight is not None}
    assert starts == {packet}
    assert "foot" in (scene.messages.text or "")


def _open_rules_list(driver) -> None:
    menus = [m for m in driver.visible(UIDropDownMenu) if m.rect.top < 300]
    driver.click_at(min(menus, key=lambda m: m.rect.top).rect.center)


@pytest.mark.parametrize("name", sorted(PLAYERS))
def test_new_game_offers_the_preset_and_starts_it_at_the_table(shell_boot, name: str) -> None:
    """New game lists Modern American and every Hand and Foot player count with its line
    (Hand and Foot: four deals instead of a target, HF-14; no red-three scale for either),
    and Start deals it at the table (HF: 13 in hand and a foot of 13 face down, HF-3)."""
    assert name in NEW_GAME_PRESETS
    driver, flow = shell_boot(LARGE)
    driver.click(_("New game"))
    assert isinstance(driver.ctx.stack.top, NewGameScreen)
    driver.click(str(PLAYERS[name]))
    _open_rules_list(driver)
    driver.click(preset_label(name), frames=5)
    labels = [str(label.text) for label in driver.visible(UILabel)]
    assert preset_description(name) in labels
    assert ("4 deals" in labels) is name.startswith("hand-and-foot")  # HF-14: no target
    with pytest.raises(LookupError):  # MAC-38, HF-21 count the red threes their own way
        driver.checkbox(_("Red threes count 100, 200, 400, 800"))
    driver.click(_("Start"))
    top = driver.ctx.stack.top
    assert top is not None and not isinstance(top, GuiScene)
    assert flow.session is not None and flow.session.rules.name == name
    view = flow.session.view()
    if name.startswith("hand-and-foot"):
        assert set(view.foot_sizes) == {13} and set(top.plan.feet) == set(range(PLAYERS[name]))
    else:
        assert view.talon == 4 and view.cards_above_turn_card is not None


@pytest.mark.slow
@pytest.mark.parametrize(("name", "seed"), [("modern-american", 4), ("hand-and-foot", 2)])
def test_a_whole_hand_at_the_table_by_mouse(
    table_drivers: list[TableDriver], name: str, seed: int
) -> None:
    """The human's every move made with posted mouse events (chosen by an Easy bot), the
    computer players' with the pacer, to the score dialog, every card sprite accounted for."""
    session = Session.new(preset(name), seed, human_seat=0, level="easy")
    driver = TableDriver(session, delay=0.02, animation_speed=4.0)
    table_drivers.append(driver)
    moves = 0
    while driver.until_my_turn(limit=40000):
        scene = driver.scene
        assert scene.store.uids() == scene.visible_uids()
        assert set(scene.plan.feet) == {s for s, n in enumerate(scene.view.foot_sizes) if n}
        driver.play_turn(f"me:{moves}")
        moves += 1
        assert moves < 600
    assert session.hand_over
    for _frame in range(120):
        driver.frames(1, draw=False)
    assert driver.context.calls in (["hand_score"], ["match_end"])


def _card(session: Session, face: str) -> int:
    """The human's card of that face ("Kh")."""
    return next(c for c in session.state.hands[0] if face_text(c) == face)


def _mac_going_out() -> Session:
    """Seat 0 melds three fives and goes out with its last card (MAC-29, MAC-30); East-West
    hold an unfinished meld of aces, of sevens and of wild cards and three aces in a hand."""
    state = state_from_setup(
        preset("modern-american"),
        ["5d 5h 5s 4h", "As As Ac 9d", "6c 6d", "Jc Jd"],
        stock="8s 8h 9s 9h Tc Td",
        melds={
            0: ["Kc Kd Kh Ks Kc Kd Kh", "9c 9d 9h 9s 9c 9d 2c"],
            1: ["Ac Ad Ah", "7c 7d 7h", "2h 2d JK"],
        },
        bonus_threes={0: "3h 3c 3s", 1: "3d"},
        phase=Phase.PLAY,
        drew=DrawKind.STOCK,
        has_melded=(0, 1, 2, 3),
    )
    session = Session.from_state(state, human_seat=0, level="easy")
    fives = tuple(c for c in state.hands[0] if face_text(c).startswith("5"))
    assert isinstance(session.play(Meld(0, (fives,))), list)
    assert isinstance(session.play(Discard(0, _card(session, "4h"))), list) and session.hand_over
    return session


def _hf_stock_out() -> Session:
    """The last stock card is gone when seat 0 discards: the hand ends (HF-23) with North's
    foot unplayed, a red three in it (HF-21, HF-22) and red threes laid on both sides."""
    rules = preset("hand-and-foot")
    state = state_from_setup(
        rules,
        ["Kh 9c", "4c 7d", "5c 6h", "Jc 8s"],
        stock="",
        pile="9h Qd",
        melds={0: ["Qc Qd Qs Qc Qd Qs Qh", "Th Td Tc"], 1: ["4d 4h 4s 2s"]},
        bonus_threes={0: "3d", 1: "3h"},
        feet=["", "", "3d 5d 6d 7c 8c 9d Tc Jd Qh Kc Ac 2h 4c", ""],
        phase=Phase.PLAY,
        drew=DrawKind.STOCK,
        has_melded=(0, 1, 2, 3),
    )
    session = Session.from_state(state, human_seat=0, level="easy")
    assert isinstance(session.play(Discard(0, _card(session, "Kh"))), list) and session.hand_over
    return session


@pytest.mark.parametrize(
    ("make", "keys"),
    [
        (
            _mac_going_out,
            {"open_aces_penalty", "open_sevens_penalty", "wild_meld_penalty", "aces_in_hand"}
            | {"natural_canastas", "mixed_canastas", "black_threes", "red_threes", "going_out"},
        ),
        (_hf_stock_out, {"clean_books", "red_threes", "red_threes_caught", "foot_penalty"}),
    ],
)
def test_the_score_dialog_shows_every_mac_and_hf_line(shell_boot, make, keys: set[str]) -> None:
    """MAC-36..43 and HF-19..22: the dialog names every line the engine scored and shows
    each side's points for it, in the player's words."""
    driver, flow = shell_boot(SMALL)
    session = make()
    flow.begin(session)
    driver.frames(2)
    assert isinstance(driver.ctx.stack.top, ScoreDialog)
    shown = {str(label.text) for label in driver.visible(UILabel)}
    score = session.match.history[-1].score
    scored = line_keys(score)
    assert keys <= set(scored)
    assert {score_line_label(key, session.rules) for key in scored} <= shown
    sides = range(len(score.sides))
    assert {cell_text(score, side, key) for key in scored for side in sides} <= shown


def test_mac_30_the_going_out_discard_lies_face_down(table_drivers: list[TableDriver]) -> None:
    """MAC-30: after going out, the pile's top card is the final discard, shown face down."""
    session = _mac_going_out()
    driver = TableDriver(session, delay=0.05)
    table_drivers.append(driver)
    driver.settle()
    top = session.state.pile[-1]
    assert driver.scene.plan.homes[top].face_up is False


GARBAGE = "Kc Kd Kh Ks Qc Qd Qh Qs Jc Jd Jh Tc Td Th"  # MAC-33: 4-4-3-3, no wild card


@pytest.mark.parametrize("seat", [0, 1])
def test_mac_33_a_special_hand_is_shown_laid_on_the_table(
    table_drivers: list[TableDriver], seat: int
) -> None:
    """MAC-33: the fourteen cards of a special hand (Garbage) lie face up in the side's
    area, by rank, out of the hand; the dialog's headline names the hand."""
    hands = ["5c 6c 7c", "5d 6d 7d", "5h 6h 7h", "5s 6s 7s"]
    hands[seat] = GARBAGE
    state = state_from_setup(
        preset("modern-american"),
        hands,
        stock=" ".join(["8c", "8d", "9c", "9d"] * 5),
        current=seat,
        phase=Phase.PLAY,
        drew=DrawKind.STOCK,
    )
    session = Session.from_state(state, human_seat=0, level="easy")
    driver = TableDriver(session, delay=0.05)
    table_drivers.append(driver)
    driver.settle()
    assert isinstance(session.play(Meld(seat, (state.hands[seat],))), list)
    driver.scene._sync(Movement(fallback_seat=seat), driver.scene.pace())
    driver.settle()
    plan, view = driver.scene.plan, driver.scene.view
    assert sorted(view.special_cards) == sorted(state.hands[seat])
    side = state.rules.seat_side[seat]
    for card in view.special_cards:
        home = plan.homes[card]
        assert home.face_up and home.zone == f"special:{side}"
    assert not set(view.special_cards) & {uid for uid, _rect in plan.hand}
    if seat:  # West's backs became the cards laid
        assert plan.backs[seat] == 0
    assert len({plan.homes[card].x for card in view.special_cards}) == 4  # 10s, Js, Qs, Ks
    assert driver.scene.info is not None
    assert driver.scene.info.area_notes[side] == "special hand: Garbage"
    text = how_it_ended(session)
    assert "Garbage" in text and "special hand" in text


def test_hf_8_hf_9_the_log_tells_the_foot_and_the_kind_of_each_book() -> None:
    """HF-8: picking up the foot is told; HF-9: a completed book is called clean, dirty or
    wild in the log, never a "canasta"."""
    names, sides = ("You", "West", "North", "East"), ("You & North", "West & East")
    foot = [ev.FootPickedUp(0, 13), ev.FootPickedUp(2, 13)]
    _move, lines = describe(foot, 0, names=names, side_names=sides, me=0, keys={})
    assert lines == ["You picked up your foot", "North picked up the foot"]
    done = [ev.CanastaCompleted(0, 1, True), ev.CanastaCompleted(1, 2, False)]
    done.append(ev.CanastaCompleted(1, 3, False))
    books = {1: CanastaKind.NATURAL, 2: CanastaKind.MIXED, 3: CanastaKind.WILD}
    _move, lines = describe(done, 0, names=names, side_names=sides, me=0, keys={}, books=books)
    assert lines == [
        "You & North completed a clean book",
        "West & East completed a dirty book",
        "West & East completed a wild book",
    ]
    assert news_for(foot[1:], names, 0) == "North picks up the foot"


#: Side 0's books for the Whitnack quota (HF-17): 2 clean, 2 dirty, 1 wild.
QUOTA = [
    "Kh Kd Ks Kc Kh Kd Ks",
    "Qh Qd Qs Qc Qh Qd Qs",
    "Jh Jd Js Jc Jh 2c 2d",
    "Th Td Ts Tc Th 2c JK",
    "2c 2d 2h 2s JK JK 2h",
]


def test_hf_16_the_partners_permission_is_asked_at_the_table(
    table_drivers: list[TableDriver],
) -> None:
    """HF-16: with the foot played and the quota made, "May I go out?" is offered; the
    click asks North, whose answer is told, and the human then goes out with a discard."""
    state = state_from_setup(
        preset("hand-and-foot"),
        ["9c 9d 9s 5c", "7c 7d", "5c 9d", "6c"],
        stock="4c 4d 4h 4s 7h 7s",
        melds={0: QUOTA, 1: ["8c 8d 8s"]},
        feet=["", "4c 4d", "3h Ac 4c", ""],
        bonus_threes={0: "3d 3h"},
        phase=Phase.PLAY,
        drew=DrawKind.STOCK,
        has_melded=(0, 1, 2, 3),
    )
    session = Session.from_state(state, human_seat=0, level="easy")
    table_drivers.append(driver := TableDriver(session, delay=0.05))
    driver.settle()
    ask = driver.scene.controls
    assert ask.shown("ask")
    driver.click(ask.rect("ask").center)
    driver.frames(2)
    assert driver.until_my_turn()
    assert session.log[:2] == [AskGoOut(0), AnswerGoOut(2, True)]  # North's foot is down: yes
    message = driver.message()
    assert message is not None and "North" in message and "yes" in message
    driver.drag_cards(driver.cards("9c", "9d", "9s"), driver.table_point())
    driver.settle()
    driver.drag_cards([driver.find("5c")], driver.pile_point())
    driver.settle()
    assert session.hand_over and session.state.end is not None
    assert session.state.end.reason == "went_out"


@pytest.mark.slow
@pytest.mark.parametrize("name", ["hand-and-foot-2", "hand-and-foot-3", "hand-and-foot-6"])
def test_autoplay_plays_a_hand_of_each_other_player_count_at_the_table(
    tmp_path, monkeypatch: pytest.MonkeyPatch, capsys, name: str
) -> None:
    """Two, three and six players (the four-player game is played by mouse above): the
    real table and flow with computer players in every seat, saving after every move,
    finish a hand (exit 0: no stall, no failed save)."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))
    args = parse(["--autoplay", "--preset", name, "--hands", "1", "--seed", "3"])
    ctx = build_context(DataDirs(tmp_path / "game"), size=SMALL, headless=True)
    try:
        assert autoplay(ctx, args) == 0
    finally:
        ctx.stack.close_all()
    out = capsys.readouterr().out
    assert "saved" in out and "hands 1" in out


def test_mac_16_the_dead_ranks_are_shown_under_the_pile(
    table_drivers: list[TableDriver], monkeypatch: pytest.MonkeyPatch
) -> None:
    """MAC-16: a canasta of kings and one of tens on the table: "Dead: 10 K" under the pile,
    inside the deck's column."""
    drawn: list[tuple[str, pygame.Rect]] = []
    original = Decor.pill

    def spy(self, label, *args, **kwargs):
        surface = original(self, label, *args, **kwargs)
        drawn.append((label, surface.get_rect()))
        return surface

    monkeypatch.setattr(Decor, "pill", spy)
    state = state_from_setup(
        preset("modern-american"),
        ["5c 6c 7c", "5d 6d 7d", "5h 6h 7h", "5s 6s 7s"],
        stock=" ".join(["8c", "8d", "9c", "9d"] * 5),
        melds={0: ["Kc Kd Kh Ks Kc Kd Kh"], 1: ["Tc Td Th Ts Tc Td 2c"]},
    )
    driver = TableDriver(Session.from_state(state, human_seat=0), size=SMALL, delay=0.05)
    table_drivers.append(driver)
    driver.settle()
    labels = [label for label, _rect in drawn]
    assert "Dead: 10 K" in labels
    width = next(rect.width for label, rect in drawn if label == "Dead: 10 K")
    assert width <= driver.scene.layout.deck.width


def test_the_kept_three_is_laid_out_by_dragging_it_to_the_table_mac_7(table_drivers) -> None:
    """MAC-7: the three kept for a Straight goes out when the player drags it alone onto the
    table (the engine's one-card "meld"); it is laid aside and replaced, nothing is staged."""
    others = ["4c 4d 5c", "4s 5d 5s", "6c 6d 6s"]
    state = state_from_setup(
        preset("modern-american"),
        ["3h Kc Kd 5c", *others],
        stock="Tc Td Ts Jc Jd Js Qs Qh Jh Th 4h 5h",
        melds={},
        phase=Phase.PLAY,
    )
    table_drivers.append(driver := TableDriver(Session.from_state(state, human_seat=0)))
    driver.settle()
    three = driver.find("3h")
    driver.drag_cards([three], driver.table_point())
    driver.settle()
    after = driver.session.state
    assert after.bonus_threes[0] == (three,) and three not in after.hands[0]
    assert len(after.hands[0]) == 4 and after.melds[0] == ()  # replaced; no meld made
    assert driver.message() is None
