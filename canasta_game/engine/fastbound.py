"""The move lists of a player bound to go out this turn, read off the unbound position's.

A partner's "yes" (C-OUT-6) or a black-three meld (C-B3-2) binds the player to go out this
turn. ``movegen.legal_moves`` used to build such a list the general way, every candidate
through ``why_illegal`` (issue 16: about eighteen times a fast list each, a twentieth of
Samba's random self-play). The binding changes the verdict of only two kinds of move:

- a meld that keeps two or more cards, legal unbound when its melds are (C-TURN-7 holds),
  is legal bound when the player can still go out after it (``turn.finish_problem``: the
  going-out solver on the hand and melds left);
- a discard that keeps a card is refused (C-OUT-6, C-B3-2).

Every other verdict is the same bound or not: a meld that keeps fewer than two cards goes
out or must (``turn.finish_problem``, ``turn.melded_out_problem``), a black-three meld binds
the player anyway (C-B3-2), and combining two groups (SAM-12) and the ask (C-OUT-7) never
read the binding. The candidates themselves do not depend on it either, so the list is
``fastgen.play_moves`` of the same position unbound, filtered by those two rules, in its
order. ``tests/engine/test_fastbound.py`` compares it with the general path's.
"""

from __future__ import annotations

from canasta_game.engine import fastgen  # (fastgen asks this module for a bound player)
from canasta_game.engine.actions import Action, Discard, Meld
from canasta_game.engine.fastapply import laid
from canasta_game.engine.going_out import can_go_out, simple_out_with
from canasta_game.engine.state import State, evolve
from canasta_game.engine.turn import remove_cards, set_at


def bound_moves(state: State) -> list[Action] | None:
    """``legal_moves(state)`` for an open or closed side's play phase where the player must
    go out this turn (``state.must_go_out``) and holds two or more cards, under rules
    ``fastgen`` models; None where ``fastgen.play_moves`` has no list for the position
    unbound (the general path then decides)."""
    if len(state.hands[state.current]) < 2:
        return None  # (every discard goes out: the general path)
    free = fastgen.play_moves(evolve(state, must_go_out=False))
    if free is None:
        return None
    out: list[Action] = []
    for move in free:
        kind = type(move)
        if kind is Discard:
            continue  # C-OUT-6, C-B3-2: a card is kept, so the turn would end without going out
        if kind is not Meld or _still_out(state, move):  # type: ignore[arg-type]
            out.append(move)
    return out


def _still_out(state: State, move: Meld) -> bool:
    """Is ``move``, legal in the unbound position, legal for the bound player? Where it keeps
    two or more cards, when the player can still go out after it (``turn.finish_problem``:
    the solver reads the hand and the side's melds, never a black-three meld, C-B3-1); a
    meld that keeps fewer, or lays black threes (C-B3-2), binds or goes out either way."""
    seat = state.current
    rest = remove_cards(state.hands[seat], move.cards(), "C-MELD-6")
    if not isinstance(rest, tuple) or len(rest) < 2:
        return True  # (the melds laid need not be built: ``laid`` is the costlier step)
    laying = laid(state, move)
    if laying is None or laying[3]:
        return True
    melds = tuple(laying[0])
    if simple_out_with(state, rest, melds):
        return True  # (about half the yes answers, the state after never built)
    side = state.rules.seat_side[seat]
    after = evolve(
        state,
        hands=set_at(state.hands, seat, rest),
        melds=set_at(state.melds, side, melds),
    )
    return can_go_out(after)
