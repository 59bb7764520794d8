"""The tests mirror the code: every test module sits in the folder of what it tests.

`tests/<path>/` holds the tests of the package `src/ra/<path>/` (the server's tables in tests/server/tables/, a game's
rules in tests/games/<game>/), so that the tests of a module are found from its path alone. Two suites are named for
what they drive instead: `tests/js/<path>/` holds the unit tests of the browser's modules in
`src/ra/server/static/js/<path>/`; `tests/browser/` walks through the pages in Chromium, end to end. Test
modules are imported by their bare names (no `__init__.py` in tests/), so each name is used once in the whole tree.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent
SOURCE = ROOT.parent / "src" / "ra"
STATIC_JS = SOURCE / "server" / "static" / "js"
END_TO_END = ROOT / "browser"  # the pages in a browser: they test the product, not one package
DATA = {"golden", "fixtures"}  # folders of expected outputs and inputs, not code


def python_files() -> list[Path]:
    return sorted(p for p in ROOT.rglob("*.py") if not (set(p.relative_to(ROOT).parts) & DATA))


def misplaced(files: list[Path]) -> list[str]:
    """The test and helper modules whose folder mirrors no package of src/ra (nor the browser's modules)."""
    wrong = []
    for path in files:
        folder = path.parent.relative_to(ROOT)
        if path.is_relative_to(END_TO_END):
            continue
        if folder.parts[:1] == ("js",):
            mirror = STATIC_JS.joinpath(*folder.parts[1:])
            ok = mirror.is_dir()
        else:
            mirror = SOURCE / folder
            ok = (mirror / "__init__.py").is_file()
        if not ok:
            wrong.append(f"{path.relative_to(ROOT)}: no {mirror.relative_to(SOURCE.parent.parent)} to sit beside")
    return wrong


def test_every_python_test_module_sits_beside_its_package() -> None:
    assert misplaced(python_files()) == []


def test_every_browser_module_test_sits_beside_its_modules() -> None:
    tests = sorted((ROOT / "js").rglob("*.test.js"))
    assert tests, "no unit tests of the browser's modules found"
    lonely = [
        f"{test.relative_to(ROOT)}: no static/js/{test.parent.relative_to(ROOT / 'js')}"
        for test in tests
        if not (STATIC_JS / test.parent.relative_to(ROOT / "js")).is_dir()
    ]
    assert lonely == []


def test_test_module_names_are_used_once() -> None:
    names = Counter(p.name for p in python_files() if p.name != "conftest.py")
    assert [name for name, count in names.items() if count > 1] == []


def test_the_check_refuses_a_module_in_a_folder_of_no_package(tmp_path: Path) -> None:
    # A flat folder grouped by prefixes (the old tests/server/test_scale_*.py) passes; a folder named for no package
    # does not.
    assert misplaced([ROOT / "server" / "test_collector.py"]) == []
    assert misplaced([ROOT / "server" / "scale" / "test_kill.py"]) == [
        "server/scale/test_kill.py: no src/ra/server/scale to sit beside"
    ]
    assert misplaced([ROOT / "ra" / "test_ra_bag.py"]) == ["ra/test_ra_bag.py: no src/ra/ra to sit beside"]
