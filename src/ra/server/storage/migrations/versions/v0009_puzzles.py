"""Puzzles: the accounts' puzzle ratings, the puzzles' ratings and each account's first answer (docs/PUZZLES.md).

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
    """Add the three tables."""
    op.create_table(
        "puzzle_solvers",
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("game", sa.String(20), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("answers", sa.Integer, nullable=False),
        sa.Column("solved", sa.Integer, nullable=False),
        sa.Column("updated", NOW, nullable=False),
    )
    op.create_table(
        "puzzle_ratings",
        sa.Column("game", sa.String(20), primary_key=True),
        sa.Column("puzzle_id", sa.String(64), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("answers", sa.Integer, nullable=False),
        sa.Column("solved", sa.Integer, nullable=False),
    )
    op.create_table(
        "puzzle_answers",
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("game", sa.String(20), primary_key=True),
        sa.Column("puzzle_id", sa.String(64), primary_key=True),
        sa.Column("correct", sa.Boolean, nullable=False),
        sa.Column("at", NOW, nullable=False),
    )


def downgrade() -> None:
    """Drop them again."""
    op.drop_table("puzzle_answers")
    op.drop_table("puzzle_ratings")
    op.drop_table("puzzle_solvers")
