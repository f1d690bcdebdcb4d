"""The enumerations of ``include/lokale.h`` the API takes and returns: :class:`Status`,
:class:`Step`, :class:`Device`, :class:`Strategy`, :class:`Fallback` and :class:`Loading`.

This module is imported on first use of one of them (``lokale.Step``, the first
:meth:`Bundle.lookup`, :attr:`Runtime.device`…), not by ``import lokale``: :mod:`enum` costs
start-up time (it imports functools, collections, operator and types). The binding works with the
plain ints of ``_abi`` (the binding's one copy of the header's values, which the members take) and
makes members only for what it returns.
"""

from __future__ import annotations

import enum

from ._abi import DEVICE, FALLBACK, LOADING, STATUS, STEP, STRATEGY

__all__ = ["Status", "Step", "Device", "Strategy", "Fallback", "Loading", "STEPS"]


class Status(enum.IntEnum):
    """The status codes of ``include/lokale.h``, named as there without the ``LOKALE_`` prefix
    (a test checks each name against ``lokale_status_name()``)."""

    OK = STATUS["OK"]
    ERROR = STATUS["ERROR"]
    """An unexpected failure."""
    EINVAL = STATUS["EINVAL"]
    """A bad argument: NULL, a bad length, a malformed value."""
    EIO = STATUS["EIO"]
    """A file could not be read or mapped."""
    ECORRUPT = STATUS["ECORRUPT"]
    """A compiled table is damaged or not a compiled table."""
    EVERSION = STATUS["EVERSION"]
    """A compiled table of an unsupported format version."""
    ENOTFOUND = STATUS["ENOTFOUND"]
    """A file that does not exist."""
    ETRUNCATED = STATUS["ETRUNCATED"]
    """The output buffer was too small (handled inside the binding, never raised)."""
    EFORMAT = STATUS["EFORMAT"]
    """A format string could not be used."""
    ENOMEM = STATUS["ENOMEM"]
    """Out of memory."""
    ESTATE = STATUS["ESTATE"]
    """Not possible in the current state (e.g. a second main bundle)."""
    ERANGE = STATUS["ERANGE"]
    """A format argument outside what its specifier prints (2**63 for ``%lld``)."""


class Step(enum.IntEnum):
    """Which row of the fallback contract answered a lookup (``lokale_step``)."""

    TRANSLATION = STEP["TRANSLATION"]
    """A preferred language has the translation."""
    LATER_PREFERENCE = STEP["LATER_PREFERENCE"]
    """The first preference is unavailable; a later one matched."""
    DEVELOPMENT = STEP["DEVELOPMENT"]
    """No preference matched: the development localization's text."""
    DEFAULT = STEP["DEFAULT"]
    """The lookup failed: the message's explicit default value."""
    KEY = STEP["KEY"]
    """The lookup failed and there is no default value: the key."""


STEPS: dict[int, Step] = {step.value: step for step in Step}
"""The member of each step value (a dict probe is faster than calling ``Step``)."""


class Device(enum.IntEnum):
    """Device classes for device-specific variants (``lokale_device``)."""

    IPHONE = DEVICE["IPHONE"]
    IPAD = DEVICE["IPAD"]
    IPOD = DEVICE["IPOD"]
    MAC = DEVICE["MAC"]
    APPLEWATCH = DEVICE["APPLEWATCH"]
    APPLETV = DEVICE["APPLETV"]
    APPLEVISION = DEVICE["APPLEVISION"]
    OTHER = DEVICE["OTHER"]


class Strategy(enum.IntEnum):
    """How a bundle's localizations are ordered (``lokale_strategy``)."""

    APPLE = STRATEGY["APPLE"]
    """Apple's ``Bundle.preferredLocalizations`` on ICU data (default)."""
    ICU = STRATEGY["ICU"]
    """CLDR's LocaleMatcher."""


class Fallback(enum.IntEnum):
    """What a lookup does when the selected table lacks the key (``lokale_fallback_policy``)."""

    APPLE = FALLBACK["APPLE"]
    """Apple's rule: a missing key gives the default value, else the key."""
    CHAIN = FALLBACK["CHAIN"]
    """Look a missing key up through the rest of the ordered localizations first."""


class Loading(enum.IntEnum):
    """How :meth:`Runtime.open` loads a bundle's file (the ``LOKALE_OPEN_COPY`` and
    ``LOKALE_OPEN_MAP`` flags of ``lokale_bundle_open``); :meth:`Bundle.reload` loads the same way."""

    AUTO = LOADING["AUTO"]
    """Files up to 1 MiB are read into memory, larger ones mapped (neither flag)."""
    COPY = LOADING["COPY"]
    """Always read the whole file into memory (``LOKALE_OPEN_COPY``): immune to a program that
    rewrites the file in place."""
    MAP = LOADING["MAP"]
    """Always map the file (``LOKALE_OPEN_MAP``)."""
