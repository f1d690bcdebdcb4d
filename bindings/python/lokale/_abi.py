"""The constants of ``include/lokale.h`` and the values of its enumerations: the binding's one copy
(the public enums of ``_enums`` are made from them; ``_cdecl`` declares the header's structures and
functions to ctypes).

The binding itself works with the plain ints of this module: :class:`lokale.Status`,
:class:`lokale.Step` and the other enums are made only when a program uses them (``import enum``
costs start-up time). Nothing is imported here: every module of a program's start reads it.
"""

from __future__ import annotations


# -- the constants of include/lokale.h ------------------------------------------------------------
# The binding's one copy: every other module, and _speedups.c (through its init(), see
# _backend_speedups), takes them from here; tests/test_abi.py checks each against the header and
# that no other module writes them again.

# The binding sends version-4 messages (LOKALE_MESSAGE_VERSION) with LOKALE_MESSAGE_STRICT_ARGUMENTS
# on both paths: format raises (ValueError, OverflowError) where Python's % would, instead of
# printing an argument its specifier cannot.
MESSAGE_VERSION = 4
MESSAGE_STRICT_ARGUMENTS = 1
ARG_INT = 1
ARG_UINT = 2
ARG_DOUBLE = 3
ARG_STRING = 4
ARG_TIMESTAMP = 5
# lokale_part_kind and lokale_part_dir (a MessageFormat 2 result as parts, lokale._parts)
PART_TEXT = 1
PART_EXPRESSION = 2
PART_FALLBACK = 3
PART_MARKUP_OPEN = 4
PART_MARKUP_CLOSE = 5
PART_MARKUP_STANDALONE = 6
PART_BIDI_ISOLATION = 7
DIR_UNSET = 0
DIR_LTR = 1
DIR_RTL = 2
DIR_AUTO = 3
OPEN_MAIN = 1
OPEN_VERIFY = 2
OPEN_COPY = 4
OPEN_MAP = 8
RELOAD_FORCE = 1
RELOAD_VERIFY = 2
LANGUAGES_REMEMBERED = 1024
"""Distinct lists a runtime remembers (``LOKALE_LANGUAGES_REMEMBERED``): the binding keeps as many
:class:`~lokale.Languages`, and each memo as many requests' dicts."""

# lokale_status (lokale.Status): name -> value, and the ones the binding tests.
STATUS: dict[str, int] = {
    "OK": 0, "ERROR": -1, "EINVAL": -2, "EIO": -3, "ECORRUPT": -4, "EVERSION": -5, "ENOTFOUND": -6,
    "ETRUNCATED": -7, "EFORMAT": -8, "ENOMEM": -9, "ESTATE": -10, "ERANGE": -11,
}
OK = STATUS["OK"]
EIO = STATUS["EIO"]
ENOTFOUND = STATUS["ENOTFOUND"]
ETRUNCATED = STATUS["ETRUNCATED"]
# lokale_step (lokale.Step)
STEP: dict[str, int] = {"TRANSLATION": 1, "LATER_PREFERENCE": 2, "DEVELOPMENT": 3, "DEFAULT": 4, "KEY": 5}
STEP_DEFAULT = STEP["DEFAULT"]
STEP_KEY = STEP["KEY"]
# lokale_device (lokale.Device), lokale_strategy (lokale.Strategy), lokale_fallback_policy
# (lokale.Fallback), and the ways of loading a bundle (lokale.Loading: its LOKALE_OPEN_* flag).
DEVICE: dict[str, int] = {
    "IPHONE": 0, "IPAD": 1, "IPOD": 2, "MAC": 3, "APPLEWATCH": 4, "APPLETV": 5, "APPLEVISION": 6, "OTHER": 7,
}
STRATEGY: dict[str, int] = {"APPLE": 0, "ICU": 1}
FALLBACK: dict[str, int] = {"APPLE": 0, "CHAIN": 1}
LOADING: dict[str, int] = {"AUTO": 0, "COPY": OPEN_COPY, "MAP": OPEN_MAP}

# -- the binding's own bound (not the header's) ---------------------------------------------------

MEMO_LIMIT = 100_000
"""Entries of a bundle's memo of plain lookups (either backend's; _speedups.c gets it from init()):
the memo starts over when it would grow past this, so that a program reading a huge table does not
keep all of it twice. The dicts of all requests' languages of a memo start over together at this
many entries too."""
