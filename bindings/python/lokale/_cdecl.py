"""The C declarations of ``include/lokale.h`` in :mod:`ctypes`: its structures (named as there), the
change callback's type and the signature of each function. Imported with ctypes, on the first call
that goes through it: a program whose start the accelerator serves (``_speedups``: loading the
library, a runtime, a bundle, its lookups and formats) imports neither. The constants are ``_abi``'s.
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
