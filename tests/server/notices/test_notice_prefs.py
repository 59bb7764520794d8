"""Quiet hours and digest times in an account's time zone (ra.server.notices.prefs): over midnight, at a fixed
offset, across a summer-time change; what a zone may be called; and `ra serve`'s SMTP options."""

from __future__ import annotations

import datetime as dt

import pytest

from ra.server.notices.prefs import Prefs, next_hour, zone_of


def utc(year: int, month: int, day: int, hour: int, minute: int) -> dt.datetime:
    return dt.datetime(year, month, day, hour, minute, tzinfo=dt.UTC)


def test_quiet_hours_over_midnight_end_at_their_end_in_the_zone() -> None:
    night = Prefs(quiet_from=22, quiet_to=8, time_zone="UTC+01:00")
    assert not night.in_quiet(utc(2026, 12, 2, 20, 59))  # 21:59 there
    assert night.in_quiet(utc(2026, 12, 2, 21, 0))  # 22:00 there
    assert night.allowed_from(utc(2026, 12, 2, 21, 30)) == utc(2026, 12, 3, 7, 0)
    assert night.allowed_from(utc(2026, 12, 3, 3, 0)) == utc(2026, 12, 3, 7, 0)  # after midnight: the same morning
    assert night.allowed_from(utc(2026, 12, 3, 7, 0)) == utc(2026, 12, 3, 7, 0)  # over: at once
    day = Prefs(quiet_from=9, quiet_to=17)  # quiet during the day, in UTC
    assert day.in_quiet(utc(2026, 12, 2, 12, 0)) and not day.in_quiet(utc(2026, 12, 2, 17, 0))
    assert not Prefs().in_quiet(utc(2026, 12, 2, 3, 0))


def test_the_digest_comes_at_its_hour_or_at_the_end_of_quiet_hours() -> None:
    assert Prefs(time_zone="UTC").digest_at(utc(2026, 12, 2, 12, 0), 8) == utc(2026, 12, 3, 8, 0)
    assert Prefs(time_zone="UTC").digest_at(utc(2026, 12, 2, 6, 0), 8) == utc(2026, 12, 2, 8, 0)
    assert Prefs(quiet_from=23, quiet_to=6).digest_at(utc(2026, 12, 2, 12, 0), 8) == utc(2026, 12, 3, 6, 0)
    berlin = Prefs(time_zone="Europe/Berlin")
    assert berlin.day(utc(2026, 12, 2, 23, 30)) == "2026-12-03"  # half past midnight in Berlin


def test_a_summer_time_change_keeps_the_wall_clock_hour() -> None:
    # Berlin moves to summer time on 29 March 2026: 8:00 is 7:00 UTC before, 6:00 UTC after.
    assert next_hour(utc(2026, 3, 28, 12, 0), 8, "Europe/Berlin") == utc(2026, 3, 29, 6, 0)
    assert next_hour(utc(2026, 3, 28, 6, 0), 8, "Europe/Berlin") == utc(2026, 3, 28, 7, 0)


@pytest.mark.parametrize("name", ["UTC", "UTC+2", "UTC-05:30", "UTC+0530", "Europe/Berlin", "America/New_York"])
def test_zones_by_name_or_offset(name: str) -> None:
    assert zone_of(name) is not None


UNKNOWN = ["Mars/Olympus", "UTC+15", "../etc/passwd", "/etc/localtime", "", "x" * 65, "Europe/../x"]


@pytest.mark.parametrize("name", UNKNOWN)
def test_unknown_zones_are_refused(name: str) -> None:
    with pytest.raises(ValueError):
        zone_of(name)


def test_preferences_are_checked() -> None:
    for bad in ({"mode": "hourly"}, {"quiet_from": 22}, {"quiet_from": 24, "quiet_to": 1}, {"time_zone": "Nowhere"}):
        with pytest.raises(ValueError):
            Prefs(**bad)  # type: ignore[arg-type]


def test_serve_options_reach_the_notice_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    import typer
    from typer.testing import CliRunner

    from ra.commands import serve
    from ra.server.settings import Settings

    seen: list[Settings] = []
    monkeypatch.setattr(serve, "run", seen.append)
    app = typer.Typer()
    serve.register(app)
    app.command("other")(lambda: None)  # two commands: `serve` is named on the command line
    args = ["serve", "--smtp-host", "mail.example.org", "--smtp-port", "2525", "--no-smtp-starttls",
            "--smtp-user", "ra", "--base-url", "https://ra.example.org/", "--notices-per-day", "3"]  # fmt: skip
    result = CliRunner().invoke(app, args, env={"RA_SMTP_PASSWORD": "secret"})
    assert result.exit_code == 0, result.output
    notices = seen[0].notices
    assert (notices.smtp_host, notices.smtp_port, notices.smtp_starttls) == ("mail.example.org", 2525, False)
    assert (notices.smtp_user, notices.smtp_password, notices.per_day) == ("ra", "secret", 3) and notices.mail
    assert seen[0].public_base() == "https://ra.example.org"
    assert Settings().public_base() == "http://127.0.0.1:8000" and not Settings().notices.mail
    refused = CliRunner().invoke(app, ["serve", "--base-url", "ftp://ra.example.org"])
    assert refused.exit_code == 2 and "base_url" in refused.output
