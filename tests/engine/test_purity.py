"""The engine stays pure: stdlib only, no clock, no file system, no global random.

Checked twice: statically (the import statements and every use of ``random`` in the
source) and dynamically (importing the engine in a fresh interpreter loads no pygame,
platformdirs or persistence module).
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import canasta_game.engine

ENGINE = Path(canasta_game.engine.__file__).parent
FORBIDDEN = {
    "pygame",
    "pygame_gui",
    "platformdirs",
    "time",
    "datetime",
    "os",
    "io",
    "pathlib",
    "shutil",
    "socket",
    "pickle",
    "tempfile",
    "threading",
    "asyncio",
    "sys",
    "glob",
}
ALLOWED_ROOTS = {
    "__future__",
    "collections",
    "dataclasses",
    "enum",
    "itertools",
    "operator",
    "typing",
    "random",
    "functools",
    "canasta_game",
}


def _modules() -> list[Path]:
    return sorted(ENGINE.rglob("*.py"))


def test_engine_imports_only_allowed_modules() -> None:
    for path in _modules():
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                root = name.split(".")[0]
                assert root not in FORBIDDEN, f"{path.name} imports {name}"
                assert root in ALLOWED_ROOTS, f"{path.name} imports {name}"
                if root == "canasta_game":
                    assert name.startswith("canasta_game.engine"), f"{path.name} imports {name}"


def test_random_is_only_used_through_seeded_generators() -> None:
    for path in _modules():
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module == "random":
                raise AssertionError(f"{path.name} imports names from random")
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id == "random"
            ):
                assert node.attr == "Random", f"{path.name} uses random.{node.attr}"


def test_importing_the_engine_loads_no_pygame_or_io_layers() -> None:
    code = (
        "import sys, canasta_game.engine, canasta_game.engine.movegen;"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('pygame', 'pygame_gui', "
        "'platformdirs') or m.startswith(('canasta_game.persistence', 'canasta_game.ui'))];"
        "print(bad); sys.exit(1 if bad else 0)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
