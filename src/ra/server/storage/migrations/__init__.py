"""Alembic migrations of the server's database, applied by `ra.server.storage.sql.upgrade` (no alembic.ini)."""
