"""Observation vectors and legal-action masks, built from one seat's view only (docs/OBSERVATIONS.md).

Each game has one `Encoder`: a fixed-size `float32` vector, the same length at every player count (seats are
listed relative to the viewer, the viewer first, then clockwise, padded to five), and an `int8` mask over the
game's stable action ids. Only `state.view(seat)` is read, so hidden information (the bag or deck order, scores
hidden by Ra's rule R3) cannot reach an observation.
"""

from __future__ import annotations

import array
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

import ra.games.ra as ra_game
import ra.games.write as write_game
from ra.games import game_module

FloatArray = npt.NDArray[np.float32]
MaskArray = npt.NDArray[np.int8]

SEATS = 5  # seats in every observation (the largest table); absent seats are zeros
PLAYER_COUNTS = (2, 3, 4, 5)
SCORE_SCALE = 100.0  # scores are divided by this
LOW, HIGH = -10.0, 10.0  # bounds of every entry (only scores can leave [0, 1])

# --- Ra (docs/VIEWS.md) -------------------------------------------------------------------------------------
RA_KINDS: tuple[str, ...] = tuple(ra_game.KINDS)
RA_COUNTS: dict[str, int] = dict(zip(RA_KINDS, ra_game.COUNTS, strict=True))
RA_TOTAL_TILES = sum(ra_game.COUNTS)
RA_MAX_DISK = max(d for groups in ra_game.DISK_GROUPS.values() for group in groups for d in group)
RA_TRACK_SPACES = max(ra_game.RA_TRACK_LENGTH.values())
RA_PHASES = ("turn", "auction", "gods", "disaster", "over")
RA_AUCTION_KINDS = ("ra_drawn", "invoked_nonfull", "invoked_full")
RA_DISASTERS = ("funeral", "drought", "war", "earthquake")
RA_DISASTER_LOSSES = 8.0  # War/Earthquake tiles still to choose are divided by this

# --- RA and Write (docs/VIEWS_WRITE.md) ---------------------------------------------------------------------
WRITE_CARDS: tuple[str, ...] = tuple(write_game.CARD_NAMES)
WRITE_COUNTS: dict[str, int] = dict(write_game.DECK_COUNTS)
WRITE_DECK_SIZE = len(write_game.DECK)
WRITE_KINGDOMS: tuple[str, ...] = tuple(write_game.KINGDOMS)
WRITE_PHASES = ("reveal", "active_choice", "others_choice", "over")
WRITE_CARD_KINDS = ("god", "nile", "pharaoh", "civ", "monument")
WRITE_STATUSES = ("reveal", "choosing", "bonus", "done", "waiting")
WRITE_BONUSES = ("pharaohs", "nile", "civilization", "monuments", "any")
WRITE_CIV_TYPES: tuple[str, ...] = tuple(write_game.CIV_TYPES)
WRITE_MONUMENT_TYPES: tuple[str, ...] = tuple(write_game.MONUMENT_TYPES)
WRITE_NUMBER_SCALE = 20.0  # God and Nile numbers (1..20) are divided by this
WRITE_GOD_SPACES = 9
WRITE_NILE_SPACES = 12
WRITE_PHARAOH_SPACES = int(write_game.PHARAOH_SPACES)
WRITE_SYMBOLS = len(write_game.PHARAOH_NILE_SYMBOLS)
WRITE_PARTS = len(write_game.NILE_PARTS)
WRITE_MONUMENT_ROWS = 3
WRITE_RA_CARDS = 9
WRITE_RA_PER_KINGDOM = 3
WRITE_TURN_SCALE = 50.0
WRITE_GOD_TOTAL_SCALE = 60.0


class Encoder:
    """The observation layout of one game: named slices, their sizes, and `encode(view)`."""

    def __init__(
        self,
        game: str,
        segments: Sequence[tuple[str, int, str]],
        fill: Callable[[Mapping[str, Any]], array.array[float]],
    ) -> None:
        """Lay out `segments` (name, size, description) and keep the function that fills them from a view."""
        self.game = game
        self.num_actions = int(game_module(game).NUM_ACTIONS)
        self.slices: dict[str, slice] = {}
        self.descriptions: dict[str, str] = {}
        start = 0
        for name, size, text in segments:
            self.slices[name] = slice(start, start + size)
            self.descriptions[name] = text
            start += size
        self.size = start
        self._fill = fill

    def encode(self, view: Mapping[str, Any]) -> FloatArray:
        """The observation vector of a seat's view (`float32`, length `size`)."""
        return np.frombuffer(self._fill(view), dtype=np.float32)

    def mask(self, view: Mapping[str, Any]) -> MaskArray:
        """The legal-action mask of a seat's view: 1 at each id in `view["legal_actions"]` (`int8`)."""
        mask = np.zeros(self.num_actions, dtype=np.int8)
        ids = [a["id"] for a in view["legal_actions"]]
        if ids:
            mask[ids] = 1
        return mask


def relative(view: Mapping[str, Any], seat: int | None) -> int | None:
    """A seat's position relative to the viewer (0 = the viewer), or None."""
    if seat is None:
        return None
    me = view["viewer"] or 0
    return (int(seat) - me) % int(view["num_players"])


def _layout(segments: Sequence[tuple[str, int, str]]) -> tuple[dict[str, int], int]:
    """Each segment's first index, and the total size."""
    at: dict[str, int] = {}
    start = 0
    for name, size, _ in segments:
        at[name] = start
        start += size
    return at, start


# --- Ra ---------------------------------------------------------------------------------------------------------
NK = len(RA_KINDS)
RA_SEGMENTS: list[tuple[str, int, str]] = [
    ("players", 4, "player count, one-hot over 2, 3, 4, 5"),
    ("seats", SEATS, "1 for each relative seat present at the table"),
    ("epoch", 3, "epoch 1, 2, 3, one-hot"),
    ("phase", len(RA_PHASES), "phase turn, auction, gods, disaster, over, one-hot"),
    ("to_act", SEATS, "the relative seat of `current_player`, one-hot (zeros when over)"),
    ("ra_track", 3, "Ra track: length / 10, filled / 10, filled / length"),
    ("auction_track", NK, "tiles on the auction track by kind / 8"),
    ("central_disk", 1, "the central sun disk / 16"),
    ("face_up", SEATS * RA_MAX_DISK, "per relative seat, face-up disks as 16 flags (disk value v at v - 1)"),
    ("face_down", SEATS * RA_MAX_DISK, "per relative seat, face-down disks as 16 flags"),
    ("tiles", SEATS * NK, "per relative seat, held tiles by kind / that kind's count in the game"),
    ("scores", SEATS * 2, "per relative seat: 1 if its score is visible, then score / 100 (0 if hidden)"),
    ("bag", NK, "tiles left in the bag by kind / that kind's count in the game"),
    ("bag_total", 1, "tiles left in the bag / 180"),
    ("discarded", NK, "tiles out of the game by kind / that kind's count in the game"),
    ("auction", 1 + 3 + SEATS + 1 + SEATS + 1, "1 if an auction runs; its kind one-hot (ra_drawn, "
     "invoked_nonfull, invoked_full); Ra player's relative seat one-hot; high bid / 16; high bidder's relative "
     "seat one-hot, then 1 if there is none"),
    ("bids", SEATS * 3, "per relative seat in the auction: 1 if it has decided, 1 if it passed, its bid / 16"),
    ("gods", 1 + len(RA_DISASTERS), "1 while spending gods; disasters taken (funeral, drought, war, earthquake) "
     "/ that kind's count"),
    ("disaster", 1 + 2 + SEATS, "1 while choosing disaster losses; War and Earthquake tiles still to choose / 8; "
     "the relative seat of `after`, one-hot"),
]  # fmt: skip


RA_AT, RA_SIZE = _layout(RA_SEGMENTS)
RA_ZEROS = bytes(4 * RA_SIZE)  # a zero float32 vector, copied at the start of each encoding
RA_KIND_INDEX = {k: i for i, k in enumerate(RA_KINDS)}
RA_PHASE_INDEX = {p: i for i, p in enumerate(RA_PHASES)}
RA_AUCTION_INDEX = {k: i for i, k in enumerate(RA_AUCTION_KINDS)}
RA_SHARE = {k: 1.0 / c for k, c in RA_COUNTS.items()}  # one tile as a share of its kind


def _ra_fill(view: Mapping[str, Any]) -> array.array[float]:
    """The Ra observation as a float32 array, in the order of RA_SEGMENTS (only non-zero entries are written)."""
    at = RA_AT
    out = array.array("f", RA_ZEROS)
    n = int(view["num_players"])
    me = view["viewer"] or 0
    out[at["players"] + n - 2] = 1.0
    for r in range(n):
        out[at["seats"] + r] = 1.0
    out[at["epoch"] + int(view["epoch"]) - 1] = 1.0
    out[at["phase"] + RA_PHASE_INDEX[view["phase"]]] = 1.0
    current = view["current_player"]
    if current is not None:
        out[at["to_act"] + (current - me) % n] = 1.0
    track = view["ra_track"]
    length, filled = int(track["length"]), int(track["filled"])
    base = at["ra_track"]
    out[base], out[base + 1], out[base + 2] = length / RA_TRACK_SPACES, filled / RA_TRACK_SPACES, filled / length
    base = at["auction_track"]
    step = 1.0 / ra_game.AUCTION_TRACK_SIZE
    for kind in view["auction_track"]:
        out[base + RA_KIND_INDEX[kind]] += step
    out[at["central_disk"]] = int(view["central_disk"]) / RA_MAX_DISK
    disks, tiles, scores = view["disks"], view["tiles"], view["scores"]
    up, down, held, shown = at["face_up"] - 1, at["face_down"] - 1, at["tiles"], at["scores"]
    for r in range(n):
        seat = (me + r) % n
        d = disks[seat]
        for v in d["face_up"]:
            out[up + r * RA_MAX_DISK + v] = 1.0
        for v in d["face_down"]:
            out[down + r * RA_MAX_DISK + v] = 1.0
        for kind, count in tiles[seat].items():
            out[held + r * NK + RA_KIND_INDEX[kind]] = count * RA_SHARE[kind]
        score = scores[seat]
        if score is not None:
            out[shown + 2 * r] = 1.0
            out[shown + 2 * r + 1] = score / SCORE_SCALE
    base = at["bag"]
    for kind, count in view["bag"].items():
        if count:
            out[base + RA_KIND_INDEX[kind]] = count * RA_SHARE[kind]
    out[at["bag_total"]] = int(view["bag_total"]) / RA_TOTAL_TILES
    base = at["discarded"]
    for kind, count in view["discarded"].items():
        if count:
            out[base + RA_KIND_INDEX[kind]] = count * RA_SHARE[kind]
    auction = view["auction"]
    if auction is not None:
        base = at["auction"]
        out[base] = 1.0
        out[base + 1 + RA_AUCTION_INDEX[auction["kind"]]] = 1.0
        out[base + 4 + (auction["ra_player"] - me) % n] = 1.0
        out[base + 4 + SEATS] = (auction["high_bid"] or 0) / RA_MAX_DISK
        bidder = auction["high_bidder"]
        out[base + 5 + SEATS + (SEATS if bidder is None else (bidder - me) % n)] = 1.0
        base = at["bids"]
        for bid in auction["bids"]:
            r = (bid["player"] - me) % n
            disk = bid["disk"]
            out[base + 3 * r] = 1.0
            if disk is None:
                out[base + 3 * r + 1] = 1.0
            else:
                out[base + 3 * r + 2] = disk / RA_MAX_DISK
    gods = view["gods"]
    if gods is not None:
        base = at["gods"]
        out[base] = 1.0
        for kind, count in gods["disasters"].items():
            out[base + 1 + RA_DISASTERS.index(kind)] = count * RA_SHARE[kind]
    disaster = view["disaster"]
    if disaster is not None:
        base = at["disaster"]
        out[base] = 1.0
        out[base + 1] = disaster["war"] / RA_DISASTER_LOSSES
        out[base + 2] = disaster["earthquake"] / RA_DISASTER_LOSSES
        after = disaster.get("after")
        if after is not None:
            out[base + 3 + (after - me) % n] = 1.0
    return out


# --- RA and Write -------------------------------------------------------------------------------------------------
NCARDS = len(WRITE_CARDS)
NCIV = len(WRITE_CIV_TYPES)
NMON = len(WRITE_MONUMENT_TYPES)
FACE_UP_SIZE = 1 + len(WRITE_CARD_KINDS) + 1 + NCIV + NMON + 1 + SEATS
SHEET_SIZE = (
    len(WRITE_STATUSES) + 3 + len(WRITE_BONUSES)  # status, chosen card, pending bonus
    + WRITE_GOD_SPACES + 2 * 3 + 3  # Gods spaces, totals (written flag, value), bonus used
    + 1 + WRITE_SYMBOLS  # Pharaohs
    + WRITE_NILE_SPACES + WRITE_PARTS  # Nile
    + 3 * NCIV + 3  # Civilization marks and bonus used
    + NMON + 1  # Monument columns and all tops used
    + 1  # score
)  # fmt: skip
WRITE_SEGMENTS: list[tuple[str, int, str]] = [
    ("players", 4, "player count, one-hot over 2, 3, 4, 5"),
    ("seats", SEATS, "1 for each relative seat present at the table"),
    ("kingdom", 3, "the current Kingdom old, middle, new, one-hot"),
    ("phase", len(WRITE_PHASES), "phase reveal, active_choice, others_choice, over, one-hot"),
    ("active", SEATS, "the relative seat of `active_player`, one-hot"),
    ("to_act", SEATS, "1 for each relative seat in `current_players`"),
    ("turn", 1, "turn / 50"),
    ("ra", 2, "Ra cards set aside / 9, Ra cards of this Kingdom / 3"),
    ("closed", 3, "1 for each Kingdom whose Gods and Civilization spaces are closed (kingdom-limited variant)"),
    ("face_up", 3 * FACE_UP_SIZE, "per face-up slot 1..3: present; card kind one-hot (god, nile, pharaoh, civ, "
     "monument); number / 20; Civilization type one-hot; Monument type one-hot; reserved by the active player; "
     "relative seats that chose it"),
    ("sheets", SEATS * SHEET_SIZE, "per relative seat, its status, choice and scoresheet (table below)"),
    ("deck", NCARDS + 1, "undrawn cards by name / that card's count in the deck, then cards remaining / 110"),
    ("discard", NCARDS, "cards out of play by name / that card's count in the deck"),
]  # fmt: skip
SHEET_PARTS: list[tuple[str, int, str]] = [
    ("status", len(WRITE_STATUSES), "reveal, choosing, bonus, done, waiting, one-hot"),
    ("card", 3, "the face-up slot chosen this turn, one-hot"),
    ("pending_bonus", len(WRITE_BONUSES), "pharaohs, nile, civilization, monuments, any, one-hot"),
    ("gods", WRITE_GOD_SPACES, "Gods spaces 1..9: number / 20 (0 if empty)"),
    ("god_totals", 6, "per Kingdom: 1 if its total box is written, then total / 60"),
    ("god_bonus_used", 3, "per Kingdom: its Pharaohs bonus symbol is crossed out"),
    ("pharaohs", 1 + WRITE_SYMBOLS, "marked spaces / 12, then each Nile symbol used"),
    ("nile", WRITE_NILE_SPACES + WRITE_PARTS, "Nile spaces 1..12: number / 20 (0 if empty), then each part used"),
    ("civilization", 3 * NCIV + 3, "per Kingdom line, its 5 type marks; then each line's bonus used"),
    ("monuments", NMON + 1, "per Monument type, marks / 3; then all tops used"),
    ("score", 1, "score / 100"),
]


WRITE_AT, WRITE_SIZE = _layout(WRITE_SEGMENTS)
WRITE_ZEROS = bytes(4 * WRITE_SIZE)
SHEET_AT, _SHEET_SIZE = _layout(SHEET_PARTS)
assert _SHEET_SIZE == SHEET_SIZE
WRITE_PHASE_INDEX = {p: i for i, p in enumerate(WRITE_PHASES)}
WRITE_KINGDOM_INDEX = {k: i for i, k in enumerate(WRITE_KINGDOMS)}
WRITE_KIND_INDEX = {k: i for i, k in enumerate(WRITE_CARD_KINDS)}
WRITE_STATUS_INDEX = {s: i for i, s in enumerate(WRITE_STATUSES)}
WRITE_BONUS_INDEX = {b: i for i, b in enumerate(WRITE_BONUSES)}
WRITE_CIV_INDEX = {t: i for i, t in enumerate(WRITE_CIV_TYPES)}
WRITE_MONUMENT_INDEX = {t: i for i, t in enumerate(WRITE_MONUMENT_TYPES)}
WRITE_CARD_INDEX = {c: i for i, c in enumerate(WRITE_CARDS)}
WRITE_SHARE = {c: 1.0 / k for c, k in WRITE_COUNTS.items()}  # one card as a share of its name's count
# offsets inside one face-up slot and one sheet
F_KIND, F_NUMBER, F_CIV = 1, 1 + len(WRITE_CARD_KINDS), 2 + len(WRITE_CARD_KINDS)
F_MONUMENT = F_CIV + NCIV
F_RESERVED = F_MONUMENT + NMON
F_CHOSEN = F_RESERVED + 1
S_STATUS, S_CARD, S_BONUS = SHEET_AT["status"], SHEET_AT["card"], SHEET_AT["pending_bonus"]
S_GODS, S_TOTALS, S_GOD_BONUS = SHEET_AT["gods"], SHEET_AT["god_totals"], SHEET_AT["god_bonus_used"]
S_PHARAOHS, S_NILE, S_CIV = SHEET_AT["pharaohs"], SHEET_AT["nile"], SHEET_AT["civilization"]
S_MONUMENTS, S_SCORE = SHEET_AT["monuments"], SHEET_AT["score"]


def _write_fill(view: Mapping[str, Any]) -> array.array[float]:
    """The RA and Write observation as a float32 array, in the order of WRITE_SEGMENTS (non-zero entries written)."""
    at = WRITE_AT
    out = array.array("f", WRITE_ZEROS)
    n = int(view["num_players"])
    me = view["viewer"] or 0
    out[at["players"] + n - 2] = 1.0
    for r in range(n):
        out[at["seats"] + r] = 1.0
    out[at["kingdom"] + WRITE_KINGDOM_INDEX[view["kingdom"]]] = 1.0
    out[at["phase"] + WRITE_PHASE_INDEX[view["phase"]]] = 1.0
    out[at["active"] + (view["active_player"] - me) % n] = 1.0
    for seat in view["current_players"]:
        out[at["to_act"] + (seat - me) % n] = 1.0
    out[at["turn"]] = int(view["turn"]) / WRITE_TURN_SCALE
    ra = view["ra"]
    out[at["ra"]] = ra["total"] / WRITE_RA_CARDS
    out[at["ra"] + 1] = ra["this_kingdom"] / WRITE_RA_PER_KINGDOM
    sheets = view["sheets"]
    for k, line in enumerate(sheets[0]["gods"]):
        if line["closed"]:
            out[at["closed"] + k] = 1.0
    for slot, card in enumerate(view["face_up"]):
        base = at["face_up"] + slot * FACE_UP_SIZE
        kind = card["kind"]
        out[base] = 1.0
        out[base + F_KIND + WRITE_KIND_INDEX[kind]] = 1.0
        number = card.get("number")
        if number:
            out[base + F_NUMBER] = number / WRITE_NUMBER_SCALE
        if kind == "civ":
            out[base + F_CIV + WRITE_CIV_INDEX[card["type"]]] = 1.0
        elif kind == "monument":
            out[base + F_MONUMENT + WRITE_MONUMENT_INDEX[card["type"]]] = 1.0
        if card.get("reserved_by") is not None:
            out[base + F_RESERVED] = 1.0
        for seat in card.get("chosen_by", ()):
            out[base + F_CHOSEN + (seat - me) % n] = 1.0
    players, scores = view["players"], view["scores"]
    for r in range(n):
        seat = (me + r) % n
        base = at["sheets"] + r * SHEET_SIZE
        player, sheet = players[seat], sheets[seat]
        out[base + S_STATUS + WRITE_STATUS_INDEX[player["status"]]] = 1.0
        if player["card"] is not None:
            out[base + S_CARD + int(player["card"]) - 1] = 1.0
        if player["pending_bonus"] is not None:
            out[base + S_BONUS + WRITE_BONUS_INDEX[player["pending_bonus"]]] = 1.0
        for k, line in enumerate(sheet["gods"]):
            for i, v in enumerate(line["spaces"]):
                if v:
                    out[base + S_GODS + 3 * k + i] = v / WRITE_NUMBER_SCALE
            if line["total"] is not None:
                out[base + S_TOTALS + 2 * k] = 1.0
                out[base + S_TOTALS + 2 * k + 1] = line["total"] / WRITE_GOD_TOTAL_SCALE
            if line["bonus_used"]:
                out[base + S_GOD_BONUS + k] = 1.0
        pharaohs = sheet["pharaohs"]
        out[base + S_PHARAOHS] = pharaohs["marked"] / WRITE_PHARAOH_SPACES
        for i, used in enumerate(pharaohs["symbols_used"]):
            if used:
                out[base + S_PHARAOHS + 1 + i] = 1.0
        nile = sheet["nile"]
        for j, v in enumerate(nile["spaces"]):
            if v:
                out[base + S_NILE + j] = v / WRITE_NUMBER_SCALE
        for i, used in enumerate(nile["parts_used"]):
            if used:
                out[base + S_NILE + WRITE_NILE_SPACES + i] = 1.0
        for k, line in enumerate(sheet["civilization"]):
            for t, mark in enumerate(line["marks"]):
                if mark:
                    out[base + S_CIV + NCIV * k + t] = 1.0
            if line["bonus_used"]:
                out[base + S_CIV + 3 * NCIV + k] = 1.0
        monuments = sheet["monuments"]
        for t, marks in enumerate(monuments["columns"]):
            if marks:
                out[base + S_MONUMENTS + t] = marks / WRITE_MONUMENT_ROWS
        if monuments["all_tops_used"]:
            out[base + S_MONUMENTS + NMON] = 1.0
        out[base + S_SCORE] = scores[seat] / SCORE_SCALE
    deck = view["deck"]
    base = at["deck"]
    for card_name, count in deck["composition"].items():
        out[base + WRITE_CARD_INDEX[card_name]] = count * WRITE_SHARE[card_name]
    out[base + NCARDS] = int(deck["remaining"]) / WRITE_DECK_SIZE
    base = at["discard"]
    for card_name, count in view["discard"].items():
        out[base + WRITE_CARD_INDEX[card_name]] = count * WRITE_SHARE[card_name]
    return out


ENCODERS: dict[str, Encoder] = {
    "ra": Encoder("ra", RA_SEGMENTS, _ra_fill),
    "write": Encoder("write", WRITE_SEGMENTS, _write_fill),
}


def encoder(game: str) -> Encoder:
    """The observation encoder of a game ("ra" or "write"); ValueError for an unknown game."""
    try:
        return ENCODERS[game]
    except KeyError:
        raise ValueError(f"unknown game {game!r}: expected one of {', '.join(ENCODERS)}") from None


def observation_size(game: str) -> int:
    """The length of a game's observation vector (the same at every player count)."""
    return encoder(game).size


def encode_observation(game: str, view: Mapping[str, Any]) -> FloatArray:
    """The `float32` observation vector of a seat's view."""
    return encoder(game).encode(view)


def action_mask(game: str, view: Mapping[str, Any]) -> MaskArray:
    """The `int8` legal-action mask of a seat's view."""
    return encoder(game).mask(view)


__all__ = [
    "HIGH",
    "LOW",
    "SEATS",
    "Encoder",
    "action_mask",
    "encode_observation",
    "encoder",
    "observation_size",
]
