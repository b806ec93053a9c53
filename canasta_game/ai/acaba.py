"""When British Canasta's "Acaba" pays (BRIT-1, BRIT-2), for every computer level.

Acaba ends the hand with 1500 to the opponents and nothing to us, so it pays only when the
hand, played on, would cost more than that: the opponents are about to go out and our side's
table and red threes trail theirs by more than 1500 once our cards in hand are counted. Each
level calls ``acaba_move`` first and plays on without the Acaba moves when it returns None.
"""

from __future__ import annotations

from collections.abc import Sequence

from canasta_game.ai.handsense import hand_points
from canasta_game.ai.situation import AVERAGE_CARD, opponent_sides, read_situation
from canasta_game.engine.actions import Acaba, Action, AnswerGoOut
from canasta_game.engine.observation import PlayerView
from canasta_game.engine.state import Phase, Question

#: How far beyond the Acaba's cost the expected loss must be before a player gives the hand up.
MARGIN = 300
#: How sure the player must be that an opponent goes out soon (``Situation.opponent_threat``).
THREAT = 0.7


def expected_margin(view: PlayerView) -> float:
    """Our side's hand score minus the best opponent's, if the opponents go out soon."""
    rules = view.rules
    situation = read_situation(view)

    def threes(side: int) -> int:
        return rules.bonus_three_amount(len(view.bonus_threes[side]))

    theirs = max((threes(s) for s in opponent_sides(view)), default=0)
    ours = threes(view.side) if view.melds[view.side] else -threes(view.side)
    in_hand = hand_points(rules, view.hand) + situation.partner_cards * AVERAGE_CARD
    going_out = situation.opponent_threat * rules.out_bonus
    return situation.table_lead + ours - theirs - in_hand - going_out


def acaba_pays(view: PlayerView, margin: int = MARGIN) -> bool:
    """BRIT-1: an opponent is about to go out and the hand would cost us more than Acaba."""
    if read_situation(view).opponent_threat < THREAT:
        return False
    return expected_margin(view) < -(view.rules.acaba_points + margin)


def acaba_move(view: PlayerView, legal: Sequence[Action], margin: int = MARGIN) -> Action | None:
    """The Acaba declaration or answer to play now, or None to play on (BRIT-1, BRIT-2)."""
    if not view.rules.acaba:
        return None
    if view.phase is Phase.ANSWER and view.acaba_question is Question.PENDING:
        yes = acaba_pays(view, margin)
        return next(m for m in legal if isinstance(m, AnswerGoOut) and m.yes is yes)
    declare = Acaba(view.seat)
    if declare in legal and acaba_pays(view, margin):
        return declare
    return None


def without_acaba(legal: Sequence[Action]) -> Sequence[Action]:
    """The moves a level weighs when it plays on (the declaration is decided above)."""
    if not any(isinstance(m, Acaba) for m in legal):
        return legal
    return [m for m in legal if not isinstance(m, Acaba)]
