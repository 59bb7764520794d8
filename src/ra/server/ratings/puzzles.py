"""Puzzle ratings in SQL (schema.py, the puzzle block): each account's first answer to a puzzle is a game of the
solver against the puzzle (openskill, as the rated tables are), right = the solver wins. Blocking calls: the routes
run them in threads.

The first answer's row is the key: a second answer to the same puzzle (another tab, a retry) fails on it and moves
nothing, so a rating moves once per puzzle and account whichever process takes the answer.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from ra.server.ratings.rating import MU, SIGMA, Rating, rate, shown
from ra.server.storage.schema import puzzle_answers_t, puzzle_ratings_t, puzzle_solvers_t

PUZZLE_SIGMA = SIGMA / 2  # a puzzle's starting rating is an estimate from its mining: surer than a new player's


@dataclass(frozen=True)
class Moved:
    """What one answer did to the ratings (`rated` False: an answer after the first, which moves nothing)."""

    rated: bool
    solver: Rating
    solver_before: Rating
    puzzle: Rating
    puzzle_before: Rating
    answers: int
    solved: int

    def as_json(self) -> dict[str, float | int | bool]:
        return {
            "rated": self.rated,
            "rating": shown(*self.solver),
            "before": shown(*self.solver_before),
            "mu": round(self.solver[0], 3),
            "sigma": round(self.solver[1], 3),
            "puzzle": round(self.puzzle[0], 2),
            "puzzle_before": round(self.puzzle_before[0], 2),
            "answers": self.answers,
            "solved": self.solved,
        }


class PuzzleRatings:
    """Solvers' and puzzles' ratings on `engine`."""

    def __init__(self, engine: sa.Engine) -> None:
        self.engine = engine

    def solver(self, account_id: int, game: str) -> tuple[Rating, int, int]:
        """The account's rating in `game`'s puzzles, its answers and how many were right (defaults: a new one)."""
        with self.engine.connect() as connection:
            row = connection.execute(
                sa.select(puzzle_solvers_t).where(
                    puzzle_solvers_t.c.account_id == account_id, puzzle_solvers_t.c.game == game
                )
            ).first()
        if row is None:
            return (MU, SIGMA), 0, 0
        return (float(row.mu), float(row.sigma)), int(row.answers), int(row.solved)

    def answered(self, account_id: int, game: str) -> set[str]:
        """The puzzles of `game` the account answered already."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                sa.select(puzzle_answers_t.c.puzzle_id).where(
                    puzzle_answers_t.c.account_id == account_id, puzzle_answers_t.c.game == game
                )
            )
            return {str(row.puzzle_id) for row in rows}

    def puzzles(self, game: str) -> dict[str, Rating]:
        """The puzzles of `game` whose ratings answers moved (the others keep their starting ratings)."""
        with self.engine.connect() as connection:
            rows = connection.execute(sa.select(puzzle_ratings_t).where(puzzle_ratings_t.c.game == game))
            return {str(row.puzzle_id): (float(row.mu), float(row.sigma)) for row in rows}

    def answer(self, account_id: int, game: str, puzzle_id: str, start: float, correct: bool) -> Moved:
        """Record the account's answer; the first one to a puzzle moves both ratings, in one transaction."""
        now = dt.datetime.now(dt.UTC)
        try:
            with self.engine.begin() as connection:
                connection.execute(
                    puzzle_answers_t.insert().values(
                        account_id=account_id, game=game, puzzle_id=puzzle_id, correct=correct, at=now
                    )
                )
                solver = connection.execute(
                    sa.select(puzzle_solvers_t).where(
                        puzzle_solvers_t.c.account_id == account_id, puzzle_solvers_t.c.game == game
                    )
                ).first()
                puzzle = connection.execute(
                    sa.select(puzzle_ratings_t).where(
                        puzzle_ratings_t.c.game == game, puzzle_ratings_t.c.puzzle_id == puzzle_id
                    )
                ).first()
                mine: Rating = (MU, SIGMA) if solver is None else (float(solver.mu), float(solver.sigma))
                its: Rating = (start, PUZZLE_SIGMA) if puzzle is None else (float(puzzle.mu), float(puzzle.sigma))
                new_mine, new_its = rate([mine, its], [1.0, 2.0] if correct else [2.0, 1.0])
                answers = 1 + (0 if solver is None else int(solver.answers))
                solved = int(correct) + (0 if solver is None else int(solver.solved))
                values = {"mu": new_mine[0], "sigma": new_mine[1], "answers": answers, "solved": solved, "updated": now}
                if solver is None:
                    connection.execute(puzzle_solvers_t.insert().values(account_id=account_id, game=game, **values))
                else:
                    connection.execute(
                        puzzle_solvers_t.update()
                        .where(puzzle_solvers_t.c.account_id == account_id, puzzle_solvers_t.c.game == game)
                        .values(**values)
                    )
                its_answers = 1 + (0 if puzzle is None else int(puzzle.answers))
                its_solved = int(correct) + (0 if puzzle is None else int(puzzle.solved))
                puzzle_values = {"mu": new_its[0], "sigma": new_its[1], "answers": its_answers, "solved": its_solved}
                if puzzle is None:
                    connection.execute(
                        puzzle_ratings_t.insert().values(game=game, puzzle_id=puzzle_id, **puzzle_values)
                    )
                else:
                    connection.execute(
                        puzzle_ratings_t.update()
                        .where(puzzle_ratings_t.c.game == game, puzzle_ratings_t.c.puzzle_id == puzzle_id)
                        .values(**puzzle_values)
                    )
            return Moved(True, new_mine, mine, new_its, its, answers, solved)
        except IntegrityError:  # answered before: nothing moves
            rating, answers, solved = self.solver(account_id, game)
            its = self.puzzles(game).get(puzzle_id, (start, PUZZLE_SIGMA))
            return Moved(False, rating, rating, its, its, answers, solved)
