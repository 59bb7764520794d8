"""Every knob of `ra serve` in one frozen object, `Settings`: where it listens and stores, what one client may send
and open (`Limits`), how the table service runs (`ServiceSettings`: bots, memory, processes sharing a database),
accounts, ratings and chat (`AccountSettings`), and the notices that tell a person it is their turn (`NoticeSettings`).

`ra serve` (src/ra/commands/serve.py) builds it from its options, whose defaults are the defaults here; the app
factory (`ra.server.http.app.create_app`) reads nothing else. Standard library only: the command line reads the
defaults without loading the server.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path


def _cores() -> int:
    return os.cpu_count() or 1


@dataclass(frozen=True)
class Limits:
    """The server's limits per request, message and client address (defaults suit a public server); 0 switches a
    count limit off."""

    max_body: int = 64 * 1024  # bytes of an HTTP request body (413 above)
    max_ws_message: int = 16 * 1024  # bytes of one WebSocket message from a client (close 1009 above)
    max_json_depth: int = 32  # nesting of arrays and objects in any JSON a client sends (400 / bad_message)
    # Bytes of the one form body accepted (a mail program's one-click unsubscribe POST, RFC 8058; 413 above).
    max_form_body: int = 1024
    creations: int = 30  # tables one client address may create per `creation_window` seconds (429 above)
    creation_window: float = 600.0
    ws_per_address: int = 64  # open WebSockets of one client address
    ws_per_table: int = 256  # open WebSockets of one table
    # Messages one WebSocket may send: this many a second on average, in bursts of up to `ws_message_burst` (more:
    # `too_many`, then close 1008). A player sends a few a minute, a fast bot's client a few a second.
    ws_messages_per_second: float = 50.0
    ws_message_burst: int = 200
    head_seconds: float = 10.0  # a request's head (line and headers) arrives within this, or 408 and close
    max_head_line: int = 8000  # bytes of the request line (414 above) or of one header line (431 above)
    max_head: int = 16 * 1024  # bytes of a request's whole head (431 above)
    # The Bot API (docs/BOT_API.md): requests per bot token, this many a second on average in bursts of up to
    # `bot_request_burst` (429 above); failed authentications per client address per `bot_auth_window` seconds
    # (429 above, for every bearer request from that address until the window lets it go).
    bot_requests_per_second: float = 10.0
    bot_request_burst: int = 20
    bot_auth_failures: int = 20
    bot_auth_window: float = 60.0


@dataclass(frozen=True)
class ServiceSettings:
    """How the table service runs (defaults suit a public server on a small machine)."""

    # Seconds a bot waits before it acts (people can follow the moves).
    bot_delay: float = 0.6
    # Worker processes that run bot decisions; 0 runs them in threads of the server (tests, debugging).
    bot_workers: int = field(default_factory=_cores)
    # Hard limit of one decision, queueing included: past it the table gets a fallback move and a worker still on
    # it is killed. Above the largest `seconds` a bot spec may ask for (2 s, docs/BOTS.md).
    bot_deadline: float = 5.0
    # A search bot whose spec sets no `seconds` searches at most this long, so that it ends before the deadline;
    # plug-in bots get it as their time budget per decision.
    bot_seconds: float = 2.0
    # The plug-in bots the operator allows (`ra serve --bot-plugin SPEC`: `module:Class` or `plugin:NAME`), exactly
    # these specs: the lobby offers them, and no other spec a client sends imports anything (docs/BOTS.md).
    bot_plugins: tuple[str, ...] = ()
    # Loaded tables that nobody watches and no bot is playing: the least recently used beyond this leave memory.
    idle_tables: int = 64
    # Serialized replays of finished tables kept in memory (bytes, least recently used dropped first).
    replay_cache_bytes: int = 4 * 1024 * 1024
    # Threads that run storage calls; None: one for a lone process, four when processes share the database.
    storage_threads: int | None = None
    # Waits between retries when storage fails under a bot's move (doubling up to the maximum).
    storage_retry: float = 0.5
    storage_retry_max: float = 10.0
    # Several processes on one database: a bot turn whose process stopped renewing its lease (it died) is taken over
    # by another after this many seconds; leases are renewed every third of it.
    lease_seconds: float = 10.0
    # ... and each process compares its loaded tables with the database this often, in case a doorbell was lost.
    resync_seconds: float = 2.0
    # An unfinished table with no move and nobody watching for this long is closed as `abandoned`, its record kept
    # (docs/DEPLOY.md); 0 never closes one. The sweep looks every `abandon_sweep_seconds`.
    abandon_seconds: float = 3 * 24 * 3600.0
    abandon_sweep_seconds: float = 300.0
    # The players' clocks (docs/DEPLOY.md): how often each process looks for a seat whose time ran out, and the
    # most timers one look handles (the others wait for the next look).
    clock_sweep_seconds: float = 1.0
    clock_sweep_batch: int = 50
    # Tests only: a file holding seconds that the server's time source adds to the system time (ra.server.time_source).
    time_file: Path | None = None
    # Analyses of finished games (docs/ANALYSIS.md, "In the server"): decisions this process evaluates at once, in
    # worker processes of their own at the lowest CPU priority (0: this process computes none, others on the same
    # database do); the hard limit of one decision's evaluation (past it the analysis fails); how often an idle
    # process looks for queued analyses and a working one saves its progress; analyses queued or running at most
    # (more requests answer 429; 0: no limit); and the evaluator spec per game (none: the game's own, `analysis_spec`).
    analysis_workers: int = 1
    analysis_deadline: float = 120.0
    analysis_seconds: float = 2.0
    analysis_queue: int = 100
    analysis_specs: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.bot_workers < 0 or self.idle_tables < 0 or self.replay_cache_bytes < 0:
            raise ValueError("bot_workers, idle_tables and replay_cache_bytes are 0 or more")
        if not 0 < self.bot_seconds < self.bot_deadline:
            raise ValueError("bot_seconds lies between 0 and bot_deadline")
        if self.lease_seconds <= 0 or self.resync_seconds <= 0:
            raise ValueError("lease_seconds and resync_seconds are more than 0")
        if self.abandon_seconds < 0 or self.abandon_sweep_seconds <= 0:
            raise ValueError("abandon_seconds is 0 or more, abandon_sweep_seconds more than 0")
        if self.clock_sweep_seconds <= 0 or self.clock_sweep_batch < 1:
            raise ValueError("clock_sweep_seconds is more than 0, clock_sweep_batch 1 or more")
        if self.bot_delay < 0 or (self.storage_threads is not None and self.storage_threads < 1):
            raise ValueError("bot_delay is 0 or more, storage_threads 1 or more")
        if self.analysis_workers < 0 or self.analysis_queue < 0:
            raise ValueError("analysis_workers and analysis_queue are 0 or more")
        if self.analysis_deadline <= 0 or self.analysis_seconds <= 0:
            raise ValueError("analysis_deadline and analysis_seconds are more than 0")
        object.__setattr__(self, "bot_plugins", tuple(spec.strip() for spec in self.bot_plugins))
        if self.bot_plugins and self.bot_workers == 0:
            # A plug-in hanging in a thread of the server could not be stopped; a worker process is killed.
            raise ValueError("bot_plugins need bot worker processes (bot_workers 1 or more)")

    def threads_for_storage(self, shared: bool) -> int:
        """Threads for storage calls: as set, else one alone and four when processes share the database."""
        if self.storage_threads is not None:
            return self.storage_threads
        return 4 if shared else 1


@dataclass(frozen=True)
class AccountSettings:
    """Accounts, sessions, ratings and chat (docs/ACCOUNTS.md); defaults suit a public server."""

    # Argon2id's cost: passes, memory in KiB, lanes (argon2-cffi's defaults; tests make them small).
    password_time_cost: int = 3
    password_memory_cost: int = 64 * 1024
    password_parallelism: int = 4
    session_days: float = 30.0  # a session not used for this long ends (each use renews it)
    # Cookies are `Secure` except on plain http to a loopback host (127.0.0.1, localhost): development.
    plain_loopback_cookies: bool = True
    # Failed sign-ins before a 429, within `sign_in_window` seconds (docs/ACCOUNTS.md, "Throttling"): per name and
    # client address (per name and device for a device the account signed in from before), per client address, and
    # per name from devices the account never signed in from (high: it only bounds a guess spread over many
    # addresses, and a stranger reaching it locks no known device out).
    sign_in_failures: int = 5
    sign_in_address_failures: int = 20
    sign_in_name_failures: int = 100
    sign_in_window: float = 900.0
    sign_ups: int = 10  # accounts one client address may create per `sign_up_window` seconds (counted in the database)
    sign_up_window: float = 3600.0
    mark_days: float = 90.0  # where an account signed up or in (hashed address and device) is kept this long
    # Argon2 runs in its own threads, not in the pool that storage calls share: this many at once, and this many
    # more waiting; past that a sign-up, sign-in or password check answers 503 at once instead of queueing.
    password_threads: int = 2
    password_queue: int = 16
    ratings_seconds: float = 2.0  # how often finished tables are looked for, to record results and ratings
    # How often each process looks for seats that banned accounts still play, to hand them to a bot (accounts/bans.py).
    ban_sweep_seconds: float = 5.0
    # Rating farming (docs/ACCOUNTS.md, "Ratings"): a rated game between accounts that were seen at one address or
    # on one device within `shared_mark_days` (0: never checked) moves no rating; nor does a game of two accounts
    # that played `pairing_games` rated games together within `pairing_window` seconds already (0: no limit).
    shared_mark_days: float = 30.0
    pairing_games: int = 3
    pairing_window: float = 24 * 3600.0
    chat_length: int = 300  # characters of one chat message
    chat_messages: int = 5  # chat messages one connection may send per `chat_window` seconds
    chat_window: float = 10.0
    chat_history: int = 50  # messages a room keeps for those who arrive later (in memory)
    # Reports one reporter (an account; a seat, in its room) may make in 24 hours, counted in the database; 0: no limit.
    chat_reports_per_day: int = 20
    # A signed-in speaker's session is looked up again before a say or report when the last look is older than this:
    # the fallback should the message that ends a session's sockets be lost (Redis away).
    chat_session_check: float = 5.0

    def __post_init__(self) -> None:
        if min(self.password_time_cost, self.password_memory_cost, self.password_parallelism) < 1:
            raise ValueError("the password costs are 1 or more")
        if self.session_days <= 0 or self.ratings_seconds <= 0 or self.chat_window <= 0:
            raise ValueError("session_days, ratings_seconds and chat_window are more than 0")
        if self.chat_length < 1 or self.chat_history < 0:
            raise ValueError("chat_length is 1 or more, chat_history 0 or more")
        if self.shared_mark_days < 0 or self.pairing_games < 0 or self.pairing_window <= 0:
            raise ValueError("shared_mark_days and pairing_games are 0 or more, pairing_window more than 0")
        if self.password_threads < 1 or self.password_queue < 0:
            raise ValueError("password_threads is 1 or more, password_queue 0 or more")
        if self.sign_in_window <= 0 or self.sign_up_window <= 0 or self.mark_days <= 0:
            raise ValueError("sign_in_window, sign_up_window and mark_days are more than 0")
        if self.chat_reports_per_day < 0 or self.chat_session_check < 0:
            raise ValueError("chat_reports_per_day and chat_session_check are 0 or more")
        if self.ban_sweep_seconds <= 0:
            raise ValueError("ban_sweep_seconds is more than 0")


@dataclass(frozen=True)
class NoticeSettings:
    """Notices by e-mail when it is a person's turn at a turn-based table (docs/ACCOUNTS.md, docs/DEPLOY.md). No
    `smtp_host`: no e-mail is sent or queued, and the account page says so."""

    smtp_host: str | None = None  # the SMTP server that delivers the mails (a relay, or the provider's submission host)
    smtp_port: int = 587
    smtp_from: str = "ra@localhost"  # the mails' From address
    smtp_starttls: bool = True  # upgrade the connection with STARTTLS before sending (and before any password)
    smtp_user: str | None = None  # sign in to the SMTP server with this name and `smtp_password`
    smtp_password: str | None = None
    smtp_timeout: float = 20.0  # seconds one SMTP conversation may take (it runs in a thread, never on the loop)
    # The site's public address, for the links in the mails (e.g. https://ra.example.org); None: http://host:port.
    base_url: str | None = None
    notice_seconds: float = 30.0  # how often the sender looks for notices that are due
    # A turn's mail waits this long first: a player who moves meanwhile (watching on another process, say) gets none.
    grace_seconds: float = 60.0
    per_day: int = 20  # mails one account receives in 24 hours at most (each-turn notices and digests together)
    retries: int = 5  # attempts to deliver one notice before it is given up (the waits double from `retry_seconds`)
    retry_seconds: float = 60.0
    digest_hour: int = 8  # the hour (in the account's time zone) the daily digest is sent, or the end of quiet hours
    claim_seconds: float = 120.0  # a notice claimed by a process that died is sent by another after this
    # Verification mails one account may have sent in 24 hours (per process): nobody mail-bombs a stranger with them.
    verify_mails: int = 3

    def __post_init__(self) -> None:
        if not 0 < self.smtp_port < 65536 or self.smtp_timeout <= 0 or self.notice_seconds <= 0:
            raise ValueError("smtp_port lies in 1..65535, smtp_timeout and notice_seconds are more than 0")
        if self.grace_seconds < 0:
            raise ValueError("grace_seconds is 0 or more")
        if self.per_day < 0 or self.retries < 1 or self.retry_seconds <= 0 or self.claim_seconds <= 0:
            raise ValueError("per_day is 0 or more, retries 1 or more, retry_seconds and claim_seconds more than 0")
        if not 0 <= self.digest_hour <= 23:
            raise ValueError("digest_hour lies in 0..23")
        if self.verify_mails < 1:
            raise ValueError("verify_mails is 1 or more")
        if self.base_url is not None and not self.base_url.startswith(("http://", "https://")):
            raise ValueError("base_url starts with http:// or https://")

    @property
    def mail(self) -> bool:
        """True if e-mail can be sent (an SMTP server is configured)."""
        return bool(self.smtp_host)


@dataclass(frozen=True)
class Settings:
    """Everything `ra serve` can be told."""

    host: str = "127.0.0.1"  # address to listen on (0.0.0.0: every interface)
    port: int = 8000
    data: Path = Path("ra-data")  # the data folder of the embedded SQLite file, ra.sqlite3
    # A SQLAlchemy URL instead of SQLite; with one other than SQLite, or a `redis_url`, the process shares its
    # tables with the other processes on the same database (docs/DEPLOY.md).
    database_url: str | None = None
    redis_url: str | None = None  # the doorbell between those processes
    # Migrate the database to this version's schema on start (False: refuse to start if it is behind, for operators
    # who run `ra admin migrate` themselves before a rolling restart; docs/DEPLOY.md).
    migrate: bool = True
    # Web origins besides the server's own whose pages may open WebSockets (`*`: any).
    allowed_origins: tuple[str, ...] = ()
    # Addresses of the reverse proxies whose X-Forwarded-For / X-Forwarded-Proto headers are believed (uvicorn's
    # `forwarded_allow_ips`; `*`: any). None by default: every per-address limit counts the connecting address, and
    # nobody can pick another address by sending the header (docs/DEPLOY.md).
    forwarded_allow_ips: tuple[str, ...] = ()
    gzip_minimum: int = 1000  # HTTP answers from this many bytes on are compressed
    ws_deflate: bool = False  # compress WebSocket messages (costs CPU per message)
    log_level: str = "info"  # uvicorn's
    log_format: str = "text"  # `json`: one JSON object a line (ra.server.http.logs)
    # `/metrics` in Prometheus' text format (ra.server.http.metrics): on the app itself, and/or on a listener of
    # its own at `metrics_address` (HOST:PORT, e.g. 127.0.0.1:9100; better for a public server). Off by default.
    metrics: bool = False
    metrics_address: str | None = None
    shutdown_grace: int = 5  # seconds open connections get after SIGTERM before the server stops anyway
    limits: Limits = field(default_factory=Limits)
    service: ServiceSettings = field(default_factory=ServiceSettings)
    accounts: AccountSettings = field(default_factory=AccountSettings)
    notices: NoticeSettings = field(default_factory=NoticeSettings)

    def __post_init__(self) -> None:
        object.__setattr__(self, "data", Path(self.data))  # a folder given as text is a path all the same
        object.__setattr__(self, "allowed_origins", tuple(self.allowed_origins))
        object.__setattr__(self, "forwarded_allow_ips", tuple(self.forwarded_allow_ips))
        if self.log_format not in ("text", "json"):
            raise ValueError(f"log_format: text or json, not {self.log_format!r}")

    def public_base(self) -> str:
        """The site's address for links that leave the site (mails): `notices.base_url`, else http://host:port."""
        if self.notices.base_url:
            return self.notices.base_url.rstrip("/")
        host = "localhost" if self.host in ("0.0.0.0", "::", "") else self.host
        return f"http://{host}:{self.port}"
