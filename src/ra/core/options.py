"""Table options read through their `OptionSpec` (ra.core.protocol): one check of a person's settings for every game.

The specs a game lists in `OPTIONS` are what the lobby offers; the game's `Options.from_mapping` takes the settings
from here, so that what the lobby offers and what the engine accepts cannot drift apart.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ra.core.protocol import OptionSpec

OPTION_NAMED = "option {name!r}"  # how an error message names the option, unless a game words it otherwise


def checked_setting(spec: OptionSpec, value: Any, named: str = OPTION_NAMED) -> Any:
    """`value` if it is a valid setting of the option `spec`; ValueError otherwise.

    `named` is how the message names the option (formatted with `name`), e.g. "option 'final_floor'".
    """
    name = named.format(name=spec.name)
    if spec.kind == "bool":
        if not isinstance(value, bool):
            raise ValueError(f"{name} must be true or false, not {value!r}")
    elif spec.kind == "choice":
        if not isinstance(value, str) or value not in spec.choices:
            raise ValueError(f"{name} must be one of {list(spec.choices)}, not {value!r}")
    else:
        low, high = spec.minimum, spec.maximum
        if (
            isinstance(value, bool)
            or not isinstance(value, int)
            or (low is not None and value < low)
            or (high is not None and value > high)
        ):
            raise ValueError(f"{name} must be a whole number{_bounds(low, high)}, not {value!r}")
    return value


def _bounds(low: int | None, high: int | None) -> str:
    """' from 1 to 9', ' of at least 1', ' of at most 9' or nothing."""
    if low is not None and high is not None:
        return f" from {low} to {high}"
    if low is not None:
        return f" of at least {low}"
    return "" if high is None else f" of at most {high}"


def option_settings(
    specs: Sequence[OptionSpec], options: Mapping[str, Any], named: str = OPTION_NAMED
) -> dict[str, Any]:
    """Each spec's setting in `options` (its default when absent), checked: name -> value."""
    return {spec.name: checked_setting(spec, options.get(spec.name, spec.default), named) for spec in specs}
