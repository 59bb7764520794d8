"""The face-up cards (docs/rules/ra-and-write.md §2, §3), the Ra cards (§4) and the deck (§1) explained for a viewer."""

from __future__ import annotations

from ra.core.text import Param, Text, items, t, tn
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
    IN_KINGDOM,
    OF_KINGDOM,
    card_title,
    civ_line_title,
    names_of,
    ordinal,
    runs,
    signed,
    spaces_text,
)


def card_text(table: Table, card: WriteFaceUpCard) -> Text:
    """A face-up card: what it is and where it goes; for the viewer, what taking it would do now."""
    name, kind = card_title(card["card"]), card["kind"]
    limited = table.limit >= 0  # the kingdom-limited variant (§2)
    what: Text
    if kind == "god":
        what = (t("{card}: its number goes in an empty Gods space of the current Kingdom", card=name) if limited
                else t("{card}: its number goes in any empty Gods space", card=name))
    elif kind == "nile":
        what = t("{card}: its number goes in an empty Nile space that keeps the row in order", card=name)
    elif kind == "pharaoh":
        what = t("Pharaoh: it marks the leftmost empty Pharaohs space")
    elif kind == "civ":
        what = (t("{card}: a Civilization card; it marks {card} in the current Kingdom's line if it is empty there",
                  card=name) if limited
                else t("{card}: a Civilization card; it marks {card} in any Kingdom line where it is empty", card=name))
    else:
        what = t("{card}: a Monument card; it marks the top empty space of the {card} column", card=name)
    if table.over:
        return t("{what} (rules §2, §3).", what=what)
    me, reserved, chosen = table.viewer, card["reserved_by"], card["chosen_by"]
    now: Text
    if me is None:
        others = [p for p in chosen if p != reserved]
        if reserved is not None and others:
            now = t("Reserved by {player}; chosen by {players}", player=table.name(reserved),
                    players=names_of(table.view, others))
        elif reserved is not None:
            now = t("Reserved by {player}", player=table.name(reserved))
        elif others:
            now = t("Chosen by {players}", players=names_of(table.view, others))
        else:
            now = t("Nobody has chosen it yet")
    elif me in chosen:
        now = t("You chose it this turn")
    elif reserved is not None:
        now = t("Reserved by {player}: you cannot take it this turn", player=table.name(reserved))
    else:
        now = _worth(table, me, card)
    return t("{what}. {now} (rules §2, §3).", what=what, now=now)


def _worth(table: Table, me: int, card: WriteFaceUpCard) -> Text:
    """What taking `card` would do to the viewer's sheet and this Kingdom's score."""
    s, b, kind = table.sheets, me * SHEET_WIDTH, card["kind"]
    number, type_ = card["number"] or 0, card["type"] or ""
    lost = t("It has no legal space on your sheet: taking it loses it")
    if kind == "god":
        spaces = god_spaces(s, b, table.limit)
        if not spaces:
            return lost
        here = [x for x in spaces if x // GOD_SPACES_PER_KINGDOM == table.k]
        if not here:
            return tn("It fits {n} empty Gods space of yours, none in the {kingdom}: it does not count this Kingdom",
                      "It fits {n} empty Gods spaces of yours, none in the {kingdom}: it does not count this Kingdom",
                      len(spaces), kingdom=IN_KINGDOM[table.kingdom])
        now, new = table.now(me, "gods"), table.if_entered(me, "gods", lambda s, b: write_god(s, b, here[0], number))
        fits: dict[str, Param] = {
            "kingdom": IN_KINGDOM[table.kingdom],
            "sum": table.count(me, "gods") + number,
            "change": _change(now, new),
        }
        if len(here) == 1 and not table.view["sheets"][me]["gods"][table.k]["bonus_used"]:
            return tn("It fits {n} empty Gods space of yours; in the {kingdom} it makes your sum {sum}: {change}, and "
                      "completes the three for a Pharaohs bonus",
                      "It fits {n} empty Gods spaces of yours; in the {kingdom} it makes your sum {sum}: {change}, "
                      "and completes the three for a Pharaohs bonus", len(spaces), **fits)
        return tn("It fits {n} empty Gods space of yours; in the {kingdom} it makes your sum {sum}: {change}",
                  "It fits {n} empty Gods spaces of yours; in the {kingdom} it makes your sum {sum}: {change}",
                  len(spaces), **fits)
    if kind == "nile":
        open_spaces = nile_spaces(s, b, number)
        if not open_spaces:
            return lost
        used = table.view["sheets"][me]["nile"]["parts_used"]
        closing = [x + 1 for x in open_spaces if _completes_part(s, b, x, used)]
        where = spaces_text([x + 1 for x in open_spaces])
        if closing:
            return t("It fits your Nile {spaces}: +1 {when}; {closing} would fill a part for a Civilization bonus",
                     spaces=where, when=table.at_scorings_left(), closing=spaces_text(closing))
        return t("It fits your Nile {spaces}: +1 {when}", spaces=where, when=table.at_scorings_left())
    if kind == "pharaoh":
        marked = s[b + PHARAOHS_MARKED]
        if marked >= PHARAOH_SPACES:
            return lost
        change = _change(table.now(me, "pharaohs"), table.if_entered(me, "pharaohs", mark_pharaoh))
        if marked + 1 in PHARAOH_NILE_SYMBOLS:
            return t("It marks your Pharaohs space {space} (a Nile symbol: a Nile bonus): {change}",
                     space=marked + 1, change=change)
        return t("It marks your Pharaohs space {space}: {change}", space=marked + 1, change=change)
    if kind == "civ":
        c = table.view["layout"]["civ_types"].index(type_)
        lines = civ_lines(s, b, c, table.limit)
        if not lines:
            return lost
        if table.k not in lines:
            return t("It can go only in {lines}, which does not score this Kingdom",
                     lines=items([civ_line_title(x + 1) for x in lines]))
        new = table.if_entered(me, "civilization", lambda s, b: mark_civ(s, b, table.k, c))
        marks = table.count(me, "civilization") + 1
        line: dict[str, Param] = {
            "kingdom": OF_KINGDOM[table.kingdom],
            "change": _change(table.now(me, "civilization"), new),
        }
        if marks == 3 and not table.view["sheets"][me]["civilization"][table.k]["bonus_used"]:
            return tn("In your {kingdom} line it makes {n} mark: {change}, and a Monuments bonus",
                      "In your {kingdom} line it makes {n} marks: {change}, and a Monuments bonus", marks, **line)
        return tn("In your {kingdom} line it makes {n} mark: {change}",
                  "In your {kingdom} line it makes {n} marks: {change}", marks, **line)
    m = table.view["layout"]["monument_types"].index(type_)
    row = s[b + MONUMENTS_START + m]
    if row >= MONUMENT_ROWS:
        return lost
    column: dict[str, Param] = {"row": row + 1, "monument": card_title(card["card"])}
    if row == 0:
        empty_tops = s[b + MONUMENTS_START : b + MONUMENTS_END].count(0)
        if empty_tops == 1 and not table.view["sheets"][me]["monuments"]["all_tops_used"]:
            return t("It marks space {row} of your {monument} column: a new column, +1 {when}, and the last empty "
                     "top: a bonus in any section", when=table.at_scorings_left(), **column)
        return t("It marks space {row} of your {monument} column: a new column, +1 {when}",
                 when=table.at_scorings_left(), **column)
    if row + 1 == MONUMENT_ROWS:
        return t("It marks space {row} of your {monument} column: the column is full, +{points} at the end",
                 points=END_BONUS_POINTS, **column)
    return t("It marks space {row} of your {monument} column", **column)


def _change(now: int, new: int) -> Text:
    """'+5 instead of 0 this Kingdom', 'still 0 this Kingdom'."""
    if new != now:
        return t("{new} instead of {now} this Kingdom", new=signed(new), now=signed(now))
    return t("still {now} this Kingdom", now=signed(now))


def _completes_part(s: list[int], b: int, space: int, used: list[bool]) -> bool:
    """True if writing in Nile `space` (0-based) fills the last empty space of a part whose bonus is unused."""
    for i, part in enumerate(NILE_PARTS):
        if space + 1 in part:
            return not used[i] and all(s[b + NILE_START + x - 1] for x in part if x != space + 1)
    return False


def ra_text(table: Table) -> Text:
    """The Ra cards: what they do, how many are out, how many are left to come."""
    what = t("Ra cards: never written; the {ordinal} Ra card of a Kingdom ends it and scores it at once, and the "
             "{last} ends the game.", ordinal=ordinal(RA_PER_KINGDOM), last=ordinal(RA_CARDS))
    ra = table.view["ra"]
    if table.over:
        return t("{what} All {count} have come: the game is over (rules §4).", what=what, count=RA_CARDS)
    left = table.view["deck"]["composition"].get("ra", 0)
    remaining = table.view["deck"]["remaining"]
    return tn("{what} {count} of {per_kingdom} so far in the {kingdom} ({total} of {all} in all); {n} is among the "
              "{remaining} cards left, about one card in {every} (rules §4).",
              "{what} {count} of {per_kingdom} so far in the {kingdom} ({total} of {all} in all); {n} are among the "
              "{remaining} cards left, about one card in {every} (rules §4).", left,
              what=what, count=ra["this_kingdom"], per_kingdom=RA_PER_KINGDOM, kingdom=IN_KINGDOM[table.kingdom],
              total=ra["total"], all=RA_CARDS, remaining=remaining, every=round(remaining / max(left, 1)))


def _cards_of_kind(kind: str, n: int) -> Text:
    """How many cards of a kind are left, as a tally: '20 God', '17 Pharaoh', '9 Ra'."""
    if kind == "god":
        return tn("{n} God", "{n} God", n)
    if kind == "nile":
        return tn("{n} Nile", "{n} Nile", n)
    if kind == "pharaoh":
        return tn("{n} Pharaoh", "{n} Pharaoh", n)
    if kind == "civ":
        return tn("{n} Civilization", "{n} Civilization", n)
    if kind == "monument":
        return tn("{n} Monument", "{n} Monument", n)
    return tn("{n} Ra", "{n} Ra", n)


def deck_text(table: Table) -> Text:
    """The deck: how many cards of each kind are left (public, since every revealed card is known)."""
    composition = table.view["deck"]["composition"]
    by_kind: dict[str, int] = {}
    numbers: dict[str, list[int]] = {"god": [], "nile": []}
    for name, count in composition.items():
        kind, _, arg = name.partition(":")
        by_kind[kind] = by_kind.get(kind, 0) + count
        if kind in numbers:
            numbers[kind].append(int(arg))
    kinds = items([_cards_of_kind(k, by_kind[k]) for k in KIND_NAMES if by_kind.get(k)], empty=t("nothing"))
    remaining = table.view["deck"]["remaining"]
    said: dict[str, Param] = {"kinds": kinds}
    if numbers["god"] and numbers["nile"]:
        said["numbers"] = t("God {gods}; Nile {niles}", gods=runs(numbers["god"]), niles=runs(numbers["nile"]))
    elif numbers["god"]:
        said["numbers"] = t("God {gods}", gods=runs(numbers["god"]))
    elif numbers["nile"]:
        said["numbers"] = t("Nile {niles}", niles=runs(numbers["nile"]))
    if "numbers" in said:
        return tn("Deck: {n} card left in an unknown order, but every revealed card is public, so what is left is "
                  "known: {kinds} (numbers left: {numbers}) (rules §1, §3).",
                  "Deck: {n} cards left in an unknown order, but every revealed card is public, so what is left is "
                  "known: {kinds} (numbers left: {numbers}) (rules §1, §3).", remaining, **said)
    return tn("Deck: {n} card left in an unknown order, but every revealed card is public, so what is left is "
              "known: {kinds} (rules §1, §3).",
              "Deck: {n} cards left in an unknown order, but every revealed card is public, so what is left is "
              "known: {kinds} (rules §1, §3).", remaining, **said)
