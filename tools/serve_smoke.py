"""Ask a running `ra serve` what a first visitor asks, and check each answer: tools/check_package.sh runs it against a
server started from the installed wheel, so that every file the pages need is known to have been packaged.

`python3 tools/serve_smoke.py http://127.0.0.1:PORT` waits for the server (up to --wait seconds), then checks the
lobby, a static script, style sheet and icon, a rules page in English and German, a browser catalog, the puzzles and
the tutorial, creates a table (which needs the migrated database and the bots) and opens its page. Standard library
only: it runs outside the package's environment. Exit status 1 names the first answer that was wrong.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from typing import Any

TIMEOUT = 10.0  # seconds for one request: a local server answers in milliseconds
# A small table (docs/PROTOCOL.md, `POST /api/tables`): two people and a bot, so that the bots' registry loads too.
TABLE = {
    "game": "ra",
    "seats": [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bo"}, {"kind": "bot", "bot": "random"}],
}


class SmokeError(Exception):
    """An answer that a working installation would not give."""


@dataclass(frozen=True)
class Answer:
    """What the server answered: status, content type and body."""

    status: int
    kind: str
    body: bytes

    def text(self) -> str:
        return self.body.decode("utf-8", errors="replace")


def ask(base: str, path: str, body: dict[str, Any] | None = None, language: str = "en") -> Answer:
    """GET (or POST `body` as JSON) `path`; an error status is an answer, not an exception."""
    data = None if body is None else json.dumps(body).encode("utf-8")
    request = urllib.request.Request(base + path, data=data, method="GET" if body is None else "POST")
    request.add_header("Accept-Language", language)
    if body is not None:
        request.add_header("Content-Type", "application/json")
        request.add_header("Origin", base)  # the server refuses cross-site writes; this is its own page's origin
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
            return Answer(response.status, response.headers.get("content-type", ""), response.read())
    except urllib.error.HTTPError as refusal:
        return Answer(refusal.code, refusal.headers.get("content-type", ""), refusal.read())


def expect(base: str, path: str, status: int, kind: str, *needles: str, **ask_with: Any) -> Answer:
    """Ask and check the status, the content type's start and that each needle is in the body."""
    answer = ask(base, path, **ask_with)
    if answer.status != status or not answer.kind.startswith(kind):
        raise SmokeError(f"{path}: {answer.status} {answer.kind!r}, expected {status} {kind!r}: {answer.text()[:300]}")
    missing = [needle for needle in needles if needle not in answer.text()]
    if missing:
        raise SmokeError(f"{path}: the answer lacks {missing}: {answer.text()[:300]}")
    print(f"ok {answer.status} {path}")
    return answer


def wait_for(base: str, seconds: float) -> None:
    """Return once /healthz answers 200; SmokeError after `seconds`."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            if ask(base, "/healthz").status == 200:
                return
        except OSError:
            pass  # not listening yet
        if time.monotonic() > deadline:
            raise SmokeError(f"{base}/healthz did not answer within {seconds:.0f} s")
        time.sleep(0.2)


def check(base: str) -> None:
    """Every check, in the order a visitor meets them."""
    expect(base, "/", 200, "text/html", "/static/js/lobby.js", "create-form")
    expect(base, "/static/js/lobby.js", 200, "text/javascript", "import")
    expect(base, "/static/css/ra.css", 200, "text/css")
    expect(base, "/static/img/favicon.svg", 200, "image/svg+xml", "<svg")
    expect(base, "/rules/ra", 200, "text/html", 'id="5-auctions"')  # the packaged rules.md, rendered
    expect(base, "/rules/write", 200, "text/html", "at-a-glance")
    expect(base, "/rules/ra", 200, "text/html", "§5 Versteigerungen", language="de")  # rules.de.md
    catalog = json.loads(expect(base, "/i18n/de/web.json", 200, "application/json").body)
    if not isinstance(catalog, dict) or not catalog:
        raise SmokeError("/i18n/de/web.json: an empty catalog: the .po files are missing")
    expect(base, "/api/puzzles/ra/next", 200, "application/json", '"id"')  # the packaged puzzles/data/ra.json.gz
    expect(base, "/learn/ra", 200, "text/html")
    expect(base, "/api/learn/ra", 200, "application/json")
    created = json.loads(expect(base, "/api/tables", 201, "application/json", '"spectate"', body=TABLE).body)
    expect(base, created["spectate"], 200, "text/html", "/static/js/table.js")
    expect(base, f"/api/tables/{created['id']}", 200, "application/json", '"game":"ra"')


def main(argv: list[str] | None = None) -> int:
    """Wait for the server, then check it; exit status 1 with the reason on the first wrong answer."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("base", help="the server's address, e.g. http://127.0.0.1:8000")
    parser.add_argument("--wait", type=float, default=60.0, help="seconds to wait for the server to start")
    args = parser.parse_args(argv)
    base = args.base.rstrip("/")
    try:
        wait_for(base, args.wait)
        check(base)
    except SmokeError as problem:
        print(f"serve_smoke: {problem}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
