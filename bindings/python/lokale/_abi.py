"""The C declarations of ``include/lokale.h`` in :mod:`ctypes`: its structures (named as there),
constants and the values of its enumerations (the one place the binding writes them: the public
enums of ``_enums`` are made from them) and the signature of each function.

The binding itself works with the plain ints of this module: :class:`lokale.Status`,
:class:`lokale.Step` and the other enums are made only when a program uses them (``import enum``
costs start-up time).
"""

from __future__ import annotations

from ctypes import (
    CFUNCTYPE,
    POINTER,
    Structure,
    Union,
    c_char_p,
    c_double,
    c_int,
    c_int64,
    c_size_t,
    c_ssize_t,
    c_uint32,
    c_uint64,
    c_void_p,
)

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (it costs start-up time)
if TYPE_CHECKING:
    from typing import Any

# ruff: noqa: N801 - the structures keep the header's names

# ptrdiff_t: c_ssize_t has the same width on every platform Lokale builds for.
c_ptrdiff_t = c_ssize_t


class lokale_runtime_options(Structure):

    _fields_ = [
        ("version", c_uint32),
        ("preferred_languages", POINTER(c_char_p)),
        ("preferred_count", c_size_t),
        ("fallback_policy", c_int),
        ("device", c_int),
        ("strategy", c_int),
        ("settings_path", c_char_p),
    ]


class lokale_message(Structure):
    """Version 4 (:data:`MESSAGE_VERSION`): ``flags`` asks for strict format arguments;
    ``languages`` is a request's (``lokale.Languages``), NULL for the runtime's."""

    _fields_ = [
        ("version", c_uint32),
        ("key", c_char_p),
        ("key_len", c_ptrdiff_t),
        ("table", c_char_p),
        ("table_len", c_ptrdiff_t),
        ("default_value", c_char_p),
        ("default_len", c_ptrdiff_t),
        ("comment", c_char_p),
        ("comment_len", c_ptrdiff_t),
        ("locale", c_char_p),
        ("locale_len", c_ptrdiff_t),
        ("flags", c_uint32),
        ("languages", c_void_p),
    ]


class lokale_arg_string(Structure):
    _fields_ = [("ptr", c_char_p), ("len", c_ptrdiff_t)]


class lokale_arg_value(Union):
    _fields_ = [("i", c_int64), ("u", c_uint64), ("d", c_double), ("s", lokale_arg_string)]


class lokale_arg(Structure):
    _fields_ = [("type", c_int), ("value", lokale_arg_value)]


class lokale_named_arg(Structure):
    _fields_ = [("name", c_char_p), ("name_len", c_ptrdiff_t), ("value", lokale_arg), ("time_zone", c_char_p)]


class lokale_name_value(Structure):
    # c_void_p, not c_char_p: the strings are read with their lengths (string_at), as the header lends them.
    _fields_ = [("name", c_void_p), ("name_len", c_size_t), ("value", c_void_p), ("value_len", c_size_t)]


class lokale_part(Structure):
    """Read through the pointer lokale_formatted_parts_get lends (never copied into an array)."""

    _fields_ = [
        ("kind", c_int),
        ("dir", c_int),
        ("value", c_void_p),
        ("value_len", c_size_t),
        ("source", c_void_p),
        ("source_len", c_size_t),
        ("name", c_void_p),
        ("name_len", c_size_t),
        ("locale", c_void_p),
        ("locale_len", c_size_t),
        ("id", c_void_p),
        ("id_len", c_size_t),
        ("options", POINTER(lokale_name_value)),
        ("option_count", c_size_t),
        ("fields", POINTER(lokale_name_value)),
        ("field_count", c_size_t),
    ]


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

# void (*lokale_change_callback)(void *payload, lokale_runtime *runtime)
ChangeCallback = CFUNCTYPE(None, c_void_p, c_void_p)

_size_p = POINTER(c_size_t)

# name: (restype, argtypes)
SIGNATURES: dict[str, tuple[Any, list[Any]]] = {
    "lokale_version": (c_char_p, []),
    "lokale_version_number": (c_int, []),
    "lokale_table_format_version": (c_int, []),
    "lokale_last_error": (c_void_p, []),
    "lokale_status_name": (c_char_p, [c_int]),
    "lokale_runtime_options_init": (c_int, [POINTER(lokale_runtime_options)]),
    "lokale_runtime_new": (c_int, [POINTER(c_void_p), POINTER(lokale_runtime_options)]),
    "lokale_runtime_free": (None, [c_void_p]),
    "lokale_runtime_set_preferred_languages": (c_int, [c_void_p, POINTER(c_char_p), c_size_t]),
    "lokale_runtime_preferred_languages": (c_int, [c_char_p, c_size_t, _size_p, c_void_p]),
    "lokale_runtime_set_device": (c_int, [c_void_p, c_int]),
    "lokale_runtime_set_fallback_policy": (c_int, [c_void_p, c_int]),
    "lokale_runtime_set_language": (c_int, [c_void_p, c_char_p]),
    "lokale_runtime_language": (c_int, [c_char_p, c_size_t, _size_p, c_void_p]),
    "lokale_runtime_settings_path": (c_int, [c_char_p, c_size_t, _size_p, c_void_p]),
    "lokale_runtime_add_callback": (c_int, [POINTER(c_uint64), c_void_p, ChangeCallback, c_void_p]),
    "lokale_runtime_remove_callback": (c_int, [c_void_p, c_uint64]),
    "lokale_runtime_diagnostics": (c_int, [c_char_p, c_size_t, _size_p, c_void_p]),
    "lokale_language_display_name": (c_int, [c_char_p, c_size_t, _size_p, c_char_p, c_char_p]),
    "lokale_bundle_open": (c_int, [POINTER(c_void_p), c_void_p, c_char_p, c_uint32]),
    "lokale_bundle_open_memory": (c_int, [POINTER(c_void_p), c_void_p, c_char_p, c_size_t, c_uint32]),
    "lokale_bundle_free": (None, [c_void_p]),
    "lokale_bundle_reload": (c_int, [POINTER(c_int), c_void_p, c_uint32]),
    "lokale_bundle_identifier": (c_int, [POINTER(c_void_p), c_void_p]),
    "lokale_bundle_development_localization": (c_int, [POINTER(c_void_p), c_void_p]),
    "lokale_bundle_localizations": (c_int, [POINTER(POINTER(c_void_p)), _size_p, c_void_p]),
    "lokale_bundle_preferred_localizations": (c_int, [c_char_p, c_size_t, _size_p, c_void_p]),
    "lokale_bundle_lookup": (
        c_int,
        [POINTER(c_void_p), _size_p, POINTER(c_int), c_void_p, POINTER(lokale_message)],
    ),
    "lokale_bundle_text": (c_char_p, [c_void_p, c_char_p, c_void_p]),
    "lokale_bundle_format": (
        c_int,
        [c_char_p, c_size_t, _size_p, c_void_p, POINTER(lokale_message), POINTER(lokale_arg), c_size_t],
    ),
    "lokale_bundle_explain": (
        c_int,
        [c_char_p, c_size_t, _size_p, c_void_p, POINTER(lokale_message), POINTER(lokale_arg), c_size_t],
    ),
    "lokale_bundle_format_named": (
        c_int,
        [c_char_p, c_size_t, _size_p, c_void_p, POINTER(lokale_message), POINTER(lokale_named_arg), c_size_t],
    ),
    "lokale_bundle_format_named_problems": (
        c_int,
        [c_char_p, c_size_t, _size_p, c_void_p, POINTER(lokale_message), POINTER(lokale_named_arg), c_size_t],
    ),
    "lokale_bundle_explain_named": (
        c_int,
        [c_char_p, c_size_t, _size_p, c_void_p, POINTER(lokale_message), POINTER(lokale_named_arg), c_size_t],
    ),
    "lokale_bundle_lookup_variant": (
        c_int,
        [c_char_p, c_size_t, _size_p, POINTER(c_int), c_void_p, POINTER(lokale_message), POINTER(lokale_arg), c_size_t],
    ),
    "lokale_languages_new": (c_int, [POINTER(c_void_p), c_void_p, POINTER(c_char_p), c_size_t]),
    "lokale_languages_free": (None, [c_void_p]),
    "lokale_languages_list": (c_int, [c_char_p, c_size_t, _size_p, c_void_p]),
    "lokale_parse_accept_language": (c_int, [c_char_p, c_size_t, _size_p, _size_p, c_char_p, c_ptrdiff_t]),
    "lokale_message_format_new": (c_int, [POINTER(c_void_p), c_char_p, c_ptrdiff_t, c_char_p]),
    "lokale_message_format_free": (None, [c_void_p]),
    "lokale_message_format_format": (c_int, [c_char_p, c_size_t, _size_p, c_void_p, POINTER(lokale_named_arg), c_size_t]),
    "lokale_message_format_problems": (c_int, [c_char_p, c_size_t, _size_p, c_void_p, POINTER(lokale_named_arg), c_size_t]),
    "lokale_message_format_format_to_parts": (c_int, [POINTER(c_void_p), c_void_p, POINTER(lokale_named_arg), c_size_t]),
    "lokale_bundle_format_named_to_parts": (
        c_int, [POINTER(c_void_p), c_void_p, POINTER(lokale_message), POINTER(lokale_named_arg), c_size_t]
    ),
    "lokale_formatted_parts_count": (c_size_t, [c_void_p]),
    "lokale_formatted_parts_get": (c_int, [POINTER(POINTER(lokale_part)), c_void_p, c_size_t]),
    "lokale_formatted_parts_text": (c_int, [POINTER(c_void_p), _size_p, c_void_p]),
    "lokale_formatted_parts_problems": (c_int, [POINTER(c_void_p), _size_p, c_void_p]),
    "lokale_formatted_parts_free": (None, [c_void_p]),
    "lokale_bundle_format_problems": (
        c_int,
        [c_char_p, c_size_t, _size_p, c_void_p, POINTER(lokale_message), POINTER(lokale_arg), c_size_t],
    ),
}
