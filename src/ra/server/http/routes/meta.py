"""GET /api/meta: every game this server offers, from which the lobby builds its forms."""

from __future__ import annotations

from fastapi import APIRouter

from ra.bots import kinds_for, levels_for
from ra.games import GAMES, game_module
from ra.server.http.errors import errors
from ra.server.http.models import BotInfo, GameInfo, LevelInfo, Meta, OptionInfo, PlayerCounts
from ra.server.tables.story import table_options_json

router = APIRouter()


def game_info(game: str) -> GameInfo:
    """What the lobby needs to offer one registered game."""
    module = game_module(game)
    low, high = module.MIN_PLAYERS, module.MAX_PLAYERS
    default = min(max(3, low), high)  # the lobby's starting count: three where the game allows it
    levels = [LevelInfo(name=v.name, spec=v.spec, description=str(v.description)) for v in levels_for(game)]
    return GameInfo(
        name=game,
        title=module.TITLE,
        players=PlayerCounts(minimum=low, maximum=high, default=default),
        options=[
            *(OptionInfo.model_validate(spec.as_json()) for spec in module.OPTIONS),
            *(OptionInfo.model_validate(spec) for spec in table_options_json(module)),
        ],
        bots=BotInfo(kinds=list(kinds_for(game)), levels=levels),
    )


def meta() -> Meta:
    """Every registered game with its title, player counts, options and bots."""
    return Meta(games=[game_info(game) for game in GAMES])


@router.get("/api/meta", response_model_exclude_none=True, responses=errors())
async def get_meta() -> Meta:
    """Every game this server offers: title, player counts, options, bot kinds and levels."""
    return meta()
