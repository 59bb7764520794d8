"""The board of Ra explained for a viewer: every sun disk in play and the central disk (docs/rules/ra.md §5, §9.2),
the Ra track (§4), the auction track with what its lot is worth (§3, §5) and the bag (§1.1, §8.5)."""

from __future__ import annotations

from ra.games.ra.standing import Table
from ra.games.ra.tables import EARTHQUAKE, KIND_INDEX, MONUMENTS
from ra.games.ra.words import joined, signed, tile_list, title


def board_texts(table: Table) -> dict[str, str]:
    """The texts of the disks (`sun_disk:<n>`, `central_disk`), `ra_track`, `auction_track` and `bag`."""
    out = _disk_texts(table)
    out["central_disk"] = _central(table)
    out["ra_track"] = _ra_track(table)
    out["auction_track"] = _auction_track(table)
    out["bag"] = _bag(table)
    return out


def _owner(table: Table, seat: int) -> str:
    """'yours' or "Khufu's"."""
    return "yours" if seat == table.viewer else f"{table.name(seat)}'s"


def _disk_texts(table: Table) -> dict[str, str]:
    """Each sun disk in play: whose it is, whether it may still be bid this epoch, what it counts for."""
    view = table.view
    central = view["central_disk"]
    best = max((d for disks in view["disks"] for d in disks["face_up"] + disks["face_down"]), default=0)
    out: dict[str, str] = {}
    for seat, disks in enumerate(view["disks"]):
        for disk in disks["face_up"] + disks["face_down"]:
            text = f"Sun disk {disk}: {_owner(table, seat)}"
            rules = "§5, §9.2"
            if table.over:
                text += "; it counted in its holder's disk total at the end"
            elif disk in disks["face_up"]:
                text += (
                    f", face up, so it may still be bid this epoch; a winning bid trades it for the central {central}"
                )
            elif table.final:
                text += ", face down: won this epoch, it cannot be bid again in this last epoch"
            else:
                text += ", face down: won this epoch, it may be bid again from the next epoch"
            if disk == best and not table.over:
                starts = "" if table.final else "starts the next epoch and "
                text += f". The highest disk held: its holder {starts}wins a tie for the lead"
                rules = "§5, §9.2, §9.4" if table.final else "§5, §8.3, §9.2, §9.4"
            out[f"sun_disk:{disk}"] = (
                f"{text}. Every disk held counts in the disk totals after epoch 3 (rules {rules})."
            )
    out[f"sun_disk:{central}"] = (
        f"Sun disk {central}: in the centre, it belongs to nobody; the next auction's winner takes it face down "
        "(rules §5.3, §5.4)."
    )
    return out


def _central(table: Table) -> str:
    central = table.view["central_disk"]
    usable = "it only counts in the disk total now" if table.final else "usable from the next epoch"
    what = (
        f"Central sun disk {central}: the prize that goes with every lot. The winner of the next auction takes it face "
        f"down ({usable}) and leaves the winning disk here in its place."
    )
    if table.over:
        return (
            f"Central sun disk {central}: it belonged to nobody and counted in nobody's disk total (rules §9.2, E22)."
        )
    me = table.viewer
    if me is None or not table.view["disks"][me]["face_up"]:
        return f"{what[:-1]} (rules §5.3, §5.4)."
    low = min(table.view["disks"][me]["face_up"])
    return (
        f"{what} Won with your sun disk {low}, it would change your disk total by {signed(central - low)} "
        "(rules §5.3, §5.4, §9.2)."
    )


def _ra_track(table: Table) -> str:
    view = table.view
    track = view["ra_track"]
    filled, length = track["filled"], track["length"]
    unused = track["spaces"] - length
    skipped = f" ({unused} of its {track['spaces']} spaces unused with {table.n} players)" if unused else ""
    what = (
        f"Ra track{skipped}: each drawn Ra tile goes here and starts an auction; the {length}th of an epoch ends it "
        "at once, without an auction, and every tile on the auction track is lost."
    )
    if table.over:
        return f"{what[:-1]} (rules §2, §4, §8.1)."
    left, total = view["bag"].get("ra", 0), view["bag_total"]
    return (
        f"{what} Epoch {view['epoch']} of {view['epochs']}: {filled} of {length} placed, {length - filled} to go; "
        f"{left} of the {total} tiles in the bag are Ra (rules §2, §4, §8.1)."
    )


def _auction_track(table: Table) -> str:
    view = table.view
    lot = view["auction_track"]
    what = (
        f"Auction track ({len(lot)} of {view['auction_track_spaces']}): the lot on offer. An auction's winner takes "
        f"every tile on it with the central sun disk; when it is full nobody may draw: invoke Ra or spend a god."
    )
    if table.over:
        return f"{what[:-1]} (rules §3, §5)."
    if not lot:
        return f"{what} It is empty: an auction now is for the central sun disk alone (rules §3, §5, E18)."
    values = table.lot_value() or []
    kinds = [KIND_INDEX[k] for k in lot]
    later = ""
    if table.viewer is not None:
        now = f"It holds {tile_list(lot)}: taking it now would give you {signed(values[table.viewer])} this epoch"
        if not table.final and any(k in MONUMENTS or k == EARTHQUAKE for k in kinds):  # scored after epoch 3
            later = f", and {signed(table.monument_gain(table.viewer, kinds))} in monuments at the end"
    else:
        worth = table.each([signed(v) for v in values])
        now = f"It holds {tile_list(lot)}; taken now it would be worth this epoch: {worth}"
    return f"{what} {now}{later} (rules §3, §5, §7, §9)."


def _bag(table: Table) -> str:
    view = table.view
    left = [f"{title(k)} {c}" for k, c in view["bag"].items() if c]
    return (
        f"Bag: {view['bag_total']} tiles in an order nobody knows, but what is left is public: "
        f"{joined(left) if left else 'nothing'} (rules §1.1, §8.5)."
    )
