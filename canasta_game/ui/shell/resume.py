"""Finding out whether the saved match can be continued, before offering to.

Loading replays the whole action log through ``Session.from_payload`` as the store's
``validate`` hook, so a save that parses but does not add up (a move that is not legal, a
snapshot that differs) is refused and moved aside exactly like a damaged file. The session
built during that check is kept, so the log is replayed once, not twice.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from canasta_game.controller.session import Session
from canasta_game.persistence import Absent, Loaded, MatchSaveStore, Problem


@dataclass(frozen=True)
class SavedMatch:
    """What the start screen can offer: a session to continue, a problem to explain, or none.

    ``problem.backup`` (when set) is a good older save the player may choose instead.
    """

    session: Session | None = None
    problem: Problem | None = None
    from_backup: bool = False

    @property
    def can_continue(self) -> bool:
        return self.session is not None


class _Replayer:
    """The ``validate`` hook; remembers the session of the document that passed."""

    def __init__(self) -> None:
        self.sessions: dict[int, Session] = {}

    def __call__(self, data: dict[str, Any]) -> str | None:
        session = Session.from_payload(data)  # ValueError is the store's "failed_check"
        self.sessions[id(data)] = session
        return None

    def session_for(self, data: dict[str, Any]) -> Session:
        session = self.sessions.get(id(data))
        return session if session is not None else Session.from_payload(data)


def probe(store: MatchSaveStore) -> SavedMatch:
    """Load the saved match; never raises for a bad file (it is moved aside and explained)."""
    replayer = _Replayer()
    result = store.load(replayer)
    match result:
        case Loaded(data=data, from_backup=from_backup):
            return SavedMatch(replayer.session_for(data), from_backup=from_backup)
        case Problem() as problem:
            return SavedMatch(problem=problem)
        case Absent():
            return SavedMatch()
    return SavedMatch()


def session_from_backup(problem: Problem) -> Session | None:
    """The session of the backup a problem offers (already checked once by the loader)."""
    if problem.backup is None:
        return None
    try:
        return Session.from_payload(problem.backup.data)
    except ValueError:
        return None
