"""The browser renders a text exactly as the server does: the same samples through `ra.i18n.render` and through
static/js/common/i18n.js (run by Node), in every shipped language and for several readers."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from ra.core.text import Seat, Text, about, items, t, tn, tp
from ra.i18n import CODES, Reader, browser_catalog, parts, render

SCRIPT = Path(__file__).resolve().parents[2] / "src" / "ra" / "server" / "static" / "js" / "common" / "i18n.js"

SAMPLES: list[Text] = [
    about(1, t("{player} wins.", player=Seat(1, "Ana")), t("You win.")),
    tn("{n} tile", "{n} tiles", 1),
    tn("{n} tile", "{n} tiles", 7),
    t("{a} {b} {c}", a=items([tp("tile", "Gold"), "Nile", tn("{n} tile", "{n} tiles", 2)]), b=2.25, c=Seat(2)),
    t("{a}", a=items([], empty=t("nothing"))),
    tp("seat", "Player {number}", number=4),
]
READERS = [Reader(seat=None), Reader(seat=1), Reader(seat=0, names=["Bo", "Ana Maria", ""])]


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js")
def test_the_browser_and_the_server_read_every_sample_alike(tmp_path: Path) -> None:
    cases = []
    for code in CODES:
        catalogs = [browser_catalog(code, part) for part in parts()]
        for reader in READERS:
            for text in SAMPLES:
                cases.append({
                    "language": code,
                    "catalogs": catalogs,
                    "reader": {"seat": reader.seat, "names": list(reader.names)},
                    "text": text.as_json(),
                    "expected": render(text, Reader(code, reader.seat, reader.names)),
                })
    (tmp_path / "cases.json").write_text(json.dumps(cases))
    runner = tmp_path / "run.mjs"
    runner.write_text(
        f"import {{ readFileSync }} from 'node:fs';\n"
        f"import {{ render, useCatalogs }} from {json.dumps(SCRIPT.as_uri())};\n"
        "const cases = JSON.parse(readFileSync(process.argv[2], 'utf8'));\n"
        "const got = cases.map((c) => { useCatalogs(c.language, c.catalogs); return render(c.text, c.reader); });\n"
        "process.stdout.write(JSON.stringify(got));\n"
    )
    out = subprocess.run(["node", str(runner), str(tmp_path / "cases.json")], capture_output=True, text=True,
                         check=True, timeout=60)
    got = json.loads(out.stdout)
    mismatches = [(c["language"], c["expected"], g) for c, g in zip(cases, got, strict=True) if c["expected"] != g]
    assert not mismatches, mismatches[:10]
