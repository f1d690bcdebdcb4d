"""A message's fields and its format arguments in the memory of a call through ctypes: a
``lokale_message`` (:class:`MessageFields`) and a ``lokale_arg`` array (:func:`pack_args`). Every
ctypes call packs them here, one way; the C accelerator does the same in C for exact int, float and
str, with the same error messages (``_args``' checks), and hands anything else back to this module
(through the ctypes backend). Imported with ctypes, on the first call that needs it.
"""

from __future__ import annotations

import ctypes
import struct
from ctypes import c_void_p

from ._abi import ARG_DOUBLE, ARG_INT, ARG_STRING, ARG_UINT, MESSAGE_STRICT_ARGUMENTS, MESSAGE_VERSION
from ._args import check_arg, encode
from ._cdecl import lokale_arg, lokale_message

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any, Optional

__all__ = ["MessageFields", "ArgArray", "pack_args"]

# ------------------------------------------------------------------------------------------------
# lokale_message
# ------------------------------------------------------------------------------------------------


class MessageFields:
    """A ``lokale_message`` and its address, filled by :meth:`fill` and reusable: the ctypes
    backend keeps one per thread, :meth:`lokale.Bundle.explain` makes a new one."""

    __slots__ = ("message", "address", "_table", "_default", "_locale", "_languages")

    def __init__(self) -> None:
        self.message = lokale_message()
        self.message.version = MESSAGE_VERSION
        # Only lokale_bundle_format reads it: an argument its specifier cannot print is an error.
        self.message.flags = MESSAGE_STRICT_ARGUMENTS
        self.address = c_void_p(ctypes.addressof(self.message))
        # Whether the optional fields hold a previous fill's bytes (cleared only then).
        self._table = self._default = self._locale = self._languages = False

    def fill(self, key: str, default: Optional[str], table: Optional[str], comment: Optional[str],
             locale: Optional[str] = None, languages: Optional[int] = None) -> None:
        """Encodes the fields in the accelerator's order (key, table, default, comment, locale),
        so that the first bad one gives the same error on both paths. The structure keeps the
        encoded bytes alive until the next fill. The comment is checked but not passed: it is for
        translators and extraction, and the library does not read it at run time (``lokale.h``), so
        writing it would only slow every lookup down. ``locale`` (how numbers are written; the library
        checks it is a language identifier) is only read by the formatting functions.
        ``languages``: the handle of a request's ``lokale.Languages`` (None: the runtime's)."""
        m = self.message
        encoded = encode(key, "key")
        m.key, m.key_len = encoded, len(encoded)
        if table is not None:
            encoded = encode(table, "table")
            m.table, m.table_len = encoded, len(encoded)
            self._table = True
        elif self._table:
            m.table, m.table_len = None, 0
            self._table = False
        if default is not None:
            encoded = encode(default, "default")
            m.default_value, m.default_len = encoded, len(encoded)
            self._default = True
        elif self._default:
            m.default_value, m.default_len = None, 0
            self._default = False
        if comment is not None:
            encode(comment, "comment")
        if locale is not None:
            encoded = encode(locale, "locale")
            m.locale, m.locale_len = encoded, len(encoded)
            self._locale = True
        elif self._locale:
            m.locale, m.locale_len = None, 0
            self._locale = False
        if languages is not None:
            m.languages = languages
            self._languages = True
        elif self._languages:
            m.languages = None
            self._languages = False


# ------------------------------------------------------------------------------------------------
# lokale_arg
# ------------------------------------------------------------------------------------------------


class ArgArray:
    """A ``lokale_arg`` array with its bytes and address (what :func:`pack_args` writes into)."""

    __slots__ = ("array", "view", "address", "capacity")

    def __init__(self, capacity: int) -> None:
        self.array = (lokale_arg * capacity)()
        self.view = memoryview(self.array).cast("B")
        self.address = c_void_p(ctypes.addressof(self.array))
        self.capacity = capacity


_INT64_MIN = -(2**63)
_INT64_MAX = 2**63 - 1
_UINT64_MAX = 2**64 - 1
_ARG_SIZE = ctypes.sizeof(lokale_arg)
_ARG_VALUE = lokale_arg.value.offset
# A number written straight into a lokale_arg's bytes: type, padding, value.
_PACK_INT = struct.Struct(f"=i{_ARG_VALUE - 4}xq").pack_into
_PACK_UINT = struct.Struct(f"=i{_ARG_VALUE - 4}xQ").pack_into
_PACK_DOUBLE = struct.Struct(f"=i{_ARG_VALUE - 4}xd").pack_into


def pack_args(values: Sequence[Any], into: Optional[ArgArray] = None) -> Optional[ArgArray]:
    """Checks the format arguments and writes them as ``lokale_arg``: into ``into`` when they fit,
    else into a new array. None when there are none.

    Exact int, float and str take the short way; other numbers are converted (``int()``,
    ``float()``, a Decimal's digits as text), bool and other types refused (TypeError), ints
    beyond 64 bits too (OverflowError). A str's encoded bytes stay referenced by the array."""
    count = len(values)
    if count == 0:
        return None
    target = into if into is not None and count <= into.capacity else ArgArray(count)
    array, view = target.array, target.view
    for index, value in enumerate(values):
        kind = type(value)
        if kind is not int and kind is not float and kind is not str:
            check_arg(index, value)
            if isinstance(value, str):  # a subclass: encoded as str below, no user code runs
                kind = str
            else:
                import decimal  # check_arg imported it (and numbers)
                import numbers

                if isinstance(value, decimal.Decimal):
                    value = format(value, "f")
                elif isinstance(value, numbers.Integral):
                    value = int(value)
                else:
                    value = float(value)
                kind = type(value)
        offset = index * _ARG_SIZE
        if kind is int:
            if _INT64_MIN <= value <= _INT64_MAX:
                _PACK_INT(view, offset, ARG_INT, value)
            elif 0 <= value <= _UINT64_MAX:
                _PACK_UINT(view, offset, ARG_UINT, value)
            else:
                raise OverflowError(
                    f"argument {index + 1}: {value} does not fit in 64 bits; pass it as a str"
                )
        elif kind is float:
            _PACK_DOUBLE(view, offset, ARG_DOUBLE, value)
        else:
            encoded = str.encode(value, "utf-8")
            slot = array[index]
            slot.type = ARG_STRING
            slot.value.s.ptr = encoded
            slot.value.s.len = len(encoded)
    return target
