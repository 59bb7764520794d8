"""The refusals of accounts, ratings and chat: an HTTP status and words for people (a `Text`, rendered by the
reader's browser; `str()` is the English)."""

from __future__ import annotations

from ra.core.text import Text


class AccountError(Exception):
    """A request refused: its HTTP `status`, the protocol's `code`, and why (`text`)."""

    def __init__(self, status: int, code: str, text: Text, retry_after: int | None = None) -> None:
        super().__init__(str(text))
        self.status, self.code, self.text, self.retry_after = status, code, text, retry_after

    def answer(self) -> dict[str, object]:
        """The HTTP error answer: `{"error": English, "text": the text as JSON}`."""
        return {"error": str(self.text), "text": self.text.as_json()}
