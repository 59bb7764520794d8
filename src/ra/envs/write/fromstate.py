"""RA and Write's observation straight from the engine state: the board of `ra.envs.fromstate`, part by part.

Equal entry for entry to `observation.fill` of the seat's view (tests/envs/test_fromstate.py compares them over
random games), with the same arithmetic (a count times its card's share, a number divided by its scale, in double
precision before the float32 store). The scoresheets are read in one NumPy gather from the engine's flat sheet
array (`ra.games.write.sheet`: one block of signed bytes per seat), whenever it changed. The undrawn cards are
counted from the deck past the cards revealed, updated by the cards revealed since the last state when the deck is
the same; the cards out of play are every card neither undrawn, face up nor a Ra card set aside. Only `upcoming`
reads the deck's order, for the full state.
"""

from __future__ import annotations

import array
from collections.abc import Sequence
from operator import mul, sub
from typing import Any, cast

import numpy as np
import numpy.typing as npt

import ra.games.write as write_game
from ra.envs.encoding import SCORE_SCALE, SEATS, FloatArray
from ra.envs.fromstate import BATCH_MIN, LOOKAHEAD, IndexArray, StateEncoder
from ra.envs.write.observation import (
    AT,
    CARD_KINDS,
    CIV_TYPES,
    DECK_SIZE,
    ENCODER,
    F_CHOSEN,
    F_CIV,
    F_KIND,
    F_MONUMENT,
    F_NUMBER,
    F_RESERVED,
    FACE_UP_SIZE,
    GOD_SPACES,
    GOD_TOTAL_SCALE,
    MONUMENT_ROWS,
    MONUMENT_TYPES,
    NCARDS,
    NILE_SPACES,
    NUMBER_SCALE,
    PHARAOH_SPACES,
    RA_CARDS,
    RA_PER_KINGDOM,
    S_BONUS,
    S_CARD,
    S_CIV,
    S_GOD_BONUS,
    S_GODS,
    S_MONUMENTS,
    S_NILE,
    S_PHARAOHS,
    S_SCORE,
    S_STATUS,
    S_TOTALS,
    SHEET_SIZE,
    SIZE,
    STATUSES,
    TURN_SCALE,
)
from ra.games.write import sheet as layout_of_sheet
from ra.games.write import tables

W = layout_of_sheet.SHEET_WIDTH
CHOSEN, PENDING = layout_of_sheet.CHOSEN, layout_of_sheet.PENDING_BONUS
REVEAL, OTHERS_CHOICE, OVER = 0, 2, 3  # ra.games.write.phases
DECK: tuple[int, ...] = tuple(tables.DECK)
DECK_COUNT: list[int] = [DECK.count(code) for code in range(NCARDS)]
SHARE: tuple[float, ...] = tuple(1.0 / c for c in DECK_COUNT)  # as observation.SHARE, by card code
RA_CODE = tables.RA_CODE
STATUS = {name: i for i, name in enumerate(STATUSES)}
HEAD, HEAD_END = AT["kingdom"], AT["face_up"]  # kingdom .. closed, rewritten at every refresh
FACE, SHEETS, UNDRAWN, OUT_OF_PLAY = AT["face_up"], AT["sheets"], AT["deck"], AT["discard"]
ZERO_FLOATS = array.array("f", bytes(4 * (SIZE + 1)))


def _sheet_entries() -> list[tuple[int, int, str]]:
    """(block offset, entry in the seat's 80, how the box reads) of every scoresheet box the observation shows.

    A box reads as its value over a scale (a number / 20, marks / 3, a crossed-out symbol / 1), or, for a Gods
    total box (-1 while empty), as "written" and as total / 60.
    """
    sheet = layout_of_sheet
    symbols, parts = len(tables.PHARAOH_NILE_SYMBOLS), len(tables.NILE_PARTS)
    civ, monuments = 3 * len(CIV_TYPES), len(MONUMENT_TYPES)
    entries: list[tuple[int, int, str]] = []
    entries += [(sheet.GODS_START + i, S_GODS + i, "number") for i in range(GOD_SPACES)]
    entries += [(sheet.GOD_TOTALS_START + k, S_TOTALS + 2 * k, "written") for k in range(3)]
    entries += [(sheet.GOD_TOTALS_START + k, S_TOTALS + 2 * k + 1, "total") for k in range(3)]
    entries += [(sheet.GOD_BONUSES_START + k, S_GOD_BONUS + k, "flag") for k in range(3)]
    entries += [(sheet.PHARAOHS_MARKED, S_PHARAOHS, "pharaohs")]
    entries += [(sheet.PHARAOH_SYMBOLS_START + i, S_PHARAOHS + 1 + i, "flag") for i in range(symbols)]
    entries += [(sheet.NILE_START + j, S_NILE + j, "number") for j in range(NILE_SPACES)]
    entries += [(sheet.NILE_PART_BONUSES_START + i, S_NILE + NILE_SPACES + i, "flag") for i in range(parts)]
    entries += [(sheet.CIV_START + i, S_CIV + i, "flag") for i in range(civ)]
    entries += [(sheet.CIV_BONUSES_START + k, S_CIV + civ + k, "flag") for k in range(3)]
    entries += [(sheet.MONUMENTS_START + t, S_MONUMENTS + t, "marks") for t in range(monuments)]
    entries += [(sheet.ALL_TOPS_BONUS, S_MONUMENTS + monuments, "flag")]
    return entries


# How a box reads, by the box's value (a signed byte): the same double arithmetic as observation.fill, then float32.
_READINGS: dict[str, list[float]] = {
    "number": [v / NUMBER_SCALE if v > 0 else 0.0 for v in range(-128, 128)],
    "flag": [1.0 if v else 0.0 for v in range(-128, 128)],
    "pharaohs": [v / PHARAOH_SPACES for v in range(-128, 128)],
    "marks": [v / MONUMENT_ROWS for v in range(-128, 128)],
    "written": [1.0 if v >= 0 else 0.0 for v in range(-128, 128)],
    "total": [v / GOD_TOTAL_SCALE if v >= 0 else 0.0 for v in range(-128, 128)],
}
READING_NAMES = tuple(_READINGS)
READINGS = np.array([_READINGS[name] for name in READING_NAMES], dtype=np.float32).ravel()  # [reading * 256 + v + 128]


class SheetGather:
    """The NumPy indexes that copy every seat's scoresheet boxes onto the board, for one table size."""

    def __init__(self, players: int) -> None:
        """Index arrays over `players` blocks of the engine's sheets, their readings and places on the board."""
        entries = _sheet_entries()
        seats = range(players)
        self.source = np.array([s * W + e[0] for s in seats for e in entries], dtype=np.intp)
        self.target = np.array([SHEETS + s * SHEET_SIZE + e[1] for s in seats for e in entries], dtype=np.intp)
        self.reading = np.array([READING_NAMES.index(e[2]) * 256 + 128 for _ in seats for e in entries], np.intp)

    def write(self, boxes: npt.NDArray[np.int8], values: npt.NDArray[np.float32]) -> None:
        """Write the boxes (the engine's sheets as signed bytes) onto the board's values."""
        values[self.target] = READINGS[self.reading + boxes[self.source]]

    def write_rows(self, boxes: npt.NDArray[np.int8], boards: npt.NDArray[np.float32], rows: IndexArray) -> None:
        """Write several games' boxes (one row of sheets each) onto the boards' rows `rows`, in one gather."""
        boards[rows[:, None], self.target] = READINGS[self.reading + boxes[:, self.source]]


GATHERS = {players: SheetGather(players) for players in range(write_game.MIN_PLAYERS, write_game.MAX_PLAYERS + 1)}
REVEALING, CHOOSING, BONUS, DONE, WAITING = (STATUS[s] for s in ("reveal", "choosing", "bonus", "done", "waiting"))
_SEAT_PIECES: dict[tuple[int, int, int], array.array[float]] = {}


def seat_piece(status: int, chosen: int, pending: int) -> array.array[float]:
    """A seat's entries from `status` to `gods`: its status one-hot, the slot it chose, its pending bonus."""
    piece = [0.0] * (S_GODS - S_STATUS)
    piece[status] = 1.0
    if chosen >= 0:
        piece[S_CARD - S_STATUS + chosen] = 1.0
    if pending:
        piece[S_BONUS - S_STATUS + pending - 1] = 1.0
    return array.array("f", piece)


_CARD_PIECES: list[array.array[float]] = []
for _code in range(NCARDS):
    _piece = [0.0] * F_RESERVED
    _kind, _value = tables.CARD_KIND[_code], tables.CARD_VALUE[_code]
    if _kind < len(CARD_KINDS):  # a Ra card is never face up
        _piece[0] = 1.0
        _piece[F_KIND + _kind] = 1.0
        if _kind in (tables.GOD, tables.NILE) and _value:
            _piece[F_NUMBER] = _value / NUMBER_SCALE
        if _kind == tables.CIV:
            _piece[F_CIV + _value] = 1.0
        elif _kind == tables.MONUMENT:
            _piece[F_MONUMENT + _value] = 1.0
    _CARD_PIECES.append(array.array("f", _piece))


class WriteStateEncoder(StateEncoder):
    """RA and Write's board (docs/OBSERVATIONS.md, "RA and Write"), refreshed from the engine state."""

    layout = ENCODER
    seat_parts = ((AT["active"], 1), (AT["to_act"], 1), (SHEETS, SHEET_SIZE),
                  *((FACE + slot * FACE_UP_SIZE + F_CHOSEN, 1) for slot in range(3)))  # fmt: skip
    outcomes = NCARDS

    def forget(self) -> None:
        """Nothing is known of the last state: the next refresh writes every part."""
        self._players = -1
        self._head: Any = None
        self._sheets: array.array[int] | None = None
        self._points: list[list[int]] | None = None
        self._bonuses: list[int] | None = None
        self._scores: list[int] = []
        self._face: list[int] | None = None
        self._deck: tuple[int, ...] | None = None
        self._pos = 0
        self._undrawn: list[int] = []
        self._out: list[int] = []
        self._face_cards: list[int] = []
        self._ra = -1

    def upcoming(self, state: Any) -> Sequence[int]:
        """The next cards of the deck."""
        return list(state.deck[state.pos : state.pos + LOOKAHEAD])

    def refresh(self, state: Any) -> None:
        """Write the parts of the board that differ from the last state refreshed."""
        if self._refresh_but_sheets(state):
            GATHERS[state.num_players].write(np.frombuffer(state.sheets, dtype=np.int8), self.values)

    @classmethod
    def refresh_many(cls, encoders: Sequence[StateEncoder], states: Sequence[Any], boards: FloatArray) -> None:
        """Refresh each encoder; the scoresheets that changed are copied onto their boards in one gather per table."""
        changed: dict[int, list[int]] = {}
        for i, (encoder, state) in enumerate(zip(cast("Sequence[WriteStateEncoder]", encoders), states, strict=True)):
            if encoder._refresh_but_sheets(state):
                changed.setdefault(state.num_players, []).append(i)
        for players, games in changed.items():
            if len(games) < BATCH_MIN:
                for i in games:
                    GATHERS[players].write(np.frombuffer(states[i].sheets, dtype=np.int8), encoders[i].values)
                continue
            boxes = np.frombuffer(b"".join([states[i].sheets for i in games]), dtype=np.int8)
            GATHERS[players].write_rows(boxes.reshape(len(games), -1), boards, np.array(games, dtype=np.intp))

    def _refresh_but_sheets(self, state: Any) -> bool:
        """Write every part but the scoresheet boxes; True if those changed (the caller copies them)."""
        n = state.num_players
        if n != self._players:
            self.start_players(n)
        head = (state.phase, state.active, state.cur, state.turn, state.ra, state.limited)
        head_changed = head != self._head
        if head_changed:
            self._write_head(state)
            self._head = head
        sheets = state.sheets
        sheets_changed = bool(sheets != self._sheets)
        if sheets_changed:
            self._sheets = sheets[:]
        points, bonuses = state.kingdom_points, state.bonuses
        if points != self._points or bonuses != self._bonuses:
            self._scores = state.scores()
            self._points, self._bonuses = [row[:] for row in points], bonuses[:]
            head_changed = True
        if head_changed or sheets_changed:
            self._write_seats(state, n)
        face = state.face
        if head_changed or sheets_changed or face != self._face:
            self._write_face(state, n)
            self._face = face[:]
        self._write_cards(state)
        return sheets_changed

    def _write_head(self, state: Any) -> None:
        """Kingdom, phase, active seat, seats to act, turn, Ra cards and closed Kingdoms."""
        board = self.board
        board[HEAD:HEAD_END] = ZERO_FLOATS[HEAD:HEAD_END]
        kingdom = state.kingdom()
        board[AT["kingdom"] + kingdom] = 1.0
        board[AT["phase"] + state.phase] = 1.0
        board[AT["active"] + state.active] = 1.0
        for seat in state.cur:
            board[AT["to_act"] + seat] = 1.0
        board[AT["turn"]] = state.turn / TURN_SCALE
        ra = state.ra
        board[AT["ra"]] = ra / RA_CARDS
        board[AT["ra"] + 1] = (ra - RA_PER_KINGDOM * kingdom) / RA_PER_KINGDOM
        limit = state.limit()
        if limit >= 0:
            for k in range(3):
                if k != limit:
                    board[AT["closed"] + k] = 1.0

    def _write_seats(self, state: Any, players: int) -> None:
        """Each seat's status, chosen card and pending bonus (one shared piece per combination), and score."""
        sheets, phase, cur, scores = state.sheets, state.phase, state.cur, self._scores
        board = self.board
        for p in range(players):
            chosen, pending = sheets[p * W + CHOSEN], sheets[p * W + PENDING]
            if phase == OVER:
                status = DONE
            elif p in cur:
                status = REVEALING if phase == REVEAL else BONUS if pending else CHOOSING
            elif phase == OTHERS_CHOICE or chosen >= 0:
                status = DONE
            else:
                status = WAITING
            base = SHEETS + p * SHEET_SIZE
            key = (status, chosen, pending)
            piece = _SEAT_PIECES.get(key)
            if piece is None:
                piece = _SEAT_PIECES[key] = seat_piece(status, chosen, pending)
            board[base + S_STATUS : base + S_GODS] = piece
            board[base + S_SCORE] = scores[p] / SCORE_SCALE

    def _write_face(self, state: Any, players: int) -> None:
        """The face-up cards: each card, whether the active player reserved it, and the seats that chose it."""
        board = self.board
        board[FACE:SHEETS] = ZERO_FLOATS[FACE:SHEETS]
        face = state.face
        reserved = state.reserved()
        for slot, code in enumerate(face):
            base = FACE + slot * FACE_UP_SIZE
            board[base : base + F_RESERVED] = _CARD_PIECES[code]
            if slot == reserved:
                board[base + F_RESERVED] = 1.0
        sheets = state.sheets
        for p in range(min(players, SEATS)):
            slot = sheets[p * W + CHOSEN]
            if 0 <= slot < len(face):
                board[FACE + slot * FACE_UP_SIZE + F_CHOSEN + p] = 1.0

    def _write_cards(self, state: Any) -> None:
        """The undrawn cards by name and their number, and the cards out of play (only the names that changed)."""
        board = self.board
        deck, pos, face, ra = state.deck, state.pos, state.face, state.ra
        undrawn, out = self._undrawn, self._out
        if deck is not self._deck or pos < self._pos:  # another deck (deck tuples are never changed in place)
            undrawn = [0] * NCARDS
            for code in deck[pos:]:
                undrawn[code] += 1
            out = list(map(sub, DECK_COUNT, undrawn))
            for code in face:
                out[code] -= 1
            out[RA_CODE] -= ra
            board[UNDRAWN : UNDRAWN + NCARDS] = array.array("f", list(map(mul, undrawn, SHARE)))
            board[OUT_OF_PLAY : OUT_OF_PLAY + NCARDS] = array.array("f", list(map(mul, out, SHARE)))
        elif pos != self._pos or face != self._face_cards or ra != self._ra:
            drawn: tuple[int, ...] = state.deck[self._pos : pos]
            for code in drawn:
                undrawn[code] -= 1
                board[UNDRAWN + code] = undrawn[code] * SHARE[code]
            for code in {*drawn, *face, *self._face_cards, RA_CODE}:
                count = DECK_COUNT[code] - undrawn[code] - face.count(code) - (ra if code == RA_CODE else 0)
                if count != out[code]:
                    out[code] = count
                    board[OUT_OF_PLAY + code] = count * SHARE[code]
        else:
            return
        board[UNDRAWN + NCARDS] = (len(deck) - pos) / DECK_SIZE
        self._deck, self._pos, self._undrawn, self._out = deck, pos, undrawn, out
        self._face_cards, self._ra = face[:], ra


__all__ = ["GATHERS", "SheetGather", "WriteStateEncoder"]
