"""What a user installs: a licence, one version, a lean base install, plotting as an extra with a clear message.
(tools/check_package.sh builds the package itself, installs it and serves from it: .ci/run runs it.)"""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

import ra
from ra.cli import app

ROOT = Path(__file__).resolve().parents[1]
# Spelled in pieces so that this file does not name them itself.
OUTSIDE = (".." + "/shared", "/" + "work/", "shared" + "/rules", "shared" + "/seeds")
TEXT_SUFFIXES = {".py", ".md", ".js", ".html", ".css", ".txt", ".json", ".toml", ""}


def test_license_file_matches_the_declared_licence() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["license"] == "MIT" and project["license-files"] == ["LICENSE"]
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")


def test_the_version_is_written_once_in_ra_init() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in config["project"] and "version" in config["project"]["dynamic"]
    assert config["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "ra.__version__"}
    assert re.fullmatch(r"\d+\.\d+\.\d+", ra.__version__), ra.__version__  # a plain release number (PEP 440)


def test_the_change_log_starts_with_this_version() -> None:
    headings = re.findall(r"^## (\S+)", (ROOT / "CHANGELOG.md").read_text(encoding="utf-8"), re.MULTILINE)
    assert headings and headings[0] == ra.__version__


def test_ra_version_prints_the_version_and_ra_alone_still_shows_the_commands() -> None:
    result = CliRunner().invoke(app, ["--version"])
    assert result.exit_code == 0 and result.output == f"ra {ra.__version__}\n"
    alone = CliRunner().invoke(app, [])
    assert "Usage" in alone.output and "serve" in alone.output and "--version" in alone.output


def test_importing_ra_imports_nothing_else_of_it() -> None:
    """Every module imports `ra` first: its __init__ stays the version and nothing more."""
    code = "import sys, ra; print(sorted(m for m in sys.modules if m.startswith('ra.')))"
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT / "src")
    assert loaded.stdout.strip() == "[]"


def test_base_install_does_not_pull_plotting_or_numeric_stacks() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    base = " ".join(project["dependencies"]).lower()
    assert "matplotlib" not in base and "numpy" not in base
    assert any("matplotlib" in dep for dep in project["optional-dependencies"]["plot"])


def test_plot_without_matplotlib_says_which_extra_to_install(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from ra.tournament.plot import plot_summary

    monkeypatch.setitem(sys.modules, "matplotlib", None)  # makes `import matplotlib` raise ImportError
    with pytest.raises(RuntimeError, match=r"ra\[plot\]"):
        plot_summary([], tmp_path / "p.png")


def test_nothing_in_the_repository_points_outside_it() -> None:
    """Rules and docs are cited inside the repository: no paths into a developer's machine or a sibling folder."""
    offenders = []
    for folder in ("src", "tests", "docs", "bench", "research", "tools", "examples", "README.md"):
        base = ROOT / folder
        files = [base] if base.is_file() else [p for p in base.rglob("*") if p.is_file()] if base.exists() else []
        for path in files:
            skipped = any(part.endswith(".egg-info") or part in {"__pycache__", "node_modules"} for part in path.parts)
            if skipped or path.suffix not in TEXT_SUFFIXES:
                continue
            text = path.read_text(encoding="utf-8", errors="replace")
            for needle in OUTSIDE:
                if needle in text:
                    offenders.append(f"{path.relative_to(ROOT)}: {needle}")
    assert not offenders, offenders


def test_rl_extra_leaves_openspiel_to_its_own_extra() -> None:
    """PettingZoo and Gymnasium users install `rl` without OpenSpiel; `openspiel` brings it; CI installs both."""
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    names = {extra: {re.split(r"[<>=\[ ]", dep)[0].lower() for dep in deps} for extra, deps in extras.items()}
    assert {"numpy", "gymnasium", "pettingzoo"} <= names["rl"] and "open_spiel" not in names["rl"]
    assert "open_spiel" in names["openspiel"] and {"jax"} <= names["jax"] and "torch" in names["train"]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    installed = re.search(r"-e '\.\[([a-z,-]+)\]'", ci)
    assert installed is not None and set(extras) - {"plot"} <= set(installed.group(1).split(","))


def test_openspiel_without_open_spiel_names_the_extra() -> None:
    """Importing ra.envs.openspiel where OpenSpiel is missing raises ImportError naming `ra[openspiel]`."""
    pytest.importorskip("numpy")
    code = "import sys; sys.modules['pyspiel'] = None; import ra.envs.openspiel"
    ran = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT / "src")
    assert ran.returncode != 0 and "ImportError" in ran.stderr and "ra[openspiel]" in ran.stderr
