"""The package's promises that are about its source: no pickle, no eval, no pygame, no engine."""

from __future__ import annotations

import ast
from pathlib import Path

import canasta_game.persistence

PACKAGE = Path(canasta_game.persistence.__file__).parent
FORBIDDEN_MODULES = ("pickle", "shelve", "marshal", "pygame", "pygame_gui", "canasta_game.engine")


def _trees() -> list[tuple[Path, ast.AST]]:
    return [(p, ast.parse(p.read_text(encoding="utf-8"))) for p in sorted(PACKAGE.glob("*.py"))]


def test_package_has_its_modules() -> None:
    names = {p.name for p, _ in _trees()}
    assert {"paths.py", "atomic.py", "store.py", "settings.py", "stats.py", "saves.py"} <= names


def test_no_forbidden_imports_or_calls() -> None:
    for path, tree in _trees():
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                imported = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                imported = [node.module or ""]
            else:
                imported = []
            for name in imported:
                assert not name.startswith(FORBIDDEN_MODULES), f"{path.name} imports {name}"
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id not in {"eval", "exec"}, f"{path.name} calls {node.func.id}"
