"""Analyses of finished games (docs/ANALYSIS.md, "In the server"): one row per table whose analysis was asked for,
with its progress, the claim of the process computing it, and the result.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | None = None
depends_on: str | None = None

NOW = sa.DateTime(timezone=True)


def upgrade() -> None:
    """Add the table."""
    op.create_table(
        "analyses",
        sa.Column("table_id", sa.String(40), sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("status", sa.String(8), nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("spec", sa.String(200), nullable=False),
        sa.Column("done", sa.Integer, nullable=False, server_default="0"),
        sa.Column("total", sa.Integer, nullable=True),
        sa.Column("reports", sa.JSON, nullable=True),
        sa.Column("result", sa.Text, nullable=True),
        sa.Column("owner", sa.String(80), nullable=True),
        sa.Column("expires", NOW, nullable=True),
        sa.Column("created", NOW, nullable=False),
        sa.Column("finished", NOW, nullable=True),
        sa.Column("error", sa.String(500), nullable=True),
    )
    op.create_index("ix_analyses_status", "analyses", ["status"])


def downgrade() -> None:
    """Drop it again."""
    op.drop_index("ix_analyses_status", table_name="analyses")
    op.drop_table("analyses")
