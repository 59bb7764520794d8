"""Moves a bot made for a person's seat (`moves.stand_in`: the person was away, left or lost on time), so that the
log tells them as the bot's, never in the person's own words ("You bid"), also after a restart.

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0011"
down_revision: str | None = "0010"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Add `moves.stand_in` (NULL: the seat's own player made the move)."""
    with op.batch_alter_table("moves") as batch:
        batch.add_column(sa.Column("stand_in", sa.Boolean, nullable=True))


def downgrade() -> None:
    """Drop `moves.stand_in` (such moves then read as the person's own)."""
    with op.batch_alter_table("moves") as batch:
        batch.drop_column("stand_in")
