"""Medium's named heuristics, each in an explicit position where it must make the expert's move.

Positions are built with ``state_from_setup`` in the classic four-player game: seat 0 (side 0,
partner seat 2) is to move; seat 1 (side 1) plays next and is the opponent the discard
heuristics defend against. Each heuristic has a control position that differs in the one
fact the heuristic reads, and there the other move is made, so a test fails if the heuristic
stops working rather than passing by accident.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from canasta_game.ai.counting import CardCount
from canasta_game.ai.discard import DANGER_WEIGHT, SURE_TAKE, danger, endgame_relief, take_chance
from canasta_game.ai.goingout import go_out_or_hold
from canasta_game.ai.handfoot import (
    SWELL_CARD,
    WILD_BOOK_PULL,
    WILD_ELSEWHERE,
    foot_gain,
    pile_swell_cost,
    wild_book_gain,
)
from canasta_game.ai.handsense import melds_by_key, side_melds
from canasta_game.ai.keep import keeper
from canasta_game.ai.melding import (
    PILE_FIGHT_RESERVE,
    RESERVE_COST,
    hand_reserve_cost,
    meld_score,
    natural_chance,
)
from canasta_game.ai.pile import (
    DRAW_VALUE,
    LONE_CARD,
    draw_value,
    pile_fight,
    pile_take_value,
)
from canasta_game.ai.situation import read_situation
from canasta_game.engine.actions import (
    Action,
    AnswerGoOut,
    AskGoOut,
    Discard,
    DrawStock,
    Meld,
    TakePile,
)
from canasta_game.engine.cards import (
    IS_NATURAL,
    IS_WILD,
    RANK_OF,
    WILD_KEY,
    card_text,
    parse_card,
)
from canasta_game.engine.game import apply
from canasta_game.engine.meldrules import make_meld
from canasta_game.engine.movegen import legal_moves
from canasta_game.engine.observation import observe
from canasta_game.engine.rules import Rules, preset
from canasta_game.engine.setup import new_hand, pack, state_from_setup
from canasta_game.engine.state import DrawKind, Phase, Question, State, TableMeld

Decide = Callable[[State], Action]  # the ``medium`` fixture of conftest.py
RULES = preset("classic-4")
Spec = str | int  # explicit cards, or how many filler cards the player to move cannot see


class _Pack:
    """Hands out physical cards of the two-deck pack so a scenario never uses one twice.

    A suited card (``Kh``) gets its next free copy, or failing that any free card of its rank
    (suits matter only for threes, which keep their colour); a bare rank (``K``) gets any free
    card of that rank. Seat 0's hand is dealt first, so ``parse_card("Kh")`` is its king.
    Fillers (a count instead of cards) come last, from whatever is left: seat 0 cannot see
    them, so they cannot change its view beyond the hand sizes.
    """

    def __init__(self) -> None:
        self.free = sorted(set(pack(RULES)))

    def _take(self, uid: int) -> str:
        self.free.remove(uid)
        return card_text(uid)

    def _grab(self, rank: str, suits: str) -> str:
        for copy in range(2):
            for suit in suits:
                text = "JK" if rank == "JK" else rank + suit
                uid = parse_card(f"{text}#{copy + 1}")
                if uid in self.free:
                    return self._take(uid)
        raise AssertionError(f"the scenario needs more {rank} than the pack holds")

    def cards(self, text: str) -> str:
        out = []
        for item in text.split():
            if item == "JK":
                out.append(self._grab("JK", "c"))
            elif len(item) == 1:
                out.append(self._grab(item, "cdhs"))
            elif item[0] == "3":
                colour = "cs" if item[1] in "cs" else "dh"
                out.append(self._grab("3", item[1] + colour))
            else:
                out.append(self._grab(item[0], item[1] + "cdhs"))
        return " ".join(out)

    def fillers(self, count: int) -> str:
        plain = [c for c in self.free if IS_NATURAL[c]]
        return " ".join(self._take(c) for c in plain[-count:]) if count else ""


def _play(
    mine: str,
    *,
    melds: dict[int, list[str]] | None = None,
    pile: str = "4s 9d",
    stock: Spec = 10,
    others: tuple[Spec, Spec, Spec] = (8, 8, 8),
    scores: tuple[int, int] | None = None,
    phase: Phase = Phase.PLAY,
) -> State:
    cards = _Pack()
    specs: list[Spec] = [mine, *others]
    hands: list[str] = [cards.cards(h) if isinstance(h, str) else "" for h in specs]
    table = {side: [cards.cards(m) for m in texts] for side, texts in (melds or {}).items()}
    pile_cards = cards.cards(pile)
    stock_cards = cards.cards(stock) if isinstance(stock, str) else ""
    for seat, spec in enumerate(specs):
        if isinstance(spec, int):
            hands[seat] = cards.fillers(spec)
    if isinstance(stock, int):
        stock_cards = cards.fillers(stock)
    return state_from_setup(
        RULES,
        hands,
        melds=table,
        pile=pile_cards,
        stock=stock_cards,
        scores=scores,
        phase=phase,
    )


def _card(move: object) -> int:
    assert isinstance(move, Discard), move
    return move.card


# --- the pile ------------------------------------------------------------------------------


def test_takes_a_big_pile_it_can_take_with_a_natural_pair(medium: Decide) -> None:
    state = _play(
        "9h 9s 4c 6d Jd Qs 7h",
        melds={0: ["K K K"]},
        pile="5c 8d Td 4h Js Ac 6s 8c Qh 9c",
        phase=Phase.DRAW,
    )
    move = medium(state)
    assert isinstance(move, TakePile)
    assert sorted(RANK_OF[c] for c in move.cards) == [RANK_OF[parse_card("9h")]] * 2


def test_does_not_spend_a_wild_card_on_a_one_card_pile(medium: Decide) -> None:
    state = _play("Kh 2c 4c 6d Jd Qs 7h", melds={0: ["5 5 5"]}, pile="Kd", phase=Phase.DRAW)
    assert any(isinstance(m, TakePile) for m in legal_moves(state))  # it could take it
    assert isinstance(medium(state), DrawStock)


def test_makes_the_initial_meld_by_taking_the_pile(medium: Decide) -> None:
    # closed side at 2000 points: the minimum is 90; A-A-A (60) + K-K-K (30) with the pile
    state = _play(
        "Ah As Kc Kd Ks 7c 8d",
        pile="9c 5d Jd 6h Ac",
        scores=(2000, 0),
        phase=Phase.DRAW,
    )
    move = medium(state)
    assert isinstance(move, TakePile)
    assert move.melds, "the take must carry the K meld that reaches the minimum of 90"


def test_pile_fight_takes_a_small_pile_whose_lone_cards_match_nothing(medium: Decide) -> None:
    """``pile.pile_fight`` (C-PILE-6, C-PILE-7): in the classic game a small pile taken with a
    natural pair beats a stock card even though two of its cards match nothing in hand; with
    a stock card priced at 40 and lone cards at -8 (the sequence family's prices) it drew."""
    state = _play(
        "Kh Ks 4c 6d Jd 7h 8s", melds={0: ["5 5 5"]}, pile="9c 4d Qh 6c Kd", phase=Phase.DRAW
    )
    view = observe(state, 0)
    take = next(m for m in legal_moves(state) if isinstance(m, TakePile))
    value = pile_take_value(view, take, read_situation(view))
    assert draw_value(RULES) < value
    assert value + 2 * LONE_CARD < DRAW_VALUE  # the old prices: the stock card won
    assert isinstance(medium(state), TakePile)


def test_pile_fight_is_the_classic_games_only() -> None:
    """SAM-9, HF-3, MAC-30, IT-4: where sequences, feet, a final discard or the packet under
    the upcard shape the hand, the pile-fight prices stay off (they were tuned in classic-4)."""
    assert pile_fight(RULES) and pile_fight(preset("classic-2"))
    for name in ("samba", "bolivia", "hand-and-foot", "modern-american", "italian"):
        assert not pile_fight(preset(name)), name


# --- discards ------------------------------------------------------------------------------

BIG_OPEN_PILE = "4d 9c Jd Qh Ac Kd 8d 6h Td 7s"  # ten cards, no wild card: open to side 1
THEIR_MELDS = ["5 5 5", "6 6 6", "7 7 7", "8 8 8"]


def test_freezes_a_big_pile_with_a_wild_card_when_every_other_discard_feeds_it(
    medium: Decide,
) -> None:
    state = _play(
        "2c 5h 6c 7h 8h",
        melds={0: ["A A A"], 1: THEIR_MELDS},
        pile=BIG_OPEN_PILE,
    )
    assert _card(medium(state)) == parse_card("2c")


def test_keeps_the_wild_card_when_the_pile_is_small(medium: Decide) -> None:
    state = _play("2c 5h 6c 7h 8h", melds={0: ["A A A"], 1: THEIR_MELDS}, pile="9d")
    assert not IS_WILD[_card(medium(state))]


def test_plays_a_black_three_stop_before_a_big_pile_the_next_player_would_take(
    medium: Decide,
) -> None:
    state = _play(
        "3c 5h 6c 7h 8h",
        melds={0: ["A A A"], 1: THEIR_MELDS},
        pile=BIG_OPEN_PILE,
    )
    assert _card(medium(state)) == parse_card("3c")


def test_keeps_the_black_three_when_a_safe_discard_will_do(medium: Decide) -> None:
    # six fives are in the pile, so the five in hand is dead: no need to spend the stop
    state = _play("3c 5h 9d Kh Qd", melds={0: ["A A A"]}, pile="5c 5d 5s 5c 5d 5s 4s")
    assert _card(medium(state)) == parse_card("5h")


FROZEN_PILE = "4d 9c 2d Qh Ac 8d 6h Td 7s Jd"  # ten cards with a wild card: frozen


def test_discards_a_dead_rank_the_next_player_cannot_pair(medium: Decide) -> None:
    # six kings in the pile and one in hand: at most one is unseen, so no pair is possible
    dead = _play(
        "Kh 5c Qd Qs",
        melds={0: ["A A A"], 1: ["9 9 9"]},
        pile="Kc Kd Ks Kc Kd Ks " + FROZEN_PILE,
    )
    assert _card(medium(dead)) == parse_card("Kh")
    # control: with the kings unseen the king is as dangerous as the five, and a queen of
    # the pair goes (``test_breaks_a_pair_rather_than_feed_a_big_frozen_pile``)
    live = _play("Kh 5c Qd Qs", melds={0: ["A A A"], 1: ["9 9 9"]}, pile=FROZEN_PILE)
    assert RANK_OF[_card(medium(live))] == RANK_OF[parse_card("Qd")]


def test_breaks_a_pair_rather_than_feed_a_big_frozen_pile(medium: Decide) -> None:
    """``discard.DANGER_WEIGHT`` (C-PILE-6): a frozen ten-card pile handed to the next
    opponent costs three times its points, so a queen of a pair (fewer queens unseen: a pair in its
    hand is less likely) goes rather than a lone five; at the weight 1 the five went."""
    hand, melds = "Kh 5c Qd Qs", {0: ["A A A"], 1: ["9 9 9"]}
    state = _play(hand, melds=melds, pile=FROZEN_PILE)
    view = observe(state, 0)
    counts = CardCount(view)
    five, queen = parse_card("5c"), parse_card("Qd")
    keep = keeper(RULES, view.hand, side_melds(view))
    five_cost = keep(five) + danger(view, five, counts)
    queen_cost = keep(queen) + danger(view, queen, counts)
    assert queen_cost < five_cost  # with the weight
    assert (
        keep(queen) + danger(view, queen, counts) / DANGER_WEIGHT
        > keep(five) + danger(view, five, counts) / DANGER_WEIGHT
    )  # without it
    assert RANK_OF[_card(medium(state))] == RANK_OF[queen]
    # control: a small frozen pile is worth less than the pair, and the five goes
    small = _play(hand, melds=melds, pile="4d 2d 7s")
    assert _card(medium(small)) == five


def test_discards_the_rank_the_left_hand_opponent_just_threw(medium: Decide) -> None:
    # jacks and tens equally visible (three each) and equally useful to keep
    base = _play("Jh Tc Qd Qs", melds={0: ["A A A"], 1: ["9 9 9"]}, pile=FROZEN_PILE + " Jc Ts")
    jack = base.pile[-2]
    threw = replace(base, discards=((1, jack), (2, base.pile[-1])))
    assert _card(medium(threw)) == parse_card("Jh")
    assert _card(medium(base)) == parse_card("Tc")  # control: no history, the tie-break


def test_discards_a_rank_the_left_hand_opponent_let_pass_on_this_pile(medium: Decide) -> None:
    """It drew from the stock with our jack on top of the pile: it held no pair of jacks."""
    base = _play(
        "Jh Tc Qd Qs", melds={0: ["A A A"], 1: ["9 9 9"]}, pile=FROZEN_PILE + " Ts Jc 5s 6c 7h"
    )
    ten, jack, five, six, seven = base.pile[-5:]
    rest = ((1, five), (2, six), (3, seven))
    passed = replace(base, discards=((3, ten), (0, jack), *rest))
    view = observe(passed, 0)
    assert take_chance(view, RANK_OF[jack], CardCount(view)) < take_chance(
        view, RANK_OF[ten], CardCount(view)
    )
    assert _card(medium(passed)) == parse_card("Jh")
    # a seat that draws two cards a turn (O-DRAW-K) is not trusted to stay without the pair
    two = observe(replace(passed, rules=replace(RULES, draw_count=2)), 0)
    count = CardCount(two)
    assert take_chance(two, RANK_OF[jack], count) == take_chance(two, RANK_OF[ten], count)
    # controls: the ten let pass instead, or no history at all (the tie-break's ten)
    assert _card(medium(replace(base, discards=((3, jack), (0, ten), *rest)))) == parse_card("Tc")
    assert _card(medium(base)) == parse_card("Tc")


def test_never_feeds_a_rank_the_next_opponent_has_melded_on_an_open_pile(medium: Decide) -> None:
    state = _play("5h Qc 9d 9s", melds={0: ["A A A"], 1: ["5 5 5"]}, pile="4d Jd Kd 8c 6h Td")
    view = observe(state, 0)
    assert take_chance(view, RANK_OF[parse_card("5h")], CardCount(view)) > 0.9
    assert _card(medium(state)) == parse_card("Qc")


# --- melding -------------------------------------------------------------------------------


def test_does_not_waste_a_wild_card_on_a_small_meld(medium: Decide) -> None:
    state = _play("2c 9h Kd Jc 7s", melds={0: ["5 5 5"]})
    assert any(isinstance(m, Meld) for m in legal_moves(state))
    assert isinstance(medium(state), Discard)
    # control: the same wild card completes a canasta on a six-card meld
    near = _play("2c 9h Kd Jc 7s", melds={0: ["5 5 5 5 5 5"]})
    move = medium(near)
    assert isinstance(move, Meld) and parse_card("2c") in move.cards()


def test_keeps_a_canasta_natural_when_it_costs_little(medium: Decide) -> None:
    # the wild card can complete either canasta: it goes to the already mixed queens
    state = _play("2c 9h 4d Jc 7s", melds={0: ["K K K K K K", "Q Q Q Q Q 2"]})
    move = medium(state)
    assert isinstance(move, Meld) and move.add and parse_card("2c") in move.cards()
    queens = next(m for m in state.melds[0] if m.key == RANK_OF[parse_card("Qc")])
    assert move.add[0][0] == queens.mid
    # control: with only the kings, a mixed canasta now beats waiting for a natural one
    kings = _play("2c 9h 4d Jc 7s", melds={0: ["K K K K K K"]})
    move = medium(kings)
    assert isinstance(move, Meld) and parse_card("2c") in move.cards()


def test_waiting_for_a_natural_canasta_is_worth_nothing_once_the_rank_is_dead() -> None:
    alive = _play("2c 9h 4d Jc 7s", melds={0: ["K K K K K"]})
    dead = _play("2c 9h 4d Jc 7s", melds={0: ["K K K K K"]}, pile="Kc Kd Kh 9d")
    king = RANK_OF[parse_card("Kc")]
    chances = []
    for state in (alive, dead):
        view = observe(state, 0)
        chances.append(natural_chance(view, king, 5, read_situation(view)))
    assert chances[0] > 0.2 and chances[1] == 0.0


def test_holds_cards_for_the_pile_until_the_stock_runs_out(medium: Decide) -> None:
    # with plenty of stock, a triple is kept as pile bait rather than melded down to one card
    early = _play("7c 7d 7h Kd 9s", melds={0: ["A A A"]})
    assert isinstance(medium(early), Discard)
    # counting the real turns left: the stock is empty, this is the last turn, meld it all
    last = _play("7c 7d 7h Kd 9s", melds={0: ["A A A"]}, stock=0)
    move = medium(last)
    assert isinstance(move, Meld) and len(move.cards()) == 3


def test_holds_pairs_for_the_pile_fight_rather_than_meld_down_to_eight_cards(
    medium: Decide,
) -> None:
    # opponents of twelve cards: melding the sevens would leave six, then eight cards, too few
    # pairs to fight them for the pile (reserve_cards: ``pile_fight_reserve``, twelve here;
    # five used to be enough, then seven, then eight)
    holders = (12, 8, 12)
    short = _play("7c 7d 7h Kd 9s Jh Qc 5d 6s", melds={0: ["A A A"]}, stock=20, others=holders)
    assert any(isinstance(m, Meld) for m in legal_moves(short))
    assert isinstance(medium(short), Discard)
    eleven = "7c 7d 7h Kd 9s Jh Qc 5d 6s 8h 4c"
    eight_left = _play(eleven, melds={0: ["A A A"]}, stock=20, others=holders)
    assert isinstance(medium(eight_left), Discard)
    # controls: with four more cards the same meld leaves twelve, and Medium melds it; against
    # opponents of eight cards eight left are enough, and it melds from eleven
    fifteen = eleven + " Tc 9d Js Qh"
    for state in (
        _play(fifteen, melds={0: ["A A A"]}, stock=20, others=holders),
        _play(eleven, melds={0: ["A A A"]}, stock=20, others=(8, 12, 8)),
    ):
        move = medium(state)
        assert isinstance(move, Meld) and len(move.cards()) == 3


def test_a_meld_pays_for_the_cards_it_takes_below_the_reserve() -> None:
    """``hand_reserve_cost``: each card a meld lays below the reserve costs RESERVE_COST,
    and a hand already below it pays for the cards it lays, not for the whole gap (2.9
    points of win rate over the gap against that Medium). Against opponents of twelve cards
    the same three sevens cost three cards from nine, two from thirteen and none from
    fifteen."""
    costs = []
    for hand in (
        "7c 7d 7h Kd 9s Jh Qc 5d 6s",
        "7c 7d 7h Kd 9s Jh Qc 5d 6s 8h 4c Tc 9d",
        "7c 7d 7h Kd 9s Jh Qc 5d 6s 8h 4c Tc 9d Js Qh",
    ):
        state = _play(hand, melds={0: ["A A A"]}, stock=20, others=(12, 8, 12))
        sevens = next(m for m in legal_moves(state) if isinstance(m, Meld) and len(m.cards()) == 3)
        view = observe(state, 0)
        costs.append(hand_reserve_cost(view, sevens, read_situation(view)))
    assert PILE_FIGHT_RESERVE == 12
    assert costs == [3 * RESERVE_COST, 2 * RESERVE_COST, 0.0]


# --- going out and the partnership --------------------------------------------------------

CANASTA = "K K K K K K K"


def _finish_turn(state: State, decide: Decide) -> State:
    seat = state.current
    while state.phase is not Phase.OVER and state.current == seat and state.phase is Phase.PLAY:
        state, _ = apply(state, decide(state))
    return state


def test_goes_out_when_the_side_is_ahead_and_an_opponent_threatens(medium: Decide) -> None:
    state = _play(
        "9h 9c 4d",
        melds={0: [CANASTA, "9 9 9"], 1: ["Q Q Q Q Q Q Q", "5 5 5"]},
        others=(2, 2, 3),
    )
    final = _finish_turn(state, medium)
    assert final.phase is Phase.OVER and final.end is not None and final.end.seat == 0


def test_holds_on_to_build_when_nobody_is_near_going_out(medium: Decide) -> None:
    # side 1 is closed; side 0 (455 on the table, not a safe lead) has a six-card meld one
    # card from a second canasta: holding on is cheap and can be worth 300 to 500
    melds = ["5 5 5 5 5 2 2", "9 9 9", "Q Q Q Q Q Q"]
    state = _play("9h 9c 4d", melds={0: melds}, others=(8, 2, 8))
    final = _finish_turn(state, medium)
    assert final.phase is not Phase.OVER  # it kept a card instead of going out
    # control: the same hand against a side that has its canasta goes out at once
    threat = _play("9h 9c 4d", melds={0: melds, 1: ["J J J J J J J"]}, others=(2, 2, 3))
    assert _finish_turn(threat, medium).phase is Phase.OVER


def test_hf9_mac29_a_side_that_can_go_out_does_not_hold_on_to_build() -> None:
    """HF-9, MAC-29..31: where going out needs a book quota, or two canastas and a final
    discard, the chance seldom comes twice before the stock runs out, so the position where
    Classic holds on to build (the test above) is one to go out from."""
    melds = ["5 5 5 5 5 2 2", "9 9 9", "Q Q Q Q Q Q"]
    view = observe(_play("9h 9c 4d", melds={0: melds}, others=(8, 2, 8)), 0)
    situation = read_situation(view)
    assert not go_out_or_hold(view, situation)  # control: Classic holds on
    for rules in (
        replace(RULES, book_quota=preset("hand-and-foot").book_quota),
        replace(RULES, out_needs_discard=True),
    ):
        assert go_out_or_hold(replace(view, rules=rules), situation)


def test_hf16_a_pile_swells_the_hand_only_once_the_side_has_its_books() -> None:
    """HF-16: once the side has its books every card taken must go before going out, so each
    card below the top costs SWELL_CARD; before that the pile costs nothing, black threes
    (HF-12: never melded, but each a stop to throw) included. Nothing of it in Classic."""
    rules = preset("hand-and-foot")
    view = observe(new_hand(rules, "swell", 0), 0)
    threes = [c for c in range(len(rules.stops)) if rules.stops[c]][:3]
    plain = [c for c in view.hand if not rules.stops[c]][:4]
    take = TakePile(0, ())
    with_threes = replace(view, pile_cards=(*threes, plain[0]))
    without = replace(view, pile_cards=(*plain[1:], plain[0]))
    situation = replace(read_situation(view), can_go_out_quota=False)
    assert pile_swell_cost(with_threes, take, situation) == 0
    assert pile_swell_cost(without, take, situation) == 0
    quota = replace(situation, can_go_out_quota=True)
    assert pile_swell_cost(without, take, quota) == 3 * SWELL_CARD  # three below the top
    assert pile_swell_cost(with_threes, take, quota) == 3 * SWELL_CARD
    classic = replace(with_threes, rules=RULES)
    assert pile_swell_cost(classic, take, quota) == 0


def test_hf8_a_meld_that_reaches_the_foot_is_worth_more_than_its_cards() -> None:
    """HF-8, HF-16: nobody goes out with the foot unplayed, so a meld that leaves one card to
    discard, or none, earns a bonus while the foot waits, and nothing once it is played."""
    rules = preset("hand-and-foot")
    view = observe(new_hand(rules, "foot", 0), 0)
    rest, last = view.hand[:1], view.hand[1:4]
    near = replace(view, hand=(*rest, *last))
    down_to_one = Meld(0, new=(last,))
    assert foot_gain(near, down_to_one) > 0
    assert foot_gain(replace(view, hand=last), Meld(0, new=(last,))) > foot_gain(
        near, down_to_one
    )  # melding the last card brings the foot at once
    assert foot_gain(view, Meld(0, new=(last,))) == 0  # ten cards still in hand
    played = replace(near, foot_sizes=(0, *view.foot_sizes[1:]))
    assert foot_gain(played, down_to_one) == 0


def test_asks_the_partner_who_holds_many_cards(medium: Decide) -> None:
    state = _play(
        "9h 9c 4d",
        melds={0: [CANASTA, "9 9 9"], 1: ["Q Q Q Q Q Q Q"]},
        others=(8, 10, 8),
    )
    assert isinstance(medium(state), AskGoOut)


def _asked(partner_hand: str, scores: tuple[int, int] | None = None) -> State:
    state = _play(
        "9h 9c 4d",
        melds={0: [CANASTA, "9 9 9"], 1: ["5 5 5"]},
        others=(8, partner_hand, 8),
        scores=scores,
    )
    state, _ = apply(state, AskGoOut(0))
    assert state.phase is Phase.ANSWER and state.actor == 2
    return state


def test_answers_no_when_its_hand_would_cost_a_lot_and_waiting_is_cheap(medium: Decide) -> None:
    heavy = _asked("JK JK Ac Ad Kh Qh 9s 8s")  # 100 + 40 + 20 + 20 + 20 = 200 points
    assert medium(heavy) == AnswerGoOut(2, False)
    light = _asked("4h 5h")
    assert medium(light) == AnswerGoOut(2, True)


def test_answers_yes_when_going_out_wins_the_game(medium: Decide) -> None:
    heavy = _asked("JK JK Ac Ad Kh Qh 9s 8s", scores=(4800, 3000))
    assert medium(heavy) == AnswerGoOut(2, True)


def test_goes_out_to_win_the_game_without_waiting_for_its_partner(medium: Decide) -> None:
    base = dict(
        melds={0: [CANASTA, "9 9 9"], 1: ["Q Q Q Q Q Q Q"]},
        others=(8, 10, 2),
    )
    winning = _play("9h 9c 4d", scores=(4700, 3000), **base)  # type: ignore[arg-type]
    move = medium(winning)
    assert not isinstance(move, AskGoOut)
    assert _finish_turn(winning, medium).phase is Phase.OVER


def test_does_not_end_the_hand_when_that_hands_the_opponents_the_game(medium: Decide) -> None:
    state = _play(
        "9h 9c 4d",
        melds={0: [CANASTA, "9 9 9"], 1: ["Q Q Q Q Q Q Q", "A A A A"]},
        others=(8, 2, 8),
        scores=(1000, 4500),
    )
    assert _finish_turn(state, medium).phase is not Phase.OVER


def test_after_a_yes_it_goes_out(medium: Decide) -> None:
    state = _asked("4h 5h")
    state, _ = apply(state, AnswerGoOut(2, True))
    assert state.question is Question.YES and state.drew is DrawKind.STOCK
    assert _finish_turn(state, medium).phase is Phase.OVER


def test_feeds_the_partner_who_is_nearly_out_a_canasta_to_go_out_on() -> None:
    scores = []
    for partner in (2, 9):
        state = _play("Qh 9s 9d 4c 7h", melds={0: ["Q Q Q Q Q Q"]}, others=(8, partner, 8))
        view = observe(state, 0)
        add = next(m for m in legal_moves(state) if isinstance(m, Meld) and m.add)
        scores.append(meld_score(view, add, read_situation(view)))
    assert scores[0] > scores[1]  # the canasta matters more when it lets the partner go out


def _kings_book(rules: Rules, count: int, mid: int = 0) -> TableMeld:
    kings = [c for c in sorted(set(pack(rules))) if RANK_OF[c] == RANK_OF[parse_card("Kh")]]
    return make_meld(rules, mid, RANK_OF[kings[0]], tuple(kings[:count]), count, 0)


def test_hf9_a_finished_book_takes_no_more_cards_so_its_rank_is_a_lone_card() -> None:
    """HF-9: a meld stops at a book of seven, so a king beside a finished book of kings grows
    nothing: it is kept like any lone card, thrown like one near the end, and the next
    opponent's book of kings does not take an open pile topped by a king. In Classic the same
    canasta takes every king."""
    rules = preset("hand-and-foot")
    book, three = _kings_book(rules, 7), _kings_book(rules, 3, mid=1)
    king = _kings_book(rules, 8).cards[7]
    assert melds_by_key((book,), rules) == {}
    assert melds_by_key((book, three), rules) == {three.key: three}
    assert melds_by_key((book,), RULES) == {book.key: book}  # Classic: a canasta grows
    alone = keeper(rules, (king,), ())(king)
    assert keeper(rules, (king,), (book,))(king) == alone
    assert keeper(rules, (king,), (book, three))(king) > alone
    assert keeper(RULES, (king,), (_kings_book(RULES, 7),))(king) > alone
    view = observe(new_hand(rules, "books", 0), 0)
    view = replace(view, hand=(*view.hand, king), pile_frozen=False)
    near_end = replace(read_situation(view), turns_left=0)
    assert near_end.endgame
    assert endgame_relief(replace(view, melds=((book,), ())), king, near_end) > 0
    assert endgame_relief(replace(view, melds=((book, three), ())), king, near_end) == 0
    theirs = replace(view, melds=((), (book,)))
    assert take_chance(theirs, book.key, CardCount(theirs)) < SURE_TAKE
    classic = replace(theirs, rules=RULES, melds=((), (_kings_book(RULES, 7),)))
    assert take_chance(classic, book.key, CardCount(classic)) == SURE_TAKE


def test_hf17_wild_cards_go_to_the_missing_wild_book_not_onto_groups() -> None:
    """HF-17: while the side lacks its wild book, a wild card laid on the wild meld earns
    WILD_BOOK_PULL and one laid on a group costs WILD_ELSEWHERE; once the book is there (or
    in Classic, which has no quota) neither counts."""
    rules = preset("hand-and-foot")
    wilds = [c for c in sorted(set(pack(rules))) if rules.wild[c]]
    kings = _kings_book(rules, 4)
    wild_meld = make_meld(rules, 1, WILD_KEY, tuple(wilds[:3]), 0, 3)
    view = observe(new_hand(rules, "wild book", 0), 0)
    view = replace(view, hand=(*view.hand, *wilds[3:5]), melds=((kings, wild_meld), ()))
    onto_group = Meld(0, add=((kings.mid, (wilds[3],)),))
    onto_wild = Meld(0, add=((wild_meld.mid, (wilds[3], wilds[4])),))
    assert wild_book_gain(view, onto_group) == -WILD_ELSEWHERE
    assert wild_book_gain(view, onto_wild) == 2 * WILD_BOOK_PULL
    book = make_meld(rules, 2, WILD_KEY, tuple(wilds[5:12]), 0, 7)
    done = replace(view, melds=((kings, wild_meld, book), ()))
    assert wild_book_gain(done, onto_group) == 0 == wild_book_gain(done, onto_wild)
    assert wild_book_gain(replace(view, rules=RULES), onto_group) == 0
