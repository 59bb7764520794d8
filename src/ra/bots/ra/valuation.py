"""Ra valuation from a seat's view: what holdings are worth in points by the end of the game (docs/rules/ra.md §9).

Every figure here is an estimate of points still to come, smoothed so that partial sets (two of a monument, two
civilization types, a Nile without a flood) carry some of the value they are likely to grow into.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ra.bots.evalmath import interp, sigmoid
from ra.games.ra import RaView, tables

# The engine's rules tables (docs/rules/ra.md §1, §9), by kind name as views name them.
CIVS = tuple(tables.KINDS[k] for k in tables.CIVILIZATION)
MONUMENTS = tuple(tables.KINDS[k] for k in tables.MONUMENTS)
DISASTERS = tuple(tables.KINDS[k] for k in tables.DISASTERS)
CIV_POINTS = tables.CIV_POINTS
MONUMENT_SAME = tables.MONUMENT_SAME
MONUMENT_VARIETY = tables.MONUMENT_VARIETY
SAME_POTENTIAL = (0.0, 0.6, 2.2, 1.2, 0.8, 0.0)  # extra worth of n identical monuments while the game runs
VARIETY_POTENTIAL = (0.0, 0.0, 0.0, 0.0, 0.3, 0.8, 2.0, 1.5, 0.0)

Holding = dict[str, int]


@dataclass(frozen=True)
class Context:
    """The public situation that valuations depend on: epoch, progress through it, player count, bag."""

    epoch: int
    progress: float  # 0 at the start of the epoch .. 1 when the last Ra tile falls
    players: int
    bag: Mapping[str, int]

    @property
    def epochs_after(self) -> int:
        """Epochs still to play after the current one."""
        return 3 - self.epoch

    @property
    def game_left(self) -> float:
        """Fraction of the game still to play (1 at the start, 0 at the end)."""
        return max(0.0, (self.epochs_after + 1 - self.progress) / 3.0)


def context_of(view: RaView) -> Context:
    """The valuation context of a Ra view."""
    track = view["ra_track"]
    progress = track["filled"] / max(1, track["length"])
    return Context(view["epoch"], min(1.0, progress), view["num_players"], dict(view["bag"]))


def pharaoh_value(counts: Sequence[int], me: int, ctx: Context) -> float:
    """Expected pharaoh points (+5 most, -2 fewest) this epoch and, discounted, in later epochs."""
    if len(counts) < 2:
        return 0.0
    spread = 0.6 + 2.5 * (1.0 - ctx.progress)
    mine = counts[me]
    p_most = p_fewest = 1.0
    for other, count in enumerate(counts):
        if other == me:
            continue
        p_most *= sigmoid((mine - count + 0.5) / spread)
        p_fewest *= sigmoid((count - mine + 0.5) / spread)
    if all(c == mine for c in counts) and ctx.progress > 0.95:
        return 0.0
    return (5.0 * p_most - 2.0 * p_fewest) * (1.0 + 0.6 * ctx.epochs_after)


def river_value(held: Mapping[str, int], ctx: Context) -> float:
    """Nile and flood points: this epoch with a flood, later epochs with some chance of a flood."""
    nile, flood = held.get("nile", 0), held.get("flood", 0)
    floods_left = ctx.bag.get("flood", 0)
    if flood:
        now = float(nile + flood)
    else:
        chance = min(0.7, (1.0 - ctx.progress) * 0.9) if floods_left else 0.0
        now = nile * chance
    return now + nile * 0.55 * ctx.epochs_after


def civilization_value(held: Mapping[str, int], ctx: Context) -> float:
    """Civilization points by distinct types, with the types still likely to come this epoch."""
    types = sum(1 for k in CIVS if held.get(k, 0))
    extra = 1.3 * (1.0 - ctx.progress)
    spare = sum(max(0, held.get(k, 0) - 1) for k in CIVS)  # duplicates only soften a War
    return interp(CIV_POINTS, types + extra) + 0.3 * min(spare, 2)


def monument_value(held: Mapping[str, int], ctx: Context) -> float:
    """Final monument points (§9.2), plus the worth of partial sets while monuments can still come."""
    counts = [held.get(k, 0) for k in MONUMENTS]
    left = ctx.game_left
    types = sum(1 for c in counts if c)
    value = MONUMENT_VARIETY[types] + left * VARIETY_POTENTIAL[types]
    for c in counts:
        value += MONUMENT_SAME[min(c, 5)] + left * SAME_POTENTIAL[min(c, 5)]
    return value


def player_value(all_held: Sequence[Mapping[str, int]], me: int, ctx: Context) -> float:
    """Estimated points still to come to seat `me` from everybody's holdings (not counting banked score)."""
    held = all_held[me]
    gods = held.get("god", 0) * (2.0 + 0.8 * (1.0 - ctx.progress))
    gold = held.get("gold", 0) * 3.0
    pharaohs = pharaoh_value([h.get("pharaoh", 0) for h in all_held], me, ctx)
    return gods + gold + pharaohs + river_value(held, ctx) + civilization_value(held, ctx) + monument_value(held, ctx)


def add_tiles(held: Mapping[str, int], tiles: Sequence[str], ctx: Context) -> Holding:
    """Holdings after gaining `tiles`: the others placed first, then every disaster resolved at least cost (§7)."""
    out: Holding = dict(held)
    disasters = [t for t in tiles if t in DISASTERS]
    for tile in tiles:
        if tile not in DISASTERS:
            out[tile] = out.get(tile, 0) + 1
    for tile in disasters:
        if tile == "funeral":
            out["pharaoh"] = max(0, out.get("pharaoh", 0) - 2)
        elif tile == "drought":
            flood = out.get("flood", 0)
            lost_floods = min(2, flood)
            out["flood"] = flood - lost_floods
            out["nile"] = max(0, out.get("nile", 0) - (2 - lost_floods))
        else:
            kinds = CIVS if tile == "war" else MONUMENTS
            for _ in range(2):
                choice = cheapest_loss(out, kinds, ctx)
                if choice is None:
                    break
                out[choice] -= 1
    return out


def cheapest_loss(held: Mapping[str, int], kinds: Sequence[str], ctx: Context) -> str | None:
    """The kind among `kinds` whose loss of one tile costs the least (None if none is held)."""
    best: tuple[float, str] | None = None
    for kind in kinds:
        if held.get(kind, 0) <= 0:
            continue
        after = dict(held)
        after[kind] -= 1
        score = civilization_value(after, ctx) + monument_value(after, ctx)
        if best is None or score > best[0]:
            best = (score, kind)
    return None if best is None else best[1]


def gains(all_held: Sequence[Mapping[str, int]], winner: int, tiles: Sequence[str], ctx: Context) -> list[float]:
    """Change of every seat's estimated value if `winner` gains `tiles`."""
    before = [player_value(all_held, p, ctx) for p in range(len(all_held))]
    after_held = list(all_held)
    after_held[winner] = add_tiles(all_held[winner], tiles, ctx)
    return [player_value(after_held, p, ctx) - before[p] for p in range(len(all_held))]


def relative_gain(
    all_held: Sequence[Mapping[str, int]], me: int, winner: int, tiles: Sequence[str], ctx: Context
) -> float:
    """How much `winner` gaining `tiles` changes my value minus the mean of my opponents'."""
    delta = gains(all_held, winner, tiles, ctx)
    others = [d for p, d in enumerate(delta) if p != me]
    return delta[me] - (sum(others) / len(others) if others else 0.0)


def disk_unit_value(ctx: Context) -> float:
    """Points per unit of sun-disk value (final ±5 for disk totals, and bidding power in later epochs)."""
    return 0.12 + 0.14 * ctx.epochs_after


def holdings(view: RaView) -> list[Holding]:
    """Every seat's held tiles as {kind: count}."""
    return [dict(h) for h in view["tiles"]]
