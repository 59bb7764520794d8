"""Alembic migrations of the server's database, applied by `ra.server.storage.schema.upgrade` (no alembic.ini)."""
