"""Starting a hand: a seeded deal (C-DEAL, C-UP, C-R3-2), or an explicit position.

``new_hand`` is the only place randomness enters a hand: the pack is shuffled with its own
``random.Random(seed)``; after that the stock order is part of the state. ``state_from_setup``
builds any position from RULES.md notation, for tests, tutorials and bug reports.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace

from canasta_game.engine.cards import (
    IS_BLACK_THREE,
    IS_RED_THREE,
    IS_WILD,
    parse_cards,
)
from canasta_game.engine.constructive import bonus_threes
from canasta_game.engine.game import check_stock_out
from canasta_game.engine.handfoot import deal_feet
from canasta_game.engine.italian import deal_pile
from canasta_game.engine.meldrules import classify, make_meld
from canasta_game.engine.reasons import Reason
from canasta_game.engine.rules import Rules
from canasta_game.engine.state import DrawKind, Phase, State, TableMeld, evolve


def pack(rules: Rules) -> list[int]:
    """Every physical card of the rules' pack (O-DECK-JOKERS, O-DECK-7PERRANK)."""
    return rules.pack_cards()


def _empty(rules: Rules, seed: int | str, dealer: int, scores: Sequence[int]) -> State:
    players, sides = rules.players, rules.sides
    if len(scores) != sides:
        raise ValueError(f"expected {sides} side scores, got {len(scores)}")
    return State(
        rules=rules,
        seed=seed,
        dealer=dealer,
        scores=tuple(scores),
        phase=Phase.DRAW,
        current=(dealer + 1) % players,
        hands=((),) * players,
        stock=(),
        pile=(),
        pile_frozen=False,
        melds=((),) * sides,
        bonus_threes=((),) * sides,
        next_mid=0,
        turn=0,
        drew=DrawKind.NONE,
        has_melded=(False,) * players,
        picked=(frozenset(),) * players,
        concealed_canastas=(0,) * sides,
        feet=((),) * players if rules.foot_size else (),
        calientes_played=((),) * sides if rules.calientes else (),  # CAL-2
    )


def new_hand(
    rules: Rules,
    seed: int | str,
    dealer: int = 0,
    scores: Sequence[int] | None = None,
    lift: int | None = None,
    deal: int = 0,
) -> State:
    """Shuffle, deal, turn the upcard and replace red threes (C-DEAL-7 order).

    ``lift`` is how many cards the dealer lifts under O-DEAL-EXACT; when None it is drawn from
    the hand's own random generator (a real dealer is within a few cards of the exact count).
    The lift never changes which cards are dealt, only whether the bonus is scored. ``deal``
    is the hand's number in the match (HF-13's minimums go by it).
    """
    if not 0 <= dealer < rules.players:
        raise ValueError(f"dealer must be a seat from 0 to {rules.players - 1}")
    state = evolve(_empty(rules, seed, dealer, scores or (0,) * rules.sides), deal=deal)
    rng = random.Random(seed)
    cards = pack(rules)
    rng.shuffle(cards)
    players = rules.players
    deal_count = players * rules.deal_size
    exact_side = None
    if rules.deal_exact:
        if lift is None:
            lift = deal_count + rng.randint(-3, 3)
        if lift == deal_count:
            exact_side = rules.seat_side[dealer]
    # C-DEAL-5: one at a time, clockwise, from the dealer's left; cards[0] is the top.
    hands: list[list[int]] = [[] for _ in range(players)]
    for i in range(deal_count):
        hands[(dealer + 1 + i) % players].append(cards[i])
    rest = cards[deal_count:]
    if rules.foot_size:  # HF-3: then the feet, face down
        state = evolve(state, feet=deal_feet(rules, rest, (dealer + 1) % players))
    stock = list(reversed(rest))  # the top of the stock is the last element
    if rules.talon == "PREDEALT":  # MAC-28: packets of 4 and 3 set aside, face down
        state = evolve(state, talons=set_aside(rules, stock))
    if rules.r3_before_upcard:
        bonus = _replace_threes(rules, hands, stock, dealer, from_bottom=True)  # IT-3
        pile, hidden, frozen = deal_pile(rules, stock)  # IT-4, IT-5
        state = evolve(state, pile=pile, pile_hidden=hidden, pile_frozen=frozen)
    else:
        state = _upcard(state, stock)
        bonus = _replace_threes(rules, hands, stock, dealer, from_bottom=False)
    return evolve(
        state,
        hands=tuple(tuple(h) for h in hands),
        stock=tuple(stock),
        bonus_threes=tuple(tuple(b) for b in bonus),
        exact_deal_side=exact_side,
    )


def set_aside(rules: Rules, stock: list[int]) -> tuple[tuple[int, ...], ...]:
    """MAC-28: the first side's packet, then the second's, from the top of ``stock`` (which
    loses them)."""
    first = tuple(stock.pop() for _ in range(rules.talon_first))
    return first, tuple(stock.pop() for _ in range(rules.talon_second))


def _replace_threes(
    rules: Rules, hands: list[list[int]], stock: list[int], dealer: int, from_bottom: bool
) -> list[list[int]]:
    """C-R3-2: each player in turn from the dealer's left lays out red threes and replaces
    them from the top of the stock (IT-3: from its bottom); the threes laid out per side.
    MAC-7: one three stays in the hand (the player may lay it out later)."""
    bonus: list[list[int]] = [[] for _ in range(rules.sides)]
    is_bonus = bonus_threes(rules)
    for step in range(rules.players):
        seat = (dealer + 1 + step) % rules.players
        kept: list[int] = []
        while True:
            threes = [c for c in hands[seat] if is_bonus[c] and c not in kept]
            if rules.keep_three and threes and not kept:
                kept.append(threes.pop(0))
            if not threes or not stock:
                break
            hands[seat] = [c for c in hands[seat] if c not in threes]
            bonus[rules.seat_side[seat]].extend(threes)
            for _ in threes:
                if stock:
                    hands[seat].append(stock.pop(0) if from_bottom else stock.pop())
    return bonus


def _upcard(state: State, stock: list[int]) -> State:
    """C-UP-1..4 and O-UPCARD: turn cards onto the pile until one may stay on top."""
    rules = state.rules
    pile: list[int] = []
    frozen = False
    returned = 0
    while stock and rules.upcard != "NONE":  # MAC-5: no upcard, the pile starts empty
        card = stock.pop()
        if rules.upcard_return and (IS_WILD[card] or IS_RED_THREE[card]) and returned < 60:
            stock.insert(0, card)  # HF-5: back into the stock (at the bottom), turn another
            returned += 1
            continue
        pile.append(card)
        if rules.freezes_pile(card):
            frozen = True  # C-UP-3 (O-B3-FREEZE: a black three upcard freezes too)
        if rules.upcard == "NO_COVER":
            break
        if IS_WILD[card] or IS_RED_THREE[card]:
            continue
        if IS_BLACK_THREE[card] and (
            rules.upcard == "COVER_ANY3_WILD" or (rules.b3_asr3 and not rules.b3_asr3_stop)
        ):
            continue
        break
    return evolve(state, pile=tuple(pile), pile_frozen=frozen)


def _setup_melds(
    rules: Rules, melds: Mapping[int, Sequence[str]], take: Callable[[str], tuple[int, ...]]
) -> tuple[tuple[TableMeld, ...], ...]:
    """Each side's melds of a setup, numbered in the order given; an illegal one is refused
    with the engine's reason (``classify``)."""
    side_melds: list[tuple[TableMeld, ...]] = [() for _ in range(rules.sides)]
    mid = 0
    for side, texts in melds.items():
        built = []
        for text in texts:
            cards = take(text)
            kind = classify(rules, cards)
            if isinstance(kind, Reason):
                raise ValueError(f"setup meld {text!r} is illegal: {kind}")
            key, naturals, wilds = kind
            built.append(make_meld(rules, mid, key, cards, naturals, wilds))
            mid += 1
        side_melds[side] = tuple(built)
    return tuple(side_melds)


def state_from_setup(
    rules: Rules,
    hands: Sequence[str | Iterable[str]],
    *,
    stock: str | Iterable[str] = "",
    pile: str | Iterable[str] = "",
    melds: Mapping[int, Sequence[str]] | None = None,
    bonus_threes: Mapping[int, str] | None = None,
    scores: Sequence[int] | None = None,
    current: int = 0,
    dealer: int | None = None,
    phase: Phase = Phase.DRAW,
    drew: DrawKind | None = None,
    pile_frozen: bool | None = None,
    has_melded: Sequence[int] = (),
    pile_hidden: int = 0,
    seed: int | str = "setup",
    feet: Sequence[str] | None = None,
    deal: int = 0,
) -> State:
    """An explicit position. Cards are RULES.md notation; each list is space-separated.

    ``stock`` and ``pile`` are written bottom first, so their last card is the top one.
    ``melds`` maps a side to meld strings (``"K K K 2"``); ``has_melded`` lists seats that
    melded earlier this hand; ``feet`` gives each seat's face-down foot (HF-3, "" for one
    picked up) and ``deal`` the deal's number (HF-13). A draw-phase position with no stock
    is checked as a turn that begins (C-STOCK-4), so it may come back already over.
    ``pile_frozen`` defaults to "a card that freezes the pile under these rules is in it"
    (C-PILE-3, O-B3-FREEZE); the ``pile_hidden`` bottom cards of the pile lie face down
    (IT-4) and freeze nothing.
    Duplicate faces get successive copies across the whole setup, so ``Kh Kh`` is two cards.
    """
    used: set[int] = set()

    def take(text: str | Iterable[str]) -> tuple[int, ...]:
        return tuple(parse_cards(text, used))

    if len(hands) != rules.players:
        raise ValueError(f"expected {rules.players} hands, got {len(hands)}")
    dealer = (current - 1) % rules.players if dealer is None else dealer
    state = _empty(rules, seed, dealer, scores or (0,) * rules.sides)
    hand_cards = tuple(take(h) for h in hands)
    side_melds = _setup_melds(rules, melds or {}, take)
    mid = sum(len(m) for m in side_melds)
    threes: list[tuple[int, ...]] = [() for _ in range(rules.sides)]
    for side, text in (bonus_threes or {}).items():
        threes[side] = take(text)
    pile_cards = take(pile)
    stock_cards = take(stock)
    foot_cards = tuple(take(f) for f in feet) if feet is not None else state.feet
    if pile_frozen is None:
        pile_frozen = any(rules.freezes_pile(c) for c in pile_cards[pile_hidden:])
    melded = tuple(seat in has_melded for seat in range(rules.players))
    if drew is None:
        drew = DrawKind.STOCK if phase is Phase.PLAY else DrawKind.NONE
    built = replace(
        state,
        hands=hand_cards,
        stock=stock_cards,
        pile=pile_cards,
        pile_frozen=pile_frozen,
        pile_hidden=pile_hidden,
        melds=side_melds,
        bonus_threes=tuple(threes),
        next_mid=mid,
        current=current,
        phase=phase,
        drew=drew,
        has_melded=melded,
        feet=foot_cards,
        deal=deal,
    )
    return check_stock_out(built, [])[0]  # a turn that starts with no stock (C-STOCK-4)
