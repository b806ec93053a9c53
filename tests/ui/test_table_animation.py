"""Computer players' moves fly card by card; nothing is lost, doubled, or played meanwhile."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from collections.abc import Iterator, Sequence

import pytest

from canasta_game.ai import make_bot
from canasta_game.controller.session import Session
from canasta_game.engine.actions import Action, Discard, DrawStock, Meld, TakePile
from canasta_game.engine.cards import face_text
from canasta_game.engine.observation import PlayerView
from canasta_game.engine.rules import preset
from canasta_game.engine.setup import state_from_setup
from canasta_game.engine.state import Phase, State
from canasta_game.ui.table.driver import TableDriver
from canasta_game.ui.table.layout import compute_layout

RULES = preset("classic-4")


class ScriptedBot:
    """A computer player that makes the moves it is given (the engine still checks them)."""

    level = "easy"

    def __init__(self, seat: int, moves: Sequence[Action]) -> None:
        self.seat = seat
        self.moves = list(moves)

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        return self.moves.pop(0) if self.moves else legal[0]


def _west_to_play() -> State:
    return state_from_setup(
        RULES,
        ["4s 5s 6s 7s Kd", "Qc Qd Qs 9c 8d 7h", "7c 7d 8s Jd", "6c 6d Ts Js"],
        stock="Qh Qd 5h 5d 9h 9d 4h",
        pile="9c Kh Ks 6h Qh",
        melds={0: ["Ah Ac As"], 1: ["5c 5d 5h"]},
        current=1,
    )


def _cards(state: State, seat: int, *faces: str) -> tuple[int, ...]:
    hand = list(state.hands[seat])
    out = []
    for face in faces:
        card = next(c for c in hand if face_text(c) == face)
        hand.remove(card)
        out.append(card)
    return tuple(out)


@pytest.fixture
def drivers() -> Iterator[list[TableDriver]]:
    made: list[TableDriver] = []
    yield made
    for driver in made:
        driver.close()


def _one_sprite_per_card(driver: TableDriver) -> None:
    scene = driver.scene
    assert scene.store.uids() == scene.visible_uids()
    for seat, count in enumerate(scene.view.hand_sizes):
        if seat != scene.me:
            backs = [k for k in scene.store.all_keys() if isinstance(k, tuple) and k[1] == seat]
            assert len(backs) == count


def _drive(drivers: list[TableDriver], session: Session, **kw: object) -> TableDriver:
    driver = TableDriver(session, **kw)  # type: ignore[arg-type]
    drivers.append(driver)
    assert not driver.scene.busy  # the starting position is shown as it is
    return driver


def test_a_computer_meld_flies_card_by_card_and_holds_the_table(
    drivers: list[TableDriver],
) -> None:
    state = _west_to_play()
    queens = _cards(state, 1, "Qc", "Qd", "Qs")
    nine = _cards(state, 1, "9c")[0]
    session = Session.from_state(state, human_seat=0, level="easy")
    session.bots[1] = ScriptedBot(1, [DrawStock(1), Meld(1, (queens,)), Discard(1, nine)])
    driver = _drive(drivers, session, delay=0.2)
    # The draw: a new back flies from the stock into West's fan.
    while len(session.log) < 1:
        driver.frames(1, draw=False)
    backs = [s for s in driver.scene.store if isinstance(s.key, tuple) and s.key[1] == 1]
    assert len(backs) == 7 and any(s.flying for s in backs)
    assert len(session.log) == 1
    # The meld: three cards leave West's hand one after the other.
    while len(session.log) < 2:
        driver.frames(1, draw=False)
    sprites = [driver.scene.sprite_of(c) for c in queens]
    assert all(s is not None and s.flight is not None for s in sprites)
    delays = sorted(s.flight.delay for s in sprites if s is not None and s.flight is not None)
    assert delays[0] < delays[1] < delays[2]
    seat_x = driver.scene.layout.seats[1].rect.centerx
    assert all(s is not None and abs(s.x - seat_x) < 60 for s in sprites)  # from West's fan
    assert driver.scene.store.holding
    # While the cards fly the table takes no input and the computer makes no move.
    log = list(session.log)
    driver.click(driver.stock_point())
    driver.frames(3)
    assert session.log == log and driver.scene.store.holding and driver.pacer.hold
    _one_sprite_per_card(driver)
    frames = 0
    while driver.scene.busy:
        driver.frames(1)
        _one_sprite_per_card(driver)
        frames += 1
    assert frames > 5
    assert len(session.log) == 2  # the discard waited for the meld to land
    assert "meld" in driver.context.sounds.played
    driver.until_my_turn()
    assert session.state.top == nine or len(session.log) > 3


def test_taking_the_pile_sends_its_cards_into_the_takers_hand(
    drivers: list[TableDriver],
) -> None:
    state = _west_to_play()
    session = Session.from_state(state, human_seat=0, level="easy")
    pair = _cards(state, 1, "Qc", "Qd")
    session.bots[1] = ScriptedBot(1, [TakePile(1, pair)])
    driver = _drive(drivers, session, delay=0.1)
    pile = list(state.pile)
    while not session.log:
        driver.frames(1, draw=False)
    assert "pile_taken" in driver.context.sounds.played
    message = driver.message()
    assert message is not None and "West" in message
    for _ in range(400):
        _one_sprite_per_card(driver)
        if not driver.scene.busy:
            break
        driver.frames(1)
    assert not session.state.pile
    top = pile[-1]
    assert driver.scene.sprite_of(top) is not None  # melded with the pair: still in view
    for uid in pile[:-1]:
        assert driver.scene.sprite_of(uid) is None  # hidden in West's hand now
    backs = [k for k in driver.scene.store.all_keys() if isinstance(k, tuple) and k[1] == 1]
    assert len(backs) == len(session.state.hands[1])


def test_reduced_motion_lands_cards_at_once(drivers: list[TableDriver]) -> None:
    state = _west_to_play()
    queens = _cards(state, 1, "Qc", "Qd", "Qs")
    session = Session.from_state(state, human_seat=0, level="easy")
    session.bots[1] = ScriptedBot(1, [DrawStock(1), Meld(1, (queens,))])
    driver = _drive(drivers, session, delay=0.05, reduced_motion=True)
    while len(session.log) < 2:
        driver.frames(1, draw=False)
    for uid in queens:
        sprite = driver.scene.sprite_of(uid)
        assert sprite is not None and not sprite.flying
    assert not driver.scene.store.holding


def test_speed_setting_shortens_flights(drivers: list[TableDriver]) -> None:
    def meld_duration(speed: float) -> float:
        state = _west_to_play()
        queens = _cards(state, 1, "Qc", "Qd", "Qs")
        session = Session.from_state(state, human_seat=0, level="easy")
        session.bots[1] = ScriptedBot(1, [DrawStock(1), Meld(1, (queens,))])
        driver = _drive(drivers, session, delay=0.05, animation_speed=speed)
        while len(session.log) < 2:
            driver.frames(1, draw=False)
        sprite = driver.scene.sprite_of(queens[-1])
        assert sprite is not None and sprite.flight is not None
        return sprite.flight.duration + sprite.flight.delay

    assert meld_duration(2.0) < meld_duration(1.0) / 1.5


def test_a_new_deal_flies_out_of_the_stock(drivers: list[TableDriver]) -> None:
    session = Session.new(RULES, 5, human_seat=0, level="easy")
    driver = TableDriver(session)
    drivers.append(driver)
    driver.frames(1)
    assert not driver.scene.busy  # the position the scene starts with is shown as it is
    me = make_bot("easy", 0, "test")
    while not session.hand_over:  # a whole hand played behind the table's back
        if session.human_to_act:
            session.play(me.choose(session.view(), session.legal()))
        else:
            session.bot_step()
    session.next_hand()
    driver.frames(1)
    assert driver.scene.busy
    stock = driver.scene.layout.stock.center
    hand = session.state.hands[0]
    waiting = [driver.scene.sprite_of(c) for c in hand]
    assert all(s is not None and s.flying for s in waiting)
    assert any(s is not None and abs(s.x - stock[0]) < 5 for s in waiting)
    driver.settle()
    _one_sprite_per_card(driver)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_player_count_gets_a_seat_and_an_area(players: int) -> None:
    rules = preset(f"classic-{players}")
    for size in ((1280, 800), (1024, 640), (1920, 1080)):
        layout = compute_layout(size, rules, 0)
        window = __import__("pygame").Rect(0, 0, *size)
        assert set(layout.seats) == set(range(1, players))
        assert set(layout.areas) == set(range(rules.sides))
        for spot in layout.seats.values():
            assert window.contains(spot.rect)
        for area in layout.areas.values():
            assert window.contains(area.rect)
            assert not area.rect.colliderect(layout.hand)
        assert window.contains(layout.hand) and window.contains(layout.pile)
        assert layout.card("hand")[1] >= 80  # readable at 1024x640


def test_resizing_relayouts_and_remakes_the_card_art(drivers: list[TableDriver]) -> None:
    state = _west_to_play()
    session = Session.from_state(state, human_seat=0, level="easy")
    driver = _drive(drivers, session)
    big = driver.scene.images.size("hand")
    driver.scene.resize((1024, 640))
    driver.frames(1)
    small = driver.scene.images.size("hand")
    assert small[1] < big[1]
    uid = driver.hand()[0]
    sprite = driver.scene.sprite_of(uid)
    assert sprite is not None and sprite.y < 640 and not sprite.flying
    _one_sprite_per_card(driver)


def test_the_phase_after_the_computers_is_the_humans(drivers: list[TableDriver]) -> None:
    state = _west_to_play()
    session = Session.from_state(state, human_seat=0, level="easy")
    driver = _drive(drivers, session, delay=0.05)
    assert driver.until_my_turn()
    assert session.state.current == 0 and session.state.phase is Phase.DRAW
    assert driver.scene.info is not None and driver.scene.info.my_turn
    _one_sprite_per_card(driver)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_a_hand_of_computer_players_never_loses_a_card(
    drivers: list[TableDriver], players: int
) -> None:
    session = Session.new(preset(f"classic-{players}"), 20 + players, human_seat=None, level="easy")
    driver = TableDriver(session, delay=0.01, animation_speed=4.0)
    drivers.append(driver)
    frames = 0
    while not (session.hand_over and not driver.scene.busy):
        driver.frames(1, draw=frames % 25 == 0)
        _one_sprite_per_card(driver)
        frames += 1
        assert frames < 20000
    for _ in range(40):
        driver.frames(1, draw=False)
    assert driver.context.calls in (["hand_score"], ["match_end"])
