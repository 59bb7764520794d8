"""The tables of one server process: the table service (validate, apply, commit, publish), the table in memory and
its snapshots, creation, the story a table tells, bounded caches, rebuilding from storage, group commits."""
