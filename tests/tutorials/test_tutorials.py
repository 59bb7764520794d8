"""The tutorials (ra.tutorials): each plays to its end by its own steps, highlights only legal moves, explains wrong
moves, states the engine's own numbers, replays any prefix, and is plain JSON with rule links that exist."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from ra.core import IllegalActionError
from ra.tutorials import GAMES, Step, Tutorial, judge, phrase, play, tutorial, tutorial_json
from ra.tutorials.model import asks_for

ROOT = Path(__file__).resolve().parents[2]


def _positions(lesson: Tutorial) -> list[tuple[int, int]]:
    """(step, move) of every learner move, in order."""
    return [(i, j) for i, step in enumerate(lesson.steps) for j in step.learner_moves(lesson.learner)]


@pytest.mark.parametrize("game", GAMES)
def test_each_tutorial_plays_to_the_end_of_the_game_by_its_own_steps(game: str) -> None:
    lesson = tutorial(game)
    state = lesson.start()
    for step in lesson.steps:
        for move in step.moves:
            play(lesson.module, state, move)  # raises if the engine refuses a move or it draws something else
    assert state.is_terminal()
    assert [d for m in state.history for d in m.draws] == lesson.order()


@pytest.mark.parametrize("game", GAMES)
def test_every_highlighted_notation_is_legal_for_the_learner_at_its_step(game: str) -> None:
    lesson = tutorial(game)
    for index, move in _positions(lesson):
        view = lesson.position(index, move).view(lesson.learner)
        legal = {entry["notation"] for entry in view["legal_actions"]}
        highlight = lesson.as_json()["steps"][index]["moves"][move]["highlight"]
        assert highlight and set(highlight) <= legal, (lesson.steps[index].key, highlight)


@pytest.mark.parametrize("game", GAMES)
def test_a_wrong_move_is_explained_by_the_engine_or_by_the_step(game: str) -> None:
    lesson = tutorial(game)
    module = lesson.module
    explained_illegal = explained_legal = 0
    for index, move_index in _positions(lesson):
        state = lesson.position(index, move_index)
        step, move = lesson.steps[index], lesson.steps[index].moves[move_index]
        assert judge(module, state, move, move.action) is None
        assert judge(module, state, move, module.str_to_action(move.action)) is None
        legal = state.legal_actions(move.seat)
        illegal = next(a for a in range(module.NUM_ACTIONS) if a not in legal)
        try:
            state.clone().apply(illegal, move.seat)
        except IllegalActionError as exc:
            engine_says = str(exc)
        said = judge(module, state, move, illegal, step.hint)
        assert said is not None and engine_says in str(said)
        explained_illegal += 1
        other = [a for a in legal if module.action_to_str(a) != move.action]
        if other:
            told = judge(module, state, move, other[0], step.hint)
            assert told == (step.hint or asks_for(module, state, move))
            explained_legal += 1
        assert judge(module, state, move, "no such move") is not None
    assert explained_illegal and explained_legal


@pytest.mark.parametrize("game", ["ra"])  # every step of RA and Write's has a hint of its own
def test_a_step_without_a_hint_names_its_move_in_words_not_in_notation(game: str) -> None:
    lesson = tutorial(game)
    module = lesson.module
    named = 0
    for index, move_index in _positions(lesson):
        step, move = lesson.steps[index], lesson.steps[index].moves[move_index]
        state = lesson.position(index, move_index)
        other = [a for a in state.legal_actions(move.seat) if module.action_to_str(a) != move.action]
        if step.hint is not None or not other:
            continue
        told = str(judge(module, state, move, other[0]))
        words = str(phrase(module, state.view(move.seat), move.action))
        assert words != move.action and words in told and f" {move.action}." not in told, (step.key, told)
        named += 1
    assert named


def _numbers(text: str) -> list[int]:
    """The whole numbers a text states, with their sign ('-5' and '+5' as -5 and 5)."""
    return [int(n) for n in re.findall(r"(?<![\w:])[+-]?\d+(?![\w:])", text)]


@pytest.mark.parametrize("game", GAMES)
def test_scoring_steps_state_the_numbers_the_engine_computes(game: str) -> None:
    lesson = tutorial(game)
    checked = 0
    for index, step in enumerate(lesson.steps):
        view = lesson.position(index + 1).view(lesson.learner)
        for fact in step.facts:
            assert fact.read(view) == fact.value, (step.key, fact.path)
            assert str(fact.says) in str(step.text), (step.key, fact.says)
            assert fact.value in _numbers(str(fact.says)), (step.key, fact.says)
            checked += 1
        if not step.moves and not step.notes:  # a step that only explains must show the engine's numbers
            assert step.facts, step.key
    assert checked >= 15


def test_the_ra_tutorial_states_every_scoring_category() -> None:
    lesson = tutorial("ra")
    categories = {f.path[-1] for s in lesson.steps for f in s.facts if "categories" in f.path}
    assert categories == {"gods", "gold", "pharaohs", "river", "civilization", "monuments", "sun_disks"}


def test_the_write_tutorial_states_every_section_and_an_end_bonus() -> None:
    lesson = tutorial("write")
    sections = {f.path[4] for s in lesson.steps for f in s.facts if f.path[0] == "kingdom_scores" and len(f.path) > 5}
    assert sections == {"gods", "pharaohs", "nile", "civilization", "monuments"}
    assert any(f.path[0] == "end_bonuses" for s in lesson.steps for f in s.facts)


def test_the_ra_tutorial_covers_drawing_auctions_gods_and_every_disaster() -> None:
    lesson = tutorial("ra")
    mine = [m.action for s in lesson.steps for m in s.moves if m.seat == lesson.learner]
    assert {"draw", "ra", "pass"} <= set(mine)
    assert any(a.startswith("bid:") for a in mine) and any(a.startswith("god:") for a in mine)
    assert {a.split(":")[1] for a in mine if a.startswith("lose:")} >= {"art", "sphinx"}  # War and Earthquake
    assert {"funeral", "drought", "war", "earthquake"} <= set(lesson.order())
    assert lesson.order().count("ra") == 24  # three epochs of 8 Ra tiles


def test_the_write_tutorial_enters_every_section_and_makes_every_kind_of_bonus() -> None:
    lesson = tutorial("write")
    mine = [m.action for s in lesson.steps for m in s.moves if m.seat == lesson.learner]
    for prefix in ("reveal", ">god", ">nile", ">civ", "bonus>pharaoh", "bonus>nile", "bonus>civ", "bonus>monument"):
        assert any(prefix in a for a in mine), prefix
    assert {"card1", "card3"} & set(mine)  # a Pharaoh or a Monument card


@pytest.mark.parametrize("game", GAMES)
def test_going_back_replays_the_prefix_to_the_same_position(game: str) -> None:
    lesson = tutorial(game)
    state = lesson.start()
    for index, step in enumerate(lesson.steps):
        assert lesson.position(index).to_json() == state.to_json()
        for move in step.moves:
            play(lesson.module, state, move)


@pytest.mark.parametrize("game", GAMES)
def test_tutorial_json_is_plain_json_with_the_ending_game(game: str) -> None:
    data = tutorial_json(game)
    assert json.loads(json.dumps(data)) == data
    assert data["game"] == game and data["steps"] and data["order"] == tutorial(game).order()
    assert data["ending"]["bots"] == "easy"
    assert data["ending"]["command"] == f"ra play {game} --players 3 --bots easy"
    learner_moves = [m for s in data["steps"] for m in s["moves"] if m["learner"]]
    assert all(m["highlight"] == [m["action"]] for m in learner_moves)
    hints = {s["key"]: [m.get("hint") for m in s["moves"] if m["learner"]] for s in data["steps"]}
    for step in tutorial(game).steps:  # a step's own hint, where it has one (else the refusal names its move)
        assert all(hint == (None if step.hint is None else str(step.hint)) for hint in hints[step.key]), step.key


def _anchors(markdown: str) -> set[str]:
    """GitHub's anchors for the headings of a markdown text."""
    anchors = set()
    for heading in re.findall(r"^#{1,6} (.+)$", markdown, flags=re.MULTILINE):
        slug = re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
        anchors.add(slug)
    return anchors


@pytest.mark.parametrize("game", GAMES)
def test_every_step_is_short_and_cites_a_section_of_the_project_rules(game: str) -> None:
    for step in tutorial(game).steps:
        path, _, anchor = step.rule.partition("#")
        assert path.startswith("docs/rules/"), step.rule
        assert anchor in _anchors((ROOT / path).read_text(encoding="utf-8")), step.rule
        assert step.title and len(str(step.text).split()) <= 90, step.key


@pytest.mark.parametrize("game", GAMES)
def test_every_rules_note_cites_a_section_of_the_project_rules(game: str) -> None:
    notes = [note for step in tutorial(game).steps for note in step.notes]
    assert notes
    for note in notes:
        path, _, anchor = note.rule.partition("#")
        assert anchor in _anchors((ROOT / path).read_text(encoding="utf-8")), note.rule
        assert 5 <= len(str(note.text).split()) <= 40, note.text  # one sentence


# The rules a newcomer met only in the rules document (issue 31): each taught by a step, its words citing the rules
# section (as the step's own rule or a note's), with a word of the sentence that says it.
TAUGHT = {
    "ra": [
        ("2-setup", "6 Ra tiles with 2 players, 8 with 3, 9 with 4 and 10 with 5"),  # the Ra track per player count
        ("5-auctions", "full auction track and everyone passes"),  # invoked on a full track: the lot is discarded
        ("3-turn-structure", "you may not draw"),  # no drawing with a full track
        ("6-god-tiles", "but a God tile: a disaster too, which then strikes you"),  # what gods may take
        ("6-god-tiles", "several gods in the same turn"),
        ("81-triggers", "nobody has a face-up sun disk left"),  # the other end of an epoch
        ("92-final-scoring", "does not count in the final sun disk totals"),  # the central disk
        ("91-every-epoch", "the full bonus or penalty"),  # ties (also §9.2, E13)
        ("a1-epoch-3-clamp-once-or-twice", "table option"),  # the score-floor option
        ("93-the-score-floor", "never drops below 0"),
    ],
    "write": [
        ("which-kingdom-rows-may-be-written", "even one already scored"),  # Gods and Civilization in any Kingdom
        ("monuments", "top space of every Monument column"),  # the all-tops bonus
        ("monuments", "it writes a 20"),  # ... and its 20
        ("a-card-with-a-legal-space-must-be-entered", "must be entered"),
        ("5-scoring-a-kingdom", "With 2 players nobody scores -5"),
        ("ties-and-shared-wins", "share the win"),
    ],
}


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_a_newcomer_missed_is_taught_by_a_step_citing_its_section(game: str) -> None:
    said: list[tuple[str, str]] = []  # (anchor, words) of every step's text and every note
    for step in tutorial(game).steps:
        said.append((step.rule.partition("#")[2], str(step.text)))
        said += [(note.rule.partition("#")[2], str(note.text)) for note in step.notes]
    for anchor, words in TAUGHT[game]:
        assert any(a == anchor and words in text for a, text in said), (anchor, words)


@pytest.mark.parametrize("game", GAMES)
def test_a_step_that_asks_for_a_move_begins_with_it(game: str) -> None:
    """The step's text names its first learner move: that move is what the board offers when the text appears."""
    lesson = tutorial(game)
    for index, step in enumerate(lesson.steps):
        mine = step.learner_moves(lesson.learner)
        if not mine:
            continue
        assert mine[0] == 0, step.key
        view = lesson.position(index).view(lesson.learner)
        assert step.moves[0].action in {a["notation"] for a in view["legal_actions"]}, step.key


def test_a_tutorial_whose_step_begins_with_another_seats_move_is_refused() -> None:
    lesson = tutorial("write")
    others = next(s for s in lesson.steps if s.moves and s.moves[-1].seat != lesson.learner)
    late = Step(others.key, others.title, others.text, others.rule, others.moves[::-1])
    with pytest.raises(ValueError, match="begins with another seat's move"):
        Tutorial(lesson.game, lesson.title, lesson.learner, lesson.options, (late,), lesson.ending)


def test_an_unknown_game_has_no_tutorial() -> None:
    with pytest.raises(ValueError, match="no tutorial"):
        tutorial("chess")
