"""Puzzles from real play (docs/PUZZLES.md): positions where one move is clearly best, mined from bot games.

`model`: a puzzle and the data file ("ra-puzzles/1"); `mine`: finding them, deterministic from a master seed.
No server imports: the server's puzzle routes read this package.
"""

from ra.puzzles.model import Puzzle, PuzzleSet, SourceGame, bundled, load, save

__all__ = ["Puzzle", "PuzzleSet", "SourceGame", "bundled", "load", "save"]
