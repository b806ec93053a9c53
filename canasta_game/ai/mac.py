"""Modern American Canasta for every level: going out through a final discard, the pure
melds' penalties, dead ranks.

Under MAC-30 a player never melds every card: going out is melding down to one card, then
discarding it face down. Classic's heuristics keep a reserve of cards and never meld down to
one, so ``out_melds`` names the meld actions after which the hand can go out. Starting an
ace, seven or wild-card meld risks MAC-41's 2500 / 2000 if it stays incomplete
(``meld_risk``); a card of a dead rank (MAC-16) is useless in hand and safe to throw
(``dead_card_relief``). All of it reads the view's facts, never a rank table's rule.
"""

from __future__ import annotations

from collections.abc import Sequence

from canasta_game.ai.determinize import self_state
from canasta_game.ai.handsense import hand_after
from canasta_game.engine.actions import Action, Meld
from canasta_game.engine.cards import RANK_OF
from canasta_game.engine.game import apply
from canasta_game.engine.going_out import can_go_out
from canasta_game.engine.mac import hand_penalty_ranks, incomplete_penalty, lays_three
from canasta_game.engine.meldrules import meld_facts
from canasta_game.engine.observation import PlayerView

RISK_SHARE = 0.25  # the part of MAC-41's penalty counted per card still missing, over 7
DEAD_RELIEF = 25.0  # a dead rank's card does nothing in hand and nobody can pick it up
CROWD_RELIEF = 60.0  # per ace or seven held beyond two while the side has no meld of them


def final_discard_rules(view: PlayerView) -> bool:
    """MAC-30: going out always ends with a discard (the rules say so, not the preset name)."""
    return view.rules.out_needs_discard


def out_melds(view: PlayerView, legal: Sequence[Action]) -> list[Meld]:
    """The meld actions after which one card is left and the hand can go out by discarding
    it (MAC-29..31, asked of the engine's own ``can_go_out``)."""
    if not final_discard_rules(view):
        return []
    state = None
    out: list[Meld] = []
    for move in legal:
        if not isinstance(move, Meld) or len(hand_after(view.hand, move)) != 1:
            continue
        state = state or self_state(view, legal)
        after, _ = apply(state, move)
        if can_go_out(after):
            out.append(move)
    return out


def lay_three(view: PlayerView, legal: Sequence[Action]) -> Meld | None:
    """MAC-7: the legal move that lays out the three kept in hand. The computer players
    never play for a Straight, so they lay it out at once: it scores as a bonus card and a
    three in hand keeps the player from going out."""
    if not view.rules.keep_three:
        return None
    return next(
        (m for m in legal if isinstance(m, Meld) and lays_three(view.rules, m)),
        None,
    )


def meld_risk(view: PlayerView, move: Meld) -> float:
    """MAC-41: what starting or growing an incomplete pure-ace, sevens or wild meld risks.

    The penalty falls only if the meld is still incomplete when the hand ends, so the cost
    grows with the cards it still lacks; a meld the move completes costs nothing.
    """
    if not view.rules.out_no_open_pure:
        return 0.0
    state = self_state(view)
    try:
        after, _ = apply(state, move)
    except ValueError:
        return 0.0
    side = view.side
    before = {m.mid for m in view.melds[side]}
    risk = 0.0
    for meld in after.melds[side]:
        _, lost = incomplete_penalty(view.rules, meld)
        if lost and meld.mid not in before:
            missing = meld_facts(view.rules, meld).to_canasta
            risk += RISK_SHARE * lost * missing / meld.canasta_size
    return risk


def dead_card_relief(view: PlayerView, card: int) -> float:
    """MAC-16: a card of a dead rank is the first to go (it can never be melded again);
    MAC-42: three aces or sevens in hand at the end cost 1500, so a third one goes too
    unless the side is building their meld."""
    rank = RANK_OF[card]
    if rank in view.dead_ranks:
        return DEAD_RELIEF
    if rank in hand_penalty_ranks(view.rules) and not any(
        m.key == rank for m in view.melds[view.side]
    ):
        held = sum(1 for c in view.hand if RANK_OF[c] == rank)
        return CROWD_RELIEF * max(0, held - 2)
    return 0.0
