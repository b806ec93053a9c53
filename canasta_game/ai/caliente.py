"""When the Caliente card pays (RULES.md V-CAL, CAL-2..4), for every computer level.

Playing a Caliente costs 100 and draws the hand back to the deal size (CAL-2), so it pays when
the draw brings many cards (a hand melded down, behind on the table) and there is time to use
them: not when the player is about to go out, nor when the stock or an opponent is about to
end the hand with those cards caught in hand. Each level lets its own choice run first and
plays the Caliente instead of the discard it would make, so the hand is as small as it gets.

Kept, a Caliente is a stop card (CAL-3) and, at the end, doubles the hand's penalty (CAL-4):
it is thrown on a pile worth a lot to the next player, or shed when the hand is about to end.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from canasta_game.ai.handsense import hand_points
from canasta_game.ai.pile import pile_gift
from canasta_game.ai.situation import Situation, read_situation
from canasta_game.engine.actions import Action, Discard, PlayCaliente
from canasta_game.engine.caliente import meld_counts
from canasta_game.engine.observation import PlayerView

#: The fewest cards the draw-back must bring for the 100 points to pay (Medium, Hard).
REFILL_MIN = 5
#: Easy plays it only for a big refill and looks at nothing else.
EASY_REFILL_MIN = 7
#: Stock cards that must be left after the draw-back, so the new cards have turns to meld.
STOCK_SPARE = 8
#: How sure the player must be that an opponent goes out soon to keep from playing it.
THREAT = 0.7
#: What holding a Caliente to play later is worth, against throwing it as a stop.
KEEP_TO_PLAY = 50.0
#: A Caliente's reserve as a stop card, less a share of what the pile is worth to the taker.
STOP_RESERVE = 35.0
GIFT_SHARE = 0.25


def refill(view: PlayerView) -> int:
    """CAL-2: how many cards playing a Caliente now would draw."""
    return max(0, view.rules.deal_size - (len(view.hand) - 1))


def caliente_pays(view: PlayerView, situation: Situation, refill_min: int = REFILL_MIN) -> bool:
    """CAL-2: the engine allows it and the refill is worth the 100 (see the module's note)."""
    if not view.may_play_caliente:
        return False
    if situation.can_go_out_quota and len(view.hand) <= 3:
        return False  # about to go out: the draw would only fill the hand again
    drawn = refill(view)
    if drawn < refill_min or view.stock_size < drawn + STOCK_SPARE:
        return False
    return situation.opponent_threat < THREAT


def decide(
    view: PlayerView,
    legal: Sequence[Action],
    choose: Callable[[Sequence[Action]], Action],
    easy: bool = False,
) -> Action:
    """A level's move with the Caliente weighed: ``choose`` picks among the other moves, and
    the Caliente is played instead of the discard it picks when that pays (CAL-2)."""
    play = next((m for m in legal if isinstance(m, PlayCaliente)), None)
    if play is None:
        return choose(legal)
    rest = [m for m in legal if not isinstance(m, PlayCaliente)]
    choice = choose(rest) if rest else play
    if not isinstance(choice, Discard):
        return choice
    if easy:
        return play if refill(view) >= EASY_REFILL_MIN else choice
    return play if caliente_pays(view, read_situation(view)) else choice


def discard_cost(view: PlayerView, situation: Situation) -> float:
    """The cost of throwing a Caliente now, on the scale of ``discard.discard_costs``.

    Near the end it is shed first (CAL-4: kept, the whole hand would count twice); while the
    side is behind in melds it is kept to be played (CAL-2); otherwise it is a stop card
    (CAL-3), thrown when the pile is worth a lot to the next player.
    """
    if situation.endgame or situation.opponent_threat >= THREAT:
        return -float(hand_points(view.rules, view.hand))
    mine, theirs = meld_counts(view.melds, view.side)
    if mine < theirs or not view.melds[view.side]:
        return KEEP_TO_PLAY
    return STOP_RESERVE - GIFT_SHARE * pile_gift(view)
