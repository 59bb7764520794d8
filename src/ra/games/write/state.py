"""The RA and Write game state (rules/ra-and-write.md §3 turn, §4 Kingdom end and game end).

Phases: the active player reveals (§3.1); the active player chooses a card and makes its whole bonus chain (§3.2);
then every other player, simultaneously and in any order, chooses one of the two other cards and makes its chain
(§3.3); when all have finished, the next player clockwise becomes active (§3.4).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace
from typing import Any, ClassVar, Self

from ra.core.errors import GameOverError, IllegalActionError, NotYourTurnError, UnknownActionError
from ra.core.protocol import Move
from ra.core.record import make_record
from ra.games.write import checks
from ra.games.write.actions import (
    ACT_ARG,
    ACT_KIND,
    ACT_SLOT,
    ACT_SPACE,
    CARD_CIV0,
    CARD_GOD0,
    CARD_NILE0,
    K_BONUS_CIV,
    K_BONUS_GOD,
    K_BONUS_NILE,
    K_BONUS_PHARAOH,
    K_CARD_CIV,
    K_CARD_GOD,
    K_CARD_NILE,
    K_DECLINE,
    K_REVEAL,
    NUM_ACTIONS,
    REVEAL,
    TAKE0,
    action_to_str,
    bonus_actions,
)
from ra.games.write.options import Options
from ra.games.write.scoring import end_bonuses, score_kingdom, totals
from ra.games.write.scoring import winners as rank_winners
from ra.games.write.sheet import (
    CHOSEN,
    M0,
    PEND,
    PH,
    W,
    blank_block,
    bonus_possible,
    civ_lines,
    god_spaces,
    mark_civ,
    mark_monument,
    mark_pharaoh,
    nile_spaces,
    write_god,
    write_nile,
)
from ra.games.write.storage import deck_from_order, state_from_json, state_to_json
from ra.games.write.tables import (
    CARD_KIND,
    CARD_NAMES,
    CARD_VALUE,
    CIV,
    DECK,
    FACE_UP,
    GOD,
    GOD_BONUS_NUMBER,
    GOD_SPACES,
    KINGDOMS,
    MONUMENT,
    MONUMENT_ROWS,
    NILE,
    NILE_SPACES,
    PH_ACTIVE,
    PH_OTHERS,
    PH_OVER,
    PH_REVEAL,
    PHARAOH,
    PHARAOH_SPACES,
    PHASE_NAMES,
    RA_CARDS,
    RA_CODE,
    RA_PER_KINGDOM,
)

LAST_KINGDOM = len(KINGDOMS) - 1
# OTHERS_AFTER[n][a]: the other seats clockwise from the active seat a, with n players
OTHERS_AFTER: dict[int, list[tuple[int, ...]]] = {
    n: [tuple((a + i) % n for i in range(1, n)) for a in range(n)] for n in range(2, 6)
}


class State:
    """An RA and Write game: all scoresheets, the deck, the face-up cards, Ra count and whose decision it is."""

    GAME: ClassVar[str] = "write"
    __slots__ = (
        "_cur", "active", "bonuses", "deck", "face", "history", "kcounts", "kpoints", "limited", "lost",
        "num_players", "options", "order", "phase", "pos", "ra", "s", "seed", "turn", "used",
    )
    options: Options
    num_players: int
    seed: int | None
    order: tuple[str, ...] | None
    deck: tuple[int, ...]
    pos: int
    face: list[int]
    s: list[int]
    phase: int
    active: int
    turn: int
    ra: int
    _cur: tuple[int, ...]
    used: list[int]
    lost: list[tuple[int, int, int]]
    kcounts: list[list[int]]
    kpoints: list[list[int]]
    bonuses: list[int]
    history: list[Move]
    limited: bool

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
        st = object.__new__(cls)
        st.options = replace(opts, first_player=first)
        st.num_players = opts.players
        st.seed = seed
        st.order = tuple(order) if order is not None else None
        st.deck = deck_from_order(order) if order is not None else tuple(cards)
        st.pos = 0
        st.face = []
        st.s = blank_block() * opts.players
        st.phase = PH_REVEAL
        st.active = first
        st.turn = 1
        st.ra = 0
        st._cur = (first,)
        st.used = []
        st.lost = []
        st.kcounts = []
        st.kpoints = []
        st.bonuses = []
        st.history = []
        st.limited = opts.kingdom_limited
        return st

    # --- queries ---------------------------------------------------------------------------------------------------
    def current_players(self) -> tuple[int, ...]:
        """The players who may act now (several during the other players' simultaneous choices)."""
        return self._cur

    def is_terminal(self) -> bool:
        """True once the 9th Ra has ended the game (§4)."""
        return self.phase == PH_OVER

    def kingdom(self) -> int:
        """The current Kingdom: 0 Old, 1 Middle, 2 New."""
        return min(self.ra // RA_PER_KINGDOM, LAST_KINGDOM)

    def limit(self) -> int:
        """The Kingdom Gods and Civilization entries are limited to (kingdom-limited variant), else -1."""
        return min(self.ra // RA_PER_KINGDOM, LAST_KINGDOM) if self.limited else -1

    def reserved(self) -> int:
        """The face-up slot reserved by the active player this turn, or -1."""
        return self.s[self.active * W + CHOSEN]

    def legal_actions(self, player: int | None = None) -> list[int]:
        """Legal action ids for `player` (default: the first current player); empty if it may not act."""
        cur = self._cur
        if not cur:
            return []
        if player is None:
            player = cur[0]
        elif player not in cur:
            return []
        if self.phase == PH_REVEAL:
            return [REVEAL]
        s = self.s
        b = player * W
        limit = self.limit()
        pend = s[b + PEND]
        if pend:
            return bonus_actions(s, b, pend, limit)
        reserved = s[self.active * W + CHOSEN] if player != self.active else -1
        out: list[int] = []
        for i, c in enumerate(self.face):
            if i == reserved:
                continue
            kind = CARD_KIND[c]
            if kind == GOD:
                sp = god_spaces(s, b, limit)
                if sp:
                    base = CARD_GOD0 + i * GOD_SPACES
                    out += [base + x for x in sp]
                    continue
            elif kind == NILE:
                sp = nile_spaces(s, b, CARD_VALUE[c])
                if sp:
                    base = CARD_NILE0 + i * NILE_SPACES
                    out += [base + x for x in sp]
                    continue
            elif kind == CIV:
                sp = civ_lines(s, b, CARD_VALUE[c], limit)
                if sp:
                    base = CARD_CIV0 + i * len(KINGDOMS)
                    out += [base + x for x in sp]
                    continue
            out.append(TAKE0 + i)
        return out

    # --- actions ---------------------------------------------------------------------------------------------------
    def apply(self, action: int, player: int | None = None) -> None:
        """Apply an action after checking it; raises an IllegalActionError subclass and leaves state unchanged."""
        if self.phase == PH_OVER:
            raise GameOverError("the game is over: the 9th Ra has ended the New Kingdom")
        if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < NUM_ACTIONS:
            raise UnknownActionError(f"{action!r} is not an RA and Write action id (0..{NUM_ACTIONS - 1})")
        if player is None:
            player = self._cur[0]
        elif isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < self.num_players:
            raise NotYourTurnError(f"there is no player {player!r} in this {self.num_players}-player game")
        if player not in self._cur:
            raise NotYourTurnError(checks.not_your_turn(self, player))
        if action not in self.legal_actions(player):
            raise IllegalActionError(checks.why_illegal(self, action, player))
        self.push(action, player)

    def push(self, action: int, player: int | None = None) -> None:
        """Apply an action known to be legal (no checks)."""
        if player is None:
            player = self._cur[0]
        kind = ACT_KIND[action]
        if kind == K_REVEAL:
            self.history.append(Move(player, action, self._reveal()))
            return
        s = self.s
        b = player * W
        if kind <= K_CARD_CIV:
            slot = ACT_SLOT[action]
            s[b + CHOSEN] = slot
            c = self.face[slot]
            if kind == K_CARD_GOD:
                bonus = write_god(s, b, ACT_SPACE[action], CARD_VALUE[c])
            elif kind == K_CARD_NILE:
                bonus = write_nile(s, b, ACT_SPACE[action], CARD_VALUE[c])
            elif kind == K_CARD_CIV:
                bonus = mark_civ(s, b, ACT_SPACE[action], CARD_VALUE[c])
            else:
                ck = CARD_KIND[c]
                if ck == PHARAOH and s[b + PH] < PHARAOH_SPACES:
                    bonus = mark_pharaoh(s, b)
                elif ck == MONUMENT and s[b + M0 + CARD_VALUE[c]] < MONUMENT_ROWS:
                    bonus = mark_monument(s, b, CARD_VALUE[c])
                else:  # §2: a card with no legal space is lost
                    bonus = 0
                    self.lost.append((self.turn, player, c))
        else:
            s[b + PEND] = 0
            if kind == K_BONUS_NILE:
                bonus = write_nile(s, b, ACT_SPACE[action], ACT_ARG[action])
            elif kind == K_BONUS_PHARAOH:
                bonus = mark_pharaoh(s, b)
            elif kind == K_BONUS_GOD:
                bonus = write_god(s, b, ACT_SPACE[action], GOD_BONUS_NUMBER)
            elif kind == K_BONUS_CIV:
                bonus = mark_civ(s, b, ACT_SPACE[action], ACT_ARG[action])
            elif kind == K_DECLINE:
                bonus = 0
            else:
                bonus = mark_monument(s, b, ACT_ARG[action])
        if bonus:
            if bonus_possible(s, b, bonus, self.limit()):
                s[b + PEND] = bonus
            else:  # §2: a bonus entry with no legal space is lost
                self.lost.append((self.turn, player, -bonus))
                bonus = 0
        if not bonus:
            self._finish(player)
        self.history.append(Move(player, action, ()))

    def _finish(self, player: int) -> None:
        if self.phase == PH_ACTIVE:
            self.phase = PH_OTHERS
            self._cur = OTHERS_AFTER[self.num_players][self.active]
            return
        cur = tuple(q for q in self._cur if q != player)
        if cur:
            self._cur = cur
            return
        self.used += self.face
        self.face = []
        s = self.s
        for q in range(self.num_players):
            s[q * W + CHOSEN] = -1
        self.active = a = (self.active + 1) % self.num_players
        self.phase = PH_REVEAL
        self._cur = (a,)
        self.turn += 1

    def _reveal(self) -> tuple[str, ...]:
        """§3.1/§4: reveal until three non-Ra cards are face up; the third Ra of a Kingdom scores it at once."""
        drawn: list[int] = []
        face = self.face
        deck = self.deck
        while len(face) < FACE_UP:
            c = deck[self.pos]
            self.pos += 1
            drawn.append(c)
            if c != RA_CODE:
                face.append(c)
                continue
            self.ra += 1
            if self.ra % RA_PER_KINGDOM == 0:
                counts, points = score_kingdom(self.s, self.num_players, self.ra // RA_PER_KINGDOM - 1)
                self.kcounts.append(counts)
                self.kpoints.append(points)
                if self.ra == RA_CARDS:  # §4: the 9th Ra ends the game; face-up cards are discarded unused
                    self.used += face
                    self.face = []
                    self.bonuses = end_bonuses(self.s, self.num_players)
                    self.phase = PH_OVER
                    self._cur = ()
                    return tuple(CARD_NAMES[x] for x in drawn)
        self.phase = PH_ACTIVE
        return tuple(CARD_NAMES[x] for x in drawn)

    # --- results ---------------------------------------------------------------------------------------------------
    def scores(self) -> list[int]:
        """Each player's running total: scored Kingdoms plus end bonuses once the game is over."""
        return totals(self.num_players, self.kpoints, self.bonuses)

    def winners(self) -> list[int]:
        """The winning seats after the God-numbers tie-break (§6); empty while the game runs."""
        if self.phase != PH_OVER:
            return []
        return rank_winners(self.s, self.scores())[0]

    def tie_break_used(self) -> bool:
        """True if the final scores tied at the top and God numbers were compared (§6)."""
        return self.phase == PH_OVER and rank_winners(self.s, self.scores())[1]

    # --- copies, storage, records ----------------------------------------------------------------------------------
    def clone(self) -> Self:
        """An independent copy, cheap enough for search."""
        c = object.__new__(type(self))
        c.options = self.options
        c.num_players = self.num_players
        c.seed = self.seed
        c.order = self.order
        c.deck = self.deck
        c.pos = self.pos
        c.face = self.face[:]
        c.s = self.s[:]
        c.phase = self.phase
        c.active = self.active
        c.turn = self.turn
        c.ra = self.ra
        c._cur = self._cur
        c.used = self.used[:]
        c.lost = self.lost[:]
        c.kcounts = self.kcounts[:]
        c.kpoints = self.kpoints[:]
        c.bonuses = self.bonuses
        c.history = self.history[:]
        c.limited = self.limited
        return c

    def _key(self) -> tuple[Any, ...]:
        return (
            self.options, self.seed, self.order, self.deck, self.pos, self.face, self.s, self.phase, self.active,
            self.turn, self.ra, self._cur, self.used, self.lost, self.kcounts, self.kpoints, self.bonuses,
            self.history,
        )

    def __eq__(self, other: object) -> bool:
        """Equal if every part of the state (including the deck order and history) is equal."""
        return isinstance(other, State) and self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]

    def to_json(self) -> dict[str, Any]:
        """The full state as JSON-able data (includes the deck order; for storage, not for players)."""
        return state_to_json(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        """The inverse of `to_json`."""
        st = object.__new__(cls)
        state_from_json(st, data)
        return st

    def record(self) -> dict[str, Any]:
        """The game record: options (with the starting seat), seed or order, and every move with its draws."""
        order = list(self.order) if self.order is not None else None
        return make_record(self.GAME, self.options.to_dict(), self.seed, order, self.history, action_to_str)

    def view(self, viewer: int | None = None) -> dict[str, Any]:
        """What `viewer` may see (docs/VIEWS_WRITE.md): every scoresheet, never the deck order or seed."""
        from ra.games.write.view import make_view

        return make_view(self, viewer)

    def __repr__(self) -> str:
        """A short summary."""
        return (
            f"<write State players={self.num_players} turn={self.turn} ra={self.ra} "
            f"phase={PHASE_NAMES[self.phase]} current={list(self._cur)}>"
        )
