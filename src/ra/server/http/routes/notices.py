"""Turn notices over HTTP (docs/ACCOUNTS.md): the account's notice preferences, and the link of the mails,
`/t/{id}/mine`, which brings a signed-in account to the seat it keeps at that table (a mail carries no seat token)."""

from __future__ import annotations

from typing import Annotated, Any
from urllib.parse import quote

from fastapi import APIRouter, Query, Request
from fastapi.responses import RedirectResponse

from ra.core.text import t
from ra.i18n.languages import CODES
from ra.server.accounts.errors import AccountError
from ra.server.http import account_models as api
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
