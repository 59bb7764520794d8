"""Bots at the tables: decisions as pure tasks, the pools that run them (worker processes or threads), and the
runner that plays every table's bot seats."""
