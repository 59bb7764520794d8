"""Accounts over HTTP: sign up, in and out, the account and its sessions, e-mail and password, export and deletion;
seats kept under an account ("my games"), free seats taken from the lobby, and how a table is listed there
(docs/ACCOUNTS.md). Bodies and answers are the models of `ra.server.http.account_models`."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Query, Request
from fastapi.responses import JSONResponse, RedirectResponse

from ra.server.accounts.devices import device_token, set_device_cookie
from ra.server.accounts.errors import AccountError
from ra.server.accounts.service import SignedIn, in_thread, session_json
from ra.server.accounts.sessions import clear_cookies, csrf_token, secure, set_cookies
from ra.server.http import account_models as api
from ra.server.http.routes.tables import TableId
from ra.server.http.signed_in import NOT_SIGNED_IN, Acting, MaybeSignedIn, OwnOrigin, PeopleParts, Signed
from ra.server.notices.service import Notices

router = APIRouter()
SeatNumber = Annotated[int, Path(ge=0, le=15)]


def _address(request: Request) -> str:
    return request.client.host if request.client else "unknown"


def _agent(request: Request) -> str:
    return request.headers.get("user-agent", "")[:120]


async def _account(parts: PeopleParts, secret: str) -> api.AccountInfo:
    who = await parts.accounts.signed_in(secret)
    assert who is not None  # just opened
    return _info(who)


def _info(who: SignedIn) -> api.AccountInfo:
    account = who.account
    return api.AccountInfo(
        name=account.name,
        player=account.player,
        created=account.created.isoformat(),
        has_email=account.has_email,
        email_verified=account.email_verified,
        kind="bot" if account.kind == "bot" else "person",
        csrf=csrf_token(who.secret),
    )


def _signed_in_answer(
    request: Request, parts: PeopleParts, info: api.AccountInfo, secret: str, status: int, device: tuple[str, bool]
) -> Any:
    answer = JSONResponse(info.model_dump(), status_code=status)
    options = parts.accounts.settings
    secure_flag = secure(request, options.plain_loopback_cookies)
    set_cookies(answer, secret, int(options.session_days * 86400), secure_flag)
    token, new = device
    if new:  # a browser keeps its device cookie: the accounts that signed in from it know it by that
        set_device_cookie(answer, token, secure_flag)
    return answer


@router.post(
    "/api/account/sign-up",
    status_code=201,
    response_model=api.AccountInfo,
    responses=api.refusals(400, 403, 409, 413, 415, 429),
    dependencies=[OwnOrigin],
)
async def sign_up(request: Request, body: api.SignUp, parts: PeopleParts) -> Any:
    """Make an account and sign in (the session's cookies, and a device cookie if the browser has none, come with
    the answer)."""
    device = device_token(request)
    address, agent = _address(request), _agent(request)
    secret = await parts.accounts.sign_up(body.name, body.password, body.email, address, agent, device[0])
    info = await _account(parts, secret)
    if info.has_email:  # the address given is confirmed by the link of its first mail
        await _verify_new(request, parts, secret)
    return _signed_in_answer(request, parts, info, secret, 201, device)


async def _verify_new(request: Request, parts: PeopleParts, secret: str) -> None:
    who = await parts.accounts.signed_in(secret)
    if who is not None:
        await _notices(request).send_verification(who.account.id)


@router.post(
    "/api/account/sign-in",
    response_model=api.AccountInfo,
    responses=api.refusals(400, 401, 403, 413, 415, 429),
    dependencies=[OwnOrigin],
)
async def sign_in(request: Request, body: api.SignIn, parts: PeopleParts) -> Any:
    """Sign in: a new session (never one the browser had before), its cookies with the answer (and a device
    cookie if the browser has none). A device the account signed in from before passes the per-name throttle."""
    device = device_token(request)
    secret = await parts.accounts.sign_in(body.name, body.password, _address(request), _agent(request), device[0])
    return _signed_in_answer(request, parts, await _account(parts, secret), secret, 200, device)


@router.post("/api/account/sign-out", response_model=api.Ok, responses=api.refusals(401, 403))
async def sign_out(request: Request, who: Acting, parts: PeopleParts) -> Any:
    """End this browser's session."""
    await parts.accounts.sign_out(who)
    answer = JSONResponse(api.Ok().model_dump())
    clear_cookies(answer, secure(request, parts.accounts.settings.plain_loopback_cookies))
    return answer


@router.get("/api/account", response_model=api.AccountInfo, responses=api.refusals(401))
async def get_account(request: Request, who: MaybeSignedIn, parts: PeopleParts) -> Any:
    """The signed-in account; 401 without one, which also clears the session's cookies: pages ask only while the
    browser holds them, so an ended session is asked about once, not on every page."""
    if who is not None:
        info = _info(who)
        moderation = parts.moderation
        sanction = await in_thread(moderation.sanction, who.account.id)
        roles = sorted(await in_thread(moderation.roles, who.account.id))
        return info.model_copy(update={"sanction": None if sanction is None else sanction.as_json(), "roles": roles})
    refused = AccountError(401, "signed_out", NOT_SIGNED_IN)
    answer = JSONResponse(refused.answer(), status_code=refused.status)
    clear_cookies(answer, secure(request, parts.accounts.settings.plain_loopback_cookies))
    return answer


@router.get("/api/account/sessions", responses=api.refusals(401))
async def get_sessions(who: Signed, parts: PeopleParts) -> api.Sessions:
    """The account's signed-in browsers."""
    sessions = await parts.accounts.sessions(who)
    return api.Sessions.model_validate({"sessions": [session_json(s, who.session) for s in sessions]})


@router.post("/api/account/sessions/revoke", responses=api.refusals(400, 401, 403, 404, 413, 415))
async def revoke_session(body: api.SessionId, who: Acting, parts: PeopleParts) -> api.Ok:
    """End one of the account's sessions (a lost phone's, say)."""
    await parts.accounts.revoke(who, body.session)
    return api.Ok()


def _notices(request: Request) -> Notices:
    notices: Notices = request.app.state.notices
    return notices


@router.post("/api/account/email", responses=api.refusals(400, 401, 403, 413, 415))
async def set_email(request: Request, body: api.Email, who: Acting, parts: PeopleParts) -> api.EmailSet:
    """Set or remove the account's e-mail address (it is never shown again, only whether there is one). A new
    address is unverified: it gets one mail with a link that confirms it, and no notice before."""
    if not await parts.accounts.set_email(who, body.email):
        return api.EmailSet(verification="none")
    return api.EmailSet(verification=await _notices(request).send_verification(who.account.id))  # type: ignore[arg-type]


@router.post("/api/account/email/verify", responses=api.refusals(401, 403))
async def resend_verification(request: Request, who: Acting) -> api.EmailSet:
    """Mail the unverified address its confirming link again (a few times a day at most)."""
    return api.EmailSet(verification=await _notices(request).send_verification(who.account.id))  # type: ignore[arg-type]


@router.get("/account/verify", include_in_schema=False)
async def verify_email(
    parts: PeopleParts,
    account: Annotated[str, Query(max_length=40)] = "",
    token: Annotated[str, Query(max_length=128)] = "",
) -> Any:
    """The link of a verification mail (no session needed; opening it again changes nothing): the account page,
    which says whether the address is confirmed now."""
    verified = await parts.accounts.verify_email(account, token)
    return RedirectResponse(f"/account?email={'verified' if verified else 'link-invalid'}", status_code=303)


@router.post("/api/account/password", responses=api.refusals(400, 401, 403, 413, 415))
async def change_password(body: api.NewPassword, who: Acting, parts: PeopleParts) -> api.Ok:
    """A new password (the old one checked); the account's other sessions end."""
    await parts.accounts.change_password(who, body.old, body.new)
    return api.Ok()


@router.post("/api/account/delete", response_model=api.Ok, responses=api.refusals(400, 401, 403, 413, 415))
async def delete_account(request: Request, body: api.Password, who: Acting, parts: PeopleParts) -> Any:
    """Delete the account (its password asked again) with its sessions, seat links and ratings."""
    await parts.seats.renamed(await parts.accounts.delete(who, body.password))
    answer = JSONResponse(api.Ok().model_dump())
    clear_cookies(answer, secure(request, parts.accounts.settings.plain_loopback_cookies))
    return answer


@router.get("/api/account/export", responses=api.refusals(401))
async def export(who: Signed, parts: PeopleParts) -> api.Export:
    """Everything the server keeps of the account: its seats with their games' records, sessions and ratings."""
    from ra.server.http.routes.players import player_page

    sessions = await parts.accounts.sessions(who)
    account = {"name": who.account.name, "created": who.account.created.isoformat(), "has_email": who.account.has_email}
    return api.Export(
        account=account,
        sessions=[api.SessionInfo.model_validate(session_json(s, who.session)) for s in sessions],
        seats=await parts.seats.export(who),
        player=(await player_page(who.account.player, parts)).model_dump(),
        bots=await parts.bots.owned(who),
    )


@router.get("/api/account/games", responses=api.refusals(401))
async def my_games(who: Signed, parts: PeopleParts) -> api.MyGames:
    """Every seat the account holds: whose turn, the last move, results and replays of finished games."""
    return api.MyGames.model_validate({"games": await parts.seats.games(who)})


@router.post("/api/account/seats", responses=api.refusals(400, 401, 403, 404, 409, 413, 415))
async def claim_seat(body: api.Claim, who: Acting, parts: PeopleParts) -> api.SeatLink:
    """Keep a guest seat under the account (its token proves it): "my games" lists it on every device."""
    return api.SeatLink.model_validate(await parts.seats.claim(who, body.table, body.seat, body.token))


@router.post("/api/tables/{table_id}/seats/{n}/join", responses=api.refusals(400, 401, 403, 404, 409))
async def join_seat(table_id: TableId, n: SeatNumber, who: Acting, parts: PeopleParts) -> api.SeatLink:
    """Take a free seat of a table listed with open seats: the seat's new token and link."""
    return api.SeatLink.model_validate(await parts.seats.join(who, table_id, n))


@router.post("/api/tables/{table_id}/listing", responses=api.refusals(400, 403, 404, 409, 413, 415))
async def list_table(table_id: TableId, body: api.Listing, parts: PeopleParts, who: MaybeSignedIn) -> api.ListingInfo:
    """How the table is listed (open seats, rated, pace): for its creator, before anyone sits down; a banned
    account lists no rated table."""
    if who is not None and body.rated:
        await parts.seats.not_banned(who.account.id)
    listing = body.model_dump(exclude={"creator"})
    return api.ListingInfo.model_validate(await parts.seats.list_table(table_id, body.creator, listing))


@router.get("/api/tables/{table_id}/listing", responses=api.refusals(400, 404))
async def get_listing(table_id: TableId, parts: PeopleParts) -> api.ListingInfo:
    """How the table is listed."""
    return api.ListingInfo.model_validate(await parts.seats.listing(table_id))


@router.get("/api/lobby/open", responses=api.refusals(400))
async def open_tables(
    parts: PeopleParts,
    game: Annotated[str | None, Query(max_length=20, pattern=r"^[a-z_]+$")] = None,
    players: Annotated[int | None, Query(ge=1, le=16)] = None,
    speed: Annotated[api.Speed | None, Query()] = None,
) -> api.OpenTables:
    """Open tables whose free seats anyone signed in may take, optionally of one game, player count and pace."""
    turn_based = None if speed is None else speed == "turn_based"
    return api.OpenTables.model_validate({"tables": await parts.seats.open_seats(game, players, turn_based)})
