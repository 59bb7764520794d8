"""What applying an action does in RA and Write (docs/rules/ra-and-write.md §2 entries, §3 a turn, §4 the end).

`WriteRules` holds the state's fields (the one field list, FIELDS) and the rules that move it from one decision to
the next; `ra.games.write.state.State` adds the public protocol on top. Nothing here checks legality.
"""

from __future__ import annotations

from ra.core.protocol import Move
from ra.games.write.actions import (
    ACT_ARG,
    ACT_KIND,
    ACT_SLOT,
    ACT_SPACE,
    K_BONUS_CIV,
    K_BONUS_GOD,
    K_BONUS_NILE,
    K_BONUS_PHARAOH,
    K_CARD_CIV,
    K_CARD_GOD,
    K_CARD_NILE,
    K_DECLINE,
    K_TAKE,
    NUM_ACTIONS,
    REVEAL,
)
from ra.games.write.options import MAX_PLAYERS, MIN_PLAYERS, Options
from ra.games.write.phases import OTHERS_AFTER, OTHERS_LEFT, PH_ACTIVE, PH_OTHERS, PH_OVER, PH_REVEAL
from ra.games.write.scoring import end_bonuses, score_kingdom
from ra.games.write.sheet import (
    CHOSEN,
    M0,
    PEND,
    PH,
    W,
    bonus_possible,
    mark_civ,
    mark_monument,
    mark_pharaoh,
    write_god,
    write_nile,
)
from ra.games.write.tables import (
    CARD_KIND,
    CARD_NAMES,
    CARD_VALUE,
    FACE_UP,
    GOD_BONUS_NUMBER,
    KINGDOMS,
    MONUMENT,
    MONUMENT_ROWS,
    PHARAOH,
    PHARAOH_SPACES,
    RA_CARDS,
    RA_CODE,
    RA_PER_KINGDOM,
)

LAST_KINGDOM = len(KINGDOMS) - 1
# Shared, immutable moves: push appends these instead of building a Move per action (a reveal's holds its draws).
MOVES = [[Move(p, a, ()) for a in range(NUM_ACTIONS)] for p in range(MAX_PLAYERS)]
_NAME = CARD_NAMES.__getitem__
_NAMES = tuple(CARD_NAMES)
if FACE_UP != 3:  # push's common reveal names the three drawn cards one by one
    raise ImportError("push's common reveal assumes three face-up cards")
_new_move = tuple.__new__  # Move(...) without the named tuple's Python-level __new__
UNCHOSEN = {n: [-1] * n for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)}  # every seat's CHOSEN box cleared

# The state's fields, written once: name -> True if `clone` copies it (a list changed in place), False if the clone
# shares it (immutable, or only ever replaced). `new`, `clone`, `from_json` and `from_view` all build from this.
FIELDS: dict[str, bool] = {
    "options": False,
    "num_players": False,
    "seed": False,
    "order": False,
    "deck": False,
    "pos": False,
    "face": False,
    "s": True,
    "phase": False,
    "active": False,
    "turn": False,
    "ra": False,
    "cur": False,
    "used": False,
    "lost": False,
    "kcounts": False,
    "kpoints": False,
    "bonuses": False,
    "history": True,
    "limited": False,
}


class WriteRules:
    """The fields of an RA and Write state and what entering a card, a bonus or a reveal does to them."""

    __slots__ = tuple(FIELDS)
    options: Options  # with the starting seat chosen at setup
    num_players: int
    seed: int | None
    order: tuple[str, ...] | None  # the deck order given at setup (card names), if any
    deck: tuple[int, ...]  # card codes, first revealed first; deck[pos:] is still to reveal
    pos: int
    face: list[int]  # the face-up cards, by slot
    s: list[int]  # every scoresheet, one flat list (sheet.py)
    phase: int  # phases.PH_*
    active: int  # the active seat
    turn: int  # from 1
    ra: int  # Ra cards set aside so far (0-9)
    cur: tuple[int, ...]  # the seats that may act now
    used: list[int]  # card codes out of play
    lost: list[tuple[int, int, int]]  # (turn, seat, card code, or -bonus kind for a lost bonus entry)
    kcounts: list[list[int]]  # per scored Kingdom, what counted: flat [seat * 5 + section]
    kpoints: list[list[int]]  # per scored Kingdom, the points: flat [seat * 5 + section]
    bonuses: list[int]  # the end bonuses once the game is over: flat [seat * 5 + bonus]
    history: list[Move]
    limited: bool  # options.kingdom_limited, at hand for the hot path

    def kingdom(self) -> int:
        """The current Kingdom: 0 Old, 1 Middle, 2 New."""
        return min(self.ra // RA_PER_KINGDOM, LAST_KINGDOM)

    def limit(self) -> int:
        """The Kingdom Gods and Civilization entries are limited to (kingdom-limited variant), else -1."""
        return min(self.ra // RA_PER_KINGDOM, LAST_KINGDOM) if self.limited else -1

    def reserved(self) -> int:
        """The face-up slot reserved by the active player this turn, or -1."""
        return self.s[self.active * W + CHOSEN]

    def push(self, action: int, player: int | None = None) -> None:
        """Apply an action known to be legal (no checks)."""
        if player is None:
            player = self.cur[0]
        if action == REVEAL:
            pos = self.pos
            drawn = self.deck[pos : pos + FACE_UP]
            if not self.face and RA_CODE not in drawn and len(drawn) == FACE_UP:  # §3.1, the common case: no Ra
                # Three cards by name (FACE_UP is 3, checked at import): unpacking is 5x cheaper than a map.
                first, second, third = drawn
                self.face = [first, second, third]  # shared with clones: replaced, never changed in place
                self.pos = pos + FACE_UP
                self.phase = PH_ACTIVE
                draws = (_NAMES[first], _NAMES[second], _NAMES[third])
                self.history.append(_new_move(Move, (player, REVEAL, draws)))
                return
            self.history.append(_new_move(Move, (player, REVEAL, self._reveal())))
            return
        self.history.append(MOVES[player][action])
        # §2: make a card or bonus entry (or decline one)
        kind = ACT_KIND[action]
        s = self.s
        b = player * W
        if kind <= K_CARD_CIV:
            slot = ACT_SLOT[action]
            s[b + CHOSEN] = slot
            c = self.face[slot]
            if kind == K_TAKE:  # the most frequent card action: a Pharaoh or Monument (or a lost card)
                ck = CARD_KIND[c]
                if ck == PHARAOH and s[b + PH] < PHARAOH_SPACES:
                    bonus = mark_pharaoh(s, b)
                elif ck == MONUMENT and s[b + M0 + CARD_VALUE[c]] < MONUMENT_ROWS:
                    bonus = mark_monument(s, b, CARD_VALUE[c])
                else:  # §2: a card with no legal space is lost
                    bonus = 0
                    self.lost = [*self.lost, (self.turn, player, c)]
            elif kind == K_CARD_GOD:
                bonus = write_god(s, b, ACT_SPACE[action], CARD_VALUE[c])
            elif kind == K_CARD_NILE:
                bonus = write_nile(s, b, ACT_SPACE[action], CARD_VALUE[c])
            else:
                bonus = mark_civ(s, b, ACT_SPACE[action], CARD_VALUE[c])
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
        if bonus:  # start the bonus entry it earns
            if bonus_possible(s, b, bonus, self.limit() if self.limited else -1):
                s[b + PEND] = bonus
                return
            self.lost = [*self.lost, (self.turn, player, -bonus)]  # §2: a bonus entry with no legal space is lost
        # §3: the player's card and chain are done; after the active player the others choose, then the turn ends
        if self.phase == PH_ACTIVE:
            self.phase = PH_OTHERS
            self.cur = OTHERS_AFTER[self.num_players][self.active]
            return
        cur = self.cur
        if len(cur) > 1:
            try:
                self.cur = OTHERS_LEFT[cur][player]
            except KeyError:  # a set of seats no turn of play makes (a state built by hand)
                i = cur.index(player)
                self.cur = cur[:i] + cur[i + 1 :]
            return
        if cur[0] != player:
            raise ValueError(f"seat {player} is not choosing now")
        n = self.num_players
        self.used = self.used + self.face  # shared with clones: replaced, never changed in place
        self.face = []
        s[CHOSEN::W] = UNCHOSEN[n]
        self.active = a = (self.active + 1) % n
        self.phase = PH_REVEAL
        self.cur = (a,)
        self.turn += 1

    def _reveal(self) -> tuple[str, ...]:
        """§3.1/§4: reveal until three non-Ra cards are face up; the third Ra of a Kingdom scores it at once."""
        deck = self.deck
        start = pos = self.pos
        face = self.face[:]  # shared with clones: replaced, never changed in place
        while len(face) < FACE_UP:
            c = deck[pos]
            pos += 1
            if c != RA_CODE:
                face.append(c)
                continue
            self.ra += 1
            if self.ra % RA_PER_KINGDOM == 0:
                counts, points = score_kingdom(self.s, self.num_players, self.ra // RA_PER_KINGDOM - 1)
                self.kcounts = [*self.kcounts, counts]
                self.kpoints = [*self.kpoints, points]
                if self.ra == RA_CARDS:  # §4: the 9th Ra ends the game; face-up cards are discarded unused
                    self.pos = pos
                    self.used = self.used + face
                    self.face = []
                    self.bonuses = end_bonuses(self.s, self.num_players)
                    self.phase = PH_OVER
                    self.cur = ()
                    return tuple(map(_NAME, deck[start:pos]))
        self.face = face
        self.pos = pos
        self.phase = PH_ACTIVE
        return tuple(map(_NAME, deck[start:pos]))
