"""A table's data changes in one place, `Table.swap`, and a catch-up replays stored moves to the same table a rebuild
makes (both through `ra.core.record.replay_moves`)."""

from __future__ import annotations

import ast
import dataclasses
import random
from pathlib import Path

import pytest

from ra.core.protocol import GameState
from ra.games import game_module
from ra.server.cluster.catchup import Gap, absorb, rebuilt_into
from ra.server.storage.rows import MoveRow, TableRow
from ra.server.tables import table as table_module
from ra.server.tables.creation import loaded_table
from ra.server.tables.rebuild import new_state, rebuild
from ra.server.tables.table import Table

SERVER = Path(table_module.__file__).parents[1]
TABLE_FILE = Path(table_module.__file__)
FIELDS = {f.name for f in dataclasses.fields(Table)}
LISTS = {"log", "log_json", "steps", "current_at"}  # a table's lists: only swap adds to them
CHANGES_A_LIST = {"append", "extend", "insert", "pop", "remove", "clear", "sort", "reverse"}
WRITE = game_module("write")


def played(seed: int, moves: int) -> tuple[TableRow, GameState, list[MoveRow]]:
    """A 3-seat RA and Write table and `moves` random moves stored for it."""
    seats = [{"kind": "person", "name": name, "taken": True} for name in ("Ana", "Ben", "Cy")]
    row = TableRow("T", "write", {"players": 3}, seed, seats, "running")
    state = new_state(WRITE, row.options, seed)
    rng = random.Random(seed)
    while len(state.history) < moves and not state.is_terminal():
        player = state.current_players()[0]
        state.apply(rng.choice(list(state.legal_actions(player))), player)
    stored = [
        MoveRow(i + 1, m.player, m.action, WRITE.action_to_str(m.action), m.draws)
        for i, m in enumerate(state.history)
    ]
    return row, state, stored


def loaded(row: TableRow, moves: list[MoveRow]) -> Table:
    return loaded_table(dataclasses.replace(row, seq=len(moves)), rebuild(WRITE, row, moves), 2.0)


def same(a: Table, b: Table) -> None:
    assert a.state.to_json() == b.state.to_json()
    assert a.before is not None and b.before is not None and a.before.to_json() == b.before.to_json()
    assert a.log == b.log and a.current_at == b.current_at and a.steps == b.steps and a.seq == b.seq
    assert a.row.seq == b.row.seq and a.bots == b.bots


def test_a_catch_up_replays_stored_moves_to_the_table_a_rebuild_makes() -> None:
    row, _, moves = played(3, 40)
    table, whole = loaded(row, moves[:25]), loaded(row, moves)
    first, published = table.state, table.snap()
    assert absorb(table, row, moves[25:])
    same(table, whole)
    assert table.state is not first and published.state is first  # what was published stays as it was
    assert table.spectator_view() == whole.spectator_view()
    assert not absorb(table, dataclasses.replace(row, seq=40), [])  # nothing new: nothing changes


def test_a_stored_move_that_does_not_replay_changes_nothing() -> None:
    row, _, moves = played(5, 12)
    table = loaded(row, moves[:6])
    state, log = table.state, list(table.log)
    wrong = [moves[6], dataclasses.replace(moves[7], draws=("nothing drawn",))]
    with pytest.raises(Gap):
        absorb(table, row, wrong)
    with pytest.raises(Gap):
        absorb(table, row, moves[7:])  # seq 8 where 7 was expected
    assert table.state is state and table.log == log and table.seq == 6


def test_a_rebuilt_table_takes_the_place_of_the_one_in_memory() -> None:
    row, _, moves = played(7, 20)
    table, whole = loaded(row, moves[:10]), loaded(row, moves)
    rebuilt_into(table, whole)
    same(table, whole)
    assert table.snap().log == whole.log


def test_a_tables_fields_cannot_be_assigned() -> None:
    row, _, moves = played(1, 4)
    table = loaded(row, moves)
    for name in FIELDS:
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(table, name, getattr(table, name))


def _offences(tree: ast.AST) -> list[str]:
    """Where code changes a table's data other than through `Table.swap`: a field of a table assigned
    (`table.state = ...`), its row changed in place (`table.row.status = ...`), its lists changed in place
    (`table.log.append(...)`), or `object.__setattr__` called."""
    found: list[str] = []
    for node in ast.walk(tree):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign | ast.Delete):
            targets = list(node.targets)
        elif isinstance(node, ast.AugAssign | ast.AnnAssign):
            targets = [node.target]
        for target in targets:
            for part in ast.walk(target):
                if not isinstance(part, ast.Attribute | ast.Subscript):
                    continue
                base = part.value
                a_field = isinstance(part, ast.Attribute) and part.attr in FIELDS and isinstance(base, ast.Name)
                of_a_table = a_field and isinstance(base, ast.Name) and "table" in base.id.lower()
                in_place = isinstance(base, ast.Attribute) and base.attr in LISTS | {"row"}
                if of_a_table or in_place:
                    found.append(f"line {part.lineno}: {ast.unparse(target)} =")
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            owner = node.func.value
            if node.func.attr in CHANGES_A_LIST and isinstance(owner, ast.Attribute) and owner.attr in LISTS:
                found.append(f"line {node.lineno}: {ast.unparse(node)}")
            if node.func.attr == "__setattr__" and isinstance(owner, ast.Name) and owner.id == "object":
                found.append(f"line {node.lineno}: {ast.unparse(node)}")
    return sorted(set(found))


def test_nothing_outside_the_table_changes_its_data() -> None:
    offences = {
        str(path.relative_to(SERVER)): found
        for path in sorted(SERVER.rglob("*.py"))
        if path != TABLE_FILE and path.name != "settings.py"  # settings: a frozen dataclass of its own
        for found in [_offences(ast.parse(path.read_text(encoding="utf-8")))]
        if found
    }
    assert offences == {}


def test_in_the_table_only_swap_changes_its_data() -> None:
    tree = ast.parse(TABLE_FILE.read_text(encoding="utf-8"))
    table = next(node for node in tree.body if isinstance(node, ast.ClassDef) and node.name == "Table")
    writers = {
        method.name
        for method in table.body
        if isinstance(method, ast.FunctionDef) and _offences(method)
    }
    assert writers == {"swap", "_cache"}  # `_cache` fills in only the caches (it checks the names it is given)
    for method in table.body:
        if isinstance(method, ast.FunctionDef):
            for node in ast.walk(method):
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "_cache":
                    name = node.args[0]
                    assert isinstance(name, ast.Constant) and name.value in table_module._CACHES, method.name
