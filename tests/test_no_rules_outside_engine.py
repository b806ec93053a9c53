"""The table, the controller and the computer players read rule facts from the engine; they
never re-derive them from card ranks (issue 10). A joker's identity (``JOKER``, for drawing and
naming its face) stays allowed outside ai/; the rule-bearing constants do not."""

from __future__ import annotations

import ast
from pathlib import Path

import canasta_game

PACKAGE = Path(canasta_game.__file__).parent
#: Meld keys and the three/two ranks: comparing against them re-derives a rule. The card
#: class tables say what a card does, which variants change: read ``Rules.wild``,
#: ``Rules.stops``, ``Rules.hand_cost`` and the view's facts instead.
FORBIDDEN = {
    "WILD_KEY", "BLACK_THREE_KEY", "THREE", "TWO", "IS_RED_THREE", "IS_WILD", "IS_BLACK_THREE",
    "IS_CALIENTE",  # CAL-1: ``Rules.is_caliente`` and the view's Caliente facts
}  # fmt: skip
#: The computer players never need a joker's identity; the table's art and card names do
#: (the controller's hint and log words name a joker too).
FORBIDDEN_IN = {"ui": FORBIDDEN, "ai": FORBIDDEN | {"JOKER"}, "controller": FORBIDDEN}


def _offences(folder: str) -> list[str]:
    found = []
    for path in sorted((PACKAGE / folder).rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module == "canasta_game.engine.cards":
                found += [
                    f"{path.name} imports {a.name}"
                    for a in node.names
                    if a.name in FORBIDDEN_IN[folder]
                ]
            if isinstance(node, ast.FunctionDef) and "bonus_three" in node.name:
                found.append(f"{path.name} defines {node.name} (use Rules.is_bonus_three)")
    return found


def test_ui_decides_no_rule_from_ranks():
    assert _offences("ui") == []


def test_ai_decides_no_rule_from_ranks():
    assert _offences("ai") == []


def test_controller_decides_no_rule_from_ranks():
    """Gestures and hints read which cards are wild from the rules (``Rules.wild``)."""
    assert _offences("controller") == []


def test_the_check_would_catch_an_offence(tmp_path, monkeypatch):
    bad = tmp_path / "ui"
    bad.mkdir()
    (bad / "x.py").write_text("from canasta_game.engine.cards import WILD_KEY\n")
    monkeypatch.setattr(__import__(__name__), "PACKAGE", tmp_path)
    assert _offences("ui") == ["x.py imports WILD_KEY"]


def test_the_check_catches_the_card_class_tables(tmp_path, monkeypatch):
    bad = tmp_path / "ai"
    bad.mkdir()
    (bad / "x.py").write_text("from canasta_game.engine.cards import IS_WILD, JOKER, RANK_OF\n")
    monkeypatch.setattr(__import__(__name__), "PACKAGE", tmp_path)
    assert _offences("ai") == ["x.py imports IS_WILD", "x.py imports JOKER"]
