"""Lines cut to the terminal's width: between words, and in Chinese (no spaces) between characters.

A line breaks at a space, or between two characters where one of them is a wide (East Asian) character, but
never before a closing mark (，。：！？）」 and their Latin counterparts) nor after an opening one (（「“), the
rules of Chinese line breaking that matter most. Widths are terminal columns, as Rich measures them: a Chinese
character takes two. A word wider than the whole line (a long path, say) is cut where it must be.
"""

from __future__ import annotations

import unicodedata

from rich.cells import cell_len

# Marks that may not begin a line (they belong to what comes before) or end one (they belong to what follows).
NO_LINE_START = frozenset("，。、；：？！）】》」』〕〉”’…%,.;:?!)]}")
NO_LINE_END = frozenset("（【《「『〔〈“‘([{")


def wrap(line: str, width: int, hanging: str | None = None) -> list[str]:
    """`line` as lines of at most `width` columns; the lines after the first start with `hanging` (default: the
    line's own leading spaces, so an indented line stays indented)."""
    if cell_len(line) <= width:
        return [line]
    indent = line[: len(line) - len(line.lstrip(" "))]
    hanging = indent if hanging is None else hanging
    if cell_len(hanging) * 2 > width:  # no room left for the words: start continuation lines at the margin
        hanging = ""
    lines: list[str] = []
    current, fresh = indent, True  # fresh: nothing but the indentation on the current line yet
    for space, piece in _pieces(line[len(indent) :]):
        if not fresh and cell_len(current) + cell_len(space) + cell_len(piece) <= width:
            current += space + piece
            continue
        if not fresh:
            lines.append(current.rstrip())
            current = hanging
        while cell_len(current) + cell_len(piece) > width:  # wider than a whole line: cut it
            head, piece = _cut(piece, width - cell_len(current))
            lines.append(current + head)
            current = hanging
        current += piece
        fresh = False
    lines.append(current.rstrip())
    return lines


def wrap_text(text: str, width: int | None, hanging: str | None = None) -> list[str]:
    """Every line of `text` wrapped to `width` (None: the lines as they are)."""
    if width is None:
        return text.split("\n")
    return [part for line in text.split("\n") for part in wrap(line, width, hanging)]


def _pieces(text: str) -> list[tuple[str, str]]:
    """The pieces a line may break between, each with the spaces before it (dropped where the line breaks)."""
    pieces: list[tuple[str, str]] = []
    space = piece = ""
    for char in text:
        if char.isspace():
            if piece:
                pieces.append((space, piece))
                space = piece = ""
            space += char
        elif piece and _may_break(piece[-1], char):
            pieces.append((space, piece))
            space, piece = "", char
        else:
            piece += char
    if piece:
        pieces.append((space, piece))
    return pieces


def _may_break(before: str, after: str) -> bool:
    """Whether a line may break between two characters with no space between them."""
    if after in NO_LINE_START or before in NO_LINE_END:
        return False
    return _wide(before) or _wide(after)


def _wide(char: str) -> bool:
    return unicodedata.east_asian_width(char) in ("W", "F")


def _cut(piece: str, room: int) -> tuple[str, str]:
    """The longest head of `piece` that fits `room` columns (at least one character), and the rest."""
    end = 1
    while end < len(piece) and cell_len(piece[: end + 1]) <= room:
        end += 1
    return piece[:end], piece[end:]
