"""The server's one source of game time: `TimeSource`, seconds since the epoch (UTC).

Every part that needs "now" for the game (move stamps, the players' clocks, their timers, the abandon sweep) is handed
the process's `TimeSource` by assembly.py; none reads the system time itself. It runs at the system's pace plus an
`offset` that tests set (`set`, `advance`: a game over several simulated days in a few seconds). With
`ServiceSettings.time_file` (tests only: `ra serve --test-time-file`), the offset is read from that file, so tests
move the time of server processes they started. Leases on bot turns (storage/leases.py) are about processes being
alive, not about game time: they keep the system clock.
"""

from __future__ import annotations

import datetime as dt
import time
from pathlib import Path


class TimeSource:
    """Seconds since the epoch: the system's time plus an offset (0 in production)."""

    def __init__(self, offset: float = 0.0, file: Path | None = None) -> None:
        self.offset, self.file = offset, file
        self._read: tuple[tuple[int, int], float] = ((-1, -1), 0.0)  # ((mtime, inode), offset read)

    def __call__(self) -> float:
        return time.time() + self._offset()

    def now(self) -> dt.datetime:
        """The time as a datetime in UTC."""
        return dt.datetime.fromtimestamp(self(), dt.UTC)

    def set(self, seconds: float) -> None:
        """Tests: make the time `seconds` since the epoch now (it runs on from there)."""
        self.offset = seconds - time.time()

    def advance(self, seconds: float) -> None:
        """Tests: move the time `seconds` ahead."""
        self.offset += seconds

    def _offset(self) -> float:
        if self.file is None:
            return self.offset
        try:
            stat = self.file.stat()
            key = (stat.st_mtime_ns, stat.st_ino)
            if key != self._read[0]:
                self._read = (key, float(self.file.read_text().strip() or 0))
        except (OSError, ValueError):
            return self.offset
        return self.offset + self._read[1]


def write_offset(file: Path, seconds: float) -> None:
    """Tests: set the offset that server processes started with `time_file=file` add to the system time."""
    temporary = file.with_suffix(".new")
    temporary.write_text(repr(float(seconds)))
    temporary.replace(file)
