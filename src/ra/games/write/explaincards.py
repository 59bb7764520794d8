"""The face-up cards (docs/rules/ra-and-write.md §2, §3), the Ra cards (§4) and the deck (§1) explained for a viewer."""

from __future__ import annotations

from ra.games.write.sheet import (
    MONUMENTS_END,
    MONUMENTS_START,
    NILE_START,
    PHARAOHS_MARKED,
    SHEET_WIDTH,
    civ_lines,
    god_spaces,
    mark_civ,
    mark_pharaoh,
    nile_spaces,
    write_god,
)
from ra.games.write.standing import Table
from ra.games.write.tables import (
    END_BONUS_POINTS,
    GOD_SPACES_PER_KINGDOM,
    KIND_NAMES,
    MONUMENT_ROWS,
    NILE_PARTS,
    PHARAOH_NILE_SYMBOLS,
    PHARAOH_SPACES,
    RA_CARDS,
    RA_PER_KINGDOM,
)
from ra.games.write.view import WriteFaceUpCard
from ra.games.write.words import (
    card_title,
    civ_line_title,
    counted,
    joined,
    names_of,
    ordinal,
    runs,
    signed,
    spaces_text,
)

KIND_TITLES = {"god": "God", "nile": "Nile", "pharaoh": "Pharaoh", "civ": "Civilization", "monument": "Monument"}


def card_text(table: Table, card: WriteFaceUpCard) -> str:
    """A face-up card: what it is and where it goes; for the viewer, what taking it would do now."""
    name, kind = card_title(card["card"]), card["kind"]
    limited = table.limit >= 0  # the kingdom-limited variant (§2)
    gods = "an empty Gods space of the current Kingdom" if limited else "any empty Gods space"
    line = "the current Kingdom's line if it is empty there" if limited else "any Kingdom line where it is empty"
    what = {
        "god": f"{name}: its number goes in {gods}.",
        "nile": f"{name}: its number goes in an empty Nile space that keeps the row in order.",
        "pharaoh": "Pharaoh: it marks the leftmost empty Pharaohs space.",
        "civ": f"{name}: a Civilization card; it marks {name} in {line}.",
        "monument": f"{name}: a Monument card; it marks the top empty space of the {name} column.",
    }[kind]
    if table.over:
        return f"{what[:-1]} (rules §2, §3)."
    me, reserved, chosen = table.viewer, card["reserved_by"], card["chosen_by"]
    if me is None:
        who = [f"reserved by {table.name(reserved)}"] if reserved is not None else []
        others = [p for p in chosen if p != reserved]
        if others:
            who.append(f"chosen by {names_of(table.view, others)}")
        now = "; ".join(who) if who else "nobody has chosen it yet"
        now = now[0].upper() + now[1:]
    elif me in chosen:
        now = "You chose it this turn"
    elif reserved is not None:
        now = f"Reserved by {table.name(reserved)}: you cannot take it this turn"
    else:
        now = _worth(table, me, card)
    return f"{what} {now} (rules §2, §3)."


def _worth(table: Table, me: int, card: WriteFaceUpCard) -> str:
    """What taking `card` would do to the viewer's sheet and this Kingdom's score."""
    s, b, kind = table.sheets, me * SHEET_WIDTH, card["kind"]
    number, type_ = card["number"] or 0, card["type"] or ""
    lost = "It has no legal space on your sheet: taking it loses it"
    if kind == "god":
        spaces = god_spaces(s, b, table.limit)
        if not spaces:
            return lost
        here = [x for x in spaces if x // GOD_SPACES_PER_KINGDOM == table.k]
        text = f"It fits {counted(len(spaces), 'empty Gods space')} of yours"
        if not here:
            return f"{text}, none in the {table.kingdom}: it does not count this Kingdom"
        now, new = table.now(me, "gods"), table.if_entered(me, "gods", lambda s, b: write_god(s, b, here[0], number))
        text += f"; in the {table.kingdom} it makes your sum {table.count(me, 'gods') + number}: {_change(now, new)}"
        if len(here) == 1 and not table.view["sheets"][me]["gods"][table.k]["bonus_used"]:
            text += ", and completes the three for a Pharaohs bonus"
        return text
    if kind == "nile":
        fits = nile_spaces(s, b, number)
        if not fits:
            return lost
        text = f"It fits your Nile {spaces_text([x + 1 for x in fits])}: +1 {table.at_scorings_left()}"
        used = table.view["sheets"][me]["nile"]["parts_used"]
        closing = [x + 1 for x in fits if _completes_part(s, b, x, used)]
        if closing:
            text += f"; {spaces_text(closing)} would fill a part for a Civilization bonus"
        return text
    if kind == "pharaoh":
        marked = s[b + PHARAOHS_MARKED]
        if marked >= PHARAOH_SPACES:
            return lost
        symbol = " (a Nile symbol: a Nile bonus)" if marked + 1 in PHARAOH_NILE_SYMBOLS else ""
        new = table.if_entered(me, "pharaohs", mark_pharaoh)
        return f"It marks your Pharaohs space {marked + 1}{symbol}: {_change(table.now(me, 'pharaohs'), new)}"
    if kind == "civ":
        t = table.view["layout"]["civ_types"].index(type_)
        lines = civ_lines(s, b, t, table.limit)
        if not lines:
            return lost
        if table.k not in lines:
            where = joined([civ_line_title(x + 1) for x in lines])
            return f"It can go only in {where}, which does not score this Kingdom"
        new = table.if_entered(me, "civilization", lambda s, b: mark_civ(s, b, table.k, t))
        marks = table.count(me, "civilization") + 1
        text = f"In your {table.kingdom} line it makes {counted(marks, 'mark')}: "
        text += _change(table.now(me, "civilization"), new)
        if marks == 3 and not table.view["sheets"][me]["civilization"][table.k]["bonus_used"]:
            text += ", and a Monuments bonus"
        return text
    t = table.view["layout"]["monument_types"].index(type_)
    row = s[b + MONUMENTS_START + t]
    if row >= MONUMENT_ROWS:
        return lost
    text = f"It marks space {row + 1} of your {card_title(card['card'])} column"
    if row == 0:
        text += f": a new column, +1 {table.at_scorings_left()}"
        empty_tops = s[b + MONUMENTS_START : b + MONUMENTS_END].count(0)
        if empty_tops == 1 and not table.view["sheets"][me]["monuments"]["all_tops_used"]:
            text += ", and the last empty top: a bonus in any section"
    if row + 1 == MONUMENT_ROWS:
        text += f": the column is full, +{END_BONUS_POINTS} at the end"
    return text


def _change(now: int, new: int) -> str:
    """'+5 instead of 0 this Kingdom', 'still 0 this Kingdom'."""
    return f"{signed(new)} instead of {signed(now)} this Kingdom" if new != now else f"still {signed(now)} this Kingdom"


def _completes_part(s: list[int], b: int, space: int, used: list[bool]) -> bool:
    """True if writing in Nile `space` (0-based) fills the last empty space of a part whose bonus is unused."""
    for i, part in enumerate(NILE_PARTS):
        if space + 1 in part:
            return not used[i] and all(s[b + NILE_START + x - 1] for x in part if x != space + 1)
    return False


def ra_text(table: Table) -> str:
    """The Ra cards: what they do, how many are out, how many are left to come."""
    what = (
        f"Ra cards: never written; the {ordinal(RA_PER_KINGDOM)} Ra card of a Kingdom ends it and scores it at once, "
        f"and the {ordinal(RA_CARDS)} ends the game."
    )
    ra = table.view["ra"]
    if table.over:
        return f"{what} All {RA_CARDS} have come: the game is over (rules §4)."
    left = table.view["deck"]["composition"].get("ra", 0)
    remaining = table.view["deck"]["remaining"]
    return (
        f"{what} {ra['this_kingdom']} of {RA_PER_KINGDOM} so far in the {table.kingdom} ({ra['total']} of {RA_CARDS} "
        f"in all); {left} are among the {remaining} cards left, about one card in {round(remaining / max(left, 1))} "
        "(rules §4)."
    )


def deck_text(table: Table) -> str:
    """The deck: how many cards of each kind are left (public, since every revealed card is known)."""
    composition = table.view["deck"]["composition"]
    by_kind: dict[str, int] = {}
    numbers: dict[str, list[int]] = {"god": [], "nile": []}
    for name, count in composition.items():
        kind, _, arg = name.partition(":")
        by_kind[kind] = by_kind.get(kind, 0) + count
        if kind in numbers:
            numbers[kind].append(int(arg))
    kinds = [f"{by_kind[k]} {KIND_TITLES.get(k, 'Ra')}" for k in KIND_NAMES if by_kind.get(k)]
    left = [f"{KIND_TITLES[k]} {runs(numbers[k])}" for k in ("god", "nile") if numbers[k]]
    return (
        f"Deck: {table.view['deck']['remaining']} cards left in an unknown order, but every revealed card is public, "
        f"so what is left is known: {joined(kinds) if kinds else 'nothing'}"
        + (f" (numbers left: {'; '.join(left)})" if left else "")
        + " (rules §1, §3)."
    )
