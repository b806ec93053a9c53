"""The score sheet's numbers, read from the match and the view (drawn by ``drawers``)."""

from __future__ import annotations

from collections.abc import Sequence

from canasta_game.controller.session import Session
from canasta_game.engine.cards import VALUE_OF
from canasta_game.engine.observation import PlayerView
from canasta_game.i18n import _
from canasta_game.ui.score_lines import score_line_label
from canasta_game.ui.shell.score_dialog import cell_text, line_keys
from canasta_game.ui.table.drawers import SheetColumn


def sheet_columns(
    session: Session, view: PlayerView, side_names: Sequence[str]
) -> list[SheetColumn]:
    """One column per side: the card points melded so far this hand, then every finished
    hand of the match with the engine's own score lines, its total and the running total."""
    history = session.match.history
    columns = []
    for side in range(session.rules.sides):
        melded = sum(VALUE_OF[c] for meld in view.melds[side] for c in meld.cards)
        hands = []
        for record in history:
            score = record.score
            lines = [
                (score_line_label(key, session.rules), cell_text(score, side, key))
                for key in line_keys(score)
            ]
            lines.append((_("This hand"), str(score.totals[side])))
            hands.append(tuple(lines))
        columns.append(
            SheetColumn(
                name=side_names[side],
                side=side,
                melded_now=melded,
                match_now=session.match.scores[side],
                hands=tuple(hands),
                totals=tuple(record.totals_after[side] for record in history),
            )
        )
    return columns
