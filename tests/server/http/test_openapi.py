"""The HTTP API against its own OpenAPI schema (schemathesis, in-process ASGI): no 5xx, no schema violation.

A few examples per operation here; `pytest --runslow` also runs the longer search.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import schemathesis
from app_helpers import app_with
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings
from server_helpers import bot, create, wait_status

from ra.server.http import models as api
from ra.server.settings import Limits

# A body that breaks the schema may also be too large: 413 (documented for every route with a body) is a rejection
# too, beside schemathesis's default list for invalid data.
REJECTIONS = ["400", "401", "403", "404", "405", "406", "409", "413", "415", "422", "428", "429", "5xx"]
CONFIG = schemathesis.config.SchemathesisConfig.from_dict(
    {"checks": {"negative_data_rejection": {"expected-statuses": REJECTIONS}}}
)


@pytest.fixture
def api_schema(tmp_path: Path) -> Any:
    """A fresh app's schema, loaded from /openapi.json; creations unlimited (schemathesis creates many tables).

    Fresh for each test: schemathesis runs the app's lifespan and ends it with the test.
    """
    app = app_with(tmp_path, limits=Limits(creations=0))
    return schemathesis.openapi.from_asgi("/openapi.json", app, config=CONFIG)


schema = schemathesis.pytest.from_fixture("api_schema")
# Schema-valid is not always acceptable: engine options, bot specs and player counts are checked by the service
# (400 with the reason), beyond what JSON Schema can say. Every other check runs.
NOT_CHECKED = [schemathesis.checks.positive_data_acceptance]


@schema.parametrize()
@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))
def test_the_api_keeps_its_schema(case: Any) -> None:
    case.call_and_validate(excluded_checks=NOT_CHECKED)


@pytest.mark.slow
@schema.parametrize()
@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
def test_the_api_keeps_its_schema_longer(case: Any) -> None:
    case.call_and_validate(excluded_checks=NOT_CHECKED)


def test_a_finished_tables_record_and_replay_keep_their_documented_shape(client: TestClient) -> None:
    table = create(client, [bot(), bot()])
    wait_status(client, table["id"])
    operations = client.get("/openapi.json").json()["paths"]
    assert "GameRecord" in str(operations["/api/tables/{table_id}/record"]["get"]["responses"]["200"])
    assert "Replay" in str(operations["/api/tables/{table_id}/replay"]["get"]["responses"]["200"])
    record = api.GameRecord.model_validate(client.get(f"/api/tables/{table['id']}/record").json())
    replay = api.Replay.model_validate(client.get(f"/api/tables/{table['id']}/replay").json())
    assert len(replay.steps) == len(record.moves) + 1 and replay.steps[0].move is None
