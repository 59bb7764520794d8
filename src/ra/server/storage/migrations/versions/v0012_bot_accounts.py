"""Bot accounts and the Bot API (docs/BOT_API.md): an account's kind and owner, bot tokens (their SHA-256 only),
invitations of bots to seats, and the ratings' pools (a rated table with a bot account at it is rated apart).

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0012"
down_revision: str | None = "0011"
branch_labels: str | None = None
depends_on: str | None = None

NOW = sa.DateTime(timezone=True)


def upgrade() -> None:
    """Add the columns and tables; every account made before is a person's, every rating the people's."""
    with op.batch_alter_table("accounts") as batch:
        batch.add_column(sa.Column("kind", sa.String(8), nullable=False, server_default="person"))
        batch.add_column(sa.Column("owner_id", sa.Integer, nullable=True))
        batch.create_foreign_key("fk_accounts_owner_id", "accounts", ["owner_id"], ["id"], ondelete="CASCADE")
        batch.create_index("ix_accounts_owner_id", ["owner_id"])
    op.create_table(
        "bot_tokens",
        sa.Column("id", sa.String(24), primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("label", sa.String(40), nullable=False),
        sa.Column("scopes", sa.String(40), nullable=False),
        sa.Column("created", NOW, nullable=False),
        sa.Column("last_used", NOW, nullable=True),
        sa.Column("revoked", NOW, nullable=True),
    )
    op.create_index("ix_bot_tokens_account_id", "bot_tokens", ["account_id"])
    op.create_table(
        "bot_invitations",
        sa.Column("table_id", sa.String(40), sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
        sa.Column("by", sa.String(40), nullable=False, server_default=""),
        sa.Column("created", NOW, nullable=False),
    )
    op.create_index("ix_bot_invitations_account_id", "bot_invitations", ["account_id"])
    with op.batch_alter_table("listings") as batch:
        batch.add_column(sa.Column("bots_pool", sa.Boolean, nullable=False, server_default=sa.true()))
    with op.batch_alter_table("rating_history") as batch:
        batch.add_column(sa.Column("pool", sa.String(8), nullable=False, server_default="people"))
    _ratings_key(["player_id", "game", "pool"], add_pool=True)


def _ratings_key(columns: list[str], add_pool: bool) -> None:
    """Give `ratings` the primary key `columns` (adding or dropping its `pool` column)."""
    if op.get_bind().dialect.name == "postgresql":
        op.drop_constraint("ratings_pkey", "ratings", type_="primary")
        if add_pool:
            op.add_column("ratings", sa.Column("pool", sa.String(8), nullable=False, server_default="people"))
        else:
            op.drop_column("ratings", "pool")
        op.create_primary_key("ratings_pkey", "ratings", columns)
        return
    # SQLite cannot change a primary key in place: a new table with the key, the rows copied over.
    pool = [sa.Column("pool", sa.String(8), primary_key=True, server_default="people")] if add_pool else []
    op.create_table(
        "ratings_new",
        sa.Column("player_id", sa.String(24), sa.ForeignKey("players.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("game", sa.String(20), primary_key=True),
        *pool,
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated", NOW, nullable=False),
    )
    kept = "player_id, game, mu, sigma, games, updated"
    op.execute(f"INSERT INTO ratings_new ({kept}) SELECT {kept} FROM ratings")
    op.drop_table("ratings")
    op.rename_table("ratings_new", "ratings")


def downgrade() -> None:
    """Drop them again (the bots' pool's ratings with them)."""
    op.execute("DELETE FROM ratings WHERE pool <> 'people'")
    _ratings_key(["player_id", "game"], add_pool=False)
    with op.batch_alter_table("rating_history") as batch:
        batch.drop_column("pool")
    with op.batch_alter_table("listings") as batch:
        batch.drop_column("bots_pool")
    op.drop_table("bot_invitations")
    op.drop_table("bot_tokens")
    with op.batch_alter_table("accounts") as batch:
        batch.drop_index("ix_accounts_owner_id")
        batch.drop_constraint("fk_accounts_owner_id", type_="foreignkey")
        batch.drop_column("owner_id")
        batch.drop_column("kind")
