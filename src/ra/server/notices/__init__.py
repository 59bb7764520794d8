"""Notices that tell a person it is their turn at a turn-based table: by e-mail (each turn, or a daily digest, never
in quiet hours) and in the page (docs/ACCOUNTS.md)."""
