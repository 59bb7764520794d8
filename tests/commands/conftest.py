"""The commands' tests read English unless a test asks for another language: the language variables of the
machine running them (a German LANG, say) are cleared."""

from __future__ import annotations

import pytest

from ra.commands.terminal import LANGUAGE_VARIABLES


@pytest.fixture(autouse=True)
def english_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """No RA_LANG, LC_ALL, LC_MESSAGES or LANG: the commands speak English."""
    for variable in LANGUAGE_VARIABLES:
        monkeypatch.delenv(variable, raising=False)
