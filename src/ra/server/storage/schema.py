"""The database schema: SQLAlchemy tables, and Alembic migrations (`migrations/` beside this file) that build the same.

A test compares the two (Alembic's autogenerate comparison on a freshly migrated database must find nothing), so
a change here needs its migration and the other way round.
"""

from __future__ import annotations

from pathlib import Path

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from sqlalchemy.engine import Engine
from sqlalchemy.exc import SQLAlchemyError

MIGRATIONS = Path(__file__).with_name("migrations")
MIGRATION_LOCK = 0x7261_6D69  # PostgreSQL advisory lock held while one process migrates ("rami")

metadata = sa.MetaData()

tables_t = sa.Table(
    "tables",
    metadata,
    sa.Column("id", sa.String(40), primary_key=True),
    sa.Column("game", sa.String(20), nullable=False),
    sa.Column("options", sa.JSON, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("seats", sa.JSON, nullable=False),
    sa.Column("status", sa.String(16), nullable=False, index=True),
    sa.Column("seq", sa.Integer, nullable=False, server_default="0"),
    sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    sa.Column("updated", sa.DateTime(timezone=True), nullable=False),
    # The secret that seeds the table's bots (independent of the game seed; never sent).
    sa.Column("bot_seed", sa.BigInteger, nullable=False, server_default="0"),
    # SHA-256 of the creator's token (from which the seat tokens derive); NULL for tables made before it existed.
    sa.Column("creator_hash", sa.String(64), nullable=True),
)

moves_t = sa.Table(
    "moves",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("table_id", sa.String(40), sa.ForeignKey("tables.id", ondelete="CASCADE"), nullable=False),
    sa.Column("seq", sa.Integer, nullable=False),
    sa.Column("player", sa.Integer, nullable=False),
    sa.Column("action", sa.Integer, nullable=False),
    sa.Column("notation", sa.String(64), nullable=False),
    sa.Column("draws", sa.JSON, nullable=False),
    sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    sa.UniqueConstraint("table_id", "seq", name="uq_moves_table_seq"),
)

# A row per table whose bots must act: the lease on that bot turn (docs/DEPLOY.md). Written in the transaction of the
# move that hands the turn to a bot (and deleted by the one that ends it), so a due bot turn is never forgotten; a
# process plays it only while it is the `owner`, and another takes it over once `expires` has passed.
bot_turns_t = sa.Table(
    "bot_turns",
    metadata,
    sa.Column("table_id", sa.String(40), sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("seq", sa.Integer, nullable=False),  # the table's seq when its bots became due
    sa.Column("owner", sa.String(80), nullable=True),
    sa.Column("expires", sa.DateTime(timezone=True), nullable=False, index=True),
)

# What a storage call raises when the database cannot do it now (disk full, read-only, unreachable, locked).
STORAGE_ERRORS: tuple[type[BaseException], ...] = (SQLAlchemyError, OSError)


def alembic_config() -> Config:
    """Alembic's configuration for our migrations (programmatic, no alembic.ini)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


def upgrade(engine: Engine) -> None:
    """Bring the database schema to the newest Alembic revision."""
    config = alembic_config()
    with engine.connect() as connection:
        sqlite = connection.dialect.name == "sqlite"
        if sqlite:
            # A migration that rebuilds `tables` (Alembic's batch mode) must not cascade-delete the moves.
            connection.exec_driver_sql("PRAGMA foreign_keys=OFF")
            connection.commit()
        try:
            with connection.begin():
                if connection.dialect.name == "postgresql":
                    # Processes starting together migrate one after the other (the lock ends with the transaction).
                    connection.execute(sa.text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
                config.attributes["connection"] = connection
                command.upgrade(config, "head")
        finally:
            if sqlite:
                connection.exec_driver_sql("PRAGMA foreign_keys=ON")
                connection.commit()
