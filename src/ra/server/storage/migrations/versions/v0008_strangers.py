"""Safe among strangers: names folded for the eye, verified e-mail addresses and signed mail links, where accounts
were seen (addresses, devices), sign-ups counted in the database, flagged results, reports once per reporter and
message (docs/ACCOUNTS.md).

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-05
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | None = None
depends_on: str | None = None

NOW = sa.DateTime(timezone=True)


def upgrade() -> None:
    """Add the columns and tables, and fold the existing names (a later look-alike of an earlier name keeps none)."""
    from ra.server.guards.look_alikes import skeleton

    with op.batch_alter_table("accounts") as batch:
        batch.add_column(sa.Column("name_skeleton", sa.String(160), nullable=True))
        batch.add_column(sa.Column("email_verified", NOW, nullable=True))
        batch.add_column(sa.Column("mail_secret", sa.String(64), nullable=True))
        batch.create_unique_constraint("uq_accounts_name_skeleton", ["name_skeleton"])
    connection = op.get_bind()
    taken: set[str] = set()
    for account_id, name in connection.execute(sa.text("SELECT id, name FROM accounts ORDER BY id")):
        folded = skeleton(str(name))
        if folded not in taken:
            taken.add(folded)
            connection.execute(
                sa.text("UPDATE accounts SET name_skeleton = :s WHERE id = :i"), {"s": folded, "i": account_id}
            )
    op.create_table(
        "account_marks",
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("kind", sa.String(8), primary_key=True),
        sa.Column("mark", sa.String(64), primary_key=True),
        sa.Column("seen", NOW, nullable=False),
    )
    op.create_index("ix_account_marks_kind_mark", "account_marks", ["kind", "mark"])
    op.create_table(
        "sign_ups",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("key", sa.String(80), nullable=False),
        sa.Column("at", NOW, nullable=False),
    )
    op.create_index("ix_sign_ups_key", "sign_ups", ["key"])
    op.create_index("ix_sign_ups_at", "sign_ups", ["at"])
    with op.batch_alter_table("game_results") as batch:
        batch.add_column(sa.Column("flag", sa.String(24), nullable=True))
    with op.batch_alter_table("chat_reports") as batch:
        batch.add_column(sa.Column("message_id", sa.String(40), nullable=True))
        batch.create_unique_constraint("uq_chat_reports_reporter_message", ["reporter_key", "message_id"])


def downgrade() -> None:
    """Drop them again."""
    with op.batch_alter_table("chat_reports") as batch:
        batch.drop_constraint("uq_chat_reports_reporter_message", type_="unique")
        batch.drop_column("message_id")
    with op.batch_alter_table("game_results") as batch:
        batch.drop_column("flag")
    op.drop_table("sign_ups")
    op.drop_table("account_marks")
    with op.batch_alter_table("accounts") as batch:
        batch.drop_constraint("uq_accounts_name_skeleton", type_="unique")
        batch.drop_column("mail_secret")
        batch.drop_column("email_verified")
        batch.drop_column("name_skeleton")
