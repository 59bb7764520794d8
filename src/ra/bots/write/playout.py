"""The RA and Write playout for `mcts`: a cheap rule-of-thumb policy to the end of the Kingdom, then the sheet
estimate (docs/rules/ra-and-write.md §2, §5)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ra.bots.playout import margin_rewards, terminal_rewards
from ra.bots.write.heuristic import prune
from ra.bots.write.valuation import C0, M0, NCIV, PH, PHARAOH_SPACES, W, sheet_values
from ra.core.protocol import GameState
from ra.games.write import State, actions, tables

ACT_ARG, ACT_KIND, ACT_SLOT, ACT_SPACE = actions.ACT_ARG, actions.ACT_KIND, actions.ACT_SLOT, actions.ACT_SPACE
K_TAKE, K_DECLINE = actions.K_TAKE, actions.K_DECLINE
K_CARD_GOD, K_CARD_NILE, K_CARD_CIV = actions.K_CARD_GOD, actions.K_CARD_NILE, actions.K_CARD_CIV
K_BONUS_GOD, K_BONUS_NILE, K_BONUS_CIV = actions.K_BONUS_GOD, actions.K_BONUS_NILE, actions.K_BONUS_CIV
K_BONUS_PHARAOH, K_BONUS_MONUMENT = actions.K_BONUS_PHARAOH, actions.K_BONUS_MONUMENT
CARD_KIND, CARD_VALUE, MONUMENT, PHARAOH = tables.CARD_KIND, tables.CARD_VALUE, tables.MONUMENT, tables.PHARAOH

SCALE = 8.0
MAX_STEPS = 400
MONUMENT_STEP = (2.5, 2.0, 4.0, -1.0)  # by marks already in the column


def quick_score(st: State, player: int, action: int) -> float:
    """A rule-of-thumb worth of one action, computed without copying the state."""
    kind = ACT_KIND[action]
    s = st.sheets
    b = player * W
    k = min(st.ra // 3, 2)
    scorings = 3 - k
    if kind == K_DECLINE:
        return -1.0
    if kind in (K_CARD_GOD, K_BONUS_GOD):
        number = CARD_VALUE[st.face[ACT_SLOT[action]]] if kind == K_CARD_GOD else 20
        j = ACT_SPACE[action] // 3
        return number / 4.0 if j == k else (number / 7.0 if j > k else -2.0)
    if kind in (K_CARD_NILE, K_BONUS_NILE):
        number = CARD_VALUE[st.face[ACT_SLOT[action]]] if kind == K_CARD_NILE else ACT_ARG[action]
        return float(scorings + 0.5 - 0.25 * abs(ACT_SPACE[action] - (number - 1) * 11.0 / 19.0))
    if kind in (K_CARD_CIV, K_BONUS_CIV):
        line = ACT_SPACE[action]
        if line < k:
            return -2.0
        marks = sum(s[b + C0 + line * NCIV : b + C0 + (line + 1) * NCIV])
        return (5.0, 0.5, 4.0, 5.0, 5.0)[min(marks, 4)] * (1.0 if line == k else 0.5)
    if kind == K_BONUS_PHARAOH:
        return 3.0 if s[b + PH] < PHARAOH_SPACES else -1.0
    if kind == K_BONUS_MONUMENT:
        return MONUMENT_STEP[min(s[b + M0 + ACT_ARG[action]], 3)] + (scorings if not s[b + M0 + ACT_ARG[action]] else 0)
    if kind == K_TAKE:
        card = st.face[ACT_SLOT[action]]
        ck = CARD_KIND[card]
        if ck == PHARAOH:
            return 3.0 if s[b + PH] < PHARAOH_SPACES else -1.0
        if ck == MONUMENT:
            marks = s[b + M0 + CARD_VALUE[card]]
            return MONUMENT_STEP[min(marks, 3)] + (scorings if not marks else 0)
        return -1.0  # a card that cannot be entered
    return 0.0


def rollout_action(st: State, player: int, rng: random.Random) -> int:
    """The playout policy: the best rule-of-thumb action, with a little noise."""
    legal = st.legal_actions(player)
    if len(legal) == 1:
        return legal[0]
    best, best_score = legal[0], float("-inf")
    for action in legal:
        score = quick_score(st, player, action) + rng.random() * 1.5
        if score > best_score:
            best, best_score = action, score
    return best


def candidates(state: GameState, player: int, legal: Sequence[int]) -> Sequence[int]:
    """The actions the search considers: Nile bonus entries thinned to three numbers per space."""
    return prune(legal) if len(legal) > 12 else legal


def rollout(state: GameState, rng: random.Random) -> list[float]:
    """Play the rule-of-thumb policy until the current Kingdom is scored; rewards from the sheet estimate."""
    if not isinstance(state, State):
        raise TypeError(f"the RA and Write playout needs an RA and Write state, not {type(state).__name__}")
    play_kingdom_out(state, rng)
    if state.is_terminal():
        return terminal_rewards(state)
    return margin_rewards(sheet_values(state), SCALE)


def play_kingdom_out(state: State, rng: random.Random) -> None:
    """Play the rule-of-thumb policy for every seat until the current Kingdom is scored (or the game ends)."""
    kingdom = state.ra // 3
    steps = 0
    while not state.is_terminal() and state.ra // 3 == kingdom and steps < MAX_STEPS:
        player = state.current_players()[0]
        state.push(rollout_action(state, player, rng), player)
        steps += 1
