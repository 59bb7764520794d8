"""When two account names are one: folded for comparison (`name_key`: NFKC and case) and folded for the eye
(`skeleton`: look-alike characters to one prototype, after Unicode's UTS #39 skeletons).

"Ann" and "ANN" share a key; "admin", "аdmin" (a Cyrillic а) and "ıdmin" (a dotless ı) share a skeleton, so the
second and third cannot be taken once the first is. The look-alikes come from the `confusable_homoglyphs` package
(its copy of Unicode's confusables.txt): a character that is not ASCII but looks like an ASCII one is read as that
one (a letter before a digit, then the lowest). ASCII itself is only case-folded, and multi-character look-alikes
("rn" for "m") are left out: a name is compared character by character, and "l" and "1" stay two names.
"""

from __future__ import annotations

import json
import unicodedata
from functools import cache
from importlib import resources

_MARKS = frozenset({"Mn", "Me"})  # combining marks: "ádmin" and "admin" look alike at a glance


def name_key(name: str) -> str:
    """A name folded for comparison: "Ann", "ANN" and "ａｎｎ" are one name."""
    return unicodedata.normalize("NFKC", name).casefold()


@cache
def _prototypes() -> dict[str, str]:
    data = json.loads(resources.files("confusable_homoglyphs").joinpath("confusables.json").read_text("utf-8"))
    prototypes: dict[str, str] = {}
    for character, looks in data.items():
        if len(character) != 1 or character.isascii():
            continue
        ascii_looks = sorted({look["c"].casefold() for look in looks if len(look["c"]) == 1 and look["c"].isascii()})
        letters = [c for c in ascii_looks if c.isalpha()] or ascii_looks
        if letters:
            prototypes[character] = letters[0]
    return prototypes


def skeleton(name: str) -> str:
    """A name folded for the eye: case, compatibility forms, combining marks and look-alike characters folded."""
    prototypes = _prototypes()
    text = unicodedata.normalize("NFD", name_key(name))
    text = "".join(prototypes.get(c, c) for c in text if unicodedata.category(c) not in _MARKS)
    return "".join(prototypes.get(c, c) for c in unicodedata.normalize("NFD", text.casefold()))
