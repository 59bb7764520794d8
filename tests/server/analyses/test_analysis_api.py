"""The analysis of a finished game over HTTP (docs/ANALYSIS.md, "In the server"): asked for once, computed in the
background, read back with its progress; refused for a game still running; bounded against floods; kept across a
restart. On SQLite and PostgreSQL."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from analysis_helpers import CHEAP, FAST, Counting, count_evaluations, finished_table, runner_of, wait_analysis
from app_helpers import wait_for
from fastapi.testclient import TestClient
from server_helpers import bot, create, person

from ra.analysis import ANALYSIS_FORMAT, CLASSES, GameAnalysis, analyse, analysis_parts
from ra.core.text import Text

Start = Callable[..., TestClient]


def test_a_finished_games_analysis_is_computed_once_and_matches_the_analysis_of_its_record(client_with: Start) -> None:
    client = client_with(**FAST)
    counting = count_evaluations(client, Counting())
    table = finished_table(client)
    url = f"/api/tables/{table['id']}/analysis"
    names = [seat["name"] for seat in client.get(f"/api/tables/{table['id']}").json()["seats"]]
    none = {"status": "none", "done": 0, "total": None, "names": names, "analysis": None}
    assert client.get(url).json() == none
    first = client.post(url)
    assert first.status_code == 202 and first.json()["status"] in ("queued", "running", "done"), first.text
    answer = wait_analysis(client, table["id"])
    data = answer["analysis"]
    assert answer["done"] == answer["total"] == len(data["decisions"]) > 0
    assert data["format"] == ANALYSIS_FORMAT and data["game"] == "ra" and data["players"] == 2
    assert data["seed"] == 0 and data["spec"] == CHEAP["ra"]
    assert data["thresholds"] == analysis_parts("ra")[1].as_json()
    record = client.get(f"/api/tables/{table['id']}/record").json()
    assert data["moves"] == len(record["moves"])
    for decision in data["decisions"]:
        assert decision["seat"] in (0, 1) and 0 <= decision["index"] < data["moves"]
        assert decision["class"] in CLASSES and decision["loss"] >= 0
        assert Text.from_json(decision["chosen_words"])  # texts stay Text JSON: the reader's language renders them
    assert [seat["seat"] for seat in data["seats"]] == [0, 1]
    assert sum(seat["decisions"] for seat in data["seats"]) == len(data["decisions"])
    # Each decision evaluated once, and the result is the analysis of the record anywhere (seed 0, the same spec).
    assert set(counting.calls.values()) == {1} and counting.total == answer["total"]
    assert strip_times(data) == strip_times(analysed(record))
    assert len(GameAnalysis.from_json(data).decisions) == answer["total"]
    # Asked again: the analysis as it stands, nothing computed again.
    again = client.post(url)
    assert again.status_code == 202 and again.json() == {"status": "done", "done": answer["total"],
                                                         "total": answer["total"]}  # fmt: skip
    assert counting.total == answer["total"] and runner_of(client).computed == 1


def analysed(record: dict[str, Any]) -> dict[str, Any]:
    """The record's analysis computed here, as stored (its reports rounded as their JSON is)."""
    return GameAnalysis.from_json(analyse(record, 0, CHEAP["ra"]).as_json()).as_json()


def strip_times(data: dict[str, Any]) -> dict[str, Any]:
    """An analysis's JSON without its CPU times (they differ from run to run)."""
    decisions = [{k: v for k, v in d.items() if k != "cpu_seconds"} for d in data["decisions"]]
    return {**{k: v for k, v in data.items() if k != "cpu_seconds"}, "decisions": decisions}


def test_a_game_still_running_or_unknown_is_refused(client_with: Start) -> None:
    client = client_with(**FAST)
    table = create(client, [person("Ann"), bot()])
    refused = client.post(f"/api/tables/{table['id']}/analysis")
    assert refused.status_code == 409, refused.text
    assert refused.json()["error"] == "the analysis is available once the game is over"
    assert Text.from_json(refused.json()["text"]).msgid == "the analysis is available once the game is over"
    assert client.get(f"/api/tables/{table['id']}/analysis").json()["status"] == "none"
    assert client.post("/api/tables/nosuchtable/analysis").status_code == 404
    assert client.get("/api/tables/nosuchtable/analysis").status_code == 404
    for bad in ("a" * 41, "bad%20id", "..%2F..%2Fetc", "%00"):
        assert client.post(f"/api/tables/{bad}/analysis").status_code in (400, 404), bad
        assert client.get(f"/api/tables/{bad}/analysis").status_code in (400, 404), bad


def test_a_flood_of_requests_starts_no_more_work_and_the_queue_is_bounded(client_with: Start) -> None:
    client = client_with(**{**FAST, "analysis_queue": 1})
    counting = count_evaluations(client, Counting(delay=0.01))
    first, second = finished_table(client), finished_table(client)
    url = f"/api/tables/{first['id']}/analysis"
    answers = [client.post(url, json={"junk": "x" * 100}) for _ in range(30)]
    assert {a.status_code for a in answers} == {202}
    busy = client.post(f"/api/tables/{second['id']}/analysis")  # one analysis waits already: the queue is full
    assert busy.status_code == 429 and "try again" in busy.json()["error"], busy.text
    assert client.post(url, json={"junk": "x" * 1_000_000}).status_code == 413  # a body is never read
    done = wait_analysis(client, first["id"])
    assert set(counting.calls.values()) == {1} and counting.total == done["total"]
    assert client.post(f"/api/tables/{second['id']}/analysis").status_code == 202  # room again
    wait_analysis(client, second["id"])
    assert runner_of(client).computed == 2


def test_a_failed_analysis_says_why_and_a_new_request_queues_it_again(client_with: Start) -> None:
    client = client_with(**FAST)
    count_evaluations(client, Counting(fail=True))
    table = finished_table(client)
    url = f"/api/tables/{table['id']}/analysis"
    client.post(url)
    failed = wait_analysis(client, table["id"], "failed")
    assert failed["analysis"] is None
    stored = runner_of(client).store.get(table["id"])
    assert stored is not None and "the evaluator broke" in (stored.error or "")
    counting = count_evaluations(client, Counting())
    assert client.post(url).json()["status"] in ("queued", "running", "done")
    done = wait_analysis(client, table["id"])
    assert counting.total == done["total"]


def test_the_stored_analysis_is_served_after_a_restart_without_computing_again(client_with: Start) -> None:
    client = client_with(**FAST)
    table = finished_table(client)
    client.post(f"/api/tables/{table['id']}/analysis")
    before = wait_analysis(client, table["id"])
    client.__exit__(None, None, None)  # the server stops
    again = client_with(**FAST)
    counting = count_evaluations(again, Counting())
    after = wait_analysis(again, table["id"])
    assert after == before
    assert again.post(f"/api/tables/{table['id']}/analysis").json()["status"] == "done"
    assert counting.total == 0 and runner_of(again).computed == 0


def test_an_analysis_left_running_resumes_after_a_restart_from_its_saved_decisions(client_with: Start) -> None:
    client = client_with(**FAST)
    table = finished_table(client)
    slow = count_evaluations(client, Counting(delay=0.05))
    client.post(f"/api/tables/{table['id']}/analysis")
    store = runner_of(client).store
    wait_for(lambda: (row := store.get(table["id"])) is not None and row.done >= 5, what="decisions saved")
    client.__exit__(None, None, None)  # stopped midway: its claim given up, its decisions kept
    saved = store.get(table["id"])
    assert saved is not None and saved.status == "running" and len(saved.reports) == saved.done >= 5
    again = client_with(**FAST)
    counting = count_evaluations(again, Counting())
    done = wait_analysis(again, table["id"])
    assert counting.total == done["total"] - saved.done  # the saved decisions are not evaluated again
    assert not set(counting.calls) & {report["index"] for report in saved.reports}
    assert slow.total >= saved.done
    record = again.get(f"/api/tables/{table['id']}/record").json()
    assert strip_times(done["analysis"]) == strip_times(analysed(record))


def test_bots_play_on_and_the_server_answers_while_an_analysis_runs(client_with: Start) -> None:
    client = client_with(**FAST)
    counting = count_evaluations(client, Counting(delay=0.05))  # about 4 s for the game's decisions
    table = finished_table(client)
    client.post(f"/api/tables/{table['id']}/analysis")
    wait_for(lambda: counting.total > 0, what="the analysis to start")
    started = time.monotonic()
    game = finished_table(client)  # a bots' game from its start to its end while the analysis runs
    took = time.monotonic() - started
    assert client.get(f"/api/tables/{table['id']}/analysis").json()["status"] == "running"
    worst = 0.0
    for _ in range(20):
        asked = time.monotonic()
        assert client.get(f"/api/tables/{game['id']}").status_code == 200
        worst = max(worst, time.monotonic() - asked)
    assert took < 10 and worst < 0.5, (took, worst)
    wait_analysis(client, table["id"])
