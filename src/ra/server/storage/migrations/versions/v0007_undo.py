"""Undo: a stored step may take back the move of an earlier seq (`moves.undoes`), so that versions only grow.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Add `moves.undoes` (NULL for a move; the seq of the move taken back for an undo step)."""
    with op.batch_alter_table("moves") as batch:
        batch.add_column(sa.Column("undoes", sa.Integer, nullable=True))


def downgrade() -> None:
    """Drop `moves.undoes` (the undo steps would then read as moves: delete them first)."""
    op.execute(sa.text("DELETE FROM moves WHERE undoes IS NOT NULL"))
    with op.batch_alter_table("moves") as batch:
        batch.drop_column("undoes")
