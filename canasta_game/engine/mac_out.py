"""Modern American: can the player meld down to the final discard this turn? (MAC-30, MAC-32)

Going out in Modern American is always the discard of the last card (MAC-30), so "can go
out" for a hand of several cards means: one meld action lays every card but one, the side
then holds two canastas (MAC-29) and no incomplete pure-ace, sevens or wild meld (MAC-31).
The partner may be asked only when that is so (MAC-32 with C-OUT-7), a "yes" binds the
player to do it, and the computer players need the action itself.

The rules leave little choice, so the plan is built, not searched: every natural of a rank
joins the side's one meld of that rank or starts it (MAC-15), wild cards complete the open
wild meld first (MAC-21) and then the melds that already hold five naturals (MAC-18, never
sevens or aces after the opening, MAC-19, MAC-20), those nearest a canasta first. The plan
found is confirmed by the one legality check, so it may miss an odd way out (one that needs
two actions), but it never offers one that is not there.
"""

from __future__ import annotations

from dataclasses import dataclass

from canasta_game.engine.actions import Meld
from canasta_game.engine.cards import ACE, IS_WILD, RANK_OF, THREE, VALUE_OF, WILD_KEY
from canasta_game.engine.mac import SEVEN, dead_ranks
from canasta_game.engine.state import Phase, State, TableMeld

_WILD = -1  # the final discard is a wild card (MAC-30 allows it)


@dataclass(slots=True)
class _Group:
    """One meld of the plan: an existing one (``mid``) or a new one of ``key``."""

    key: int
    mid: int | None
    naturals: int
    wilds: int
    cards: list[int]  # the hand cards the plan lays on it


def out_meld(state: State) -> Meld | None:
    """MAC-30: a legal meld action after which one card is left and it can go out as the
    final discard (None when the plan finds none)."""
    from canasta_game.engine.game import apply, why_illegal  # game imports this module's users

    rules = state.rules
    seat = state.current
    hand = state.hands[seat]
    melds = state.melds[state.side_of(seat)]
    if state.phase is not Phase.PLAY or len(hand) < 2 or not melds:
        return None
    if not (rules.meld_max and rules.out_needs_discard):  # MAC-15 with MAC-30 (not Cuban)
        return None
    if any(RANK_OF[c] == THREE for c in hand):
        return None  # MAC-13, MAC-30: a three is never melded nor the final discard
    naturals: dict[int, list[int]] = {}
    wilds: list[int] = []
    for card in sorted(hand, key=lambda c: (VALUE_OF[c], c)):
        if IS_WILD[card]:
            wilds.append(card)
        else:
            naturals.setdefault(RANK_OF[card], []).append(card)
    for discard in _discard_choices(state, naturals, wilds):
        move = _plan(state, naturals, wilds, discard)
        if move is None or why_illegal(state, move) is not None:
            continue
        after, _ = apply(state, move)
        if after.phase is Phase.PLAY and len(after.hands[seat]) == 1:
            return move
    return None


def _stuck(state: State, naturals: dict[int, list[int]]) -> list[int]:
    """The ranks of the cards no meld can take this turn (so one of them must be the
    discard): dead ranks (MAC-16), a lone card of an unmelded rank, cards past seven (MAC-15)
    and a pair of an unmelded rank (after the opening a pair cannot take a wild card, MAC-18)."""
    rules = state.rules
    keys = {m.key: m for m in state.melds[state.side_of(state.current)]}
    dead = dead_ranks(state)
    out: list[int] = []
    for rank, cards in naturals.items():
        meld = keys.get(rank)
        if rank in dead:
            out.extend([rank] * len(cards))
        elif meld is not None:
            out.extend([rank] * max(0, meld.size + len(cards) - rules.meld_max))
        elif len(cards) < 3:
            out.extend([rank] * len(cards))
    return out


def _discard_choices(state: State, naturals: dict[int, list[int]], wilds: list[int]) -> list[int]:
    """The kinds of card worth trying as the final discard, cheapest first."""
    stuck = _stuck(state, naturals)
    if len(stuck) > 1:
        return []
    if stuck:
        return stuck
    ranks = sorted(naturals, key=lambda r: VALUE_OF[naturals[r][0]])
    return [*ranks, *([_WILD] if wilds else [])]


def _plan(
    state: State, naturals: dict[int, list[int]], wilds: list[int], discard: int
) -> Meld | None:
    """The meld action that lays everything but one card of ``discard``, or None."""
    rules = state.rules
    seat = state.current
    melds = state.melds[state.side_of(seat)]
    nat = {rank: list(cards) for rank, cards in naturals.items()}
    wild = list(wilds)
    if discard == _WILD:
        wild.pop()  # the dearest wild card stays for the discard: the cheap ones are laid
    else:
        nat[discard].pop()
    groups = _groups(melds, nat, rules.meld_max)
    if groups is None:
        return None
    wild_meld = next((m for m in melds if m.key == WILD_KEY), None)
    if wild_meld is not None and not wild_meld.is_canasta:
        need = rules.meld_max - wild_meld.size  # MAC-21, MAC-31: it must be completed
        if len(wild) < need:
            return None
        groups.append(_Group(WILD_KEY, wild_meld.mid, 0, wild_meld.size, wild[:need]))
        wild = wild[need:]
    if not _spread_wilds(rules.meld_max, rules.rule_of_five, groups, wild):
        return None
    if not _enough(state, melds, groups):
        return None
    new = tuple(tuple(g.cards) for g in groups if g.mid is None and g.cards)
    add = tuple((g.mid, tuple(g.cards)) for g in groups if g.mid is not None and g.cards)
    return Meld(seat, new, add)


def _groups(
    melds: tuple[TableMeld, ...], nat: dict[int, list[int]], most: int
) -> list[_Group] | None:
    """Every natural onto its rank's meld or a new one (MAC-15); the side's other melds too."""
    by_key = {m.key: m for m in melds if m.key != WILD_KEY}
    out: list[_Group] = []
    for rank, cards in nat.items():
        if not cards:
            continue
        meld = by_key.pop(rank, None)
        if meld is not None:
            if meld.size + len(cards) > most:
                return None
            out.append(_Group(rank, meld.mid, meld.naturals + len(cards), meld.wilds, cards))
        elif 3 <= len(cards) <= most:
            out.append(_Group(rank, None, len(cards), 0, cards))
        else:
            return None
    out.extend(_Group(m.key, m.mid, m.naturals, m.wilds, []) for m in by_key.values())
    return out


def _spread_wilds(most: int, five: int, groups: list[_Group], wild: list[int]) -> bool:
    """Wild cards onto the melds that may take them (MAC-17: two at most; MAC-18: five
    naturals; MAC-19, MAC-20: no sevens, no aces), completing canastas first."""
    if not wild:
        return True
    takers = [
        g
        for g in groups
        if g.key not in (WILD_KEY, SEVEN, ACE) and g.naturals >= five and g.wilds < 2
    ]
    room = {id(g): min(2 - g.wilds, most - g.naturals - g.wilds) for g in takers}
    takers.sort(key=lambda g: most - g.naturals - g.wilds)
    for group in takers:  # completing first: nearest a canasta gets them
        need = most - group.naturals - group.wilds
        if 0 < need <= room[id(group)] and need <= len(wild):
            _give(group, wild, need, room)
    for group in takers:
        if wild and room[id(group)] > 0:
            _give(group, wild, min(room[id(group)], len(wild)), room)
    return not wild


def _give(group: _Group, wild: list[int], count: int, room: dict[int, int]) -> None:
    group.cards.extend(wild[:count])
    group.wilds += count
    room[id(group)] -= count
    del wild[:count]


def _enough(state: State, melds: tuple[TableMeld, ...], groups: list[_Group]) -> bool:
    """MAC-29: two canastas after the plan; MAC-31: no incomplete pure-ace, sevens or wild
    meld. (The one legality check confirms the plan; this only skips hopeless ones.)"""
    most = state.rules.meld_max
    planned = {g.mid for g in groups if g.mid is not None}
    canastas = sum(1 for m in melds if m.is_canasta and m.mid not in planned)
    for group in groups:
        size = group.naturals + group.wilds
        if size >= most:
            canastas += 1
        elif group.key in (SEVEN, WILD_KEY) or (group.key == ACE and not group.wilds):
            return False
    return canastas >= state.rules.go_out_canastas
