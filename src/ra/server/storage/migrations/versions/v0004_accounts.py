"""Accounts and their sessions, seats and sign-in failures; how tables are listed; players, ratings and results;
reported chat messages (docs/ACCOUNTS.md).

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | None = None
depends_on: str | None = None

NOW = sa.DateTime(timezone=True)


def upgrade() -> None:
    """Create the tables of accounts, ratings and chat reports."""
    op.create_table(
        "accounts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("name_key", sa.String(160), nullable=False, unique=True),
        sa.Column("password", sa.String(255), nullable=False),
        sa.Column("email", sa.String(254), nullable=True),
        sa.Column("created", NOW, nullable=False),
    )
    op.create_table(
        "sessions",
        sa.Column("id", sa.String(24), primary_key=True),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
        sa.Column("agent", sa.String(120), nullable=False, server_default=""),
        sa.Column("created", NOW, nullable=False),
        sa.Column("seen", NOW, nullable=False),
        sa.Column("expires", NOW, nullable=False),
    )
    op.create_index("ix_sessions_account_id", "sessions", ["account_id"])
    op.create_index("ix_sessions_expires", "sessions", ["expires"])
    op.create_table(
        "sign_in_failures",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("key", sa.String(80), nullable=False),
        sa.Column("at", NOW, nullable=False),
    )
    op.create_index("ix_sign_in_failures_key", "sign_in_failures", ["key"])
    op.create_index("ix_sign_in_failures_at", "sign_in_failures", ["at"])
    op.create_table(
        "account_seats",
        sa.Column("table_id", sa.String(40), sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
        sa.Column("token", sa.String(64), nullable=False),
        sa.Column("joined", NOW, nullable=False),
    )
    op.create_index("ix_account_seats_account_id", "account_seats", ["account_id"])
    op.create_table(
        "listings",
        sa.Column("table_id", sa.String(40), sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("open_seats", sa.Boolean, nullable=False),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("rated_bots", sa.Boolean, nullable=False),
        sa.Column("turn_based", sa.Boolean, nullable=False),
    )
    op.create_table(
        "players",
        sa.Column("id", sa.String(24), primary_key=True),
        sa.Column(
            "account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=True, unique=True
        ),
        sa.Column("bot", sa.String(200), nullable=True, unique=True),
        sa.Column("name", sa.String(200), nullable=False),
    )
    op.create_table(
        "ratings",
        sa.Column("player_id", sa.String(24), sa.ForeignKey("players.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("game", sa.String(20), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated", NOW, nullable=False),
    )
    op.create_table(
        "rating_history",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("player_id", sa.String(24), sa.ForeignKey("players.id", ondelete="CASCADE"), nullable=False),
        sa.Column("game", sa.String(20), nullable=False),
        sa.Column("table_id", sa.String(40), nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("at", NOW, nullable=False),
    )
    op.create_index("ix_rating_history_player_id", "rating_history", ["player_id"])
    op.create_table(
        "game_results",
        sa.Column("table_id", sa.String(40), sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("game", sa.String(20), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("scores", sa.JSON, nullable=False),
        sa.Column("winners", sa.JSON, nullable=False),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("finished", NOW, nullable=False),
    )
    op.create_table(
        "result_seats",
        sa.Column("table_id", sa.String(40), sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("player_id", sa.String(24), sa.ForeignKey("players.id", ondelete="CASCADE"), nullable=False),
        sa.Column("place", sa.Float, nullable=False),
        sa.Column("won", sa.Boolean, nullable=False),
    )
    op.create_index("ix_result_seats_player_id", "result_seats", ["player_id"])
    op.create_table(
        "chat_reports",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("room", sa.String(40), nullable=False),
        sa.Column("sender", sa.String(40), nullable=False),
        sa.Column("sender_key", sa.String(80), nullable=False),
        sa.Column("text", sa.String(1000), nullable=False),
        sa.Column("sent", NOW, nullable=False),
        sa.Column("reporter_key", sa.String(80), nullable=False),
        sa.Column("reported", NOW, nullable=False),
    )


def downgrade() -> None:
    """Drop them again."""
    for name in (
        "chat_reports",
        "result_seats",
        "game_results",
        "rating_history",
        "ratings",
        "players",
        "listings",
        "account_seats",
        "sign_in_failures",
        "sessions",
        "accounts",
    ):
        op.drop_table(name)
