"""Ra's observation vector (docs/OBSERVATIONS.md, "Ra"): its parts, and how a seat's view fills them (docs/VIEWS.md)."""

from __future__ import annotations

import array
from collections.abc import Mapping
from typing import Any

import ra.games.ra as ra_game
from ra.envs.encoding import SCORE_SCALE, SEATS, Encoder, layout

KINDS: tuple[str, ...] = tuple(ra_game.KINDS)
COUNTS: dict[str, int] = dict(zip(KINDS, ra_game.COUNTS, strict=True))
TOTAL_TILES = sum(ra_game.COUNTS)
MAX_DISK = max(d for groups in ra_game.DISK_GROUPS.values() for group in groups for d in group)
TRACK_SPACES = max(ra_game.RA_TRACK_LENGTH.values())
PHASES = ("turn", "auction", "gods", "disaster", "over")
AUCTION_KINDS = ("ra_drawn", "invoked_nonfull", "invoked_full")
DISASTERS = ("funeral", "drought", "war", "earthquake")
DISASTER_LOSSES = 8.0  # War/Earthquake tiles still to choose are divided by this

NK = len(KINDS)
SEGMENTS: list[tuple[str, int, str]] = [
    ("players", 4, "player count, one-hot over 2, 3, 4, 5"),
    ("seats", SEATS, "1 for each relative seat present at the table"),
    ("epoch", 3, "epoch 1, 2, 3, one-hot"),
    ("phase", len(PHASES), "phase turn, auction, gods, disaster, over, one-hot"),
    ("to_act", SEATS, "the relative seat of `current_player`, one-hot (zeros when over)"),
    ("ra_track", 3, "Ra track: length / 10, filled / 10, filled / length"),
    ("auction_track", NK, "tiles on the auction track by kind / 8"),
    ("central_disk", 1, "the central sun disk / 16"),
    ("face_up", SEATS * MAX_DISK, "per relative seat, face-up disks as 16 flags (disk value v at v - 1)"),
    ("face_down", SEATS * MAX_DISK, "per relative seat, face-down disks as 16 flags"),
    ("tiles", SEATS * NK, "per relative seat, held tiles by kind / that kind's count in the game"),
    ("scores", SEATS * 2, "per relative seat: 1 if its score is visible, then score / 100 (0 if hidden)"),
    ("bag", NK, "tiles left in the bag by kind / that kind's count in the game"),
    ("bag_total", 1, "tiles left in the bag / 180"),
    ("discarded", NK, "tiles out of the game by kind / that kind's count in the game"),
    ("auction", 1 + 3 + SEATS + 1 + SEATS + 1, "1 if an auction runs; its kind one-hot (ra_drawn, "
     "invoked_nonfull, invoked_full); Ra player's relative seat one-hot; high bid / 16; high bidder's relative "
     "seat one-hot, then 1 if there is none"),
    ("bids", SEATS * 3, "per relative seat in the auction: 1 if it has decided, 1 if it passed, its bid / 16"),
    ("gods", 1 + len(DISASTERS), "1 while spending gods; disasters taken (funeral, drought, war, earthquake) "
     "/ that kind's count"),
    ("disaster", 1 + 2 + SEATS, "1 while choosing disaster losses; War and Earthquake tiles still to choose / 8; "
     "the relative seat of `after`, one-hot"),
]  # fmt: skip


AT, SIZE = layout(SEGMENTS)
ZEROS = bytes(4 * SIZE)  # a zero float32 vector, copied at the start of each encoding
KIND_INDEX = {k: i for i, k in enumerate(KINDS)}
PHASE_INDEX = {p: i for i, p in enumerate(PHASES)}
AUCTION_INDEX = {k: i for i, k in enumerate(AUCTION_KINDS)}
SHARE = {k: 1.0 / c for k, c in COUNTS.items()}  # one tile as a share of its kind


def fill(view: Mapping[str, Any]) -> array.array[float]:
    """The Ra observation as a float32 array, in the order of SEGMENTS (only non-zero entries are written)."""
    at = AT
    out = array.array("f", ZEROS)
    n = int(view["num_players"])
    me = view["viewer"] or 0
    out[at["players"] + n - 2] = 1.0
    for r in range(n):
        out[at["seats"] + r] = 1.0
    out[at["epoch"] + int(view["epoch"]) - 1] = 1.0
    out[at["phase"] + PHASE_INDEX[view["phase"]]] = 1.0
    current = view["current_player"]
    if current is not None:
        out[at["to_act"] + (current - me) % n] = 1.0
    track = view["ra_track"]
    length, filled = int(track["length"]), int(track["filled"])
    base = at["ra_track"]
    out[base], out[base + 1], out[base + 2] = length / TRACK_SPACES, filled / TRACK_SPACES, filled / length
    base = at["auction_track"]
    step = 1.0 / ra_game.AUCTION_TRACK_SIZE
    for kind in view["auction_track"]:
        out[base + KIND_INDEX[kind]] += step
    out[at["central_disk"]] = int(view["central_disk"]) / MAX_DISK
    disks, tiles, scores = view["disks"], view["tiles"], view["scores"]
    up, down, held, shown = at["face_up"] - 1, at["face_down"] - 1, at["tiles"], at["scores"]
    for r in range(n):
        seat = (me + r) % n
        d = disks[seat]
        for v in d["face_up"]:
            out[up + r * MAX_DISK + v] = 1.0
        for v in d["face_down"]:
            out[down + r * MAX_DISK + v] = 1.0
        for kind, count in tiles[seat].items():
            out[held + r * NK + KIND_INDEX[kind]] = count * SHARE[kind]
        score = scores[seat]
        if score is not None:
            out[shown + 2 * r] = 1.0
            out[shown + 2 * r + 1] = score / SCORE_SCALE
    base = at["bag"]
    for kind, count in view["bag"].items():
        if count:
            out[base + KIND_INDEX[kind]] = count * SHARE[kind]
    out[at["bag_total"]] = int(view["bag_total"]) / TOTAL_TILES
    base = at["discarded"]
    for kind, count in view["discarded"].items():
        if count:
            out[base + KIND_INDEX[kind]] = count * SHARE[kind]
    auction = view["auction"]
    if auction is not None:
        base = at["auction"]
        out[base] = 1.0
        out[base + 1 + AUCTION_INDEX[auction["kind"]]] = 1.0
        out[base + 4 + (auction["ra_player"] - me) % n] = 1.0
        out[base + 4 + SEATS] = (auction["high_bid"] or 0) / MAX_DISK
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
                out[base + 3 * r + 2] = disk / MAX_DISK
    gods = view["gods"]
    if gods is not None:
        base = at["gods"]
        out[base] = 1.0
        for kind, count in gods["disasters"].items():
            out[base + 1 + DISASTERS.index(kind)] = count * SHARE[kind]
    disaster = view["disaster"]
    if disaster is not None:
        base = at["disaster"]
        out[base] = 1.0
        out[base + 1] = disaster["war"] / DISASTER_LOSSES
        out[base + 2] = disaster["earthquake"] / DISASTER_LOSSES
        after = disaster.get("after")
        if after is not None:
            out[base + 3 + (after - me) % n] = 1.0
    return out


ENCODER = Encoder(ra_game.GAME, SEGMENTS, fill)
