"""The parts of one server process that know people rather than seats: accounts and their seats, the results and
ratings sweep, moderation and its ban sweep, and chat (docs/ACCOUNTS.md). Built beside the table server (assembly.py)
on its storage; started after it and stopped before it."""

from __future__ import annotations

from dataclasses import dataclass

from ra.server.accounts.bans import BanSweep
from ra.server.accounts.bot_store import BotStore
from ra.server.accounts.bots import BotService
from ra.server.accounts.moderation import Moderation
from ra.server.accounts.passwords import Passwords
from ra.server.accounts.seats import Listings, Seats
from ra.server.accounts.service import AccountService
from ra.server.accounts.store import AccountStore
from ra.server.assembly import Server
from ra.server.chat.hub import ChatHub, chat_hub
from ra.server.chat.reports import Reports
from ra.server.ratings.store import RatingStore
from ra.server.ratings.sweep import ResultSweep
from ra.server.settings import Settings


@dataclass(frozen=True)
class People:
    """Accounts, seats, ratings and chat of one process."""

    accounts: AccountService
    seats: Seats
    ratings: RatingStore
    sweep: ResultSweep
    chat: ChatHub
    reports: Reports
    bots: BotService
    moderation: Moderation  # roles, sanctions, blocks, the moderation log (docs/MODERATION.md)
    bans: BanSweep  # hands the seats of banned accounts to bots

    async def start(self) -> None:
        """Start the sweeps and the chat's fan-out."""
        await self.chat.start()
        self.sweep.start()
        self.bans.start()

    async def stop(self) -> None:
        """Stop them, and the password threads."""
        await self.bans.stop()
        await self.sweep.stop()
        await self.chat.stop()
        self.accounts.passwords.close()


def assemble_people(settings: Settings, server: Server) -> People:
    """The people's parts on the server's storage (and its Redis, for chat among processes)."""
    engine = server.storage.engine
    options = settings.accounts
    store = AccountStore(engine)
    chat = chat_hub(settings.redis_url, options.chat_history)
    passwords = Passwords(options)
    accounts = AccountService(store, passwords, options, ended=chat)  # ended sessions close chat sockets
    moderation = Moderation(engine)
    seats = Seats(store, Listings(engine), server.service, moderation)
    bots = BotService(BotStore(engine), store, passwords, server.service, settings.limits, moderation)
    ratings = RatingStore(engine, options)
    sweep = ResultSweep(ratings, server.storage.moves, options.ratings_seconds, accounts.tidy)
    bans = BanSweep(moderation, server.service, options.ban_sweep_seconds)
    return People(accounts, seats, ratings, sweep, chat, Reports(engine), bots, moderation, bans)
