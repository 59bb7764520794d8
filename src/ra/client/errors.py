"""The one exception of ra.client: a refusal by the server, or an answer the client cannot use."""

from __future__ import annotations

from typing import Any

from ra.core.text import Text, t


class ClientError(Exception):
    """The server refused a call (its HTTP status or the WebSocket's error code, and its `error`/`text`), or the
    client gave up (a server that does not answer, an answer it cannot read).

    `status` is the HTTP status (0 where there was none: a WebSocket's refusal, a lost connection); `code` the
    WebSocket's error code (`forbidden`, `not_found`...) or the HTTP refusal's kind (`unauthorized`, `conflict`...);
    `text` the reason as a text, in the server's words when it gave them (`str(error)` is its English)."""

    def __init__(self, text: Text, *, status: int = 0, code: str = "", retry_after: float | None = None) -> None:
        super().__init__(str(text))
        self.text, self.status, self.code, self.retry_after = text, status, code, retry_after

    @property
    def error(self) -> str:
        """The reason in English, as the server's `error` field says it."""
        return str(self.text)


# The HTTP statuses the client names; others keep their number only.
STATUS_CODES = {
    400: "bad_request",
    401: "unauthorized",
    403: "forbidden",
    404: "not_found",
    409: "conflict",
    413: "too_big",
    415: "not_json",
    422: "bad_request",
    429: "too_many",
    500: "internal",
    503: "unavailable",
}


def server_text(answer: Any, fallback: Text) -> Text:
    """The reason a refusal's JSON gives: its `text` (a text's JSON) where readable, else its `error` (English),
    else `fallback`. Only bounded strings are kept: a refusal is read, never trusted."""
    if isinstance(answer, dict):
        text = answer.get("text")
        if isinstance(text, dict):
            try:
                return Text.from_json(text)
            except (KeyError, TypeError, ValueError):
                pass
        error = answer.get("error") if "error" in answer else answer.get("message")
        if isinstance(error, str) and error:
            return t("the server said: {reason}", reason=error[:500])
    return fallback
