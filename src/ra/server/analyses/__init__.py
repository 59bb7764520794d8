"""Analyses of finished games in the server (docs/ANALYSIS.md, "In the server"): asked for over HTTP, stored with
the game (`store`), computed once across the processes in the bot workers' low-priority lane (`runner`)."""
