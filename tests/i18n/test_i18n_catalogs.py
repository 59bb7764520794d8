"""The catalogs: every shipped language complete and consistent (the CI check), and a check that catches what it
must (planted problems in a throwaway source tree and catalog folder)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ra.i18n import catalogs, messages
from ra.i18n.catalogs import browser_catalog, part_of, parts


def test_every_message_of_every_shipped_language_is_translated_and_consistent() -> None:
    problems = messages.check()
    assert not problems, "\n".join(str(p) for p in problems[:40]) + f"\n({len(problems)} problems; see TRANSLATING.md)"


def test_a_source_file_belongs_to_its_part_by_its_path_alone() -> None:
    assert part_of("games/ra/narrate.py") == "ra"
    assert part_of("bots/write/heuristic.py") == "write"
    assert part_of("tutorials/ra/epoch1.py") == "ra"
    assert part_of("tutorials/ra.py") == "ra"
    assert part_of("games/protocol_helpers.py") == "common"
    assert part_of("server/static/js/lobby.js") == "web"
    assert part_of("server/tables/service.py") == "common"
    assert part_of("commands/play.py") == "terminal"
    assert set(parts()) >= {"common", "web", "terminal", "ra", "write"}


@pytest.fixture
def tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A source tree of two files and an empty catalog folder, in place of the package's own."""
    sources = tmp_path / "ra"
    (sources / "games" / "ra").mkdir(parents=True)
    (sources / "server" / "static").mkdir(parents=True)
    (sources / "games" / "ra" / "words.py").write_text(
        'from ra.core.text import t, tn, tp\n'
        'A = t("{player} passed.")\n'
        'B = tn("{n} tile", "{n} tiles", 2)\n'
        'C = tp("tile", "Gold")\n'
    )
    (sources / "server" / "static" / "page.html").write_text(
        '<h1 data-t>The   lobby</h1><input placeholder="Your name" data-t-attr="placeholder">'
    )
    monkeypatch.setattr(catalogs, "LOCALE", tmp_path / "locale")
    return sources


def _translate(path: Path, replacements: dict[str, str]) -> None:
    text = path.read_text()
    for old, new in replacements.items():
        assert old in text, old
        text = text.replace(old, new)
    path.write_text(text)


def test_extract_finds_python_and_page_words_and_check_reports_them_until_translated(tree: Path) -> None:
    left = messages.update(("de",), sources=tree)
    assert left[("de", "ra")] == 3 and left[("de", "web")] == 2
    found = {(p.part, p.msgid, p.what) for p in messages.check(("de",), sources=tree)}
    assert found == {
        ("ra", "{player} passed.", "untranslated"),
        ("ra", "{n} tile", "untranslated"),
        ("ra", "Gold", "untranslated"),
        ("web", "The lobby", "untranslated"),
        ("web", "Your name", "untranslated"),
    }
    ra_po = catalogs.po_path("de", "ra")
    _translate(ra_po, {
        'msgid "{player} passed."\nmsgstr ""': 'msgid "{player} passed."\nmsgstr "{player} hat gepasst."',
        'msgstr[0] ""\nmsgstr[1] ""': 'msgstr[0] "{n} Plättchen"\nmsgstr[1] "{n} Plättchen"',
        'msgid "Gold"\nmsgstr ""': 'msgid "Gold"\nmsgstr "Gold"',
    })
    _translate(catalogs.po_path("de", "web"), {
        'msgid "The lobby"\nmsgstr ""': 'msgid "The lobby"\nmsgstr "Die Lobby"',
        'msgid "Your name"\nmsgstr ""': 'msgid "Your name"\nmsgstr "Dein Name"',
    })
    assert messages.check(("de",), sources=tree) == []
    catalogs.translations.cache_clear()
    try:
        web = browser_catalog("de", "web")
        assert web["messages"] == {"The lobby": "Die Lobby", "Your name": "Dein Name"}
    finally:
        catalogs.translations.cache_clear()


def test_check_catches_wrong_parameters_plural_forms_stale_and_dynamic_ids(tree: Path) -> None:
    messages.update(("de",), sources=tree)
    _translate(catalogs.po_path("de", "ra"), {
        'msgid "{player} passed."\nmsgstr ""': 'msgid "{player} passed."\nmsgstr "{spieler} hat gepasst."',
        'msgstr[0] ""\nmsgstr[1] ""': 'msgstr[0] "{n} Plättchen"\nmsgstr[1] "Plättchen"',
        'msgid "Gold"\nmsgstr ""': 'msgid "Gold"\nmsgstr "Gold"\n\nmsgid "Old"\nmsgstr "Alt"',
    })
    (tree / "games" / "ra" / "more.py").write_text('from ra.core.text import t\nWORD = "x"\nA = t(WORD)\n')
    found = {(p.code, p.msgid, p.what.split(" from")[0]) for p in messages.check(("de",), sources=tree)}
    assert ("de", "{player} passed.", "parameters differ") in found
    assert ("de", "Old", "not in the sources") in found
    assert ("sources", "t(WORD)", "not a literal message id") in found
    assert all(msgid != "{n} tile" for _, msgid, _ in found)  # a form may leave out {n}; together they use it
    _translate(catalogs.po_path("de", "ra"), {'msgstr[0] "{n} Plättchen"': 'msgstr[0] "Plättchen"'})
    again = {(p.msgid, p.what.split(" from")[0]) for p in messages.check(("de",), sources=tree)}
    assert ("{n} tile", "parameters differ") in again
