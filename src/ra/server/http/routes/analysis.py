"""The analysis of a finished game over HTTP (docs/ANALYSIS.md, "In the server"): asked for with a POST, computed
in the background by one of the server processes (ra.server.analyses), read back with its progress by a GET.

Whoever may see a game's replay may ask for its analysis: anyone, once the game is over. Asking again changes
nothing (a failed analysis is queued again); the number of analyses waiting is bounded (`analysis_queue`).
"""

from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter
from fastapi.responses import Response

from ra.server.http import models as api
from ra.server.http.deps import Analyses, Service
from ra.server.http.errors import errors
from ra.server.http.routes.tables import TableId

router = APIRouter()


@router.post("/api/tables/{table_id}/analysis", status_code=202, responses=errors(400, 404, 409, 429))
async def request_analysis(table_id: TableId, service: Service, analyses: Analyses) -> api.AnalysisProgress:
    """Ask for the analysis of a finished game (409 while it runs); its progress as it stands."""
    analysis = await analyses.request(await service.get(table_id))
    progress = {"status": analysis.status, "done": analysis.done, "total": analysis.total}
    return api.AnalysisProgress.model_validate(progress)


@router.get(
    "/api/tables/{table_id}/analysis",
    response_model=None,
    responses={200: {"model": api.AnalysisAnswer, "description": "the analysis and its progress"}, **errors(400, 404)},
)
async def get_analysis(table_id: TableId, service: Service, analyses: Analyses) -> Response:
    """A table's analysis: `none` if nobody asked for it, else its progress and, once done, the analysis."""
    table = await service.get(table_id)
    analysis = await analyses.get(table_id)
    head: dict[str, Any] = {"status": "none", "done": 0, "total": None, "names": list(table.names)}
    result = "null"
    if analysis is not None:
        head.update(status=analysis.status, done=analysis.done, total=analysis.total)
        if analysis.status == "done" and analysis.result:
            result = analysis.result  # stored as JSON: sent as it is, never parsed again
    body = json.dumps(head, ensure_ascii=False, separators=(",", ":"))[:-1] + ',"analysis":' + result + "}"
    return Response(body, media_type="application/json")
