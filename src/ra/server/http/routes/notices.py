"""Turn notices over HTTP (docs/ACCOUNTS.md): the account's notice preferences; the link of the mails,
`/t/{id}/mine`, which brings a signed-in account to the seat it keeps at that table (a mail carries no seat token);
and the one-click unsubscribe link of every notice (RFC 8058), which needs no session: its signed token is the
authority. A GET shows a page with a button (link scanners open links); only a POST turns notices off."""

from __future__ import annotations

import html
from typing import Annotated, Any
from urllib.parse import quote, urlencode

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse, RedirectResponse

from ra.core.text import Text, t
from ra.i18n.languages import CODES
from ra.i18n.render import Reader, render
from ra.server.accounts.errors import AccountError
from ra.server.accounts.links import MAX_TOKEN, UNSUBSCRIBE_PATH
from ra.server.http import account_models as api
from ra.server.http.languages import page_language
from ra.server.http.routes.tables import TableId
from ra.server.http.signed_in import Acting, MaybeSignedIn, Signed
from ra.server.notices.prefs import Prefs
from ra.server.notices.service import Notices

router = APIRouter()


def _notices(request: Request) -> Notices:
    notices: Notices = request.app.state.notices
    return notices


def _info(prefs: Prefs, has_email: bool, mail: bool) -> api.NoticeInfo:
    return api.NoticeInfo(
        mode=prefs.mode,  # type: ignore[arg-type]  # one of MODES, checked by Prefs
        quiet_from=prefs.quiet_from,
        quiet_to=prefs.quiet_to,
        time_zone=prefs.time_zone,
        language=prefs.language,
        browser=prefs.browser,
        has_email=has_email,
        mail=mail,
    )


@router.get("/api/account/notices", responses=api.refusals(401))
async def get_notices(request: Request, who: Signed) -> api.NoticeInfo:
    """How the account hears of its turns, whether it has an address and whether this server sends e-mail."""
    notices = _notices(request)
    return _info(await notices.prefs(who.account.id), who.account.has_email, notices.enabled)


@router.post("/api/account/notices", responses=api.refusals(400, 401, 403, 413, 415))
async def set_notices(request: Request, body: api.NoticePrefs, who: Acting) -> api.NoticeInfo:
    """Change how the account hears of its turns (off drops what is queued for it)."""
    if body.language is not None and body.language not in CODES:
        raise AccountError(400, "bad_message", t("There is no such language."))
    if (body.quiet_from is None) != (body.quiet_to is None):
        raise AccountError(400, "bad_message", t("Quiet hours have a start and an end."))
    try:
        prefs = Prefs(body.mode, body.quiet_from, body.quiet_to, body.time_zone, body.language, body.browser)
    except ValueError:
        raise AccountError(400, "bad_message", t("There is no such time zone.")) from None
    notices = _notices(request)
    await notices.set_prefs(who.account.id, prefs)
    return _info(prefs, who.account.has_email, notices.enabled)


@router.get("/t/{table_id}/mine", include_in_schema=False)
async def my_seat(
    request: Request,
    table_id: TableId,
    who: MaybeSignedIn,
    seat: Annotated[int | None, Query(ge=0, le=15)] = None,
) -> Any:
    """The link of a turn mail: signed in, the table in the seat the account keeps there; else the sign-in page,
    which comes back here; an account without a seat at the table watches it."""
    here = f"/t/{table_id}/mine" + (f"?seat={seat}" if seat is not None else "")
    if who is None:
        return RedirectResponse(f"/account?next={quote(here, safe='')}", status_code=303)
    kept = await _notices(request).kept_seat(table_id, who.account.id, seat)
    if kept is None:
        return RedirectResponse(f"/t/{table_id}", status_code=303)
    n, token = kept
    return RedirectResponse(f"/t/{table_id}?seat={n}&token={quote(token, safe='')}", status_code=303)


Player = Annotated[str, Query(max_length=40)]
Token = Annotated[str, Query(max_length=MAX_TOKEN)]


def _page(request: Request, status: int, words: list[Text], form: str = "") -> HTMLResponse:
    """A small page in the reader's language (no script: the CSP allows none inline, and none is needed)."""
    reader = Reader(page_language(request))
    title, *lines = [html.escape(render(text, reader)) for text in words]
    paragraphs = "".join(f"<p>{line}</p>" for line in lines)
    account = html.escape(render(t("Your account"), reader))
    page = (
        f'<!doctype html><html lang="{reader.language}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<link rel="stylesheet" href="/static/css/ra.css"><link rel="stylesheet" href="/static/css/people.css">'
        f"<title>{title}</title></head>"
        f'<body><main class="panel"><h1>{title}</h1>{paragraphs}{form}'
        f'<p><a href="/account">{account}</a></p></main></body></html>'
    )
    return HTMLResponse(page, status_code=status)


def _refused(request: Request) -> HTMLResponse:
    return _page(request, 403, [t("Turn notices"), t("This link is not valid (any more). Nothing was changed.")])


@router.get(UNSUBSCRIBE_PATH, include_in_schema=False)
async def unsubscribe_page(request: Request, account: Player = "", token: Token = "") -> HTMLResponse:
    """The one-click link opened in a browser: a page whose button turns the notices off (nothing changes on a
    GET, which mail scanners send)."""
    if await _notices(request).may_unsubscribe(account, token) is None:
        return _refused(request)
    target = html.escape(f"{UNSUBSCRIBE_PATH}?{urlencode({'account': account, 'token': token})}")
    button = html.escape(render(t("Turn notices off"), Reader(page_language(request))))
    form = (
        f'<form method="post" action="{target}"><input type="hidden" name="List-Unsubscribe" value="One-Click">'
        f'<button class="btn primary" type="submit">{button}</button></form>'
    )
    words = [t("Turn notices"), t("Do you want no more e-mail about your turns?")]
    return _page(request, 200, words, form)


@router.post(UNSUBSCRIBE_PATH, include_in_schema=False)
async def unsubscribe(request: Request, account: Player = "", token: Token = "") -> HTMLResponse:
    """RFC 8058's one-click POST (body `List-Unsubscribe=One-Click`, form-encoded; no cookie, no CSRF token: the
    link's signed token is the authority): the account's notices off. A wrong token changes nothing (403)."""
    if not await _notices(request).unsubscribe(account, token):
        return _refused(request)
    words = [t("Turn notices"), t("Turn notices are off: no more e-mail about your turns. Your account page turns "
             "them on again.")]  # fmt: skip
    return _page(request, 200, words)
