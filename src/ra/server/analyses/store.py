"""The `analyses` rows (storage/schema.py): asking for an analysis, claiming one to compute, saving its progress and
its end. Blocking calls (the runner and the routes run them in threads).

A process computes an analysis only while it holds the row's claim (`owner` until `expires`), as bot turns are
leased (storage/leases.py): a claim is taken in one transaction that skips rows another process is claiming (`FOR
UPDATE SKIP LOCKED` on PostgreSQL) and only if it is free, expired or ours; progress and the result are written only
by the owner, so a process whose claim was taken over writes nothing more.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite

from ra.server.storage.schema import analyses_t as rows

STATES = ("queued", "running", "done", "failed")
MAX_ERROR = 500  # characters of a failure's text kept
UNCLAIMED: dict[str, Any] = {"reports": None, "owner": None, "expires": None}  # an analysis that ended


@dataclass(frozen=True)
class Analysis:
    """An analysis row as the routes and the runner read it."""

    table_id: str
    status: str  # queued, running, done, failed
    seed: int
    spec: str
    done: int
    total: int | None
    reports: list[dict[str, Any]]  # the decisions evaluated so far (a run taken over goes on from them)
    result: str | None  # the GameAnalysis JSON, once done
    error: str | None


def _analysis(row: Any) -> Analysis:
    return Analysis(
        str(row.table_id),
        str(row.status),
        int(row.seed),
        str(row.spec),
        int(row.done),
        None if row.total is None else int(row.total),
        list(row.reports or []),
        row.result,
        row.error,
    )


class AnalysisStore:
    """The analyses in the database at `engine`."""

    def __init__(self, engine: sa.Engine) -> None:
        self.engine = engine

    def get(self, table_id: str) -> Analysis | None:
        """The table's analysis row, if one was asked for."""
        with self.engine.connect() as c:
            row = c.execute(sa.select(rows).where(rows.c.table_id == table_id)).first()
        return None if row is None else _analysis(row)

    def waiting(self) -> int:
        """Analyses queued or running (the routes refuse new ones beyond a limit)."""
        with self.engine.connect() as c:
            count = c.execute(sa.select(sa.func.count()).where(rows.c.status.in_(("queued", "running")))).scalar()
        return int(count or 0)

    def request(self, table_id: str, seed: int, spec: str, now: dt.datetime) -> Analysis:
        """Queue the table's analysis unless one is queued, running or done already (a failed one is queued again);
        the row as it stands after."""
        insert = postgresql.insert if self.engine.dialect.name == "postgresql" else sqlite.insert
        values = {"table_id": table_id, "status": "queued", "seed": seed, "spec": spec, "done": 0, "created": now}
        again = {"status": "queued", "seed": seed, "spec": spec, "done": 0, "total": None, "reports": None,
                 "owner": None, "expires": None, "error": None, "created": now}  # fmt: skip
        statement = insert(rows).values(**values)
        statement = statement.on_conflict_do_update(
            index_elements=[rows.c.table_id], set_=again, where=rows.c.status == "failed"
        )
        with self.engine.begin() as c:
            c.execute(statement)
            row = c.execute(sa.select(rows).where(rows.c.table_id == table_id)).one()
        return _analysis(row)

    def claim(self, owner: str, now: dt.datetime, until: dt.datetime, solo: bool = False) -> Analysis | None:
        """Claim the oldest analysis to compute (queued, or running with a claim that expired or was given up)
        until `until`; None if there is none. `solo`: this process alone serves the database, so a claim left by
        an earlier run of it is free at once."""
        unfinished = rows.c.status.in_(("queued", "running"))
        free = sa.true() if solo else sa.or_(rows.c.owner.is_(None), rows.c.expires < now, rows.c.owner == owner)
        query = (
            sa.select(rows.c.table_id)
            .where(unfinished, free)
            .order_by(rows.c.created, rows.c.table_id)
            .limit(1)
            .with_for_update(skip_locked=True)  # processes claiming together take different rows
        )
        with self.engine.connect() as c:  # most looks find nothing: no write transaction for those
            if c.execute(sa.select(rows.c.table_id).where(unfinished, free).limit(1)).first() is None:
                return None
        with self.engine.begin() as c:
            table_id = c.execute(query).scalar()
            if table_id is None:
                return None
            taken = c.execute(
                rows.update()
                .where(rows.c.table_id == table_id, unfinished, free)
                .values(status="running", owner=owner, expires=until)
            ).rowcount
            if taken != 1:  # another process took it between the two statements (SQLite has no row locks)
                return None
            row = c.execute(sa.select(rows).where(rows.c.table_id == table_id)).one()
        return _analysis(row)

    def progress(
        self,
        table_id: str,
        owner: str,
        done: int,
        total: int,
        reports: list[dict[str, Any]] | None,
        until: dt.datetime,
    ) -> bool:
        """Save the decisions evaluated so far (None: none new) and renew the claim; False if it is no longer ours."""
        values: dict[str, Any] = {"done": done, "total": total, "expires": until}
        if reports is not None:
            values["reports"] = reports
        with self.engine.begin() as c:
            changed = c.execute(
                rows.update()
                .where(rows.c.table_id == table_id, rows.c.owner == owner, rows.c.status == "running")
                .values(**values)
            ).rowcount
        return changed == 1

    def finish(self, table_id: str, owner: str, total: int, result: str, now: dt.datetime) -> bool:
        """Store the finished analysis; False if the claim is no longer ours (nothing written)."""
        with self.engine.begin() as c:
            changed = c.execute(
                rows.update()
                .where(rows.c.table_id == table_id, rows.c.owner == owner, rows.c.status == "running")
                .values(status="done", done=total, total=total, result=result, finished=now, **UNCLAIMED)
            ).rowcount
        return changed == 1

    def fail(self, table_id: str, owner: str, error: str, now: dt.datetime) -> bool:
        """Mark the analysis failed with `error` (a later request queues it again); False if not ours."""
        with self.engine.begin() as c:
            changed = c.execute(
                rows.update()
                .where(rows.c.table_id == table_id, rows.c.owner == owner, rows.c.status == "running")
                .values(status="failed", error=error[:MAX_ERROR], finished=now, **UNCLAIMED)
            ).rowcount
        return changed == 1

    def release(self, owner: str) -> None:
        """Give up this process's claims (at shutdown): another process goes on from the saved progress at once."""
        with self.engine.begin() as c:
            c.execute(
                rows.update().where(rows.c.owner == owner, rows.c.status == "running").values(owner=None, expires=None)
            )
