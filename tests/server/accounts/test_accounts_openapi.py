"""The accounts', seats', listings' and ratings' HTTP API against its own OpenAPI schema (schemathesis, in-process
ASGI), signed in with a session and its CSRF token: no 5xx, no schema violation."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from account_helpers import account_settings, people_app, sign_up
from app_helpers import settings_on
from hypothesis import HealthCheck, settings

from ra.server.http.app import create_app
from ra.server.settings import Limits

OURS = r"^/api/(account|lobby|ratings|players)|^/api/tables/\{table_id\}/(listing|seats/\{n\}/join)"
SESSION: dict[str, str] = {}


@pytest.fixture
def api_schema(tmp_path: Path) -> Any:
    """A fresh app's schema with one account signed in (its cookies kept for the calls), limited to our routes."""
    data = tmp_path / "data"
    with people_app(data) as web:
        sign_up(web, "Fuzzy")
        web.post("/api/tables", json={"game": "ra", "seats": [{"kind": "bot", "bot": "random"}] * 2})
        SESSION.update(session=web.cookies["ra_session"], csrf=web.cookies["ra_csrf"])
    # Bodies up to 4 MiB: an oversized field is then refused by the models (400), which is what is checked here;
    # the 413 of bodies past the limit has its own tests (test_limits.py).
    base = settings_on(data, limits=Limits(creations=0, max_body=4 * 1024 * 1024))
    app = create_app(dataclasses.replace(base, accounts=account_settings(sign_ups=0, sign_in_failures=0)))
    return schemathesis.openapi.from_asgi("/openapi.json", app)


schema = schemathesis.pytest.from_fixture("api_schema").include(path_regex=OURS)
NOT_CHECKED = [schemathesis.checks.positive_data_acceptance]


def _call(case: Any) -> None:
    cookies = {"ra_session": SESSION["session"], "ra_csrf": SESSION["csrf"]}
    if case.path.endswith(("/delete", "/sign-out", "/password")) and case.body is not None:
        case.body = {key: "not the password" for key in case.body} if isinstance(case.body, dict) else case.body
    case.call_and_validate(
        base_url="https://testserver",
        headers={"X-CSRF-Token": SESSION["csrf"]},
        cookies=cookies,
        excluded_checks=NOT_CHECKED,
    )


@schema.parametrize()
@settings(max_examples=10, deadline=None, suppress_health_check=list(HealthCheck))
def test_the_account_api_keeps_its_schema(case: Any) -> None:
    _call(case)


@pytest.mark.slow
@schema.parametrize()
@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
def test_the_account_api_keeps_its_schema_longer(case: Any) -> None:
    _call(case)
