"""Ratings over HTTP: a leaderboard per game and a player's page (ratings with their history, finished games, win
shares by player count). Players are named by random public ids: nothing here lists or counts accounts beyond the
rated players a leaderboard shows."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Query

from ra.core.text import t
from ra.games import GAMES
from ra.server.accounts.errors import AccountError
from ra.server.accounts.service import in_thread
from ra.server.http import account_models as api
from ra.server.http.signed_in import PeopleParts
from ra.server.ratings.rating import shown

router = APIRouter()
PlayerId = Annotated[str, Path(min_length=1, max_length=24, pattern=r"^[A-Za-z0-9_-]+$")]
Game = Annotated[str, Path(min_length=1, max_length=20, pattern=r"^[a-z_]+$", json_schema_extra={"enum": list(GAMES)})]


@router.get("/api/ratings/{game}", responses=api.refusals(400, 404))
async def leaderboard(
    game: Game,
    parts: PeopleParts,
    limit: Annotated[int, Query(ge=1, le=200)] = 50,
    pool: Annotated[api.Pool, Query()] = "people",
) -> api.Leaderboard:
    """A game's rated players (people and bots) in one pool, the best rating first: rating = mu - 3 sigma. The
    bots' pool rates the tables a bot account played at (docs/BOT_API.md)."""
    if game not in GAMES:
        raise AccountError(404, "not_found", t("There is no game {game} here.", game=game))
    rows = await in_thread(parts.ratings.leaderboard, game, limit, pool)
    players = [
        api.Standing(
            rank=i + 1,
            player=row["id"],
            name=row["name"],
            bot=row["bot"] is not None or row["kind"] == "bot",
            built_in=row["bot"] is not None,
            rating=shown(row["mu"], row["sigma"]),
            mu=row["mu"],
            sigma=row["sigma"],
            games=row["games"],
        )
        for i, row in enumerate(rows)
    ]
    return api.Leaderboard(game=game, pool=pool, players=players)


@router.get("/api/players/{player_id}", responses=api.refusals(400, 404))
async def player_page(player_id: PlayerId, parts: PeopleParts) -> api.PlayerPage:
    """A player's ratings with their history, finished games and win shares by player count."""
    store = parts.ratings
    player = await in_thread(store.player, player_id)
    if player is None:
        raise AccountError(404, "not_found", t("There is no such player."))
    history = await in_thread(store.history, player_id)
    ratings = [
        api.GameRating(
            game=row["game"],
            pool=row["pool"],
            rating=shown(row["mu"], row["sigma"]),
            mu=row["mu"],
            sigma=row["sigma"],
            games=row["games"],
            history=[
                api.HistoryPoint(table=h["table_id"], at=h["at"].isoformat(), rating=shown(h["mu"], h["sigma"]))
                for h in history
                if h["game"] == row["game"] and h["pool"] == row["pool"]
            ],
        )
        for row in await in_thread(store.ratings_of, player_id)
    ]
    games = [
        api.PlayedGame(
            table=row["table_id"],
            game=row["game"],
            players=row["players"],
            seat=row["seat"],
            place=row["place"],
            won=row["won"],
            rated=row["rated"],
            finished=row["finished"].isoformat(),
        )
        for row in await in_thread(store.results_of, player_id)
    ]
    shares = [
        api.WinShare(
            game=row["game"],
            players=row["players"],
            games=row["games"],
            wins=int(row["wins"] or 0),
            share=round(int(row["wins"] or 0) / row["games"], 4) if row["games"] else 0.0,
        )
        for row in await in_thread(store.win_shares, player_id)
    ]
    return api.PlayerPage(
        id=player["id"],
        name=player["name"],
        kind="bot" if player["bot"] is not None or player["kind"] == "bot" else "person",
        bot=player["bot"] is not None or player["kind"] == "bot",
        built_in=player["bot"] is not None,
        ratings=ratings,
        games=games,
        win_shares=shares,
    )
