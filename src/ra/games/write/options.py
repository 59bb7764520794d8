"""Table options for RA and Write (docs/rules/ra-and-write.md §2 the kingdom-limited variant, §3 the first player)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ra.core.options import option_settings
from ra.core.protocol import OptionSpec
from ra.core.text import t
from ra.games.write.tables import MAX_PLAYERS, MIN_PLAYERS

# What a person may set at a new table (players and names aside).
OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        "kingdom_limited",
        "bool",
        False,
        t("Gods and Civilization only in the current Kingdom"),
        t(
            "A variant. Off, as in the box: you may write Gods and Civilization into any Kingdom. On: only into the "
            "Kingdom being played now."
        ),
    ),
)
# Set by setup, not by people: the starting seat is drawn from the seed and written into the record's options, so
# that a record replays without its seed. A seat depends on the player count, which OptionSpec cannot bound.
INTERNAL_OPTIONS: tuple[str, ...] = ("first_player",)
OPTION_KEYS: tuple[str, ...] = ("players", "names", *(spec.name for spec in OPTIONS), *INTERNAL_OPTIONS)


@dataclass(frozen=True, slots=True)
class Options:
    """Players (2-5), names, the kingdom-limited variant (§2) and the starting seat (§3, chosen at setup)."""

    players: int = 3
    names: tuple[str, ...] = ()
    kingdom_limited: bool = False
    first_player: int | None = None

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any] | Options | None) -> Options:
        """Options from a mapping (as in records); ValueError names the bad option."""
        if isinstance(data, Options):
            return data
        data = dict(data or {})
        unknown = set(data) - set(OPTION_KEYS)
        if unknown:
            bad, expected = ", ".join(sorted(unknown)), ", ".join(OPTION_KEYS)
            raise ValueError(t("unknown RA and Write options: {unknown} (expected some of {expected})", unknown=bad,
                               expected=expected))
        players = data.get("players", 3)
        if isinstance(players, bool) or not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(t("RA and Write is for {least}-{most} players, not {players}", least=MIN_PLAYERS,
                               most=MAX_PLAYERS, players=repr(players)))
        names = data.get("names") or ()
        if isinstance(names, str) or not all(isinstance(n, str) for n in names) or (
            names and len(names) != players
        ):
            raise ValueError(t("{option} must be a list of {players} strings", option="names", players=players))
        settings = option_settings(OPTIONS, data, named="{name}")  # named bare, as RA and Write always named them
        first = data.get("first_player")
        if first is not None and (isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < players):
            raise ValueError(
                t("{option} must be a seat 0..{last}, not {value}", option="first_player", last=players - 1,
                  value=repr(first))
            )
        return cls(players, tuple(names), first_player=first, **settings)

    def player_names(self) -> list[str]:
        """The players' names by seat (defaults "Player 1", ...)."""
        return list(self.names) if self.names else [f"Player {i + 1}" for i in range(self.players)]

    def to_dict(self) -> dict[str, Any]:
        """The options as a JSON-able mapping (names omitted when defaulted)."""
        out: dict[str, Any] = {"players": self.players, "kingdom_limited": self.kingdom_limited}
        if self.names:
            out["names"] = list(self.names)
        if self.first_player is not None:
            out["first_player"] = self.first_player
        return out
