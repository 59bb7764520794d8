"""`/metrics` (ra.server.http.metrics): off by default, on when asked; what a played game moves; labels bounded;
several processes summed through prometheus-client's multiprocess folder; the bench's count matches the server's."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from app_helpers import settings_on, wait_for
from fastapi.testclient import TestClient
from prometheus_client.parser import text_string_to_metric_families
from server_helpers import bot, create, person, read_until, wait_status, ws_url

from ra.server import metrics
from ra.server.http.app import create_app
from ra.server.settings import Limits

ROOT = Path(__file__).resolve().parents[3]
# Every label value the server may give: game names, limit names, reasons, kinds (never an id or an address).
BOUNDED = {
    "game": {"ra", "write"},
    "reason": {"timeout", "failed", "refused"},
    "kind": {"http_5xx", "storage_unavailable", "internal"},
    "limit": {
        *("table_creations", "ws_per_address", "ws_per_table", "ws_messages", "verify_mails"),
        *("chat_sockets_per_address", "chat_messages", "chat_frames", "bot_requests", "bot_auth_failures", "other"),
    },
}


def samples(text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Each sample of a scrape by name and labels."""
    return {
        (s.name, tuple(sorted(s.labels.items()))): s.value
        for family in text_string_to_metric_families(text)
        for s in family.samples
    }


def value(text: str, name: str, **labels: str) -> float:
    """One sample's value (0 if the scrape lacks it)."""
    return samples(text).get((name, tuple(sorted(labels.items()))), 0.0)


@pytest.fixture
def metered(data_dir: Path) -> Iterator[TestClient]:
    """An app with `/metrics` on (its meter in use while it runs)."""
    before = metrics.meter()
    with TestClient(create_app(replace(settings_on(data_dir), metrics=True))) as client:
        yield client
    metrics.use(before)


def test_metrics_are_off_by_default(client: TestClient) -> None:
    assert client.get("/metrics").status_code == 404


def test_chat_sockets_are_counted_apart_from_the_tables(metered: TestClient) -> None:
    before = metered.get("/metrics").text
    with metered.websocket_connect("/ws/chat/lobby") as ws:
        assert ws.receive_json()["type"] == "history"
        during = metered.get("/metrics").text
        assert value(during, "ra_chat_websockets_open") == value(before, "ra_chat_websockets_open") + 1
        assert value(during, "ra_websockets_open") == value(before, "ra_websockets_open")
    after = metered.get("/metrics").text
    assert value(after, "ra_chat_websockets_open") == value(before, "ra_chat_websockets_open")

def test_a_played_move_moves_the_counters_and_no_label_names_a_table(metered: TestClient) -> None:
    table = create(metered, [person("Ann"), person("Bob")])
    first = int(metered.get(f"/api/tables/{table['id']}/view").json()["view"]["current_player"])
    before = metered.get("/metrics")
    assert before.status_code == 200 and before.headers["content-type"].startswith("text/plain")
    with metered.websocket_connect(ws_url(table, first)) as ws:
        state = read_until(ws, 0)
        during = metered.get("/metrics").text
        assert value(during, "ra_websockets_open") == 1
        assert value(during, "ra_tables_loaded") >= 1
        draw = next(a["id"] for a in state["view"]["legal_actions"] if a["notation"] == "draw")
        ws.send_json({"type": "action", "seq": 0, "action": draw})
        read_until(ws, 1)
    after = metered.get("/metrics").text
    assert value(after, "ra_moves_accepted_total", game="ra") == value(before.text, "ra_moves_accepted_total") + 1
    assert value(after, "ra_move_latency_seconds_count", game="ra") == 1
    assert 0 < value(after, "ra_move_latency_seconds_sum", game="ra") < 5
    assert value(after, "ra_commit_rows_count") >= 1 and value(after, "ra_commit_rows_sum") >= 1
    assert value(after, "ra_websockets_open") == 0
    assert table["id"] not in after and "127.0.0.1" not in after and "testclient" not in after
    for (_name, labels), _value in samples(after).items():
        for label, label_value in labels:
            assert label == "le" or label_value in BOUNDED[label], (label, label_value)


def test_bots_moves_and_decisions_are_counted(metered: TestClient) -> None:
    table = create(metered, [bot(), bot()])
    wait_status(metered, table["id"])
    seq = int(metered.get(f"/api/tables/{table['id']}").json()["seq"])

    def counted() -> bool:
        return value(metered.get("/metrics").text, "ra_moves_accepted_total", game="ra") == seq

    wait_for(counted, what="every move counted")
    text = metered.get("/metrics").text
    assert value(text, "ra_bot_decision_seconds_count") == seq  # one decision a move: no person at the table
    assert value(text, "ra_bot_fallbacks_total", reason="timeout") == 0


def test_rate_limit_refusals_are_counted_by_limit(data_dir: Path) -> None:
    settings = replace(settings_on(data_dir, limits=Limits(creations=1)), metrics=True)
    before = metrics.meter()
    try:
        with TestClient(create_app(settings)) as client:
            body = {"game": "ra", "seats": [person("Ann"), person("Bob")]}
            assert client.post("/api/tables", json=body).status_code == 201
            assert client.post("/api/tables", json=body).status_code == 429
            text = client.get("/metrics").text
    finally:
        metrics.use(before)
    assert value(text, "ra_rate_limit_refusals_total", limit="table_creations") == 1


def test_the_bot_apis_guesses_are_counted_under_their_own_limit(data_dir: Path) -> None:
    settings = replace(settings_on(data_dir, limits=Limits(bot_auth_failures=2)), metrics=True)
    before = metrics.meter()
    try:
        with TestClient(create_app(settings)) as client:
            guess = {"Authorization": "Bearer rab_" + "x" * 43}
            codes = [client.get("/api/bot/account", headers=guess).status_code for _ in range(4)]
            text = client.get("/metrics").text
    finally:
        metrics.use(before)
    assert codes[:2] == [401, 401] and 429 in codes[2:]
    assert value(text, "ra_rate_limit_refusals_total", limit="bot_auth_failures") >= 1
    assert value(text, "ra_rate_limit_refusals_total", limit="other") == 0


COUNT_MOVES = """
import os, sys
from ra.server.http.metrics import PrometheusMeter
meter = PrometheusMeter()
for _ in range(int(sys.argv[1])):
    meter.move_accepted("ra", 0.01)
meter.socket(+1)
print(os.getpid())
"""
SCRAPE = """
import sys
from ra.server.http.metrics import PrometheusMeter
sys.stdout.buffer.write(PrometheusMeter().exposition())
"""


def in_folder(folder: Path, code: str, *args: str) -> str:
    """Run `code` in a process of its own sharing `folder` (prometheus-client's multiprocess mode); its output."""
    env = os.environ | {"PROMETHEUS_MULTIPROC_DIR": str(folder), "PYTHONPATH": str(ROOT / "src")}
    done = subprocess.run([sys.executable, "-c", code, *args], env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_processes_sharing_a_folder_are_summed_in_one_scrape(tmp_path_factory: pytest.TempPathFactory) -> None:
    from prometheus_client import multiprocess

    tmp_path = tmp_path_factory.mktemp("multiprocess")  # no storage: not run on PostgreSQL too

    first = int(in_folder(tmp_path, COUNT_MOVES, "3"))
    in_folder(tmp_path, COUNT_MOVES, "4")
    text = in_folder(tmp_path, SCRAPE)
    assert value(text, "ra_moves_accepted_total", game="ra") == 7
    assert value(text, "ra_move_latency_seconds_count", game="ra") == 7
    assert value(text, "ra_websockets_open") == 2  # neither process said it ended
    multiprocess.mark_process_dead(first, str(tmp_path))  # type: ignore[no-untyped-call]
    text = in_folder(tmp_path, SCRAPE)
    assert value(text, "ra_websockets_open") == 1  # a dead process's sockets are gone, its moves stay
    assert value(text, "ra_moves_accepted_total", game="ra") == 7


def test_a_bench_run_counts_the_moves_the_server_counts() -> None:
    """The issue's check: /metrics scraped around a bench run counts the moves the bench saw accepted (a real `ra
    serve --metrics`, about 7 s)."""
    bench = ROOT / "bench" / "bench_server.py"
    args = ["--metrics", "--tables", "4", "--seats", "3", "--moves", "30", "--seconds", "60"]
    env = os.environ | {"PYTHONPATH": str(ROOT / "src")}
    done = subprocess.run([sys.executable, str(bench), *args], env=env, capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, done.stderr[-3000:]
    figures = dict(pair.split("=", 1) for pair in done.stdout.splitlines()[-1].split())
    assert int(figures["actions"]) == 4 * 30 and figures["finished"] == "4"
    assert figures["metrics_moves"] == figures["actions"] == figures["stored_moves"]
    assert figures["metrics_match"] == "true"
