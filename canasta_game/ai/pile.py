"""Medium's pile heuristics: what taking the discard pile is worth, and what it gives away.

The pile is the biggest swing in Canasta: its cards become melds and canastas for whoever
takes it. ``pile_take_value`` prices one way of taking it (the cards it brings, the pairs it
completes, red threes in it, opening the side with it, wild cards spent on it, and denying it
to the next opponent), ``pile_gift`` prices what the pile would be worth to an opponent, and
``DRAW_VALUE`` is the yardstick: a stock card, which keeps the hand small.

The constants were tuned with the arena (duplicate hands against Easy and against earlier
versions of Medium): a small pile whose cards match nothing is a burden in a hand that
someone will soon end by going out, so lone cards count against a take and the draw is
worth more than a naive "one card" would suggest.
"""

from __future__ import annotations

from collections.abc import Sequence

from canasta_game.ai.handsense import melds_by_key, move_cards, rank_counts, side_melds
from canasta_game.ai.sequences import pile_black_three_cost, pile_canasta_value
from canasta_game.ai.situation import Situation
from canasta_game.engine.actions import TakePile
from canasta_game.engine.cards import IS_NATURAL, RANK_OF, VALUE_OF
from canasta_game.engine.observation import PlayerView
from canasta_game.engine.rules import Rules

DRAW_VALUE = 40.0  # a stock card keeps the hand small: worth more than a few junk cards
WILD_SPENT = 35.0  # a wild card pinned to the top-card meld instead of a canasta
OPEN_BONUS = 60.0  # opening makes every later pile cheaper to take (C-PILE-4 no longer bites)
STUCK_WEIGHT = 1.0  # how much the penalty risk of unmeldable cards counts
DENIAL_SHARE = 0.1  # part of the pile's worth an opponent would likely collect if we pass
RED_THREE = 100.0
PAIR_CARD = 4.0  # a card from the pile that makes a pair in hand
LONE_CARD = -8.0  # a card from the pile that matches nothing: a liability to shed later
PACKET_CARD = 12.0  # IT-4: an unseen card of the face-down packet, about an average card
#: the classic pile fight (``pile_fight``): a stock card is worth less than a pile whose lone
#: cards are no burden (arena, Medium against today's Medium, classic-4: 40 and -8 tried too).
#: Issue 16's ablation against 54fabb1's Medium (``benchmarks/medium_ablation.py``, per hand):
#: 15 is worth +42 over 40 (seed 7, 600 hands); 40 again once every side needs 120 (C-INIT-1)
#: measured +31 (se 17) on seed 9 and -39 (se 18) on seed 2, 59.2% of 400 full games on seed
#: 405 against 60.8%; 40 for a side needing 120 alone -46 (se 19), 59.5% / 56.5% on 405 / 406
FIGHT_DRAW_VALUE = 15.0
FIGHT_LONE_CARD = 0.0  # the same ablation: worth -1 per hand over -8 (seed 7): nothing either way


def pile_fight(rules: Rules) -> bool:
    """Whether the classic pile fight decides the hand: no sequences (SAM-9), no feet or book
    quota (HF-3, HF-17), no final discard (MAC-30), no packet under the upcard (IT-4).

    There the side that takes the piles makes the canastas (C-PILE-6, C-PILE-7), so taking a
    pile is worth more than a stock card even when some of its cards match nothing, and a
    discard that hands the pile over costs more than its points (``discard.DANGER_WEIGHT``).
    """
    return not (
        rules.sequences
        or rules.foot_size
        or rules.book_quota
        or rules.out_needs_discard
        or rules.upcard_packet != "NONE"
    )


def draw_value(rules: Rules) -> float:
    """What drawing from the stock is worth against taking the pile (``DRAW_VALUE`` a card).

    The sequence family draws two cards (SAM-6) and gives up both by taking the pile (SAM-7),
    so there the draw counts twice: measured in the arena (Samba, Medium against Easy), a
    Medium that priced the two-card draw like one took bloating piles and lost races out.
    """
    if pile_fight(rules):
        return FIGHT_DRAW_VALUE
    return DRAW_VALUE * rules.draw_count if rules.sequences else DRAW_VALUE


def pile_gift(view: PlayerView, extra: int | None = None) -> float:
    """What the pile (plus ``extra`` on top) is worth to whoever takes it, roughly."""
    cards: Sequence[int] = view.pile_cards
    total = 30.0 + PACKET_CARD * view.pile_packet
    for card in (*cards, extra) if extra is not None else cards:
        if view.rules.is_bonus_three(card):
            total += RED_THREE
        elif view.rules.wild[card]:
            total += 45.0
        elif view.rules.stops[card]:
            total += 2.0
        else:
            total += 8.0 + VALUE_OF[card]
    return total


def pile_take_value(view: PlayerView, take: TakePile, situation: Situation) -> float:
    """The value of taking the pile this way, on the same scale as ``DRAW_VALUE``.

    Counted: the top-card meld's points; each card below the top by what it does for this
    hand (grows a meld, completes a pair or triple, a wild card, a red three); +OPEN_BONUS
    when the take is the side's initial meld (bigger when the minimum is high, since opening
    from hand is then hard); -WILD_SPENT per wild card used; denial of the pile to the next
    opponent; and, when an opponent is about to go out, the penalty risk of the cards that
    cannot be melded.
    """
    top = view.pile_cards[-1]
    below = view.pile_cards[:-1]
    used = move_cards(take)
    melded_keys = set(melds_by_key(side_melds(view), view.rules))  # HF-9, CUB-4
    melded_keys.add(RANK_OF[top])
    for group in take.melds:
        melded_keys.update(RANK_OF[c] for c in group if IS_NATURAL[c])
    rest_hand = [c for c in view.hand if c not in set(used)]
    counts = rank_counts(rest_hand) + rank_counts(below)
    value = float(sum(VALUE_OF[c] for c in (top, *used))) + PACKET_CARD * view.pile_packet
    stuck = 0.0
    lone = FIGHT_LONE_CARD if pile_fight(view.rules) else LONE_CARD
    for card in below:
        if view.rules.is_bonus_three(card):
            value += RED_THREE
        elif view.rules.wild[card]:
            value += 45.0
        elif view.rules.stops[card]:
            value += 3.0
            stuck += 5.0
        elif RANK_OF[card] in melded_keys:
            value += 18.0 + VALUE_OF[card]
        elif counts[RANK_OF[card]] >= 3:
            value += 15.0 + VALUE_OF[card] / 2
        elif counts[RANK_OF[card]] == 2:
            value += PAIR_CARD
            stuck += VALUE_OF[card]
        else:
            value += lone
            stuck += VALUE_OF[card]
    wilds = sum(1 for c in used if view.rules.wild[c])
    closed = not view.is_open(view.side)
    value -= wilds * (WILD_SPENT / 2 if closed else WILD_SPENT)
    if closed:
        value += open_with_pile_bonus(view)
    value += DENIAL_SHARE * (pile_gift(view) - 30.0)
    value -= STUCK_WEIGHT * situation.opponent_threat * stuck
    value += pile_canasta_value(view)  # SAM-18, SAM-23: a canasta laid this turn
    value -= pile_black_three_cost(view)  # C-B3-1: black threes block the race out
    return value


def open_with_pile_bonus(view: PlayerView) -> float:
    """Making the initial meld by taking the pile: worth more as the minimum rises (50/90/120)."""
    need = view.minimums[view.side]
    return OPEN_BONUS + max(0, need - 50)
