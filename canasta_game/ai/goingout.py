"""Going out: whether to, how to, and the partnership's "may I go out?".

Going out ends the hand: +100 for the side, and every card still in a hand counts against
its side, the partner's included. So it pays when the side is ahead on the table, when an
opponent is about to go out anyway, near the end of the stock, or when it wins the game; it
does not pay when the side can still build canastas safely, or when it would strand a partner
with a big hand while waiting a turn is cheap. ``plan_out`` finds the meld actions that
actually reach zero cards (the engine's ``can_go_out`` says only that a way exists).
"""

from __future__ import annotations

from collections.abc import Sequence

from canasta_game.ai.handsense import (
    hand_points,
    melds_by_key,
    rank_counts,
    side_melds,
    table_points,
)
from canasta_game.ai.sequences import extends_sequence_of
from canasta_game.ai.situation import AVERAGE_CARD, Situation
from canasta_game.engine.actions import Action, Discard, Meld
from canasta_game.engine.cards import RANK_OF, VALUE_OF
from canasta_game.engine.game import apply, why_illegal
from canasta_game.engine.mac_out import out_meld
from canasta_game.engine.movegen import meld_all, meld_moves
from canasta_game.engine.observation import PlayerView
from canasta_game.engine.state import Phase, State

PARTNER_HEAVY = 8  # a partner holding this many cards would pay dearly if we went out
CHEAP_WAIT = 0.35  # opponent threat below which waiting a turn is cheap
ASK_PARTNER_CARDS = 5  # ask first when the partner holds at least this many
SAFE_THREAT = 0.05  # no opposing side has a canasta in sight
AHEAD = 500  # a table lead worth locking in by going out at once
RACE_MELD_CARD = 30.0  # per card melded once a sequence-family side has its canastas
BLACK_THREE_MELD = 3  # C-B3-1: the fewest black threes that meld, when going out
THEIR_RACE_MELD_CARD = 30.0  # per card melded while an opposing side races out
RACE_SHED = 40.0  # extra relief for throwing a card that cannot be melded in that race


def build_potential(view: PlayerView) -> int:
    """Melds of five or six cards: canastas the side could still complete by holding on."""
    return sum(1 for m in side_melds(view) if not m.is_canasta and m.size >= 5)


def go_out_or_hold(view: PlayerView, situation: Situation, ask_available: bool = False) -> bool:
    """True to go out now, False to hold on (the player can go out this turn).

    Go out when the side is comfortably ahead on the table, when an opponent threatens to go
    out, near the end of the stock, or when going out ends the game with the side in front.
    Hold on when the game would end with the opponents in front, or when waiting is cheap
    (no opposing side near a canasta) and either the side can still build canastas from its
    five- and six-card melds or the partner holds a big hand (with ``ask_available`` the
    partner is asked instead: see ``should_ask``).
    """
    if view.must_go_out:
        return True
    our_total = view.scores[view.side] + situation.our_table + 100
    best_other = max((view.scores[s] + t for s, t in _other_tables(view)), default=-(10**9))
    if situation.near_target_them and best_other >= view.rules.target and our_total < best_other:
        return False  # ending the hand now hands them the game
    if situation.near_target_us and our_total >= view.rules.target and our_total > best_other:
        return True
    if situation.endgame or situation.opponent_threat >= CHEAP_WAIT or out_is_scarce(view):
        return True
    if sequence_out_first(view):
        return True
    partner_cost = situation.partner_cards * AVERAGE_CARD
    if partner_cost >= PARTNER_HEAVY * AVERAGE_CARD and not ask_available:
        return False  # the partner would pay ~100+ points; one more turn is cheap
    # nobody near out and the side not comfortably ahead: build another canasta first
    can_build = build_potential(view) > 0 and situation.table_lead < AHEAD
    return not (situation.opponent_threat <= SAFE_THREAT and can_build)


def out_is_scarce(view: PlayerView) -> bool:
    """HF-9, MAC-29..31: where going out needs a book quota or two canastas, a final discard
    and no open pure meld, the chance seldom comes twice before the short stock runs out, so
    a side that can go out does, rather than holding on to build more."""
    return bool(view.rules.book_quota) or view.rules.out_needs_discard


def sequence_out_first(view: PlayerView) -> bool:
    """The sequence family: a side that may go out does (SAM-23, SAM-27), rather than hold
    for one more canasta. Both sides build two canastas at a similar pace with two-card draws
    (SAM-6), so the 200 for going out plus the opponents' cards and red threes, which count
    against them before their two canastas (SAM-29), outweigh waiting (arena: Medium against
    Easy, seeds 11 and 5, won about 1% more)."""
    return view.rules.sequences


def _other_tables(view: PlayerView) -> list[tuple[int, int]]:
    rules = view.rules
    return [(s, table_points(rules, view.melds[s])) for s in range(rules.sides) if s != view.side]


def racing_out(view: PlayerView, situation: Situation) -> bool:
    """The sequence family's race: once the side has the canastas it needs to go out (SAM-23,
    BOL-9), every card left in hand stands between it and the 200 for going out (SAM-27),
    and hands of 15 cards drawing two a turn (SAM-4, SAM-6) only empty by melding each turn."""
    return view.rules.sequences and situation.can_go_out_quota


def race_meld_gain(view: PlayerView, move: Meld, situation: Situation) -> float:
    """Racing out (``racing_out``): every card melded is a step toward going out, and a wild
    card in hand can only go to a group anyway (SAM-10), so no wild card is saved for later."""
    return RACE_MELD_CARD * len(move.cards()) if racing_out(view, situation) else 0.0


def their_race_gain(view: PlayerView, move: Meld, situation: Situation) -> float:
    """The opponents' race: once an opposing side has its canastas and a hand small enough
    to go out soon (``opponent_threat`` CHEAP_WAIT or more), every card this side still holds
    will count against it (SAM-27), so in the sequence family each card melded is worth
    THEIR_RACE_MELD_CARD (arena, with ``SEQUENCE_REACH``: 1-2% more wins)."""
    if not view.rules.sequences or situation.opponent_threat < CHEAP_WAIT:
        return 0.0
    if racing_out(view, situation):
        return 0.0  # our own race already pays for every card (race_meld_gain)
    return THEIR_RACE_MELD_CARD * len(move.cards())


def race_shed_relief(view: PlayerView, card: int, situation: Situation) -> float:
    """Racing out: a natural that no meld of the side takes, no triple in hand and no
    sequence end of the side wants blocks going out, so it is thrown first (the dearest
    first: it would cost its points if an opponent goes out first). A black three goes too
    while fewer than three are in hand: only three or more meld, when going out (C-B3-1)."""
    rules = view.rules
    if not racing_out(view, situation) or rules.wild[card]:
        return 0.0
    if rules.stops[card]:
        stops = sum(1 for c in view.hand if rules.stops[c])
        return RACE_SHED + rules.hand_cost[card] if stops < BLACK_THREE_MELD else 0.0
    melds = side_melds(view)
    rank = RANK_OF[card]
    if rank in melds_by_key(melds, rules) or rank_counts(view.hand)[rank] >= 3:
        return 0.0
    if extends_sequence_of(view.rules, melds, card):
        return 0.0
    return RACE_SHED + VALUE_OF[card]


def should_ask(view: PlayerView, situation: Situation) -> bool:
    """Ask "may I go out?" when going out looks right but a partner holds many cards.

    Only the partner knows what those cards are worth, so the question hands it the choice;
    with a partner nearly out, or an opponent about to go out, asking is a wasted breath.
    """
    if not view.rules.partnership or view.must_go_out:
        return False
    if situation.opponent_threat >= CHEAP_WAIT * 2 or situation.endgame:
        return False
    return situation.partner_cards >= ASK_PARTNER_CARDS


def answer_may_i(view: PlayerView, situation: Situation) -> bool:
    """The answering partner's reply, from its own hand and the side's real situation.

    "No" when its hand would cost 100 points or more and waiting is cheap (no opponent about
    to go out, stock not nearly out) and the game is not won by ending now; otherwise "yes".
    """
    cost = hand_points(view.rules, view.hand)
    if cost <= 60:
        return True
    if situation.near_target_us and situation.table_lead > 0:
        return True
    if situation.endgame or situation.opponent_threat >= CHEAP_WAIT:
        return True
    return cost < 100


def plan_out(state: State, budget: int = 400) -> Action | None:
    """The first action of a sequence of melds (and a discard) that empties the hand.

    Tries the engine's ``meld_all`` first (it nearly always does it in one action), then a
    small depth-first search over the generated meld actions. ``budget`` bounds the nodes.
    """
    seat = state.current
    hand = state.hands[seat]
    if len(hand) == 1:
        move = Discard(seat, hand[0])
        return move if why_illegal(state, move) is None else None
    final = out_meld(state)  # MAC-30: all but the final discard (None in other games)
    if final is not None:
        return final
    everything = meld_all(state)
    if everything is not None and why_illegal(state, everything) is None:
        rest = _rest_after(state, everything)
        if rest is not None and len(rest) <= 1:
            return everything
    nodes = [0]

    def search(current: State, depth: int) -> bool:
        nodes[0] += 1
        if nodes[0] > budget or depth > 8:
            return False
        if current.phase is Phase.OVER:
            return True
        cards = current.hands[seat]
        if len(cards) == 1:
            return why_illegal(current, Discard(seat, cards[0])) is None
        for move in sorted(meld_moves(current), key=lambda m: -len(m.cards())):
            after, _ = apply(current, move)
            if search(after, depth + 1):
                first.append(move)
                return True
        return False

    first: list[Meld] = []
    if search(state, 0) and first:
        return first[-1]
    return None


def _rest_after(state: State, move: Meld) -> tuple[int, ...] | None:
    try:
        after, _ = apply(state, move)
    except ValueError:
        return None
    return () if after.phase is Phase.OVER else after.hands[state.current]


def going_out_moves(view: PlayerView, legal: Sequence[Action]) -> list[Action]:
    """The legal moves that end the hand by going out right now."""
    out: list[Action] = []
    for move in legal:
        last_card = isinstance(move, Discard) and len(view.hand) == 1
        if last_card or (isinstance(move, Meld) and len(move.cards()) == len(view.hand)):
            out.append(move)
    return out
