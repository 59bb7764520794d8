"""A game carries its own parts: no module outside a game's own packages names a game.

A game's own packages are `ra.games.<game>`, `ra.bots.<game>`, `ra.envs.<game>` and `ra.tutorials.<game>`; they
import their own game's packages and no other's (their strings are the game's own words: RA and Write's Ra card is
"ra", which is no game key there). Everything else asks the registry (`ra.games.GAMES`, the one place that lists the
games) and the games' packages, found by name. "Naming a game" is precise, since the package itself is called `ra`:
a registered game's name as a string constant used as a game key (compared, a dict key or index, a call's argument,
a default), or an import (or `import_module` path) of a game's own package.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

from ra.games import GAMES

SRC = Path(__file__).resolve().parents[1] / "src"
AREAS = ("games", "bots", "envs", "tutorials")  # ra.<area>.<game> is a game's own package
REGISTRY = "ra.games"  # its GAMES dict is the one place that lists the games


def module_name(path: Path) -> str:
    """The dotted name of a source file under src/."""
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def owner(module: str) -> str | None:
    """The game whose own package `module` (a dotted path) is or is inside, or None."""
    parts = module.split(".")
    if len(parts) >= 3 and parts[0] == "ra" and parts[1] in AREAS and parts[2] in GAMES:
        return parts[2]
    return None


def resolve(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    """The absolute module an ImportFrom imports from (relative imports resolved)."""
    if not node.level:
        return node.module or ""
    base = module.split(".")
    base = base if is_package else base[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, *([node.module] if node.module else [])])


def game_keys(node: ast.AST) -> Iterator[ast.expr]:
    """The expressions of `node` that are used as game keys, if it is a comparison, dict, index, call or default."""
    if isinstance(node, ast.Compare):
        for side in (node.left, *node.comparators):
            yield side
            if isinstance(side, ast.Tuple | ast.List | ast.Set):
                yield from side.elts
    elif isinstance(node, ast.Dict):
        yield from (key for key in node.keys if key is not None)
    elif isinstance(node, ast.Subscript):
        yield node.slice
        if isinstance(node.slice, ast.Tuple):
            yield from node.slice.elts
    elif isinstance(node, ast.Call):
        yield from node.args
        # keywords that pass a game; others (`name="ra"` of the command, `title=` of the app) name the program
        yield from (k.value for k in node.keywords if k.arg is not None and "game" in k.arg)
    elif isinstance(node, ast.arguments):
        yield from node.defaults
        yield from (d for d in node.kw_defaults if d is not None)
    elif isinstance(node, ast.IfExp):
        yield from (node.body, node.orelse)


def registry_nodes(tree: ast.Module) -> set[int]:
    """The ids of the nodes inside `GAMES = {...}` (or `GAMES: ... = {...}`) of the registry module."""
    inside: set[int] = set()
    for statement in tree.body:
        targets = (
            statement.targets
            if isinstance(statement, ast.Assign)
            else [statement.target]
            if isinstance(statement, ast.AnnAssign)
            else []
        )
        if any(isinstance(t, ast.Name) and t.id == "GAMES" for t in targets):
            inside |= {id(n) for n in ast.walk(statement)}
    return inside


def names_of_games(module: str, is_package: bool, source: str) -> list[str]:
    """Where a module names a game it does not own: 'line: what' for each place."""
    tree = ast.parse(source)
    mine = owner(module)
    allowed = registry_nodes(tree) if module == REGISTRY else set()
    found: list[str] = []

    def report(node: ast.AST, game: str | None, what: str) -> None:
        if game is not None and game != mine and id(node) not in allowed:
            found.append(f"{module}:{getattr(node, 'lineno', '?')}: {what}")

    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                report(node, owner(alias.name), f"import {alias.name}")
        elif isinstance(node, ast.ImportFrom):
            base = resolve(module, is_package, node)
            report(node, owner(base), f"from {base} import ...")
            for alias in node.names:
                report(node, owner(f"{base}.{alias.name}"), f"from {base} import {alias.name}")
        if mine is not None:
            continue  # inside a game's packages strings are its own words: RA and Write's Ra card is "ra"
        for key in game_keys(node):
            if isinstance(key, ast.Constant) and isinstance(key.value, str):
                if key.value in GAMES:
                    report(key, key.value, f"game key {key.value!r}")
                elif isinstance(node, ast.Call):  # importlib.import_module("ra.games.ra") and the like
                    report(key, owner(key.value), f"module path {key.value!r}")
    return found


def source_modules() -> Iterator[tuple[str, bool, str]]:
    """(dotted name, is a package, source) of every module of the installed-from-here package."""
    for path in sorted((SRC / "ra").rglob("*.py")):
        yield module_name(path), path.name == "__init__.py", path.read_text(encoding="utf-8")


def test_no_module_outside_a_games_own_packages_names_a_game() -> None:
    found = [place for module, package, source in source_modules() for place in names_of_games(module, package, source)]
    assert not found, "\n".join(found)


def test_the_check_finds_what_it_looks_for() -> None:
    """Each kind of naming is caught outside a game's packages, and allowed inside its own (for its own game)."""
    planted = {
        'if game == "ra":\n    pass\n': "game key 'ra'",
        'x = game in ("ra", "write")\n': "game key 'write'",
        'IDS = {"write": "ra/RaAndWrite-v0"}\n': "game key 'write'",
        'tutorial = TUTORIALS["ra"]\n': "game key 'ra'",
        'module = game_module("write")\n': "game key 'write'",
        'bot = make_bot("random", game="ra")\n': "game key 'ra'",
        'def env(game: str = "ra") -> None:\n    pass\n': "game key 'ra'",
        'game = args[0] if args else "ra"\n': "game key 'ra'",
        "import ra.games.ra as ra_game\n": "import ra.games.ra",
        "from ra.bots.write import heuristic\n": "from ra.bots.write import ...",
        "from ra.envs import ra\n": "from ra.envs import ra",
        "from .write import ENCODER\n": "from ra.envs.write import ...",
        'importlib.import_module("ra.tutorials.write")\n': "module path 'ra.tutorials.write'",
    }
    for source, what in planted.items():
        found = names_of_games("ra.envs.observation", False, source)
        assert any(what in place for place in found), (source, found)
    # the program's own name, docstrings, view keys and the registry are no game keys
    innocent = (
        '"""Reads ra.games.ra and the "ra" key."""\n'
        'app = typer.Typer(name="ra")\n'
        'path = base / "ra" / "learn.json"\n'
        'GAMES = {"ra": "ra.games.ra", "write": "ra.games.write"}\n'
    )
    assert names_of_games("ra.games", True, innocent) == []
    # a game's own packages may name their own game, never another
    assert names_of_games("ra.envs.ra.chance", False, 'import ra.games.ra\nGAME = game_module("ra")\n') == []
    assert names_of_games("ra.envs.write", True, "from .observation import ENCODER\n") == []
    assert names_of_games("ra.bots.write.playout", False, 'ra_cards = view["ra"]\n') == []  # the Ra card
    assert names_of_games("ra.bots.ra.heuristic", False, "import ra.games.write\n") != []


def test_each_games_helpers_show_fields_of_its_explanation() -> None:
    """A game's table helpers are bool options whose fields its `explain` gives (Ra: `lot_helper` → `lot_value`)."""
    from ra.core.protocol import HelperOption
    from ra.games import game_module

    helpers: dict[str, list[str]] = {}
    for game in GAMES:
        module = game_module(game)
        explained = module.explain(module.State.new({"players": 3}, seed=1).view(0))
        assert isinstance(explained["elements"], dict)
        for spec in module.TABLE_OPTIONS:
            assert isinstance(spec, HelperOption) and spec.kind == "bool" and spec.shows
            assert set(spec.shows) <= set(explained), (game, spec.name)
            helpers.setdefault(game, []).append(spec.name)
    assert helpers == {"ra": ["lot_helper"]}
