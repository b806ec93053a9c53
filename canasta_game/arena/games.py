"""Playing arena games: one duplicate deal, every copy of it, with timed bot decisions.

A *deal* is a match seed: ``Match`` derives every hand's shuffle and the first dealer from
it, so two games with the same seed see the same cards in hand ``i`` as long as both last
that long. Each deal is played once per side with bot ``a`` in that side's seats and bot
``b`` everywhere else (two copies in the two-side presets: the seats swapped), so the luck
of the cards cancels out. Each bot's every decision is timed, and a move that is not among
the legal ones is counted as illegal and replaced by the first legal move so the game can
go on (the count must stay 0).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from canasta_game.ai import make_bot
from canasta_game.ai.base import LEVELS, Bot
from canasta_game.ai.baselines import GreedyBot, RandomBot
from canasta_game.ai.hard import CLOCKS
from canasta_game.ai.play import play_hand
from canasta_game.arena.remote import RemoteBot, split_remote
from canasta_game.engine.match import Match
from canasta_game.engine.rules import Rules
from canasta_game.engine.state import State

BOT_NAMES = (*LEVELS, "random", "greedy")


def build_bot(name: str, seat: int, seed: str, budget: float, clock: str = "wall") -> Bot:
    """A bot by arena name: a level of ``make_bot``, one of the view-only baselines, or a
    level of another checkout (``medium@/path/to/tree``). ``clock`` names the clock Hard's
    budget is measured on (``CLOCKS``: "cpu" is fair on a busy machine), another checkout's
    Hard's too."""
    if split_remote(name) is not None:
        return RemoteBot(name, seat, seed, budget, clock)
    if name == "random":
        return RandomBot(seat, seed)
    if name == "greedy":
        return GreedyBot(seat, seed)
    return make_bot(name, seat, seed, budget, clock=CLOCKS[clock])


@dataclass
class CopyResult:
    """One game of a deal: ``a`` sat in ``a_side``'s seats."""

    a_side: int
    winner: int | None  # winning side, None for a draw
    hands: int
    a_diffs: list[float]  # per hand: a's side score minus the mean of the other sides
    illegal: int


@dataclass
class DealResult:
    deal: int
    copies: list[CopyResult] = field(default_factory=list)
    latency_ms: dict[str, list[float]] = field(default_factory=lambda: {"a": [], "b": []})


@dataclass(frozen=True)
class ArenaSpec:
    rules: Rules
    a: str
    b: str
    seed: int
    budget: float
    hands_per_game: int | None = None
    clock: str = "wall"  # Hard's budget clock, a key of ``CLOCKS``


def play_deal(spec: ArenaSpec, deal: int) -> DealResult:
    """Every copy of deal number ``deal`` (one per side for ``a``)."""
    result = DealResult(deal)
    for a_side in range(spec.rules.sides):
        copy = _play_copy(spec, deal, a_side, result.latency_ms)
        result.copies.append(copy)
    return result


def _play_copy(
    spec: ArenaSpec, deal: int, a_side: int, latency: dict[str, list[float]]
) -> CopyResult:
    rules = spec.rules
    match = Match.start(rules, f"{spec.seed}:deal:{deal}")
    labels = ["a" if rules.seat_side[s] == a_side else "b" for s in range(rules.players)]
    bots = [
        build_bot(
            spec.a if labels[s] == "a" else spec.b,
            s,
            f"{spec.seed}:{deal}:{s}",  # the same seat has the same seed in every copy
            spec.budget,
            spec.clock,
        )
        for s in range(rules.players)
    ]
    diffs: list[float] = []
    illegal = 0

    def timed(seat: int, seconds: float) -> None:
        latency[labels[seat]].append(seconds * 1000.0)

    remotes = [bot for bot in bots if isinstance(bot, RemoteBot)]

    def show(state: State) -> None:
        for remote in remotes:
            remote.see(state)

    while not match.over:
        if spec.hands_per_game is not None and match.hands_played >= spec.hands_per_game:
            break
        played = play_hand(match.deal(), dict(enumerate(bots)), timer=timed, on_state=show)
        if played.dead_end or played.capped:
            raise RuntimeError(f"deal {deal}: {'; '.join(played.problems)}")
        illegal += played.illegal
        state = played.final
        match = match.record(state)
        totals = match.history[-1].score.totals
        others = [t for side, t in enumerate(totals) if side != a_side]
        diffs.append(totals[a_side] - sum(others) / len(others))
    for remote in remotes:
        remote.close()
    winner = match.winner if match.over else _leader(match.scores)
    return CopyResult(a_side, winner, match.hands_played, diffs, illegal)


def _leader(scores: tuple[int, ...]) -> int | None:
    """The side ahead when a game is cut short by ``--hands-per-game`` (None if tied)."""
    best = max(scores)
    leaders = [side for side, score in enumerate(scores) if score == best]
    return leaders[0] if len(leaders) == 1 else None
