"""The figures behind docs/STRATEGY.md: the project's bots play each other and the script prints key=value lines.

Ra: win rate by turn position and player count, mean winning score, what each sun disk wins, how often each disaster
is taken and what it destroys, the value of each tile kind by epoch, when invoking Ra pays. RA and Write: win rate
by position, mean winning score, points per section and end bonus, bonus entries and chains. Every mean and rate
comes with its sample size and a 95% interval (Wilson for rates, normal for means).

    python -m research.strategy                 # greedy bots, 50 games per player count and game: a few minutes
    python -m research.strategy --games 500     # tighter intervals
    python -m research.strategy --bots mcts:iterations=200 --players 3 --games 20
"""

from __future__ import annotations

import argparse
import math
import time
from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from typing import cast

from ra.bots import make_bot
from ra.games import ra, write
from ra.games.ra import scoring, tables
from ra.tournament.stats import wilson_interval

KINDS = tables.KINDS
CIV = [KINDS[k] for k in tables.CIVILIZATION]
MONUMENTS = [KINDS[k] for k in tables.MONUMENTS]
DISASTERS = ("funeral", "drought", "war", "earthquake")
Tiles = dict[str, int]
Samples = defaultdict[str, list[float]]


# --- statistics --------------------------------------------------------------------------------------------------
def mean_line(key: str, values: Sequence[float]) -> str:
    """'key=mean ci95=lo..hi n=N' with a normal 95% interval of the mean."""
    n = len(values)
    if n == 0:
        return f"{key}=nan n=0"
    mean = sum(values) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n)
    return f"{key}={mean:.2f} ci95={mean - half:.2f}..{mean + half:.2f} n={n}"


def rate_line(key: str, hits: float, n: int) -> str:
    """'key=rate ci95=lo..hi n=N' with a Wilson 95% interval."""
    if n == 0:
        return f"{key}=nan n=0"
    lo, hi = wilson_interval(hits, n)
    return f"{key}={hits / n:.3f} ci95={lo:.3f}..{hi:.3f} n={n}"


def slope_line(key: str, xs: Sequence[float], ys: Sequence[float]) -> str:
    """The least-squares slope of ys on xs with a normal 95% interval."""
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    sxx = sum((x - mx) ** 2 for x in xs)
    b = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sxx
    resid = sum((y - my - b * (x - mx)) ** 2 for x, y in zip(xs, ys, strict=True))
    half = 1.96 * math.sqrt(resid / (n - 2) / sxx)
    return f"{key}={b:.2f} ci95={b - half:.2f}..{b + half:.2f} n={n}"


# --- Ra: what tiles are worth if the epoch ended now (docs/rules/ra.md §9.1, §9.2) ---------------------------------
def points_now(tiles: Sequence[Mapping[str, int]], seat: int) -> int:
    """A seat's points if the epoch were scored now (§9.1), plus its monuments' final points (§9.2)."""
    t = tiles[seat]
    pharaohs = scoring.most_fewest([h.get("pharaoh", 0) for h in tiles], tables.PHARAOH_MOST, tables.PHARAOH_FEWEST)
    return (
        tables.GOD_POINTS * t.get("god", 0)
        + tables.GOLD_POINTS * t.get("gold", 0)
        + pharaohs[seat]
        + scoring.river_points(t.get("nile", 0), t.get("flood", 0))
        + scoring.civilization_points([t.get(k, 0) for k in CIV])
        + scoring.monument_points([t.get(k, 0) for k in MONUMENTS])
    )


def with_lot(tiles: Sequence[Mapping[str, int]], seat: int, lot: Sequence[str]) -> tuple[list[Tiles], dict[str, int]]:
    """Everyone's tiles once `seat` gains `lot` and its disasters strike (§7, the cheapest War and Earthquake
    losses), and how many tiles each disaster destroyed."""
    after = [dict(t) for t in tiles]
    mine = after[seat]
    for kind in lot:
        if kind not in DISASTERS:
            mine[kind] = mine.get(kind, 0) + 1
    destroyed = dict.fromkeys(DISASTERS, 0)
    for disaster in (d for d in lot if d in DISASTERS):
        targets = {"funeral": ["pharaoh"], "drought": ["flood", "nile"], "war": CIV, "earthquake": MONUMENTS}[disaster]
        for _ in range(tables.DISASTER_LOSS):
            held = [k for k in targets if mine.get(k, 0)]
            if not held:
                break
            if disaster in ("war", "earthquake"):  # the owner chooses: the loss that costs least
                held.sort(key=lambda k: -_points_without(after, seat, k))
            mine[held[0]] -= 1
            destroyed[disaster] += 1
    return after, destroyed


def _points_without(tiles: Sequence[Tiles], seat: int, kind: str) -> int:
    """A seat's points now with one tile of `kind` fewer."""
    fewer = [dict(t) for t in tiles]
    fewer[seat][kind] -= 1
    return points_now(fewer, seat)


def ra_game(players: int, seed: int, spec: str, out: Samples) -> None:
    """Play one Ra game with bots and add its figures to `out`."""
    state = ra.State.new({"players": players}, seed=seed)
    bots = [make_bot(spec, "ra", seed * 10 + i) for i in range(players)]
    start = state.view(None)
    first, groups = int(start["current_player"] or 0), [max(d["face_up"]) for d in start["disks"]]
    p = f"ra.p{players}"
    gained = dict.fromkeys(DISASTERS, 0)
    invoked: tuple[int, int] | None = None  # (invoker, lot size) of the auction under way, if Ra was invoked
    while not state.is_terminal():
        seat = state.current_players()[0]
        view = state.view(seat)
        action = bots[seat].choose(view)
        notation = ra.action_to_str(action)
        state.apply(action, seat)
        after = state.view(None)
        if notation == "ra":
            invoked = (seat, len(view["auction_track"]))
        elif notation == "draw" and after["auction"]:
            invoked = None
        auction = view["auction"]
        if auction and not after["auction"] and (notation == "pass" or notation.startswith("bid:")):
            winner = seat if notation.startswith("bid:") else auction["high_bidder"]
            disk = int(notation[4:]) if notation.startswith("bid:") else auction["high_bid"]
            lot, epoch = list(view["auction_track"]), view["epoch"]
            value = None
            if winner is not None:
                tiles, destroyed = with_lot(view["tiles"], winner, lot)
                value = points_now(tiles, winner) - points_now(view["tiles"], winner)
                out[f"ra.disk.{disk}.points"].append(value)
                out[f"ra.lot_size.disk.{disk}"].append(len(lot))
                for d in DISASTERS:
                    gained[d] += lot.count(d)
                    for _ in range(lot.count(d)):
                        out[f"ra.disaster.{d}.destroyed_per_strike"].append(destroyed[d] / lot.count(d))
                for kind in set(lot) - set(DISASTERS):
                    fewer = list(lot)
                    fewer.remove(kind)
                    without, _ = with_lot(view["tiles"], winner, fewer)
                    out[f"ra.tile.{kind}.epoch{epoch}.points"].append(
                        points_now(tiles, winner) - points_now(without, winner)
                    )
            if invoked is not None:
                invoker, size = invoked
                bucket = "0" if size == 0 else "1-2" if size <= 2 else "3-4" if size <= 4 else "5-8"
                out[f"ra.invoke.track_{bucket}.invoker_won"].append(float(winner == invoker))
                if winner == invoker and value is not None:
                    out[f"ra.invoke.track_{bucket}.points_if_won"].append(value)
            elif value is not None:
                out["ra.drawn_ra.points_won"].append(value)
            invoked = None
        if notation.startswith("god:") and notation[4:] in DISASTERS:
            gained[notation[4:]] += 1  # E7: a god may take a disaster
    for d in DISASTERS:  # how many of each disaster players gained in this game (by auction or god)
        out[f"ra.disaster.{d}.gained_per_game"].append(gained[d])
    result = state.view(None)["result"]
    assert result is not None
    won = result["winners"][0]
    out[f"{p}.winning_score"].append(result["scores"][won])
    for seat in range(players):
        out[f"{p}.win.position{(seat - first) % players + 1}"].append(float(seat == won))
        out[f"{p}.win.disk_group_of_{groups[seat]}"].append(float(seat == won))


# --- RA and Write ----------------------------------------------------------------------------------------------------
def write_game(players: int, seed: int, spec: str, out: Samples) -> None:
    """Play one RA and Write game with bots and add its figures to `out`."""
    state = write.State.new({"players": players}, seed=seed)
    bots = [make_bot(spec, "write", seed * 10 + i) for i in range(players)]
    first = state.view(None)["active_player"]
    chain = [0] * players
    counts: list[defaultdict[str, int]] = [defaultdict(int) for _ in range(players)]
    while not state.is_terminal():
        seat = state.current_players()[0]
        view = state.view(seat)
        action = bots[seat].choose(view)
        notation = write.action_to_str(action)
        pending = view["players"][seat]["pending_bonus"]
        state.apply(action, seat)
        if notation.startswith("bonus>"):
            chain[seat] += 1
            counts[seat][f"bonus.{pending}.made"] += 1
        elif notation == "decline":
            counts[seat][f"bonus.{pending}.declined"] += 1
        if notation != "reveal" and state.view(None)["players"][seat]["pending_bonus"] is None:
            out[f"write.chain.length{chain[seat]}"].append(1.0)  # the entries this card set off, bonus by bonus
            chain[seat] = 0
    end = state.view(None)
    result = end["result"]
    assert result is not None and end["end_bonuses"] is not None
    p = f"write.p{players}"
    best = max(result["scores"])
    out[f"{p}.winning_score"].append(best)
    for entry in end["lost"]:  # cards and bonus entries that had no legal space
        counts[entry["player"]][f"lost.{entry['entry']}"] += 1
    for seat in range(players):
        share = 1 / len(result["winners"]) if seat in result["winners"] else 0.0
        out[f"{p}.win.position{(seat - first) % players + 1}"].append(share)
        won = "winner" if seat in result["winners"] else "other"
        for section in ("gods", "pharaohs", "nile", "civilization", "monuments"):
            pts = sum(k["players"][seat][section]["points"] for k in end["kingdom_scores"])
            out[f"write.section.{section}.points"].append(pts)
            out[f"write.section.{section}.points_{won}"].append(pts)
        bonuses = cast(Mapping[str, int], end["end_bonuses"][seat])
        for bonus in write.END_BONUSES:
            out[f"write.end_bonus.{bonus}.points"].append(bonuses[bonus])
        for kind in ("pharaohs", "nile", "civilization", "monuments", "any"):
            for what in ("made", "declined"):
                out[f"write.bonus.{kind}.{what}_per_player_game"].append(counts[seat][f"bonus.{kind}.{what}"])
        for what in ("card", "bonus"):
            out[f"write.lost.{what}_per_player_game"].append(counts[seat][f"lost.{what}"])
        made = sum(v for k, v in counts[seat].items() if k.endswith(".made"))
        out["write.bonus_entries_per_player_game"].append(made)
        out["_write.final_score"].append(result["scores"][seat])


# --- output ---------------------------------------------------------------------------------------------------------
def report(out: Samples) -> list[str]:
    """The key=value lines of everything measured."""
    lines = []
    for key in sorted(out):
        values = out[key]
        if key.startswith("_") or ".chain." in key:
            continue
        if ".win." in key or key.endswith("invoker_won"):
            lines.append(rate_line(key, sum(values), len(values)))
        else:
            lines.append(mean_line(key, values))
    chains = {k: len(v) for k, v in out.items() if ".chain." in k}
    entries = sum(chains.values())
    for key in sorted(chains, key=lambda k: int(k.rsplit("length", 1)[1])):
        lines.append(rate_line(f"{key}.share_of_card_entries", chains[key], entries))
    if len(out["_write.final_score"]) > 2:
        xs, ys = out["write.bonus_entries_per_player_game"], out["_write.final_score"]
        lines.append(slope_line("write.final_score_per_bonus_entry", xs, ys))
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    """Play the games and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=50, help="games per player count and game (default 50)")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4, 5])
    parser.add_argument("--bots", default="greedy", help="bot spec for every seat (default greedy)")
    parser.add_argument("--game", choices=["ra", "write", "both"], default="both")
    parser.add_argument("--seed", type=int, default=1, help="first seed; game i uses seed + i")
    args = parser.parse_args(argv)
    out: Samples = defaultdict(list)
    played = {"ra": 0, "write": 0}
    runs: list[tuple[str, Callable[[int, int, str, Samples], None]]] = [("ra", ra_game), ("write", write_game)]
    start = time.perf_counter()
    for name, run in runs:
        if args.game not in (name, "both"):
            continue
        for players in args.players:
            for i in range(args.games):
                run(players, args.seed + i, args.bots, out)
                played[name] += 1
    print(f"bots={args.bots} games_per_player_count={args.games} players={','.join(map(str, args.players))}")
    print(f"ra.games={played['ra']} write.games={played['write']} seconds={time.perf_counter() - start:.0f}")
    for line in report(out):
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

