"""Bundle's methods for MessageFormat 2 messages of the catalogs (``.mf2.json``, ``.po`` entries
flagged ``mf2-format``, ``.arb``): named arguments as keywords, through ``lokale_bundle_format_named``
and its siblings. A mixin of :class:`lokale.Bundle`, which gives it ``_lib``, ``_languages`` and
``_with_message``; kept apart so that the bundle's module stays one concern."""

from __future__ import annotations

from ._library import check

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (it costs start-up time)
if TYPE_CHECKING:
    import typing
    from collections.abc import Callable, Iterable
    from typing import Any, Optional

    import lokale

    from ._library import Library
else:  # what typing.get_type_hints needs of the public annotations, without importing typing
    from _collections_abc import Callable, Iterable

    from ._args import typing
    from ._runtime import lokale  # lokale.Languages: made when read

__all__ = ["NamedMessages"]


class NamedMessages:
    """The named-argument methods of :class:`lokale.Bundle`."""

    __slots__ = ()

    if TYPE_CHECKING:  # given by Bundle
        _lib: Library

        def _with_message(self, call: Callable[[int, Any], Any], key: str, default: Optional[str], table: Optional[str],
                          comment: Optional[str], locale: Optional[str],
                          languages: lokale.Languages | Iterable[str] | None) -> Any: ...

    def format_named(
        self,
        key: str,
        arguments: typing.Mapping[str, typing.Any] | None = None,
        /,
        *,
        default: str | None = None,
        table: str | None = None,
        comment: str | None = None,
        locale: str | None = None,
        languages: lokale.Languages | Iterable[str] | None = None,
        **named: typing.Any,
    ) -> str:
        """Looks ``key`` up under the same contract as :meth:`format` and formats the MessageFormat 2
        message found (an ``.mf2.json`` resource, a ``.po`` entry flagged ``mf2-format``, an ARB
        message, formatted as ICU formats it, or an Android styled string) with named arguments:
        ``bundle.format_named("invite", host="Ana", count=3)``. Values are those of
        :class:`MessageFormat` (int, float, str, bool, Decimal, datetime, date). An argument
        whose name is one of this method's options goes in ``arguments`` (a mapping), which the
        keywords extend. A key the table lacks formats ``default`` (else the key) as MF2."""
        return self._call_named(self._filled(self._lib.lokale_bundle_format_named), key, arguments, named, default, table,
                                comment, locale, languages).decode("utf-8", "replace")

    def format_named_problems(
        self,
        key: str,
        arguments: typing.Mapping[str, typing.Any] | None = None,
        /,
        *,
        default: str | None = None,
        table: str | None = None,
        comment: str | None = None,
        locale: str | None = None,
        languages: lokale.Languages | Iterable[str] | None = None,
        **named: typing.Any,
    ) -> list[str]:
        """The errors :meth:`format_named` meets with the same arguments, as ``"type: explanation"``
        (``unresolved-variable``, ``bad-operand``, …); ``[]`` when there are none."""
        raw = self._call_named(self._filled(self._lib.lokale_bundle_format_named_problems), key, arguments, named, default,
                               table, comment, locale, languages)
        return raw.decode("utf-8", "replace").splitlines()

    def format_named_to_parts(
        self,
        key: str,
        arguments: typing.Mapping[str, typing.Any] | None = None,
        /,
        *,
        default: str | None = None,
        table: str | None = None,
        comment: str | None = None,
        locale: str | None = None,
        languages: lokale.Languages | Iterable[str] | None = None,
        **named: typing.Any,
    ) -> list[lokale.Part]:
        """:meth:`format_named` as parts (:class:`lokale.TextPart`, :class:`lokale.ExpressionPart`,
        :class:`lokale.MarkupPart`, …), for a UI that renders an MF2 catalog message's markup or
        styles its values; a message that is not MF2 is one text part."""
        from ctypes import byref, c_void_p

        from ._parts import taken

        def to_parts(*call: Any) -> list[lokale.Part]:
            parts = c_void_p()
            check(self._lib.lokale_bundle_format_named_to_parts(byref(parts), *call))
            return taken(self._lib, parts)

        return self._call_named(to_parts, key, arguments, named, default, table, comment, locale, languages)

    def explain_named(
        self,
        key: str,
        arguments: typing.Mapping[str, typing.Any] | None = None,
        /,
        *,
        default: str | None = None,
        table: str | None = None,
        comment: str | None = None,
        locale: str | None = None,
        languages: lokale.Languages | Iterable[str] | None = None,
        **named: typing.Any,
    ) -> dict[str, typing.Any]:
        """:meth:`explain` for :meth:`format_named`: the JSON also has ``selection`` for a message
        with ``.match`` (per selector the keys its value matched, best first; the variant chosen and
        its keys)."""
        raw = self._call_named(self._filled(self._lib.lokale_bundle_explain_named), key, arguments, named, default, table,
                               comment, locale, languages)
        import json

        result: dict[str, Any] = json.loads(raw.decode("utf-8", "replace"))
        return result

    @staticmethod
    def _filled(function: Callable[..., int]) -> Callable[..., bytes]:
        """A (dst, capacity, needed, bundle, message, args, count) function as one of the last four."""
        from ._ccall import fill

        return lambda *call: fill(function, *call)

    def _call_named(self, call: Callable[..., Any], key: str, arguments: typing.Mapping[str, typing.Any] | None,
                    named: typing.Dict[str, typing.Any], default: Optional[str], table: Optional[str],
                    comment: Optional[str], locale: Optional[str],
                    languages: lokale.Languages | Iterable[str] | None) -> Any:
        """``call(bundle, message, args, count)`` for a message and its named arguments."""
        from ._message_format import _named

        values = dict(arguments or {})
        values.update(named)
        array, count = _named(values)
        return self._with_message(lambda handle, message: call(handle, message, array, count),
                                  key, default, table, comment, locale, languages)
