"""Specs parse as documented, and every bound of SPEC_LIMITS is enforced with a message that says what is allowed."""

from __future__ import annotations

import pytest

from ra.bots import SPEC_LIMITS, describe_limits, make_bot, parse_spec, resolve_spec, split_specs
from ra.bots.ra.searchbot import RaSearchBot


@pytest.mark.parametrize(
    ("spec", "kind", "settings"),
    [
        ("random", "random", {}),
        ("greedy", "greedy", {}),
        ("greedy:epsilon=0", "greedy", {"epsilon": 0.0}),
        ("greedy:epsilon=1", "greedy", {"epsilon": 1.0}),
        ("mcts", "mcts", {}),
        ("mcts:iterations=400", "mcts", {"iterations": 400}),
        ("mcts:iterations=1", "mcts", {"iterations": 1}),
        ("mcts:iterations=20000", "mcts", {"iterations": 20_000}),
        ("mcts:seconds=0.5", "mcts", {"seconds": 0.5}),
        ("mcts:seconds=2", "mcts", {"seconds": 2.0}),
        ("mcts:c=10", "mcts", {"c": 10.0}),
        ("MCTS: iterations=10 , seconds=2", "mcts", {"iterations": 10, "seconds": 2.0}),
        ("mcts:iterations=5;seconds=2", "mcts", {"iterations": 5, "seconds": 2.0}),
    ],
)
def test_parse_spec(spec: str, kind: str, settings: dict[str, float]) -> None:
    """Specs split into a kind and typed settings; the bounds themselves are allowed."""
    assert parse_spec(spec) == (kind, settings)
    assert type(parse_spec("mcts:iterations=7")[1]["iterations"]) is int


@pytest.mark.parametrize(
    ("spec", "names"),
    [
        ("mcts:seconds=nan", "finite"),
        ("mcts:seconds=inf", "finite"),
        ("mcts:seconds=-infinity", "finite"),
        ("greedy:epsilon=nan", "finite"),
        ("mcts:c=inf", "finite"),
        ("greedy:epsilon=5", "0 ≤ epsilon ≤ 1"),
        ("greedy:epsilon=-0.1", "0 ≤ epsilon ≤ 1"),
        ("mcts:iterations=20001", "1 ≤ iterations ≤ 20000"),
        ("mcts:iterations=0", "1 ≤ iterations ≤ 20000"),
        ("mcts:iterations=1.5", "whole number"),
        ("mcts:iterations=x", "whole number"),
        ("mcts:seconds=0", "0 < seconds ≤ 2"),
        ("mcts:seconds=2.01", "0 < seconds ≤ 2"),
        ("mcts:c=0", "0 < c ≤ 10"),
        ("mcts:c=10.5", "0 < c ≤ 10"),
        ("mcts:depth=3", "iterations, seconds, c"),
        ("random:x=1", "settings: none"),
        ("greedy:epsilon", "epsilon"),
        ("mcts:iterations=5,iterations=6", "twice"),
        ("alphazero", "unknown bot"),
        ("", "unknown bot"),
        ("mcts:iterations=10".ljust(101), "101 characters"),
    ],
)
def test_bad_specs_say_what_is_allowed(spec: str, names: str) -> None:
    """Each bound is enforced; the ValueError names the problem and lists every allowed kind and range."""
    with pytest.raises(ValueError) as caught:
        parse_spec(spec)
    message = str(caught.value)
    assert names in message
    assert message.endswith(str(describe_limits()))
    with pytest.raises(ValueError):
        make_bot(spec, "ra", 0)


def test_limits_table_is_the_one_source() -> None:
    """The documented bounds (docs/BOTS.md) are SPEC_LIMITS's, and describe_limits states each of them."""
    assert SPEC_LIMITS.max_length == 100
    mcts = SPEC_LIMITS.settings["mcts"]
    assert (mcts["iterations"].low, mcts["iterations"].high) == (1, 20_000)
    assert (mcts["seconds"].low, mcts["seconds"].high, mcts["seconds"].low_included) == (0, 2, False)
    assert (mcts["c"].low, mcts["c"].high, mcts["c"].low_included) == (0, 10, False)
    assert SPEC_LIMITS.settings["greedy"]["epsilon"].allows(0.0)
    text = str(describe_limits())
    for kind, bounds in SPEC_LIMITS.settings.items():
        assert kind in text
        for name, bound in bounds.items():
            assert str(bound.describe(name)) in text
    assert "100 characters" in text


def test_a_spec_at_the_length_limit_is_allowed() -> None:
    """100 characters pass; 101 do not (counted before stripping)."""
    spec = "mcts:iterations=10".ljust(100)
    assert parse_spec(spec) == ("mcts", {"iterations": 10})
    with pytest.raises(ValueError):
        parse_spec(spec + " ")


def test_non_text_spec_is_a_value_error() -> None:
    """A spec from JSON may be any type: anything but text is refused as a ValueError."""
    with pytest.raises(ValueError, match="text"):
        parse_spec(400)  # type: ignore[arg-type]


def test_levels_resolve_per_game() -> None:
    """A level name stands for its game's spec; without a game, for the generic ladder's."""
    assert parse_spec("medium", "ra") == ("greedy", {})
    assert parse_spec("HARD", "write") == ("search", {"samples": 100, "seconds": 1.0})
    assert resolve_spec(" easy ", "ra") == "greedy:epsilon=0.4"
    assert parse_spec("medium")[0] == "mcts"
    assert resolve_spec("greedy:epsilon=0.2", "ra") == "greedy:epsilon=0.2"


def test_split_specs_keeps_multi_setting_specs_whole() -> None:
    """In a seat list, `key=value` items continue the spec before them."""
    assert split_specs("mcts:iterations=1000,seconds=1.0,greedy,greedy") == [
        "mcts:iterations=1000,seconds=1.0",
        "greedy",
        "greedy",
    ]
    assert split_specs("mcts,greedy:epsilon=0.2,random") == ["mcts", "greedy:epsilon=0.2", "random"]
    assert split_specs(" hard , easy ,") == ["hard", "easy"]


@pytest.mark.parametrize(
    ("setting", "value", "too_big"),
    [("learned", 3, 6), ("blind", 1, 2), ("fails", 4, 201), ("work", 1000, 600_000)],
)
def test_ra_tree_settings_are_bounded_and_ra_only(setting: str, value: float, too_big: float) -> None:
    """Handed to Ra's search bot and bounded in the spec table; RA and Write's flat search refuses them."""
    bot = make_bot(f"search:{setting}={value}", "ra", 1)
    assert isinstance(bot, RaSearchBot) and getattr(bot, setting) == value
    with pytest.raises(ValueError):
        make_bot(f"search:{setting}={too_big}", "ra", 1)
    with pytest.raises(ValueError, match=setting):
        make_bot(f"search:{setting}={value}", "write", 1)
