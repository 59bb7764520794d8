"""Both games have one layout (docs/ARCHITECTURE.md): the same modules hold the same kinds of things, and no module
of a game imports, even for type checking only, a module that imports it back."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

from ra.games import GAMES

# The modules every game has, each holding the same kind of thing (the module docstrings say which).
LAYOUT = (
    "tables", "phases", "options", "actions", "legal", "mechanics", "checks", "scoring", "fields", "state",
    "view", "fromview", "serial", "render", "narrate", "words",
)  # fmt: skip


def _imports(package: str) -> dict[str, set[str]]:
    """Module name -> the modules of the same package it imports (anywhere in it, TYPE_CHECKING blocks included)."""
    folder = Path(importlib.import_module(package).__path__[0])
    graph: dict[str, set[str]] = {}
    for path in folder.glob("*.py"):
        name = path.stem
        targets: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                if node.module == package:
                    targets.update(alias.name for alias in node.names)
                elif node.module.startswith(package + "."):
                    targets.add(node.module.removeprefix(package + ".").split(".")[0])
        graph[name] = targets & {p.stem for p in folder.glob("*.py")} - {name}
    return graph


def _cycle(graph: dict[str, set[str]]) -> list[str]:
    """One import cycle among the package's modules (the package's __init__ aside), or []."""
    modules = {name: deps - {"__init__"} for name, deps in graph.items() if name != "__init__"}
    done: set[str] = set()

    def visit(name: str, path: list[str]) -> list[str]:
        if name in path:
            return [*path[path.index(name) :], name]
        if name in done:
            return []
        for dep in sorted(modules.get(name, ())):
            found = visit(dep, [*path, name])
            if found:
                return found
        done.add(name)
        return []

    for name in sorted(modules):
        found = visit(name, [])
        if found:
            return found
    return []


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_has_the_same_modules(game: str) -> None:
    folder = Path(importlib.import_module(GAMES[game]).__path__[0])
    assert set(LAYOUT) <= {path.stem for path in folder.glob("*.py")}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_rules_tables_hold_the_players_limits_and_the_options_module_the_options(game: str) -> None:
    package = GAMES[game]
    tables = importlib.import_module(f"{package}.tables")
    options = importlib.import_module(f"{package}.options")
    module = importlib.import_module(package)
    assert (module.MIN_PLAYERS, module.MAX_PLAYERS) == (tables.MIN_PLAYERS, tables.MAX_PLAYERS) == (2, 5)
    assert module.GAME == tables.GAME == game
    assert module.OPTIONS is options.OPTIONS and module.Options is options.Options
    assert "OVER" in vars(importlib.import_module(f"{package}.phases"))


@pytest.mark.parametrize("game", sorted(GAMES))
def test_no_module_of_a_game_imports_one_that_imports_it_back(game: str) -> None:
    assert _cycle(_imports(GAMES[game])) == []


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert _cycle({"state": {"view"}, "view": {"tables", "state"}, "tables": set()}) == ["state", "view", "state"]
