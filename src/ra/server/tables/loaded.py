"""This process's tables: the loaded ones in bounded memory (`cache.LoadedTables`), any other rebuilt from storage
when it is asked for, by replaying its stored moves from (options, seed).

Shared by the table service, the bot runner and the cluster coordinator: each asks for a table here, and none of
them rebuilds one itself.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator

from ra.core.protocol import GameState
from ra.core.text import t
from ra.games import game_module
from ra.server.metrics import meter
from ra.server.settings import ServiceSettings
from ra.server.storage.rows import MoveRow, Storage, TableRow
from ra.server.tables.cache import LoadedTables
from ra.server.tables.commits import StorageCalls
from ra.server.tables.creation import allowed_plugins, loaded_table
from ra.server.tables.errors import ServiceError
from ra.server.tables.rebuild import Rebuilt, rebuild
from ra.server.tables.table import Table


class TableLoader:
    """The tables of one process. A table stays loaded while `pinned(id)` says so (clients watch it, a bot plays it,
    an action is being stored); beyond `settings.idle_tables` unpinned ones, the least recently used leave memory."""

    def __init__(
        self, storage: Storage, db: StorageCalls, settings: ServiceSettings, pinned: Callable[[str], bool]
    ) -> None:
        self.storage, self.db = storage, db
        self.bot_seconds = settings.bot_seconds
        self.plugins = allowed_plugins(settings)  # the plug-in bots the operator allows
        self.loaded = LoadedTables(settings.idle_tables, pinned)
        self._loading: dict[str, asyncio.Lock] = {}

    async def get(self, table_id: str) -> Table:
        """A loaded table (rebuilt from storage if not in memory); ServiceError not_found if there is none."""
        table = self.loaded.get(table_id)
        if table is not None:
            return table
        lock = self._loading.setdefault(table_id, asyncio.Lock())
        try:
            async with lock:
                table = self.loaded.get(table_id)
                if table is not None:
                    return table
                row = await self.db(self.storage.get_table, table_id)
                if row is None:
                    raise ServiceError("not_found", t("there is no table {table}", table=repr(table_id)))
                moves = await self.db(self.storage.moves, table_id)
                # Replaying a whole game takes a while: in a thread, so that the event loop keeps answering.
                table = await asyncio.to_thread(self.rebuilt, row, moves)
                self.loaded.put(table_id, table)
                meter().tables_loaded(len(self.loaded))
                return table
        finally:
            self._loading.pop(table_id, None)

    async def live(self, table: Table) -> Table:
        """The loaded copy of `table` (a caller's copy may have left memory meanwhile: it is reloaded)."""
        current = self.loaded.get(table.row.id)
        return current if current is not None else await self.get(table.row.id)

    def rebuilt(self, row: TableRow, moves: list[MoveRow]) -> Table:
        """A stored table as it is in memory, its game replayed from (options, seed) through `moves` (blocking)."""
        table = loaded_table(row, rebuild(game_module(row.game), row, moves), self.bot_seconds, self.plugins)
        if table.needs_judging():
            table.verdict()  # whether its last move may be taken back, judged here in the rebuild's thread
        return table

    def add(self, row: TableRow, state: GameState) -> Table:
        """A new table (just stored), now loaded."""
        table = loaded_table(
            row, Rebuilt(state, [state.current_players()], [], None, []), self.bot_seconds, self.plugins
        )
        self.loaded.put(row.id, table)
        meter().tables_loaded(len(self.loaded))
        return table

    def peek(self, table_id: str) -> Table | None:
        """The table if loaded, without counting it as used."""
        return self.loaded.peek(table_id)

    def pop(self, table_id: str) -> Table | None:
        """Forget a table (it is rebuilt from storage when asked for again)."""
        table = self.loaded.pop(table_id)
        meter().tables_loaded(len(self.loaded))
        return table

    def evict(self) -> None:
        """Let idle tables beyond the limit leave memory (a table just lost a pin)."""
        self.loaded.evict()
        meter().tables_loaded(len(self.loaded))

    def __getitem__(self, table_id: str) -> Table:
        return self.loaded[table_id]

    def __contains__(self, table_id: object) -> bool:
        return table_id in self.loaded

    def __len__(self) -> int:
        return len(self.loaded)

    def __iter__(self) -> Iterator[str]:
        return iter(self.loaded)
