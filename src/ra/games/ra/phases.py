"""The turn structure of Ra as data (docs/rules/ra.md §3-§8): phases, who decides in each, and auction types.

Exactly one seat decides at a time (`State.cur`); the phase says which decision it is. Seats that have no real
decision (no face-up disk, a bid they cannot beat, a disaster without choice) are never asked (§5, §7).
"""

from __future__ import annotations

# The phases and who decides in each.
TURN = 0  # §3: the player whose turn it is draws a tile, invokes Ra or spends a god
AUCTION = 1  # §5: each bidder once, from the Ra player's left round to the Ra player, bids or passes
GODS = 2  # §6: the player who spent a god takes another tile with a god, or stops
DISASTER = 3  # §7: the player who gained War or Earthquake chooses the tiles it destroys, one at a time
OVER = 4  # §9.4: epoch 3 has been scored; nobody decides
PHASE_NAMES: tuple[str, ...] = ("turn", "auction", "gods", "disaster", "over")  # as in views
# Phases in which the seat that just acted may go on with the same turn: more tiles with gods (§6), more tiles to
# destroy (§7). A seat's turn is over when it is no longer to act, or when a new turn begins (§3: alone in an epoch,
# the same player draws again).
TURN_GOES_ON = (GODS, DISASTER)

# §5 auction types, fixed when the auction starts: who may pass and what happens to an unsold lot.
NO_AUCTION = 0
RA_DRAWN = 1  # a drawn Ra tile started it: everyone may pass; an unsold lot stays on the track
INVOKED_NONFULL = 2  # Ra invoked with a track that is not full: the Ra player must bid if everyone else passed
INVOKED_FULL = 3  # Ra invoked with a full track: everyone may pass; an unsold lot is discarded
AUCTION_KIND_NAMES: tuple[str, ...] = ("", "ra_drawn", "invoked_nonfull", "invoked_full")  # as in views
