"""What a user installs: a licence, a lean base install, plotting as an extra with a clear message."""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# Spelled in pieces so that this file does not name them itself.
OUTSIDE = (".." + "/shared", "/" + "work/", "shared" + "/rules", "shared" + "/seeds")
TEXT_SUFFIXES = {".py", ".md", ".js", ".html", ".css", ".txt", ".json", ".toml", ""}


def test_license_file_matches_the_declared_licence() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["license"] == {"text": "MIT"}
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")


def test_base_install_does_not_pull_plotting_or_numeric_stacks() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    base = " ".join(project["dependencies"]).lower()
    assert "matplotlib" not in base and "numpy" not in base
    assert any("matplotlib" in dep for dep in project["optional-dependencies"]["plot"])


def test_plot_without_matplotlib_says_which_extra_to_install(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
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
