"""A `Text` in the reader's language: the translation of its message, its plural form and its parameters.

The browser renders the same texts with the same catalogs (static/js/common/i18n.js); tests hold the two equal.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from babel.lists import format_list
from babel.numbers import format_decimal

from ra.core.text import Items, Param, Seat, Text, fill, tp
from ra.i18n.catalogs import translations
from ra.i18n.languages import DEFAULT, language


@dataclass(frozen=True)
class Reader:
    """Who reads: their language, their seat (None: a spectator) and the seats' names now."""

    language: str = DEFAULT
    seat: int | None = None
    names: Sequence[str] = ()


SPECTATOR = Reader()


def render(text: Text | str, reader: Reader = SPECTATOR) -> str:
    """`text` as `reader` reads it; a plain string is already words (a name, say) and stays as it is."""
    if isinstance(text, str):
        return text
    if text.you is not None and reader.seat is not None and reader.seat == text.subject:
        return render(text.you, reader)
    book = translations(reader.language)
    found = book.get(text.context, text.msgid)
    if text.plural:
        count = text.params.get("n")
        index = book.plural_index(count) if isinstance(count, int) else 1
        if isinstance(found, tuple) and found:
            message = found[min(index, len(found) - 1)]
        else:  # untranslated: English's own forms
            message = text.msgid if isinstance(count, int) and count == 1 else text.plural
    else:
        message = found if isinstance(found, str) else text.msgid
    return fill(message, {key: _param(value, reader) for key, value in text.params.items()})


def render_all(texts: Sequence[Text | str], reader: Reader = SPECTATOR) -> list[str]:
    """Several texts for one reader."""
    return [render(text, reader) for text in texts]


def _param(value: Param, reader: Reader) -> str:
    if isinstance(value, Text):
        return render(value, reader)
    if isinstance(value, Seat):
        if 0 <= value.index < len(reader.names) and reader.names[value.index]:
            return reader.names[value.index]
        return value.name or render(tp("seat", "Player {number}", number=value.index + 1), reader)
    if isinstance(value, Items):
        if not value.items:
            return render(value.empty, reader) if value.empty is not None else ""
        words = [_param(item, reader) for item in value.items]
        if reader.language == DEFAULT:  # the ids' own English ("a, b and c"), as str(text) reads it
            return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
        return format_list(words, locale=language(reader.language).locale)
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, float):
        return format_decimal(value, format="#,##0.##", locale=language(reader.language).locale)
    return str(value)
