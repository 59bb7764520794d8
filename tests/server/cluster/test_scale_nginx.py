"""The deployment of deploy/ run for real: Debian's nginx, from deploy/nginx/ra.conf itself (ports and paths
substituted), with TLS in front of two `ra serve` processes on PostgreSQL and Redis. Two people and a bot play a
whole game through it over wss:// while both processes are restarted one after the other (the rolling restart of
deploy/README.md): every move a client was shown is stored, once; the clients reconnect by themselves; nginx fails
no request. Before that, what nginx passes and adds: table affinity, security headers once each, HSTS, Secure
cookies behind https, the Origin check through the proxy (both sockets), the client's address from
X-Forwarded-For and nothing the client claims, the body limit.

Skipped, saying why, where nginx (Debian package nginx), PostgreSQL or Redis is missing.
"""

from __future__ import annotations

import asyncio
import datetime
import ipaddress
import json
import os
import pwd
import random
import re
import ssl
import subprocess
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
from processes import Serve
from services import Postgres, RedisServer, free_port, wait_port
from test_scale_play import Player, check_record, token
from websockets.asyncio.client import connect

DEPLOY = Path(__file__).resolve().parents[3] / "deploy"
NGINX = Path(os.environ.get("RA_NGINX", "/usr/sbin/nginx"))
MAX_BODY = 64 * 1024  # the server's default --max-body
CREATIONS = 2  # tables one client address may create per window, per process (the servers' --creations)
SERVE = ("--bot-delay", "0.01", "--bot-workers", "0", "--lease-seconds", "2", "--resync-seconds", "0.5")
SERVE_BEHIND_NGINX = (*SERVE, "--forwarded-allow-ips", "127.0.0.1", "--creations", str(CREATIONS))
# Random games of Ra for three take 121 moves or more: from this many on the players think long until both
# processes are back, so that the restarts happen while the game goes on, whatever the machine's speed.
SLOW_FROM = 60
SECURITY_HEADERS = ("content-security-policy", "x-frame-options", "x-content-type-options", "referrer-policy")


def self_signed(folder: Path) -> tuple[Path, Path]:
    """A throwaway certificate for 127.0.0.1 (the `cryptography` library) and its key: their paths."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")])
    now = datetime.datetime.now(datetime.UTC)
    public = key.public_key()
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(public)
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]), False)
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), True)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(public), False)
        .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(public), False)
        .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), False)
        .sign(key, hashes.SHA256())
    )
    cert_path, key_path = folder / "cert.pem", folder / "key.pem"
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(
        key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    )
    return cert_path, key_path


def fail_timeout() -> float:
    """Seconds nginx skips a process after a failed connection (deploy/nginx/ra.conf)."""
    found = re.findall(r"fail_timeout=(\d+)s", (DEPLOY / "nginx" / "ra.conf").read_text())
    assert found, "deploy/nginx/ra.conf sets fail_timeout on each server"
    return float(max(found))


def site(upstreams: list[int], http: int, https: int, cert: Path, key: Path) -> str:
    """deploy/nginx/ra.conf with the test's ports and certificate (each substituted line must be there)."""
    text = (DEPLOY / "nginx" / "ra.conf").read_text()
    changes = {
        "server 127.0.0.1:8001 ": f"server 127.0.0.1:{upstreams[0]} ",
        "server 127.0.0.1:8002 ": f"server 127.0.0.1:{upstreams[1]} ",
        "listen 80;": f"listen 127.0.0.1:{http};",
        "listen [::]:80;": "",
        "listen 443 ssl http2;": f"listen 127.0.0.1:{https} ssl http2;",
        "listen [::]:443 ssl http2;": "",
        "server_name ra.example.org;": "server_name 127.0.0.1;",
        "/etc/ssl/ra/fullchain.pem": str(cert),
        "/etc/ssl/ra/privkey.pem": str(key),
    }
    for old, new in changes.items():
        assert old in text, f"deploy/nginx/ra.conf no longer has {old!r}: update this test with it"
        text = text.replace(old, new)
    return text


@dataclass
class Nginx:
    """nginx in the foreground on a folder of its own; the upstream each request went to in `access.log`."""

    root: Path
    http: int
    https: int
    process: subprocess.Popen[bytes] | None = None

    def start(self, site_text: str) -> None:
        """Write its configuration, check it (`nginx -t`), start it and wait until it listens."""
        (self.root / "ra.conf").write_text(site_text)
        user = pwd.getpwuid(os.geteuid()).pw_name  # the workers read the test's files (tmp_path is private)
        temps = "".join(f"{kind}_temp_path {self.root}/{kind};\n" for kind in ("client_body", "proxy", "fastcgi"))
        temps += f"uwsgi_temp_path {self.root}/uwsgi;\nscgi_temp_path {self.root}/scgi;\n"
        (self.root / "nginx.conf").write_text(
            f"daemon off;\nuser {user};\nworker_processes 1;\npid {self.root}/nginx.pid;\n"
            f"error_log {self.root}/error.log warn;\nevents {{ worker_connections 512; }}\n"
            f"http {{\n{temps}log_format upstream '$request_method $uri $upstream_addr $status';\n"
            f"access_log {self.root}/access.log upstream;\ninclude {self.root}/ra.conf;\n}}\n"
        )
        command = [str(NGINX), "-p", str(self.root), "-c", str(self.root / "nginx.conf"), "-e", "stderr"]
        checked = subprocess.run([*command, "-t"], capture_output=True, text=True, timeout=30)
        assert checked.returncode == 0, checked.stderr
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_port(self.https)

    def stop(self) -> None:
        """SIGTERM (nginx's fast shutdown)."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(15)

    def statuses(self, since: int = 0) -> set[int]:
        """The statuses of nginx's answers from the `since`th on."""
        lines = (self.root / "access.log").read_text().splitlines()[since:]
        return {int(line.split()[-1]) for line in lines}

    def answered(self) -> int:
        """How many requests nginx answered so far."""
        return len((self.root / "access.log").read_text().splitlines())

    def upstreams(self, method: str, path: str) -> list[str]:
        """The upstream addresses that served each request of `method` on `path` so far, in order."""
        lines = (self.root / "access.log").read_text().splitlines()
        return [line.split()[2] for line in lines if line.split()[:2] == [method, path]]


@dataclass
class Deployment:
    """nginx in front of two `ra serve` processes on one database; the https address and the client's TLS."""

    nginx: Nginx
    servers: list[Serve]
    database_url: str
    tls: ssl.SSLContext

    @property
    def base(self) -> str:
        return f"https://127.0.0.1:{self.nginx.https}"

    def client(self, address: str = "127.0.0.1") -> httpx.Client:
        """An https client of nginx connecting from `address` (any of 127.0.0.0/8: another client for nginx)."""
        transport = httpx.HTTPTransport(verify=self.tls, local_address=address)
        return httpx.Client(base_url=self.base, transport=transport, timeout=10)


@pytest.fixture
def deployment(
    postgres: Postgres, redis_server: RedisServer, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Deployment]:
    """The deployment, started; everything stopped afterwards."""
    if not NGINX.exists():
        pytest.skip(f"nginx is not installed ({NGINX} missing; Debian package nginx)")
    root = tmp_path_factory.mktemp("deploy")
    url = postgres.new_database()
    servers = [Serve(free_port(), url, redis_server.url, root / f"serve-{i}.log", SERVE_BEHIND_NGINX) for i in (0, 1)]
    nginx = Nginx(root, free_port(), free_port())
    try:
        for server in servers:
            server.start()
        for server in servers:
            server.wait_ready()
        cert, key = self_signed(root)
        nginx.start(site([s.port for s in servers], nginx.http, nginx.https, cert, key))
        yield Deployment(nginx, servers, url, ssl.create_default_context(cafile=str(cert)))
    finally:
        nginx.stop()
        for server in servers:
            server.stop()


@pytest.fixture
def web(deployment: Deployment) -> Iterator[httpx.Client]:
    """The test's own https client of nginx (an address of its own: the other clients' limits are apart)."""
    with deployment.client("127.0.0.4") as client:
        yield client


def test_a_game_through_nginx_survives_a_rolling_restart_and_the_proxy_passes_what_the_server_expects(
    deployment: Deployment, web: httpx.Client
) -> None:
    seats = [{"kind": "person"}, {"kind": "bot", "bot": "random"}, {"kind": "person"}]
    created = web.post("/api/tables", json={"game": "ra", "seats": seats})
    assert created.status_code == 201, created.text
    table = created.json()
    # First what nginx passes, while both processes are up (nginx skips one that failed for fail_timeout).
    check_affinity(deployment, table["id"])
    check_headers(deployment, web)
    check_origin_through_the_proxy(deployment, table)
    check_client_addresses(deployment)

    wss = f"wss://127.0.0.1:{deployment.nginx.https}"
    rng = random.Random("nginx")
    players = [
        Player(table["id"], seat, token(table, seat), [wss], random.Random(rng.random()), tls=deployment.tls, think=0.1)
        for seat in (0, 2)
    ]
    restarts: list[int] = []  # the table's seq when each restart began, then when the last process was ready

    def seq() -> int:
        view = web.get(f"/api/tables/{table['id']}/view")
        assert view.status_code == 200, view.text
        return int(view.json()["seq"])

    async def rolling_restart() -> None:
        while await asyncio.to_thread(seq) < 6:
            await asyncio.sleep(0.1)
        slowing = asyncio.create_task(slow_down_from(SLOW_FROM))
        for n, server in enumerate(deployment.servers):  # one after the other, as deploy/README.md says
            if n:
                await asyncio.sleep(fail_timeout() + 1)  # until nginx tries the one restarted before again
            restarts.append(await asyncio.to_thread(seq))
            await asyncio.to_thread(server.stop)
            server.start()
            await asyncio.to_thread(server.wait_ready)
        restarts.append(await asyncio.to_thread(seq))
        slowing.cancel()
        for player in players:
            player.think = 0.0  # the rest of the game at full speed

    async def slow_down_from(moves: int) -> None:
        """Players who think long from `moves` on: the game is still going when the restarts are over."""
        while await asyncio.to_thread(seq) < moves:
            await asyncio.sleep(0.2)
        for player in players:
            player.think = 2.0

    async def play() -> None:
        restarting = asyncio.create_task(rolling_restart())
        await asyncio.gather(*(player.play(seconds=150) for player in players))
        await restarting

    before = deployment.nginx.answered()
    asyncio.run(play())
    moves = check_record(deployment.database_url, table["id"], players)  # every move shown is stored once, in order
    assert restarts[0] < restarts[-1] < len(moves), f"the game went on during the restarts: {restarts}, {len(moves)}"
    failed = {status for status in deployment.nginx.statuses(before) if status >= 400}
    assert not failed, f"no request failed during the rolling restart: {failed}"
    assert all(player.reconnects >= 1 for player in players), "the table's process went away under its clients"
    assert all(p.final is not None and p.final["seq"] == len(moves) for p in players)
    assert any(m.player == 1 for m in moves), "the bot played"


def check_affinity(deployment: Deployment, table_id: str) -> None:
    """A table's requests go to one process; requests of no table spread over both."""
    with deployment.client() as web:
        for _ in range(8):
            assert web.get(f"/api/tables/{table_id}").status_code == 200
        for _ in range(16):
            assert web.get("/api/meta").status_code == 200
    assert len(set(deployment.nginx.upstreams("GET", f"/api/tables/{table_id}"))) == 1
    assert len(set(deployment.nginx.upstreams("GET", "/api/meta"))) == 2


def check_headers(deployment: Deployment, web: httpx.Client) -> None:
    """Security headers once each (the server's, not doubled by nginx), HSTS from nginx, http redirected to
    https, the body limit of nginx that of the server, Secure cookies behind https."""
    page = web.get("/")
    assert page.status_code == 200
    counts = Counter(name.lower() for name, _ in page.headers.multi_items())
    assert {name: counts[name] for name in (*SECURITY_HEADERS, "strict-transport-security")} == dict.fromkeys(
        (*SECURITY_HEADERS, "strict-transport-security"), 1
    )
    assert page.headers["server"] == "nginx", "server_tokens off: no version"
    assert page.headers["strict-transport-security"].startswith("max-age=")
    assert web.get("/healthz").headers["strict-transport-security"].startswith("max-age=")

    plain = httpx.get(f"http://127.0.0.1:{deployment.nginx.http}/t/abc?seat=1", timeout=10)
    assert plain.status_code == 301 and plain.headers["location"] == "https://127.0.0.1/t/abc?seat=1"

    body = b"x" * MAX_BODY  # exactly the server's limit: nginx lets it through, the server reads it (and refuses it)
    allowed = web.post("/api/tables", content=body, headers={"content-type": "application/json"})
    assert allowed.status_code not in (413, 429) and allowed.json()["error"], allowed.text
    refused = web.post("/api/tables", content=body + b"x", headers={"content-type": "application/json"})
    assert refused.status_code == 413 and "nginx" in refused.text, "one byte more: nginx refuses it itself"

    # The session's cookies: Secure because nginx says the page is https (direct on plain loopback they are not).
    origin = {"origin": deployment.base}
    ann = web.post("/api/account/sign-up", json={"name": "Ann", "password": "correct horse battery"}, headers=origin)
    assert ann.status_code == 201, ann.text
    cookies = ann.headers.get_list("set-cookie")
    assert cookies and all("; secure" in cookie.lower() for cookie in cookies), cookies
    direct = httpx.post(
        f"{deployment.servers[0].base}/api/account/sign-up",
        json={"name": "Bob", "password": "correct horse battery"},
        timeout=10,
    )
    assert direct.status_code == 201, direct.text
    assert not any("; secure" in cookie.lower() for cookie in direct.headers.get_list("set-cookie"))


def check_origin_through_the_proxy(deployment: Deployment, table: dict[str, str]) -> None:
    """A page of the site itself opens the table's and its chat's WebSockets through nginx (Host passed with its
    port), on the table's process; another site's page does not."""
    wss = f"wss://127.0.0.1:{deployment.nginx.https}"
    seat = f"/ws/{table['id']}?seat=0&token={token(table, 0)}"
    chat = f"/ws/chat/{table['id']}"

    async def first_message(path: str, origin: str) -> str:
        async with connect(wss + path, ssl=deployment.tls, origin=origin, open_timeout=10) as ws:  # type: ignore[arg-type]
            message = json.loads(await asyncio.wait_for(ws.recv(), timeout=10))
            return str(message["type"] if message["type"] != "error" else message["code"])

    assert asyncio.run(first_message(seat, deployment.base)) == "state"
    assert asyncio.run(first_message(chat, deployment.base)) == "history"
    assert asyncio.run(first_message(seat, "https://elsewhere.example")) == "forbidden"
    table_process = set(deployment.nginx.upstreams("GET", f"/api/tables/{table['id']}"))
    assert set(deployment.nginx.upstreams("GET", f"/ws/{table['id']}")) == table_process
    assert set(deployment.nginx.upstreams("GET", chat)) == table_process


def check_client_addresses(deployment: Deployment) -> None:
    """The server counts the address nginx saw: a client cannot pick another with X-Forwarded-For, and two
    clients behind the one nginx are not one."""
    game = {"game": "ra", "seats": [{"kind": "bot", "bot": "random"}] * 3}
    statuses = []
    with deployment.client("127.0.0.2") as claimant:
        for n in range(2 * CREATIONS + 1):  # more than both processes together allow one address
            spoofed = {"x-forwarded-for": f"198.51.100.{n}"}
            answer = claimant.post("/api/tables", json=game, headers=spoofed)
            statuses.append(answer.status_code)
            if answer.status_code == 429:
                assert "too many new tables" in answer.json()["error"], "the server's limit, not nginx's"
    assert 429 in statuses and set(statuses) <= {201, 429}, statuses
    with deployment.client("127.0.0.3") as other:
        assert other.post("/api/tables", json=game).status_code == 201, "another address, counted apart"
