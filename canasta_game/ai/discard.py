"""Medium's discard heuristics: safe discards from card counting, stops and freezes.

A discard costs what the card was worth in hand (``keep_value``) plus the *danger* that the
next opponent takes the pile with it (the chance it can, times what the pile is worth to it).
The chance comes from card counting (``CardCount``): the ranks its side has melded are
near-certain takes on an unfrozen pile; otherwise it needs a natural pair (or a natural and a
wild card), which is impossible for a dead rank and unlikely for the rank it just threw away
or let pass on top of the present pile.
Two special discards buy safety: a black three blocks the next player (kept as a stop for
when the pile is worth defending), and a wild card blocks and freezes the pile (spent only when
the pile is big and every other discard is dangerous).
"""

from __future__ import annotations

from collections.abc import Sequence

from canasta_game.ai import caliente
from canasta_game.ai.counting import CardCount
from canasta_game.ai.goingout import race_shed_relief
from canasta_game.ai.handsense import melds_by_key, rank_counts, side_melds
from canasta_game.ai.keep import keep_value, keeper
from canasta_game.ai.pile import pile_fight, pile_gift
from canasta_game.ai.sequences import (
    extends_sequence_of,
    sheds_black_threes,
    their_group_feed,
    their_pile_canasta_value,
)
from canasta_game.ai.situation import Situation
from canasta_game.engine.actions import Discard
from canasta_game.engine.cards import RANK_OF, VALUE_OF
from canasta_game.engine.observation import PlayerView

STOP_RESERVE = 10.0  # holding a black three for a dangerous moment is worth this much
FREEZE_MIN_PILE = 6  # below this many cards a pile is not worth a wild card
SURE_TAKE = 0.97  # the next opponent can take an open pile onto its own meld
JUST_THREW = 0.25  # the next player discarded this rank last: a pair is unlikely
THREW_EARLIER = 0.6
#: the next player let this rank pass on the present pile: it held no pair then. Issue 16,
#: Medium against main's Medium, classic-4, per hand (se), one-hand duplicate deals (seed 7,
#: 800): 0.5 +11.7 (6.9), 0.3 +16.9 (8.3), 0.15 +22.8 (9.1), 0.05 +24.0 (9.3), 0 +22.7
#: (9.4); full games, 0.3 52.6% [50.4, 54.8] of 2,000 (+23 a hand, seed 5), 0.15 51.1%
#: [48.3, 54.0] of 1,200 (+21, seed 6); classic-6 53.0% of 200 (+17).
#: Only where a seat draws one card a turn: drawing two (O-DRAW-K) it soon holds a new pair.
#: Classic-2 lost with it (45.0% and 48.1% of 400 full games, -37 and -22 a hand), Samba
#: was level (51.5%, -3 a hand).
PASSED = 0.15
#: the classic pile fight (``pile.pile_fight``): a pile handed to the next opponent costs this
#: many times its points, since that side then makes the canastas (arena: 1, 2, 3, 5 tried;
#: issue 16's ablation against 54fabb1's Medium: worth +38 per hand over 1 (seed 7, 600
#: hands); 4: -19 (se 20) per hand against 3, paired (seed 8, 600 hands))
DANGER_WEIGHT = 3.0
VALUE_OF_RANK = tuple(VALUE_OF[rank * 4] for rank in range(14))  # uid rank*4 is that rank


def next_opponent(view: PlayerView) -> int:
    """The player who plays right after this one (always an opponent in every preset)."""
    return (view.seat + 1) % view.rules.players


def take_chance(view: PlayerView, rank: int, counts: CardCount) -> float:
    """How likely the next opponent can (and will) take the pile with ``rank`` on top.

    Safe-discard rules of thumb, counted instead of guessed: a rank its side has melded is a
    sure take while the pile is unfrozen for it; otherwise it needs two naturals (frozen pile)
    or a natural and a wild card (unfrozen, unless O-PILE-2NAT); dead ranks (too few unseen)
    are safe; a rank it just discarded is unlikely to be paired in its hand.
    """
    rules = view.rules
    seat = next_opponent(view)
    side = rules.seat_side[seat]
    closed = not view.melds[side]
    frozen = view.pile_frozen or closed
    if not frozen:
        meld = melds_by_key(view.melds[side], rules).get(rank)  # HF-9, CUB-4
        if meld is not None and not (rules.pile_nocanadd and meld.is_canasta):
            return SURE_TAKE
    pair = counts.p_holds_at_least(seat, rank, 2)
    if frozen:
        chance = pair
    else:
        one = counts.p_holds_at_least(seat, rank, 1) - pair
        chance = pair + (0.0 if rules.pile_2nat else one * counts.p_holds_wild(seat))
    if closed:
        need = view.minimums[side]
        if 3 * VALUE_OF_RANK[rank] < need:
            chance *= 0.4  # it must also find the rest of its minimum in hand
    return chance * _discard_history_factor(view, seat, rank, counts)


def _discard_history_factor(view: PlayerView, seat: int, rank: int, counts: CardCount) -> float:
    """The card the left-hand opponent just threw, or threw earlier, is a safer discard; so
    is a rank it let pass on top of the present pile (it drew from the stock instead)."""
    single = view.rules.draw_count == 1  # see PASSED
    passed = PASSED if single and rank in counts.passed(seat) else 1.0
    theirs = [RANK_OF[card] for who, card in view.discards if who == seat]
    if not theirs:
        return passed
    if theirs[-1] == rank:
        return min(JUST_THREW, passed)
    if rank in theirs:
        return min(THREW_EARLIER, passed)
    return passed


def danger(view: PlayerView, card: int, counts: CardCount) -> float:
    """Expected points handed to the next opponent by discarding ``card``."""
    if view.rules.wild[card] or view.rules.stops[card]:
        return 0.0  # both block the next player (C-PILE-5, C-B3-3)
    their_side = view.rules.seat_side[next_opponent(view)]
    gift = pile_gift(view, card) + their_pile_canasta_value(view, card, their_side)  # SAM-18
    feed = their_group_feed(view, card, their_side)  # SAM-23: their next canasta
    if feeds_their_sequence(view, card):
        return SURE_TAKE * gift + feed
    if pile_fight(view.rules):
        gift *= DANGER_WEIGHT
    return take_chance(view, RANK_OF[card], counts) * gift + feed


def feeds_their_sequence(view: PlayerView, card: int) -> bool:
    """SAM-18: with ``card`` on top the next opponent takes an open pile by extending one of
    its side's sequences, so such a card is as dangerous as one of a rank it has melded."""
    side = view.rules.seat_side[next_opponent(view)]
    if view.pile_frozen or not view.melds[side]:
        return False
    return extends_sequence_of(view.rules, view.melds[side], card)


def black_three_stop_value(view: PlayerView, situation: Situation) -> float:
    """The cost of playing a black three now: low when the alternatives are dangerous.

    A black three is a stop card. Thrown early it is wasted; kept, it defends a big pile when
    the next opponent is likely to take it. So its cost is a reserve value, and it wins the
    comparison exactly when every other discard costs more than that reserve. Near the end
    of the stock, or when an opponent is about to go out, it is just a 5-point liability.
    """
    if situation.endgame or situation.opponent_threat >= 0.7 or sheds_black_threes(view.rules):
        return 0.0
    if not view.rules.b3_meld and sum(1 for c in view.hand if view.rules.stops[c]) >= 2:
        return 0.0  # HF-12: threes are never melded, so all but one only wait to be thrown
    reserve = STOP_RESERVE + min(20.0, len(view.pile_cards) * 2.0)
    return reserve


def freeze_with_wild_cost(
    view: PlayerView, card: int, best_other: float, situation: Situation
) -> float:
    """The cost of discarding a wild card to block and freeze the pile.

    Worth it only when the pile is big (FREEZE_MIN_PILE cards or more), not frozen yet, and
    the best other discard is dangerous: then the wild card's keep value is offset by the
    danger it avoids now and by the protection of a frozen pile later. A joker is dearer than
    a two, so a two is the freezing card of choice.
    """
    own = keep_value(view.rules, card, view.hand, side_melds(view))
    if view.pile_frozen or len(view.pile_cards) < FREEZE_MIN_PILE:
        return own + 100.0
    protection = 0.35 * pile_gift(view)
    cost = own - best_other - protection
    if VALUE_OF[card] > 20:  # the dearer wild card: a joker (50), not a two (20)
        cost += 40.0
    return cost


def endgame_relief(view: PlayerView, card: int, situation: Situation) -> float:
    """Near the end (or before an opponent goes out) unmeldable cards are penalties: shed them."""
    if not (situation.endgame or situation.opponent_threat >= 0.7):
        return 0.0
    if view.rules.wild[card]:
        return 0.0
    rank = RANK_OF[card]
    joins = melds_by_key(side_melds(view), view.rules)  # HF-9, CUB-4
    if rank in joins or rank_counts(view.hand)[rank] >= 3:
        return 0.0
    return float(VALUE_OF[card])


def discard_costs(
    view: PlayerView, discards: Sequence[Discard], situation: Situation
) -> list[tuple[float, Discard]]:
    """Every legal discard with its cost (lower is better), all heuristics applied."""
    counts = CardCount(view)
    keep = keeper(view.rules, view.hand, side_melds(view))
    wild, stops = view.rules.wild, view.rules.stops
    base: dict[int, float] = {}
    for move in discards:
        card = move.card
        if wild[card] or stops[card]:
            continue
        cost = keep(card) + danger(view, card, counts)
        if not view.is_open(view.side):
            cost += VALUE_OF[card] * 0.5  # closed: high cards build the initial meld
        relief = max(endgame_relief(view, card, situation), race_shed_relief(view, card, situation))
        base[card] = cost - relief
    best_other = min(base.values(), default=200.0)
    out: list[tuple[float, Discard]] = []
    for move in discards:
        card = move.card
        if card in base:
            cost = base[card]
        elif view.rules.is_caliente(card):
            cost = caliente.discard_cost(view, situation)  # CAL-3, CAL-4
        elif stops[card]:
            cost = black_three_stop_value(view, situation) - race_shed_relief(view, card, situation)
        else:
            cost = freeze_with_wild_cost(view, card, best_other, situation)
        out.append((cost, move))
    out.sort(key=lambda item: (item[0], item[1].card))
    return out
