"""Unicode MessageFormat 2 messages given as source (docs/MESSAGEFORMAT.md):
``MessageFormat(source, locale)`` parses and checks the message once (a syntax or data model error
raises :class:`lokale.FormatError` with its line and column); ``format(**arguments)`` may then be
called from any thread. Formatting always gives text: a value that cannot be formatted shows as its
fallback (``{$name}``) and :meth:`MessageFormat.problems` says why.

Arguments by name: ``int``, ``float``, ``str``, :class:`decimal.Decimal` (exact: no digit lost to a
double; plural selection reads the number as its options format it), ``bool`` (``"true"``/``"false"``, as MF2 reads it), and moments:
an aware :class:`datetime.datetime` (shown in its ``ZoneInfo``'s zone, else at its UTC offset), a
naive one (taken as UTC) or a :class:`datetime.date` (its midnight, UTC).
"""

from __future__ import annotations

import ctypes
from ctypes import byref, c_void_p

from ._abi import ARG_DOUBLE, ARG_INT, ARG_STRING, ARG_TIMESTAMP, ARG_UINT
from ._args import encode
from ._ccall import fill_text
from ._cdecl import lokale_named_arg
from ._library import Library, check, library, non_null

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (it costs start-up time)
if TYPE_CHECKING:
    import typing

    import lokale
else:  # what typing.get_type_hints needs of the public annotations, without importing typing
    from ._args import lokale, typing

__all__ = ["MessageFormat"]

_INT64 = (-(2**63), 2**63 - 1)


class MessageFormat:
    """An MF2 message for one locale, checked once and formatted any number of times, from any
    thread. The library's handle is freed when the object is collected or :meth:`close`\\ d."""

    __slots__ = ("source", "locale", "_handle", "_lib")

    source: str
    locale: str
    if TYPE_CHECKING:
        _handle: typing.Optional[int]
        _lib: Library

    def __init__(self, source: str, locale: str) -> None:
        if not isinstance(source, str):
            raise TypeError(f"source must be str, not {type(source).__name__}")
        if not isinstance(locale, str):
            raise TypeError(f"locale must be str, not {type(locale).__name__}")
        self._handle = None
        self._lib = lib = library()
        encoded = encode(source, "source")
        handle = c_void_p()
        check(lib.lokale_message_format_new(byref(handle), encoded, len(encoded), encode(locale, "locale")))
        self._handle = non_null(handle, "lokale_message_format_new")
        self.source = source
        self.locale = locale

    def format(self, /, **arguments: typing.Any) -> str:
        """The message's text for ``arguments``."""
        return fill_text(self._lib.lokale_message_format_format, self._live(), *_named(arguments))

    def problems(self, /, **arguments: typing.Any) -> typing.List[str]:
        """What :meth:`format` meets with the same arguments, one ``"type: explanation"`` each (the
        specification's types: ``unresolved-variable``, ``bad-operand``, ``bad-selector``, …)."""
        text = fill_text(self._lib.lokale_message_format_problems, self._live(), *_named(arguments))
        return text.split("\n") if text else []

    def format_to_parts(self, /, **arguments: typing.Any) -> typing.List[lokale.Part]:
        """The message for ``arguments`` as parts, in order (:class:`lokale.TextPart`,
        :class:`lokale.ExpressionPart`, :class:`lokale.MarkupPart`, :class:`lokale.FallbackPart`,
        :class:`lokale.BidiIsolationPart`): a UI renders markup and styles values from them,
        without parsing the text. Their ``value``\\ s concatenate to :meth:`format`'s text."""
        from ._parts import taken

        parts = c_void_p()
        check(self._lib.lokale_message_format_format_to_parts(byref(parts), self._live(), *_named(arguments)))
        return taken(self._lib, parts)

    def close(self) -> None:
        """Frees the library's handle now; the object is unusable after."""
        handle = getattr(self, "_handle", None)  # None too when __init__ raised before making one
        self._handle = None
        if handle is not None:
            self._lib.lokale_message_format_free(handle)

    __del__ = close

    def __enter__(self) -> MessageFormat:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"lokale.MessageFormat({self.source!r}, {self.locale!r})"

    def _live(self) -> int:
        if self._handle is None:
            from ._errors import ClosedError

            raise ClosedError("the MessageFormat is closed")
        return self._handle


def _named(arguments: typing.Dict[str, typing.Any]) -> typing.Tuple[ctypes.Array[lokale_named_arg], int]:
    """The arguments as a ``lokale_named_arg`` array and its count (the encoded bytes live as long
    as the array, which ctypes keeps referring to)."""
    array = (lokale_named_arg * max(len(arguments), 1))()
    for i, (name, value) in enumerate(arguments.items()):
        a = array[i]
        encoded = encode(name, "argument name")
        a.name, a.name_len = encoded, len(encoded)
        v = a.value
        if isinstance(value, bool):
            v.type, v.value.s.ptr, v.value.s.len = ARG_STRING, b"true" if value else b"false", -1
        elif isinstance(value, int):
            if _INT64[0] <= value <= _INT64[1]:
                v.type, v.value.i = ARG_INT, value
            elif 0 <= value < 2**64:
                v.type, v.value.u = ARG_UINT, value
            else:
                text = str(value).encode()
                v.type, v.value.s.ptr, v.value.s.len = ARG_STRING, text, len(text)
        elif isinstance(value, float):
            v.type, v.value.d = ARG_DOUBLE, value
        elif isinstance(value, str):
            text = encode(value, f"argument {name!r}")
            v.type, v.value.s.ptr, v.value.s.len = ARG_STRING, text, len(text)
        else:
            _other(a, name, value)
    return array, len(arguments)


def _other(a: lokale_named_arg, name: str, value: object) -> None:
    """Decimals and moments (the modules are imported only when such a value comes)."""
    import datetime
    import decimal

    if isinstance(value, decimal.Decimal):
        if not value.is_finite():
            raise ValueError(f"argument {name!r}: {value} is not a number")
        text = str(value).encode()
        a.value.type, a.value.value.s.ptr, a.value.value.s.len = ARG_STRING, text, len(text)
        return
    if isinstance(value, datetime.datetime):
        zone = getattr(value.tzinfo, "key", None)
        if value.tzinfo is None:
            value = value.replace(tzinfo=datetime.timezone.utc)
        a.value.type, a.value.value.d = ARG_TIMESTAMP, value.timestamp()
        a.time_zone = zone.encode() if zone else _offset_zone(value)
        return
    if isinstance(value, datetime.date):
        midnight = datetime.datetime(value.year, value.month, value.day, tzinfo=datetime.timezone.utc)
        a.value.type, a.value.value.d = ARG_TIMESTAMP, midnight.timestamp()
        return
    raise TypeError(_refused(name, value))


def check_named(name: str, value: object) -> None:
    """Raises what :func:`_named` raises for a name or value it cannot pass, when a
    :class:`lokale.Message` is made rather than when it is shown."""
    if not isinstance(name, str):
        raise TypeError(f"argument name must be str, not {type(name).__name__}")
    if isinstance(value, (int, float, str)):
        return
    import datetime
    import decimal

    if not isinstance(value, (decimal.Decimal, datetime.date)):
        raise TypeError(_refused(name, value))


def _refused(name: str, value: object) -> str:
    return (f"argument {name!r}: a MessageFormat takes int, float, str, bool, Decimal, datetime or date, "
            f"not {type(value).__name__}")


def _offset_zone(value: typing.Any) -> typing.Optional[bytes]:
    """A fixed UTC offset as a zone ICU reads (``GMT+02:00``); None for UTC itself."""
    offset = value.utcoffset()
    if not offset:
        return None
    minutes = int(offset.total_seconds()) // 60
    sign = "+" if minutes >= 0 else "-"
    return f"GMT{sign}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}".encode()
