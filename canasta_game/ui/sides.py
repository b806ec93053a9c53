"""The colour that marks each side on the table and in the score dialog (issue 15, 9).

With four or six players the partners sit apart; a small mark in the side's colour next
to every name shows at a glance who plays with whom.
"""

from __future__ import annotations

SIDE_COLOURS: tuple[tuple[int, int, int], ...] = (
    (96, 186, 255),  # blue
    (255, 126, 102),  # coral
    (196, 150, 255),  # violet
    (126, 222, 138),  # green
    (255, 206, 96),  # amber
)


def side_colour(side: int) -> tuple[int, int, int]:
    return SIDE_COLOURS[side % len(SIDE_COLOURS)]
