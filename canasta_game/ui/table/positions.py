"""Hand-made table positions: the busy mid-hand table of the benchmark and the screenshots.

Built with the engine's ``state_from_setup``, so they are real positions the rules accept:
canastas natural and mixed, red threes on both sides, a frozen pile with the wild card
crosswise, and a human who has drawn and may meld or discard. ``late_state`` is the crowded
end of a hand for any preset and player count (``--scene late``): a big hand after a big
pile, every side's melds out, sequences, sambas and bolivias where the rules have them.
"""

from __future__ import annotations

from canasta_game.controller.session import Session
from canasta_game.engine.cards import build_deck, card_text, parse_cards
from canasta_game.engine.rules import Rules, preset
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


#: The human's hand after taking a big pile (34 cards): every rank, threes and wild cards.
LATE_HAND = (
    "4c 4d 5h 5d 6c 6h 7c 7d 8d 8s 9c 9h 9s Tc Td Jc Jd Js Qc Qh Kc Kd Ks Ac Ah As "
    "5s 6s 8c Th 3c 3s 2h JK"
)
LATE_SPREAD = 7  # the other hands take every 7th card left, so they hold a bit of everything
LATE_PILE = "5c 6d 8c 9d Jh Kh 4s 7s Tc 6c"
#: Side 0: a samba / escalera, two separate runs of hearts, a natural and a mixed canasta.
LATE_SEQUENCES = ("4s 5s 6s 7s 8s 9s Ts", "4h 5h 6h 7h 8h", "Th Jh Qh")
LATE_GROUPS = ("Qc Qd Qs Qc Qd Qs Qh", "Kc Kd Ks Kh 2c", "Ah Ad Ac Ad Ah Ac 2d")
LATE_BOLIVIA = "2d 2h 2s JK JK 2c 2d"
#: The other sides, one list each, in turn (a sequence where the rules have them).
LATE_OTHERS = (
    ("9d Td Jd Qd Kd Ad", "5c 5d 5s 2h"),
    ("7c 8c 9c", "Jc Js Jh"),
    ("6d 7d 8d", "Td Tc Ts"),
    ("4d 5d 6d", "7h 7s 7c"),
)


def _late_melds(rules: Rules) -> dict[int, list[str]]:
    mine = list(LATE_SEQUENCES if rules.sequences else ()) + list(LATE_GROUPS)
    if rules.wild_melds and rules.sequences:
        mine.append(LATE_BOLIVIA)
    melds = {0: mine}
    for side in range(1, rules.sides):
        sequence, group = LATE_OTHERS[side - 1]
        melds[side] = [sequence, group] if rules.sequences else [group]
    return melds


def _sized_hand(
    mine: list[str], others: list[list[str]], stock: list[str], size: int
) -> tuple[list[str], list[str]]:
    """The human's hand cut or topped up to ``size`` cards (0: as it is) from the stock's
    top; where the stock runs short the other hands give cards down to four each."""
    if not size:
        return mine, stock
    if size < len(mine):
        return mine[:size], mine[size:] + stock  # the rest go under the stock
    while size - len(mine) > len(stock) - 10 and any(len(hand) > 4 for hand in others):
        for hand in others:
            if len(hand) > 4:
                stock.insert(0, hand.pop())
    extra = min(size - len(mine), len(stock))
    return mine + stock[len(stock) - extra :], stock[: len(stock) - extra]


def late_state(rules_name: str, hand_size: int = 0) -> State:
    """The crowded end of a hand: seat 0 has drawn holding 34 cards (or ``hand_size``, the
    rest taken from the stock: a Samba hand after a big pile), every side has melds
    (SAM-16: two runs of hearts lie apart), the rest of the pack is the stock."""
    rules = preset(rules_name)
    melds = _late_melds(rules)
    used: set[int] = set()
    for text in (LATE_HAND, *(t for texts in melds.values() for t in texts), "3h 3d", LATE_PILE):
        parse_cards(text, used)
    rest = [card_text(uid) for uid in build_deck(rules.decks, rules.jokers) if uid not in used]
    others = [rest[seat::LATE_SPREAD][:9] for seat in range(1, rules.players)]
    dealt = {card for hand in others for card in hand}
    stock = [card for card in rest if card not in dealt]
    mine, stock = _sized_hand(LATE_HAND.split(), others, stock, hand_size)
    hands = [" ".join(mine), *others]
    return state_from_setup(
        rules,
        hands,
        stock=stock,
        pile=LATE_PILE,
        melds=melds,
        bonus_threes={0: "3h", 1: "3d"},
        current=0,
        phase=Phase.PLAY,
        drew=DrawKind.STOCK,
        has_melded=tuple(range(rules.players)),
    )


def late_session(rules_name: str, level: str = "easy", hand_size: int = 0) -> Session:
    return Session.from_state(late_state(rules_name, hand_size), human_seat=0, level=level)
