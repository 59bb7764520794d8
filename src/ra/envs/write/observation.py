"""RA and Write's observation vector (docs/OBSERVATIONS.md, "RA and Write"): its parts, and how a seat's view fills
them (docs/VIEWS_WRITE.md)."""

from __future__ import annotations

import array
from collections.abc import Mapping
from typing import Any

import ra.games.write as write_game
from ra.envs.encoding import SCORE_SCALE, SEATS, Encoder, layout

CARDS: tuple[str, ...] = tuple(write_game.CARD_NAMES)
COUNTS: dict[str, int] = dict(write_game.DECK_COUNTS)
DECK_SIZE = len(write_game.DECK)
KINGDOMS: tuple[str, ...] = tuple(write_game.KINGDOMS)
PHASES = ("reveal", "active_choice", "others_choice", "over")
CARD_KINDS = ("god", "nile", "pharaoh", "civ", "monument")
STATUSES = ("reveal", "choosing", "bonus", "done", "waiting")
BONUSES = ("pharaohs", "nile", "civilization", "monuments", "any")
CIV_TYPES: tuple[str, ...] = tuple(write_game.CIV_TYPES)
MONUMENT_TYPES: tuple[str, ...] = tuple(write_game.MONUMENT_TYPES)
NUMBER_SCALE = 20.0  # God and Nile numbers (1..20) are divided by this
GOD_SPACES = 9
NILE_SPACES = 12
PHARAOH_SPACES = int(write_game.PHARAOH_SPACES)
SYMBOLS = len(write_game.PHARAOH_NILE_SYMBOLS)
NILE_PARTS = len(write_game.NILE_PARTS)  # parts of the Nile
MONUMENT_ROWS = 3
RA_CARDS = 9
RA_PER_KINGDOM = 3
TURN_SCALE = 50.0
GOD_TOTAL_SCALE = 60.0

NCARDS = len(CARDS)
NCIV = len(CIV_TYPES)
NMON = len(MONUMENT_TYPES)
FACE_UP_SIZE = 1 + len(CARD_KINDS) + 1 + NCIV + NMON + 1 + SEATS
SHEET_SIZE = (
    len(STATUSES) + 3 + len(BONUSES)  # status, chosen card, pending bonus
    + GOD_SPACES + 2 * 3 + 3  # Gods spaces, totals (written flag, value), bonus used
    + 1 + SYMBOLS  # Pharaohs
    + NILE_SPACES + NILE_PARTS  # Nile
    + 3 * NCIV + 3  # Civilization marks and bonus used
    + NMON + 1  # Monument columns and all tops used
    + 1  # score
)  # fmt: skip
SEGMENTS: list[tuple[str, int, str]] = [
    ("players", 4, "player count, one-hot over 2, 3, 4, 5"),
    ("seats", SEATS, "1 for each relative seat present at the table"),
    ("kingdom", 3, "the current Kingdom old, middle, new, one-hot"),
    ("phase", len(PHASES), "phase reveal, active_choice, others_choice, over, one-hot"),
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
    ("status", len(STATUSES), "reveal, choosing, bonus, done, waiting, one-hot"),
    ("card", 3, "the face-up slot chosen this turn, one-hot"),
    ("pending_bonus", len(BONUSES), "pharaohs, nile, civilization, monuments, any, one-hot"),
    ("gods", GOD_SPACES, "Gods spaces 1..9: number / 20 (0 if empty)"),
    ("god_totals", 6, "per Kingdom: 1 if its total box is written, then total / 60"),
    ("god_bonus_used", 3, "per Kingdom: its Pharaohs bonus symbol is crossed out"),
    ("pharaohs", 1 + SYMBOLS, "marked spaces / 12, then each Nile symbol used"),
    ("nile", NILE_SPACES + NILE_PARTS, "Nile spaces 1..12: number / 20 (0 if empty), then each part used"),
    ("civilization", 3 * NCIV + 3, "per Kingdom line, its 5 type marks; then each line's bonus used"),
    ("monuments", NMON + 1, "per Monument type, marks / 3; then all tops used"),
    ("score", 1, "score / 100"),
]


AT, SIZE = layout(SEGMENTS)
ZEROS = bytes(4 * SIZE)
SHEET_AT, _SHEET_SIZE = layout(SHEET_PARTS)
assert _SHEET_SIZE == SHEET_SIZE
PHASE_INDEX = {p: i for i, p in enumerate(PHASES)}
KINGDOM_INDEX = {k: i for i, k in enumerate(KINGDOMS)}
KIND_INDEX = {k: i for i, k in enumerate(CARD_KINDS)}
STATUS_INDEX = {s: i for i, s in enumerate(STATUSES)}
BONUS_INDEX = {b: i for i, b in enumerate(BONUSES)}
CIV_INDEX = {t: i for i, t in enumerate(CIV_TYPES)}
MONUMENT_INDEX = {t: i for i, t in enumerate(MONUMENT_TYPES)}
CARD_INDEX = {c: i for i, c in enumerate(CARDS)}
SHARE = {c: 1.0 / k for c, k in COUNTS.items()}  # one card as a share of its name's count
# offsets inside one face-up slot and one sheet
F_KIND, F_NUMBER, F_CIV = 1, 1 + len(CARD_KINDS), 2 + len(CARD_KINDS)
F_MONUMENT = F_CIV + NCIV
F_RESERVED = F_MONUMENT + NMON
F_CHOSEN = F_RESERVED + 1
S_STATUS, S_CARD, S_BONUS = SHEET_AT["status"], SHEET_AT["card"], SHEET_AT["pending_bonus"]
S_GODS, S_TOTALS, S_GOD_BONUS = SHEET_AT["gods"], SHEET_AT["god_totals"], SHEET_AT["god_bonus_used"]
S_PHARAOHS, S_NILE, S_CIV = SHEET_AT["pharaohs"], SHEET_AT["nile"], SHEET_AT["civilization"]
S_MONUMENTS, S_SCORE = SHEET_AT["monuments"], SHEET_AT["score"]


def fill(view: Mapping[str, Any]) -> array.array[float]:
    """The RA and Write observation as a float32 array, in the order of SEGMENTS (non-zero entries written)."""
    at = AT
    out = array.array("f", ZEROS)
    n = int(view["num_players"])
    me = view["viewer"] or 0
    out[at["players"] + n - 2] = 1.0
    for r in range(n):
        out[at["seats"] + r] = 1.0
    out[at["kingdom"] + KINGDOM_INDEX[view["kingdom"]]] = 1.0
    out[at["phase"] + PHASE_INDEX[view["phase"]]] = 1.0
    out[at["active"] + (view["active_player"] - me) % n] = 1.0
    for seat in view["current_players"]:
        out[at["to_act"] + (seat - me) % n] = 1.0
    out[at["turn"]] = int(view["turn"]) / TURN_SCALE
    ra = view["ra"]
    out[at["ra"]] = ra["total"] / RA_CARDS
    out[at["ra"] + 1] = ra["this_kingdom"] / RA_PER_KINGDOM
    sheets = view["sheets"]
    for k, line in enumerate(sheets[0]["gods"]):
        if line["closed"]:
            out[at["closed"] + k] = 1.0
    for slot, card in enumerate(view["face_up"]):
        base = at["face_up"] + slot * FACE_UP_SIZE
        kind = card["kind"]
        out[base] = 1.0
        out[base + F_KIND + KIND_INDEX[kind]] = 1.0
        number = card.get("number")
        if number:
            out[base + F_NUMBER] = number / NUMBER_SCALE
        if kind == "civ":
            out[base + F_CIV + CIV_INDEX[card["type"]]] = 1.0
        elif kind == "monument":
            out[base + F_MONUMENT + MONUMENT_INDEX[card["type"]]] = 1.0
        if card.get("reserved_by") is not None:
            out[base + F_RESERVED] = 1.0
        for seat in card.get("chosen_by", ()):
            out[base + F_CHOSEN + (seat - me) % n] = 1.0
    players, scores = view["players"], view["scores"]
    for r in range(n):
        seat = (me + r) % n
        base = at["sheets"] + r * SHEET_SIZE
        player, sheet = players[seat], sheets[seat]
        out[base + S_STATUS + STATUS_INDEX[player["status"]]] = 1.0
        if player["card"] is not None:
            out[base + S_CARD + int(player["card"]) - 1] = 1.0
        if player["pending_bonus"] is not None:
            out[base + S_BONUS + BONUS_INDEX[player["pending_bonus"]]] = 1.0
        for k, line in enumerate(sheet["gods"]):
            for i, v in enumerate(line["spaces"]):
                if v:
                    out[base + S_GODS + 3 * k + i] = v / NUMBER_SCALE
            if line["total"] is not None:
                out[base + S_TOTALS + 2 * k] = 1.0
                out[base + S_TOTALS + 2 * k + 1] = line["total"] / GOD_TOTAL_SCALE
            if line["bonus_used"]:
                out[base + S_GOD_BONUS + k] = 1.0
        pharaohs = sheet["pharaohs"]
        out[base + S_PHARAOHS] = pharaohs["marked"] / PHARAOH_SPACES
        for i, used in enumerate(pharaohs["symbols_used"]):
            if used:
                out[base + S_PHARAOHS + 1 + i] = 1.0
        nile = sheet["nile"]
        for j, v in enumerate(nile["spaces"]):
            if v:
                out[base + S_NILE + j] = v / NUMBER_SCALE
        for i, used in enumerate(nile["parts_used"]):
            if used:
                out[base + S_NILE + NILE_SPACES + i] = 1.0
        for k, line in enumerate(sheet["civilization"]):
            for t, mark in enumerate(line["marks"]):
                if mark:
                    out[base + S_CIV + NCIV * k + t] = 1.0
            if line["bonus_used"]:
                out[base + S_CIV + 3 * NCIV + k] = 1.0
        monuments = sheet["monuments"]
        for t, marks in enumerate(monuments["columns"]):
            if marks:
                out[base + S_MONUMENTS + t] = marks / MONUMENT_ROWS
        if monuments["all_tops_used"]:
            out[base + S_MONUMENTS + NMON] = 1.0
        out[base + S_SCORE] = scores[seat] / SCORE_SCALE
    deck = view["deck"]
    base = at["deck"]
    for card_name, count in deck["composition"].items():
        out[base + CARD_INDEX[card_name]] = count * SHARE[card_name]
    out[base + NCARDS] = int(deck["remaining"]) / DECK_SIZE
    base = at["discard"]
    for card_name, count in view["discard"].items():
        out[base + CARD_INDEX[card_name]] = count * SHARE[card_name]
    return out


ENCODER = Encoder(write_game.GAME, SEGMENTS, fill)
