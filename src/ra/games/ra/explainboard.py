"""The board of Ra explained for a viewer: every sun disk in play and the central disk (docs/rules/ra.md §5, §9.2),
the Ra track (§4), the auction track with what its lot is worth (§3, §5) and the bag (§1.1, §8.5)."""

from __future__ import annotations

from ra.core.text import Text, items, t, tn
from ra.games.ra.standing import Table
from ra.games.ra.tables import EARTHQUAKE, KIND_INDEX, MONUMENTS
from ra.games.ra.words import signed, tile_list, tile_name


def board_texts(table: Table) -> dict[str, Text]:
    """The texts of the disks (`sun_disk:<n>`, `central_disk`), `ra_track`, `auction_track` and `bag`."""
    out = _disk_texts(table)
    out["central_disk"] = _central(table)
    out["ra_track"] = _ra_track(table)
    out["auction_track"] = _auction_track(table)
    out["bag"] = _bag(table)
    return out


def _disk_state(table: Table, face_up: bool, central: int) -> Text:
    """Whether a held disk may still be bid this epoch."""
    if face_up:
        return t(
            "face up, so it may still be bid this epoch; a winning bid trades it for the central {central}",
            central=central,
        )
    if table.final:
        return t("face down: won this epoch, it cannot be bid again in this last epoch")
    return t("face down: won this epoch, it may be bid again from the next epoch")


def _held_disk(table: Table, seat: int, disk: int, state: Text, highest: Text | None, rules: str) -> Text:
    """A held disk's text: whose it is, its state, whether it is the highest, what it counts for."""
    mine = seat == table.viewer
    if highest is None:
        if mine:
            return t(
                "Sun disk {disk}: yours, {state}. Every disk held counts in the disk totals after epoch 3 "
                "(rules {rules}).",
                disk=disk,
                state=state,
                rules=rules,
            )
        return t(
            "Sun disk {disk}: {player}'s, {state}. Every disk held counts in the disk totals after epoch 3 "
            "(rules {rules}).",
            disk=disk,
            player=table.name(seat),
            state=state,
            rules=rules,
        )
    if mine:
        return t(
            "Sun disk {disk}: yours, {state}. {highest}. Every disk held counts in the disk totals after "
            "epoch 3 (rules {rules}).",
            disk=disk,
            state=state,
            highest=highest,
            rules=rules,
        )
    return t(
        "Sun disk {disk}: {player}'s, {state}. {highest}. Every disk held counts in the disk totals after "
        "epoch 3 (rules {rules}).",
        disk=disk,
        player=table.name(seat),
        state=state,
        highest=highest,
        rules=rules,
    )


def _disk_texts(table: Table) -> dict[str, Text]:
    """Each sun disk in play: whose it is, whether it may still be bid this epoch, what it counts for."""
    view = table.view
    central = view["central_disk"]
    best = max((d for disks in view["disks"] for d in disks["face_up"] + disks["face_down"]), default=0)
    out: dict[str, Text] = {}
    for seat, disks in enumerate(view["disks"]):
        for disk in disks["face_up"] + disks["face_down"]:
            if table.over:
                if seat == table.viewer:
                    text = t(
                        "Sun disk {disk}: yours; it counted in its holder's disk total at the end. Every disk "
                        "held counts in the disk totals after epoch 3 (rules §5, §9.2).",
                        disk=disk,
                    )
                else:
                    text = t(
                        "Sun disk {disk}: {player}'s; it counted in its holder's disk total at the end. Every "
                        "disk held counts in the disk totals after epoch 3 (rules §5, §9.2).",
                        disk=disk,
                        player=table.name(seat),
                    )
                out[f"sun_disk:{disk}"] = text
                continue
            state = _disk_state(table, disk in disks["face_up"], central)
            highest: Text | None = None
            rules = "§5, §9.2"
            if disk == best:
                if table.final:
                    rules = "§5, §9.2, §9.4"
                    highest = t("The highest disk held: its holder wins a tie for the lead")
                else:
                    rules = "§5, §8.3, §9.2, §9.4"
                    highest = t("The highest disk held: its holder starts the next epoch and wins a tie for the lead")
            out[f"sun_disk:{disk}"] = _held_disk(table, seat, disk, state, highest, rules)
    out[f"sun_disk:{central}"] = t(
        "Sun disk {disk}: in the centre, it belongs to nobody; the next auction's winner takes it face down (rules "
        "§5.3, §5.4).",
        disk=central,
    )
    return out


def _central(table: Table) -> Text:
    central = table.view["central_disk"]
    if table.over:
        return t(
            "Central sun disk {disk}: it belonged to nobody and counted in nobody's disk total (rules §9.2, E22).",
            disk=central,
        )
    usable = t("it only counts in the disk total now") if table.final else t("usable from the next epoch")
    me = table.viewer
    if me is None or not table.view["disks"][me]["face_up"]:
        return t(
            "Central sun disk {disk}: the prize that goes with every lot. The winner of the next auction takes it face "
            "down ({usable}) and leaves the winning disk here in its place (rules §5.3, §5.4).",
            disk=central,
            usable=usable,
        )
    low = min(table.view["disks"][me]["face_up"])
    return t(
        "Central sun disk {disk}: the prize that goes with every lot. The winner of the next auction takes it face "
        "down ({usable}) and leaves the winning disk here in its place. Won with your sun disk {low}, it would change "
        "your disk total by {change} (rules §5.3, §5.4, §9.2).",
        disk=central,
        usable=usable,
        low=low,
        change=signed(central - low),
    )


def _ra_track(table: Table) -> Text:
    view = table.view
    track = view["ra_track"]
    filled, length = track["filled"], track["length"]
    unused = track["spaces"] - length
    if unused:
        what = t(
            "Ra track ({unused} of its {spaces} spaces unused with {players} players): each drawn Ra tile goes here "
            "and starts an auction; the {length}th of an epoch ends it at once, without an auction, and every tile on "
            "the auction track is lost",
            unused=unused,
            spaces=track["spaces"],
            players=table.n,
            length=length,
        )
    else:
        what = t(
            "Ra track: each drawn Ra tile goes here and starts an auction; the {length}th of an epoch ends it at once, "
            "without an auction, and every tile on the auction track is lost",
            length=length,
        )
    if table.over:
        return t("{what} (rules §2, §4, §8.1).", what=what)
    left, total = view["bag"].get("ra", 0), view["bag_total"]
    return t(
        "{what}. Epoch {epoch} of {epochs}: {filled} of {length} placed, {left} to go; {ra} of the {total} tiles in "
        "the bag are Ra (rules §2, §4, §8.1).",
        what=what,
        epoch=view["epoch"],
        epochs=view["epochs"],
        filled=filled,
        length=length,
        left=length - filled,
        ra=left,
        total=total,
    )


def _auction_track(table: Table) -> Text:
    view = table.view
    lot = view["auction_track"]
    what = t(
        "Auction track ({count} of {spaces}): the lot on offer. An auction's winner takes every tile on it with the "
        "central sun disk; when it is full nobody may draw: invoke Ra or spend a god",
        count=len(lot),
        spaces=view["auction_track_spaces"],
    )
    if table.over:
        return t("{what} (rules §3, §5).", what=what)
    if not lot:
        return t(
            "{what}. It is empty: an auction now is for the central sun disk alone (rules §3, §5, E18).", what=what
        )
    values = table.lot_value() or []
    kinds = [KIND_INDEX[k] for k in lot]
    me = table.viewer
    if me is None:
        return t(
            "{what}. It holds {tiles}; taken now it would be worth this epoch: {worth} (rules §3, §5, §7, §9).",
            what=what,
            tiles=tile_list(lot),
            worth=table.each([signed(v) for v in values]),
        )
    if not table.final and any(k in MONUMENTS or k == EARTHQUAKE for k in kinds):  # scored after epoch 3
        return t(
            "{what}. It holds {tiles}: taking it now would give you {points} this epoch, and {monuments} in monuments "
            "at the end (rules §3, §5, §7, §9).",
            what=what,
            tiles=tile_list(lot),
            points=signed(values[me]),
            monuments=signed(table.monument_gain(me, kinds)),
        )
    return t(
        "{what}. It holds {tiles}: taking it now would give you {points} this epoch (rules §3, §5, §7, §9).",
        what=what,
        tiles=tile_list(lot),
        points=signed(values[me]),
    )


def _bag(table: Table) -> Text:
    view = table.view
    left = [t("{tile} {count}", tile=tile_name(k), count=c) for k, c in view["bag"].items() if c]
    nothing = t("nothing")  # not inside the call below: the extractor reads one message per call
    return tn(
        "Bag: {n} tile in an order nobody knows, but what is left is public: {tiles} (rules §1.1, §8.5).",
        "Bag: {n} tiles in an order nobody knows, but what is left is public: {tiles} (rules §1.1, §8.5).",
        view["bag_total"],
        tiles=items(left, nothing),
    )
