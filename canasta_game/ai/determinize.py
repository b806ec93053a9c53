"""Engine states rebuilt from a ``PlayerView``: the player's own world, or a sampled one.

The engine's rules (legality, going out, applying a meld) need a ``State``. A bot has only its
view, so this module builds states from it:

* ``self_state`` fills in only what the view shows (own hand, known cards of other hands,
  the table, the pile). It is exact for everything that concerns the player's own turn:
  which melds are legal, whether it can go out. Other hands and the stock are left short.
* ``sample_state`` is a *determinization*: the cards the player has not seen are dealt at
  random into the other hands (beside the cards known to be there because they were picked
  up with the pile) and the stock, so that every count matches the view. Red threes (and
  black threes under O-B3-ASR3) are never in a hand after the deal, so they go to the stock.
  Hard plays its candidate moves out in many such worlds.

Neither function reads anything but the view, so no hidden card can leak into a decision.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from canasta_game.engine.actions import Action, AskGoOut
from canasta_game.engine.cards import IS_NATURAL, RANK_OF
from canasta_game.engine.observation import PlayerView
from canasta_game.engine.setup import pack
from canasta_game.engine.state import ANSWER, NOT_DRAWN, PLAY, State

AVOIDED_ACCEPT = 0.35  # a player sometimes discards from a pair, rarely from a triple


def discard_inference(view: PlayerView) -> dict[int, Counter[int]]:
    """Ranks each other player discarded this hand: it usually throws cards it cannot use."""
    out: dict[int, Counter[int]] = {}
    for seat, card in view.discards:
        if seat != view.seat and IS_NATURAL[card]:
            out.setdefault(seat, Counter())[RANK_OF[card]] += 1
    return out


def unseen_cards(view: PlayerView) -> list[int]:
    """Every card of the pack the player cannot see: other hands' unknown cards and the stock."""
    seen: Counter[int] = Counter(view.hand)
    for seat, cards in enumerate(view.known):
        if seat != view.seat:
            seen.update(cards)
    seen.update(view.pile_cards)
    for side in view.melds:
        for meld in side:
            seen.update(meld.cards)
    for threes in view.bonus_threes:
        seen.update(threes)
    for played in view.calientes_played:  # CAL-2: out of the game, face up
        seen.update(played)
    out = []
    for card in pack(view.rules):
        if seen[card]:
            seen[card] -= 1
        else:
            out.append(card)
    return out


def _base(
    view: PlayerView,
    hands: tuple[tuple[int, ...], ...],
    stock: tuple[int, ...],
    legal: Sequence[Action] | None,
    *,
    feet: tuple[tuple[int, ...], ...] = (),
    packet: tuple[int, ...] = (),
) -> State:
    rules = view.rules
    mine = view.current == view.seat and view.phase in (PLAY, ANSWER)
    # The view does not say whether the player melded earlier this turn; the one visible
    # trace is that asking to go out is offered only before any meld (C-OUT-6).
    turn_melded = mine and legal is not None and not any(isinstance(m, AskGoOut) for m in legal)
    max_mid = max((m.mid for side in view.melds for m in side), default=-1)
    open_sides = {s for s in range(rules.sides) if view.melds[s]}
    return State(
        rules=rules,
        seed=f"world:{view.turn}",
        dealer=view.dealer,
        scores=view.scores,
        phase=view.phase,
        current=view.current,
        hands=hands,
        stock=stock,
        pile=packet + view.pile_cards,
        pile_hidden=len(packet),  # IT-4: the face-down packet, guessed like the stock
        pile_frozen=view.pile_frozen_by_card,
        melds=view.melds,
        bonus_threes=view.bonus_threes,
        next_mid=max_mid + 1,
        turn=view.turn,
        drew=view.drew if view.current == view.seat else NOT_DRAWN,
        turn_melded=turn_melded,
        question=view.question,
        must_go_out=view.must_go_out,
        has_melded=tuple(rules.seat_side[s] in open_sides for s in range(rules.players)),
        picked=tuple(frozenset(k) for k in view.known),
        concealed_canastas=(0,) * rules.sides,
        discards=view.discards,
        feet=feet,
        deal=view.deal,  # HF-13: the minimum goes by the deal
        calientes_played=view.calientes_played,  # CAL-2
    )


def self_state(view: PlayerView, legal: Sequence[Action] | None = None) -> State:
    """The player's own turn as the engine sees it; other hands hold only their known cards."""
    hands = tuple(view.hand if s == view.seat else view.known[s] for s in range(len(view.known)))
    feet = _feet(view, unseen_cards(view)) if view.rules.foot_size else ()
    return _base(view, hands, (), legal, feet=feet)


def _feet(view: PlayerView, pool: list[int]) -> tuple[tuple[int, ...], ...]:
    """HF-3: each face-down foot, of its size, from ``pool`` (which loses the cards): nobody
    knows a foot's cards, so any unseen cards stand for them."""
    feet = []
    for size in view.foot_sizes:
        feet.append(tuple(pool[:size]))
        del pool[:size]
    return tuple(feet)


def sample_state(
    view: PlayerView,
    rng: random.Random,
    legal: Sequence[Action] | None = None,
    avoid: dict[int, Counter[int]] | None = None,
    unseen: Sequence[int] | None = None,
) -> State:
    """One world consistent with the view: unseen cards dealt at random to hands and stock.

    ``avoid`` maps a seat to ranks that seat probably does not hold (the ranks it discarded,
    see ``discard_inference``): a card of such a rank is dealt to it only with probability
    AVOIDED_ACCEPT, so the world stays consistent with every fact and leans toward what the
    seat's own play suggests. ``unseen`` is ``unseen_cards(view)`` when the caller samples
    many worlds of one view (it is the same every time, and costs as much as the dealing).
    """
    players = view.rules.players
    pool = unseen_cards(view) if unseen is None else list(unseen)
    rng.shuffle(pool)
    feet = _feet(view, pool) if view.rules.foot_size else ()
    packet = tuple(pool[: view.pile_packet])  # IT-4: any unseen card may lie face down
    pool = pool[view.pile_packet :]
    bonus = [c for c in pool if view.rules.is_bonus_three(c)]
    plain = [c for c in pool if not view.rules.is_bonus_three(c)]
    need = [
        0 if s == view.seat else max(0, view.hand_sizes[s] - len(view.known[s]))
        for s in range(players)
    ]
    hands: list[list[int]] = [
        list(view.hand) if s == view.seat else list(view.known[s]) for s in range(players)
    ]
    order = [s for s in range(players) if need[s]]
    if avoid:
        # deal the constrained seats first so they can still find acceptable cards
        order.sort(key=lambda s: -sum(avoid.get(s, Counter()).values()))
    for seat in order:
        banned = avoid.get(seat) if avoid else None
        chosen, plain, bonus = _deal_to(need[seat], plain, bonus, banned, rng)
        hands[seat].extend(chosen)
    stock = plain + bonus
    rng.shuffle(stock)
    stock = stock[: view.stock_size] if len(stock) >= view.stock_size else stock
    hands_t = tuple(tuple(h) for h in hands)
    return _base(view, hands_t, tuple(stock), legal, feet=feet, packet=packet)


def _deal_to(
    count: int, plain: list[int], bonus: list[int], banned: Counter[int] | None, rng: random.Random
) -> tuple[list[int], list[int], list[int]]:
    """``count`` unseen cards for one hidden hand, and the plain and bonus cards left. A card
    of a ``banned`` rank is taken only with probability AVOIDED_ACCEPT (the rest make up the
    count from the end); bonus threes are borrowed only where a malformed view leaves too few
    plain cards."""
    if banned:
        chosen: list[int] = []
        rest: list[int] = []
        for card in plain:
            wanted = not banned.get(RANK_OF[card]) or rng.random() < AVOIDED_ACCEPT
            if len(chosen) < count and wanted:
                chosen.append(card)
            else:
                rest.append(card)
        while len(chosen) < count and rest:
            chosen.append(rest.pop())
        plain = rest
    else:
        chosen, plain = plain[:count], plain[count:]
    if len(chosen) < count:
        extra = count - len(chosen)
        chosen.extend(bonus[:extra])
        bonus = bonus[extra:]
    return chosen, plain, bonus
