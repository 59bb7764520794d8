"""The themes of Ra's puzzles: what a position teaches, named from the move that solves it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ra.bots.base import seat_of
from ra.core.text import Text, t

THEMES: dict[str, Text] = {  # theme -> its title, in the order a list of themes shows them
    "invoke_ra": t("When to invoke Ra"),
    "draw_on": t("When to draw on"),
    "low_disk": t("Bidding with a low sun disk"),
    "bidding": t("Bidding for a lot"),
    "letting_go": t("Letting a lot go"),
    "gods": t("Using gods"),
    "disasters": t("Disasters: what to give up"),
}


def theme(view: Mapping[str, Any], action: int) -> str:
    """The theme of a position whose best move is `action` (a key of THEMES)."""
    entry: Mapping[str, Any] = next((a for a in view.get("legal_actions", []) if a.get("id") == action), {})
    kind = entry.get("kind")
    if kind == "invoke":
        return "invoke_ra"
    if kind == "bid":
        mine = view.get("disks", [])[seat_of(view)].get("face_up", [])
        return "low_disk" if mine and entry.get("disk") == min(mine) else "bidding"
    if kind == "pass":
        return "letting_go"
    if kind in ("god", "done"):
        return "gods"
    if kind == "lose":
        return "disasters"
    return "draw_on"
