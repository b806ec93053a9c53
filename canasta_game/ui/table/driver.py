"""A scripted player for the real table: finds cards on screen and uses the mouse.

Tests (and anyone checking the table by hand) drive ``TableScene`` only through posted
pygame events, exactly as a person would: press on the visible part of a card, move,
release. Nothing here calls the session to make a move.
"""

from __future__ import annotations

from collections.abc import Iterable

import pygame

from canasta_game.ai import make_bot
from canasta_game.controller.pacing import Pacer
from canasta_game.controller.session import Session
from canasta_game.engine.actions import AnswerGoOut, AskGoOut, Discard, DrawStock, Meld, TakePile
from canasta_game.engine.cards import face_text
from canasta_game.engine.state import Phase
from canasta_game.ui.table.headless import HeadlessContext, init_headless, make_context, pump
from canasta_game.ui.table.table_scene import TableScene

Point = tuple[int, int]


class TableDriver:
    def __init__(
        self,
        session: Session,
        size: tuple[int, int] = (1280, 800),
        delay: float = 0.7,
        **settings: object,
    ) -> None:
        self.size = size
        self.surface = init_headless(size)
        pygame.event.clear()
        self.context: HeadlessContext = make_context(size, **settings)
        self.session = session
        self.pacer = Pacer(session, delay=delay, threaded=False)
        self.scene = TableScene(session, self.context, pacer=self.pacer, size=size)
        self.dt = 1 / 30

    def close(self) -> None:
        self.scene.close()

    # --- time ---------------------------------------------------------------------------

    def frames(self, n: int = 1, draw: bool = True) -> None:
        for _ in range(n):
            pump(self.scene, self.context.ui_manager, self.surface, self.dt, draw=draw)

    def settle(self, limit: int = 600) -> None:
        """Run frames until no card is in the air."""
        self.frames(1)
        for _ in range(limit):
            if not self.scene.busy:
                return
            self.frames(1, draw=False)
        raise AssertionError("the table never came to rest")

    def until_my_turn(self, limit: int = 5000) -> bool:
        """Let the computer players move until the human must act (False: the hand ended)."""
        for _ in range(limit):
            session = self.session
            if session.hand_over:
                self.settle()
                return False
            if session.human_to_act and not self.scene.busy:
                self.frames(1)
                return True
            self.frames(1, draw=False)
        raise AssertionError("the computer players never finished")

    # --- the mouse ------------------------------------------------------------------------

    def post(self, kind: int, **attrs: object) -> None:
        pygame.event.post(pygame.event.Event(kind, **attrs))

    def press(self, pos: Point, button: int = 1) -> None:
        self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
        self.frames(1)

    def move(self, pos: Point) -> None:
        self.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
        self.frames(1)

    def release(self, pos: Point, button: int = 1) -> None:
        self.post(pygame.MOUSEBUTTONUP, pos=pos, button=button)
        self.frames(1)

    def click(self, pos: Point, button: int = 1) -> None:
        self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
        self.post(pygame.MOUSEBUTTONUP, pos=pos, button=button)
        self.frames(1)

    def double_click(self, pos: Point) -> None:
        self.click(pos)
        self.click(pos)

    def drag(self, start: Point, end: Point, steps: int = 6, release: bool = True) -> None:
        self.press(start)
        for i in range(1, steps + 1):
            t = i / steps
            self.move(
                (
                    round(start[0] + (end[0] - start[0]) * t),
                    round(start[1] + (end[1] - start[1]) * t),
                )
            )
        if release:
            self.release(end)

    def key(self, key: int) -> None:
        self.post(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)
        self.post(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0)
        self.frames(1)

    # --- finding things ---------------------------------------------------------------

    def hand(self) -> list[int]:
        return [uid for uid, _rect in self.scene.plan.hand]

    def find(self, face: str, exclude: Iterable[int] = ()) -> int:
        """The uid of a card in the human's hand with RULES.md face text (``Kh``, ``JK``)."""
        skip = set(exclude)
        for uid in self.hand():
            if face_text(uid) == face and uid not in skip:
                return uid
        raise LookupError(f"no {face} in the hand: {[face_text(u) for u in self.hand()]}")

    def cards(self, *faces: str) -> list[int]:
        out: list[int] = []
        for face in faces:
            out.append(self.find(face, exclude=out))
        return out

    def card_point(self, uid: int) -> Point:
        """A point on the visible part of a hand card (the next card covers its right side,
        a row in front its lower part)."""
        plan = self.scene.plan
        for (card, _rect), shown in zip(plan.hand, plan.hand_shown, strict=True):
            if card != uid:
                continue
            sprite = self.scene.sprite_of(uid)
            assert sprite is not None
            home = sprite.home  # the strip is planned at home; the sprite may be on its way
            dx, dy = round(sprite.x - home.x), round(sprite.y - home.y)
            return shown.centerx + dx, shown.centery + dy
        raise LookupError(f"card {face_text(uid)} is not in the fanned hand")

    def stock_point(self) -> Point:
        return self.scene.layout.stock.center

    def pile_point(self) -> Point:
        return self.scene.layout.pile.center

    def meld_point(self, mid: int) -> Point:
        side = self.scene.view.side
        for spot in self.scene.plan.melds:
            if spot.side == side and spot.mid == mid:
                return spot.cards.center
        raise LookupError(f"no meld {mid} of my side on the table")

    def table_point(self) -> Point:
        """An empty part of the human's side's meld area (a new meld goes there)."""
        area = self.scene.layout.areas[self.scene.view.side].rect
        taken = [s.column for s in self.scene.plan.melds if s.side == self.scene.view.side]
        taken += [s.column for s in self.scene.plan.staged]
        threes = [*self.scene.plan.threes.values(), *self.scene.plan.aside.values()]
        taken += [s.column for s in threes if s.side == self.scene.view.side]
        right = max((r.right for r in taken), default=area.left)
        return min(area.right - 20, right + (area.right - right) // 2), area.centery

    def hand_area_point(self) -> Point:
        return self.scene.layout.hand.center

    def select(self, uids: Iterable[int]) -> None:
        for uid in uids:
            if uid not in self.scene.selection.cards:
                self.click(self.card_point(uid))
        self.settle()

    def drag_cards(self, uids: Iterable[int], end: Point) -> None:
        """Select exactly ``uids`` and drag them (by the first) to ``end``."""
        cards = list(uids)
        for uid in list(self.scene.selection.cards):
            if uid not in cards:
                self.click(self.card_point(uid))
        self.select(cards)
        self.drag(self.card_point(cards[0]), end)

    def message(self) -> str | None:
        return self.scene.messages.text

    # --- a whole turn ---------------------------------------------------------------------

    def play_turn(self, bot_seed: str) -> None:
        """One step of the human's turn, chosen by an Easy bot and made with the mouse as a
        person would: click the stock, drag cards to the pile, the table or a meld, press a
        dialog's button. Where the gestures make another move with the same cards (a
        different split), the plainest gesture of the phase stands in."""
        session = self.session
        action = make_bot("easy", self.scene.me, bot_seed).choose(session.view(), session.legal())
        before = len(session.log)
        self._gesture(action)
        self.settle()
        if len(session.log) == before and session.human_to_act:
            self.scene.selection.clear()
            self.scene.staging.clear()
            if session.state.phase is Phase.DRAW:
                self.click(self.stock_point())
            elif session.state.phase is Phase.PLAY:
                discards = [a for a in session.legal() if isinstance(a, Discard)]
                if discards:
                    self.double_click(self.card_point(discards[0].card))
            self.settle()

    def _gesture(self, action: object) -> None:
        """The mouse gestures of one action."""
        scene = self.scene
        if isinstance(action, AnswerGoOut):
            button = scene.dialog.yes if action.yes else scene.dialog.no  # type: ignore[union-attr]
            self.click(button.rect.center)
            self.frames(2)
        elif isinstance(action, DrawStock):
            self.click(self.stock_point())
        elif isinstance(action, TakePile):
            self.select(list(action.cards) + [c for meld in action.melds for c in meld])
            self.drag(self.pile_point(), self.table_point())
        elif isinstance(action, Meld):
            state = self.session.state
            closed = not state.melds[state.side_of(scene.me)]
            for group in action.new:
                self.drag_cards(group, self.table_point())
                self.settle()
            if closed and action.new:
                self.key(pygame.K_RETURN)
            for mid, cards in action.add:
                self.drag_cards(cards, self.meld_point(mid))
                self.settle()
        elif isinstance(action, Discard):
            self.drag_cards([action.card], self.pile_point())
        elif isinstance(action, AskGoOut):
            self.click(scene.controls.rect("ask").center)
            self.frames(2)
