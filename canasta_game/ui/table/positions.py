"""Hand-made table positions: the busy mid-hand table of the benchmark and the screenshots.

Built with the engine's ``state_from_setup``, so they are real positions the rules accept:
canastas natural and mixed, red threes on both sides, a frozen pile with the wild card
crosswise, and a human who has drawn and may meld or discard.
"""

from __future__ import annotations

from canasta_game.controller.session import Session
from canasta_game.engine.rules import preset
from canasta_game.engine.setup import state_from_setup
from canasta_game.engine.state import DrawKind, Phase, State


def busy_state(black_three_on_top: bool = False) -> State:
    """Four players, mid-hand: both sides open, three canastas, frozen pile, red threes."""
    rules = preset("classic-4")
    pile = "4c 6d 8s Td 2s 5s 8h 9d Tc"
    if black_three_on_top:
        pile += " 3s"
    return state_from_setup(
        rules,
        [
            "4d 4h 6c 6h 8c 8d Th Ts Jh Js 3c JK 2d Ad",
            "5s 6s 9s Qc 4s",
            "7c Kc 8c 9c Jd 6h 5d 4h 3c",
            "Ah As 8d Jc",
        ],
        stock="4s 5h 6s 7h 9d Jd Qs As Kc 5c 6c 7d 8h 9h Tc Td Jh Qd Kd Ac",
        pile=pile,
        melds={
            0: ["Kh Kd Ks Kc Kh Kd Ks", "7c 7d 7h 7s 2c JK 7d", "Ac Ad 2d", "9h 9s 9c 9d"],
            1: ["Qh Qd Qs Qc Qh 2h Qd", "5c 5d 5h", "Jc Jd JK"],
        },
        bonus_threes={0: "3h", 1: "3d 3d"},
        scores=(1240, 2085),
        current=0,
        phase=Phase.PLAY,
        drew=DrawKind.STOCK,
        has_melded=(0, 1, 2, 3),
    )


def busy_session(level: str = "easy") -> Session:
    return Session.from_state(busy_state(), human_seat=0, level=level)


def played_session(rules_name: str, seed: int, moves: int, level: str = "easy") -> Session:
    """A real deal played by computer players for about ``moves`` moves, stopped where the
    human (seat 0) is to draw, so a screenshot shows a genuine game in progress."""
    auto = Session.new(preset(rules_name), seed, human_seat=None, level="easy")
    keep, played = auto.state, 0
    for _ in range(moves):
        if auto.hand_over:
            break
        auto.bot_step()
        state = auto.state
        if state.phase is Phase.DRAW and state.current == 0 and not auto.hand_over:
            keep, played = state, len(auto.log)
    # the moves that led here stay in the log, so the move log and last-move marks show them
    return Session(
        auto.match, auto.hand_start, auto.log[:played], human_seat=0, level=level, state=keep
    )
