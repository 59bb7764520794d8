"""The database schema: SQLAlchemy tables, and Alembic migrations (`migrations/` beside this file) that build the same.

A test compares the two (Alembic's autogenerate comparison on a freshly migrated database must find nothing), so
a change here needs its migration and the other way round.
"""

from __future__ import annotations

from pathlib import Path

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy.engine import Engine
from sqlalchemy.exc import SQLAlchemyError

MIGRATIONS = Path(__file__).with_name("migrations")
MIGRATION_LOCK = 0x7261_6D69  # PostgreSQL advisory lock held while one process migrates ("rami")

metadata = sa.MetaData()

tables_t = sa.Table(
    "tables",
    metadata,
    sa.Column("id", sa.String(40), primary_key=True),
    sa.Column("game", sa.String(20), nullable=False),
    sa.Column("options", sa.JSON, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("seats", sa.JSON, nullable=False),
    sa.Column("status", sa.String(16), nullable=False, index=True),
    sa.Column("seq", sa.Integer, nullable=False, server_default="0"),
    sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    sa.Column("updated", sa.DateTime(timezone=True), nullable=False),
    # The secret that seeds the table's bots (independent of the game seed; never sent).
    sa.Column("bot_seed", sa.BigInteger, nullable=False, server_default="0"),
    # SHA-256 of the creator's token (from which the seat tokens derive); NULL for tables made before it existed.
    sa.Column("creator_hash", sa.String(64), nullable=True),
    # The players' clocks (tables/clocks.py): per seat the time left and since when it runs, written in each move's
    # transaction; NULL for a table without a clock. `due`: the moment the first running clock runs out (the timer
    # the clock sweep looks for); `clock_version` counts the clock's own events (a time-out, a return, a leave), and
    # a move commits only on the version it was made on, so that no time-out and move cross unseen.
    sa.Column("clock", sa.JSON, nullable=True),
    sa.Column("due", sa.DateTime(timezone=True), nullable=True, index=True),
    sa.Column("clock_version", sa.Integer, nullable=False, server_default="0"),
)

moves_t = sa.Table(
    "moves",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("table_id", sa.String(40), sa.ForeignKey("tables.id", ondelete="CASCADE"), nullable=False),
    sa.Column("seq", sa.Integer, nullable=False),
    sa.Column("player", sa.Integer, nullable=False),
    sa.Column("action", sa.Integer, nullable=False),
    sa.Column("notation", sa.String(64), nullable=False),
    sa.Column("draws", sa.JSON, nullable=False),
    sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    # An undo step (docs/RECORDS.md): the seq of the move it takes back; NULL for a move. Steps are only added.
    sa.Column("undoes", sa.Integer, nullable=True),
    sa.Column("stand_in", sa.Boolean, nullable=True),  # a bot made the move for a person's seat
    sa.UniqueConstraint("table_id", "seq", name="uq_moves_table_seq"),
)

# A row per table whose bots must act: the lease on that bot turn (docs/DEPLOY.md). Written in the transaction of the
# move that hands the turn to a bot (and deleted by the one that ends it), so a due bot turn is never forgotten; a
# process plays it only while it is the `owner`, and another takes it over once `expires` has passed.
bot_turns_t = sa.Table(
    "bot_turns",
    metadata,
    sa.Column("table_id", sa.String(40), sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("seq", sa.Integer, nullable=False),  # the table's seq when its bots became due
    sa.Column("owner", sa.String(80), nullable=True),
    sa.Column("expires", sa.DateTime(timezone=True), nullable=False, index=True),
)

# -- accounts, ratings and chat (docs/ACCOUNTS.md): tables of their own, beside the tables' rows --------------------

# A person who signed up. `name_key` is the name folded for comparison (unique: "Ann" and "ann" are one name);
# `name_skeleton` folded for the eye (unique: "admin" and "аdmin" (a Cyrillic а) are one name; guards/look_alikes.py);
# `password` an Argon2 hash; `email` optional, for notices and resets, never shown in any view, log or answer; it
# receives notices only once `email_verified` (the moment its signed link was opened). `mail_secret`: a random
# secret per account that signs its mails' links (verification, one-click unsubscribe).
accounts_t = sa.Table(
    "accounts",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("name", sa.String(40), nullable=False),
    sa.Column("name_key", sa.String(160), nullable=False, unique=True),
    sa.Column("password", sa.String(255), nullable=False),
    sa.Column("email", sa.String(254), nullable=True),
    sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    sa.Column("name_skeleton", sa.String(160), nullable=True),
    sa.Column("email_verified", sa.DateTime(timezone=True), nullable=True),
    sa.Column("mail_secret", sa.String(64), nullable=True),
    # "person", or "bot": an account a program plays through its tokens (bot_tokens_t), never signed in with a
    # password; `owner_id` the person who made it (itself for a person who turned their own account into a bot).
    sa.Column("kind", sa.String(8), nullable=False, server_default="person"),
    sa.Column("owner_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=True, index=True),
    sa.UniqueConstraint("name_skeleton", name="uq_accounts_name_skeleton"),
)

# A signed-in browser: the SHA-256 of its cookie's secret, never the secret; `id` names it on the sessions list.
sessions_t = sa.Table(
    "sessions",
    metadata,
    sa.Column("id", sa.String(24), primary_key=True),
    sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
    sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False, index=True),
    sa.Column("agent", sa.String(120), nullable=False, server_default=""),
    sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    sa.Column("seen", sa.DateTime(timezone=True), nullable=False),
    sa.Column("expires", sa.DateTime(timezone=True), nullable=False, index=True),
)

# Failed sign-ins of the last minutes, per key (a folded name, or an address's hash): shared by every process.
sign_in_failures_t = sa.Table(
    "sign_in_failures",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("key", sa.String(80), nullable=False, index=True),
    sa.Column("at", sa.DateTime(timezone=True), nullable=False, index=True),
)

# Where an account was seen signing up or in: `kind` "address" (a SHA-256 of the client address) or "device" (a
# SHA-256 of the browser's device cookie), with the last time. A known device signs in past a name's throttle, and
# rated games between accounts that share a mark within the window move no rating (ratings/sweep.py).
account_marks_t = sa.Table(
    "account_marks",
    metadata,
    sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("kind", sa.String(8), primary_key=True),
    sa.Column("mark", sa.String(64), primary_key=True),
    sa.Column("seen", sa.DateTime(timezone=True), nullable=False),
    sa.Index("ix_account_marks_kind_mark", "kind", "mark"),
)

# Accounts made per client address (a SHA-256 of it), counted in the database so that a restart or another process
# counts the same; rows older than the sign-up window are forgotten.
sign_ups_t = sa.Table(
    "sign_ups",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("key", sa.String(80), nullable=False, index=True),
    sa.Column("at", sa.DateTime(timezone=True), nullable=False, index=True),
)

# Whose a table's seat is: one account per seat, with the seat's token so that any of its browsers can open it.
account_seats_t = sa.Table(
    "account_seats",
    metadata,
    sa.Column("table_id", sa.String(40), sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False, index=True),
    sa.Column("token", sa.String(64), nullable=False),
    sa.Column("joined", sa.DateTime(timezone=True), nullable=False),
)

# A bot account's API tokens (docs/BOT_API.md): the SHA-256 of the token, never the token; `scopes` "play" and/or
# "read" (comma-separated); `last_used` written at most once a minute; `revoked` set once, never cleared.
bot_tokens_t = sa.Table(
    "bot_tokens",
    metadata,
    sa.Column("id", sa.String(24), primary_key=True),
    sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False, index=True),
    sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
    sa.Column("label", sa.String(40), nullable=False),
    sa.Column("scopes", sa.String(40), nullable=False),
    sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    sa.Column("last_used", sa.DateTime(timezone=True), nullable=True),
    sa.Column("revoked", sa.DateTime(timezone=True), nullable=True),
)

# A table's creator invited a bot account to a person seat nobody holds yet: one invitation per seat; `by` the
# inviting person's account name ("" for a guest creator), shown to the bot.
bot_invitations_t = sa.Table(
    "bot_invitations",
    metadata,
    sa.Column("table_id", sa.String(40), sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False, index=True),
    sa.Column("by", sa.String(40), nullable=False, server_default=""),
    sa.Column("created", sa.DateTime(timezone=True), nullable=False),
)

# How a table is offered (set by its creator before anyone sits down): seats anyone signed in may take from the
# lobby, rated or not (and whether its bots count, as fixed anchors), and its pace (live or turn-based).
listings_t = sa.Table(
    "listings",
    metadata,
    sa.Column("table_id", sa.String(40), sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("open_seats", sa.Boolean, nullable=False),
    sa.Column("rated", sa.Boolean, nullable=False),
    sa.Column("rated_bots", sa.Boolean, nullable=False),
    sa.Column("turn_based", sa.Boolean, nullable=False),
    # A rated table with a bot account at it is rated in the bots' pool unless this is false (docs/ACCOUNTS.md).
    sa.Column("bots_pool", sa.Boolean, nullable=False, server_default=sa.true()),
    # A moderator hid it (docs/MODERATION.md): the lobby no longer offers its seats.
    sa.Column("hidden", sa.Boolean, nullable=False, server_default=sa.false()),
)

# Whoever can have a rating: an account, or a bot by its spec. `id` is public (player pages) and random.
players_t = sa.Table(
    "players",
    metadata,
    sa.Column("id", sa.String(24), primary_key=True),
    sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=True, unique=True),
    sa.Column("bot", sa.String(200), nullable=True, unique=True),
    sa.Column("name", sa.String(200), nullable=False),
)

# A player's rating in one game and pool (openskill's Plackett-Luce: mu and sigma): "people", or "bots" for the
# rated tables a bot account played at.
ratings_t = sa.Table(
    "ratings",
    metadata,
    sa.Column("player_id", sa.String(24), sa.ForeignKey("players.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("game", sa.String(20), primary_key=True),
    sa.Column("pool", sa.String(8), primary_key=True, server_default="people"),
    sa.Column("mu", sa.Float, nullable=False),
    sa.Column("sigma", sa.Float, nullable=False),
    sa.Column("games", sa.Integer, nullable=False),
    sa.Column("updated", sa.DateTime(timezone=True), nullable=False),
)

# Each rating after each rated game: the player page's plot.
rating_history_t = sa.Table(
    "rating_history",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("player_id", sa.String(24), sa.ForeignKey("players.id", ondelete="CASCADE"), nullable=False, index=True),
    sa.Column("game", sa.String(20), nullable=False),
    sa.Column("table_id", sa.String(40), nullable=False),
    sa.Column("mu", sa.Float, nullable=False),
    sa.Column("sigma", sa.Float, nullable=False),
    sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("pool", sa.String(8), nullable=False, server_default="people"),
)

# The outcome of a finished table, written once (the primary key): the ratings it changed are updated in the same
# transaction, so a rating moves exactly once per game whichever process sweeps it first.
game_results_t = sa.Table(
    "game_results",
    metadata,
    sa.Column("table_id", sa.String(40), sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("game", sa.String(20), nullable=False),
    sa.Column("players", sa.Integer, nullable=False),
    sa.Column("scores", sa.JSON, nullable=False),
    sa.Column("winners", sa.JSON, nullable=False),
    sa.Column("rated", sa.Boolean, nullable=False),
    sa.Column("finished", sa.DateTime(timezone=True), nullable=False),
    # Why a table listed as rated moved no rating (e.g. two of its accounts share an address or a device); NULL else.
    sa.Column("flag", sa.String(24), nullable=True),
)

# Each seat of a result that belongs to a player (an account's seat, a bot): its place, for win shares.
result_seats_t = sa.Table(
    "result_seats",
    metadata,
    sa.Column("table_id", sa.String(40), sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("player_id", sa.String(24), sa.ForeignKey("players.id", ondelete="CASCADE"), nullable=False, index=True),
    sa.Column("place", sa.Float, nullable=False),
    sa.Column("won", sa.Boolean, nullable=False),
)

# Chat messages people reported, as the server kept them, for the operator to read (docs/ACCOUNTS.md). A reporter
# reports a message once (`message_id`, the chat's id of it; NULL for reports older than that rule).
chat_reports_t = sa.Table(
    "chat_reports",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("room", sa.String(40), nullable=False),
    sa.Column("sender", sa.String(40), nullable=False),
    sa.Column("sender_key", sa.String(80), nullable=False),
    sa.Column("text", sa.String(1000), nullable=False),
    sa.Column("sent", sa.DateTime(timezone=True), nullable=False),
    sa.Column("reporter_key", sa.String(80), nullable=False),
    sa.Column("reported", sa.DateTime(timezone=True), nullable=False),
    sa.Column("message_id", sa.String(40), nullable=True),
    # The room's messages just before it (JSON, as the chat kept them: chat itself is not stored) and when a
    # moderator marked the report handled (NULL: open).
    sa.Column("context", sa.Text, nullable=True),
    sa.Column("handled", sa.DateTime(timezone=True), nullable=True),
    sa.UniqueConstraint("reporter_key", "message_id", name="uq_chat_reports_reporter_message"),
)

# -- moderation (docs/MODERATION.md) -------------------------------------------------------------------------------

# An account's roles, granted from the command line only (`ra admin grant`): "moderator" or "operator".
account_roles_t = sa.Table(
    "account_roles",
    metadata,
    sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("role", sa.String(12), primary_key=True),
    sa.Column("granted", sa.DateTime(timezone=True), nullable=False),
)

# A mute (no chat) or a ban (no chat, no seats: accounts/bans.py leaves the ones it plays): until `until` (NULL: for
# good) unless `lifted` earlier.
sanctions_t = sa.Table(
    "sanctions",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False, index=True),
    sa.Column("kind", sa.String(8), nullable=False),
    sa.Column("until", sa.DateTime(timezone=True), nullable=True),
    sa.Column("reason", sa.String(500), nullable=False),
    sa.Column("by", sa.String(80), nullable=False),
    sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    sa.Column("lifted", sa.DateTime(timezone=True), nullable=True),
)

# Every moderator's and operator's action: appended, never changed or deleted (a test reads the code for it).
# `target` names whom or what it was about ("account:<id>", "table:<id>", "report:<id>"); `details` JSON.
moderation_log_t = sa.Table(
    "moderation_log",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("by", sa.String(80), nullable=False),
    sa.Column("action", sa.String(20), nullable=False),
    sa.Column("target", sa.String(80), nullable=False, index=True),
    sa.Column("reason", sa.String(500), nullable=False),
    sa.Column("details", sa.Text, nullable=False),
)

# A player blocked another: the blocker does not read the blocked one's chat, and open seats never seat them together.
player_blocks_t = sa.Table(
    "player_blocks",
    metadata,
    sa.Column("blocker_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("blocked_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True, index=True),
    sa.Column("created", sa.DateTime(timezone=True), nullable=False),
)

# -- notices (docs/ACCOUNTS.md): what tells a person it is their turn ----------------------------------------------

# How an account wants to hear of its turns: `mode` off, each (an e-mail per turn) or digest (one a day); quiet hours
# (`quiet_from` to `quiet_to`, hours in `time_zone`: an IANA name or UTC+hh:mm) delay a mail to their end; the
# language of the mails; `browser`: the table page may show a browser notification. No row: the defaults.
notice_prefs_t = sa.Table(
    "notice_prefs",
    metadata,
    sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("mode", sa.String(8), nullable=False),
    sa.Column("quiet_from", sa.SmallInteger, nullable=True),
    sa.Column("quiet_to", sa.SmallInteger, nullable=True),
    sa.Column("time_zone", sa.String(64), nullable=False),
    sa.Column("language", sa.String(16), nullable=True),
    sa.Column("browser", sa.Boolean, nullable=False),
)

# One notice per turn: the seat of an account became to act at the table's `seq` (the unique key makes it once,
# whichever process queues it). `kind` each or digest; `state` queued, sent, dropped (the turn passed, the person
# came back, the cap), failed (retries spent). A process sends a queued notice only after claiming it (`owner`
# until `claimed_until`): a claim left by a dead process expires and another takes it.
notices_t = sa.Table(
    "notices",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("table_id", sa.String(40), sa.ForeignKey("tables.id", ondelete="CASCADE"), nullable=False),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("seq", sa.Integer, nullable=False),
    sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False, index=True),
    sa.Column("kind", sa.String(8), nullable=False),
    sa.Column("state", sa.String(8), nullable=False),
    sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    sa.Column("due", sa.DateTime(timezone=True), nullable=False, index=True),
    sa.Column("tries", sa.Integer, nullable=False, server_default="0"),
    sa.Column("owner", sa.String(80), nullable=True),
    sa.Column("claimed_until", sa.DateTime(timezone=True), nullable=True),
    sa.Column("sent", sa.DateTime(timezone=True), nullable=True),
    sa.UniqueConstraint("table_id", "seat", "seq", name="uq_notices_turn"),
)

# One daily digest per account and day (in its time zone): the process that inserts the row sends it.
notice_digests_t = sa.Table(
    "notice_digests",
    metadata,
    sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("day", sa.String(10), primary_key=True),
    sa.Column("sent", sa.DateTime(timezone=True), nullable=False),
)

# -- puzzles (docs/PUZZLES.md): ratings of solvers and puzzles, one block (migration v0009_puzzles) ----------------

# An account's puzzle rating in one game (openskill's Plackett-Luce: each answer is a game of the solver against the
# puzzle), with its answers counted.
puzzle_solvers_t = sa.Table(
    "puzzle_solvers",
    metadata,
    sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("game", sa.String(20), primary_key=True),
    sa.Column("mu", sa.Float, nullable=False),
    sa.Column("sigma", sa.Float, nullable=False),
    sa.Column("answers", sa.Integer, nullable=False),
    sa.Column("solved", sa.Integer, nullable=False),
    sa.Column("updated", sa.DateTime(timezone=True), nullable=False),
)

# A puzzle's rating, moved by the accounts' first answers (no row: its starting rating from the data file).
puzzle_ratings_t = sa.Table(
    "puzzle_ratings",
    metadata,
    sa.Column("game", sa.String(20), primary_key=True),
    sa.Column("puzzle_id", sa.String(64), primary_key=True),
    sa.Column("mu", sa.Float, nullable=False),
    sa.Column("sigma", sa.Float, nullable=False),
    sa.Column("answers", sa.Integer, nullable=False),
    sa.Column("solved", sa.Integer, nullable=False),
)

# An account's first answer to a puzzle: only that one moves ratings, and a puzzle answered is not offered again.
puzzle_answers_t = sa.Table(
    "puzzle_answers",
    metadata,
    sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("game", sa.String(20), primary_key=True),
    sa.Column("puzzle_id", sa.String(64), primary_key=True),
    sa.Column("correct", sa.Boolean, nullable=False),
    sa.Column("at", sa.DateTime(timezone=True), nullable=False),
)

# -- analyses of finished games (docs/ANALYSIS.md, "In the server") ------------------------------------------------

# One analysis per finished table, requested over HTTP and computed by exactly one process at a time: the `owner`
# works on it until `expires` (renewed as it saves its progress); a claim left by a dead process expires and another
# takes it over, going on from the decisions already in `reports`. `status` queued, running, done or failed; `done`
# and `total` count the decisions evaluated and to evaluate; `result` the GameAnalysis JSON once done.
analyses_t = sa.Table(
    "analyses",
    metadata,
    sa.Column("table_id", sa.String(40), sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("status", sa.String(8), nullable=False, index=True),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("spec", sa.String(200), nullable=False),
    sa.Column("done", sa.Integer, nullable=False, server_default="0"),
    sa.Column("total", sa.Integer, nullable=True),
    sa.Column("reports", sa.JSON, nullable=True),  # the decisions' reports so far, while it runs
    sa.Column("result", sa.Text, nullable=True),
    sa.Column("owner", sa.String(80), nullable=True),
    sa.Column("expires", sa.DateTime(timezone=True), nullable=True),
    sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    sa.Column("finished", sa.DateTime(timezone=True), nullable=True),
    sa.Column("error", sa.String(500), nullable=True),
)

# What a storage call raises when the database cannot do it now (disk full, read-only, unreachable, locked).
STORAGE_ERRORS: tuple[type[BaseException], ...] = (SQLAlchemyError, OSError)


def alembic_config() -> Config:
    """Alembic's configuration for our migrations (programmatic, no alembic.ini)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


class SchemaMismatch(Exception):
    """The database's schema is not the one this version of ra reads."""


class SchemaBehind(SchemaMismatch):
    """The database's schema is older than this version of ra (and the caller asked not to migrate it)."""

    def __init__(self, current: str | None, head: str) -> None:
        super().__init__(f"the database is at revision {current or 'none'}, ra needs {head}")
        self.current, self.head = current, head


class UnknownRevision(SchemaMismatch):
    """The database's revision is none of this version's migrations (a newer ra migrated it)."""

    def __init__(self, current: str) -> None:
        super().__init__(f"the database is at revision {current}, unknown to this version of ra (a newer one?)")
        self.current = current


def revisions(engine: Engine) -> tuple[str | None, str, list[str]]:
    """The database's Alembic revision (None: never migrated), the newest one of this version of ra, and the
    revisions still to apply, oldest first (empty when it is current); UnknownRevision for a revision it lacks."""
    scripts = ScriptDirectory.from_config(alembic_config())
    with engine.connect() as connection:
        current = MigrationContext.configure(connection).get_current_revision()
    head = scripts.get_current_head()
    assert head is not None  # the migrations are one line, never branched
    if current is not None and current not in {script.revision for script in scripts.walk_revisions()}:
        raise UnknownRevision(current)
    pending = [script.revision for script in scripts.iterate_revisions(head, current)]
    return current, head, pending[::-1]


def require_current(engine: Engine) -> None:
    """SchemaBehind if migrations are pending (`ra serve --no-migrate`): the code would meet a schema it lacks."""
    current, head, pending = revisions(engine)
    if pending:
        raise SchemaBehind(current, head)


def upgrade(engine: Engine, to: str = "head") -> None:
    """Bring the database schema to Alembic revision `to` (the newest by default)."""
    config = alembic_config()
    with engine.connect() as connection:
        sqlite = connection.dialect.name == "sqlite"
        if sqlite:
            # A migration that rebuilds `tables` (Alembic's batch mode) must not cascade-delete the moves.
            connection.exec_driver_sql("PRAGMA foreign_keys=OFF")
            connection.commit()
        try:
            with connection.begin():
                if connection.dialect.name == "postgresql":
                    # Processes starting together migrate one after the other (the lock ends with the transaction).
                    connection.execute(sa.text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
                config.attributes["connection"] = connection
                command.upgrade(config, to)
        finally:
            if sqlite:
                connection.exec_driver_sql("PRAGMA foreign_keys=ON")
                connection.commit()
