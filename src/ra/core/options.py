"""Table options read through their `OptionSpec` (ra.core.protocol): one check of a person's settings for every game.

The specs a game lists in `OPTIONS` are what the lobby offers; the game's `Options.from_mapping` takes the settings
from here, so that what the lobby offers and what the engine accepts cannot drift apart.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ra.core.protocol import OptionSpec
from ra.core.text import Text, t, tp

OPTION_NAMED = "option {name!r}"  # how an error message names the option, unless a game words it otherwise


def _named(spec: OptionSpec, named: str) -> Text | str:
    """The option as an error message names it: "option 'final_floor'" in the reader's words by default, else the
    game's own pattern (a name, not words: RA and Write names its options bare)."""
    if named == OPTION_NAMED:
        return tp("an option named in an error message", "option {name}", name=repr(spec.name))
    return named.format(name=spec.name)


def checked_setting(spec: OptionSpec, value: Any, named: str = OPTION_NAMED) -> Any:
    """`value` if it is a valid setting of the option `spec`; ValueError otherwise.

    `named` is how the message names the option (formatted with `name`), e.g. "option 'final_floor'".
    """
    option, shown = _named(spec, named), repr(value)
    if spec.kind == "bool":
        if not isinstance(value, bool):
            raise ValueError(t("{option} must be true or false, not {value}", option=option, value=shown))
    elif spec.kind == "choice":
        if not isinstance(value, str) or value not in spec.choices:
            raise ValueError(
                t(
                    "{option} must be one of {choices}, not {value}",
                    option=option,
                    choices=str(list(spec.choices)),
                    value=shown,
                )
            )
    else:
        low, high = spec.minimum, spec.maximum
        if (
            isinstance(value, bool)
            or not isinstance(value, int)
            or (low is not None and value < low)
            or (high is not None and value > high)
        ):
            raise ValueError(_not_whole(option, shown, low, high))
    return value


def _not_whole(option: Text | str, value: str, low: int | None, high: int | None) -> Text:
    """The message for a setting that is not a whole number within the option's bounds."""
    if low is not None and high is not None:
        return t(
            "{option} must be a whole number from {low} to {high}, not {value}",
            option=option,
            low=low,
            high=high,
            value=value,
        )
    if low is not None:
        return t("{option} must be a whole number of at least {low}, not {value}", option=option, low=low, value=value)
    if high is not None:
        return t(
            "{option} must be a whole number of at most {high}, not {value}", option=option, high=high, value=value
        )
    return t("{option} must be a whole number, not {value}", option=option, value=value)


def option_settings(
    specs: Sequence[OptionSpec], options: Mapping[str, Any], named: str = OPTION_NAMED
) -> dict[str, Any]:
    """Each spec's setting in `options` (its default when absent), checked: name -> value."""
    return {spec.name: checked_setting(spec, options.get(spec.name, spec.default), named) for spec in specs}
