"""The commands in the reader's language: `--lang`, else RA_LANG, else the locale variables, else English; `ra play`,
`ra learn`, `ra replay` and `ra tournament` say their own words in German and Chinese, with no `{…}` left.

Until the engines' conversions are merged, their lines (narration, boards, menus, errors) are still English, so
these tests assert on the terminal's own words only.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from rich.cells import cell_len
from typer.testing import CliRunner

from ra.cli import app
from ra.commands.terminal import reader_language
from ra.i18n import messages, translations
from ra.tutorials import tutorial

runner = CliRunner()
PLACEHOLDER = re.compile(r"\{\w+\}")
STEPS = len(tutorial("ra").steps)
# The terminal's own words, per language: what `ra play` and `ra learn` say around the game.
PLAY_WORDS = {
    "de": ["Deine Wahl (Nummer oder Notation", "Keine gültige Wahl:", "wähle eine Nummer von 1 bis", "Endstand:",
           "Gewinner:", "(leicht)"],
    "zh-Hans": ["你的选择（编号或记法", "无效的选择：", "请选择 1 到", "最终得分：", "获胜者：", "（简单）"],
}  # fmt: skip
ENGLISH_PLAY_WORDS = ["Your choice (", "Not a choice", "choose a number", "Final scores:", "Winner", "(easy)"]
LEARN_WORDS = {
    "de": [f"Schritt 1 von {STEPS} · ", "Spielregel: §", "/rules/ra#", "Dein Zug: draw",
           "Dein Zug (Notation oder Nummer;", "Angehalten; dein Fortschritt bleibt gespeichert."],
    "zh-Hans": [f"第 1 步，共 {STEPS} 步 · ", "规则：§", "/rules/ra#", "你的操作：draw", "你的操作（记法或编号；",
                "已停止；你的进度已保存。"],
}  # fmt: skip
ENGLISH_LEARN_WORDS = ["Step 1 of", "Rules:", "Your move", "Stopped;", "Type the move asked for"]
# Messages whose translation may equal the English: they hold only codes, names, numbers and punctuation.
SAME_AS_ENGLISH = {
    "de": {"#{index} p{player} {notation}", "{name} ({level})", "{player} {score}", "{score}, {more}", "p50 / p99 ms",
           "N"},
    "zh-Hans": {"#{index} p{player} {notation}"},
}  # fmt: skip


@pytest.mark.parametrize(
    ("option", "environment", "expected"),
    [
        (None, {}, "en"),
        ("de", {"RA_LANG": "zh-Hans"}, "de"),  # --lang first
        ("zh-CN", {}, "zh-Hans"),  # any tag of a shipped language
        (None, {"RA_LANG": "de", "LC_ALL": "zh_CN.UTF-8"}, "de"),
        (None, {"LC_ALL": "zh_CN.UTF-8", "LANG": "de_DE.UTF-8"}, "zh-Hans"),
        (None, {"LC_MESSAGES": "de_AT.UTF-8", "LANG": "en_US.UTF-8"}, "de"),
        (None, {"LANG": "de_DE.UTF-8"}, "de"),
        (None, {"LC_ALL": "C", "LANG": "de_DE.UTF-8"}, "en"),  # the first variable set decides, as in POSIX
        (None, {"LANG": "fr_FR.UTF-8"}, "en"),  # a language we do not ship: English
        ("fr", {"LANG": "de_DE.UTF-8"}, "en"),
    ],
)
def test_the_language_comes_from_the_option_then_the_environment(
    option: str | None, environment: dict[str, str], expected: str
) -> None:
    assert reader_language(option, environment) == expected


def _play(args: list[str], env: dict[str, str] | None = None, answers: str = "") -> str:
    result = runner.invoke(app, ["play", *args], input=answers, env=env)
    assert result.exit_code == 0, result.output
    assert not PLACEHOLDER.search(result.output), PLACEHOLDER.search(result.output)
    return result.output


@pytest.mark.parametrize("language", ["de", "zh-Hans"])
@pytest.mark.parametrize("game", ["ra", "write"])
def test_play_against_bots_in_the_readers_language(game: str, language: str) -> None:
    # A wrong notation and a wrong number first, then always the first choice.
    output = _play([game, "-n", "3", "--seed", "3", "--lang", language], answers="zzz\n999\n" + "1\n" * 5000)
    for words in PLAY_WORDS[language]:
        assert words in output, words
    for words in ENGLISH_PLAY_WORDS:
        assert words not in output, words


@pytest.mark.parametrize(
    ("env", "words"),
    [
        ({"RA_LANG": "de"}, "Endstand:"),
        ({"LANG": "de_DE.UTF-8"}, "Endstand:"),
        ({"LC_ALL": "zh_CN.UTF-8"}, "最终得分："),
        ({"LANG": "fr_FR.UTF-8"}, "Final scores:"),
        ({"RA_LANG": "klingon"}, "Final scores:"),
    ],
)
def test_play_takes_the_language_from_the_environment(env: dict[str, str], words: str) -> None:
    assert words in _play(["ra", "-n", "3", "--seat", "-1", "--seed", "5"], env=env)


def test_an_unknown_lang_option_speaks_english_and_says_so() -> None:
    result = runner.invoke(app, ["play", "ra", "-n", "2", "--seat", "-1", "--seed", "2", "--lang", "xx"])
    assert result.exit_code == 0
    assert "unknown language 'xx'" in result.output and "Final scores:" in result.output


def test_the_persons_default_name_is_you_in_their_language() -> None:
    output = _play(["write", "-n", "2", "--seed", "1", "--lang", "de"], answers="1\n" * 3000)
    assert re.search(r"Endstand: Du \d+", output)
    named = _play(["write", "-n", "2", "--seed", "1", "--lang", "de", "--name", "Ana"], answers="1\n" * 3000)
    assert re.search(r"Endstand: Ana \d+", named)


@pytest.mark.parametrize("language", ["de", "zh-Hans"])
def test_learn_a_few_steps_in_the_readers_language(language: str, tmp_path: Path) -> None:
    progress = tmp_path / "p.json"
    args = ["learn", "ra", "--progress", str(progress), "--lang", language]
    result = runner.invoke(app, args, input="draw\ndraw\nbid:5\nquit\n")
    assert result.exit_code == 0, result.output
    assert not PLACEHOLDER.search(result.output)
    for words in LEARN_WORDS[language]:
        assert words in result.output, words
    for words in ENGLISH_LEARN_WORDS:
        assert words not in result.output, words
    assert json.loads(progress.read_text()) == {"ra": {"step": 2, "finished": False}}  # no language in it
    resumed = runner.invoke(app, ["learn", "ra", "--progress", str(progress)], input="quit\n")  # English again
    assert f"Resuming at step 3 of {STEPS}" in resumed.output


def test_learn_to_the_end_in_german_then_a_real_game(tmp_path: Path) -> None:
    lesson = tutorial("ra")
    answers: list[str] = []
    for step in lesson.steps:
        moves = step.learner_moves(lesson.learner)
        answers += [step.moves[j].action for j in moves] or [""]
    lines = [*answers, "j", *["1"] * 3000]  # "j" (ja) starts the real game
    result = runner.invoke(app, ["learn", "ra", "--progress", str(tmp_path / "p.json"), "--lang", "de"],
                           input="\n".join(lines) + "\n")  # fmt: skip
    assert result.exit_code == 0, result.output
    command = "ra play ra --players 3 --bots easy --lang de"
    before, game = result.output.split(f"Jetzt eine echte Partie beginnen ({command})? [j/N]")
    assert "Weiter mit der Eingabetaste (back, quit):" in before  # a step without a move of the learner's
    assert "(leicht)" in game and "Endstand: Du " in game


@pytest.mark.parametrize(("language", "words"), [("de", "Fehler: Partieprotokoll mit unzulässigem Zug: "),
                                                 ("zh-Hans", "错误：对局记录中有不合规则的操作：")])  # fmt: skip
def test_replay_in_the_readers_language(language: str, words: str, tmp_path: Path) -> None:
    record_path = tmp_path / "game.json"
    _play(["ra", "-n", "3", "--seat", "-1", "--seed", "2", "--record", str(record_path), "--lang", language])
    stepped = runner.invoke(app, ["replay", str(record_path), "--step", "--lang", language])
    assert stepped.exit_code == 0 and stepped.output.startswith("#0 p")
    drew = "gezogen=[" if language == "de" else "抽到=["
    assert drew in stepped.output and "draws=" not in stepped.output
    record = json.loads(record_path.read_text())
    record["moves"][3] = {"player": record["moves"][3]["player"], "action": "bid:16"}  # not a disk of a 3p game
    record_path.write_text(json.dumps(record))
    illegal = runner.invoke(app, ["replay", str(record_path), "--lang", language])
    assert illegal.exit_code == 2 and words in illegal.output
    missing = runner.invoke(app, ["replay", str(tmp_path / "nope.json"), "--lang", language])
    assert missing.exit_code == 2 and missing.output.startswith("Fehler: " if language == "de" else "错误：")


def test_tournament_tables_in_chinese_are_measured_in_columns() -> None:
    args = ["tournament", "--players", "2", "--seats", "greedy,random", "--games", "2", "--lang", "zh-Hans"]
    result = runner.invoke(app, args, env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.output
    assert "ra：2 局，2 名玩家，随机种子 0" in result.output and "胜率 [95% 置信区间]" in result.output
    table = [line for line in result.output.splitlines() if line[:1] in "┏┃┡│└"]
    assert len(table) >= 6 and len({cell_len(line) for line in table}) == 1  # every row as wide: aligned


def test_every_terminal_message_reads_other_than_english() -> None:
    template = messages.extract()["terminal"]
    for code, same in SAME_AS_ENGLISH.items():
        book = translations(code)
        for message in template:
            if not message.id:
                continue
            msgid = message.id[0] if isinstance(message.id, (tuple, list)) else message.id
            found = book.get(message.context or "", msgid)
            forms = found if isinstance(found, tuple) else (found,)
            english = set(message.id) if isinstance(message.id, (tuple, list)) else {msgid}
            if msgid not in same:
                assert found and not english & set(forms), (code, msgid, found)
