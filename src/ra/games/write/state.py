"""The RA and Write game state (docs/rules/ra-and-write.md §3 a turn, §4 the end of a Kingdom and of the game).

Phases (phases.py): the active player reveals (§3.1); the active player chooses a card and makes its whole bonus
chain (§3.2); then every other player, simultaneously and in any order, chooses one of the two other cards and makes
its chain (§3.3); when all have finished, the next player clockwise becomes active (§3.4). Hot path:
`legal_actions` (legal.py), `push` (mechanics.py), `clone`.
"""

from __future__ import annotations

import random
from array import array
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar, Self

from ra.core.errors import GameOverError, IllegalActionError, NotYourTurnError, UnknownActionError
from ra.core.state_tail import StateTail
from ra.core.text import t
from ra.games.write import checks, legal
from ra.games.write.actions import (
    NUM_ACTIONS,
    action_to_str,
)
from ra.games.write.fields import FIELDS, STORED
from ra.games.write.mechanics import WriteRules
from ra.games.write.moves import CLONE_SOURCE
from ra.games.write.options import Options
from ra.games.write.phases import OVER, PHASE_NAMES, REVEAL
from ra.games.write.scorers import TOTALS_BY_PLAYERS
from ra.games.write.scoring import winners as rank_winners
from ra.games.write.serial import deck_from_order, fields_from_json, state_to_json
from ra.games.write.sheet import SHEET_CODE, blank_block
from ra.games.write.tables import CARD_CODES, CARD_NAMES, DECK
from ra.games.write.tables import GAME as GAME  # re-exported: ra.games.write names it from here
from ra.games.write.view import WriteView
from ra.games.write.viewparts import make_view


def _clone_function(fields: Mapping[str, bool]) -> Callable[[Any], Any]:
    """`clone` written out from the field table, one assignment per field, as dataclasses write their `__init__`.

    A loop over the fields at run time would make `clone`, the hot path of search, almost twice as slow. The moves
    and the used cards are shared as links (moves.py), not copied.
    """
    kept = {name: copied for name, copied in fields.items() if name not in STORED}
    body = "".join(f"\n    c.{name} = self.{name}{'[:]' if copied else ''}" for name, copied in kept.items())
    body += CLONE_SOURCE
    namespace: dict[str, Any] = {"new": object.__new__}
    exec(f"def clone(self):\n    c = new(type(self)){body}\n    return c\n", namespace)
    clone: Callable[[Any], Any] = namespace["clone"]
    clone.__doc__ = "An independent copy, cheap enough for search."
    return clone


class State(WriteRules, StateTail[WriteView]):
    """An RA and Write game: all scoresheets, the deck, the face-up cards, Ra count and whose decision it is."""

    GAME: ClassVar[str] = GAME
    __slots__ = ()
    # view, to_json, from_json and record (StateTail) call these
    make_view = staticmethod(make_view)
    state_to_json = staticmethod(state_to_json)
    fields_from_json = staticmethod(fields_from_json)
    action_to_str = staticmethod(action_to_str)

    # --- construction ---------------------------------------------------------------------------------------------
    @classmethod
    def from_fields(cls, **fields: Any) -> Self:
        """A state from every field of FIELDS by name: the one constructor behind new, from_json and from_view."""
        if fields.keys() != FIELDS.keys():
            missing, unknown = sorted(FIELDS.keys() - fields.keys()), sorted(fields.keys() - FIELDS.keys())
            raise TypeError(f"an RA and Write state needs exactly its fields: missing {missing}, unknown {unknown}")
        st = object.__new__(cls)
        for name, value in fields.items():
            setattr(st, name, value)
        if not isinstance(st.sheets, array) or st.sheets.typecode != SHEET_CODE:  # given as a list (JSON, a view)
            st.sheets = array(SHEET_CODE, st.sheets)
        return st

    @classmethod
    def new(
        cls, options: Mapping[str, Any] | Options | None = None, seed: int | None = None,
        order: list[str] | None = None,
    ) -> Self:
        """A new game: one Random(seed) shuffles the deck and picks the starting player (§3); `order` fixes the deck."""
        opts = Options.from_mapping(options)
        if seed is None and order is None:
            seed = 0
        rng = random.Random(0 if seed is None else seed)
        cards = list(DECK)
        rng.shuffle(cards)
        first = opts.first_player if opts.first_player is not None else rng.randrange(opts.players)
        return cls.from_fields(
            options=replace(opts, first_player=first),
            num_players=opts.players,
            seed=seed,
            order=tuple(order) if order is not None else None,
            deck=deck_from_order(order) if order is not None else tuple(cards),
            pos=0,
            face=[],
            sheets=blank_block() * opts.players,
            phase=REVEAL,
            active=first,
            turn=1,
            ra=0,
            cur=(first,),
            used=[],
            lost=[],
            kingdom_counts=[],
            kingdom_points=[],
            bonuses=[],
            history=[],
            limited=opts.kingdom_limited,
        )

    if TYPE_CHECKING:

        def clone(self) -> Self:
            """An independent copy, cheap enough for search."""
            ...

    else:
        clone = _clone_function(FIELDS)

    # --- queries ---------------------------------------------------------------------------------------------------
    def current_players(self) -> tuple[int, ...]:
        """The players who may act now (several during the other players' simultaneous choices)."""
        return self.cur

    def is_terminal(self) -> bool:
        """True once the 9th Ra has ended the game (§4)."""
        return self.phase == OVER

    if TYPE_CHECKING:

        def legal_actions(self, player: int | None = None) -> list[int]:
            """Legal action ids for `player` (default: the first current player); empty if it may not act."""
            ...

    else:
        legal_actions = legal.legal_actions  # a plain function as the method: no extra call on the hot path

    # --- actions ---------------------------------------------------------------------------------------------------
    def apply(self, action: int, player: int | None = None) -> None:
        """Apply an action after checking it; raises an IllegalActionError subclass and leaves state unchanged."""
        if self.phase == OVER:
            raise GameOverError(t("the game is over: the 9th Ra has ended the New Kingdom"))
        if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < NUM_ACTIONS:
            raise UnknownActionError(t("{action} is not an RA and Write action id (0..{last})", action=repr(action),
                                       last=NUM_ACTIONS - 1))
        if player is None:
            player = self.cur[0]
        elif isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < self.num_players:
            raise NotYourTurnError(t("there is no player {player} in this {players}-player game", player=repr(player),
                                     players=self.num_players))
        if player not in self.cur:
            raise NotYourTurnError(checks.not_your_turn(self, player))
        if action not in self.legal_actions(player):
            raise IllegalActionError(checks.why_illegal(self, action, player))
        self.push(action, player)

    # --- hidden order -----------------------------------------------------------------------------------------------
    def stack_draws(self, names: Sequence[str]) -> None:
        """Reorder the undrawn deck so the next cards revealed are `names` (Ra cards included); ValueError otherwise.

        The other undrawn cards keep their order. The deck no longer follows the seed, so seed and order give way to
        the whole deck as it now is: the record still replays.
        """
        rest = list(self.deck[self.pos :])
        for i, name in enumerate(names):
            code = CARD_CODES.get(name) if isinstance(name, str) else None
            if code is None:
                raise ValueError(f"{name!r} is not an RA and Write card (e.g. god:17, nile:4, pharaoh, civ:art, ra)")
            try:
                j = rest.index(code, i)
            except ValueError:
                raise ValueError(f"no {name} card is left to reveal as draw {i + 1} of {list(names)}") from None
            rest.insert(i, rest.pop(j))
        self._set_undrawn(rest)

    def reshuffled(self, rng: random.Random) -> Self:
        """A copy whose undrawn deck is shuffled anew with `rng`: only hidden information differs."""
        other = self.clone()
        rest = list(self.deck[self.pos :])
        rng.shuffle(rest)
        other._set_undrawn(rest)
        return other

    def _set_undrawn(self, rest: list[int]) -> None:
        self.deck = self.deck[: self.pos] + tuple(rest)
        self.seed = None
        self.order = tuple(CARD_NAMES[c] for c in self.deck)

    # --- results ---------------------------------------------------------------------------------------------------
    def scores(self) -> list[int]:
        """Each player's running total: scored Kingdoms plus end bonuses once the game is over."""
        return TOTALS_BY_PLAYERS[self.num_players](self.kingdom_points, self.bonuses)  # scoring.totals, written out

    def winners(self) -> list[int]:
        """The winning seats after the God-numbers tie-break (§6); empty while the game runs."""
        if self.phase != OVER:
            return []
        return rank_winners(self.sheets, self.scores())[0]

    def tie_break_used(self) -> bool:
        """True if the final scores tied at the top and God numbers were compared (§6)."""
        return self.phase == OVER and rank_winners(self.sheets, self.scores())[1]

    # --- views, storage, records -----------------------------------------------------------------------------------
    def __eq__(self, other: object) -> bool:
        """Equal if every field (the deck order and history included) is equal."""
        return isinstance(other, State) and all(getattr(self, f) == getattr(other, f) for f in FIELDS)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        """A short summary."""
        return (
            f"<write State players={self.num_players} turn={self.turn} ra={self.ra} "
            f"phase={PHASE_NAMES[self.phase]} current={list(self.cur)}>"
        )
