"""The enumerations of ``include/lokale.h`` the API takes and returns, and their coercion from names."""

from __future__ import annotations

import enum
from typing import Dict, Type, TypeVar, Union

from ._errors import InvalidArgument

__all__ = ["Step", "Device", "Strategy", "Fallback", "Loading", "coerce"]


class Step(enum.IntEnum):
    """Which row of the fallback contract answered a lookup (``lokale_step``)."""

    TRANSLATION = 1
    """A preferred language has the translation."""
    LATER_PREFERENCE = 2
    """The first preference is unavailable; a later one matched."""
    DEVELOPMENT = 3
    """No preference matched: the development localization's text."""
    DEFAULT = 4
    """The lookup failed: the message's explicit default value."""
    KEY = 5
    """The lookup failed and there is no default value: the key."""


STEPS: Dict[int, Step] = {step.value: step for step in Step}
"""The member of each step value (a dict probe is faster than calling ``Step``)."""


class Device(enum.IntEnum):
    """Device classes for device-specific variants (``lokale_device``)."""

    IPHONE = 0
    IPAD = 1
    IPOD = 2
    MAC = 3
    APPLEWATCH = 4
    APPLETV = 5
    APPLEVISION = 6
    OTHER = 7


class Strategy(enum.IntEnum):
    """How a bundle's localizations are ordered (``lokale_strategy``)."""

    APPLE = 0
    """Apple's ``Bundle.preferredLocalizations`` on ICU data (default)."""
    ICU = 1
    """CLDR's LocaleMatcher."""


class Fallback(enum.IntEnum):
    """What a lookup does when the selected table lacks the key (``lokale_fallback_policy``)."""

    APPLE = 0
    """Apple's rule: a missing key gives the default value, else the key."""
    CHAIN = 1
    """Look a missing key up through the rest of the ordered localizations first."""


class Loading(enum.IntEnum):
    """How :meth:`Runtime.open` loads a bundle's file (the ``LOKALE_OPEN_COPY`` and
    ``LOKALE_OPEN_MAP`` flags of ``lokale_bundle_open``); :meth:`Bundle.reload` loads the same way."""

    AUTO = 0
    """Files up to 1 MiB are read into memory, larger ones mapped (neither flag)."""
    COPY = 4
    """Always read the whole file into memory (``LOKALE_OPEN_COPY``): immune to a program that
    rewrites the file in place."""
    MAP = 8
    """Always map the file (``LOKALE_OPEN_MAP``)."""


_E = TypeVar("_E", bound=enum.IntEnum)


def coerce(kind: Type[_E], value: Union[str, int, _E], what: str) -> _E:
    """Accepts an enum member, its int value, or its name in any case ("mac", "ICU")."""
    if isinstance(value, bool):
        raise TypeError(f"{what} must be a {kind.__name__} or a name, not bool")
    if isinstance(value, str):
        try:
            return kind[value.strip().upper().replace("-", "_")]
        except KeyError:
            names = ", ".join(repr(m.name.lower()) for m in kind)
            raise InvalidArgument(f"unknown {what} {value!r}; expected one of {names}") from None
    if isinstance(value, int):
        try:
            return kind(value)
        except ValueError:
            raise InvalidArgument(f"unknown {what} {value!r}") from None
    raise TypeError(f"{what} must be a {kind.__name__}, a name or an int, not {type(value).__name__}")
