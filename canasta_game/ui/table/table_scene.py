"""The table: a match played by dragging cards, in a window of any size.

``TableScene`` is the glue between the pieces of this package. It reads the game only
through the session's ``PlayerView``, turns mouse and keyboard into the controller's
gestures (``Drop`` -> ``action_for_drop`` -> ``Session.play``), lets the ``Pacer`` move the
computer players while nothing is animating, and turns each move's events into card
flights and sounds. It decides no rule: every refusal it shows is the engine's reason.
"""

from __future__ import annotations

import dataclasses

import pygame

from canasta_game.controller.gestures import (
    Drop,
    Staging,
    Target,
    action_for_drop,
    combine_action,
    discard_with_staging,
)
from canasta_game.controller.hints import Suggestion, seat_name, suggest
from canasta_game.controller.pacing import Pacer
from canasta_game.controller.session import Session
from canasta_game.engine import events as ev
from canasta_game.engine.actions import (
    Acaba,
    Action,
    AnswerGoOut,
    AskGoOut,
    CombineMelds,
    Discard,
    DrawStock,
    PlayCaliente,
    TakePile,
)
from canasta_game.engine.cards import VALUE_OF
from canasta_game.engine.observation import PlayerView
from canasta_game.engine.reasons import Reason
from canasta_game.engine.state import Phase, Question, State
from canasta_game.i18n import _
from canasta_game.ui.sides import side_colour
from canasta_game.ui.table import controls as ctl
from canasta_game.ui.table.acaba_control import acaba_buttons, confirm_dialog, question_dialog
from canasta_game.ui.table.animator import Movement, movement_from_events, reconcile
from canasta_game.ui.table.arrangement import HandArrangement, Selection
from canasta_game.ui.table.card_images import CardImages
from canasta_game.ui.table.coach import Coach
from canasta_game.ui.table.context import TableContext
from canasta_game.ui.table.decor import GLOW, Decor
from canasta_game.ui.table.dialogs import CONFIRM_ACABA, GoOutQuestion
from canasta_game.ui.table.drawers import draw_log, draw_sheet, log_scroll_limit
from canasta_game.ui.table.feet import foot_rect
from canasta_game.ui.table.help_overlay import draw_help
from canasta_game.ui.table.hud import Hud, HudInfo
from canasta_game.ui.table.info import hud_info, may_ask, staging_note
from canasta_game.ui.table.layout import MINI, TableLayout, compute_layout
from canasta_game.ui.table.messages import ERROR, INFO, Messages
from canasta_game.ui.table.mouse import TableMouse
from canasta_game.ui.table.move_log import MoveLog
from canasta_game.ui.table.painter import Painter
from canasta_game.ui.table.placement import TablePlan, plan_table
from canasta_game.ui.table.sheet import sheet_columns
from canasta_game.ui.table.sprites import CardSprite, SpriteStore
from canasta_game.ui.table.targets import pile_rect, stock_rect, target_at, target_rects
from canasta_game.ui.table.text import TextCache
from canasta_game.ui.table.tween import Pace
from canasta_game.ui.table.wording import (
    news_for,
    reason_rule,
    reason_text,
    side_name,
    sound_for,
)

END_PAUSE = 0.8  # seconds the last move of a hand stays on screen before the score
SKIP_SPEED = 1000.0  # the pacer's speed while skipping ahead: no pause between moves


class TableScene:
    """The playing table for one ``Session``; implements the ``Scene`` protocol."""

    def __init__(
        self,
        session: Session,
        context: TableContext,
        *,
        pacer: Pacer | None = None,
        size: tuple[int, int] | None = None,
        coach: Coach | None = None,
    ) -> None:
        self.session = session
        self.context = context
        self.coach = coach  # the guide of the first hand, if this is it
        self.me = session.human_seat if session.human_seat is not None else 0
        settings = context.settings
        self.pacer = pacer if pacer is not None else Pacer(session, speed=settings.animation_speed)
        self.text = TextCache()
        self.decor = Decor(self.text)
        self.images = CardImages(context.card_art_for)
        self.painter = Painter(self.images, self.text, self.decor)
        self.hud = Hud(self.text, self.decor)
        self.controls = ctl.TableControls(context.ui_manager)
        self.store = SpriteStore()
        self.arrangement = HandArrangement()
        self.selection = Selection()
        self.staging = Staging(session)
        self.messages = Messages()
        self.mouse = TableMouse(self)
        self.help_visible = False
        self.refusal: Reason | None = None  # the last refusal, for its rule on request
        self.move_log = MoveLog.empty()
        self.log_visible = False
        self.log_scroll = 0
        self.sheet_visible = False
        self.suggestion: Suggestion | None = None
        self.skipping = False  # Space: computer moves land at once until the human's turn
        self._info_stale = False  # "Your turn" waits until every card has landed
        self.dialog: GoOutQuestion | None = None
        self.clock = 0.0
        self._seen: State | None = None
        self._hand_start: State | None = None
        self._reported_hand: int | None = None
        self._end_wait = 0.0
        self._covered = False
        self.view: PlayerView = session.view()
        self.plan = TablePlan()
        self.info: HudInfo | None = None
        self.layout: TableLayout
        if size is None:
            display = pygame.display.get_surface() if pygame.display.get_init() else None
            size = display.get_size() if display is not None else (1280, 800)
        self.resize(size)

    # --- Scene protocol ----------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        """Lay out again for the new window size; card art is re-made at the new sizes."""
        self.mouse.cancel()
        self.layout = compute_layout(size, self.session.rules, self.me)
        self.images.set_sizes(self.layout.cards, self.context.settings.four_colour_deck)
        self.text.clear()
        self.decor.clear()
        self.hud.clear()
        self.painter.set_layout(self.layout)
        manager = self.context.ui_manager
        manager.set_window_resolution(self.layout.size)
        self.controls.suspended = self._covered
        self.controls.build(self.layout)
        if self.coach is not None:
            self.coach.build(self.layout)
            self.coach.set_visible(not self._covered)
        if self.dialog is not None:
            self.dialog.kill()
            self.dialog = None
        self.store.finish()
        self._sync(Movement(), Pace(0.0, 0.0, 0.0))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.coach is not None and self.coach.handle(event):
            return True
        name = self.controls.which(event)
        if name is not None:
            self._button(name)
            return True
        if self.dialog is not None:
            answer = self.dialog.answer_for(event)
            if answer is not None:
                self._answer(answer)
                return True
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type == pygame.MOUSEWHEEL and self.log_visible:
            most = log_scroll_limit(self.text, self.layout, self.move_log.lines)
            self.log_scroll = max(0, min(most, self.log_scroll + event.y))
            return True
        if self.sheet_visible and event.type == pygame.MOUSEBUTTONDOWN:
            self.sheet_visible = False  # a click anywhere closes the sheet
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            return self.mouse.down(event)
        if event.type == pygame.MOUSEMOTION:
            return self.mouse.motion(event)
        if event.type == pygame.MOUSEBUTTONUP:
            return self.mouse.up(event)
        if event.type in (pygame.WINDOWFOCUSLOST, pygame.WINDOWLEAVE):
            return self.mouse.lost()
        return False

    def update(self, dt: float) -> None:
        self.clock += dt
        settings = self.context.settings
        self.pacer.speed = settings.animation_speed
        self.images.set_four_colour(settings.four_colour_deck)
        self.store.update(dt)
        self.messages.update(dt)
        if self.session.state is not self._seen:
            # Changed elsewhere (a new hand, a load, a move made by another caller): the
            # seat that was to act moved, as far as the table can tell.
            self._sync(Movement(fallback_seat=self.view.actor), self.pace())
        if self.skipping:
            if self.session.human_to_act or self.session.hand_over:
                self.skipping = False
            else:
                self.pacer.speed = SKIP_SPEED
                self.store.finish()
        if self._info_stale and not self.store.busy:
            self.refresh_info()
        if self.messages.current is None and self.controls.shown(ctl.WHY):
            self.controls.show({ctl.WHY: False})
        held = self.store.holding or self.mouse.busy or self.dialog is not None or self.help_visible
        self.pacer.hold = held
        actor = self.session.state.actor
        # While a move is shown the pacer's clock stands still, so the pause between two
        # computer moves starts only once the previous move has landed.
        events = self.pacer.update(0.0 if held else dt)
        if events:
            self._after_move(events, actor, human=False)
        self._check_question()
        self._check_hand_end(dt)

    def draw(self, surface: pygame.Surface) -> None:
        layout, plan, view = self.layout, self.plan, self.view
        painter = self.painter
        painter.felt(surface)
        info = self.info
        if info is not None:
            names = {
                side: side_name(self.session.rules, side, info.seat_names) for side in layout.areas
            }
            for side, note in enumerate(info.area_notes):  # HF-17: the books still needed
                if note and side in names:
                    names[side] = f"{names[side]} \u00b7 {note}"
            painter.area_labels(surface, layout, names)
        painter.stock(surface, layout, view)
        painter.pile_packet(surface, layout, view)
        painter.feet(surface, layout, plan, view)
        resting: list[CardSprite] = []
        above: list[CardSprite] = []
        for sprite in self.store.drawing_order():
            flight = sprite.flight
            if sprite.dragged or (flight is not None and flight.started):
                above.append(sprite)
            else:
                resting.append(sprite)
        selected = self.selection.cards
        painter.cards(surface, resting, selected, flying=False, marks=self.marks())
        arriving = {s.home.zone for s in self.store if s.flight is not None and s.flight.hold}
        lifted = self.mouse.drag
        if lifted is not None and lifted.source == "meld":  # SAM-12: its badge goes with it
            arriving.add(f"meld:{view.side}:{lifted.group}")
        painter.meld_badges(surface, layout, plan, arriving, view.rules)
        painter.staged_frames(surface, plan)
        painter.pile_marks(surface, layout, view)
        if info is not None:
            if plan.staging_rect is not None and not self.session.hand_over:
                note, ready = staging_note(self.staging)
                painter.staging_note(surface, layout, plan, note, ready)
            self.hud.draw_seats(surface, layout, info, plan.backs, plan.labels, self.captions())
            self.hud.draw_hint(surface, layout, info, self.controls.hint_right)
            self.hud.draw_bar(surface, layout, info, self.controls.hud_reserved)
        drag, pointer = self.mouse.drag, self.mouse.pointer
        if drag is not None:
            hover = target_at(pointer.pos, layout, plan, view.side)
            rects = target_rects(drag.targets, layout, plan, view.side, drag.source)
            painter.glows(surface, [(rect, target == hover) for target, rect in rects])
        painter.cards(surface, above, selected, flying=True)
        if drag is not None and drag.source == "stock":
            painter.ghost_back(surface, pointer.pos)
        if pointer.banding:
            painter.band(surface, pointer.band_rect())
        self._draw_overlays(surface)

    def _draw_overlays(self, surface: pygame.Surface) -> None:
        """Over everything: the current message, the Hint's glow, the guide, the log, the
        score sheet and the help, in that order (the last one opened lies on top)."""
        layout, view, info, painter = self.layout, self.view, self.info, self.painter
        message = self.messages.current
        if message is not None:
            area = layout.areas[view.side].rect
            colour = (255, 200, 190) if message.kind == ERROR else (240, 236, 214)
            painter.text_box(
                surface,
                message.text.split("\n"),
                layout.fonts["toast"],
                (area.centerx, area.top + area.height // 3),
                area.width - 4 * layout.pad,
                colour,
            )
        self._draw_suggestion(surface)
        if self.coach is not None:
            self.coach.draw(painter, surface, layout)
        if self.log_visible:
            draw_log(painter, surface, layout, self.move_log.lines, self.log_scroll)
        if self.sheet_visible and info is not None:
            sides = [side.name for side in info.sides]
            draw_sheet(painter, surface, layout, sheet_columns(self.session, view, sides))
        if self.help_visible:
            draw_help(painter, surface, layout, combine=self.session.rules.sequences)

    def at_rest(self) -> bool:
        """Nothing flies, nobody drags, no message is timed and no computer player is to
        move: the main loop may stop drawing until the next event (issue 15, fault 5)."""
        session = self.session
        ending = session.hand_over and self._reported_hand != session.match.hands_played
        return not (
            self.store.busy
            or self.mouse.busy
            or self.messages.current is not None
            or session.bot_to_act
            or ending
            or self._info_stale
        )

    def covered(self) -> None:
        """Another scene (menu, score) now lies on top: hide the table's widgets."""
        self._covered = True
        self.set_widgets_visible(False)

    def uncovered(self) -> None:
        """The table is on top again: show its widgets as they were."""
        self._covered = False
        self.set_widgets_visible(True)

    def set_widgets_visible(self, visible: bool) -> None:
        """Hide the table's buttons while another scene covers the table (and show them again).

        The buttons live in the app's shared ``UIManager``; a menu or score dialog pushed on
        top would otherwise leave them clickable underneath.
        """
        self.controls.set_suspended(not visible)
        if self.coach is not None:
            self.coach.set_visible(visible)
        if self.dialog is not None:
            if visible:
                self.dialog.show()
            else:
                self.dialog.hide()

    def close(self) -> None:
        """Stop the computer players' thinking thread and remove the buttons."""
        self.pacer.close()
        self.controls.kill()
        if self.coach is not None:
            self.coach.kill()
        if self.dialog is not None:
            self.dialog.kill()
            self.dialog = None

    # --- reading the session -------------------------------------------------------------

    def pace(self, human: bool = False) -> Pace:
        """Flight timing now: the human's own moves land quickly and all at once."""
        settings = self.context.settings
        pace = Pace.for_settings(settings.animation_speed, settings.reduced_motion)
        if human:
            return Pace(pace.duration * 0.55, 0.0, pace.snap)
        return pace

    def _sync(self, move: Movement, pace: Pace) -> None:
        """Show the session's current position, flying every card that moved."""
        session = self.session
        if session.hand_start is not self._hand_start:
            self._hand_start = session.hand_start
            self.staging.clear()
            self.selection.clear()
            self._end_wait = 0.0
            if self._seen is not None:
                move = Movement()  # a new deal: everything comes from the stock
        self.view = session.view()
        self.staging.prune()
        self._seen = session.state
        self.replan(move, pace)
        self.refresh_info()
        self._follow_log()

    def replan(self, move: Movement | None = None, pace: Pace | None = None) -> None:
        """Recompute where every card rests; cards glide there (a shuffle, not a move)."""
        staged = self.staging.cards
        order = self.arrangement.sync(self.view.hand)
        fan = [c for c in order if c not in staged]
        self.selection.prune(fan)
        self.plan = plan_table(
            self.view,
            self.layout,
            fan,
            self.selection.cards,
            [tuple(g) for g in self.staging.groups],
            gaps=self.arrangement.sorted,
        )
        move = move if move is not None else Movement()
        reconcile(
            self.store,
            self.plan,
            move,
            pace if pace is not None else self.pace(human=True),
            stock=self.layout.stock.center,
            seat_points=self._seat_points(),
            me=self.me,
            feet={seat: foot_rect(self.layout, seat, self.me).center for seat in move.feet},
        )

    def _seat_points(self) -> dict[int, tuple[float, float]]:
        mini_h = self.layout.card(MINI)[1]
        points = {}
        for seat, spot in self.layout.seats.items():
            if spot.vertical:
                points[seat] = (float(spot.rect.centerx), float(spot.rect.centery))
            else:
                points[seat] = (
                    float(spot.rect.centerx),
                    spot.rect.top + self.layout.pad / 2 + mini_h / 2,
                )
        return points

    def refresh_info(self) -> None:
        """The HUD's words and which action buttons show; once per change, not per frame.

        While the cards of the last computer move still fly, the HUD keeps saying whose
        move it was: "Your turn" appears only once everything has landed."""
        info = hud_info(self.session, self.view)
        if self.coach is not None and self.coach.hint and info.my_turn:
            info = dataclasses.replace(info, hint=self.coach.hint)  # the guide's step decides
        was_mine = self.info is not None and self.info.my_turn  # the human's own move
        landing = self.store.busy and self.session.human_to_act and not was_mine
        self._info_stale = landing
        if landing and self.info is not None:
            info = dataclasses.replace(
                info, turn=self.info.turn, my_turn=False, hint=self.info.hint, actor=self.info.actor
            )
        self.info = info
        staged = bool(self.staging.groups)
        mine = self.session.human_to_act and not landing
        can_ask = mine and may_ask(self.session, self.view, self.me)
        others = not self.session.hand_over and not mine
        self.controls.show(
            {
                ctl.SEND: staged,
                ctl.TAKE_BACK: staged,
                ctl.ASK: can_ask,
                ctl.CALIENTE: mine and self.view.phase is Phase.PLAY and self.view.holds_caliente,
                ctl.SORT: True,
                ctl.HINT: mine and self.dialog is None,
                ctl.COMBINE: mine and combine_action(self.session) is not None,
                ctl.SKIP: others,
                **acaba_buttons(self.session, self.me),  # BRIT-1, BRIT-2
            }
        )

    def _follow_log(self) -> None:
        info = self.info
        if info is None:
            return
        sides = [s.name for s in info.sides]
        self.move_log.follow(self.session, names=info.seat_names, side_names=sides, me=self.me)

    def marks(self) -> dict[int, tuple[int, int, int]]:
        """Cards outlined: each other player's last turn in its side's colour (until that
        player moves again), and the Hint's cards in the glow colour."""
        rules = self.session.rules
        out = {
            uid: side_colour(rules.seat_side[seat])
            for seat, mark in self.move_log.last.items()
            if seat != self.me
            for uid in mark.cards
        }
        if self.suggestion is not None:
            out.update(dict.fromkeys(self.suggestion.cards, GLOW))
        return out

    def captions(self) -> dict[int, tuple[str, ...]]:
        """What each other player did in its last turn, by its name ("took the pile (14)")."""
        return {
            seat: mark.captions
            for seat, mark in self.move_log.last.items()
            if seat != self.me and mark.captions
        }

    # --- moves ---------------------------------------------------------------------------

    def play(self, action: Action) -> bool:
        """Play the human's action; an illegal one is explained and changes nothing."""
        if isinstance(action, Discard) and self.staging.groups:
            return self._discard_with_staging(action)
        result = self.session.play(action)
        if isinstance(result, Reason):
            self.refuse(result)
            return False
        self._after_move(result, self.me, human=True)
        return True

    def _discard_with_staging(self, discard: Discard) -> bool:
        """Issue 15, fault 1: staged melds go down with the discard, or the discard waits."""
        moves = discard_with_staging(self.session, self.staging, discard)
        if isinstance(moves, Reason):
            names = self.info.seat_names if self.info is not None else ()
            text = _("The staged melds must go down before you discard: {why}").format(
                why=reason_text(moves, names)
            )
            self.refuse(moves, text)
            return False
        events: list[ev.Event] = []
        for action in moves:
            result = self.session.play(action)
            if isinstance(result, Reason):  # checked together just now: cannot happen
                self.refuse(result)
                return False
            events.extend(result)
        self.staging.clear()
        self._after_move(events, self.me, human=True)
        return True

    def _after_move(self, events: list[ev.Event], actor: int, human: bool) -> None:
        self.suggestion = None
        names = self.info.seat_names if self.info is not None else ()
        sound = sound_for(events)
        if sound is not None:
            self.context.sounds.play(sound)
        news = news_for(events, names, self.me) if names else None
        if news:
            self.messages.show(news, INFO)
        self._sync(movement_from_events(events, actor), self.pace(human=human))

    def refuse(self, why: Reason, text: str | None = None) -> None:
        """Say why a move is not allowed, in words (``text`` or the reason's own sentence);
        the reason is kept so its rule ID can be shown on request; play the buzz."""
        self.context.sounds.play("illegal")
        self.refusal = why
        if text is None:
            names = self.info.seat_names if self.info is not None else ()
            text = reason_text(why, names)
        self.messages.show(text, ERROR)
        self.controls.show({ctl.WHY: True})

    def draw_card(self) -> None:
        """Click on the stock, or D."""
        action = action_for_drop(self.session, Drop((), "stock", Target("hand")), self.staging)
        self.resolve(action)

    def take_pile(self, target: Target | None = None) -> None:
        """Click on the pile, or P: take it with the selected cards."""
        cards = self.selection.ordered(self.arrangement.order)
        drop = Drop(cards, "pile", target or Target("table"))
        self.resolve(action_for_drop(self.session, drop, self.staging))

    def resolve(self, action: Action | Reason | None) -> bool:
        """Carry out what ``action_for_drop`` answered: refuse, nothing (staged) or play."""
        if isinstance(action, Reason):
            self.refuse(action)
            return False
        if action is None:
            return True
        return self.play(action)

    def _send_staging(self) -> None:
        if not self.staging.groups:
            problem = self.staging.check()  # "choose at least one card"
            if problem is not None:
                self.refuse(problem)
            return
        if self.play(self.staging.send_action()):
            self.staging.clear()
            self.replan()
            self.refresh_info()

    def take_back(self, index: int | None = None) -> None:
        """Return one staged meld (or all of them) to the hand."""
        if index is None:
            self.staging.clear()
        elif 0 <= index < len(self.staging.groups):
            self.staging.remove(index)
        self.replan()
        self.refresh_info()

    def _ask(self) -> None:
        self.play(AskGoOut(self.me))

    def _answer(self, yes: bool) -> None:
        confirming = self.dialog is not None and self.dialog.purpose == CONFIRM_ACABA
        if self.dialog is not None:
            self.dialog.kill()
            self.dialog = None
        if confirming:  # BRIT-1: the human's own "Declare Acaba?"
            if yes:
                self.play(Acaba(self.me))
            self.refresh_info()
            return
        self.play(AnswerGoOut(self.me, yes))

    def _confirm_acaba(self) -> bool:
        """BRIT-1: Acaba ends the hand at once, so the table says what it does and asks;
        where the engine refuses it now (BRIT-2: the partner said no) it says why instead.
        False where the rules have no Acaba (the key means nothing then)."""
        if not self.session.rules.acaba:
            return False
        if self.dialog is not None or not self.session.human_to_act:
            return True
        why = self.session.check(Acaba(self.me))
        if why is not None:
            self.refuse(why)
            return True
        self.dialog = confirm_dialog(self.context.ui_manager, self.layout.size, self.session)
        self.controls.show({ctl.HINT: False})
        return True

    def _must_answer(self) -> bool:
        session = self.session
        return session.human_to_act and session.state.phase is Phase.ANSWER

    def _check_question(self) -> None:
        must = self._must_answer() and not self.store.holding
        if must and self.dialog is None:
            asker = seat_name(self.session, self.session.state.current)
            manager, size = self.context.ui_manager, self.layout.size
            if self.session.view(self.me).acaba_question is Question.PENDING:  # BRIT-2
                self.dialog = question_dialog(manager, size, self.session, asker)
            else:
                self.dialog = GoOutQuestion(manager, size, asker)
        elif (
            not self._must_answer()
            and self.dialog is not None
            and self.dialog.purpose != CONFIRM_ACABA
        ):
            self.dialog.kill()
            self.dialog = None

    def _check_hand_end(self, dt: float) -> None:
        session = self.session
        if not session.hand_over or self.store.busy:
            return
        hand_no = session.match.hands_played
        if self._reported_hand == hand_no:
            return
        self._end_wait += dt
        if self._end_wait < END_PAUSE * (0 if self.context.settings.reduced_motion else 1):
            return
        self._reported_hand = hand_no
        self._end_wait = 0.0
        if session.match.over:
            self.context.show_match_end()
        else:
            self.context.show_hand_score()

    # --- buttons and keys -----------------------------------------------------------------

    def _button(self, name: str) -> None:
        if name == ctl.MENU:
            self.context.open_menu()
        elif name == ctl.HELP:
            self.help_visible = not self.help_visible
        elif name == ctl.LOG:
            self.toggle_log()
        elif name == ctl.SHEET:
            self.sheet_visible = not self.sheet_visible
        elif name == ctl.SKIP:
            self.skip_ahead()
        elif name == ctl.WHY:
            self.explain_refusal()
        elif self.input_held():
            return
        elif name == ctl.SORT:
            self._sort()
        elif name == ctl.SEND:
            self._send_staging()
        elif name == ctl.TAKE_BACK:
            self.take_back()
        elif name == ctl.ASK:
            self._ask()
        elif name == ctl.CALIENTE:
            self.play(PlayCaliente(self.me))  # CAL-2: a refusal is worded like any other
        elif name == ctl.ACABA:
            self._confirm_acaba()
        elif name == ctl.ACABA_ASK:
            self.play(Acaba(self.me, ask=True))  # BRIT-2
        elif name == ctl.HINT:
            self.show_hint()
        elif name == ctl.COMBINE:
            self.combine_groups()

    def _sort(self) -> None:
        self.arrangement.sort()
        self.replan()

    def _key(self, event: pygame.event.Event) -> bool:
        key = event.key
        if key == pygame.K_ESCAPE:
            self._escape()
            return True
        if key in (pygame.K_F1, pygame.K_h):
            self.help_visible = not self.help_visible
            return True
        if key == pygame.K_l:
            self.toggle_log()
            return True
        if key == pygame.K_t:
            self.sheet_visible = not self.sheet_visible
            return True
        if key == pygame.K_SPACE:
            self.skip_ahead()
            return True
        if key == pygame.K_w:
            self.explain_refusal()
            return True
        if self.dialog is not None:
            if key in (pygame.K_y, pygame.K_n):
                self._answer(key == pygame.K_y)
            return True
        if self.input_held() or self.mouse.busy:
            held = (pygame.K_d, pygame.K_p, pygame.K_s, pygame.K_a, pygame.K_c, pygame.K_RETURN)
            return key in held
        if key == pygame.K_d:
            self.draw_card()
        elif key == pygame.K_p:
            self.take_pile()
        elif key == pygame.K_s:
            self._sort()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self._send_staging()
        elif key == pygame.K_a:
            self._ask()
        elif key == pygame.K_c and self.view.holds_caliente:
            self.play(PlayCaliente(self.me))  # CAL-2
        elif key == pygame.K_c and self.session.rules.sequences:
            self.combine_groups()  # SAM-12
        elif key == pygame.K_c:
            return self._confirm_acaba()  # BRIT-1
        elif key in (pygame.K_SLASH, pygame.K_QUESTION):
            self.show_hint()
        else:
            return False
        return True

    def combine_groups(self) -> None:
        """C: join two of the side's groups of one rank (SAM-12), the first pair the engine
        allows; dragging one group onto another chooses the pair."""
        action = combine_action(self.session)
        if action is None:
            self.messages.show(_("None of your groups can be combined now."), INFO)
            return
        self.play(action)

    def _escape(self) -> None:
        if self.mouse.busy:
            self.mouse.cancel()
        elif self.dialog is not None and self.dialog.purpose == CONFIRM_ACABA:
            self._answer(False)  # BRIT-1: Esc is Cancel, as N is
        elif self.help_visible:
            self.help_visible = False
        elif self.sheet_visible or self.log_visible:
            self.sheet_visible = self.log_visible = False
        elif self.selection.cards:
            self.selection.clear()
            self.replan()
        else:
            self.context.open_menu()

    def explain_refusal(self) -> None:
        """Why? The last refusal again, with the rule it comes from on a second line."""
        why = self.refusal
        if why is None:
            return
        names = self.info.seat_names if self.info is not None else ()
        self.messages.show(reason_text(why, names) + "\n" + reason_rule(why), INFO)

    def toggle_log(self) -> None:
        self.log_visible = not self.log_visible
        self.log_scroll = 0

    def skip_ahead(self) -> None:
        """Space or the button: land every card now and play the computer players' moves
        without pauses until it is the human's turn again."""
        self.store.finish()
        if not self.session.human_to_act and not self.session.hand_over:
            self.skipping = True

    def show_hint(self) -> None:
        """The move Medium would make now: its cards outlined, and why in one sentence."""
        if self.store.busy:
            return
        self.suggestion = suggest(self.session)
        if self.suggestion is not None:
            self.messages.show(self.suggestion.text, INFO)

    def _draw_suggestion(self, surface: pygame.Surface) -> None:
        """A hint to draw or take the pile glows on the stock or on the pile."""
        action = self.suggestion.action if self.suggestion is not None else None
        if isinstance(action, DrawStock):
            self.painter.glows(surface, [(stock_rect(self.layout), True)])
        elif isinstance(action, TakePile):
            self.painter.glows(surface, [(pile_rect(self.layout), True)])
        elif isinstance(action, CombineMelds):  # SAM-12: the two groups to join
            side, mids = self.view.side, (action.into, action.mid)
            spots = [s for s in self.plan.melds if s.side == side and s.mid in mids]
            self.painter.glows(surface, [(spot.column, True) for spot in spots])

    def input_held(self) -> bool:
        return self.store.holding or self.dialog is not None

    # --- for tests and tools ----------------------------------------------------------------

    def sprite_of(self, uid: int) -> CardSprite | None:
        return self.store.get(uid)

    def visible_uids(self) -> set[int]:
        """Every card uid the human can see in the current view (the sprites' keys)."""
        view = self.view
        cards = set(view.hand) | set(view.pile_cards)
        for side in view.melds:
            for meld in side:
                cards.update(meld.cards)
        for threes in view.bonus_threes:
            cards.update(threes)
        return cards

    @property
    def busy(self) -> bool:
        return self.store.busy

    def staged_points(self) -> int:
        return sum(VALUE_OF[c] for g in self.staging.groups for c in g)
