"""The bodies clients send are closed: a field the model does not know is an error, not silently ignored, and no
text is longer than `MAX_TEXT` before the precise limits apply (names, bot specs)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

MAX_TEXT = 1000  # any text field of a body; the service applies the precise limits (names, bot specs)


class Closed(BaseModel):
    """A body that refuses fields it does not know (a typo is an error, not silently ignored)."""

    model_config = ConfigDict(extra="forbid")
