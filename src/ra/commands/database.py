"""The options that name the database, one definition for `ra serve` and `ra admin`: `--data` (the folder of the
embedded SQLite file) and `--database-url` (a SQLAlchemy URL instead, also from $RA_DATABASE_URL). Which of the two
is used is `ra.server.storage.sql.storage_url`'s choice."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ra.server.settings import Settings

DataFolder = Annotated[Path, typer.Option("--data", help="Data folder; the SQLite file ra.sqlite3 lives in it.")]
DatabaseUrl = Annotated[
    str | None,
    typer.Option(
        "--database-url",
        envvar="RA_DATABASE_URL",
        help="SQLAlchemy URL instead of SQLite, e.g. postgresql+psycopg://user@host/db (the postgres extra); "
        "any number of processes may serve one PostgreSQL database (docs/DEPLOY.md).",
    ),
]
DEFAULT_DATA = Settings().data
