"""Ra in its own words: what views name by key (`step_pyramid`, `invoked_nonfull`, `sun_disks`) as people say it.

Every word is a `Text` (ra.core.text, docs/TRANSLATING.md), put into the reader's language only when it is shown.
The text board (render.py), the narration (narrate.py) and the explanations (explain.py) use these; they read
nothing but view data, so a terminal or a browser may use them too (§ = docs/rules/ra.md).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ra.core.text import Param, Seat, Text, items, t, tn, tp
from ra.games.ra.tables import CIVILIZATION, KINDS

CIVILIZATION_KINDS: frozenset[str] = frozenset(KINDS[k] for k in CIVILIZATION)

TILE_NAMES: dict[str, Text] = {  # §1.1: each tile kind's name, as a player's area and the board show it
    "ra": tp("tile", "Ra"),
    "god": tp("tile", "God"),
    "gold": tp("tile", "Gold"),
    "pharaoh": tp("tile", "Pharaoh"),
    "nile": tp("tile", "Nile"),
    "flood": tp("tile", "Flood"),
    "art": tp("tile", "Art"),
    "agriculture": tp("tile", "Agriculture"),
    "religion": tp("tile", "Religion"),
    "astronomy": tp("tile", "Astronomy"),
    "writing": tp("tile", "Writing"),
    "fortress": tp("tile", "Fortress"),
    "obelisk": tp("tile", "Obelisk"),
    "palace": tp("tile", "Palace"),
    "pyramid": tp("tile", "Pyramid"),
    "sphinx": tp("tile", "Sphinx"),
    "statue": tp("tile", "Statue"),
    "step_pyramid": tp("tile", "Step Pyramid"),
    "temple": tp("tile", "Temple"),
    "funeral": tp("tile", "Funeral"),
    "drought": tp("tile", "Drought"),
    "war": tp("tile", "War"),
    "earthquake": tp("tile", "Earthquake"),
}
# One tile of a kind as the object of a verb ("drew a Pharaoh", "gave up an Art tile").
A_TILE: dict[str, Text] = {
    "ra": tp("one tile, as an object", "a Ra tile"),
    "god": tp("one tile, as an object", "a God"),
    "gold": tp("one tile, as an object", "a Gold"),
    "pharaoh": tp("one tile, as an object", "a Pharaoh"),
    "nile": tp("one tile, as an object", "a Nile"),
    "flood": tp("one tile, as an object", "a Flood"),
    "art": tp("one tile, as an object", "an Art tile"),
    "agriculture": tp("one tile, as an object", "an Agriculture tile"),
    "religion": tp("one tile, as an object", "a Religion tile"),
    "astronomy": tp("one tile, as an object", "an Astronomy tile"),
    "writing": tp("one tile, as an object", "a Writing tile"),
    "fortress": tp("one tile, as an object", "a Fortress"),
    "obelisk": tp("one tile, as an object", "an Obelisk"),
    "palace": tp("one tile, as an object", "a Palace"),
    "pyramid": tp("one tile, as an object", "a Pyramid"),
    "sphinx": tp("one tile, as an object", "a Sphinx"),
    "statue": tp("one tile, as an object", "a Statue"),
    "step_pyramid": tp("one tile, as an object", "a Step Pyramid"),
    "temple": tp("one tile, as an object", "a Temple"),
    "funeral": tp("one tile, as an object", "a Funeral"),
    "drought": tp("one tile, as an object", "a Drought"),
    "war": tp("one tile, as an object", "a War"),
    "earthquake": tp("one tile, as an object", "an Earthquake"),
}
# The one tile of a kind on the auction track, as the object of a verb ("take the Pharaoh", "spend a god on the Gold").
THE_TILE: dict[str, Text] = {
    "ra": tp("the tile on the auction track, as an object", "the Ra"),
    "god": tp("the tile on the auction track, as an object", "the God"),
    "gold": tp("the tile on the auction track, as an object", "the Gold"),
    "pharaoh": tp("the tile on the auction track, as an object", "the Pharaoh"),
    "nile": tp("the tile on the auction track, as an object", "the Nile"),
    "flood": tp("the tile on the auction track, as an object", "the Flood"),
    "art": tp("the tile on the auction track, as an object", "the Art"),
    "agriculture": tp("the tile on the auction track, as an object", "the Agriculture"),
    "religion": tp("the tile on the auction track, as an object", "the Religion"),
    "astronomy": tp("the tile on the auction track, as an object", "the Astronomy"),
    "writing": tp("the tile on the auction track, as an object", "the Writing"),
    "fortress": tp("the tile on the auction track, as an object", "the Fortress"),
    "obelisk": tp("the tile on the auction track, as an object", "the Obelisk"),
    "palace": tp("the tile on the auction track, as an object", "the Palace"),
    "pyramid": tp("the tile on the auction track, as an object", "the Pyramid"),
    "sphinx": tp("the tile on the auction track, as an object", "the Sphinx"),
    "statue": tp("the tile on the auction track, as an object", "the Statue"),
    "step_pyramid": tp("the tile on the auction track, as an object", "the Step Pyramid"),
    "temple": tp("the tile on the auction track, as an object", "the Temple"),
    "funeral": tp("the tile on the auction track, as an object", "the Funeral"),
    "drought": tp("the tile on the auction track, as an object", "the Drought"),
    "war": tp("the tile on the auction track, as an object", "the War"),
    "earthquake": tp("the tile on the auction track, as an object", "the Earthquake"),
}

CATEGORY_TITLES: dict[str, Text] = {  # the scoring categories of epoch_scores rows (§9.1, §9.2)
    "gods": tp("scoring category", "Gods"),
    "gold": tp("scoring category", "Gold"),
    "pharaohs": tp("scoring category", "Pharaohs"),
    "river": tp("scoring category", "Nile and floods"),
    "civilization": tp("scoring category", "Civilization"),
    "monuments": tp("scoring category", "Monuments"),
    "sun_disks": tp("scoring category", "Sun disks"),
}
GROUP_TITLES: dict[str, Text] = {  # tables.KIND_GROUPS, as a player's area shows them
    "god": tp("group of tiles", "Gods"),
    "gold": tp("group of tiles", "Gold"),
    "pharaoh": tp("group of tiles", "Pharaohs"),
    "river": tp("group of tiles", "River"),
    "civilization": tp("group of tiles", "Civilization"),
    "monument": tp("group of tiles", "Monuments"),
    "disaster": tp("group of tiles", "Disasters"),
}
DECISIONS: dict[str, Text] = {  # what the player to act decides, by view phase
    "turn": t("draw a tile, invoke Ra or spend a god"),
    "auction": t("bid a face-up sun disk or pass"),
    "gods": t("take another tile with a god, or stop"),
    "disaster": t("choose which tiles the disaster destroys"),
}
# A legal action as an instruction on its own (a button, a menu) and as one of a list of choices.
INSTRUCTIONS: dict[str, Text] = {
    "draw": tp("instruction", "Draw a tile"),
    "invoke": tp("instruction", "Invoke Ra"),
    "pass": tp("instruction", "Pass"),
    "done": tp("instruction", "Stop spending gods"),
}
CHOICES: dict[str, Text] = {
    "draw": tp("one of a list of choices", "draw a tile"),
    "invoke": tp("one of a list of choices", "invoke Ra"),
    "pass": tp("one of a list of choices", "pass"),
    "done": tp("one of a list of choices", "stop spending gods"),
}


def tile_name(kind: str) -> Text:
    """A tile kind as people say it: 'step_pyramid' -> 'Step Pyramid', 'ra' -> 'Ra'."""
    return TILE_NAMES[kind]


def counted_tiles(kinds: Iterable[str]) -> list[Text]:
    """Tiles with equal ones counted, in first-seen order: ['Pharaoh ×2', 'Gold']."""
    counts: dict[str, int] = {}
    for kind in kinds:
        counts[kind] = counts.get(kind, 0) + 1
    return [tiles_of_kind(kind, count) for kind, count in counts.items()]


def tiles_of_kind(kind: str, count: int) -> Text:
    """'Pharaoh ×2', or 'Gold' for one."""
    return TILE_NAMES[kind] if count == 1 else t("{tile} ×{count}", tile=TILE_NAMES[kind], count=count)


def comma_list(values: Sequence[Text], empty: Text | None = None) -> Text:
    """Items in a row for the board, 'Pharaoh ×2, Gold, Drought' (no 'and'); `empty` when there are none."""
    if not values:
        if empty is None:
            raise ValueError("an empty list needs the words that say so")
        return empty
    listed = values[0]
    for value in values[1:]:
        # TRANSLATORS: a list without "and" on the board: keep both parameters; use your language's separator.
        listed = tp("a list without 'and'", "{items}, {item}", items=listed, item=value)
    return listed


def tile_list(kinds: Sequence[str]) -> Text:
    """Tiles for the board: 'Pharaoh ×2, Gold, Drought'; 'empty' when there are none."""
    return comma_list(counted_tiles(kinds), tp("no tiles on a track", "empty"))


def tiles_phrase(kinds: Sequence[str]) -> Param:
    """Tiles in a sentence: 'Pharaoh ×2, Gold and Drought'; 'nothing' when there are none."""
    return items(counted_tiles(kinds), t("nothing"))


def seat(view: Mapping[str, Any], index: int) -> Seat:
    """A seat of the view, named as the view names it."""
    return named_seat(index, str(view["names"][index]))


def named_seat(index: int, name: str) -> Seat:
    """A seat with its name; the engine's default name ("Player 2") is left to the reader's language."""
    return Seat(index, "" if name == default_name(index) else name)


def default_name(index: int) -> str:
    """The name a seat has when the table gives none (Options, records): "Player 1", "Player 2"."""
    return f"Player {index + 1}"


def seats(view: Mapping[str, Any], indexes: Sequence[int]) -> Param:
    """Several seats in a sentence: 'Ana and Ben'."""
    return items([seat(view, p) for p in indexes], t("nobody"))


def signed(points: int) -> str:
    """Points with their sign: '+5', '-5', '0' (the same in every language)."""
    return f"{points:+d}" if points else "0"


def give_up(kind: str) -> Text:
    """The instruction to give a tile up to the chosen disaster that destroys its kind (§7)."""
    if kind in CIVILIZATION_KINDS:
        return t("Give up {tile} to War", tile=A_TILE[kind])
    return t("Give up {tile} to Earthquake", tile=A_TILE[kind])


def give_up_choice(kind: str) -> Text:
    """`give_up` as one of a list of choices."""
    if kind in CIVILIZATION_KINDS:
        return tp("one of a list of choices", "give up {tile} to War", tile=A_TILE[kind])
    return tp("one of a list of choices", "give up {tile} to Earthquake", tile=A_TILE[kind])


def action_phrase(entry: Mapping[str, Any]) -> Text:
    """A legal action of a view as an instruction: 'Bid sun disk 13', 'Spend a god on the Pharaoh'."""
    kind = entry["kind"]
    if kind == "bid":
        return t("Bid sun disk {disk}", disk=int(entry["disk"]))
    if kind == "god":
        return t("Spend a god on {tile}", tile=THE_TILE[str(entry["tile"])])
    if kind == "lose":
        return give_up(str(entry["tile"]))
    return INSTRUCTIONS[str(kind)]


def choice_phrase(entry: Mapping[str, Any]) -> Text:
    """A legal action of a view as one of a list of choices: 'bid sun disk 13', 'spend a god on the Pharaoh'."""
    kind = entry["kind"]
    if kind == "bid":
        return tp("one of a list of choices", "bid sun disk {disk}", disk=int(entry["disk"]))
    if kind == "god":
        return tp("one of a list of choices", "spend a god on {tile}", tile=THE_TILE[str(entry["tile"])])
    if kind == "lose":
        return give_up_choice(str(entry["tile"]))
    return CHOICES[str(kind)]


def decision(view: Mapping[str, Any]) -> Text:
    """What the player to act decides now, in the game's words (the forced bid of §5 named as such)."""
    auction = view.get("auction")
    if (
        auction
        and auction["kind"] == "invoked_nonfull"
        and auction["high_bid"] is None
        and view.get("current_player") == auction["ra_player"]
    ):
        return t("must bid: Ra was invoked and everyone else passed")
    disaster = view.get("disaster")
    if disaster:
        if disaster["war"]:
            left = int(disaster["war"])
            return tn(
                "choose {n} more tile to lose to War (civilization tiles)",
                "choose {n} more tiles to lose to War (civilization tiles)",
                left,
            )
        left = int(disaster["earthquake"])
        return tn(
            "choose {n} more tile to lose to Earthquake (monument tiles)",
            "choose {n} more tiles to lose to Earthquake (monument tiles)",
            left,
        )
    return DECISIONS.get(str(view["phase"]), t("wait"))


def legal_phrase(view: Mapping[str, Any], entry: Mapping[str, Any]) -> Text:
    """A legal-action entry of `view` as an instruction in the game's words (the same for every game)."""
    return action_phrase(entry)
