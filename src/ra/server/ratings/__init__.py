"""Results and ratings: a background sweep records each finished table's result once, and updates the ratings of a
rated table's players in the same transaction (openskill); leaderboards and player pages read them
(docs/ACCOUNTS.md)."""
