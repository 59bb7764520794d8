"""Durable storage of tables and moves: rows, schema (and its Alembic `migrations/`), the SQL storage, the writes
processes may race on, leases on bot turns, and storage calls from the event loop."""
