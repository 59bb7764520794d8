"""Alembic migrations of the server's database, applied by `ra.server.storage.upgrade` (no alembic.ini)."""
