"""The players' clocks: each table's clock state, its next timer and the version of its clock events
(tables/clocks.py, docs/PROTOCOL.md).

Revision ID: 0006
Revises: 0005_notices
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005_notices"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Add the clock columns to `tables` (every existing table has no clock)."""
    op.add_column("tables", sa.Column("clock", sa.JSON, nullable=True))
    op.add_column("tables", sa.Column("due", sa.DateTime(timezone=True), nullable=True))
    op.add_column("tables", sa.Column("clock_version", sa.Integer, nullable=False, server_default="0"))
    op.create_index("ix_tables_due", "tables", ["due"])


def downgrade() -> None:
    """Drop them again."""
    op.drop_index("ix_tables_due", table_name="tables")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("clock_version")
        batch.drop_column("due")
        batch.drop_column("clock")
