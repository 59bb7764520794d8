"""What applying an action does in RA and Write (docs/rules/ra-and-write.md §2 entries, §3 a turn, §4 the end).

`WriteRules` holds the state's fields (the one field list, FIELDS) and the rules that move it from one decision to
the next; `ra.games.write.state.State` adds the public protocol on top. Nothing here checks legality.
"""

from __future__ import annotations

from array import array

from ra.core.protocol import Move
from ra.games.write.actions import (
    K_BONUS_CIV,
    K_BONUS_GOD,
    K_BONUS_MONUMENT,
    K_BONUS_NILE,
    K_BONUS_PHARAOH,
    K_TAKE,
)
from ra.games.write.actions import REVEAL as REVEAL_ACTION  # the phase is REVEAL
from ra.games.write.fields import FIELDS as FIELDS  # re-exported: tests read the field table here
from ra.games.write.fields import STORED as STORED
from ra.games.write.moves import SharedLists
from ra.games.write.options import Options
from ra.games.write.phases import ACTIVE_CHOICE, OTHERS_AFTER, OTHERS_CHOICE, OTHERS_LEFT, OVER, REVEAL
from ra.games.write.plan import PLAN, TAKE_ENTRY
from ra.games.write.scorers import FINAL_SCORERS, KINGDOM_SCORERS
from ra.games.write.sheet import (
    ALL_TOPS_BONUS,
    B_ANY,
    B_CIV,
    B_MONUMENT,
    B_NILE,
    B_PHARAOH,
    CHOSEN,
    MONUMENTS_END,
    MONUMENTS_START,
    NILE_END,
    NILE_START,
    NUM_CIV_TYPES,
    PENDING_BONUS,
    PHARAOH_SYMBOLS_START,
    PHARAOHS_MARKED,
    SHEET_CODE,
    SHEET_WIDTH,
    Sheets,
    bonus_possible,
)
from ra.games.write.tables import (
    CARD_NAMES,
    CARD_VALUE,
    CIV_LINE_BONUS_AT,
    FACE_UP,
    KINGDOMS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    MONUMENT_ROWS,
    PHARAOH_SPACES,
    RA_CARDS,
    RA_CODE,
    RA_PER_KINGDOM,
    SYMBOL_AT,
)

LAST_KINGDOM = len(KINGDOMS) - 1
_NAME = CARD_NAMES.__getitem__
_NAMES = tuple(CARD_NAMES)
if FACE_UP != 3:  # push's common reveals name the three (or, with one Ra, four) drawn cards one by one
    raise ImportError("push's common reveal assumes three face-up cards")
if (LAST_KINGDOM + 1) * RA_PER_KINGDOM != RA_CARDS:  # the 9th Ra's scoring is the last Kingdom's (FINAL_SCORERS)
    raise ImportError("the last Ra card must end the last Kingdom")
if REVEAL_ACTION:  # push tells a reveal by its id being 0
    raise ImportError("push assumes the reveal is action 0")
_new_move = tuple.__new__  # Move(...) without the named tuple's Python-level __new__
# The face-up cards between turns: one empty list that every state shares, as face-up lists are replaced, never
# changed in place (clones share them already); a new list per turn cost the push replay 2-4%.
NO_FACE: list[int] = []
# Every seat's CHOSEN box cleared, by player count.
UNCHOSEN = {n: array(SHEET_CODE, [-1] * n) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)}


class WriteRules(SharedLists):
    """The fields of an RA and Write state and what entering a card, a bonus or a reveal does to them."""

    __slots__ = tuple(name for name in FIELDS if name not in STORED)
    options: Options  # with the starting seat chosen at setup
    num_players: int
    seed: int | None
    order: tuple[str, ...] | None  # the deck order given at setup (card names), if any
    deck: tuple[int, ...]  # card codes, first revealed first; deck[pos:] is still to reveal
    pos: int
    face: list[int]  # the face-up cards, by slot
    sheets: Sheets  # every scoresheet, one flat array of small ints (sheet.py)
    phase: int  # phases.REVEAL .. phases.OVER
    active: int  # the active seat
    turn: int  # from 1
    ra: int  # Ra cards set aside so far (0-9)
    cur: tuple[int, ...]  # the seats that may act now
    lost: list[tuple[int, int, int]]  # (turn, seat, card code, or -bonus kind for a lost bonus entry)
    kingdom_counts: list[list[int]]  # per scored Kingdom, what counted: flat [seat * 5 + section]
    kingdom_points: list[list[int]]  # per scored Kingdom, the points: flat [seat * 5 + section]
    bonuses: list[int]  # the end bonuses once the game is over: flat [seat * 5 + bonus]
    limited: bool  # options.kingdom_limited, at hand for the hot path

    def kingdom(self) -> int:
        """The current Kingdom: 0 Old, 1 Middle, 2 New."""
        return min(self.ra // RA_PER_KINGDOM, LAST_KINGDOM)

    def limit(self) -> int:
        """The Kingdom Gods and Civilization entries are limited to (kingdom-limited variant), else -1."""
        return min(self.ra // RA_PER_KINGDOM, LAST_KINGDOM) if self.limited else -1

    def reserved(self) -> int:
        """The face-up slot reserved by the active player this turn, or -1."""
        return self.sheets[self.active * SHEET_WIDTH + CHOSEN]

    def push(self, action: int, player: int | None = None) -> None:
        """Apply an action known to be legal (no checks)."""
        if player is None:
            player = self.cur[0]
        if not action:  # REVEAL_ACTION, the only action 0 (one test, not a comparison)
            pos = self.pos
            deck = self.deck
            if not self.face and pos + FACE_UP <= len(deck):
                # Three cards by name (FACE_UP is 3, checked at import), read one by one: no slice to allocate.
                first = deck[pos]
                second = deck[pos + 1]
                third = deck[pos + 2]
                if first != RA_CODE and second != RA_CODE and third != RA_CODE:  # §3.1, the common case: no Ra
                    self.face = [first, second, third]  # shared with clones: replaced, never changed in place
                    self.pos = pos + FACE_UP
                    self.phase = ACTIVE_CHOICE
                    draws = (_NAMES[first], _NAMES[second], _NAMES[third])
                    self._moves.append(_new_move(Move, (player, REVEAL_ACTION, draws)))
                    return
            ra = self.ra
            if not self.face and ra % RA_PER_KINGDOM < RA_PER_KINGDOM - 1:  # §3.1: one Ra that ends no Kingdom
                drawn = deck[pos : pos + FACE_UP + 1]
                if drawn.count(RA_CODE) == 1 and len(drawn) == FACE_UP + 1:  # so the three others are face up
                    first, second, third, fourth = drawn
                    face = [first, second, third, fourth]
                    face.remove(RA_CODE)
                    self.face = face
                    self.pos = pos + FACE_UP + 1
                    self.ra = ra + 1
                    self.phase = ACTIVE_CHOICE
                    names = (_NAMES[first], _NAMES[second], _NAMES[third], _NAMES[fourth])
                    self._moves.append(_new_move(Move, (player, REVEAL_ACTION, names)))
                    return
            self._moves.append(_new_move(Move, (player, REVEAL_ACTION, self._reveal())))
            return
        # §2: make a card or bonus entry (or decline one), written out here rather than by calling sheet.py's entry
        # functions: a call costs as much as the entry itself. tests/games/write/test_shared_lists.py holds them equal.
        entry, slot, arg, move, b, mark, at, symbol, lo, hi = PLAN[action][player]  # offsets ready (plan.py)
        self._moves.append(move)
        s = self.sheets
        if slot is not None:  # a card: it gives the number or type, and a taken card its section
            s[mark] = slot  # the seat's CHOSEN box
            c = self.face[slot]
            arg = CARD_VALUE[c]
            if entry == K_TAKE:
                entry = TAKE_ENTRY[c]
        else:
            s[mark] = 0  # the seat's pending bonus entry, made now
        if entry == K_BONUS_GOD:  # filling a Kingdom's 3rd space writes its total and earns a Pharaohs entry
            s[at] = arg
            if s[lo] and s[lo + 1] and s[lo + 2]:  # lo: the Kingdom's first space, hi: its total box
                if s[hi] < 0:
                    s[hi] = s[lo] + s[lo + 1] + s[lo + 2]
                if not s[symbol]:
                    s[symbol] = 1
                    if s[b + PHARAOHS_MARKED] < PHARAOH_SPACES:  # bonus_possible(B_PHARAOH) written out, as below
                        s[b + PENDING_BONUS] = B_PHARAOH
                        return
                    self.lost = [*self.lost, (self.turn, player, -B_PHARAOH)]
        elif entry == K_BONUS_CIV:  # a line reaching 3 marks earns a Monuments entry (once per line)
            s[at + arg] = 1  # at: the line's first space
            if not s[symbol] and s[at : at + NUM_CIV_TYPES].count(1) >= CIV_LINE_BONUS_AT:  # marks are 0 or 1
                s[symbol] = 1
                if min(s[b + MONUMENTS_START : b + MONUMENTS_END]) < MONUMENT_ROWS:
                    s[b + PENDING_BONUS] = B_MONUMENT
                    return
                self.lost = [*self.lost, (self.turn, player, -B_MONUMENT)]
        elif entry == K_BONUS_MONUMENT:  # the topmost empty space; all eight tops earn an any-section entry (once)
            at += arg  # at: the first column
            m = s[at]
            if m < MONUMENT_ROWS:
                s[at] = m + 1
                if not m and not s[b + ALL_TOPS_BONUS]:
                    try:  # a column without a mark; else all eight tops are marked now (once a game per seat)
                        s.index(0, b + MONUMENTS_START, b + MONUMENTS_END)
                    except ValueError:
                        s[b + ALL_TOPS_BONUS] = 1
                        if self._earn(b, B_ANY, player):
                            return
            else:  # a full column: only a taken card gets here, and it is lost
                self.lost = [*self.lost, (self.turn, player, c)]
        elif entry == K_BONUS_NILE:  # filling a part's 3rd space earns a Civilization entry (once per part)
            s[at] = arg
            if not s[symbol] and 0 not in s[lo:hi]:  # lo:hi the part's spaces
                s[symbol] = 1
                if self._earn(b, B_CIV, player):
                    return
        elif entry == K_BONUS_PHARAOH:  # the leftmost empty space; a Nile symbol earns a Nile entry
            m = s[lo]  # lo: the Pharaohs' marks
            if m < PHARAOH_SPACES:
                s[lo] = m + 1
                sym = SYMBOL_AT[m]
                if sym >= 0 and not s[b + PHARAOH_SYMBOLS_START + sym]:
                    s[b + PHARAOH_SYMBOLS_START + sym] = 1
                    if 0 in s[b + NILE_START : b + NILE_END]:
                        s[b + PENDING_BONUS] = B_NILE
                        return
                    self.lost = [*self.lost, (self.turn, player, -B_NILE)]
            else:  # a full row: only a taken card gets here, and it is lost
                self.lost = [*self.lost, (self.turn, player, c)]
        elif entry == K_TAKE:  # a God, Nile or Civilization card with no legal space is lost
            self.lost = [*self.lost, (self.turn, player, c)]
        # §3: the player's card and chain are done; after the active player the others choose, then the turn ends
        cur = self.cur
        if len(cur) > 1:  # only the other players' choices have several seats to act
            try:
                self.cur = OTHERS_LEFT[cur][player]
            except KeyError:  # a set of seats no turn of play makes (a state built by hand)
                i = cur.index(player)
                self.cur = cur[:i] + cur[i + 1 :]
            return
        if self.phase == ACTIVE_CHOICE:
            self.phase = OTHERS_CHOICE
            self.cur = OTHERS_AFTER[self.num_players][self.active]
            return
        if cur[0] != player:
            raise ValueError(f"seat {player} is not choosing now")
        n = self.num_players
        self._used = (self._used, self.face)  # the face-up list is never changed in place
        self.face = NO_FACE
        s[CHOSEN::SHEET_WIDTH] = UNCHOSEN[n]
        self.active = a = (self.active + 1) % n
        self.phase = REVEAL
        self.cur = (a,)
        self.turn += 1

    def _earn(self, b: int, bonus: int, player: int) -> bool:
        """Start the bonus entry just earned (True), or note it lost if it has no legal space (§2, False).

        The Pharaohs, Nile and Monuments entries, whose spaces do not depend on the Kingdom, are written out in push.
        """
        s = self.sheets
        if bonus_possible(s, b, bonus, self.limit() if self.limited else -1):
            s[b + PENDING_BONUS] = bonus
            return True
        self.lost = [*self.lost, (self.turn, player, -bonus)]
        return False

    def _reveal(self) -> tuple[str, ...]:
        """§3.1/§4: reveal until three non-Ra cards are face up; the third Ra of a Kingdom scores it at once."""
        deck = self.deck
        start = pos = self.pos
        face = self.face[:]  # shared with clones: replaced, never changed in place
        ra = self.ra
        while len(face) < FACE_UP:
            c = deck[pos]
            pos += 1
            if c != RA_CODE:
                face.append(c)
                continue
            ra += 1
            if ra % RA_PER_KINGDOM == 0:
                s = self.sheets  # scoring.score_kingdom, written out per player count and Kingdom (scorers.py)
                if ra == RA_CARDS:  # §4: the 9th Ra ends the game; face-up cards are discarded unused
                    # The New Kingdom's scoring and the end bonuses in one pass: its counts tell three bonuses.
                    counts, points, self.bonuses = FINAL_SCORERS[self.num_players](s, s.tobytes())
                    self.kingdom_counts = [*self.kingdom_counts, counts]
                    self.kingdom_points = [*self.kingdom_points, points]
                    self.ra = ra
                    self.pos = pos
                    self._used = (self._used, face)
                    self.face = NO_FACE
                    self.phase = OVER
                    self.cur = ()
                    return tuple(map(_NAME, deck[start:pos]))
                counts, points = KINGDOM_SCORERS[self.num_players][ra // RA_PER_KINGDOM - 1](s, s.tobytes())
                self.kingdom_counts = [*self.kingdom_counts, counts]
                self.kingdom_points = [*self.kingdom_points, points]
        self.ra = ra
        self.face = face
        self.pos = pos
        self.phase = ACTIVE_CHOICE
        return tuple(map(_NAME, deck[start:pos]))
