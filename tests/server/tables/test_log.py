"""The move log tells the game in words (issue 12): the engine's narration from spectator views, with the seats'
names and the numbers of each move, the same after a restart or an eviction, and never a hidden score."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from app_helpers import app_with, service_of
from fastapi.testclient import TestClient
from server_helpers import bot, create, person, read_until, wait_status, ws_url

from ra.games import game_module
from ra.server.tables.story import engine_options


@pytest.fixture
def quick(data_dir: Path) -> Iterator[TestClient]:
    """An app whose bots decide in threads of the test process (random bots finish a game in seconds)."""
    with TestClient(app_with(data_dir, bot_workers=0)) as client:
        yield client


def spectator_log(client: TestClient, table_id: str) -> list[dict[str, Any]]:
    """The public log, as a spectator gets it over HTTP."""
    return list(client.get(f"/api/tables/{table_id}/view").json()["log"])


@pytest.mark.parametrize("game", ["ra", "write"])
def test_every_log_entry_is_the_engines_narration_with_the_seats_names(quick: TestClient, game: str) -> None:
    table = create(quick, [bot("random"), bot("random"), bot("random")], game=game)
    summary = wait_status(quick, table["id"])
    names = [s["name"] for s in summary["seats"]]
    log = spectator_log(quick, table["id"])
    table_live = service_of(quick).tables.peek(table["id"])
    assert table_live is not None
    history = table_live.state.history
    assert [e["seq"] for e in log] == list(range(1, len(history) + 1))
    module = game_module(game)
    # The same story, told again from the views before and after each move (spectator views, current names).
    state = module.State.new(engine_options(table_live.row.options), seed=table_live.row.seed)
    for entry, move in zip(log, history, strict=True):
        before = {**state.view(None), "names": names}
        state.push(move.action, move.player)
        after = {**state.view(None), "names": names}
        assert entry["lines"] == [str(line) for line in module.narrate(before, after, move)]
        assert entry["player"] == move.player and entry["notation"] == module.action_to_str(move.action)
        assert entry["text"] == entry["lines"][0] and entry["lines"][0].startswith(names[move.player] + " ")
    text = "\n".join(line for entry in log for line in entry["lines"])
    for name in names:  # the bots' own names, e.g. "Khufu (random)"
        assert name in text
    if game == "ra":
        assert re.search(r"won the auction with sun disk \d+", text)
        # Scores are hidden (R3): epochs 1 and 2 are told without them, the last one with every score change.
        assert "Epoch 1 is scored; scores are hidden until the end." in text
        assert re.search(r"score \d+ → \d+", text)
    else:
        assert re.search(r"The (Old|Middle|New) Kingdom ends and is scored", text)


def test_a_hidden_score_is_never_told_in_the_log(quick: TestClient) -> None:
    """Until the end of the game, no log line of a hidden-scores Ra table shows a score change."""
    table = create(quick, [bot("random"), bot("random"), bot("random")])
    wait_status(quick, table["id"])
    log = spectator_log(quick, table["id"])
    last_epoch = max(i for i, e in enumerate(log) if any("Epoch 3" in line for line in e["lines"]))
    for entry in log[:last_epoch]:
        for line in entry["lines"]:
            assert not re.search(r"score \d+ → \d+", line), line


def test_a_rebuilt_table_tells_its_log_as_it_was_told_live(data_dir: Path) -> None:
    """Restart and eviction rebuild a table from its moves; its log is narrated again, the same way."""
    with TestClient(app_with(data_dir, bot_workers=0)) as client:
        table = create(client, [person("Ann"), bot("random"), bot("random")])
        with client.websocket_connect(ws_url(table, 0)) as ws:
            state = read_until(ws, 0)
            for turn in range(7):  # a few moves of Ann's, the bots playing in between, until Ann is to act
                while not state["view"]["legal_actions"]:
                    state = read_until(ws, state["seq"] + 1)
                if turn == 6:
                    break
                move = state["view"]["legal_actions"][0]["notation"]
                ws.send_json({"type": "action", "seq": state["seq"], "move": move})
                state = read_until(ws, state["seq"] + 1)
        live = spectator_log(client, table["id"])
        assert len(live) >= 6
        # Eviction: the table leaves memory and is rebuilt when asked for again.
        service_of(client).tables.pop(table["id"])
        assert spectator_log(client, table["id"]) == live
    with TestClient(app_with(data_dir, bot_workers=0)) as client:
        rebuilt = spectator_log(client, table["id"])
    assert rebuilt == live
    assert all(entry["lines"] for entry in rebuilt)
