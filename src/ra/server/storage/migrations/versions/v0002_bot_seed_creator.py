"""Each table's bot secret (independent of the game seed) and the hash of its creator's token.

Revision ID: 0002
Revises: 0001
Create Date: 2025-01-01
"""

from __future__ import annotations

import secrets

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Add `tables.bot_seed` (a fresh secret for every existing table) and `tables.creator_hash`."""
    # Plain ADD COLUMN (no table rebuild): NOT NULL needs a default, then every existing table gets its own secret.
    op.add_column("tables", sa.Column("bot_seed", sa.BigInteger, nullable=False, server_default="0"))
    op.add_column("tables", sa.Column("creator_hash", sa.String(64), nullable=True))
    tables = sa.table("tables", sa.column("id", sa.String), sa.column("bot_seed", sa.BigInteger))
    connection = op.get_bind()
    for (table_id,) in connection.execute(sa.select(tables.c.id)).all():
        connection.execute(tables.update().where(tables.c.id == table_id).values(bot_seed=secrets.randbits(62)))


def downgrade() -> None:
    """Drop both columns."""
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("creator_hash")
        batch.drop_column("bot_seed")
