"""The mails: their words as translatable texts, rendered in the account's language, and their delivery over SMTP
(smtplib in a thread, with a timeout: a slow or absent mail server never holds a table or the event loop).

A mail names the table's game and links to the table through the site's `/t/{id}/mine` route, which brings a signed-in
account to its kept seat (no seat token travels in a mail), and to the account page, where notices are changed. Every
notice carries the account's one-click unsubscribe link (accounts/links.py) in its text and in `List-Unsubscribe` with
`List-Unsubscribe-Post` (RFC 2369, RFC 8058). A verification mail carries the signed link that confirms its address.
"""

from __future__ import annotations

import smtplib
import ssl
from collections.abc import Sequence
from dataclasses import dataclass
from email import policy
from email.message import EmailMessage
from email.utils import formatdate, make_msgid
from typing import Protocol

from ra.core.text import Text, t, tn
from ra.games import GAMES, game_module
from ra.i18n.languages import CODES, DEFAULT
from ra.i18n.render import Reader, render
from ra.server.settings import NoticeSettings

# Header lines up to RFC 5322's 998 characters: a link in `List-Unsubscribe` is one long word that the default (78)
# would turn into RFC 2047 encoded words, which no mail program reads as a link.
MAIL_POLICY = policy.default.clone(max_line_length=998)


class Mailer(Protocol):
    """Delivers one mail (blocking; the caller runs it in a thread)."""

    def send(self, message: EmailMessage) -> None:
        """Send it, or raise (OSError, smtplib.SMTPException)."""
        ...


class SmtpMailer:
    """Sends mails through the configured SMTP server."""

    def __init__(self, settings: NoticeSettings) -> None:
        self.settings = settings

    def send(self, message: EmailMessage) -> None:
        """One SMTP conversation: connect, STARTTLS if asked, sign in if asked, send, quit."""
        s = self.settings
        assert s.smtp_host is not None
        with smtplib.SMTP(s.smtp_host, s.smtp_port, timeout=s.smtp_timeout) as smtp:
            if s.smtp_starttls:
                smtp.starttls(context=ssl.create_default_context())
            if s.smtp_user and s.smtp_password:
                smtp.login(s.smtp_user, s.smtp_password)
            smtp.send_message(message)


@dataclass(frozen=True)
class Waiting:
    """A table waiting for the reader's move, as a mail names it."""

    table_id: str
    seat: int
    game: str


def game_title(game: str, reader: Reader) -> str:
    """A game's title in the reader's language (its name if it is not registered here)."""
    if game not in GAMES:
        return game
    title: Text | str = getattr(game_module(game), "TITLE", game)
    return render(title, reader)


def table_link(base: str, table_id: str, seat: int) -> str:
    """The link that opens the table in the account's kept seat."""
    return f"{base}/t/{table_id}/mine?seat={seat}"


def _message(sender: str, to: str, subject: str, lines: Sequence[str], unsubscribe: str | None = None) -> EmailMessage:
    message = EmailMessage(policy=MAIL_POLICY)
    message["From"], message["To"], message["Subject"] = sender, to, subject
    message["Date"], message["Message-ID"] = formatdate(localtime=False), make_msgid(domain="ra.invalid")
    message["Auto-Submitted"] = "auto-generated"
    if unsubscribe is not None:  # mail programs show an "unsubscribe" button that POSTs to it (RFC 8058)
        message["List-Unsubscribe"] = f"<{unsubscribe}>"
        message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    message.set_content("\n".join(lines) + "\n")
    return message


def reader_of(language: str | None) -> Reader:
    """The reader of a mail: the account's language if shipped, else English."""
    return Reader(language if language in CODES else DEFAULT)


def turn_mail(
    sender: str, to: str, name: str, language: str | None, base: str, table: Waiting, unsubscribe: str
) -> EmailMessage:
    """The mail of one turn (`unsubscribe`: the account's one-click unsubscribe link)."""
    reader = reader_of(language)
    game, account = game_title(table.game, reader), f"{base}/account"
    words: list[Text] = [
        t("Hello {name},", name=name),
        t("it is your turn at a table of {game}.", game=game),
        t("Open the table: {link}", link=table_link(base, table.table_id, table.seat)),
        t("You receive this because turn notices are on in your account. Turn them off or change them: {link}",
          link=account),
    ]  # fmt: skip
    subject = render(t("Your turn at {game}", game=game), reader)
    lines = [render(words[0], reader), "", render(words[1], reader), render(words[2], reader), "", "--"]
    footer = [render(words[3], reader), render(off_at_once(unsubscribe), reader)]
    return _message(sender, to, subject, [*lines, *footer], unsubscribe)


def off_at_once(link: str) -> Text:
    """The line of a notice that links to its one-click unsubscribe page."""
    return t("Turn every notice off at once: {link}", link=link)


def digest_mail(
    sender: str, to: str, name: str, language: str | None, base: str, tables: Sequence[Waiting], unsubscribe: str
) -> EmailMessage:
    """The daily digest: every table waiting for the account's move (`unsubscribe` as for `turn_mail`)."""
    reader = reader_of(language)
    n = len(tables)
    subject = render(tn("{n} table is waiting for your move", "{n} tables are waiting for your move", n), reader)
    lines = [render(t("Hello {name},", name=name), reader), ""]
    heading = tn("this table is waiting for your move:", "these tables are waiting for your move:", n)
    lines.append(render(heading, reader))
    for table in tables:
        game = game_title(table.game, reader)
        lines.append(render(t("{game}: {link}", game=game, link=table_link(base, table.table_id, table.seat)), reader))
    account = f"{base}/account"
    footer = t(
        "You receive this daily digest because it is on in your account. Turn it off or change it: {link}",
        link=account,
    )
    return _message(
        sender, to, subject, [*lines, "", "--", render(footer, reader), render(off_at_once(unsubscribe), reader)],
        unsubscribe,
    )  # fmt: skip


def verify_mail(sender: str, to: str, name: str, language: str | None, link: str) -> EmailMessage:
    """The mail that asks to confirm an address: its signed link (`link`) verifies it; no notice goes to the
    address before."""
    reader = reader_of(language)
    subject = render(t("Confirm your e-mail address for turn notices"), reader)
    words: list[Text] = [
        t("Hello {name},", name=name),
        t("the account {name} wants its turn notices sent to this address. To confirm that it is yours, open:",
          name=name),
        t("If it was not you, do nothing: no notice is sent to this address without this confirmation."),
    ]  # fmt: skip
    lines = [render(words[0], reader), "", render(words[1], reader), link, "", render(words[2], reader)]
    return _message(sender, to, subject, lines)
