"""What routes are handed (FastAPI dependencies): the parts of the server process the app factory keeps in
`app.state`, behind one small function each. They are coroutines: FastAPI runs a plain function dependency
in a worker thread, a hop that costs more than the lookup (once per request and per WebSocket)."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends
from starlette.requests import HTTPConnection

from ra.server.analyses.runner import AnalysisRunner
from ra.server.cluster.coordinator import Cluster
from ra.server.guards.rates import RateLimiter
from ra.server.http.connection import Gate
from ra.server.tables.service import TableService


async def table_service(connection: HTTPConnection) -> TableService:
    """The process's table service."""
    service: TableService = connection.app.state.service
    return service


async def cluster(connection: HTTPConnection) -> Cluster:
    """The process's part among the processes sharing its database."""
    part: Cluster = connection.app.state.cluster
    return part


async def gate(connection: HTTPConnection) -> Gate:
    """What every WebSocket of the app shares: the service, the hints, the limits and the open sockets' counts."""
    shared: Gate = connection.app.state.gate
    return shared


async def creations(connection: HTTPConnection) -> RateLimiter:
    """The rate limit of table creations per client address."""
    limiter: RateLimiter = connection.app.state.creations
    return limiter


async def analyses(connection: HTTPConnection) -> AnalysisRunner:
    """The process's analyses of finished games (asked for, read back, computed in the background)."""
    runner: AnalysisRunner = connection.app.state.analyses
    return runner


Service = Annotated[TableService, Depends(table_service)]
ClusterPart = Annotated[Cluster, Depends(cluster)]
Sockets = Annotated[Gate, Depends(gate)]
Creations = Annotated[RateLimiter, Depends(creations)]
Analyses = Annotated[AnalysisRunner, Depends(analyses)]
