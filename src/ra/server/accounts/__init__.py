"""Accounts (optional: guests play as before): passwords, sessions and their CSRF tokens, sign-in throttling, the
link between an account and its tables' seats, export and deletion (docs/ACCOUNTS.md)."""
