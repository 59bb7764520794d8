"""An account's notice preferences and the times they give: when a mail may go out (not in quiet hours) and when
the day's digest is due. Quiet hours and the digest's hour are read in the account's time zone: an IANA name
(`Europe/Berlin`, with its summer time) or a fixed offset (`UTC+02:00`)."""

from __future__ import annotations

import datetime as dt
import re
import zoneinfo
from dataclasses import dataclass
from functools import lru_cache

MODES = ("off", "each", "digest")
MAX_ZONE = 64
_OFFSET = re.compile(r"^UTC(?:([+-])(\d{1,2})(?::?(\d{2}))?)?$")
_ZONE_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9_+/-]{0,63}$")


@dataclass(frozen=True)
class Prefs:
    """How an account hears of its turns (the defaults: a mail each turn, no quiet hours, UTC, English)."""

    mode: str = "each"
    quiet_from: int | None = None  # an hour 0..23; quiet from this hour ...
    quiet_to: int | None = None  # ... to this one (22 to 8: over night); both or neither
    time_zone: str = "UTC"
    language: str | None = None  # the mails' language; None: English
    browser: bool = False  # the table page shows a browser notification when the turn comes and the tab is hidden

    def __post_init__(self) -> None:
        if self.mode not in MODES:
            raise ValueError(f"mode is one of {', '.join(MODES)}")
        if (self.quiet_from is None) != (self.quiet_to is None):
            raise ValueError("quiet hours have a start and an end, or neither")
        for hour in (self.quiet_from, self.quiet_to):
            if hour is not None and not 0 <= hour <= 23:
                raise ValueError("an hour lies in 0..23")
        zone_of(self.time_zone)  # ValueError if unknown

    @property
    def quiet(self) -> bool:
        """True if the account has quiet hours."""
        return self.quiet_from is not None and self.quiet_to is not None and self.quiet_from != self.quiet_to

    def in_quiet(self, at: dt.datetime) -> bool:
        """True if `at` (aware) lies in the quiet hours."""
        if not self.quiet:
            return False
        assert self.quiet_from is not None and self.quiet_to is not None
        hour = at.astimezone(zone_of(self.time_zone)).hour
        if self.quiet_from < self.quiet_to:
            return self.quiet_from <= hour < self.quiet_to
        return hour >= self.quiet_from or hour < self.quiet_to

    def allowed_from(self, at: dt.datetime) -> dt.datetime:
        """`at` itself, or the end of the quiet hours it lies in (the first moment a mail may go out)."""
        if not self.in_quiet(at):
            return at
        assert self.quiet_to is not None
        return next_hour(at, self.quiet_to, self.time_zone)

    def digest_at(self, at: dt.datetime, hour: int) -> dt.datetime:
        """When the digest that holds a turn of `at` goes out: the next digest hour (the end of quiet hours if
        there are any, else `hour`) in the account's zone, from `at` on."""
        start = self.quiet_to if self.quiet and self.quiet_to is not None else hour
        return next_hour(at, start, self.time_zone, inclusive=True)

    def day(self, at: dt.datetime) -> str:
        """The account's calendar day of `at`, as YYYY-MM-DD (one digest per day)."""
        return at.astimezone(zone_of(self.time_zone)).date().isoformat()


def next_hour(at: dt.datetime, hour: int, zone: str, inclusive: bool = False) -> dt.datetime:
    """The first time from `at` on (after it, unless `inclusive` and `at` is that hour's start) when the clock of
    `zone` reads `hour`:00, in UTC."""
    tz = zone_of(zone)
    local = at.astimezone(tz)
    candidate = dt.datetime.combine(local.date(), dt.time(hour), tzinfo=tz)
    if candidate < local or (candidate == local and not inclusive):
        candidate = dt.datetime.combine(local.date() + dt.timedelta(days=1), dt.time(hour), tzinfo=tz)
    return candidate.astimezone(dt.UTC)


@lru_cache(maxsize=256)
def zone_of(name: str) -> dt.tzinfo:
    """The time zone named `name` (an IANA name, or UTC, UTC+2, UTC-05:30); ValueError if there is none."""
    if len(name) > MAX_ZONE:
        raise ValueError("a time zone has at most 64 characters")
    found = _OFFSET.match(name)
    if found:
        sign, hours, minutes = found.groups()
        if sign is None:
            return dt.UTC
        offset = dt.timedelta(hours=int(hours), minutes=int(minutes or 0))
        if offset > dt.timedelta(hours=14):
            raise ValueError("an offset lies within 14 hours of UTC")
        return dt.timezone(-offset if sign == "-" else offset)
    if not _ZONE_NAME.match(name) or ".." in name:
        raise ValueError(f"there is no time zone {name[:40]!r}")
    try:
        return zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        raise ValueError(f"there is no time zone {name[:40]!r}") from None
