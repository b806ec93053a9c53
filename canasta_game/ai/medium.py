"""Medium: an expert's heuristics, each a named function in its own module.

The bot itself only routes a decision to the heuristics and ranks the legal moves:

* draw phase: ``pile.pile_take_value`` of each way to take the pile against ``pile.draw_value``;
* play phase: going out (``goingout``), then meld actions worth more than holding their cards
  (``melding.meld_score``), then the cheapest discard (``discard.discard_costs``);
* answering "may I go out?": ``goingout.answer_may_i``.

``ranked_moves`` exposes the whole ranking (best first) because Hard searches over Medium's
best few candidates. Medium is deterministic: its seed only breaks exact ties.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from canasta_game.ai import caliente, handfoot, mac
from canasta_game.ai.acaba import acaba_move, without_acaba
from canasta_game.ai.determinize import self_state
from canasta_game.ai.discard import discard_costs
from canasta_game.ai.goingout import (
    answer_may_i,
    go_out_or_hold,
    going_out_moves,
    plan_out,
    should_ask,
)
from canasta_game.ai.handsense import hand_after
from canasta_game.ai.italian import clean_canasta_cost, opening_first_scores
from canasta_game.ai.melding import meld_score
from canasta_game.ai.pile import draw_value, pile_take_value
from canasta_game.ai.sequences import combine_value
from canasta_game.ai.situation import Situation, read_situation
from canasta_game.engine.actions import (
    Action,
    AnswerGoOut,
    AskGoOut,
    CombineMelds,
    Discard,
    DrawStock,
    Meld,
    TakePile,
)
from canasta_game.engine.going_out import can_go_out, must_ask
from canasta_game.engine.observation import PlayerView
from canasta_game.engine.state import Phase, Question

GO_OUT = 10_000.0
HOLD = -10_000.0

Scored = list[tuple[float, Action]]


def ranked_moves(view: PlayerView, legal: Sequence[Action]) -> Scored:
    """Every legal move with Medium's score, best first (scores compare within a phase)."""
    situation = read_situation(view)
    if view.phase is Phase.ANSWER:
        yes = answer_may_i(view, situation)
        scored = [(1.0 if isinstance(m, AnswerGoOut) and m.yes is yes else 0.0, m) for m in legal]
    elif view.phase is Phase.DRAW:
        scored = _draw_scores(view, legal, situation)
    else:
        scored = _play_scores(view, legal, situation)
    scored.sort(key=lambda item: -item[0])
    return scored


def _draw_scores(view: PlayerView, legal: Sequence[Action], situation: Situation) -> Scored:
    out: Scored = []
    odds = mac.supply(view, situation)  # MAC-31: None outside Modern American
    for move in legal:
        if isinstance(move, TakePile):
            value = pile_take_value(view, move, situation) + mac.pure_meld_gain(view, move, odds)
            out.append((value - handfoot.pile_swell_cost(view, move, situation), move))  # HF-16
        elif isinstance(move, DrawStock):
            out.append((draw_value(view.rules), move))
    out.extend(opening_first_scores(view, legal, situation))  # IT-7: open, then take
    return out


def _play_scores(view: PlayerView, legal: Sequence[Action], situation: Situation) -> Scored:
    state = self_state(view, legal)
    ask = next((m for m in legal if isinstance(m, AskGoOut)), None)
    # BRA-11, HF-16: where going out needs a "yes", being able means being able to ask
    able = view.question is not Question.NO and can_go_out(state, asking=ask is not None)
    hold = False
    out: Scored = []
    if able:
        wants = go_out_or_hold(view, situation, ask_available=ask is not None)
        if wants and ask is not None and (should_ask(view, situation) or must_ask(state)):
            out.append((GO_OUT + 1, ask))
        elif wants:
            first = plan_out(state)
            if first is not None and first in legal:
                out.append((GO_OUT, first))
        else:
            hold = True
    three = mac.lay_three(view, legal)  # MAC-7: the kept three goes out first
    if three is not None:
        out.append((GO_OUT + 2, three))
    done = {move for _, move in out}
    outs = set(going_out_moves(view, legal))
    final_discard = mac.out_melds(view, legal)  # MAC-30: meld down to the final discard
    if final_discard and go_out_or_hold(view, situation):
        out.append((GO_OUT - 1, final_discard[0]))
        done.add(final_discard[0])
    discards: list[Discard] = []
    odds = mac.supply(view, situation)  # MAC-31: None outside Modern American
    for move in legal:
        if move in done:
            continue
        if isinstance(move, Meld):
            if hold and move in outs:
                out.append((HOLD, move))
            elif hold and len(hand_after(view.hand, move)) < 2:
                out.append((HOLD / 2, move))
            else:
                score = meld_score(view, move, situation) + mac.pure_meld_gain(view, move, odds)
                score += handfoot.foot_gain(view, move)  # HF-8: on to the foot
                out.append((score - clean_canasta_cost(view, move, situation), move))  # IT-20
        elif isinstance(move, Discard):
            discards.append(move)
        elif isinstance(move, AskGoOut):
            out.append((HOLD / 4, move))
        elif isinstance(move, CombineMelds):
            out.append((combine_value(view, move), move))  # SAM-12
    costs = discard_costs(view, discards, situation)
    if costs:
        best = costs[0][0]
        for cost, move in costs:
            # the best discard scores 0: a meld must beat it (MAC-16: dead cards go first)
            score = best - cost + mac.dead_card_relief(view, move.card)
            score -= mac.pure_discard_cost(view, move.card, odds)  # MAC-31: keep what it needs
            if hold and move in outs:
                score = HOLD
            out.append((score, move))
    return out


class MediumBot:
    """Expert heuristics; deterministic apart from exact ties."""

    level = "medium"

    def __init__(self, seat: int, seed: int | str) -> None:
        self.seat = seat
        self.rng = random.Random(f"medium:{seed}:{seat}")

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        acaba = acaba_move(view, legal)  # BRIT-1
        if acaba is not None:
            return acaba
        return caliente.decide(view, without_acaba(legal), lambda rest: self._pick(view, rest))

    def _pick(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """The best ranked move (CAL-2's Caliente is weighed around it, ``caliente.decide``)."""
        if len(legal) == 1:
            return legal[0]
        ranked = ranked_moves(view, legal)
        top = ranked[0][0]
        best = [m for s, m in ranked if s == top]
        return best[0] if len(best) == 1 else self.rng.choice(best)
