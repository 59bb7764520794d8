"""The languages the product speaks, and which of them a reader gets (docs/TRANSLATING.md).

Codes are BCP 47 tags as browsers send them (`zh-Hans`, `de`); Babel's locale names (`zh_Hans`) stay inside this
package. English is the language of the message ids, so it needs no catalog.
"""

from __future__ import annotations

from dataclasses import dataclass

from babel import Locale, UnknownLocaleError


@dataclass(frozen=True)
class Language:
    """A language of the product: its tag, Babel's locale for it, and its name in itself (for the picker)."""

    code: str
    locale: str
    name: str


# The shipped languages, English first (the default and the fallback of every missing message).
LANGUAGES: tuple[Language, ...] = (
    Language("en", "en", "English"),
    Language("de", "de", "Deutsch"),
    Language("zh-Hans", "zh_Hans", "简体中文"),
)
DEFAULT = "en"
CODES: tuple[str, ...] = tuple(language.code for language in LANGUAGES)
_BY_CODE = {language.code.lower(): language for language in LANGUAGES}
MAX_HEADER = 512  # an Accept-Language header longer than this is read only this far


def language(code: str) -> Language:
    """The shipped language of a tag (`de`, `zh-Hans`); ValueError naming the shipped ones otherwise."""
    found = _BY_CODE.get(str(code).lower())
    if found is None:
        raise ValueError(f"unknown language {str(code)[:20]!r}: expected one of {', '.join(CODES)}")
    return found


def closest(tag: str) -> str | None:
    """The shipped language that serves a reader of `tag`, or None: `de-AT` → de, `zh-CN`/`zh` → zh-Hans.

    A Chinese tag in Traditional script (`zh-TW`, `zh-Hant`) also gets Simplified Chinese, the only Chinese we ship,
    which such readers read more easily than English.
    """
    tag = tag.strip().replace("_", "-")
    if not tag or len(tag) > 35 or tag == "*":
        return None
    exact = _BY_CODE.get(tag.lower())
    if exact is not None:
        return exact.code
    try:
        wanted = Locale.parse(tag, sep="-")
    except (ValueError, UnknownLocaleError):
        return None
    for shipped in LANGUAGES:
        if Locale.parse(shipped.locale).language == wanted.language:
            return shipped.code
    return None


def negotiate(accept_language: str | None) -> str:
    """The shipped language a browser's `Accept-Language` header asks for most, English if none."""
    ranked: list[tuple[float, int, str]] = []
    for position, part in enumerate((accept_language or "")[:MAX_HEADER].split(",")[:20]):
        tag, _, weight = part.partition(";")
        quality = 1.0
        weight = weight.strip()
        if weight.startswith("q="):
            try:
                quality = float(weight[2:])
            except ValueError:
                continue
        code = closest(tag)
        if code is not None and quality > 0:
            ranked.append((-quality, position, code))
    return min(ranked)[2] if ranked else DEFAULT
