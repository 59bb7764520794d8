"""Notices when it is a person's turn: preferences per account, the queue of notices (one per turn), the digests
sent (docs/ACCOUNTS.md).

Revision ID: 0005_notices
Revises: 0004
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0005_notices"
down_revision: str | None = "0004"
branch_labels: str | None = None
depends_on: str | None = None

NOW = sa.DateTime(timezone=True)


def upgrade() -> None:
    """Create the tables of notices."""
    op.create_table(
        "notice_prefs",
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("mode", sa.String(8), nullable=False),
        sa.Column("quiet_from", sa.SmallInteger, nullable=True),
        sa.Column("quiet_to", sa.SmallInteger, nullable=True),
        sa.Column("time_zone", sa.String(64), nullable=False),
        sa.Column("language", sa.String(16), nullable=True),
        sa.Column("browser", sa.Boolean, nullable=False),
    )
    op.create_table(
        "notices",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(40), sa.ForeignKey("tables.id", ondelete="CASCADE"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("state", sa.String(8), nullable=False),
        sa.Column("created", NOW, nullable=False),
        sa.Column("due", NOW, nullable=False),
        sa.Column("tries", sa.Integer, nullable=False, server_default="0"),
        sa.Column("owner", sa.String(80), nullable=True),
        sa.Column("claimed_until", NOW, nullable=True),
        sa.Column("sent", NOW, nullable=True),
        sa.UniqueConstraint("table_id", "seat", "seq", name="uq_notices_turn"),
    )
    op.create_index("ix_notices_account_id", "notices", ["account_id"])
    op.create_index("ix_notices_due", "notices", ["due"])
    op.create_table(
        "notice_digests",
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("day", sa.String(10), primary_key=True),
        sa.Column("sent", NOW, nullable=False),
    )


def downgrade() -> None:
    """Drop them."""
    op.drop_table("notice_digests")
    op.drop_index("ix_notices_due", "notices")
    op.drop_index("ix_notices_account_id", "notices")
    op.drop_table("notices")
    op.drop_table("notice_prefs")
