"""A learned value of a position: the hand score difference Medium self-play reaches from it.

Hard's playouts stop after a few rounds and the position they reach must be valued.
``evaluate`` does it by hand (what is banked, the outlook of the cards held); this module
fits that figure and a few more facts of the position to what actually happened: the final
hand score of the side minus the other side's, over thousands of hands of Medium against
Medium (``tools/train_value.py`` rebuilds the weights deterministically).

The model is linear in ``features`` (each fact of one side minus the same fact of the other,
so the value of one side is minus the other's), each fact also scaled by the share of the
stock left: a card in hand, a melded canasta or a wild card is worth a different amount at
the start of the hand than near its end. It is pure Python (a list of weights per preset in
``value_weights.py``), so nothing new is needed at run time.

Each preset has its own weights, fitted on its own hands, and they are used only for its rules
(``fitted``: any name and target); every other preset keeps ``evaluate``. Checked on the one
hand in five held out before the final fit (root mean square error of the final hand score
difference, against ``evaluate`` alone and a constant zero: the hands themselves are that
uncertain):

* classic-4: 94,978 positions (the start of every turn) of 3,000 hands, 1,069 points
  against 1,129 and 1,199. Uruguayan is Classic's rules (URU-1), so the same weights value it;
* Samba (four players): 62,328 positions of 3,000 hands, 1,038 points against 1,117 and
  1,178 (issue 16: with it Hard searches Samba as it does classic-4, docs/strength.md);
* classic-2 (two players, two cards drawn a turn): 99,499 positions of 3,000 hands, 674
  points against 713 and 812;
* Italian (four players, 162 cards, two drawn a turn, IT-1..25): 81,509 positions of 3,000
  hands, 2,112 points against 2,277 and 2,620;
* Bolivia (Samba's pack and draw, escaleras and bolivias, BOL-1..13): 124,668 positions of 3,000
  hands, 1,735 points against 1,971 and 2,442. Chilean plays Bolivia's rules (CHI-3), so the
  same weights value it;
* Cuban (108 cards, 13 dealt, the pile always frozen, wild canastas, CUB-1..9): 88,399
  positions of 3,000 hands, 1,502 points against 1,582 and 1,656;
* Brazilian (Bolivia's pack with its own tiers, a closed pile, short escaleras that cost,
  BRA-1..12): 87,608 positions of 3,000 hands, 2,411 points against 2,506 and 2,852.

Hard's playouts reach positions like these, played by its fast policy.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace
from functools import cache
from operator import mul

from canasta_game.ai.evaluate import evaluate, score_difference
from canasta_game.ai.handsense import canasta_count
from canasta_game.engine.cards import RANK_OF, VALUE_OF
from canasta_game.engine.meldrules import meld_facts
from canasta_game.engine.rules import Rules, preset
from canasta_game.engine.scoring import score_hand
from canasta_game.engine.setup import pack
from canasta_game.engine.state import DRAW, OVER, State, TableMeld
from canasta_game.engine.take import pile_takes

SCALE = 100.0  # features and the target are in hundreds of points
OUT_THREAT_CARDS = 4  # a side with a canasta and a hand this short may go out any turn

SIDE_FACTS = (
    "evaluate",  # the hand-made estimate (this side minus the other)
    "meld_points",
    "canasta_bonus",
    "has_canasta",
    "melds_4",
    "melds_5",
    "melds_6",
    "open_melds",
    "opened",
    "red_threes",
    "hand_cards",
    "hand_wilds",
    "hand_on_melds",
    "hand_pairs",
    "hand_lone_points",
    "hand_points",
    "hand_black_threes",
    "minimum_to_open",
    "canastas",
    "shortest_hand",
    "out_threat",
    "canastas_in_reach",
    "cards_to_canastas",
)
TABLE_FACTS = ("to_move", "pile_to_move", "frozen_pile_to_move", "pile_takeable", "pile_points")
NAMES = (
    *SIDE_FACTS,
    *TABLE_FACTS,
    *(f"{name}*stock" for name in SIDE_FACTS),
    *(f"{name}*stock" for name in TABLE_FACTS),
)


def side_facts(state: State, side: int) -> list[float]:
    """The facts of ``SIDE_FACTS`` but ``evaluate`` for one side, in their own units."""
    rules = state.rules
    melds = state.melds[side]
    table = _table_facts(rules, melds)
    keys = table.keys
    threes = rules.bonus_three_amount(len(state.bonus_threes[side]))
    wild, stops = rules.wild, rules.stops
    counts: dict[int, int] = {}
    single: dict[int, int] = {}  # a rank's card value (what a lone card of it costs)
    cards = wilds = black = points = 0
    for seat in rules.side_seats[side]:
        hand = state.hands[seat]
        cards += len(hand)
        for card in hand:
            points += VALUE_OF[card]
            if wild[card]:
                wilds += 1
            elif stops[card]:
                black += 1
            else:
                rank = RANK_OF[card]
                counts[rank] = counts.get(rank, 0) + 1
                single[rank] = VALUE_OF[card]
    shortest = min(len(state.hands[seat]) for seat in rules.side_seats[side])
    on_melds = pairs = lone = 0
    for rank, n in counts.items():
        if rank in keys:
            on_melds += n
        elif n >= 2:
            pairs += n
        else:
            lone += single[rank]
    canastas = table.canastas
    return [
        table.points / SCALE,
        table.bonus / SCALE,
        1.0 if canastas else 0.0,
        table.sizes[0],
        table.sizes[1],
        table.sizes[2],
        float(len(table.growing)),
        1.0 if melds else 0.0,
        threes / SCALE,
        float(cards),
        float(wilds),
        float(on_melds),
        float(pairs),
        lone / SCALE,
        points / SCALE,
        float(black),
        0.0 if melds else state.minimum(side)[0] / SCALE,
        float(canastas),
        float(shortest),
        1.0 if canastas and shortest <= OUT_THREAT_CARDS else 0.0,
        *_reach(rules, table.growing, counts, wilds),
    ]


@dataclass(frozen=True, slots=True)
class _Table:
    """What ``side_facts`` reads of a side's melds alone."""

    points: int  # the melded cards' values
    bonus: int  # the canasta bonuses the engine gives them
    canastas: int
    sizes: tuple[float, float, float]  # growing melds of 4, 5 and 6 cards
    growing: list[TableMeld]  # melds that are neither canastas nor black threes
    keys: frozenset[int]


_TABLES: dict[int, tuple[Rules, tuple[TableMeld, ...], _Table]] = {}


def _table_facts(rules: Rules, melds: tuple[TableMeld, ...]) -> _Table:
    """``_Table`` of ``melds``, kept per side's melds object: a playout's positions share one
    side's melds until it lays a card, and every leaf of every world asks for both sides."""
    kept = _TABLES.get(id(melds))
    if kept is not None and kept[1] is melds and kept[0] is rules:
        return kept[2]
    growing = [m for m in melds if not m.is_canasta and not m.is_black_threes]
    table = _Table(
        points=sum(VALUE_OF[c] for m in melds for c in m.cards),
        bonus=sum(meld_facts(rules, m).bonus for m in melds),  # what the engine says each earns
        canastas=canasta_count(melds),
        sizes=(
            float(sum(1 for m in growing if m.size == 4)),
            float(sum(1 for m in growing if m.size == 5)),
            float(sum(1 for m in growing if m.size == 6)),
        ),
        growing=growing,
        keys=frozenset(m.key for m in melds),
    )
    if len(_TABLES) > _TABLES_KEPT:
        _TABLES.clear()
    _TABLES[id(melds)] = (rules, melds, table)
    return table


_TABLES_KEPT = 4096


def _reach(
    rules: Rules, growing: list[TableMeld], counts: dict[int, int], wilds: int
) -> tuple[float, float]:
    """How many of the side's growing melds its hands can complete now (naturals first, then
    the wild cards it holds, C-MELD-3's limit of three per meld), and how many cards all of
    them still lack after that."""
    reach, lacking = 0, 0
    for meld in sorted(growing, key=lambda m: -m.size - counts.get(m.key, 0)):
        size = meld.size + counts.get(meld.key, 0)
        need = max(0, rules.canasta_size - size)
        spend = min(need, wilds, max(0, 3 - meld.wilds))
        wilds -= spend
        need -= spend
        lacking += need
        reach += need == 0
    return float(reach), float(lacking)


def features(state: State, side: int) -> list[float]:
    """The position from ``side``'s seat: every fact of this side minus the other side's,
    then the same scaled by the share of the stock left (two sides only)."""
    other = 1 - side
    own, their = side_facts(state, side), side_facts(state, other)
    facts = [evaluate(state, side) / SCALE]
    facts += [a - b for a, b in zip(own, their, strict=True)]
    sign = 1.0 if state.side_of(state.actor) == side else -1.0
    pile = len(state.pile) * sign
    takeable = state.phase is DRAW and bool(pile_takes(state, limit=1))
    points = sum(VALUE_OF[c] for c in state.pile) / SCALE * sign if takeable else 0.0
    facts += [sign, pile, pile if state.pile_frozen else 0.0, pile if takeable else 0.0, points]
    left = len(state.stock) / stock_at_deal(state.rules)
    return facts + [f * left for f in facts]


@cache
def stock_at_deal(rules: Rules) -> int:
    """The stock's size after the deal and the upcard (red threes replaced aside)."""
    return len(pack(rules)) - rules.players * rules.deal_size - 1


@cache
def fitted(rules: Rules) -> str | None:
    """The preset whose weights value positions under ``rules`` (any name and target), or
    None: other rules keep ``evaluate``."""
    for name in shipped():
        base = preset(name)
        if replace(rules, name=base.name, target=base.target) == base:
            return name
    return None


@cache
def applies(rules: Rules) -> bool:
    """Whether a model was fitted on these rules (``fitted``)."""
    return fitted(rules) is not None


def features_key() -> str:
    """A short digest of ``NAMES``: the weights file records the one it was fitted on."""
    return hashlib.sha256("\n".join(NAMES).encode()).hexdigest()[:16]


@cache
def shipped() -> dict[str, tuple[float, ...]]:
    """The fitted weights (``value_weights.py``) by preset, one per ``NAMES`` each."""
    from canasta_game.ai import value_weights  # written by tools/train_value.py

    if features_key() != value_weights.FEATURES:
        raise ValueError("value_weights.py was fitted on other features: rerun train_value.py")
    return value_weights.WEIGHTS


def weights(name: str = "classic-4") -> tuple[float, ...]:
    """The weights fitted on preset ``name``."""
    return shipped()[name]


_WEIGHTS_OF: dict[int, tuple[Rules, tuple[float, ...]]] = {}


def _weights_of(rules: Rules) -> tuple[float, ...]:
    """``weights(fitted(rules))``, kept per rules object: every leaf of every world asks, and
    hashing the rules for ``fitted``'s cache costs more than the lookup by identity."""
    kept = _WEIGHTS_OF.get(id(rules))
    if kept is not None and kept[0] is rules:
        return kept[1]
    name = fitted(rules)
    if name is None:
        raise ValueError(f"no value was fitted on the rules of {rules.name!r}")
    if len(_WEIGHTS_OF) > _WEIGHTS_KEPT:
        _WEIGHTS_OF.clear()
    found = weights(name)
    _WEIGHTS_OF[id(rules)] = (rules, found)
    return found


_WEIGHTS_KEPT = 64


def predict(state: State, side: int) -> float:
    """The expected hand score of ``side`` minus the other's (exact once the hand is over)."""
    if state.phase is OVER:
        return score_difference(score_hand(state).totals, side)
    return SCALE * sum(map(mul, _weights_of(state.rules), features(state, side)))
