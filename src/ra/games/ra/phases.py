"""Phase and auction-type codes of a Ra state, and their names in views (docs/VIEWS.md)."""

TURN, AUCTION, GODS, DISASTER, OVER = 0, 1, 2, 3, 4
PHASE_NAMES: tuple[str, ...] = ("turn", "auction", "gods", "disaster", "over")

# §5 auction types, fixed when the auction starts.
NO_AUCTION, RA_DRAWN, INVOKED_NONFULL, INVOKED_FULL = 0, 1, 2, 3
AUCTION_KIND_NAMES: tuple[str, ...] = ("", "ra_drawn", "invoked_nonfull", "invoked_full")
