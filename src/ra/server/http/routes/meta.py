"""GET /api/meta: every game this server offers, from which the lobby builds its forms."""

from __future__ import annotations

from collections.abc import Sequence

from fastapi import APIRouter, Query, Request

from ra.bots import kinds_for, levels_for
from ra.bots.plugins import plays
from ra.core.text import Text
from ra.games import GAMES, game_module
from ra.i18n.render import Reader, render
from ra.puzzles.model import data_path
from ra.server.http.errors import errors
from ra.server.http.languages import shipped
from ra.server.http.models import BotInfo, GameInfo, LevelInfo, Meta, OptionInfo, PlayerCounts
from ra.server.tables.story import table_options, table_options_json
from ra.tutorials import TUTORIALS

router = APIRouter()


def game_info(game: str, language: str = "en", plugins: Sequence[str] = ()) -> GameInfo:
    """What the lobby needs to offer one registered game, its words in `language`; its bot kinds end with the
    plug-in bots of `plugins` (the operator's, loaded at the start) that play it."""
    module = game_module(game)
    reader = Reader(language)

    def words(text: Text | str) -> str:
        return render(text, reader)

    specs = {spec.name: spec for spec in (*module.OPTIONS, *table_options(module))}
    low, high = module.MIN_PLAYERS, module.MAX_PLAYERS
    default = min(max(3, low), high)  # the lobby's starting count: three where the game allows it
    levels = [LevelInfo(name=v.name, spec=v.spec, description=words(v.description)) for v in levels_for(game)]
    options = [
        *(OptionInfo.model_validate(spec.as_json()) for spec in module.OPTIONS),
        *(OptionInfo.model_validate(spec) for spec in table_options_json(module)),
    ]
    for option in options:
        option.label, option.help = words(specs[option.name].label), words(specs[option.name].help)
        if specs[option.name].choice_labels:
            option.choice_labels = [words(label) for label in specs[option.name].choice_labels]
    return GameInfo(
        name=game,
        title=words(module.TITLE),
        players=PlayerCounts(minimum=low, maximum=high, default=default),
        options=options,
        bots=BotInfo(kinds=[*kinds_for(game), *(spec for spec in plugins if _plays(spec, game))], levels=levels),
        tutorial=game in TUTORIALS,
        rules=f"/rules/{game}",
        puzzles=f"/puzzles/{game}" if data_path(game).exists() else "",
        skips=bool(getattr(module, "PASS_MOVES", ())),
    )


def _plays(spec: str, game: str) -> bool:
    try:
        plays(spec, game)
    except ValueError:
        return False
    return True


def meta(language: str = "en", plugins: Sequence[str] = ()) -> Meta:
    """Every registered game with its title, player counts, options and bots (`plugins`: the allowed plug-ins), in
    `language`."""
    return Meta(games=[game_info(game, language, plugins) for game in GAMES])


@router.get("/api/meta", response_model_exclude_none=True, responses=errors())
async def get_meta(
    request: Request,
    lang: str | None = Query(None, description="a shipped language (en, de, zh-Hans); anything else: English"),
) -> Meta:
    """Every game this server offers: title, player counts, options, bot kinds (the operator's plug-in bots
    last) and levels, with its tutorial and rules page; labels, help and descriptions in `lang`."""
    return meta(shipped(lang) or "en", getattr(request.app.state, "bot_plugins", ()))
