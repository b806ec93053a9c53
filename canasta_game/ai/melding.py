"""Medium's melding heuristics: what a meld action is worth right now.

Melding banks points and grows canastas, but every card melded is a card that can no longer
help take the pile, and a wild card pinned to a three-card meld is gone for good. So a meld
action is scored by what it banks (points, canastas completed, progress toward one) minus
what it spends (wild cards on small melds, a natural canasta spoiled, the pairs and the hand
size needed to take the next pile). Near the end of the stock the costs vanish: cards left in
hand are only penalties then.
"""

from __future__ import annotations

from collections.abc import Sequence

from canasta_game.ai.goingout import race_meld_gain, racing_out, their_race_gain
from canasta_game.ai.handfoot import wild_book_gain
from canasta_game.ai.handsense import (
    completes_canastas,
    hand_after,
    meld_points,
    rank_counts,
    side_melds,
    wild_count,
    wilds_in,
    wilds_on_small_melds,
)
from canasta_game.ai.sequences import (
    bolivia_progress,
    canasta_bonuses,
    one_canasta_short,
    pace_meld_gain,
    pace_wild_share,
    run_break_cost,
    sequence_progress,
    surplus_wilds,
    wild_meld_wilds,
)
from canasta_game.ai.situation import Situation
from canasta_game.engine.actions import Meld
from canasta_game.engine.observation import PlayerView
from canasta_game.engine.rules import Rules

WILD_USE = 60.0  # any wild card leaving the hand loses a freeze, a pile take, a canasta later
#: SAM-10, SAM-13: a wild card only ever joins a group, two at most, so one spent early is
#: missing when a group needs it to become a canasta (arena-tuned: 60 to 100 won 2-5% more)
SEQUENCE_WILD_USE = 100.0
WILD_WASTE = 40.0  # extra cost of a wild card on a meld that stays under five cards
SPOIL_NATURAL = 150.0  # a wild card into a natural meld of four or more
RESERVE = 5  # cards to keep so that a natural pair for the pile is still likely
#: holding pairs for the pile fight where there are no sequences: arena, Medium against
#: today's Medium (which kept RESERVE), classic-4, duplicate deals: 3, 5, 7 and 9 tried.
#: Issue 16 (against 54fabb1's Medium): 7 was worth +82 per hand over 5 (seed 7, 600 hands);
#: 8 over 7 +39 (se 21) per hand (seed 8), +48 (se 41) with both sides at 3000 (seed 9), and
#: 60.4% [58.0, 62.8] of 1,600 full games on seeds 405-408 against 7's 57.8% on those deals;
#: report seeds 409-412: 61.1% [58.6, 63.4] (7: 57.6%), against Easy 80.8% / 83.8% (401/402).
#: Laying off lone naturals free of the reserve: -22 (se 15) per hand (seed 8).
#: Issue 16, later: at tables of three to five, as many as the biggest opponent hand, up to
#: 12 (``pile_fight_reserve``). Full games on duplicate deals, classic-4, one side changed:
#: a flat 12 against Medium (8) 59.9% of 800 (+9.9 (se 2.3) points of win rate, paired),
#: against Easy -0.6 (1.6) and 0.0 (1.6) (800 games each); against 54fabb1's Medium 68.8% and
#: 69.3% (seed 413; 8 on the same deals 58.3%), but against Easy 79.8% of 1,600 (seeds
#: 401-404; 8: 81.8%). Matching the biggest opponent hand instead, over the flat 12: against
#: Easy +4.5 (1.8), against that Medium -2.0 (2.5), 600 games each; arena: against Easy
#: 82.4% of 1,600 (seeds 401-404), against 54fabb1's Medium 62.4% [57.5, 67.0] (seed 413).
#: One-hand duplicate deals, a flat 12 over 8, points a hand (se) against Medium / Easy:
#: classic-4 +156 (58) / +47 (33), classic-5 +72 (30) / +42 (26), classic-3 (Easy) +8 (18),
#: Caliente +54 (64) / +67 (31), Cuban +98 (78) / +6 (44), cz-house +332 (109) / +174 (58),
#: Italian +336 (128) / +411 (95), Modern American +382 (162) / +135 (163), Hand and Foot
#: (its foot) +33 (73) / +7 (36). At tables of two and six 12 lost to Easy (-91 (32), -98
#: (34); classic-6 against Medium -17 (48)): they keep HOLD_RESERVE.
PILE_FIGHT_RESERVE = 12
#: the reserve measured before that: tables of two and six in the pile fight, and the
#: partnerships of the sequence family that need an escalera to go out (BOL-9)
HOLD_RESERVE = 8
#: a player of the sequence family with no partner at a table of two or three (SAM-3): the
#: pile is the one way to gather a rank, so it keeps more. Issue 16, one-hand duplicate deals,
#: one side's reserve changed against Medium (5) in the other seats, points a hand (se):
#: against Medium, 12 over 5 in Samba for 2 +96 (70), +176 (64), +187 (78); for 3 +174 (51),
#: +197 (48), +133 (53); 8 gained less, 15 and 20 more against Medium only; against Easy 12
#: over 5: +134 (57), +21 (41). Samba for 5 (+43 (18), +59 (20); against Easy +17 (16)) keeps
#: 5: each player draws fewer than ten times, and holding made the mixed levels go out in 8
#: of 50 hands instead of 12 or more (``tests/ai/test_every_preset.py``). (Classic for 2 and
#: 3, 12 over 8 against Easy: -30 (22), +2 (15); the games without sequences keep
#: ``pile_fight_reserve``.)
LONE_RESERVE = 12
RESERVE_COST = 20.0  # per card melded below the reserve
OPENING = 60.0  # the first meld unfreezes the pile for the side


def hand_reserve_cost(view: PlayerView, move: Meld, situation: Situation) -> float:
    """Holding pairs and a hand big enough to take piles: each card a meld takes below
    ``reserve_cards`` costs (the cards it lays from a hand already below the reserve, not
    the whole gap: classic-4, full games on duplicate deals, with a flat reserve of 12, 2.9
    (se 1.3) points of win rate over charging the gap against that Medium, 0.0 (1.0) against
    Easy, 800 games each).

    Excused when the hand can end soon anyway (end of the stock, an opponent about to go out)
    or when the side has its canastas and the player is heading out.
    """
    if situation.endgame or situation.opponent_threat >= 0.7:
        return 0.0
    left = len(hand_after(view.hand, move))
    if situation.can_go_out_quota or view.foot_sizes[view.seat]:
        return 0.0  # HF-8: a hand used up brings the foot, so nothing is held back for it
    if one_canasta_short(view):
        return 0.0  # SAM-23: the race out has begun
    reserve = reserve_cards(view)
    short = max(0, reserve - left) - max(0, reserve - len(view.hand))
    return short * RESERVE_COST


def reserve_cards(view: PlayerView) -> int:
    """How many cards a hand keeps back while its side has no canasta: holding pairs.

    In the games without sequences the pile is the prize of the hand (C-PILE-6: a natural
    pair takes even a frozen pile), and the side that still holds pairs when it has grown
    wins it, so a hand is not melded down below ``pile_fight_reserve`` cards. The sequence
    family draws two cards a turn (SAM-6) and races to two canastas (SAM-23): a partnership
    keeps RESERVE, unless going out needs an escalera (BOL-9), where half the hands run to the
    end of the stock and the pile decides them (HOLD_RESERVE: Bolivia, one-hand duplicate
    deals, 8 over 5 +240 (se 79) and +123 (60) points a hand against Medium, +53 (41) against
    Easy; against Medium and Easy, Samba +16 (24) and +20 (20), Samba for 6 +3 (23) and +3
    (16), Brazilian -19 (61) and -81 (41): left at 5). A player without a partner at a table
    of two or three keeps LONE_RESERVE.
    """
    rules = view.rules
    if not rules.sequences:
        return pile_fight_reserve(rules, view.seat, view.hand_sizes)
    if not rules.partnership and rules.players <= 3:
        return LONE_RESERVE  # SAM-3
    return HOLD_RESERVE if rules.out_needs_sequence else RESERVE  # BOL-9


def pile_fight_reserve(rules: Rules, seat: int, hand_sizes: Sequence[int]) -> int:
    """The reserve of the games without sequences: as many cards as the biggest opponent
    hand, between HOLD_RESERVE and PILE_FIGHT_RESERVE, at a table of three to five;
    HOLD_RESERVE at tables of two and six, where the bigger one lost to Easy (the figures are
    at the constants). The pile goes to the side that still holds pairs when it has grown:
    against opponents who hold their cards a hand of twelve wins it; against opponents who
    meld down, cards held past theirs win nothing and are caught when they go out. Hard's
    playouts keep it too (``rollout._natural_batch``)."""
    if not 3 <= rules.players <= 5:
        return HOLD_RESERVE
    side = rules.seat_side[seat]
    most = max(size for s, size in enumerate(hand_sizes) if rules.seat_side[s] != side)
    return max(HOLD_RESERVE, min(PILE_FIGHT_RESERVE, most))


def wild_waste_cost(view: PlayerView, move: Meld, situation: Situation) -> float:
    """Not wasting wild cards on small melds; each wild card used costs WILD_USE as well."""
    wilds = wilds_in(view.rules, move) - wild_meld_wilds(view, move)  # a bolivia's are not
    wilds -= surplus_wilds(view.rules, view.hand, side_melds(view))  # nowhere else to go
    if wilds <= 0:
        return 0.0
    made, _ = completes_canastas(view, move)
    if situation.endgame:
        return 0.0
    use = SEQUENCE_WILD_USE if view.rules.sequences else WILD_USE
    cost = use * wilds + WILD_WASTE * min(wilds, wilds_on_small_melds(view, move))
    if made:
        cost *= 0.3  # a wild card that completes a canasta is doing its job
    return cost * pace_wild_share(view)  # SAM-23: one canasta short, a group now counts


def natural_chance(view: PlayerView, key: int, size: int, situation: Situation) -> float:
    """How likely a natural meld of ``size`` cards can still become a natural canasta.

    It needs ``7 - size`` more naturals of its rank: from the hand, or from the unseen cards
    (the stock, other hands, which reach the side through draws and the pile) while there are
    turns left. A dead rank or an exhausted stock makes waiting worthless.
    """
    need = 7 - size - rank_counts(view.hand)[key]
    if need <= 0:
        return 1.0
    if situation.unseen_rank[key] < need or situation.turns_left == 0:
        return 0.0
    supply = min(1.0, situation.unseen_rank[key] / (2.0 * need))
    time_left = min(1.0, situation.turns_left / (2.0 * need))
    return supply * time_left


def racing_to_two(view: PlayerView, situation: Situation) -> bool:
    """SAM-23: in the sequence family a side must make its canastas before it can go out,
    and its red threes count against it until then (SAM-29): until it has them, a canasta
    now beats a natural canasta later (arena: Medium against Easy won 1-2% more)."""
    return view.rules.sequences and not situation.can_go_out_quota


def natural_canasta_cost(view: PlayerView, move: Meld, situation: Situation) -> float:
    """Keeping canastas natural when it costs little: wild cards into natural melds of 4+.

    The cost is what the natural canasta would be worth over a mixed one, times the chance it
    can still be made natural (``natural_chance``): nothing when the rank is dead or the stock
    is out, SPOIL_NATURAL (or the bonus difference, for a canasta completed now) when it is
    likely.
    """
    if situation.endgame or racing_to_two(view, situation):
        return 0.0
    by_mid = {m.mid: m for m in side_melds(view)}
    rules = view.rules
    cost = 0.0
    for mid, cards in move.add:
        meld = by_mid.get(mid)
        wilds = wild_count(view.rules, cards)
        if meld is None or not meld.is_natural or meld.size < 4 or not wilds:
            continue
        chance = natural_chance(view, meld.key, meld.size, situation)
        if meld.size + len(cards) >= rules.canasta_size:
            cost += (rules.natural_canasta_bonus - rules.mixed_canasta_bonus) * chance
        else:
            cost += SPOIL_NATURAL * chance
    return cost


def canasta_gain(view: PlayerView, move: Meld, situation: Situation) -> float:
    """Canastas completed (their bonus) and progress toward one (melds reaching 5 or 6)."""
    rules = view.rules
    made, gain_bonus = canasta_bonuses(view, move)  # each kind at its own bonus (SAM-26, BOL-3)
    gain = float(gain_bonus)
    by_mid = {m.mid: m for m in side_melds(view)}
    for mid, cards in move.add:
        meld = by_mid.get(mid)
        if meld is None or meld.is_canasta:
            continue
        after = meld.size + len(cards)
        if after < rules.canasta_size:
            gain += 10.0 * max(0, after - 4)
    if made and not situation.can_go_out_quota and situation.partner_cards <= 3:
        gain += feed_partner_bonus(situation)
    return gain


def feed_partner_bonus(situation: Situation) -> float:
    """Feeding the partner: a canasta lets a partner who is nearly out go out."""
    return 80.0 if situation.partner_cards else 0.0


def meld_score(view: PlayerView, move: Meld, situation: Situation) -> float:
    """Positive when this meld action is worth making now rather than holding the cards."""
    cards = move.cards()
    if any(view.rules.stops[c] for c in cards):  # black threes (C-B3-1, C-B3-2)
        return -1000.0  # only ever part of going out, which the going-out plan handles
    naturals = sum(1 for c in cards if not view.rules.wild[c])
    score = 0.5 * meld_points(move) + 8.0 * naturals
    if not view.is_open(view.side):
        score += OPENING
    score += canasta_gain(view, move, situation)
    score += sequence_progress(view, move) + bolivia_progress(view, move)
    score -= run_break_cost(view, move)
    if racing_out(view, situation):
        score += race_meld_gain(view, move, situation)  # SAM-23, SAM-27: empty the hand
    else:
        score += pace_meld_gain(view, move)  # SAM-23: one canasta short, meld down
        score -= wild_waste_cost(view, move, situation)
        score += their_race_gain(view, move, situation)  # SAM-27: dump points before they go
    score -= natural_canasta_cost(view, move, situation)
    score -= hand_reserve_cost(view, move, situation)
    score += wild_book_gain(view, move)  # HF-17: Hand and Foot's wild book
    return score
