"""Moderation (docs/MODERATION.md): accounts' roles, sanctions (mutes and bans), the append-only moderation log,
players' blocks, listings a moderator hid, and the context kept with a chat report.

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0013"
down_revision: str | None = "0012"
branch_labels: str | None = None
depends_on: str | None = None

NOW = sa.DateTime(timezone=True)


def upgrade() -> None:
    """Add the tables and columns; nobody has a role, a sanction or a block yet, no listing is hidden."""
    op.create_table(
        "account_roles",
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("role", sa.String(12), primary_key=True),
        sa.Column("granted", NOW, nullable=False),
    )
    op.create_table(
        "sanctions",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("until", NOW, nullable=True),
        sa.Column("reason", sa.String(500), nullable=False),
        sa.Column("by", sa.String(80), nullable=False),
        sa.Column("created", NOW, nullable=False),
        sa.Column("lifted", NOW, nullable=True),
    )
    op.create_index("ix_sanctions_account_id", "sanctions", ["account_id"])
    op.create_table(
        "moderation_log",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("at", NOW, nullable=False),
        sa.Column("by", sa.String(80), nullable=False),
        sa.Column("action", sa.String(20), nullable=False),
        sa.Column("target", sa.String(80), nullable=False),
        sa.Column("reason", sa.String(500), nullable=False),
        sa.Column("details", sa.Text, nullable=False),
    )
    op.create_index("ix_moderation_log_target", "moderation_log", ["target"])
    op.create_table(
        "player_blocks",
        sa.Column("blocker_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("blocked_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("created", NOW, nullable=False),
    )
    op.create_index("ix_player_blocks_blocked_id", "player_blocks", ["blocked_id"])
    with op.batch_alter_table("listings") as batch:
        batch.add_column(sa.Column("hidden", sa.Boolean, nullable=False, server_default=sa.false()))
    with op.batch_alter_table("chat_reports") as batch:
        batch.add_column(sa.Column("context", sa.Text, nullable=True))
        batch.add_column(sa.Column("handled", NOW, nullable=True))


def downgrade() -> None:
    """Drop them again."""
    with op.batch_alter_table("chat_reports") as batch:
        batch.drop_column("handled")
        batch.drop_column("context")
    with op.batch_alter_table("listings") as batch:
        batch.drop_column("hidden")
    op.drop_table("player_blocks")
    op.drop_table("moderation_log")
    op.drop_table("sanctions")
    op.drop_table("account_roles")
