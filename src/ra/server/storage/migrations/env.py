"""Alembic environment: migrates the connection (or URL) handed over by `ra.server.storage.schema.upgrade`."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import context

from ra.server.storage.schema import metadata

config = context.config


def run() -> None:
    """Run the migrations online, on the given connection or a new engine for `sqlalchemy.url`."""
    connection = config.attributes.get("connection")
    if connection is not None:
        context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()
        return
    engine = sa.create_engine(config.get_main_option("sqlalchemy.url") or "sqlite://")
    with engine.begin() as conn:
        context.configure(connection=conn, target_metadata=metadata, render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()
    engine.dispose()


run()
