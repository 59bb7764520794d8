"""Bot turns and their leases, so that several server processes play each bot move exactly once.

Revision ID: 0003
Revises: 0002
Create Date: 2025-02-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Create `bot_turns` (a pending bot turn of a table, and which process holds it until when)."""
    op.create_table(
        "bot_turns",
        sa.Column("table_id", sa.String(40), sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("owner", sa.String(80), nullable=True),
        sa.Column("expires", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_bot_turns_expires", "bot_turns", ["expires"])


def downgrade() -> None:
    """Drop `bot_turns`."""
    op.drop_index("ix_bot_turns_expires", table_name="bot_turns")
    op.drop_table("bot_turns")
