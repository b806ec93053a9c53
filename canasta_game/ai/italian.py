"""Medium's heuristics for Italian Canasta (V-IT): opening before the draw, clean canastas.

A closed side takes the pile only after opening, which it may do before drawing (IT-7), so a
clean opening (IT-9, IT-11) is worth laying first exactly when a valuable take follows it in
the same turn (a dirty one rules the take out, IT-10); otherwise opening after the draw, with
two more cards in hand, is better. (The face-down packet's worth is in ``pile``.)

Closing needs a clean canasta beside a dirty one (IT-20), and red threes count minus with
dirty canastas only (IT-24): until the side has its clean canasta, a wild card into one of
its natural melds costs far more than Classic's spoiled bonus.
"""

from __future__ import annotations

from collections.abc import Sequence

from canasta_game.ai.determinize import self_state
from canasta_game.ai.handsense import side_melds, wild_count
from canasta_game.ai.melding import natural_chance
from canasta_game.ai.pile import DRAW_VALUE, pile_take_value
from canasta_game.ai.situation import Situation
from canasta_game.engine.actions import Action, Meld
from canasta_game.engine.game import apply
from canasta_game.engine.observation import PlayerView, observe
from canasta_game.engine.take import pile_takes


def opening_first_scores(
    view: PlayerView, legal: Sequence[Action], situation: Situation
) -> list[tuple[float, Action]]:
    """IT-7, IT-10: each opening before the draw scored by the best take it opens up in the
    same turn, and offered only when that take beats drawing from the stock."""
    openings = [m for m in legal if isinstance(m, Meld)]
    if not openings:
        return []
    state = self_state(view, legal)
    out: list[tuple[float, Action]] = []
    for move in openings:
        after, _ = apply(state, move)
        takes = pile_takes(after)
        if not takes:
            continue  # a dirty opening (IT-10) or no pair for the top card
        seen = observe(after, view.seat)
        best = max(pile_take_value(seen, take, situation) for take in takes)
        if best > DRAW_VALUE:
            out.append((best + 1.0, move))
    return out


CLEAN_NEEDED = 250.0  # the closing and the red threes wait on the side's first clean canasta


def clean_canasta_cost(view: PlayerView, move: Meld, situation: Situation) -> float:
    """IT-20, IT-24: wild cards into a natural meld while the side has no clean canasta,
    weighed by the chance that meld can still become one (``natural_chance``)."""
    if not view.rules.out_clean_and_dirty or situation.endgame:
        return 0.0
    melds = side_melds(view)
    if any(m.is_canasta and m.is_natural for m in melds):
        return 0.0
    by_mid = {m.mid: m for m in melds}
    cost = 0.0
    for mid, cards in move.add:
        meld = by_mid.get(mid)
        if meld is None or not meld.is_natural or not wild_count(view.rules, cards):
            continue
        cost += CLEAN_NEEDED * natural_chance(view, meld.key, meld.size, situation)
    return cost
