"""deploy/'s files agree with `ra serve`: the systemd unit starts it with options it has (and values they accept),
systemd finds nothing wrong with the units, nginx's limits are the server's. The deployment itself runs in
tests/server/cluster/test_scale_nginx.py."""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
from pathlib import Path

import pytest
import typer

from ra.cli import app
from ra.server.settings import Limits

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
UNIT = DEPLOY / "systemd" / "ra@.service"


def unit_values(key: str) -> list[str]:
    """The values of `key=` in ra@.service, in order (a line ending in a backslash goes on on the next)."""
    lines = UNIT.read_text().replace("\\\n", " ").splitlines()
    return [line.split("=", 1)[1] for line in lines if line.startswith(f"{key}=")]


def test_the_unit_starts_ra_serve_with_options_it_accepts_on_the_instance_port() -> None:
    [start] = unit_values("ExecStart")
    words = shlex.split(start.replace("%i", "8001"))
    assert words[:2] == ["/opt/ra/bin/ra", "serve"]
    serve = typer.main.get_command(app).commands["serve"]  # type: ignore[attr-defined]
    context = serve.make_context("serve", words[2:])  # click's parsing: an unknown option or bad value raises
    assert context.params["port"] == 8001 and context.params["host"] == "127.0.0.1"
    assert context.params["forwarded_allow_ips"] == ["127.0.0.1"], "nginx's headers believed from nginx only"
    [ready] = unit_values("ExecStartPost")
    assert "http://127.0.0.1:%i/readyz" in ready


def test_the_unit_keeps_its_secrets_in_a_file_and_runs_unprivileged() -> None:
    assert unit_values("EnvironmentFile") == ["/etc/ra/ra.env"]
    assert "RA_DATABASE_URL=" in (DEPLOY / "systemd" / "ra.env.example").read_text()
    for key, value in {"DynamicUser": "yes", "NoNewPrivileges": "yes", "ProtectSystem": "strict"}.items():
        assert unit_values(key) == [value], key
    assert unit_values("CapabilityBoundingSet") == [""]
    assert unit_values("Restart") == ["on-failure"]
    assert unit_values("WantedBy") == ["ra.target"] and unit_values("PartOf") == ["ra.target"]


def test_systemd_finds_nothing_wrong_with_the_units(tmp_path: Path) -> None:
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.skip("systemd-analyze is not installed (Debian package systemd)")
    # The programs and the environment file exist only on a server: stand-ins, the rest as written.
    text = re.sub(r"=/\S+/(ra|curl) ", "=/bin/true ", UNIT.read_text()).replace(
        "EnvironmentFile=/", "EnvironmentFile=-/"
    )
    (tmp_path / "ra@8001.service").write_text(text)
    shutil.copy(DEPLOY / "systemd" / "ra.target", tmp_path / "ra.target")
    checked = subprocess.run(
        [analyze, "verify", "--man=no", "ra@8001.service", "ra.target"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
    )
    problems = [line for line in checked.stderr.splitlines() if str(tmp_path) in line or "ra@" in line]
    assert checked.returncode == 0 and problems == [], checked.stderr


def test_nginx_limits_are_the_servers() -> None:
    site = (DEPLOY / "nginx" / "ra.conf").read_text()
    body = re.search(r"client_max_body_size (\d+)k;", site)
    assert body is not None and int(body.group(1)) * 1024 == Limits().max_body
    connections = re.search(r"limit_conn ra_conn (\d+);", site)
    assert connections is not None and int(connections.group(1)) == Limits().ws_per_address
    assert "proxy_set_header X-Forwarded-For $remote_addr;" in site, "the address nginx saw, not the client's claim"
