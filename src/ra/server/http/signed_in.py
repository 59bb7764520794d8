"""Who a request speaks for (FastAPI dependencies): the session of its cookie, and the CSRF check every request
that changes something under a session passes (the `X-CSRF-Token` header must hold the session's token; sign-ins
and sign-ups, which have no session yet, must come from the server's own origin)."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends
from starlette.requests import HTTPConnection, Request

from ra.core.text import t
from ra.server.accounts.errors import AccountError
from ra.server.accounts.service import SignedIn
from ra.server.accounts.sessions import CSRF_HEADER, SESSION_COOKIE, csrf_matches
from ra.server.guards.origins import origin_allowed
from ra.server.people import People

NOT_SIGNED_IN = t("Sign in first.")


async def people(connection: HTTPConnection) -> People:
    """The process's accounts, seats, ratings and chat."""
    parts: People = connection.app.state.people
    return parts


PeopleParts = Annotated[People, Depends(people)]


async def maybe_signed_in(connection: HTTPConnection, parts: PeopleParts) -> SignedIn | None:
    """The request's session, if its cookie holds a live one."""
    return await parts.accounts.signed_in(connection.cookies.get(SESSION_COOKIE))


async def signed_in(who: Annotated[SignedIn | None, Depends(maybe_signed_in)]) -> SignedIn:
    """The request's session; 401 without one."""
    if who is None:
        raise AccountError(401, "signed_out", NOT_SIGNED_IN)
    return who


async def acting(request: Request, who: Annotated[SignedIn, Depends(signed_in)]) -> SignedIn:
    """The request's session, for a request that changes something: 403 without its CSRF token."""
    if not csrf_matches(who.secret, request.headers.get(CSRF_HEADER)):
        raise AccountError(403, "forbidden", t("This request lacks its CSRF token; reload the page."))
    return who


async def own_origin(request: Request) -> None:
    """403 for a request sent by another site's page (its `Origin` is neither ours nor an allowed one)."""
    if not origin_allowed(request.scope, request.app.state.allowed_origins):
        raise AccountError(403, "forbidden", t("Requests from other sites are refused."))


MaybeSignedIn = Annotated[SignedIn | None, Depends(maybe_signed_in)]
Signed = Annotated[SignedIn, Depends(signed_in)]
Acting = Annotated[SignedIn, Depends(acting)]
OwnOrigin = Depends(own_origin)
