"""A table's public log: the entry of each stored step (a move as the game tells it, an undo step)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ra.core.protocol import GameModule, GameState, Move
from ra.core.text import Items, Param, Seat, Text, about, english, t
from ra.core.undo import taken_back
from ra.server.tables.snapshot import seat_view
from ra.server.tables.story import narration_texts


def describe(module: GameModule, move: Move, name: str) -> Text:
    """A log entry's sentence when the game tells none, from the engine's own words for the move."""
    # TRANSLATORS: a player and a move as the game words it with its subject left out ("Ann" "drew a tile").
    return t("{player} {move}", player=Seat(move.player, name), move=module.move_text(move.action, move.draws))

def log_entry(
    module: GameModule,
    move: Move,
    seq: int,
    names: list[str],
    lines: Sequence[Text] | None = None,
    stand_in: bool = False,
) -> dict[str, Any]:
    """The public log entry of the action that brought the table to `seq`: the move told in `lines` (its phrase
    when none are given), in English (`lines`, `text` the first) and as texts each reader renders (`said`).

    `stand_in`: a bot made the move for the person of the seat (away, left or lost on time): the person reads it
    as everyone else does, told that a bot played it for them, never as their own ("You bid")."""
    name = names[move.player] if 0 <= move.player < len(names) else ""
    texts = list(lines) if lines else [describe(module, move, name)]
    if stand_in:
        texts = [as_others_read(line, move.player) for line in texts]
        if texts[0].you is None:
            # TRANSLATORS: {move} is the move as the others read it, e.g. "Ana bid sun disk 13."
            texts[0] = about(move.player, texts[0], t("A bot played for you: {move}", move=texts[0]))
    told = [english(line) for line in texts]
    entry = {
        "seq": seq,
        "player": move.player,
        "name": name,
        "notation": module.action_to_str(move.action),
        "text": told[0],
        "lines": told,
        "said": [line.as_json() for line in texts],
        "draws": list(move.draws),
    }
    if stand_in:
        entry["stand_in"] = True
    return entry


def as_others_read(text: Text, seat: int) -> Text:
    """`text` without its second person for the reader at `seat` (every part of it): as the others read it."""
    you, subject = (None, None) if text.subject == seat else (text.you, text.subject)
    params = {key: _others_param(value, seat) for key, value in text.params.items()}
    return Text(text.msgid, params, text.plural, text.context, you, subject)


def _others_param(value: Param, seat: int) -> Param:
    if isinstance(value, Text):
        return as_others_read(value, seat)
    if isinstance(value, Items):
        empty = None if value.empty is None else as_others_read(value.empty, seat)
        return Items(tuple(_others_param(item, seat) for item in value.items), empty)
    return value

def undo_entry(module: GameModule, taken: Move, seq: int, names: list[str], undoes: int) -> dict[str, Any]:
    """The public log entry of an undo step (seq `seq`): `taken`, the move of seq `undoes`, was taken back by its
    player ("Ana took back: bid sun disk 7", "You took back: …" for Ana)."""
    entry = log_entry(module, Move(taken.player, taken.action), seq, names, [taken_back(module, taken, names)])
    entry.update(notation="undo", undoes=undoes)
    return entry

def narrated_entry(
    module: GameModule,
    before: GameState,
    after: GameState,
    names: list[str],
    views: tuple[Mapping[str, Any], Mapping[str, Any]] | None = None,
    seq: int | None = None,
    stand_in: bool = False,
) -> dict[str, Any]:
    """The log entry of `after`'s last move, told by the engine from the spectator views before and after it
    (`views`, when the caller has them already); `seq` is the table's seq after it (default: the moves so far);
    `stand_in`: a bot made it for a person's seat."""
    move = after.history[-1]
    seen = views or (seat_view(before, None, names), seat_view(after, None, names))
    at = len(after.history) if seq is None else seq
    return log_entry(module, move, at, names, narration_texts(module, seen[0], seen[1], move), stand_in)
