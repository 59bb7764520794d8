"""The service's refusals: `ServiceError`, with the protocol's error code, the HTTP status and why."""

from __future__ import annotations

from typing import ClassVar

from ra.core.text import Text, t

GAME_OVER = t("the game is over")  # an action or a hint asked for after the end


class ServiceError(Exception):
    """A request the service refuses; `code` is the protocol's error code, `status` the HTTP status, `text` why
    (put into the reader's language by the client: the error answers carry it as JSON)."""

    STATUS: ClassVar[dict[str, int]] = {"bad_message": 400, "forbidden": 403, "not_found": 404, "unavailable": 503}

    def __init__(self, code: str, text: Text, status: int | None = None) -> None:
        super().__init__(str(text))
        self.code, self.text, self.message = code, text, str(text)  # `message`: the English (logs, old clients)
        self.status = status if status is not None else self.STATUS.get(code, 409)
