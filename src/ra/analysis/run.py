"""Analysing a finished game: its decisions found by replaying the record, each evaluated from its seat's view.

`positions(record)` replays the record once and keeps, for every move where the mover had a choice, that seat's
view at that moment (never the state: the evaluator sees only what the seat saw). `evaluate(position)` is a pure
task (what a worker process, a Ray task or the server's bot workers run): the game's evaluator weighs the legal
actions over sampled deals, seeded by the analysis seed and the move's index, so a decision's report is the same
however and wherever it is computed. `analyse` does both and sums up each seat.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ra.analysis.model import DecisionReport, GameAnalysis, spread
from ra.bots.evaluator import Thresholds
from ra.bots.hints import GENERIC_PURPOSE, purpose_of
from ra.bots.registry import game_bots
from ra.core.protocol import GameModule, GameState, Move
from ra.core.record import record_moves, replay_moves, start_state
from ra.core.text import Text, t, tn, tp
from ra.games import game_module

Progress = Callable[[int, int], None]  # (decisions done, decisions in all)
# Runs `evaluate` over positions, in any order or place, and yields the reports in the positions' order.
Mapper = Callable[[Callable[["Position"], DecisionReport], Sequence["Position"]], Iterable[DecisionReport]]


@dataclass(frozen=True)
class Position:
    """One decision to evaluate: the seat's view before its move, the move it made, and how to evaluate it."""

    game: str
    spec: str
    seed: int  # this decision's own seed (from the analysis seed and `index`)
    index: int  # the move's index in the record
    seat: int
    view: dict[str, Any]
    chosen: int


def decision_seed(seed: int, index: int) -> int:
    """The seed of the decision at move `index` of an analysis seeded `seed` (independent of the order of work)."""
    return random.Random(f"ra-analysis:{seed}:{index}").getrandbits(63)


def analysis_parts(game: str) -> tuple[str, Thresholds]:
    """The game's default evaluator spec and its thresholds; ValueError for a game that offers no analysis."""
    support = game_bots(game)
    if support.evaluate is None or support.thresholds is None or not support.analysis_spec:
        raise ValueError(t("the game {game} offers no analysis", game=repr(game)))
    return support.analysis_spec, support.thresholds


def positions(
    record: Mapping[str, Any], seed: int = 0, spec: str | None = None, seats: Iterable[int] | None = None
) -> list[Position]:
    """Every decision of the record (of `seats`, default all) where the mover had more than one legal action.

    RecordError if the record does not replay; ValueError for a game without analysis.
    """
    module = game_module(record["game"])
    default, _ = analysis_parts(module.GAME)
    spec = spec or default
    wanted = None if seats is None else set(seats)
    moves = record_moves(record, module)
    found: list[Position] = []
    # The view of the seat about to make move `index`, taken before it (the replay loop calls back after a move).
    waiting: dict[str, Any] = {}

    def look(index: int, state: GameState) -> None:
        waiting.clear()
        if index >= len(moves) or state.is_terminal():
            return
        player = moves[index][0]
        mover = player if player is not None else state.current_players()[0]
        if (wanted is None or mover in wanted) and len(state.legal_actions(mover)) > 1:
            waiting.update(index=index, seat=mover, view=dict(state.view(mover)))

    def after(index: int, move: Move, state: GameState) -> None:
        if waiting.get("index") == index:
            found.append(Position(module.GAME, spec, decision_seed(seed, index), index, waiting["seat"],
                                  waiting["view"], move.action))  # fmt: skip
        look(index + 1, state)

    state = start_state(record, module)
    look(0, state)
    replay_moves(state, moves, after)
    return found


def evaluate(position: Position) -> DecisionReport:
    """The report of one decision: the evaluator's margins for its candidates, the chosen one's shortfall."""
    module = game_module(position.game)
    support = game_bots(position.game)
    _, thresholds = analysis_parts(position.game)
    assert support.evaluate is not None
    chosen = position.chosen
    started = time.process_time()
    leads = support.evaluate(position.view, position.seed, position.spec, (position.chosen,))
    cpu = time.process_time() - started
    samples = min((len(values) for values in leads.values()), default=0)
    if chosen not in leads or samples == 0:  # the evaluator weighed nothing (one candidate): nothing to compare
        zero = _words(module, position.view, chosen)
        return DecisionReport(position.index, position.seat, _options(position.view), module.action_to_str(chosen),
                              module.action_to_str(chosen), 0.0, 0.0, 0.0, 0.0, 0.0, samples, samples, "good",
                              chosen_words=zero, best_words=zero, cpu_seconds=cpu)  # fmt: skip
    means = {action: sum(values) / len(values) for action, values in leads.items()}
    best = max(means, key=lambda a: (means[a], a == chosen))  # a tie keeps the player's own move
    differences = [b - c for b, c in zip(leads[best], leads[chosen], strict=True)]
    loss = spread(differences)
    agree = sum(1 for d in differences if d >= 0)
    lost = _points(max(0.0, loss.mean))
    label = thresholds.classify(lost)
    reason = None if label == "good" else better(module, position.view, best, agree, samples)
    return DecisionReport(
        index=position.index,
        seat=position.seat,
        options=_options(position.view),
        chosen=module.action_to_str(chosen),
        best=module.action_to_str(best),
        chosen_lead=_points(means[chosen]),
        best_lead=_points(means[best]),
        loss=lost,
        low=_points(loss.low),
        high=_points(loss.high),
        samples=samples,
        agree=agree,
        label=label,
        reason=reason,
        chosen_words=_words(module, position.view, chosen),
        best_words=_words(module, position.view, best),
        cpu_seconds=cpu,
    )


def _points(value: float) -> float:
    """Points as an analysis keeps them (to a thousandth), so that its JSON reads back to the same analysis."""
    return round(value, 3)


def _options(view: Mapping[str, Any]) -> int:
    return len(view.get("legal_actions", []))


def _words(module: GameModule, view: Mapping[str, Any], action: int) -> Text | None:
    """An action as an instruction in the game's words ("Bid sun disk 13")."""
    entry = next((e for e in view.get("legal_actions", []) if e.get("id") == action), None)
    return module.legal_phrase(view, entry) if entry is not None else None


def what_for(module: GameModule, view: Mapping[str, Any], action: int) -> Text:
    """A move and what it is for, in the hint's words (the move named first where those words do not name it)."""
    why = purpose_of(module.GAME, view, action)
    if why is None or not game_bots(module.GAME).purpose_names_move:
        move = _words(module, view, action) or module.action_to_str(action)
        why = tp("two sentences", "{first} {second}", first=t("{move}.", move=move), second=why or GENERIC_PURPOSE)
    return why


def better(module: GameModule, view: Mapping[str, Any], best: int, agree: int, samples: int) -> Text:
    """Why `best` was better, in the player's words: the move, what it is for (the hint's words), how sure."""
    sure = tn(
        "It did at least as well as your move in {agree} of the {n} deal the analysis imagined.",
        "It did at least as well as your move in {agree} of the {n} deals the analysis imagined.",
        samples,
        agree=agree,
    )
    why = what_for(module, view, best)
    # TRANSLATORS: a better move in an analysis: {why} is what that move is for ("Draw a tile: ..."), {sure} a
    # sentence on how sure the analysis is.
    return t("Better: {why} {sure}", why=why, sure=sure)


def serial_map(work: Callable[[Position], DecisionReport], items: Sequence[Position]) -> Iterator[DecisionReport]:
    """Evaluate in this process, one after another."""
    return map(work, items)


def analyse(
    record: Mapping[str, Any],
    seed: int = 0,
    spec: str | None = None,
    seats: Iterable[int] | None = None,
    progress: Progress | None = None,
    mapper: Mapper = serial_map,
) -> GameAnalysis:
    """The analysis of a finished game's record (RecordError if it does not replay, ValueError if unfinished)."""
    module = game_module(record["game"])
    default, thresholds = analysis_parts(module.GAME)
    final = _final(record, module)
    if not final.is_terminal():
        raise ValueError(t("only a finished game can be analysed"))
    todo = positions(record, seed, spec, seats)
    reports: list[DecisionReport] = []
    if progress is not None:
        progress(0, len(todo))
    for report in mapper(evaluate, todo):
        reports.append(report)
        if progress is not None:
            progress(len(reports), len(todo))
    return GameAnalysis.of(module.GAME, len(final.scores()), len(record["moves"]), seed, spec or default, thresholds,
                           reports)  # fmt: skip


def _final(record: Mapping[str, Any], module: GameModule) -> GameState:
    state = start_state(record, module)
    return replay_moves(state, record_moves(record, module))


__all__ = ["Mapper", "Position", "Progress", "analyse", "better", "decision_seed", "evaluate", "positions", "what_for"]
