"""`ra admin`: the operator's console on a server's database (docs/DEPLOY.md, "Backups and migrations").

backup (SQLite's online backup API while `ra serve` serves; PostgreSQL: the pg_dump command), check-backup (a copy
opened, checked, counted and every finished game replayed), migrate (status and upgrade) and stats. Each takes the
database as `ra serve` does (`--data`, `--database-url`). Exit codes: 0 done, 1 a problem found (a backup that
fails its checks), 2 nothing could be done (no database there, a wrong URL, a folder that cannot be written).
"""

from __future__ import annotations

import datetime as dt
import json
import sqlite3
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any, NoReturn

import sqlalchemy as sa
import typer
from rich.console import Console
from rich.markup import escape

from ra.commands import moderation
from ra.commands.database import DEFAULT_DATA, DatabaseUrl, DataFolder
from ra.commands.terminal import Lang, console, progress_bar, reader_language
from ra.core.text import Text, english, t, tn
from ra.i18n import Reader, render
from ra.server.storage import backup as backups
from ra.server.storage import counts
from ra.server.storage.schema import STORAGE_ERRORS, UnknownRevision, revisions, upgrade
from ra.server.storage.sql import storage_url

admin = typer.Typer(
    name="admin",
    help="The operator's console: back up, check a backup, migrate, count (docs/DEPLOY.md).",
    no_args_is_help=True,
)
moderation.register(admin)  # grant, revoke, ban, unban, reports (docs/MODERATION.md)


def register(app: typer.Typer) -> None:
    """Add `ra admin` and its commands to the `ra` app."""
    app.add_typer(admin, name="admin")


class Say:
    """The words of one command in the reader's language: on stdout, or as an error on stderr with an exit."""

    def __init__(self, lang: str | None) -> None:
        self.reader = Reader(reader_language(lang))
        self.out = console()

    def __call__(self, text: Text) -> None:
        self.out.print(render(text, self.reader))

    def words(self, text: Text) -> str:
        """A text in the reader's language."""
        return render(text, self.reader)

    def fail(self, reason: Text, code: int = 2) -> NoReturn:
        """One line on stderr, then exit with `code` (2: nothing was done; 1: a problem was found)."""
        typer.echo(render(t("error: {reason}", reason=reason), self.reader), err=True)
        raise typer.Exit(code)


def _reason(exc: BaseException) -> str:
    """A storage error's first line, as its database said it."""
    return str(getattr(exc, "orig", None) or exc).splitlines()[0]


def _sqlite_file(data: Path, database_url: str | None) -> Path | None:
    """The SQLite file the options name (None for another database)."""
    url = sa.make_url(storage_url(data, database_url))
    if url.get_backend_name() != "sqlite":
        return None
    return Path(url.database or "")


@contextmanager
def _engine(say: Say, data: Path, database_url: str | None) -> Iterator[sa.Engine]:
    """An engine on the database the options name, checked to be there and reachable (exit 2 otherwise)."""
    try:
        url = storage_url(data, database_url)
        file = _sqlite_file(data, database_url)
    except sa.exc.ArgumentError:
        say.fail(t("not a database URL: {url}", url=repr(database_url)))
    if file is not None and not file.is_file():
        say.fail(t("there is no database at {path}", path=str(file)))
    try:
        engine = sa.create_engine(url, connect_args={"timeout": 30} if file is not None else {})
    except (sa.exc.ArgumentError, sa.exc.NoSuchModuleError, ModuleNotFoundError) as exc:
        say.fail(t("cannot use the database URL: {reason}", reason=_reason(exc)))
    try:
        with engine.connect() as connection:
            connection.execute(sa.text("SELECT 1"))
        yield engine
    except STORAGE_ERRORS as exc:
        say.fail(t("cannot read the database: {reason}", reason=_reason(exc)))
    finally:
        engine.dispose()


# -- backup -------------------------------------------------------------------------------------------------------


@admin.command(name="backup")
def backup_command(
    file: Annotated[
        Path, typer.Argument(metavar="FILE", help="The backup file to write (replaced only once a backup is whole).")
    ],
    data: DataFolder = DEFAULT_DATA,
    database_url: DatabaseUrl = None,
    run: Annotated[
        bool, typer.Option("--run", help="PostgreSQL: run pg_dump (from PATH) instead of printing its command.")
    ] = False,
    step: Annotated[int, typer.Option(min=1, help="SQLite: pages copied per step of the progress bar.")] = (
        backups.STEP_PAGES
    ),
    lang: Lang = None,
) -> None:
    """Back up the database, also while `ra serve` serves it.

    SQLite: SQLite's online backup API copies one consistent state to a temporary file beside FILE, checks it
    (PRAGMA integrity_check) and renames it over FILE: FILE is never half written, even if the backup is killed.
    PostgreSQL: prints the pg_dump command (the password from PGPASSWORD or ~/.pgpass), or runs it with --run.
    """
    say = Say(lang)
    try:
        source = _sqlite_file(data, database_url)
    except sa.exc.ArgumentError:
        say.fail(t("not a database URL: {url}", url=repr(database_url)))
    if source is None:
        assert database_url is not None  # only a URL names another database
        _pg_backup(say, database_url, file, run)
        return
    if run:
        say.fail(t("--run is for PostgreSQL: a SQLite database is backed up by this command itself"))
    if not source.is_file():
        say.fail(t("there is no database at {path}", path=str(source)))
    if not file.parent.is_dir():
        say.fail(t("there is no folder {path} to write the backup in", path=str(file.parent)))
    bar = Console(stderr=True, highlight=False)
    try:
        with progress_bar(bar, remaining=True, transient=True) as progress:
            task = progress.add_task(escape(say.words(t("pages copied"))), total=None)

            def advance(done: int, total: int) -> None:
                progress.update(task, completed=done, total=total)

            pages = backups.backup_sqlite(source, file, advance, step)
    except backups.CopyBroken as exc:
        say.fail(t("backup failed: the copy fails its integrity check: {problem}", problem=str(exc)), 1)
    except (sqlite3.Error, OSError) as exc:
        say.fail(t("backup failed: {reason}", reason=getattr(exc, "strerror", None) or str(exc)))
    say(t("backup of {source} written to {file} ({pages} pages, checked)", source=str(source), file=str(file),
          pages=pages))  # fmt: skip


def _pg_backup(say: Say, url: str, file: Path, run: bool) -> None:
    """PostgreSQL: the pg_dump command printed, or run with `run`."""
    try:
        args = backups.pg_dump_args(url, file)
    except sa.exc.ArgumentError:
        say.fail(t("not a database URL: {url}", url=repr(url)))
    if not run:
        say(t("Back up this PostgreSQL database with (the password from PGPASSWORD or ~/.pgpass):"))
        say.out.print(backups.shown(args))
        say(t("Restore it with: pg_restore --clean --no-owner --dbname=DATABASE {file}", file=str(file)))
        return
    try:
        backups.run_pg_dump(url, file)
    except backups.NoPgDump:
        say.fail(t("pg_dump is not on PATH: install PostgreSQL's client programs"), 1)
    except backups.PgDumpFailed as exc:
        say.fail(t("pg_dump failed: {reason}", reason=str(exc)), 1)
    except OSError as exc:
        say.fail(t("backup failed: {reason}", reason=exc.strerror or str(exc)), 1)
    say(t("pg_dump wrote {file}", file=str(file)))


# -- check-backup -------------------------------------------------------------------------------------------------


@admin.command(name="check-backup")
def check_backup_command(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="A SQLite backup (ra admin backup) or database file.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the report as JSON.")] = False,
    lang: Lang = None,
) -> None:
    """Check a backup: integrity, schema revision, counts, every finished game replayed.

    Opens a copy of FILE (never FILE itself), runs SQLite's integrity check, names the schema's migration, counts
    tables by status, moves and accounts, and replays every finished game's moves through its engine, as the server
    rebuilds a table. Exit code 1 with each problem and where it is.
    """
    say = Say(lang)
    if not file.is_file():
        say.fail(t("there is no file {path}", path=str(file)))
    with tempfile.TemporaryDirectory(prefix="ra-check-") as folder:
        try:
            copy = backups.copy_file(file, Path(folder))
            problems = backups.integrity_problems(copy)
        except (sqlite3.Error, OSError) as exc:
            say.fail(t("{file} is not a readable SQLite database: {reason}", file=str(file), reason=str(exc)), 1)
        if problems:
            say.fail(t("{file} fails the integrity check: {problem}", file=str(file), problem=problems[0]), 1)
        report, failures = _check_copy(say, copy)
    if as_json:
        typer.echo(json.dumps({**report, "problems": [english(f) for f in failures]}, indent=1, ensure_ascii=False))
    else:
        _print_report(say, file, report)
        for failure in failures:
            typer.echo(render(t("problem: {problem}", problem=failure), say.reader), err=True)
    if failures:
        raise typer.Exit(1)


def _check_copy(say: Say, copy: Path) -> tuple[dict[str, Any], list[Text]]:
    """The copy's revision and counts, and the problems found replaying its finished games."""
    from ra.games import game_module
    from ra.server.storage.sql import SqlStorage
    from ra.server.tables.rebuild import rebuild

    url = f"sqlite:///{copy}"
    engine = sa.create_engine(url)
    try:
        with engine.connect() as connection:
            revision, head, pending = revisions(engine)
            found = counts.totals(connection)
    except STORAGE_ERRORS as exc:
        say.fail(t("the backup holds no database of ra: {reason}", reason=_reason(exc)), 1)
    except UnknownRevision as exc:
        say.fail(t("revision {revision} is unknown to this version of ra", revision=exc.current), 1)
    finally:
        engine.dispose()
    report: dict[str, Any] = {"revision": revision, "newest": head, "pending": pending, **found}
    failures: list[Text] = []
    try:
        storage = SqlStorage(url)  # the copy migrated, as this version of ra would read it
    except STORAGE_ERRORS as exc:
        return report, [t("the schema does not migrate to {head}: {reason}", head=head, reason=_reason(exc))]
    replayed = 0
    try:
        with storage.engine.connect() as connection:
            finished = counts.finished_ids(connection)
        for table_id in finished:
            row, moves = storage.changes(table_id, 0)
            assert row is not None  # just listed
            try:
                state = rebuild(game_module(row.game), row, moves).state
            except (RuntimeError, ValueError, TypeError) as exc:
                failures.append(t("table {table}: {reason}", table=table_id, reason=str(exc)))
                continue
            if not state.is_terminal():
                failures.append(t("table {table}: finished, but its {moves} moves do not end the game",
                                  table=table_id, moves=len(moves)))  # fmt: skip
                continue
            replayed += 1
    finally:
        storage.close()
    report["replayed"] = replayed
    return report, failures


def _print_report(say: Say, file: Path, report: dict[str, Any]) -> None:
    """The check's report in words."""
    say(t("{file}: integrity ok", file=str(file)))
    revision = report["revision"] or "-"
    if report["pending"]:
        pending = tn("{n} migration", "{n} migrations", len(report["pending"]))
        say(t("schema: revision {revision}, {pending} to apply up to {newest}", revision=revision, pending=pending,
              newest=report["newest"]))  # fmt: skip
    else:
        say(t("schema: revision {revision} (the newest)", revision=revision))
    tables = report["tables"]
    say(t("tables: {open} open, {running} running, {finished} finished, {abandoned} abandoned", **tables))
    say(t("moves: {moves}; accounts: {accounts}", moves=report["moves"], accounts=report["accounts"]))
    say(t("finished games replayed: {n} of {finished}", n=report["replayed"], finished=tables["finished"]))


# -- migrate ------------------------------------------------------------------------------------------------------


@admin.command(name="migrate")
def migrate_command(
    data: DataFolder = DEFAULT_DATA,
    database_url: DatabaseUrl = None,
    status: Annotated[bool, typer.Option("--status", help="Only show the revisions; migrate nothing.")] = False,
    to: Annotated[
        str | None, typer.Option("--to", metavar="REV", help="Migrate to this revision (default: the newest).")
    ] = None,
    lang: Lang = None,
) -> None:
    """Show the database's schema revision and those pending, or migrate it (back up first).

    `ra serve` migrates by itself when it starts, unless started with --no-migrate: then it refuses a database
    behind its schema, and the operator migrates with this command before a (rolling) restart.
    """
    say = Say(lang)
    with _engine(say, data, database_url) as engine:
        try:
            current, head, pending = revisions(engine)
        except UnknownRevision as exc:
            say.fail(t("revision {revision} is unknown to this version of ra", revision=exc.current), 1)
        if status:
            say(t("database revision: {current}", current=current or "-"))
            say(t("newest revision: {head}", head=head))
            say(t("pending: {pending}", pending=", ".join(pending) or "-"))
            return
        target = to or head
        if to is not None and to not in [*pending, head, current]:
            say.fail(t("{revision} is no revision after {current}", revision=to, current=current or "-"))
        if not pending or target == current:
            say(t("the database is at revision {current}: nothing to migrate", current=current or "-"))
            return
        try:
            upgrade(engine, target)
        except STORAGE_ERRORS as exc:
            say.fail(t("migration failed: {reason}", reason=_reason(exc)), 1)
        say(t("migrated from {current} to {target}", current=current or "-", target=target))


# -- stats --------------------------------------------------------------------------------------------------------

STAT_WORDS: dict[str, Text] = {
    "tables_open": t("tables open"),
    "tables_running": t("tables running"),
    "finished_today": t("games finished today (UTC)"),
    "finished_7_days": t("games finished in 7 days"),
    "accounts": t("accounts"),
    "players_7_days": t("players active in 7 days"),
    "moves_today": t("moves today (UTC)"),
}


@admin.command(name="stats")
def stats_command(
    data: DataFolder = DEFAULT_DATA,
    database_url: DatabaseUrl = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the figures as JSON.")] = False,
    lang: Lang = None,
) -> None:
    """The server's figures: tables open and running, games finished today and in 7 days, accounts, players active
    in 7 days, moves today (days in UTC)."""
    say = Say(lang)
    with _engine(say, data, database_url) as engine:
        try:
            with engine.connect() as connection:
                figures = counts.activity(connection, dt.datetime.now(dt.UTC))
        except STORAGE_ERRORS as exc:
            say.fail(t("cannot read the database: {reason}", reason=_reason(exc)))
    if as_json:
        typer.echo(json.dumps(figures, indent=1))
        return
    width = max(len(say.words(words)) for words in STAT_WORDS.values())
    for key, words in STAT_WORDS.items():
        say.out.print(f"{say.words(words):<{width}}  {figures[key]:>8}")
