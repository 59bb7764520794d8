"""Results and ratings in SQL (schema.py): what the sweep finds and writes, and what leaderboards and player pages
read. Blocking calls; the sweep and the routes run them in threads.

`record` is the one write: the result's row (primary key: the table) and every rating the game changes, in one
transaction. A second process sweeping the same table fails on the key and writes nothing, so a rating moves once
per game; the rows it changes are locked first (`FOR UPDATE` on PostgreSQL; SQLite has one writer), in the order
of their ids, so that two games sharing a player never lose an update or wait for each other in a circle.

Rating farming is refused there too, from the database at sweep time (so it holds across restarts and processes): a
rated game between accounts seen at one address or on one device (`account_marks`) within a window, or of two
accounts that played too many rated games together lately, moves no rating; its result says why (`flag`).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from ra.server.accounts.store import public_id, table_data, utc
from ra.server.ratings.rating import MU, SIGMA, Rating
from ra.server.settings import AccountSettings
from ra.server.storage.schema import (
    account_marks_t,
    account_seats_t,
    accounts_t,
    game_results_t,
    listings_t,
    players_t,
    rating_history_t,
    ratings_t,
    result_seats_t,
    tables_t,
)


@dataclass(frozen=True)
class Finished:
    """A finished table not yet swept: its row, how it is listed, and which account holds each held seat."""

    row: dict[str, Any]
    rated: bool
    rated_bots: bool
    holders: dict[int, str]  # seat -> the holding account's player id
    bot_seats: frozenset[int] = frozenset()  # the seats bot accounts hold
    bots_pool: bool = True  # with a bot account at it, the table is rated in the bots' pool


@dataclass(frozen=True)
class Outcome:
    """What the sweep records of one table: the result, each player's seat and place, who is rated and how."""

    table_id: str
    game: str
    scores: list[int]
    winners: list[int]
    finished: dt.datetime
    seats: dict[int, tuple[str, float, bool]]  # seat -> (player id, place, won)
    rated: list[str]  # players whose ratings the game changes, in seat order
    anchors: list[str]  # players rated in the game whose own ratings stay as they are (bots among people)
    pool: str = "people"  # the ratings it moves: "people", or "bots" (a bot account played)


# Why a game listed as rated moved no rating (`game_results.flag`).
SHARED_DEVICE = "shared_device"  # two of its accounts were seen on one device within the window
SHARED_ADDRESS = "shared_address"  # ... at one client address
REPEAT_PAIRING = "repeat_pairing"  # two of its accounts played their allowed rated games together already


class RatingStore:
    """Results and ratings on `engine`, farming refused at the limits of `settings` (the defaults' without)."""

    def __init__(self, engine: sa.Engine, settings: AccountSettings | None = None) -> None:
        self.engine = engine
        self.settings = settings or AccountSettings()

    # -- the sweep ------------------------------------------------------------------------------------------------

    def unswept(self, limit: int) -> list[Finished]:
        """Finished tables without a result yet, the longest finished first."""
        done = sa.select(game_results_t.c.table_id)
        query = (
            sa.select(tables_t, listings_t.c.rated, listings_t.c.rated_bots, listings_t.c.bots_pool)
            .outerjoin(listings_t, listings_t.c.table_id == tables_t.c.id)
            .where(tables_t.c.status == "finished", tables_t.c.id.not_in(done))
            .order_by(tables_t.c.updated)
            .limit(limit)
        )
        with self.engine.connect() as c:
            rows = list(c.execute(query))
            ids = [row.id for row in rows]
            held = c.execute(
                sa.select(account_seats_t.c.table_id, account_seats_t.c.seat, players_t.c.id, accounts_t.c.kind)
                .join(players_t, players_t.c.account_id == account_seats_t.c.account_id)
                .join(accounts_t, accounts_t.c.id == account_seats_t.c.account_id)
                .where(account_seats_t.c.table_id.in_(ids))
            ).all()
        holders: dict[str, dict[int, str]] = {}
        bot_seats: dict[str, set[int]] = {}
        for table_id, seat, player, kind in held:
            holders.setdefault(table_id, {})[int(seat)] = str(player)
            if kind == "bot":
                bot_seats.setdefault(table_id, set()).add(int(seat))
        return [
            Finished(
                row=table_data(row),
                rated=bool(row.rated),
                rated_bots=bool(row.rated_bots),
                holders=holders.get(row.id, {}),
                bot_seats=frozenset(bot_seats.get(row.id, ())),
                bots_pool=row.bots_pool is not False,  # unlisted: as listed by default
            )
            for row in rows
        ]

    def bot_player(self, spec: str) -> str:
        """The player id of a bot (by its spec), made on its first game."""
        query = sa.select(players_t.c.id).where(players_t.c.bot == spec)
        with self.engine.connect() as c:
            found = c.execute(query).scalar()
        if found is not None:
            return str(found)
        try:
            with self.engine.begin() as c:
                player = public_id()
                c.execute(players_t.insert().values(id=player, bot=spec, name=spec))
                return player
        except IntegrityError:  # another process made it meanwhile
            with self.engine.connect() as c:
                return str(c.execute(query).scalar_one())

    def record(self, outcome: Outcome, rate: Callable[[Sequence[Rating], Sequence[float]], list[Rating]]) -> bool:
        """Write a result and the ratings it changes (`rate(ratings, places)` of the rated players and anchors);
        False if the table's result was written already (by another process)."""
        try:
            with self.engine.begin() as c:
                self._record(c, outcome, rate)
        except IntegrityError:
            return False
        return True

    def _record(
        self, c: sa.Connection, outcome: Outcome, rate: Callable[[Sequence[Rating], Sequence[float]], list[Rating]]
    ) -> None:
        c.execute(
            game_results_t.insert().values(
                table_id=outcome.table_id,
                game=outcome.game,
                players=len(outcome.scores),
                scores=outcome.scores,
                winners=outcome.winners,
                rated=bool(outcome.rated),
                finished=outcome.finished,
            )
        )  # first: a second sweep of the table stops here, on the primary key
        if outcome.seats:
            c.execute(
                result_seats_t.insert(),
                [
                    {"table_id": outcome.table_id, "seat": seat, "player_id": player, "place": place, "won": won}
                    for seat, (player, place, won) in outcome.seats.items()
                ],
            )
        if not outcome.rated:
            return
        entrants = [(seat, player, place) for seat, (player, place, _) in sorted(outcome.seats.items())]
        entrants = [e for e in entrants if e[1] in outcome.rated or e[1] in outcome.anchors]
        current = self._locked(c, sorted({player for _, player, _ in entrants}), outcome.game, outcome.pool)
        flag = self._farmed(c, outcome)  # after the lock: games of the same players are counted one after the other
        if flag is not None:
            key = game_results_t.c.table_id == outcome.table_id
            c.execute(game_results_t.update().where(key).values(rated=False, flag=flag))
            return
        after = rate([current.get(player, (MU, SIGMA))[:2] for _, player, _ in entrants], [p for _, _, p in entrants])
        for (_, player, _), (mu, sigma) in zip(entrants, after, strict=True):
            games = current[player][2] + 1 if player in current else 1
            if player not in outcome.rated:
                # An anchor (a bot among people): rated against, never moved by people's games, but counted and
                # shown, so the leaderboard lists every bot that played a rated game.
                mu, sigma = current.get(player, (MU, SIGMA))[:2]
            values = {"mu": mu, "sigma": sigma, "games": games, "updated": outcome.finished}
            if player in current:
                key = (
                    (ratings_t.c.player_id == player)
                    & (ratings_t.c.game == outcome.game)
                    & (ratings_t.c.pool == outcome.pool)
                )
                c.execute(ratings_t.update().where(key).values(**values))
            else:
                c.execute(ratings_t.insert().values(player_id=player, game=outcome.game, pool=outcome.pool, **values))
            if player not in outcome.rated:
                continue  # its rating did not move: no history
            c.execute(
                rating_history_t.insert().values(
                    player_id=player, game=outcome.game, table_id=outcome.table_id, mu=mu, sigma=sigma,
                    at=outcome.finished, pool=outcome.pool,
                )
            )  # fmt: skip

    def _farmed(self, c: sa.Connection, outcome: Outcome) -> str | None:
        """Why this rated game must move no rating (a flag), or None: two of its accounts share a device or an
        address seen within `shared_mark_days` of its end, or played `pairing_games` rated games together within
        `pairing_window` before it."""
        query = sa.select(players_t.c.id, players_t.c.account_id).where(
            players_t.c.id.in_(outcome.rated), players_t.c.account_id.is_not(None)
        )
        accounts = {str(player): int(account) for player, account in c.execute(query)}
        if len(accounts) < 2:
            return None
        settings = self.settings
        if settings.shared_mark_days > 0:
            since = outcome.finished - dt.timedelta(days=settings.shared_mark_days)
            one, other = account_marks_t.alias("one"), account_marks_t.alias("other")
            shared = {
                str(kind)
                for (kind,) in c.execute(
                    sa.select(one.c.kind)
                    .join(other, (one.c.kind == other.c.kind) & (one.c.mark == other.c.mark))
                    .where(
                        one.c.account_id.in_(accounts.values()),
                        other.c.account_id.in_(accounts.values()),
                        one.c.account_id < other.c.account_id,
                        one.c.seen >= since,
                        other.c.seen >= since,
                    )
                    .distinct()
                )
            }
            if "device" in shared:
                return SHARED_DEVICE
            if "address" in shared:
                return SHARED_ADDRESS
        if settings.pairing_games > 0:
            since = outcome.finished - dt.timedelta(seconds=settings.pairing_window)
            one, other = result_seats_t.alias("one"), result_seats_t.alias("other")
            pairs = (
                sa.select(sa.func.count())
                .select_from(one)
                .join(other, one.c.table_id == other.c.table_id)
                .join(game_results_t, game_results_t.c.table_id == one.c.table_id)
                .where(
                    one.c.player_id.in_(accounts),
                    other.c.player_id.in_(accounts),
                    one.c.player_id < other.c.player_id,
                    game_results_t.c.rated.is_(True),
                    game_results_t.c.finished >= since,
                    game_results_t.c.table_id != outcome.table_id,
                )
                .group_by(one.c.player_id, other.c.player_id)
            )
            if any(int(games) >= settings.pairing_games for (games,) in c.execute(pairs)):
                return REPEAT_PAIRING
        return None

    def _locked(
        self, c: sa.Connection, players: list[str], game: str, pool: str
    ) -> dict[str, tuple[float, float, int]]:
        """The current ratings of these players in `game` and `pool`, their rows locked until the transaction
        ends."""
        query = (
            sa.select(ratings_t.c.player_id, ratings_t.c.mu, ratings_t.c.sigma, ratings_t.c.games)
            .where(ratings_t.c.player_id.in_(players), ratings_t.c.game == game, ratings_t.c.pool == pool)
            .order_by(ratings_t.c.player_id)
        )
        if c.dialect.name == "postgresql":
            query = query.with_for_update()
        return {str(r.player_id): (float(r.mu), float(r.sigma), int(r.games)) for r in c.execute(query)}

    # -- reading ------------------------------------------------------------------------------------------------------

    def leaderboard(self, game: str, limit: int, pool: str = "people") -> list[dict[str, Any]]:
        """The rated players of a game in a pool, the best shown rating first; `kind` the account's ("bot" for a
        bot account; None for a built-in bot)."""
        query = (
            sa.select(players_t.c.id, players_t.c.name, players_t.c.bot, ratings_t.c.mu, ratings_t.c.sigma,
                      ratings_t.c.games, accounts_t.c.kind)
            .join(ratings_t, ratings_t.c.player_id == players_t.c.id)
            .outerjoin(accounts_t, accounts_t.c.id == players_t.c.account_id)
            .where(ratings_t.c.game == game, ratings_t.c.pool == pool)
            .order_by((ratings_t.c.mu - 3 * ratings_t.c.sigma).desc(), players_t.c.id)
            .limit(limit)
        )  # fmt: skip
        with self.engine.connect() as c:
            return [dict(row._mapping) for row in c.execute(query)]

    def player(self, player_id: str) -> dict[str, Any] | None:
        """A player's name, bot spec (a built-in bot's) and account kind ("bot" for a bot account), or None."""
        query = (
            sa.select(players_t.c.id, players_t.c.name, players_t.c.bot, accounts_t.c.kind)
            .outerjoin(accounts_t, accounts_t.c.id == players_t.c.account_id)
            .where(players_t.c.id == player_id)
        )
        with self.engine.connect() as c:
            row = c.execute(query).first()
        return None if row is None else dict(row._mapping)

    def ratings_of(self, player_id: str) -> list[dict[str, Any]]:
        """A player's rating in each game and pool."""
        query = (
            sa.select(ratings_t)
            .where(ratings_t.c.player_id == player_id)
            .order_by(ratings_t.c.game, ratings_t.c.pool.desc())  # "people" first
        )
        with self.engine.connect() as c:
            return [dict(row._mapping) for row in c.execute(query)]

    def history(self, player_id: str, limit: int = 500) -> list[dict[str, Any]]:
        """A player's ratings after each rated game, oldest first (the newest `limit`)."""
        query = (
            sa.select(rating_history_t.c.game, rating_history_t.c.table_id, rating_history_t.c.mu,
                      rating_history_t.c.sigma, rating_history_t.c.at, rating_history_t.c.pool)
            .where(rating_history_t.c.player_id == player_id)
            .order_by(rating_history_t.c.id.desc())
            .limit(limit)
        )  # fmt: skip
        with self.engine.connect() as c:
            rows = [dict(row._mapping) for row in c.execute(query)]
        for row in rows:
            row["at"] = utc(row["at"])
        return rows[::-1]

    def results_of(self, player_id: str, limit: int = 50) -> list[dict[str, Any]]:
        """A player's finished games (newest first): the table, game, player count, its seat, place and win."""
        query = (
            sa.select(result_seats_t.c.table_id, result_seats_t.c.seat, result_seats_t.c.place, result_seats_t.c.won,
                      game_results_t.c.game, game_results_t.c.players, game_results_t.c.rated,
                      game_results_t.c.finished)
            .join(game_results_t, game_results_t.c.table_id == result_seats_t.c.table_id)
            .where(result_seats_t.c.player_id == player_id)
            .order_by(game_results_t.c.finished.desc())
            .limit(limit)
        )  # fmt: skip
        with self.engine.connect() as c:
            rows = [dict(row._mapping) for row in c.execute(query)]
        for row in rows:
            row["finished"] = utc(row["finished"])
        return rows

    def win_shares(self, player_id: str) -> list[dict[str, Any]]:
        """Per game and player count: the player's games and wins."""
        query = (
            sa.select(game_results_t.c.game, game_results_t.c.players, sa.func.count().label("games"),
                      sa.func.sum(sa.case((result_seats_t.c.won, 1), else_=0)).label("wins"))
            .join(game_results_t, game_results_t.c.table_id == result_seats_t.c.table_id)
            .where(result_seats_t.c.player_id == player_id)
            .group_by(game_results_t.c.game, game_results_t.c.players)
            .order_by(game_results_t.c.game, game_results_t.c.players)
        )  # fmt: skip
        with self.engine.connect() as c:
            return [dict(row._mapping) for row in c.execute(query)]
