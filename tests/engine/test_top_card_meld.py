"""C-PILE-6, SAM-18: the view's ``top_card_meld`` (the meld a side could take the pile onto
by laying a discarded card alone) agrees with the take rules themselves, so the bots read
"could they take this discard" from the engine instead of re-deriving it from ranks."""

from __future__ import annotations

import pytest

from canasta_game.engine.actions import Discard, TakePile
from canasta_game.engine.cards import RANK_OF, face_text
from canasta_game.engine.game import apply, why_illegal
from canasta_game.engine.observation import observe
from canasta_game.engine.rules import preset
from canasta_game.engine.setup import state_from_setup
from canasta_game.engine.state import Phase
from canasta_game.engine.take import take_is_legal

OTHERS = ["4c 4d 5c Kd Qd Jd", "4s 5d 5s Js 9d Jh", "6c 6d 6s Jc Tc Th"]
HAND = "Kh 8h 2c 3s 9h Qs Ah"  # joins a group, a canasta, freezes, blocks, nothing, ...
THEIRS = ["Kc Kd Ks Kc", "8c 8d 8s 8h 8c 8d 8s", "Qc Qd Qh"]


def _position(name: str, pile: str):
    return state_from_setup(
        preset(name),
        [HAND, *OTHERS],
        stock="Tc Td Ts Kc Qh 7s 7d 7c 6h 5h",
        pile=pile,
        melds={0: ["9c 9d 9s"], 1: THEIRS},
        phase=Phase.PLAY,
    )


@pytest.mark.parametrize("name", ["samba", "classic-4", "modern-american"])
@pytest.mark.parametrize("pile", ["5c 9c", "5c 2d 9c"])  # open, frozen by a wild card (C-PILE-3)
def test_top_card_meld_is_the_take_rules_answer_c_pile_6_sam_18(name, pile):
    """For every card of the hand: the next player (side 1) may take the pile with no hand
    card exactly when the view names a meld of theirs for that discard, and it is the meld
    of the card's rank; never a canasta under SAM-18 / O-PILE-NOCANADD."""
    state = _position(name, pile)
    view = observe(state, 0)
    joined = 0
    for card in state.hands[0]:
        if why_illegal(state, Discard(0, card)) is not None:
            continue  # MAC-13: no wild card, no three
        after, _ = apply(state, Discard(0, card))
        assert after.phase is Phase.DRAW and after.current == 1
        legal = take_is_legal(after, TakePile(1))
        meld = view.top_card_meld(card, 1)
        assert legal == (meld is not None), face_text(card)
        if meld is not None:
            joined += 1
            assert meld in state.melds[1] and meld.key == RANK_OF[card]
    if name == "samba" and pile == "5c 9c":
        assert joined >= 1  # the kings' group takes a discarded king (SAM-18)
    if pile == "5c 2d 9c" or name == "modern-american":
        assert joined == 0  # frozen (C-PILE-3), always frozen (MAC-10)
