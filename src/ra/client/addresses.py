"""Where the client connects: a server's base address, a table's WebSocket address, and guest seat links."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import parse_qs, quote, urlencode, urlsplit, urlunsplit

from ra.client.answers import valid_seat, valid_table_id
from ra.client.errors import ClientError
from ra.core.text import t

MAX_URL = 2000  # characters of a server address or link the client reads at most
MAX_TOKEN = 200  # a seat token is 43 characters; anything longer is not one


def server_base(url: str) -> str:
    """`url` as a server's base address: http(s), a host, no query; its path kept (a server under a prefix), without
    the trailing slash. ClientError for anything else."""
    parts = urlsplit(url.strip()[:MAX_URL])
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ClientError(t("not a server address (http:// or https://): {url}", url=url[:80]))
    return urlunsplit((parts.scheme, parts.netloc, parts.path.rstrip("/"), "", ""))


def table_socket(base: str, table: str, seat: int, token: str | None = None) -> str:
    """The WebSocket address of a seat of `table` on the server at `base`, asking for the log's tails only; a seat
    token goes in the query (a guest link's), a bot's token never does (it travels in a header)."""
    parts = urlsplit(base)
    scheme = "wss" if parts.scheme == "https" else "ws"
    query: dict[str, str | int] = {"seat": valid_seat(seat), "log": "tail"}
    if token is not None:
        query["token"] = token
    path = f"{parts.path}/ws/{quote(valid_table_id(table))}"
    return urlunsplit((scheme, parts.netloc, path, urlencode(query), ""))


@dataclass(frozen=True)
class SeatLink:
    """A guest's seat link, `/t/ID?seat=N&token=T` (the table page's) or `/ws/ID?seat=N&token=T` (its socket's),
    read into the server, table, seat and token it names."""

    base: str
    table: str
    seat: int
    token: str

    @classmethod
    def parse(cls, url: str) -> SeatLink:
        """Read a seat link; ClientError saying what is wrong with it otherwise."""
        parts = urlsplit(url.strip()[:MAX_URL])
        scheme = {"ws": "http", "wss": "https"}.get(parts.scheme, parts.scheme)
        head, _, table = parts.path.rpartition("/")
        prefix, _, kind = head.rpartition("/")
        if scheme not in ("http", "https") or not parts.netloc or kind not in ("t", "ws"):
            raise ClientError(t("not a seat link (http://HOST/t/TABLE?seat=N&token=T): {url}", url=url[:80]))
        query = parse_qs(parts.query, max_num_fields=20)
        seats, tokens = query.get("seat", []), query.get("token", [])
        if len(seats) != 1 or not seats[0].isdigit() or len(tokens) != 1 or not 0 < len(tokens[0]) <= MAX_TOKEN:
            raise ClientError(t("a seat link names one seat and its token: {url}", url=url[:80]))
        base = urlunsplit((scheme, parts.netloc, prefix, "", ""))
        return cls(base, valid_table_id(table), valid_seat(int(seats[0])), tokens[0])

    @property
    def socket(self) -> str:
        """The seat's WebSocket address (the token in its query, as the table page connects)."""
        return table_socket(self.base, self.table, self.seat, self.token)
