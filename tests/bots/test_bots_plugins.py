"""Plug-in bots: which specs name one, that only callers allowing plug-ins import anything, loading by module and by
entry point, answers turned into ids, and the terminal's guard (errors, illegal answers, hangs: random moves)."""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ra.bots import ANY_PLUGIN, NO_PLUGINS, PLUGIN, Plugins, make_bot, parse_spec, plugin_name
from ra.bots.guarded import Guarded, deadline_for, guarded
from ra.bots.plugins import plugin_class
from ra.bots.spec import PluginName
from ra.games import game_module

BOTS = '''
import time

LOADED = True


class First:
    """Plays the first legal action, by its notation."""

    def __init__(self, *, game, seed, seconds):
        self.game, self.seed, self.seconds = game, seed, seconds

    def decide(self, view, legal_actions):
        return legal_actions[0]["notation"]


class Last:
    games = ("ra",)

    def __init__(self, *, game, seed, seconds):
        pass

    def decide(self, view, legal_actions):
        return legal_actions[-1]["id"]


class Answers:
    ANSWER = None

    def __init__(self, *, game, seed, seconds):
        pass

    def decide(self, view, legal_actions):
        return Answers.ANSWER


class Raises:
    def __init__(self, *, game, seed, seconds):
        pass

    def decide(self, view, legal_actions):
        raise RuntimeError("the plug-in broke")


class Sleeps:
    def __init__(self, *, game, seed, seconds):
        pass

    def decide(self, view, legal_actions):
        time.sleep(3)
        return legal_actions[0]["id"]


class Unbuildable:
    def __init__(self, *, game, seed, seconds):
        raise RuntimeError("no model file")

    def decide(self, view, legal_actions):
        return 0


not_a_class = 3
'''


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A folder on sys.path holding the module `plugtest_bots` (the bots above) and `plugtest_evil`, whose import
    writes a file: were it ever imported, the file would be there."""
    (tmp_path / "plugtest_bots.py").write_text(BOTS)
    marker = tmp_path / "imported"
    (tmp_path / "plugtest_evil.py").write_text(
        f"from pathlib import Path\nPath({str(marker)!r}).write_text('x')\n"
        "class Bot:\n    def decide(self, view, legal_actions): ...\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    yield tmp_path
    for name in ("plugtest_bots", "plugtest_evil", "plugtest_entry"):
        sys.modules.pop(name, None)
    plugin_class.cache_clear()


def ra_view(seed: int = 5) -> dict[str, Any]:
    """The view of the first player to act in a 3-player Ra game."""
    state = game_module("ra").State.new({"players": 3}, seed=seed)
    return dict(state.view(state.current_players()[0]))


@pytest.mark.parametrize(
    ("spec", "name"),
    [
        ("mybots:Cautious", PluginName("mybots", "Cautious")),
        (" my.bots:Cautious ", PluginName("my.bots", "Cautious")),
        ("os:system", PluginName("os", "system")),
        ("plugin:cautious-2.0", PluginName(None, "cautious-2.0")),
        ("random", None),
        ("hard", None),
        ("greedy:epsilon", None),  # a bad built-in spec, never a module named greedy
        ("Hard:x", None),
        ("mcts:iterations=200", None),
        ("mybots:Cautious=1", None),
        ("mybots:", None),
        (":Cautious", None),
        ("my bots:Cautious", None),
        ("../x:Y", None),
        ("mybots:Cautious.x", None),
        ("plugin:", None),
        ("plugin:a b", None),
        ("m:" + "C" * 100, None),
    ],
)
def test_which_specs_name_a_plugin(spec: str, name: PluginName | None) -> None:
    assert plugin_name(spec) == name


def test_a_plugin_spec_is_refused_unless_the_caller_allows_it() -> None:
    with pytest.raises(ValueError, match="plug-in bot 'mybots:Cautious' is not allowed here"):
        parse_spec("mybots:Cautious", "ra")
    assert parse_spec("mybots:Cautious", "ra", ANY_PLUGIN) == (PLUGIN, {})
    operator = Plugins(frozenset({"mybots:Cautious"}))
    assert parse_spec(" mybots:Cautious ", "ra", operator) == (PLUGIN, {})
    for other in ("mybots:Other", "mybot:Cautious", "plugin:Cautious", "os:system"):
        with pytest.raises(ValueError, match="not allowed here"):
            parse_spec(other, "ra", operator)
    assert parse_spec("greedy:epsilon=0.5", "ra", ANY_PLUGIN) == ("greedy", {"epsilon": 0.5})  # built-ins as before


def test_a_strangers_spec_imports_nothing(folder: Path) -> None:
    """The default refuses a module spec before importing it: the module's code never runs."""
    for spec in ("plugtest_evil:Bot", "plugin:plugtest_evil"):
        with pytest.raises(ValueError, match="not allowed here"):
            make_bot(spec, "ra", 0)
        with pytest.raises(ValueError, match="not allowed here"):
            make_bot(spec, "ra", 0, Plugins(frozenset({"plugtest_bots:First"})))
    assert "plugtest_evil" not in sys.modules
    assert not (folder / "imported").exists()
    plugin_class("plugtest_evil:Bot")  # the test can fail: loaded where allowed, the module runs
    assert (folder / "imported").exists()


def test_a_plugin_built_by_module_and_class_plays_legal_actions(folder: Path) -> None:
    view = ra_view()
    bot = make_bot("plugtest_bots:First", "ra", 7, Plugins(None, seconds=0.5))
    assert bot.name == "plugtest_bots:First"
    assert bot.choose(view) == view["legal_actions"][0]["id"]  # its notation, turned into the id
    plugin = bot.plugin  # type: ignore[attr-defined]
    assert (plugin.game, plugin.seed, plugin.seconds) == ("ra", 7, 0.5)
    assert make_bot("plugtest_bots:Last", "ra", 0, ANY_PLUGIN).choose(view) == view["legal_actions"][-1]["id"]


@pytest.mark.parametrize("answer", [99_999, "bid:13", "nonsense", True, None, 1.0, ["draw"]])
def test_an_answer_that_is_no_legal_action_raises(folder: Path, answer: object) -> None:
    view = ra_view()
    bot = make_bot("plugtest_bots:Answers", "ra", 0, ANY_PLUGIN)
    sys.modules["plugtest_bots"].Answers.ANSWER = answer
    with pytest.raises(ValueError, match="not one of the legal actions"):
        bot.choose(view)


class Index:
    """An integer-like answer, as NumPy's are (`operator.index` reads it)."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value


def test_another_spelling_of_a_legal_notation_or_an_integer_like_id_is_that_action(folder: Path) -> None:
    view = ra_view()
    draw = next(a for a in view["legal_actions"] if a["notation"] == "draw")
    bot = make_bot("plugtest_bots:Answers", "ra", 0, ANY_PLUGIN)
    sys.modules["plugtest_bots"].Answers.ANSWER = " DRAW "
    assert bot.choose(view) == draw["id"]
    sys.modules["plugtest_bots"].Answers.ANSWER = Index(draw["id"])
    assert bot.choose(view) == draw["id"] and type(bot.choose(view)) is int


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("plugtest_nowhere:Bot", "cannot be loaded: ModuleNotFoundError"),
        ("plugtest_bots:Missing", "no such class or entry point"),
        ("plugtest_bots:not_a_class", "not a class with a decide method"),
        ("plugtest_bots:Unbuildable", "cannot be built: RuntimeError: no model file"),
        ("plugin:plugtest-none", "no such class or entry point"),
    ],
)
def test_a_plugin_that_cannot_be_built_is_a_value_error(folder: Path, spec: str, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        make_bot(spec, "ra", 0, ANY_PLUGIN)


def test_a_plugin_plays_only_the_games_it_names(folder: Path) -> None:
    with pytest.raises(ValueError, match="does not play 'write' \\(it plays: ra\\)"):
        make_bot("plugtest_bots:Last", "write", 0, ANY_PLUGIN)
    make_bot("plugtest_bots:First", "write", 0, ANY_PLUGIN)  # no `games`: every game


def test_a_plugin_found_by_its_entry_point(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A distribution's `.dist-info` on sys.path registers the entry point `plugtest-first` of the group ra.bots."""
    (tmp_path / "plugtest_entry.py").write_text(BOTS)
    info = tmp_path / "plugtest_dist-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: plugtest-dist\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[ra.bots]\nplugtest-first = plugtest_entry:First\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        view = ra_view()
        with pytest.raises(ValueError, match="not allowed here"):
            make_bot("plugin:plugtest-first", "ra", 0)
        assert "plugtest_entry" not in sys.modules
        bot = make_bot("plugin:plugtest-first", "ra", 0, ANY_PLUGIN)
        assert bot.choose(view) == view["legal_actions"][0]["id"]
    finally:
        sys.modules.pop("plugtest_entry", None)
        plugin_class.cache_clear()


def test_the_guard_plays_a_random_move_for_an_error_or_an_illegal_answer(
    folder: Path, caplog: pytest.LogCaptureFixture
) -> None:
    view = ra_view()
    legal = {a["id"] for a in view["legal_actions"]}
    raises = Guarded(make_bot("plugtest_bots:Raises", "ra", 0, ANY_PLUGIN), 3, 5.0)
    assert raises.choose(view) in legal and raises.choose(view) in legal
    assert raises.fallbacks == 2
    assert "the plug-in broke" in caplog.text
    illegal = Guarded(make_bot("plugtest_bots:Answers", "ra", 0, ANY_PLUGIN), 3, 5.0)
    sys.modules["plugtest_bots"].Answers.ANSWER = "nonsense"
    assert illegal.choose(view) in legal and illegal.fallbacks == 1
    sys.modules["plugtest_bots"].Answers.ANSWER = view["legal_actions"][-1]["notation"]
    assert illegal.choose(view) == view["legal_actions"][-1]["id"] and illegal.fallbacks == 1


def test_the_guard_leaves_a_hanging_plugin_behind(folder: Path) -> None:
    view = ra_view()
    legal = {a["id"] for a in view["legal_actions"]}
    hangs = Guarded(make_bot("plugtest_bots:Sleeps", "ra", 0, ANY_PLUGIN), 3, 0.2)
    started = time.monotonic()
    assert hangs.choose(view) in legal
    assert time.monotonic() - started < 1.5 and hangs.hung
    started = time.monotonic()
    assert hangs.choose(view) in legal  # not asked again in this game: at once
    assert time.monotonic() - started < 0.1 and hangs.fallbacks == 2


def test_only_plugins_are_guarded_with_a_deadline_from_their_budget(folder: Path) -> None:
    assert deadline_for(None) == 30.0 and deadline_for(0.5) == 2.0
    greedy = make_bot("greedy", "ra", 0)
    assert guarded(greedy, "greedy", 0, None) is greedy
    wrapped = guarded(make_bot("plugtest_bots:First", "ra", 0, ANY_PLUGIN), "plugtest_bots:First", 0, 1.0)
    assert isinstance(wrapped, Guarded) and wrapped.deadline == 3.0
    assert NO_PLUGINS.allowed == frozenset()
