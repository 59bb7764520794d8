"""Bots on the leaderboard: "Bots are rated too", so a bot that played a rated game among people is listed (as a
bot), its rating held still as the anchor it was."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import sqlalchemy as sa

from ra.server.ratings.rating import MU, SIGMA, rate
from ra.server.ratings.store import Outcome, RatingStore
from ra.server.storage.schema import players_t, tables_t, upgrade


def test_a_bot_that_anchored_a_rated_game_of_people_is_on_the_leaderboard(tmp_path: Path) -> None:
    engine = sa.create_engine(f"sqlite:///{tmp_path / 'ratings.db'}")
    upgrade(engine)
    store = RatingStore(engine)
    with engine.begin() as c:
        c.execute(players_t.insert(), [{"id": "ann", "name": "Ann"}, {"id": "bob", "name": "Bob"}])
        when = dt.datetime(2026, 12, 6, tzinfo=dt.UTC)
        row = {
            "game": "ra",
            "options": {},
            "seed": 1,
            "seats": [],
            "status": "finished",
            "created": when,
            "updated": when,
        }
        c.execute(tables_t.insert(), [{"id": f"t{n}", **row} for n in range(2)])
    bot = store.bot_player("greedy")
    for n in range(2):
        seats = {0: ("ann", 1.0, True), 1: ("bob", 2.0, False), 2: (bot, 3.0, False)}
        finished = dt.datetime(2026, 12, 6, 12, n, tzinfo=dt.UTC)
        outcome = Outcome(f"t{n}", "ra", [30, 20, 10], [0], finished, seats, ["ann", "bob"], [bot])
        assert store.record(outcome, rate)
    board = {row["id"]: row for row in store.leaderboard("ra", 10)}
    assert set(board) == {"ann", "bob", bot}
    assert board[bot]["bot"] == "greedy" and board[bot]["games"] == 2
    assert (board[bot]["mu"], board[bot]["sigma"]) == (MU, SIGMA)  # an anchor: never moved by people's games
    assert board["ann"]["mu"] > board["bob"]["mu"] and board["ann"]["games"] == 2  # people moved as before
