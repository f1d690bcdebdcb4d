"""Python values to the arguments of a call: text to UTF-8, names of the enumerations to their
values, and the check of a format argument (``_packing`` writes messages and arguments into a
ctypes call's memory; the C accelerator does it in C with the same error messages). Nothing here
imports ctypes: a program's start (``Runtime()``, ``open``) converts its arguments here.

Also the names the annotations of the upper layers read at run time (``lokale.Step``,
``lokale.Arg``, ``typing.Any``), for :func:`typing.get_type_hints`, made on first use: ``lokale.Step``
in an annotation of ``_bundle`` is evaluated against :data:`lokale` below, not the package (a module
of the package never imports the package itself: its ``__init__`` imports the layers), and the
enums and ``Arg`` are made only when asked for (:mod:`enum` and :mod:`typing` cost start-up time).
The package's own ``__getattr__`` (``lokale.Step``) answers from here too. They are here, not in a
module of their own, because every program's start imports this module: one module more adds
~0.1 ms to ``import lokale``.

:mod:`decimal`, :mod:`numbers` and :mod:`typing` are imported only when needed (an argument that is
not an exact int, float or str; ``lokale.Arg``): each adds to start-up time.
"""

from __future__ import annotations

from ._abi import LOADING

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    from decimal import Decimal
    from collections.abc import Iterable
    from typing import Any, List, Optional, Union

    Arg = Union[int, float, str, Decimal]
    """A format argument: int (``LOKALE_ARG_INT``, or ``UINT`` above 2**63-1), float
    (``DOUBLE``), str (``STRING``), or :class:`decimal.Decimal` (``STRING`` of its digits, so
    ``Decimal("1.0")`` keeps its visible fraction digit for the plural rules)."""
else:  # hidden from type checkers, which see Arg above

    def __getattr__(name: str) -> object:  # PEP 562: ``Arg`` (lokale.Arg) is made on first use
        if name == "Arg":
            return _arg()
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _arg() -> object:
    """``Arg``, made (and kept as this module's) on first use: it imports :mod:`typing` and :mod:`decimal`."""
    import decimal
    import typing

    alias = globals()["Arg"] = typing.Union[int, float, str, decimal.Decimal]
    return alias

__all__ = ["Arg", "encode", "encode_optional", "language_list", "coerce", "loading_flag", "check_arg", "lokale",
           "typing", "ENUMS", "PARTS"]


def encode(value: str, what: str) -> bytes:
    """The UTF-8 of a str; TypeError for anything else (bytes included)."""
    if not isinstance(value, str):
        raise TypeError(f"{what} must be str, not {type(value).__name__}")
    return str.encode(value, "utf-8")  # not a subclass's encode(): no user code runs here


def encode_optional(value: Optional[str], what: str) -> Optional[bytes]:
    """:func:`encode`, with None kept."""
    return None if value is None else encode(value, what)


def language_list(languages: Union[Iterable[str], str, None]) -> Optional[List[bytes]]:
    """The encoded languages (a str is comma-separated); None for None.

    An empty list stays an empty list (no preferences), as opposed to None, which reads the
    environment."""
    if languages is None:
        return None
    if isinstance(languages, str):
        items = [part.strip() for part in languages.split(",") if part.strip()]
    else:
        items = list(languages)
    return [encode(item, "language") for item in items]


def coerce(kind: str, members: dict[str, int], value: object, what: str) -> int:
    """The value of a member of an enumeration of ``_abi`` (``members``: name -> value; ``kind``
    the name of its enum, e.g. ``"Device"``), given as a member of that enum, its int value, or
    its name in any case ("mac", "ICU")."""
    if isinstance(value, bool):
        raise TypeError(f"{what} must be a {kind} or a name, not bool")
    if isinstance(value, str):
        try:
            return members[value.strip().upper().replace("-", "_")]
        except KeyError:
            from ._errors import InvalidArgument  # made by the first failure (see _library.not_found)

            names = ", ".join(repr(name.lower()) for name in members)
            raise InvalidArgument(f"unknown {what} {value!r}; expected one of {names}") from None
    if isinstance(value, int):
        if int(value) in members.values():
            return int(value)
        from ._errors import InvalidArgument

        raise InvalidArgument(f"unknown {what} {value!r}")
    raise TypeError(f"{what} must be a {kind}, a name or an int, not {type(value).__name__}")


# Names ``loading`` also accepts, deprecated for the Loading members (a DeprecationWarning).
_LOADING_NAMES = {"auto": "AUTO", "copy": "COPY", "map": "MAP"}


def loading_flag(value: object) -> int:
    """The LOKALE_OPEN_* flag of a :class:`lokale.Loading` member, or of its value (the members'
    values are the flags: ``_abi.LOADING``); the old names with a DeprecationWarning (that points
    at the caller of :meth:`Runtime.open`)."""
    if isinstance(value, bool):
        raise TypeError("loading must be a lokale.Loading, not bool")
    if isinstance(value, str):
        name = _LOADING_NAMES.get(value)
        if name is None:
            raise ValueError(f"lokale: loading must be a lokale.Loading, not {value!r}")
        import warnings  # only for the deprecated names

        warnings.warn(
            f"loading={value!r} is deprecated; pass lokale.Loading.{name}",
            DeprecationWarning,
            stacklevel=3,
        )
        return LOADING[name]
    if isinstance(value, int):
        if int(value) in LOADING.values():
            return int(value)
        raise ValueError(f"lokale: loading must be a lokale.Loading, not {value!r}")
    raise TypeError(f"loading must be a lokale.Loading, not {type(value).__name__}")


def check_arg(index: int, value: Any) -> None:
    """Raises TypeError for a value that cannot be a format argument (bool, or an unknown type)."""
    kind = type(value)
    if kind is int or kind is str or kind is float:
        return
    if isinstance(value, bool):
        raise TypeError(
            f"argument {index + 1}: bool is not a format argument; pass int(value) or a str"
        )
    import decimal
    import numbers

    if isinstance(value, (str, decimal.Decimal, numbers.Integral, numbers.Real)):
        return
    raise TypeError(
        f"argument {index + 1}: {type(value).__name__} is not a format argument "
        "(int, float, str or decimal.Decimal)"
    )


# ------------------------------------------------------------------------------------------------
# The names annotations read (see the module's docstring)
# ------------------------------------------------------------------------------------------------

ENUMS = ("Device", "Fallback", "Loading", "Status", "Step", "Strategy")
"""The enums of ``_enums``, each made when first asked for."""

PARTS = ("BidiIsolationPart", "ExpressionPart", "FallbackPart", "MarkupPart", "Part", "TextPart")
"""The part classes of ``_parts`` (MessageFormat.format_to_parts), imported when first asked for."""


class _Public:
    """The public names of the package that are made on first use: the enums, ``Arg`` and the part classes."""

    __slots__ = ()

    def __getattr__(self, name: str) -> object:
        if name in ENUMS:
            from . import _enums as module
        elif name == "Arg":
            return _arg()
        elif name in PARTS:
            from . import _parts as module
        else:
            raise AttributeError(f"module 'lokale' has no attribute {name!r}")
        return getattr(module, name)


class _Typing:
    """:mod:`typing`, imported when an annotation (``typing.Any``) is evaluated."""

    __slots__ = ()

    def __getattr__(self, name: str) -> object:
        import typing

        return getattr(typing, name)


lokale = _Public()
typing = _Typing()
