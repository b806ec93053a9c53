"""Medium in Modern American: pure-ace, sevens and wild melds (MAC-31, MAC-36, MAC-41, MAC-42).

A side may not go out while such a meld is incomplete (MAC-31) and loses 2500 (2000 for wild
cards) if it still is at the end (MAC-41), so Medium starts one, by melding or by taking the
pile with a pair (MAC-10), only when the side can expect to complete it, completes it when it
can, and keeps the cards it needs. Seats: N=0 is to move, side 0 is N-S, side 1 is E-W. Each
test has a control that differs in the one fact the heuristic reads.
"""

from __future__ import annotations

from canasta_game.ai import mac
from canasta_game.ai.easy import MISTAKE_RATE, EasyBot
from canasta_game.ai.medium import ranked_moves
from canasta_game.ai.situation import read_situation
from canasta_game.engine.actions import DrawStock, Meld, TakePile
from canasta_game.engine.cards import RANK_OF, face_text
from canasta_game.engine.movegen import legal_moves
from canasta_game.engine.observation import observe
from canasta_game.engine.rules import preset
from canasta_game.engine.setup import state_from_setup
from canasta_game.engine.state import Phase

MAC = preset("modern-american")
OTHERS = ["4c 4d 5c Kh Qh", "4s 5d 5s Jh Th", "6c 6d 6s Js Ts"]
STOCK = "Tc Td Ts Jc Jd Js Qs Qh Jh Th 4h 5h 6h 8s 8d Kc Kd 9s 5c 4c"
#: 40 cards none of the positions uses twice: a long stock (many draws left)
LONG_STOCK = (
    "Tc Tc Td Td Th Ts Jc Jd Jd Qc Qc Qd Qd Kc Kc Ks Ks Kh 9c 9d "
    "9h 9s 8s 8s 8d 8h 8c 6h 6h 5h Ac Ac Ad Ad Ah Ah As As 2c 2d"
)
ACE, SEVEN = 12, 5
SHORT_STOCK = " ".join(STOCK.split()[:8])
LEGAL: dict[int, list] = {}


def _view(hand, ours, theirs, phase=Phase.PLAY, pile="Kd Qs 4d", stock=STOCK):
    """N's view of the position (``LEGAL`` keeps its legal moves for ``_best``)."""
    state = state_from_setup(
        MAC, [hand, *OTHERS], stock=stock, pile=pile, melds={0: ours, 1: theirs}, phase=phase
    )
    view = observe(state, 0)
    LEGAL[id(view)] = legal_moves(state)
    return view


def _odds(view):
    return mac.supply(view, read_situation(view))


def _card(view, face):
    return next(c for c in view.hand if face_text(c) == face)


def _best(view):
    return ranked_moves(view, _legal(view))[0][1]


def _legal(view):
    return LEGAL[id(view)]


# --- the view's fact (MAC-31, MAC-41) ----------------------------------------------------


def test_must_complete_lists_the_pure_melds_with_their_penalty_mac_31_mac_41():
    ours = ["Ac Ad Ah", "7c 7d 7h", "2c 2d Jk", "As Ad 2h Ac", "9c 9d 9h"]
    view = _view("5h", ours, ["8c 8d 8h"])
    keys = {m.mid: m.key for m in view.melds[0]}
    listed = {keys[mid]: lost for mid, lost in view.must_complete[0]}
    assert listed == {ACE: 2500, SEVEN: 2500, 14: 2000}  # the mixed aces are an ordinary meld
    assert view.must_complete[1] == ()
    classic = observe(
        state_from_setup(preset("classic-4"), ["5h", *OTHERS], melds={0: ["Ac Ad Ah"]}), 0
    )
    assert classic.must_complete == ((), ())


# --- the chance of completing (MAC-31) ---------------------------------------------------


def test_completion_chance_counts_the_cards_left_mac_31():
    """Zero when the sevens the meld lacks are no longer there (three on the opponents'
    meld), one when this hand holds them, in between when they are still unseen."""
    ours = ["7c 7d 7h"]
    gone = _view("7s 5h 6d", ours, ["8c 8d 8h", "7c 7d 7s"])
    meld = gone.melds[0][0]
    assert mac.completion_chance(gone, _odds(gone), meld, gone.hand) == 0.0
    held = _view("7s 7s 7c 7h 5h", ours, ["8c 8d 8h"])
    assert mac.completion_chance(held, _odds(held), held.melds[0][0], held.hand) == 1.0
    open_ = _view("7s 5h 6d", ours, ["8c 8d 8h"])
    chance = mac.completion_chance(open_, _odds(open_), open_.melds[0][0], open_.hand)
    assert 0.0 < chance < 1.0


# --- starting one: the pile (MAC-10) and the hand ----------------------------------------


def test_no_pile_taken_for_a_sevens_meld_that_cannot_be_completed_mac_41():
    """A pair of sevens takes the pile (MAC-10) and starts a sevens meld: with three sevens
    on the opponents' meld it can never reach seven cards, so Medium draws; holding four more
    sevens it completes it at once, so Medium takes the pile."""
    pile = "9c Kd Ks Qh 7s"
    theirs = ["8c 8d 8h", "7c 7d 7s"]
    hopeless = _view("7h 7d Kc Qd 5h 6d 4s Jc", ["9c 9d 9h 9s"], theirs, Phase.DRAW, pile)
    assert isinstance(_best(hopeless), DrawStock)
    take = next(m for m in _legal(hopeless) if isinstance(m, TakePile))
    assert mac.pure_meld_gain(hopeless, take, _odds(hopeless)) == -2500
    sure = _view("7h 7d 7h 7c 7c 7d Qd 5h", ["9c 9d 9h 9s"], ["8c 8d 8h"], Phase.DRAW, pile)
    assert isinstance(_best(sure), TakePile)


def test_no_sevens_meld_started_from_hand_that_cannot_be_completed_mac_41():
    """Sevens in hand are melded only where the rest of them can still come: not with three
    of the eight on the opponents' meld; with six in hand and a long stock to draw the
    seventh from, yes."""
    hand = "7h 7h 7d 5h 6d Jc Kd Qs 4s"

    def starts_sevens(view):
        return any(
            isinstance(m, Meld) and any(RANK_OF[c] == SEVEN for g in m.new for c in g)
            for s, m in ranked_moves(view, _legal(view))
            if s > 0
        )

    assert not starts_sevens(_view(hand, ["9c 9d 9h 9s"], ["8c 8d 8h", "7c 7c 7s"]))
    long = _view(hand + " 7s 7c 7d", ["9c 9d 9h 9s"], ["8c 8d 8h"], stock=LONG_STOCK)
    assert starts_sevens(long)
    short = _view(hand + " 7s 7c 7d", ["9c 9d 9h 9s"], ["8c 8d 8h"], stock=SHORT_STOCK)
    assert not starts_sevens(short)


# --- completing it, keeping its cards (MAC-36, MAC-42) -----------------------------------


def test_the_aces_that_complete_the_meld_are_melded_mac_36():
    """Four aces in hand complete the side's ace meld (2500, MAC-36): Medium's first move."""
    view = _view("As As Ac Ad 5h 6d Jc", ["9c 9d 9h 9s", "Ac Ad Ah"], ["8c 8d 8h"])
    best = _best(view)
    assert isinstance(best, Meld)
    ace_mid = next(m.mid for m in view.melds[0] if m.key == ACE)
    assert any(mid == ace_mid and len(cards) == 4 for mid, cards in best.add)


def test_an_ace_the_meld_needs_is_kept_a_third_ace_without_one_goes_mac_41_mac_42():
    """With an incomplete ace meld an ace in hand is worth keeping; with none, a third ace in
    hand is the card to throw (3+ aces left in hand cost 1500, MAC-42)."""
    needed = _view("As 5h 6d Jc Kd", ["9c 9d 9h 9s", "Ac Ad Ah"], ["8c 8d 8h"])
    odds = _odds(needed)
    assert mac.pure_discard_cost(needed, _card(needed, "As"), odds) > 0
    assert mac.pure_discard_cost(needed, _card(needed, "5h"), odds) == 0
    crowded = _view("As As Ac 5h 6d Jc Kd", ["9c 9d 9h 9s"], ["8c 8d 8h"])
    relief = -mac.pure_discard_cost(crowded, _card(crowded, "As"), _odds(crowded))
    assert relief == mac.CROWD_SHARE * 1500
    assert mac.pure_discard_cost(crowded, _card(crowded, "5h"), _odds(crowded)) == 0


# --- Easy (MAC-31, MAC-41, MAC-42) -------------------------------------------------------


def test_easy_takes_no_pile_for_a_hopeless_sevens_meld_and_throws_a_third_ace():
    """Even the beginner does not start a sevens meld that can never be completed (MAC-41),
    takes the same small pile where it completes the meld, and throws a third ace (MAC-42)."""
    pile = "9c Kd Ks Qh 7s"
    hopeless = _view(
        "7h 7d Kc Qd 5h 6d 4s Jc", ["9c 9d 9h 9s"], ["8c 8d 8h", "7c 7d 7s"], Phase.DRAW, pile
    )
    assert isinstance(EasyBot(0, 1).choose(hopeless, _legal(hopeless)), DrawStock)
    sure = _view("7h 7d 7h 7c 7c 7d Qd 5h", ["9c 9d 9h 9s"], ["8c 8d 8h"], Phase.DRAW, pile)
    assert isinstance(EasyBot(0, 1).choose(sure, _legal(sure)), TakePile)
    crowded = _view("As As Ac 5h 6d Jc Kd", ["9c 9d 9h 9s"], ["8c 8d 8h"])
    seeds = [s for s in range(40) if EasyBot(0, s).rng.random() >= MISTAKE_RATE]  # no whim
    thrown = {RANK_OF[EasyBot(0, s).choose(crowded, _legal(crowded)).card] for s in seeds[:5]}
    assert thrown == {ACE}


def test_other_games_read_no_pure_meld_heuristic():
    """Outside MAC-31 nothing is counted (so Classic and Samba play as before): no supply,
    no gain, no discard cost, even for a classic meld of three aces."""
    state = state_from_setup(
        preset("classic-4"),
        ["As As 5h 6d", *OTHERS],
        stock=STOCK,
        pile="Kd 4d",
        melds={0: ["Ac Ad Ah"]},
        phase=Phase.PLAY,
    )
    view = observe(state, 0)
    odds = mac.supply(view, read_situation(view))
    assert odds is None
    adds = [m for m in legal_moves(state) if isinstance(m, Meld) and m.add]
    assert adds and all(mac.pure_meld_gain(view, m, odds) == 0 for m in adds)
    assert mac.pure_discard_cost(view, _card(view, "As"), odds) == 0
