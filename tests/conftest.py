"""Every test starts in English, whatever language the machine running it speaks."""

from __future__ import annotations

import pytest

from canasta_game.i18n import set_language


@pytest.fixture(autouse=True)
def _english(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANGUAGE", "en")
    set_language("en")
