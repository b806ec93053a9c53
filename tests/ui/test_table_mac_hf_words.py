"""Issue 12, the table: every refusal Modern American (MAC-*) and Hand and Foot (HF-*) can
give is worded, and every score line of their scoring is named."""

from __future__ import annotations

import ast
import inspect
import re

import pytest

from canasta_game.engine import game, handfoot, mac, scoring
from canasta_game.engine.cards import RANK_OF, parse_card
from canasta_game.engine.reasons import Reason
from canasta_game.engine.scoring import LINE_TEXT
from canasta_game.ui.score_lines import LABELS, score_line_label
from canasta_game.ui.table.reason_words import MESSAGES
from canasta_game.ui.table.wording import reason_text

#: A plausible raw value per parameter name (a card uid, a rank index, counts).
SAMPLE = {"card": parse_card("7h"), "rank": RANK_OF[parse_card("7h")]}


def _reasons(module: object, prefixes: tuple[str, ...]) -> list[tuple[str, str, tuple[str, ...]]]:
    """(rule, key, parameter names) of every ``reason("MAC-n", "key", ...)`` in ``module``."""
    found = []
    for node in ast.walk(ast.parse(inspect.getsource(module))):  # type: ignore[arg-type]
        if not (isinstance(node, ast.Call) and getattr(node.func, "id", "") == "reason"):
            continue
        first, second = node.args[:2]
        if not isinstance(second, ast.Constant):
            continue
        # a rule ID read from the rules (``rules.meld_max_rule``: CUB-4 or MAC-15) is the
        # preset's; its key is worded all the same
        rule = first.value if isinstance(first, ast.Constant) else "MAC-15"
        if rule.startswith(prefixes):
            found.append((rule, second.value, tuple(k.arg for k in node.keywords if k.arg)))
    return found


MAC_REASONS = _reasons(mac, ("MAC-",)) + _reasons(game, ("MAC-",))
HF_REASONS = _reasons(handfoot, ("HF-",))


def test_the_lists_are_not_empty() -> None:
    """The source scan finds the rules it is meant to check (dead ranks, rule of five, SWAD)."""
    keys = {key for _rule, key, _params in MAC_REASONS}
    assert {"rank_dead", "rule_of_five", "swad", "sevens_pure", "out_open_pure"} <= keys
    assert {"out_foot_first", "out_books", "book_full"} <= {k for _r, k, _p in HF_REASONS}


@pytest.mark.parametrize(("rule", "key", "params"), MAC_REASONS + HF_REASONS)
def test_every_mac_and_hf_refusal_reads_as_a_sentence(
    rule: str, key: str, params: tuple[str, ...]
) -> None:
    """MAC-10..33 and HF-9..17: each key has its sentence, with its values in words (no
    engine notation such as "7h" or a bare rank number, no unfilled placeholder)."""
    assert key in MESSAGES, (rule, key)
    why = Reason(rule, key, tuple((p, SAMPLE.get(p, 2)) for p in params))
    text = reason_text(why)
    assert text and text != "That move is not allowed."
    assert "{" not in text and not re.search(r"\b7h\b|#", text), text
    if "rank" in params:
        assert "seven" in text.lower(), text
    if "card" in params:
        assert "seven of hearts" in text.lower(), text


def test_dead_ranks_the_rule_of_five_and_swad_are_explained() -> None:
    """MAC-16, MAC-18, MAC-14: the three refusals a newcomer meets most say why."""
    seven = RANK_OF[parse_card("7h")]
    dead = reason_text(Reason("MAC-16", "rank_dead", (("rank", seven),)))
    assert "dead" in dead and "canasta" in dead
    five = reason_text(Reason("MAC-18", "rule_of_five", (("need", 5), ("have", 3))))
    assert "5" in five and "3" in five and "wild" in five
    swad = reason_text(Reason("MAC-14", "swad", (("card", parse_card("As")),)))
    assert swad.startswith("The ace of spades") and "empty pile" in swad


def test_every_score_line_of_mac_and_hf_is_named() -> None:
    """MAC-36..43 (mac.py's canasta, threes and penalty lines) and HF-19..22 have words."""
    source = inspect.getsource(mac) + inspect.getsource(scoring)
    keys = set(re.findall(r'"([a-z_]+(?:canastas|penalty|in_hand|books|caught))"', source))
    keys |= {"special_hand", "black_threes", "red_threes", "going_out", "foot_penalty"}
    assert keys <= set(LINE_TEXT), keys - set(LINE_TEXT)
    assert keys <= set(LABELS), keys - set(LABELS)
    for key in keys:
        assert score_line_label(key) != key.replace("_", " ")
