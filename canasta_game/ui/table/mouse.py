"""The mouse at the table: clicks, drags, the rubber band, and what a drop means.

Presses are classified by what lies under the pointer (a hand card, a staged meld, the
stock, the pile, bare felt); ``Pointer`` decides click, drag or band; a drop is turned into
the controller's ``Drop`` and played through the scene, so the engine is the only judge.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from canasta_game.controller.gestures import (
    Drop,
    Target,
    action_for_drop,
    combine_targets,
    legal_targets,
    may_pick_up,
)
from canasta_game.engine.reasons import Reason
from canasta_game.ui.table.drag import Drag
from canasta_game.ui.table.placement import hand_slot
from canasta_game.ui.table.pointer import Pointer, Press
from canasta_game.ui.table.targets import pile_rect, stock_rect, target_at

if TYPE_CHECKING:
    from canasta_game.ui.table.table_scene import TableScene


class TableMouse:
    """The pointer's state at the table and the gestures it makes."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.pointer = Pointer()
        self.drag: Drag | None = None
        self._band_base: set[int] = set()

    @property
    def busy(self) -> bool:
        """A button is down: a click, a drag or a band is in progress."""
        return self.pointer.busy

    def down(self, event: pygame.event.Event) -> bool:
        scene = self.scene
        if event.button == 3:
            if self.pointer.busy:
                self.cancel()
            elif scene.selection.cards:
                scene.selection.clear()
                scene.replan()
            return True
        if event.button != 1:
            return False
        if self.pointer.busy:
            self.cancel()  # the release of the last press was lost (a window switch mid-drag)
        if scene.input_held():
            return True
        if scene.help_visible:
            scene.help_visible = False
            return True
        shift = bool(pygame.key.get_mods() & pygame.KMOD_SHIFT)
        self.pointer.down(self._hit(event.pos, shift))
        return True

    def _hit(self, pos: tuple[int, int], shift: bool) -> Press:
        """What lies under the pointer: a hand card (topmost), a staged meld, stock, pile."""
        scene = self.scene
        for uid, _rect in reversed(scene.plan.hand):
            sprite = scene.store.get(uid)
            if sprite is None:
                continue
            image = scene.images.size("hand")
            rect = pygame.Rect(0, 0, *image)
            rect.center = (round(sprite.x), round(sprite.y))
            if rect.collidepoint(pos):
                return Press(pos, "hand", uid=uid, shift=shift)
        for spot in scene.plan.staged:
            if spot.cards.collidepoint(pos):
                return Press(pos, "staged", index=spot.mid, shift=shift)
        for spot in scene.plan.melds:  # SAM-12: a group is picked up whole, to join another
            mine = spot.side == scene.view.side
            if mine and spot.cards.collidepoint(pos) and may_pick_up(scene.session, spot.mid):
                return Press(pos, "meld", index=spot.mid, shift=shift)
        if stock_rect(scene.layout).collidepoint(pos):
            return Press(pos, "stock", shift=shift)
        if scene.view.pile_top is not None and pile_rect(scene.layout).collidepoint(pos):
            return Press(pos, "pile", uid=scene.view.pile_top, shift=shift)
        return Press(pos, "felt", shift=shift)

    def motion(self, event: pygame.event.Event) -> bool:
        scene = self.scene
        if not self.pointer.busy:
            return False
        step = self.pointer.move(event.pos)
        if step == "start":
            if self.pointer.dragging:
                self._start_drag()
            else:
                self._band_base = (
                    set(scene.selection.cards)
                    if self.pointer.press and self.pointer.press.shift
                    else set()
                )
        if self.drag is not None:
            self.drag.follow(scene.store, event.pos)
        elif self.pointer.banding:
            self._band_select()
        return True

    def up(self, event: pygame.event.Event) -> bool:
        scene = self.scene
        if event.button != 1:
            return event.button == 3
        press = self.pointer.press
        outcome = self.pointer.up(event.pos)
        if press is None:
            return False
        if outcome == "drop":
            self._drop(event.pos)
        elif outcome == "band":
            scene.replan()
        elif outcome == "click":
            self._click(press)
        return True

    def _click(self, press: Press) -> None:
        scene = self.scene
        if press.what == "hand" and press.uid is not None:
            if self.pointer.double("hand", press.uid, scene.clock):
                scene.selection.cards.discard(press.uid)
                drop = Drop((press.uid,), "hand", Target("pile"))
                scene.resolve(action_for_drop(scene.session, drop, scene.staging))
                scene.replan()
                return
            order = [uid for uid, _rect in scene.plan.hand]
            if press.shift:
                scene.selection.extend_to(press.uid, order)
            else:
                scene.selection.toggle(press.uid)
            scene.replan()
        elif press.what == "stock":
            scene.draw_card()
        elif press.what == "pile":
            scene.take_pile()
        elif press.what == "staged" and press.index is not None:
            scene.take_back(press.index)
        elif scene.selection.cards:
            scene.selection.clear()
            scene.replan()

    def _band_select(self) -> None:
        scene = self.scene
        band = self.pointer.band_rect()
        plan = scene.plan
        picked = set()
        for (uid, _rect), shown in zip(plan.hand, plan.hand_shown, strict=True):
            if shown.colliderect(band):  # only the part other cards leave uncovered counts
                picked.add(uid)
        scene.selection.set(self._band_base | picked)
        scene.replan()

    # --- dragging --------------------------------------------------------------------------

    def _start_drag(self) -> None:
        scene = self.scene
        press = self.pointer.press
        assert press is not None
        session, staging = scene.session, scene.staging
        if press.what == "hand" and press.uid is not None:
            selected = scene.selection.ordered(scene.arrangement.order)
            cards = selected if press.uid in selected else (press.uid,)
            targets = legal_targets(session, cards, "hand", staging) | {Target("hand")}
            drag = Drag("hand", cards, list(cards), targets)
        elif press.what == "staged" and press.index is not None:
            group = tuple(staging.groups[press.index])
            drag = Drag("staged", group, list(group), {Target("hand")}, group=press.index)
        elif press.what == "pile" and press.uid is not None:
            selected = scene.selection.ordered(scene.arrangement.order)
            targets = legal_targets(session, selected, "pile", staging)
            drag = Drag("pile", selected, [press.uid], targets)
        elif press.what == "stock":
            drag = Drag("stock", (), [], legal_targets(session, (), "stock", staging))
        elif press.what == "meld" and press.index is not None:
            meld = next(m for m in scene.view.melds[scene.view.side] if m.mid == press.index)
            cards = meld.cards
            targets = combine_targets(session, press.index)
            drag = Drag("meld", cards, list(cards), targets, group=press.index)
            drag.lift_whole(scene.store, press.pos)
            self.drag = drag
            return
        else:
            self.pointer.cancel()
            return
        drag.lift(scene.store, scene.images.size("hand")[0])
        self.drag = drag

    def _snap_back(self) -> None:
        scene = self.scene
        if self.drag is not None:
            self.drag.snap_back(scene.store, scene.pace(human=True))
        self.drag = None

    def _let_go(self) -> None:
        scene = self.scene
        if self.drag is not None:
            self.drag.release(scene.store)
        self.drag = None

    def lost(self) -> bool:
        """The window lost the focus or the pointer: a drag in progress ends, cards go home.

        The release may never come (it happens in another window), so waiting for it would
        leave a card floating away from its place.
        """
        if not self.pointer.busy:
            return False
        self.cancel()
        return True

    def cancel(self) -> None:
        scene = self.scene
        if self.drag is not None:
            self._snap_back()
        elif self.pointer.banding:
            scene.selection.set(self._band_base)
            scene.replan()
        self.pointer.cancel()

    def _drop(self, pos: tuple[int, int]) -> None:
        """The drag ends: reorder, stage, or ask the controller what the drop means."""
        scene = self.scene
        drag = self.drag
        if drag is None:
            return
        target = target_at(pos, scene.layout, scene.plan, scene.view.side)
        source, cards = drag.source, drag.cards
        if source == "hand" and target is not None and target.kind == "hand":
            scene.arrangement.move(cards, hand_slot(scene.plan, pos, cards))
            self._let_go()
            scene.replan()
            return
        if source == "staged":
            if target is not None and target.kind == "hand" and drag.group is not None:
                self._let_go()
                scene.take_back(drag.group)
            else:
                self._snap_back()
            return
        if source == "meld":
            self._drop_meld(target, drag)
            return
        if source == "stock":
            if target is not None and target.kind in ("stock", "pile"):
                self._snap_back()
                return
            target = target or Target("hand")  # a card pulled off the stock anywhere is drawn
        if target is None or (source in ("hand", "pile") and target.kind in ("stock", source)):
            self._snap_back()  # put back where it came from, or nowhere: no move meant
            return
        action = action_for_drop(scene.session, Drop(cards, source, target), scene.staging)
        if isinstance(action, Reason):
            self._snap_back()
            scene.refuse(action)
            return
        self._let_go()
        if action is None:  # staged for the initial meld
            scene.selection.clear()
            scene.replan()
            scene.refresh_info()
            return
        if not scene.play(action):
            scene.replan()  # refused: everything glides back home

    def _drop_meld(self, target: Target | None, drag: Drag) -> None:
        """SAM-12: a group dropped on another group of the side joins it, through the
        engine's check; anywhere else it glides back, with the engine's reason if refused."""
        scene = self.scene
        drop = Drop(drag.cards, "meld", target or Target("table"), origin=drag.group)
        action = action_for_drop(scene.session, drop, scene.staging)
        if action is None:
            self._snap_back()
            return
        if isinstance(action, Reason):
            self._snap_back()
            scene.refuse(action)
            return
        self._let_go()
        if not scene.play(action):
            scene.replan()
