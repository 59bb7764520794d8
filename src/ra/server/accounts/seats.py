"""An account's seats: claiming a guest seat (its token proves it), taking a free seat from the lobby's open
tables, how a table is listed there, and "my games" (every seat an account holds, on any device).

The tables' own rows are left as they are: which account holds which seat is in `account_seats`, how a table is
listed in `listings`. Taking a free seat gives it a new token through the table service (`reseat`), so the
creator's old invite link for that seat stops working: the seat is someone's now.
"""

from __future__ import annotations

import secrets
from typing import Any, Protocol

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from ra.core.text import t
from ra.server.accounts.errors import AccountError
from ra.server.accounts.moderation import Moderation
from ra.server.accounts.service import SignedIn, in_thread
from ra.server.accounts.store import AccountStore, HeldSeat, table_data, table_row
from ra.server.storage.rows import now
from ra.server.storage.schema import account_seats_t, listings_t, tables_t
from ra.server.tables.errors import ServiceError
from ra.server.tables.pace import turn_based
from ra.server.tables.snapshot import stand_ins
from ra.server.tables.summary import summary
from ra.server.tables.table import Table
from ra.server.tables.tokens import hash_matches, token_hash

LISTING_FIELDS = ("open_seats", "rated", "rated_bots", "turn_based", "bots_pool")
OPEN_LIMIT = 100  # open tables the lobby lists at once


class Tables(Protocol):
    """What the seats need of the table service (`ra.server.tables.service.TableService`)."""

    async def get(self, table_id: str) -> Table:
        """A loaded table; ServiceError not_found."""
        ...

    async def seat_for(self, table: Table, seat: Any, token: Any) -> int | None:
        """The seat a (seat, token) pair speaks for; ServiceError forbidden otherwise."""
        ...

    async def reseat(self, table: Table, seat: int, token_hash: str, name: str, *, bot: bool = False) -> None:
        """Give a free person seat a new token and name (`bot`: a bot account's); ServiceError if it is not
        free."""
        ...

    async def record(self, table: Table) -> dict[str, Any]:
        """A finished game's record without seed or order."""
        ...

    async def rename(self, table: Table, seat: int | None, name: Any, *, blank: bool = False) -> None:
        """Change a person seat's name (`blank`: to its default name)."""
        ...

    async def close(self, table: Table) -> bool:
        """Close a table that is not over (a moderator's); False if it is over."""
        ...


def refused(exc: ServiceError) -> AccountError:
    """A table service refusal as an account refusal (the service's own text)."""
    return AccountError(exc.status, exc.code, exc.text)


class Listings:
    """How tables are listed in the lobby, on `engine`."""

    def __init__(self, engine: sa.Engine) -> None:
        self.engine = engine

    def get(self, table_id: str) -> dict[str, bool]:
        """A table's listing (for a table never listed, every field false but `turn_based`: its pace's)."""
        with self.engine.connect() as c:
            row = c.execute(sa.select(listings_t).where(listings_t.c.table_id == table_id)).first()
            if row is None:
                options = c.execute(sa.select(tables_t.c.options).where(tables_t.c.id == table_id)).scalar()
                listing = dict.fromkeys(LISTING_FIELDS, False)
                return {**listing, "turn_based": turn_based(options or {}), "bots_pool": True}
        return {name: bool(row._mapping[name]) for name in LISTING_FIELDS}

    def put(self, table_id: str, listing: dict[str, bool]) -> None:
        """Store a table's listing (replacing any)."""
        with self.engine.begin() as c:
            hidden = c.execute(sa.select(listings_t.c.hidden).where(listings_t.c.table_id == table_id)).scalar()
            c.execute(listings_t.delete().where(listings_t.c.table_id == table_id))
            c.execute(listings_t.insert().values(table_id=table_id, hidden=bool(hidden), **listing))

    def open_tables(self, game: str | None, turn_based: bool | None) -> list[tuple[dict[str, Any], dict[str, bool]]]:
        """Open tables with open seats (newest first), as (row, listing), optionally of one game and pace."""
        query = (
            sa.select(tables_t, *(listings_t.c[name] for name in LISTING_FIELDS))
            .join(listings_t, listings_t.c.table_id == tables_t.c.id)
            .where(listings_t.c.open_seats.is_(True), listings_t.c.hidden.is_(False), tables_t.c.status == "open")
            .order_by(tables_t.c.updated.desc())
            .limit(OPEN_LIMIT)
        )
        if game is not None:
            query = query.where(tables_t.c.game == game)
        if turn_based is not None:
            query = query.where(listings_t.c.turn_based.is_(turn_based))
        with self.engine.connect() as c:
            rows = list(c.execute(query))
            held = {
                (r.table_id, int(r.seat))
                for r in c.execute(
                    sa.select(account_seats_t.c.table_id, account_seats_t.c.seat).where(
                        account_seats_t.c.table_id.in_([row.id for row in rows])
                    )
                )
            }
        found = []
        for row in rows:
            data = table_data(row)
            data["held"] = sorted(seat for table_id, seat in held if table_id == row.id)
            found.append((data, {name: bool(row._mapping[name]) for name in LISTING_FIELDS}))
        return found


class Seats:
    """Seats of accounts: claim, join, list, "my games"."""

    def __init__(
        self, store: AccountStore, listings: Listings, tables: Tables, moderation: Moderation | None = None
    ) -> None:
        self.store, self.listings, self.tables, self.moderation = store, listings, tables, moderation

    async def not_banned(self, account_id: int) -> None:
        """AccountError 403 (with the reason and end) if the account is banned: it takes no new seat."""
        if self.moderation is None:
            return
        sanction = await in_thread(self.moderation.sanction, account_id)
        if sanction is not None and sanction.kind == "ban":
            until = sanction.as_json()["until"]
            text = (
                t("You are banned until {until}: {reason}", until=until, reason=sanction.reason)
                if until
                else t("You are banned: {reason}", reason=sanction.reason)
            )
            raise AccountError(403, "banned", text)

    async def _table(self, table_id: str) -> Table:
        try:
            return await self.tables.get(table_id)
        except ServiceError as exc:
            raise refused(exc) from None

    async def list_table(self, table_id: str, creator: str, listing: dict[str, bool]) -> dict[str, bool]:
        """Set how a table is listed, for its creator, before anyone sits down (so a rated game's seats are known
        to be rated before they are taken)."""
        table = await self._table(table_id)
        if not hash_matches(table.row.creator_hash, creator):
            raise AccountError(403, "forbidden", t("Only the table's creator can list it."))
        if any(s["kind"] == "person" and s.get("taken") for s in table.row.seats) or table.state.is_terminal():
            raise AccountError(409, "state", t("A table is listed before anyone sits down."))
        if listing["rated_bots"] and not listing["rated"]:
            listing = {**listing, "rated_bots": False}
        # Turn-based as the table's pace is (tables/pace.py), whatever the body says.
        listing = {**listing, "turn_based": turn_based(table.row.options)}
        await in_thread(self.listings.put, table_id, listing)
        return listing

    async def listing(self, table_id: str) -> dict[str, bool]:
        """A table's listing."""
        await self._table(table_id)
        return await in_thread(self.listings.get, table_id)

    async def open_seats(self, game: str | None, players: int | None, turn_based: bool | None) -> list[dict[str, Any]]:
        """Open tables whose free seats a signed-in player may take, with those seats."""
        found = []
        for row, listing in await in_thread(self.listings.open_tables, game, turn_based):
            if players is not None and len(row["seats"]) != players:
                continue
            free = [
                i
                for i, s in enumerate(row["seats"])
                if s["kind"] == "person" and not s.get("taken") and i not in row["held"]
            ]
            if free:
                found.append({"table": summary(table_row(row)), "listing": listing, "free": free})
        return found

    async def claim(self, who: SignedIn, table_id: str, seat: int, token: str) -> dict[str, Any]:
        """Keep a guest seat (its token proves it is the caller's) under the account: "my games" lists it."""
        await self.not_banned(who.account.id)
        table = await self._table(table_id)
        try:
            n = await self.tables.seat_for(table, seat, token)
        except ServiceError as exc:
            raise refused(exc) from None
        if n is None:
            raise AccountError(400, "bad_message", t("Name the seat to keep."))
        holder = await in_thread(self.store.holder, table_id, n)
        if holder is None and not await in_thread(self.store.link, table_id, n, who.account.id, token, now()):
            holder = await in_thread(self.store.holder, table_id, n)
        if holder is not None and holder != who.account.id:
            raise AccountError(409, "taken", t("This seat is kept by another account."))
        if table.row.seats[n]["name"] != who.account.name:  # a kept seat is named as its account, as the chat names it
            try:
                await self.tables.rename(table, n, who.account.name)
            except ServiceError as exc:
                raise refused(exc) from None
        return _seat_answer(table_id, n, token)

    async def join(self, who: SignedIn, table_id: str, seat: int) -> dict[str, Any]:
        """Take a free seat of an open table listed with open seats: the seat's new token and link."""
        table = await self._table(table_id)
        listing = await in_thread(self.listings.get, table_id)
        seats = table.row.seats
        if not listing["open_seats"]:
            raise AccountError(403, "forbidden", t("This table's seats are taken by invitation only."))
        if not 0 <= seat < len(seats) or seats[seat]["kind"] != "person" or seats[seat].get("taken"):
            raise AccountError(409, "taken", t("This seat is not free."))
        if table.state.is_terminal():
            raise AccountError(409, "state", t("The game is over."))
        if any(h.table["id"] == table_id for h in await in_thread(self.store.held, who.account.id)):
            raise AccountError(409, "taken", t("You have a seat at this table already."))
        await self.not_banned(who.account.id)
        if self.moderation is not None:
            holders = [h for h in [await in_thread(self.store.holder, table_id, i) for i in range(len(seats))] if h]
            if await in_thread(self.moderation.blocked_between, who.account.id, holders):
                raise AccountError(403, "blocked", t("You cannot sit at this table."))
        token = secrets.token_urlsafe(16)
        if not await in_thread(self.store.link, table_id, seat, who.account.id, token, now()):
            raise AccountError(409, "taken", t("This seat is not free."))  # another player was quicker
        try:
            await self.tables.reseat(table, seat, token_hash(token), who.account.name)
        except (ServiceError, IntegrityError) as exc:
            await in_thread(self.store.unlink, table_id, seat, who.account.id)
            raise AccountError(409, "taken", t("This seat is not free.")) from exc
        return _seat_answer(table_id, seat, token)

    async def games(self, who: SignedIn) -> list[dict[str, Any]]:
        """Every seat the account holds: the table, whose turn, the last move, the result of a finished game."""
        return [await self._game(held) for held in await in_thread(self.store.held, who.account.id)]

    async def _game(self, held: HeldSeat) -> dict[str, Any]:
        row = table_row(held.table)
        entry: dict[str, Any] = {
            **_seat_answer(row.id, held.seat, held.token),
            "table": summary(row),
            "to_act": [],
            "your_turn": False,
            "last_move": None,
            "result": None,
            "replay": None,
        }
        if row.status == "finished":
            entry["replay"] = f"/replay/{row.id}"
            if held.scores is not None and held.winners is not None and held.scores:
                entry["result"] = {
                    "scores": held.scores,
                    "winners": held.winners,
                    "won": held.seat in held.winners,
                }
            return entry
        try:
            table = await self.tables.get(row.id)
        except ServiceError:
            return entry  # storage away or the game cannot be loaded: the row alone
        entry["table"] = summary(table.row)
        current = [] if table.state.is_terminal() else list(table.state.current_players())
        # Not the person's turn while a bot plays their seat (away, left, lost on time): the bot's.
        entry["to_act"], entry["your_turn"] = current, held.seat in current and held.seat not in stand_ins(table.row)
        if table.log:
            last = table.log[-1]
            said = last.get("said") or [None]
            entry["last_move"] = {"seq": last["seq"], "name": last["name"], "text": last["text"], "said": said[0]}
        return entry

    async def export(self, who: SignedIn) -> list[dict[str, Any]]:
        """The account's seats for its data export: each table's summary and, once finished, its record."""
        exported = []
        for held in await in_thread(self.store.held, who.account.id, 10_000):
            row = table_row(held.table)
            item: dict[str, Any] = {"seat": held.seat, "table": summary(row), "joined": held.joined.isoformat()}
            if row.status == "finished":
                try:
                    item["record"] = await self.tables.record(await self.tables.get(row.id))
                except ServiceError:
                    item["record"] = None
            exported.append(item)
        return exported

    async def renamed(self, seats: list[tuple[str, int, str]]) -> None:
        """Show the names a deleted account's seats got in the database (`AccountStore.delete`) on the tables in
        memory too, and to whoever watches them; a table that cannot be loaded has them when it next is."""
        for table_id, seat, name in seats:
            try:
                await self.tables.rename(await self.tables.get(table_id), seat, name, blank=not name)
            except (ServiceError, SQLAlchemyError, OSError):  # the account is gone already; the rows hold the new names
                continue


def _seat_answer(table_id: str, seat: int, token: str) -> dict[str, Any]:
    return {"id": table_id, "seat": seat, "token": token, "link": f"/t/{table_id}?seat={seat}&token={token}"}
