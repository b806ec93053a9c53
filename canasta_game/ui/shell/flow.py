"""The flow of the app: which screen follows which, and the match's life around the table.

Screens only ask for a move ("show the settings", "start this match", "next hand"); this
class decides what that means for the scene stack and for the saved match: a new match
retires the old save before its first save, Continue replays the save once and restores the
exact position (a finished hand comes back to its score dialog), and every session gets a
``MatchKeeper`` so that it is saved after every move.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable

from canasta_game.controller.session import Session
from canasta_game.i18n import _
from canasta_game.persistence import SaveError, Settings
from canasta_game.ui.scene import Scene
from canasta_game.ui.shell.context import ShellContext
from canasta_game.ui.shell.game_menu import GameMenu, QuitQuestion
from canasta_game.ui.shell.gui_scene import GuiScene
from canasta_game.ui.shell.match_end_screen import MatchEndScreen
from canasta_game.ui.shell.match_keeper import MatchKeeper, SaveMark
from canasta_game.ui.shell.match_setup import rules_for
from canasta_game.ui.shell.new_game_screen import NewGameScreen
from canasta_game.ui.shell.problem_dialog import ProblemDialog
from canasta_game.ui.shell.resume import SavedMatch, probe, session_from_backup
from canasta_game.ui.shell.rules_screen import RulesScreen
from canasta_game.ui.shell.score_dialog import ScoreDialog
from canasta_game.ui.shell.settings_screen import SettingsScreen
from canasta_game.ui.shell.start_screen import StartScreen
from canasta_game.ui.shell.statistics_screen import StatisticsScreen

TableFactory = Callable[[Session, ShellContext], Scene]
SAVE_NOTICE = "match-save"


def default_table(session: Session, ctx: ShellContext) -> Scene:
    """The real table scene (imported late: it is the heaviest module of the UI)."""
    from canasta_game.ui.table import TableScene

    return TableScene(session, ctx)


class Flow:
    """Implements ``context.Navigation`` for the running app."""

    def __init__(
        self,
        ctx: ShellContext,
        *,
        table_factory: TableFactory = default_table,
        on_saved: Callable[[SaveMark], None] | None = None,
        score_auto_after: float | None = None,
    ) -> None:
        self.ctx = ctx
        self.table_factory = table_factory
        self.on_saved = on_saved
        self.score_auto_after = score_auto_after
        self.session: Session | None = None
        self.keeper: MatchKeeper | None = None
        self.saved = SavedMatch()
        self._scored_hands = -1
        """The hand count when a score dialog was last shown (a hand's score shows once)."""
        ctx.nav = self
        ctx.settings_listeners.append(self._settings_changed)

    # --- start-up ----------------------------------------------------------------------

    def boot(self, *, resume: bool = False) -> None:
        """Look at the saved match, then open it (``resume``) or the start screen."""
        self.saved = probe(self.ctx.store)
        if resume and self.saved.session is not None:
            self.play(self.saved.session)
            return
        self.show_start(probe_again=False)
        if self.saved.problem is not None:
            self.ctx.stack.push(ProblemDialog(self.ctx, self.saved.problem))

    # --- screens -----------------------------------------------------------------------

    def show_start(self, probe_again: bool = True) -> None:
        self._leave_match()
        if probe_again:
            self.saved = probe(self.ctx.store)
        self.ctx.stack.replace(StartScreen(self.ctx, can_continue=self.saved.can_continue))

    def show_new_game(self) -> None:
        self.ctx.stack.push(NewGameScreen(self.ctx))

    def show_settings(self) -> None:
        self.ctx.stack.push(SettingsScreen(self.ctx))

    def show_rules(self) -> None:
        self.ctx.stack.push(RulesScreen(self.ctx))

    def show_statistics(self) -> None:
        self.ctx.stack.push(StatisticsScreen(self.ctx))

    def open_menu(self) -> None:
        if not isinstance(self.ctx.stack.top, GameMenu):
            self.ctx.stack.push(GameMenu(self.ctx))

    def back(self) -> None:
        if len(self.ctx.stack) > 1:
            self.ctx.stack.pop()
        else:
            self.show_start()

    def quit(self) -> None:
        self.ctx.settings_keeper.flush()
        self.ctx.running = False

    def close_requested(self) -> bool:
        """The window's close button: quit at once, unless moves would be lost unsaid.

        While saves fail the player is asked first (a second close does quit)."""
        stack = self.ctx.stack
        warn = self.session is not None and self.ctx.save_health.failing
        if warn and not isinstance(stack.top, QuitQuestion):
            stack.push(QuitQuestion(self.ctx))
            return False
        self.quit()
        return True

    # --- the match ---------------------------------------------------------------------

    def start_match(self, settings: Settings) -> None:
        """A new match from the New game choices (remembered for next time)."""
        self.ctx.change_settings(settings)
        self.ctx.settings_keeper.flush()
        session = Session.new(
            rules_for(settings),
            secrets.randbelow(2**31),
            human_seat=0,
            level=settings.difficulty,
        )
        self.begin(session)

    def begin(self, session: Session) -> None:
        """Play ``session`` as a new match: the old save is retired, then this one written."""
        self._leave_match()
        try:
            self.ctx.store.discard()
        except SaveError as error:
            self.ctx.save_health.failed(error)
            self._save_failed(error)
        self.saved = SavedMatch()
        self.play(session)

    def continue_match(self) -> None:
        if self.saved.session is not None:
            self.play(self.saved.session)

    def use_backup(self) -> None:
        problem = self.saved.problem
        session = session_from_backup(problem) if problem is not None else None
        if session is None:
            self.ctx.notices.add(_("The backup could not be used either."))
            self.show_start()
            return
        self.play(session)

    def play_again(self) -> None:
        self.start_match(self.ctx.settings)

    def play(self, session: Session) -> None:
        """Put ``session`` on the table, saved now and after every move from here on."""
        self._leave_match()
        self.session = session
        session.set_budget(self.ctx.settings.hard_think_s)
        self.keeper = MatchKeeper(
            session,
            self.ctx.store,
            self.ctx.dirs,
            health=self.ctx.save_health,
            on_saved=self.on_saved,
            on_error=self._save_failed,
            on_recovered=self._save_works,
        )
        self.keeper.attach()
        self.keeper.take_over()
        self.ctx.stack.replace(self.table_factory(session, self.ctx))
        if session.hand_over:
            self.show_hand_score()  # the last hand of a match leads on to the match sheet

    def start_tutorial(self) -> None:
        """The guided first hand (start screen, Rules screen). It is never saved and never
        counted: the saved match, if any, stays as it was for Continue."""
        from canasta_game.controller.tutorial import tutorial_session
        from canasta_game.ui.table import TableScene
        from canasta_game.ui.table.coach import Coach

        self._leave_match()
        session = tutorial_session()
        coach = Coach(self.ctx.ui_manager, session, on_leave=self.show_start)
        self.ctx.stack.replace(TableScene(session, self.ctx, coach=coach))

    def _settings_changed(self, settings: Settings) -> None:
        if self.session is not None and self.session.budget != settings.hard_think_s:
            self.session.set_budget(settings.hard_think_s)

    def _leave_match(self) -> None:
        if self.keeper is not None:
            self.keeper.detach()
        self.keeper = None
        self.session = None

    def show_hand_score(self) -> None:
        session = self.session
        if session is None or not session.hand_over or not session.match.history:
            return
        if any(isinstance(s, ScoreDialog | MatchEndScreen) for s in self.ctx.stack.scenes()):
            return
        self.ctx.stack.push(ScoreDialog(self.ctx, session, auto_after=self.score_auto_after))
        self._scored_hands = session.match.hands_played

    def show_match_end(self) -> None:
        """The match sheet; the last hand's own score comes first if it was not shown yet
        (its "Final result" button then leads here again)."""
        session = self.session
        if session is None or not session.match.over:
            return
        if any(isinstance(s, MatchEndScreen) for s in self.ctx.stack.scenes()):
            return
        if self._scored_hands != session.match.hands_played:
            self.show_hand_score()
            return
        while len(self.ctx.stack) > 1 and not _is_table(self.ctx.stack.top):
            self.ctx.stack.pop()
        self.ctx.stack.push(MatchEndScreen(self.ctx, session))

    def next_hand(self) -> None:
        session = self.session
        if session is None or not session.hand_over or session.match.over:
            return
        while len(self.ctx.stack) > 1 and not _is_table(self.ctx.stack.top):
            self.ctx.stack.pop()
        session.next_hand()

    # --- saving trouble ----------------------------------------------------------------

    def _save_failed(self, error: SaveError) -> None:
        self.ctx.notices.add(
            _("Progress cannot be saved: {reason} The game goes on.").format(reason=error.reason),
            seconds=12.0,
            key=SAVE_NOTICE,
        )

    def _save_works(self) -> None:
        self.ctx.notices.add(_("Progress is being saved again."), seconds=4.0, key=SAVE_NOTICE)


def _is_table(scene: Scene | None) -> bool:
    """The table is the scene that is not one of the shell's own screens."""
    return scene is not None and not isinstance(scene, GuiScene)
