"""First hand, guided: a prepared deal, puppet opponents and the steps a newcomer is walked
through (drawing, melding and the minimum, taking the pile, freezing, canastas, going out).

The deal is an explicit setup (``state_from_setup``); the other three seats are computer
players that follow a short script (draw, then discard a named card), so the pile the human
is taught to take is really there. Every move still goes through ``Session.play`` and the
engine's one legality check; nothing here bends a rule. Each step is finished by a fact of
the game (the human has drawn, the side has opened, the pile was taken ...), so the guide
follows the player's real gestures and never moves a card itself.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from canasta_game.controller.session import Session
from canasta_game.engine.actions import Action, AnswerGoOut, Discard, DrawStock, TakePile
from canasta_game.engine.cards import face_text
from canasta_game.engine.observation import PlayerView
from canasta_game.engine.rules import preset
from canasta_game.engine.setup import state_from_setup
from canasta_game.engine.state import Phase
from canasta_game.i18n import _

HANDS = (
    "Kc Kd Ks Qc Qd Qh 9h 9d 6s 6d 4d",  # you
    "Kd 5c 5h 7c 8d Th Jc Jd Ac 4s 3s",  # West: discards Kd
    "Ks 5s 7d 8c 8h Tc Td Jh Ah 4h 3c",  # North, your partner: discards Ks
    "9s 5d 7h 7s 8s Ts Js Ad As 4c Qs",  # East: discards 9s, which you will take
)
STOCK = "Jc Jd Jh Js Tc Td Th Ts 8c 8d 5c 5d 7c 7d 5h Ac Ad Ah As 4c Qs Kh"  # Kh on top
PILE = "2c Kc 6h"  # a wild card under the upcard freezes the pile (C-PILE)
SCRIPT = {1: "Kd", 2: "Ks", 3: "9s"}  # what each puppet discards on its first turn


def tutorial_session() -> Session:
    """The guided hand: classic rules for four, the human at seat 0 to draw first."""
    state = state_from_setup(
        preset("classic-4"), list(HANDS), stock=STOCK, pile=PILE, seed="tutorial"
    )
    session = Session.from_state(state, human_seat=0, level="easy")
    session.bots = {seat: ScriptedBot(seat, SCRIPT.get(seat, "")) for seat in (1, 2, 3)}
    return session


class ScriptedBot:
    """A puppet: draws from the stock, discards its scripted card once, then its first
    legal discard; says yes when asked to let its partner go out."""

    level = "tutorial"

    def __init__(self, seat: int, discard: str) -> None:
        self.seat = seat
        self._discard = discard

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        for action in legal:
            if isinstance(action, DrawStock | AnswerGoOut) and getattr(action, "yes", True):
                return action
        discards = [a for a in legal if isinstance(a, Discard)]
        for action in discards:
            if face_text(action.card) == self._discard:
                self._discard = ""
                return action
        return discards[0] if discards else legal[0]


@dataclass(frozen=True, slots=True)
class Step:
    """One thing to learn: what to do (one short paragraph) and the fact that finishes it;
    ``hint``, where the table's usual hint line would offer something else (the first step
    could also take the pile), is the line it shows instead, so the two never disagree."""

    text: str
    done: Callable[[Session], bool]
    hint: str = ""


def _drew(session: Session) -> bool:
    return bool(session.log)


def _opened(session: Session) -> bool:
    return bool(session.state.melds[0])


def _first_turn_over(session: Session) -> bool:
    return any(isinstance(a, Discard) and a.seat == 0 for a in session.log)


def _took_pile(session: Session) -> bool:
    return any(isinstance(a, TakePile) and a.seat == 0 for a in session.log)


def _canasta(session: Session) -> bool:
    return any(m.is_canasta for m in session.view(0).melds[0])


def _hand_over(session: Session) -> bool:
    return session.state.phase is Phase.OVER


def steps() -> list[Step]:
    """The guided hand, in order; translated when asked for, so the language can change."""
    return [
        Step(
            _(
                "Welcome! Canasta is played in partnerships: you and North (across the table) "
                "against West and East. Each turn you draw, meld if you can, then discard. "
                "Start now: click the stock to draw a card."
            ),
            _drew,
            hint=_("Draw a card from the stock"),
        ),
        Step(
            _(
                "Melds are three or more cards of one rank. Your side's first melds must be worth "
                "50 points together (kings and queens count 10 each). Drag your four kings onto "
                "the table, then your three queens: they wait in the staging row. Press Enter "
                "to lay them down."
            ),
            _opened,
        ),
        Step(
            _(
                "Your side is open. End the turn with a discard: drag the 4 onto the pile. "
                "Then watch the others play: their last moves stay outlined, and L opens the log."
            ),
            _first_turn_over,
        ),
        Step(
            _(
                "East discarded a 9. The pile is frozen (the 2 lying crosswise in it is a wild "
                "card): it can be taken only with two natural cards of the top card's rank. "
                "You have two 9s: click them, then click the pile to take all of it."
            ),
            _took_pile,
        ),
        Step(
            _(
                "A canasta is a meld of seven cards. Three more kings came with the pile: drag "
                "them onto your king meld to make a canasta (500 points for a natural one)."
            ),
            _canasta,
        ),
        Step(
            _(
                "With a canasta your side may go out. Meld the three 6s, put the 2 on your 9s, "
                "then discard the 4 as your last card."
            ),
            _hand_over,
        ),
        Step(
            _(
                "Well done: you went out and the hand is over. That is the whole game; a match "
                "is played to 5000 points. Leave the guided hand to play a real one."
            ),
            lambda _session: False,
        ),
    ]


def current_step(session: Session, steps_: Sequence[Step]) -> int:
    """The first step not yet done (the last one stays)."""
    for index, step in enumerate(steps_):
        if not step.done(session):
            return index
    return len(steps_) - 1
