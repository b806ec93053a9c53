"""The match is saved after every move and the statistics after every hand.

Listening to ``session.on_change`` means a move is on disk before the next frame is drawn,
whoever made it, so closing the window, a crash or a power cut costs nothing. A disk that
refuses (read-only, full) must not stop the game: the player gets one notice that progress
cannot be saved, play goes on, and the notice is withdrawn once a save succeeds again.
Every write tried is also reported to the shared ``SaveHealth``, so that the table's mark,
the menu and Quit know the truth for as long as the trouble lasts.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from canasta_game.controller.session import Session
from canasta_game.persistence import DataDirs, MatchSaveStore, SaveError, record_hand, record_match
from canasta_game.ui.shell.save_health import SaveHealth


@dataclass(frozen=True)
class SaveMark:
    """Where a save stands: which hand of the match, how many moves of it, and their digest.

    Autoplay prints this after every save (``saved <hand> <moves> <digest>``), so a test that
    kills the process can check that nothing it was told is on disk went missing.
    """

    hand: int
    moves: int
    digest: str

    def line(self) -> str:
        return f"saved {self.hand} {self.moves} {self.digest}"


def moves_digest(actions: Sequence[Any]) -> str:
    """A short fingerprint of a hand's saved moves (their JSON as written in the save)."""
    text = json.dumps(list(actions), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def hand_index(session: Session) -> int:
    """The number of the hand being played (or just finished), counting from 0."""
    finished = session.match.hands_played
    return finished - 1 if session.hand_over else finished


def mark_of(payload: dict[str, Any], session: Session) -> SaveMark:
    actions = payload["hand"]["actions"]
    return SaveMark(hand_index(session), len(actions), moves_digest(actions))


class MatchKeeper:
    """Attached to one session: saves it on every change, records each finished hand."""

    def __init__(
        self,
        session: Session,
        store: MatchSaveStore,
        dirs: DataDirs,
        *,
        health: SaveHealth | None = None,
        on_saved: Callable[[SaveMark], None] | None = None,
        on_error: Callable[[SaveError], None] | None = None,
        on_recovered: Callable[[], None] | None = None,
    ) -> None:
        self.session = session
        self.store = store
        self.dirs = dirs
        self.health = health if health is not None else SaveHealth()
        self.on_saved = on_saved
        self.on_error = on_error
        self.on_recovered = on_recovered
        self.failing = False
        self.recorded_hands = session.match.hands_played
        """Hands already in the statistics; a resumed match counts those before it as done."""

    def attach(self) -> None:
        if self._changed not in self.session.on_change:
            self.session.on_change.append(self._changed)

    def detach(self) -> None:
        if self._changed in self.session.on_change:
            self.session.on_change.remove(self._changed)

    def _changed(self, session: Session) -> None:
        self.save()
        self._record_statistics()
        if session.match.over:
            self._retire()

    def take_over(self) -> None:
        """Write the session as it is now (a new or continued match); a finished one is
        not kept, since there is nothing left to continue."""
        if self.session.match.over:
            self._retire()
        else:
            self.save()

    def _retire(self) -> None:
        """A finished match has nothing left to continue; its save goes (not aside: deleted)."""
        try:
            self.store.discard(ended_normally=True)
        except SaveError as error:
            self._failed(error)
            return
        self.health.saved(self.store.path)

    def save(self) -> SaveMark | None:
        """Write the session now; returns where the save stands, or None if the disk refused."""
        payload = self.session.to_payload()
        try:
            self.store.save(payload)
        except SaveError as error:
            self.health.failed(error)
            if not self.failing and self.on_error is not None:
                self.on_error(error)
            self.failing = True
            return None
        self.health.saved(self.store.path)
        if self.failing and self.on_recovered is not None:
            self.on_recovered()
        self.failing = False
        mark = mark_of(payload, self.session)
        if self.on_saved is not None:
            self.on_saved(mark)
        return mark

    def _record_statistics(self) -> None:
        """Statistics describe the human's games; an all-computer autoplay adds nothing."""
        match = self.session.match
        if match.hands_played <= self.recorded_hands:
            return
        self.recorded_hands = match.hands_played
        seat = self.session.human_seat
        if seat is None:
            return
        rules = self.session.rules
        side = rules.seat_side[seat]
        score = match.history[-1].score
        totals = score.totals
        canastas = sum(
            line.count
            for line in score.sides[side].lines
            if line.key in ("natural_canastas", "mixed_canastas", "wild_canastas")
        )
        end = self.session.state.end
        went_out = end is not None and end.reason == "went_out" and end.seat == seat
        won = totals[side] == max(totals) and totals.count(max(totals)) == 1
        try:
            record_hand(
                self.dirs,
                self.session.level,
                rules.players,
                won=won,
                canastas=canastas,
                went_out=went_out,
            )
            if match.over:
                record_match(
                    self.dirs,
                    self.session.level,
                    rules.players,
                    won=match.winner == side,
                    score=match.scores[side],
                )
        except SaveError as error:
            self._failed(error)
            return
        except ValueError:
            return  # a level or player count the statistics do not keep (never in play)
        self.health.saved(self.dirs.statistics_file)

    def _failed(self, error: SaveError) -> None:
        self.health.failed(error)
        if self.on_error is not None:
            self.on_error(error)
