"""The themes of RA and Write's puzzles: what a position teaches, named from the move that solves it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ra.core.text import Text, t

THEMES: dict[str, Text] = {  # theme -> its title, in the order a list of themes shows them
    "gods_totals": t("Gods totals"),
    "pharaohs": t("The race for Pharaohs"),
    "nile_numbers": t("Nile numbers"),
    "civilization": t("Civilization lines"),
    "monuments": t("Monument columns"),
    "bonus_chains": t("Bonus chains"),
    "giving_away": t("Which card to give up"),
}
SECTION_THEMES = {  # the sheet's section an entry marks -> its theme
    "gods": "gods_totals",
    "pharaohs": "pharaohs",
    "nile": "nile_numbers",
    "civilization": "civilization",
    "monuments": "monuments",
}


def theme(view: Mapping[str, Any], action: int) -> str:
    """The theme of a position whose best move is `action` (a key of THEMES)."""
    entry: Mapping[str, Any] = next((a for a in view.get("legal_actions", []) if a.get("id") == action), {})
    if entry.get("kind") in ("bonus", "decline"):
        return "bonus_chains"
    if entry.get("lost"):
        return "giving_away"
    return SECTION_THEMES.get(str(entry.get("section")), "bonus_chains")
