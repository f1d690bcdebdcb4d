"""A MessageFormat 2 result as parts (:meth:`lokale.MessageFormat.format_to_parts`), for a UI that
renders markup (``{#b}``, ``{#link href=…}``) or styles values without parsing the text. The
``value`` of every part, in order, concatenates to the formatted text (markup's is ``""``).

Imported on the first ``format_to_parts`` (or ``lokale.TextPart``…): :mod:`dataclasses` costs
start-up time that ``import lokale`` does not pay.
"""

from __future__ import annotations

import ctypes
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Tuple, Union

from ._abi import (
    DIR_AUTO,
    DIR_LTR,
    DIR_RTL,
    PART_BIDI_ISOLATION,
    PART_EXPRESSION,
    PART_FALLBACK,
    PART_MARKUP_CLOSE,
    PART_MARKUP_OPEN,
    PART_MARKUP_STANDALONE,
    PART_TEXT,
)
from ._cdecl import lokale_part

__all__ = ["BidiIsolationPart", "ExpressionPart", "FallbackPart", "MarkupPart", "Part", "TextPart"]


@dataclass(frozen=True)
class TextPart:
    """Literal text of the pattern."""

    value: str


@dataclass(frozen=True)
class ExpressionPart:
    """A placeholder's formatted value: ``source`` is how the message writes it (``$count``,
    ``|lit|``, ``:fn``), ``type`` the value's (``number``, ``string``, ``datetime``), ``locale``
    the one it was formatted in, ``dir`` and ``id`` from ``u:dir`` and ``u:id``, and ``fields``
    a number's pieces in order as (type, text): ``("integer", "1")``, ``("group", ",")``…"""

    value: str
    source: str
    type: str
    locale: str
    dir: Optional[str] = None
    id: Optional[str] = None
    fields: Tuple[Tuple[str, str], ...] = ()


@dataclass(frozen=True)
class FallbackPart:
    """A placeholder that could not be formatted: ``value`` is what the text shows (``{$name}``),
    ``source`` the placeholder (``$name``); :meth:`lokale.MessageFormat.problems` says why."""

    value: str
    source: str


@dataclass(frozen=True)
class MarkupPart:
    """Markup: ``kind`` is ``"open"`` (``{#b}``), ``"close"`` (``{/b}``) or ``"standalone"``
    (``{#br/}``); ``options`` (all but ``u:id``) as text. It adds nothing to the text."""

    kind: str
    name: str
    id: Optional[str] = None
    options: Dict[str, str] = field(default_factory=dict)

    @property
    def value(self) -> str:
        return ""


@dataclass(frozen=True)
class BidiIsolationPart:
    """U+2066, U+2067 or U+2068 before a placeholder, U+2069 after it (the Default Bidi Strategy)."""

    value: str


Part = Union[TextPart, ExpressionPart, FallbackPart, MarkupPart, BidiIsolationPart]

_MARKUP = {PART_MARKUP_OPEN: "open", PART_MARKUP_CLOSE: "close", PART_MARKUP_STANDALONE: "standalone"}
_DIRS = {DIR_LTR: "ltr", DIR_RTL: "rtl", DIR_AUTO: "auto"}


def _text(ptr: Optional[int], length: int) -> str:
    return ctypes.string_at(ptr, length).decode("utf-8", "replace") if ptr else ""


def _pairs(array: object, count: int) -> List[Tuple[str, str]]:
    return [(_text(p.name, p.name_len), _text(p.value, p.value_len)) for p in (array[i] for i in range(count))]  # type: ignore[index]


def from_c(p: lokale_part) -> Part:
    """A ``lokale_part`` as its Python part (its strings copied: the C ones go with the parts object)."""
    value = _text(p.value, p.value_len)
    kind = p.kind
    ident = _text(p.id, p.id_len) if p.id else None
    if kind == PART_TEXT:
        return TextPart(value)
    if kind == PART_BIDI_ISOLATION:
        return BidiIsolationPart(value)
    if kind == PART_FALLBACK:
        return FallbackPart(value, _text(p.source, p.source_len))
    if kind in _MARKUP:
        return MarkupPart(_MARKUP[kind], _text(p.name, p.name_len), ident, dict(_pairs(p.options, p.option_count)))
    if kind == PART_EXPRESSION:
        return ExpressionPart(value, _text(p.source, p.source_len), _text(p.name, p.name_len), _text(p.locale, p.locale_len),
                              _DIRS.get(p.dir), ident, tuple(_pairs(p.fields, p.field_count)))
    return TextPart(value)  # a kind newer than this binding: its text still counts


def taken(lib: object, parts: ctypes.c_void_p) -> List[Part]:
    """Every part of a ``lokale_formatted_parts`` object, which is freed after (it is the caller's)."""
    from ._library import check

    try:
        p = ctypes.POINTER(lokale_part)()
        result = []
        for i in range(lib.lokale_formatted_parts_count(parts)):  # type: ignore[attr-defined]
            check(lib.lokale_formatted_parts_get(ctypes.byref(p), parts, i))  # type: ignore[attr-defined]
            result.append(from_c(p.contents))
        return result
    finally:
        lib.lokale_formatted_parts_free(parts)  # type: ignore[attr-defined]
