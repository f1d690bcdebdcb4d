"""Calling ``liblokale`` through :mod:`ctypes`: the ``(dst, capacity, needed)`` results, grown to
the size the library reports, the strings a handle lends, arrays of languages; and the package's
functions over the library (``lokale.library_version``, ``lokale.display_name``…). Imported with ctypes, by the first
call that needs it (``_library`` finds and loads the library without ctypes).
"""

from __future__ import annotations

import ctypes
from ctypes import byref, c_size_t, c_void_p

from ._abi import ETRUNCATED, OK
from ._args import encode, encode_optional
from ._library import check, library, raise_status

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, List, Optional, Tuple

__all__ = ["fill", "fill_text", "borrowed", "language_array", "library_path", "library_version",
           "table_format_version", "display_name"]

# A first buffer for (dst, capacity, needed) results; grown to `needed` when too small.
_FIRST_CAPACITY = 512


def fill(function: Callable[..., int], *args: Any) -> bytes:
    """Calls a (dst, capacity, needed, ...) function: a small buffer first, grown on
    LOKALE_ETRUNCATED to the ``needed`` length it reports."""
    capacity = _FIRST_CAPACITY
    needed = c_size_t(0)
    while True:
        buffer = ctypes.create_string_buffer(capacity)
        status = function(buffer, capacity, byref(needed), *args)
        if status == OK:
            return ctypes.string_at(buffer, needed.value)
        if status == ETRUNCATED and needed.value >= capacity:
            # The result may grow again in between (another thread changed the language).
            capacity = needed.value + 1
            continue
        raise_status(status)


def fill_text(function: Callable[..., int], *args: Any) -> str:
    """:func:`fill`, decoded."""
    return fill(function, *args).decode("utf-8", "replace")


def borrowed(function: Callable[..., int], handle: int) -> str:
    """The text of a (const char **out, handle) function (static or owned by the handle)."""
    ptr = c_void_p()
    check(function(byref(ptr), handle))
    return ctypes.string_at(ptr.value).decode("utf-8", "replace") if ptr.value else ""


def language_array(encoded: Optional[List[bytes]]) -> Tuple[Optional[ctypes.Array[ctypes.c_char_p]], int]:
    """A ``const char *const *`` of encoded languages (``_args.language_list``'s) and its
    count: a non-NULL array even for an empty list (no preferences); NULL for None (the
    environment's)."""
    if encoded is None:
        return None, 0
    return (ctypes.c_char_p * max(len(encoded), 1))(*encoded), len(encoded)


# ------------------------------------------------------------------------------------------------
# Module-level functions of the package
# ------------------------------------------------------------------------------------------------


def library_path() -> str:
    """The path of the loaded ``liblokale`` (loading it if needed)."""
    return library().path


def library_version() -> str:
    """The C library's version string (``lokale_version()``), e.g. ``"0.1.0"``."""
    return (library().lokale_version() or b"").decode("ascii", "replace")


def table_format_version() -> int:
    """The major version of the compiled-table format the library reads."""
    return int(library().lokale_table_format_version())


def display_name(language: str, in_language: str | None = None) -> str:
    """The display name of ``language`` for a language picker, from ICU: in ``in_language``, or
    in the language itself when ``in_language`` is None.

    >>> display_name("de")
    'Deutsch'
    >>> display_name("de", "fr")
    'allemand'
    """
    return fill_text(
        library().lokale_language_display_name,
        encode(language, "language"),
        encode_optional(in_language, "in_language"),
    )
