"""Table options are checked through their OptionSpec (ra.core.options), the same way for every game."""

from __future__ import annotations

from typing import Any

import pytest

from ra.core.options import checked_setting, option_settings
from ra.core.protocol import OptionSpec
from ra.core.text import t
from ra.games import GAMES, game_module

FLAG = OptionSpec("flag", "bool", False, t("A flag"), t("On or off."))
RULE = OptionSpec("rule", "choice", "once", t("A rule"), t("Once or twice."), choices=("once", "twice"))
COUNT = OptionSpec("count", "int", 3, t("A count"), t("From 1 to 9."), minimum=1, maximum=9)
AT_LEAST = OptionSpec("at_least", "int", 3, t("A count"), t("1 or more."), minimum=1)


@pytest.mark.parametrize(
    ("spec", "value", "message"),
    [
        (FLAG, 1, r"option 'flag' must be true or false, not 1"),
        (FLAG, "yes", r"option 'flag' must be true or false, not 'yes'"),
        (RULE, "never", r"option 'rule' must be one of \['once', 'twice'\], not 'never'"),
        (RULE, 1, r"option 'rule' must be one of \['once', 'twice'\], not 1"),
        (COUNT, 0, r"option 'count' must be a whole number from 1 to 9, not 0"),
        (COUNT, 10, r"option 'count' must be a whole number from 1 to 9, not 10"),
        (COUNT, True, r"option 'count' must be a whole number from 1 to 9, not True"),
        (COUNT, 2.0, r"option 'count' must be a whole number from 1 to 9, not 2\.0"),
        (AT_LEAST, 0, r"option 'at_least' must be a whole number of at least 1, not 0"),
    ],
)
def test_a_bad_setting_is_refused_in_the_words_of_its_kind(spec: OptionSpec, value: Any, message: str) -> None:
    with pytest.raises(ValueError, match=f"^{message}$"):
        checked_setting(spec, value)


@pytest.mark.parametrize(("spec", "value"), [(FLAG, True), (RULE, "twice"), (COUNT, 1), (COUNT, 9), (AT_LEAST, 99)])
def test_a_good_setting_is_returned_as_given(spec: OptionSpec, value: Any) -> None:
    assert checked_setting(spec, value) is value


def test_settings_fill_in_defaults_and_leave_other_keys_alone() -> None:
    specs = (FLAG, RULE, COUNT)
    assert option_settings(specs, {"rule": "twice", "players": 3}) == {"flag": False, "rule": "twice", "count": 3}


def test_a_game_may_name_its_options_its_own_way() -> None:
    with pytest.raises(ValueError, match=r"^flag must be true or false, not 0$"):
        option_settings((FLAG,), {"flag": 0}, named="{name}")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_accepts_its_defaults_and_refuses_a_bad_setting_of_each_option(game: str) -> None:
    module = game_module(game)
    base = {"players": module.MIN_PLAYERS}
    state = module.State.new(base, seed=1)
    assert state.num_players == module.MIN_PLAYERS
    for spec in module.OPTIONS:
        bad = {"bool": "yes", "choice": "no such choice", "int": "seven"}[spec.kind]
        with pytest.raises(ValueError, match=spec.name):
            module.State.new({**base, spec.name: bad}, seed=1)


def test_the_games_keep_their_messages() -> None:
    ra, write = game_module("ra"), game_module("write")
    with pytest.raises(ValueError, match=r"^option 'scores_visible' must be true or false, not 'yes'$"):
        ra.State.new({"players": 3, "scores_visible": "yes"}, seed=1)
    with pytest.raises(ValueError, match=r"^kingdom_limited must be true or false, not 1$"):
        write.State.new({"players": 3, "kingdom_limited": 1}, seed=1)
