"""Table options of a Ra game, validated with clear ValueErrors (docs/rules/ra.md §2, R3, A1)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, TypedDict

from ra.core.options import option_settings
from ra.core.protocol import OptionSpec
from ra.core.text import t, tn, tp
from ra.games.ra.tables import (
    CENTRAL_START_DISK,
    DISK_GROUPS,
    FINAL_FLOOR_RULES,
    MAX_PLAYERS,
    MIN_PLAYERS,
)
from ra.games.ra.words import default_name

# What a person may set at a new table (players and names aside).
OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        "scores_visible",
        "bool",
        False,
        tp("table option", "Show every player's score during the game"),
        # TRANSLATORS: what the option changes, in a player's words; the ruling id stays out of the sentence.
        t("Off, as in the box: you see only your own score until the game ends. On: everyone's score is shown."),
    ),
    OptionSpec(
        "final_floor",
        "choice",
        "once",
        tp("table option", "Negative scores at the very end"),
        t(
            "once (as in the box): a score below 0 becomes 0 after the last bonuses and penalties. twice: it also "
            "becomes 0 before them, so a player deep below 0 keeps more of the last bonuses."
        ),
        choices=FINAL_FLOOR_RULES,
        # TRANSLATORS: the choices of "Negative scores at the very end": a score is raised to 0 once or twice.
        choice_labels=(
            tp("negative scores at the end", "once (as in the box)"),
            tp("negative scores at the end", "twice"),
        ),
    ),
)
# Set by setup, not by people: the disk groups dealt from the seed are written into the record's options, so that a
# record replays without its seed; tests and tutorials give them explicitly.
INTERNAL_OPTIONS: tuple[str, ...] = ("disk_groups",)
OPTION_KEYS: tuple[str, ...] = ("players", "names", *(spec.name for spec in OPTIONS), *INTERNAL_OPTIONS)


class RaOptionsData(TypedDict):
    """The options as JSON (views, records)."""

    players: int
    names: list[str]
    scores_visible: bool
    disk_groups: list[list[int]] | None
    final_floor: str


def disks_in_use(players: int) -> list[int]:
    """Every sun disk used at this player count, the central disk 1 included (§2)."""
    return sorted([CENTRAL_START_DISK, *(d for g in DISK_GROUPS[players] for d in g)])


@dataclass(frozen=True)
class Options:
    """The table options: player count, names, score visibility (R3), dealt disk groups (§2), epoch-3 floor (A1)."""

    players: int
    names: tuple[str, ...]
    scores_visible: bool = False
    disk_groups: tuple[tuple[int, ...], ...] | None = None
    final_floor: str = "once"

    @classmethod
    def from_mapping(cls, options: Mapping[str, Any] | Options) -> Options:
        """Validate a mapping of options (or pass an Options through)."""
        if isinstance(options, Options):
            return options
        if not isinstance(options, Mapping):
            raise ValueError(t("Ra options are a mapping, not {kind}", kind=type(options).__name__))
        unknown = sorted(set(options) - set(OPTION_KEYS))
        if unknown:
            raise ValueError(
                tn(
                    "unknown Ra option {options}: expected some of {known}",
                    "unknown Ra options {options}: expected some of {known}",
                    len(unknown),
                    options=str(unknown),
                    known=str(list(OPTION_KEYS)),
                )
            )
        players = options.get("players")
        if isinstance(players, bool) or not isinstance(players, int):
            raise ValueError(
                t(
                    "option 'players' is required: the number of players, {low} to {high}",
                    low=MIN_PLAYERS,
                    high=MAX_PLAYERS,
                )
            )
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(
                t(
                    "Ra is for {low} to {high} players, not {players}",
                    low=MIN_PLAYERS,
                    high=MAX_PLAYERS,
                    players=players,
                )
            )
        names = options.get("names")
        if names is None:
            names = [default_name(i) for i in range(players)]  # in records; a reader reads them in their language
        if isinstance(names, str) or not all(isinstance(x, str) for x in names) or len(names) != players:
            raise ValueError(
                tn(
                    "option 'names' must be a list of {n} string",
                    "option 'names' must be a list of {n} strings",
                    players,
                )
            )
        settings = option_settings(OPTIONS, options)
        groups = options.get("disk_groups")
        checked = None if groups is None else check_disk_groups(groups, players)
        return cls(players, tuple(names), disk_groups=checked, **settings)

    def to_dict(self) -> RaOptionsData:
        """The options as JSON-able data (never a seed)."""
        return {
            "players": self.players,
            "names": list(self.names),
            "scores_visible": self.scores_visible,
            "disk_groups": None if self.disk_groups is None else [list(g) for g in self.disk_groups],
            "final_floor": self.final_floor,
        }


def check_disk_groups(groups: Any, players: int) -> tuple[tuple[int, ...], ...]:
    """Validate explicit per-seat disk lists: together with the central disk 1, exactly this count's disks (§2)."""
    if isinstance(groups, str | bytes) or not hasattr(groups, "__len__") or len(groups) != players:
        raise ValueError(
            t("option 'disk_groups' must list one group of sun disks per seat ({seats} seats)", seats=players)
        )
    out = []
    for seat, group in enumerate(groups):
        if isinstance(group, str | bytes) or not hasattr(group, "__iter__"):
            raise ValueError(t("disk group of seat {seat} must be a list of sun disks", seat=seat))
        disks = list(group)
        if not disks or not all(isinstance(d, int) and not isinstance(d, bool) for d in disks):
            raise ValueError(t("disk group of seat {seat} must be a non-empty list of sun disk numbers", seat=seat))
        out.append(tuple(sorted(disks, reverse=True)))
    used = sorted([CENTRAL_START_DISK, *(d for g in out for d in g)])
    if used != disks_in_use(players):
        raise ValueError(
            t(
                "disk groups must hold each sun disk of {disks} except the central disk {central} exactly once, got "
                "{groups}",
                disks=str(disks_in_use(players)),
                central=CENTRAL_START_DISK,
                groups=str([list(g) for g in out]),
            )
        )
    return tuple(out)
