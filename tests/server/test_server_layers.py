"""The server's parts stand in layers: no import runs back up.

A part is a folder or a module directly under `ra.server` (http/, tables/, people.py, ...). The imports between
parts, read from the source (every import, also those inside functions), must never close a circle: then each part
stands above all it imports. The web layer stands on top (no other part imports `ra.server.http`), and `guards/`
(limits, origins, look-alike names: what every part checks of clients) at the bottom, importing no other part.
"""

from __future__ import annotations

import ast
from pathlib import Path

SERVER = Path(__file__).resolve().parents[2] / "src" / "ra" / "server"
WEB, GROUND = "http", "guards"


def part_of(path: Path) -> str:
    """The part a source file belongs to: its first folder under ra/server, or its module's name."""
    first = path.relative_to(SERVER).parts[0]
    return first.removesuffix(".py")


def imported_parts(path: Path) -> set[str]:
    """The parts of ra.server that one source file imports (absolute imports: the project uses no relative ones)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
        if isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
        for name in names:
            parts = name.split(".")
            if parts[:2] == ["ra", "server"] and len(parts) > 2 and parts[2] != "__init__":
                found.add(parts[2])
    return found


def arrows() -> dict[str, set[str]]:
    """Each part and the other parts it imports."""
    graph: dict[str, set[str]] = {}
    for path in sorted(SERVER.rglob("*.py")):
        if path.parent == SERVER and path.name == "__init__.py":
            continue
        part = part_of(path)
        graph.setdefault(part, set()).update(imported_parts(path) - {part})
    return graph


def circle(graph: dict[str, set[str]]) -> list[str]:
    """One circle of imports among the parts, or [] if they stand in layers (a depth-first search)."""
    state: dict[str, str] = {}
    path: list[str] = []

    def visit(part: str) -> list[str]:
        state[part] = "open"
        path.append(part)
        for below in sorted(graph.get(part, ())):
            if state.get(below) == "open":
                return [*path[path.index(below) :], below]
            if below not in state and (found := visit(below)):
                return found
        state[part] = "done"
        path.pop()
        return []

    for part in sorted(graph):
        if part not in state and (found := visit(part)):
            return found
    return []


def test_the_parts_read_are_the_servers_parts() -> None:
    graph = arrows()
    assert {WEB, GROUND, "tables", "storage", "chat", "accounts", "notices", "people"} <= set(graph)
    assert {"tables", "storage", "accounts"} <= graph[WEB]


def test_no_import_runs_back_up() -> None:
    assert circle(arrows()) == []


def test_the_web_layer_is_on_top_and_the_guards_at_the_bottom() -> None:
    graph = arrows()
    assert sorted(part for part, below in graph.items() if WEB in below) == []
    assert graph[GROUND] == set()
