"""Modern American Canasta for every level: going out through a final discard, the pure
melds' penalties, dead ranks.

Under MAC-30 a player never melds every card: going out is melding down to one card, then
discarding it face down. Classic's heuristics keep a reserve of cards and never meld down to
one, so ``out_melds`` names the meld actions after which the hand can go out. An ace, seven
or wild-card meld must be completed before the side may go out (MAC-31) and costs 2500 /
2000 if it stays incomplete (MAC-41), so such a meld is started (from hand or by taking the
pile) only when the side can expect to complete it, and cards that raise its chance are
taken and kept (``pure_meld_gain``, ``pure_discard_cost``, from ``completion_chance``). A
card of a dead rank (MAC-16) is useless in hand and safe to throw (``dead_card_relief``).
All of it reads the view's facts, never a rank table's rule.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from canasta_game.ai.counting import p_at_least
from canasta_game.ai.determinize import self_state, unseen_cards
from canasta_game.ai.handsense import hand_after
from canasta_game.ai.situation import Situation
from canasta_game.engine.actions import Action, Meld, TakePile
from canasta_game.engine.cards import RANK_OF
from canasta_game.engine.game import apply
from canasta_game.engine.going_out import can_go_out
from canasta_game.engine.mac import HAND_PENALTY, hand_penalty_ranks, lays_three
from canasta_game.engine.observation import PlayerView, observe
from canasta_game.engine.state import TableMeld

#: the share of a pure canasta's bonus counted with the chance of making it: an incomplete one
#: also keeps the side from going out (MAC-31). Per-hand duplicate ablation against main's
#: Medium (benchmarks/medium_ablation.py, modern-american, seed 21, 200 deals, paired): 0.5
#: +139 (se 71) per hand over 1.0, 0.25 +81 (se 86); CROWD_SHARE 0.6 instead of 0.3 -104
UPSIDE = 0.5
DEAD_RELIEF = 25.0  # a dead rank's card does nothing in hand and nobody can pick it up
#: MAC-42: the part of the 1500 counted for three aces or sevens in hand (one can still go)
CROWD_SHARE = 0.3


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


@dataclass(frozen=True, slots=True)
class Supply:
    """Where the cards that complete a pure meld can still come from (one per decision).

    ``unseen``: per natural rank the cards this player cannot see, ``wilds`` the wild cards;
    ``pool``: all unseen cards that can reach a hand; ``reach``: how many of them will reach
    our side before the stock runs out (the partners' unknown hand cards and the side's
    draws). Cards on the table, in the pile and in the opponents' melds are gone.
    """

    unseen: Counter[int]
    wilds: int
    pool: int
    reach: int


def supply(view: PlayerView, situation: Situation) -> Supply | None:
    """The ``Supply`` of this view (counting, never a rule); None where no meld must be
    completed before going out (MAC-31), so the other games pay nothing for it."""
    rules = view.rules
    if not rules.out_no_open_pure:
        return None
    cards = [c for c in unseen_cards(view) if not rules.is_bonus_three(c)]
    wilds = sum(1 for c in cards if rules.wild[c])
    unseen = Counter(RANK_OF[c] for c in cards if not rules.wild[c])
    seats = rules.side_seats[view.side]
    hidden = sum(view.hand_sizes[s] - len(view.known[s]) for s in seats if s != view.seat)
    draws = situation.turns_left * len(seats) * rules.draw_count  # each partner draws as often
    return Supply(unseen, wilds, len(cards), min(len(cards), hidden + draws))


def completion_chance(
    view: PlayerView, odds: Supply, meld: TableMeld, hand: Sequence[int]
) -> float:
    """MAC-31: how likely our side completes ``meld`` (a pure-ace, sevens or wild meld)
    before the hand ends: the cards it lacks beyond those held by this player (``hand``) and
    known in a partner's hand must come out of the unseen cards that reach the side
    (hypergeometric, ``counting.p_at_least``)."""
    wild = view.rules.wild

    def ours(card: int) -> bool:
        if meld.is_wild_meld:
            return bool(wild[card])
        return not wild[card] and RANK_OF[card] == meld.key

    partners = [s for s in view.rules.side_seats[view.side] if s != view.seat]
    held = sum(map(ours, hand)) + sum(1 for s in partners for c in view.known[s] if ours(c))
    need = meld.canasta_size - meld.size - held
    good = odds.wilds if meld.is_wild_meld else odds.unseen[meld.key]
    return p_at_least(odds.pool, good, odds.reach, need)


def pure_outlook(
    view: PlayerView,
    odds: Supply,
    hand: Sequence[int],
    melds: Sequence[TableMeld],
    must: Sequence[tuple[int, int]],
) -> float:
    """MAC-36, MAC-41: what the side's incomplete pure melds (``must``: the view's
    ``must_complete`` of the side) are expected to end as: each one's canasta bonus (2500,
    the same as the penalty for aces and sevens; counted as its penalty for a wild meld) with
    the chance of completing it, minus its penalty with the chance of not."""
    by_mid = {m.mid: m for m in melds}
    total = 0.0
    for mid, lost in must:
        chance = completion_chance(view, odds, by_mid[mid], hand)
        total += UPSIDE * chance * lost - (1.0 - chance) * lost
    counts = Counter(RANK_OF[c] for c in hand)
    for rank in hand_penalty_ranks(view.rules):  # MAC-42: three or more left in hand
        if counts[rank] >= 3:
            total -= CROWD_SHARE * HAND_PENALTY
    return total


def pure_meld_gain(view: PlayerView, move: Meld | TakePile, odds: Supply | None) -> float:
    """MAC-31, MAC-41: what a meld action or a pile take changes in ``pure_outlook``.

    Starting an ace or sevens meld (often by taking the pile with a pair, MAC-10) that the
    side cannot expect to complete costs up to the whole penalty, and it keeps the side from
    going out; one it can expect to complete earns its bonus in part; a take that brings
    cards of an incomplete pure meld's rank raises its chance. Zero outside these rules.
    """
    if odds is None:
        return 0.0
    side = view.side
    before = pure_outlook(view, odds, view.hand, view.melds[side], view.must_complete[side])
    try:
        after, _ = apply(self_state(view), move)
    except ValueError:
        return 0.0
    seen = observe(after, view.seat)
    now = pure_outlook(view, odds, seen.hand, seen.melds[side], seen.must_complete[side])
    return now - before + _completed_bonus(view, seen)


def _completed_bonus(view: PlayerView, after: PlayerView) -> float:
    """MAC-36: the bonus of each pure meld the move completed (2500 for aces or sevens, 2000
    to 3000 for wild cards). ``canasta_gain`` counts a plain natural canasta for it as well,
    small beside these."""
    side = view.side
    was_open = {mid for mid, _ in view.must_complete[side]}
    return float(sum(f.bonus for f in after.meld_facts[side] if f.mid in was_open and f.bonus > 0))


def pure_discard_cost(view: PlayerView, card: int, odds: Supply | None) -> float:
    """MAC-31, MAC-41: a card our incomplete pure meld still needs is kept, not thrown;
    MAC-42: a third ace or seven in hand is the one to throw."""
    if odds is None:
        return 0.0
    side = view.side
    must = view.must_complete[side]
    rest = list(view.hand)
    rest.remove(card)
    melds = view.melds[side]
    return pure_outlook(view, odds, view.hand, melds, must) - pure_outlook(
        view, odds, rest, melds, must
    )


def dead_card_relief(view: PlayerView, card: int) -> float:
    """MAC-16: a card of a dead rank is the first to go (it can never be melded again)."""
    return DEAD_RELIEF if RANK_OF[card] in view.dead_ranks else 0.0
