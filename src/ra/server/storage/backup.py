"""Backups of the database (`ra admin backup`, docs/DEPLOY.md): SQLite through its online backup API, PostgreSQL
through `pg_dump`.

A backup is written to a temporary file beside its target, checked, and only then renamed over the target, so that
the target is always a whole backup or the previous one, even if the process is killed midway (a killed run leaves
its `.FILE.*.partial` behind, never FILE half-written). The SQLite copy is one consistent state of the database
while a server keeps writing: the source connection holds one read transaction for the whole copy (WAL mode lets
the server commit meanwhile), so the copy never restarts and never mixes two states.
"""

from __future__ import annotations

import os
import shlex
import shutil
import sqlite3
import subprocess
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import sqlalchemy as sa

Progress = Callable[[int, int], None]  # (pages copied, pages in all)
STEP_PAGES = 1024  # pages copied per step of the backup: 4 MiB with SQLite's default page size


class BackupError(Exception):
    """A backup that could not be made (the target, if any, is left as it was)."""


class CopyBroken(BackupError):
    """The copy failed its integrity check (args: the first problem SQLite names)."""


class NoPgDump(BackupError):
    """`pg_dump` is not on PATH."""


class PgDumpFailed(BackupError):
    """`pg_dump` failed (args: the last line it wrote on stderr)."""


@contextmanager
def partial_beside(target: Path) -> Iterator[Path]:
    """A new temporary file next to `target` (same folder: the rename is atomic); removed unless renamed."""
    handle, name = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".partial")
    os.close(handle)
    partial = Path(name)
    try:
        yield partial
    finally:
        partial.unlink(missing_ok=True)


def integrity_problems(path: Path) -> list[str]:
    """What `PRAGMA integrity_check` finds wrong with a SQLite file ([] if nothing)."""
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        rows = [str(row[0]) for row in connection.execute("PRAGMA integrity_check")]
    finally:
        connection.close()
    return [] if rows == ["ok"] else rows


def _replace(partial: Path, target: Path) -> None:
    """Flush `partial` to the disk and rename it over `target`, then flush the folder (the rename survives)."""
    with partial.open("rb+") as written:
        os.fsync(written.fileno())
    os.replace(partial, target)
    folder = os.open(target.parent, os.O_RDONLY)
    try:
        os.fsync(folder)
    finally:
        os.close(folder)


def backup_sqlite(source: Path, target: Path, progress: Progress | None = None, step: int = STEP_PAGES) -> int:
    """Copy the SQLite database `source` (in use or not) to `target`, checked and renamed into place; the pages
    copied. CopyBroken if the copy fails its integrity check; sqlite3.Error or OSError for what the disk or database
    refuses (a missing source among them)."""
    # mode=rw: a missing file is an error, never a new empty database.
    origin = sqlite3.connect(f"file:{source}?mode=rw", uri=True, timeout=30, isolation_level=None)
    try:
        # One read transaction over the whole copy: one state of the database, however the server writes meanwhile.
        origin.execute("BEGIN")
        origin.execute("SELECT count(*) FROM sqlite_master").fetchone()
        with partial_beside(target) as partial:
            copy = sqlite3.connect(partial)
            try:
                total = 0

                def report(_status: int, remaining: int, pages: int) -> None:
                    nonlocal total
                    total = pages
                    if progress is not None:
                        progress(pages - remaining, pages)

                origin.backup(copy, pages=max(1, step), progress=report)
                copy.execute("PRAGMA journal_mode=DELETE")  # one self-contained file, no -wal beside it
            finally:
                copy.close()
            problems = integrity_problems(partial)
            if problems:
                raise CopyBroken(problems[0])
            _replace(partial, target)
        return total
    finally:
        origin.rollback()
        origin.close()


def pg_dump_args(url: str, target: Path) -> list[str]:
    """The `pg_dump` command line that backs up the PostgreSQL database of `url` to `target` (custom format, for
    pg_restore), without its password: pg_dump reads that from PGPASSWORD or ~/.pgpass."""
    parts = sa.make_url(url)
    args = ["pg_dump", "--format=custom", "--no-owner", f"--file={target}"]
    if parts.host:
        args.append(f"--host={parts.host}")
    if parts.port:
        args.append(f"--port={parts.port}")
    if parts.username:
        args.append(f"--username={parts.username}")
    args.append(parts.database or "")
    return args


def shown(args: list[str]) -> str:
    """A command line as a shell reads it."""
    return shlex.join(args)


def copy_file(source: Path, folder: Path) -> Path:
    """A copy of the SQLite file `source` (and its -wal, if any) in `folder`, to open instead of the file itself."""
    copy = folder / "copy.sqlite3"
    copy.write_bytes(source.read_bytes())
    wal = source.with_name(source.name + "-wal")
    if wal.is_file():
        copy.with_name(copy.name + "-wal").write_bytes(wal.read_bytes())
    return copy


def run_pg_dump(url: str, target: Path) -> None:
    """Run `pg_dump_args` (its output renamed into place once pg_dump succeeded); NoPgDump if pg_dump is not on
    PATH, PgDumpFailed if it fails. The URL's password, if any, reaches pg_dump in PGPASSWORD, never on its command
    line."""
    program = shutil.which("pg_dump")
    if program is None:
        raise NoPgDump()
    password = sa.make_url(url).password
    environment = {**os.environ, **({"PGPASSWORD": str(password)} if password else {})}
    with partial_beside(target) as partial:
        args = [program, *pg_dump_args(url, partial)[1:]]
        done = subprocess.run(args, env=environment, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            lines = done.stderr.strip().splitlines() or [f"exit code {done.returncode}"]
            raise PgDumpFailed(lines[-1])
        _replace(partial, target)
