"""Migration 0012 (bot accounts, tokens, invitations, ratings' pools) on a database with accounts and ratings in
it: down to 0011 and up again keeps them, every account a person's, every rating the people's, every listing's
games with bot accounts in the bots' pool; a player may then hold a rating in each pool."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import sqlalchemy as sa
from alembic import command

from ra.server.storage.schema import accounts_t, alembic_config, listings_t, players_t, ratings_t, tables_t, upgrade
from ra.server.storage.sql import SqlStorage

WHEN = dt.datetime(2026, 12, 6, tzinfo=dt.UTC)


def migrate(engine: sa.Engine, to: str) -> None:
    """Move the database's schema to revision `to` (down or up)."""
    config = alembic_config()
    with engine.connect() as connection:
        sqlite = connection.dialect.name == "sqlite"
        if sqlite:
            connection.exec_driver_sql("PRAGMA foreign_keys=OFF")
            connection.commit()
        with connection.begin():
            config.attributes["connection"] = connection
            command.downgrade(config, to)
        if sqlite:
            connection.exec_driver_sql("PRAGMA foreign_keys=ON")
            connection.commit()


def test_migration_0012_keeps_accounts_and_ratings_and_adds_the_pools(tmp_path: Path) -> None:
    storage = SqlStorage.in_dir(tmp_path)
    engine = storage.engine
    migrate(engine, "0011")
    with engine.begin() as c:
        account = {"name": "Ann", "name_key": "ann", "password": "x", "created": WHEN, "name_skeleton": "ann"}
        c.execute(sa.text("INSERT INTO accounts (id, name, name_key, password, created, name_skeleton) "
                          "VALUES (1, :name, :name_key, :password, :created, :name_skeleton)"), account)  # fmt: skip
        c.execute(sa.text("INSERT INTO players (id, account_id, name) VALUES ('p1', 1, 'Ann')"))
        c.execute(
            sa.text("INSERT INTO ratings (player_id, game, mu, sigma, games, updated) VALUES ('p1','ra',30,5,3,:w)"),
            {"w": WHEN},
        )
        table = {"id": "t1", "game": "ra", "options": "{}", "seed": 1, "seats": "[]", "status": "open", "w": WHEN}
        c.execute(
            sa.text("INSERT INTO tables (id, game, options, seed, seats, status, created, updated) "
                    "VALUES (:id, :game, :options, :seed, :seats, :status, :w, :w)"), table
        )  # fmt: skip
        c.execute(sa.text("INSERT INTO listings VALUES ('t1', true, true, false, false)"))
    upgrade(engine)
    with engine.begin() as c:
        assert c.execute(sa.select(accounts_t.c.kind, accounts_t.c.owner_id)).one() == ("person", None)
        assert c.execute(sa.select(ratings_t.c.pool, ratings_t.c.games)).one() == ("people", 3)
        assert c.execute(sa.select(listings_t.c.bots_pool)).scalar_one() is True
        values = {"player_id": "p1", "game": "ra", "mu": 25.0, "sigma": 8.0, "games": 1, "updated": WHEN}
        c.execute(ratings_t.insert().values(pool="bots", **values))  # a second pool beside the first
        assert c.execute(sa.select(sa.func.count()).select_from(ratings_t)).scalar_one() == 2
        assert c.execute(sa.select(players_t.c.name)).scalar_one() == "Ann"
        assert c.execute(sa.select(tables_t.c.id)).scalar_one() == "t1"
    storage.close()
