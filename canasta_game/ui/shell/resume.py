"""Finding out whether the saved match can be continued, before offering to.

Loading replays the whole action log through ``Session.from_payload`` as the store's
``validate`` hook, so a save that parses but does not add up (a move that is not legal, a
snapshot that differs) is refused and moved aside exactly like a damaged file. The session
built during that check is kept, so the log is replayed once, not twice. The match's own
fields (scores, dealer, history, over, winner) are checked against the rules and the
replayed hand too: a save that says the match is over in the middle of a hand, or keeps
three scores for two sides, is explained and kept aside like any other.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from canasta_game.controller.session import Session
from canasta_game.engine.match import HandRecord, Match
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
        wrong = match_inconsistency(session)
        if wrong is not None:
            return wrong
        self.sessions[id(data)] = session
        return None

    def session_for(self, data: dict[str, Any]) -> Session:
        session = self.sessions.get(id(data))
        return session if session is not None else Session.from_payload(data)


def match_inconsistency(session: Session) -> str | None:
    """Why the match's fields do not fit its rules and the replayed hand (``None``: they do).

    The engine recomputes what it can: a finished hand recorded into the match as it stood
    before that hand must give exactly the saved match (C-GAME: scores, next dealer, over,
    winner). English, for the log: the player reads the store's explanation.
    """
    match, start = session.match, session.hand_start
    rules = match.rules
    if len(match.scores) != rules.sides:
        return f"{len(match.scores)} scores for {rules.sides} sides"
    if not 0 <= match.dealer < rules.players:
        return f"dealer {match.dealer} is not a seat"
    wrong = _history_inconsistency(match.history, rules.sides, rules.players)
    if wrong is not None:
        return wrong
    if match.history and match.scores != match.history[-1].totals_after:
        return "the match's scores differ from the last hand's totals"
    if not session.hand_over:
        if match.over or match.winner is not None:
            return "the match is marked over in the middle of a hand"
        if (match.scores, match.dealer) != (start.scores, start.dealer):
            return "the match's scores or dealer differ from the hand being played"
        return None
    if not match.history:
        return "a finished hand is not in the match's history"
    before = Match(rules, match.seed, start.scores, start.dealer, match.history[:-1])
    if before.record(session.state) != match:
        return "the match does not add up with the finished hand"
    return None


def _history_inconsistency(history: tuple[HandRecord, ...], sides: int, players: int) -> str | None:
    """Every recorded hand has one score per side, and hands follow on from each other."""
    for number, record in enumerate(history):
        if len(record.score.sides) != sides or len(record.totals_after) != sides:
            return f"hand {number + 1} of the history does not have {sides} sides"
        if number == 0:
            continue
        previous = history[number - 1]
        added = tuple(
            a + b for a, b in zip(previous.totals_after, record.score.totals, strict=True)
        )
        if added != record.totals_after:
            return f"hand {number + 1}'s totals do not add up"
        if record.dealer != (previous.dealer + 1) % players:
            return f"hand {number + 1} was dealt by the wrong seat"
    return None


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
