"""The enumerations of ``include/lokale.h`` the API takes and returns: :class:`Status`,
:class:`Step`, :class:`Device`, :class:`Strategy`, :class:`Fallback` and :class:`Loading`.

This module is imported on first use of one of them (``lokale.Step``, the first
:meth:`Bundle.lookup`, :attr:`Runtime.device`…), not by ``import lokale``: :mod:`enum` costs
milliseconds of every start-up (it imports functools, collections, operator and types). The binding
works with the plain ints of ``_abi`` (whose tables have the same members, a test checks it) and
makes members only for what it returns.
"""

from __future__ import annotations

import enum

__all__ = ["Status", "Step", "Device", "Strategy", "Fallback", "Loading", "STEPS"]


class Status(enum.IntEnum):
    """The status codes of ``include/lokale.h``, named as there without the ``LOKALE_`` prefix
    (a test checks each name against ``lokale_status_name()``)."""

    OK = 0
    ERROR = -1
    """An unexpected failure."""
    EINVAL = -2
    """A bad argument: NULL, a bad length, a malformed value."""
    EIO = -3
    """A file could not be read or mapped."""
    ECORRUPT = -4
    """A compiled table is damaged or not a compiled table."""
    EVERSION = -5
    """A compiled table of an unsupported format version."""
    ENOTFOUND = -6
    """A file that does not exist."""
    ETRUNCATED = -7
    """The output buffer was too small (handled inside the binding, never raised)."""
    EFORMAT = -8
    """A format string could not be used."""
    ENOMEM = -9
    """Out of memory."""
    ESTATE = -10
    """Not possible in the current state (e.g. a second main bundle)."""
    ERANGE = -11
    """A format argument outside what its specifier prints (2**63 for ``%lld``)."""


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


STEPS: dict[int, Step] = {step.value: step for step in Step}
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
