"""gettext's protocol over a bundle: ``gettext``, ``ngettext``, ``pgettext``, ``npgettext`` and
``install``, with the semantics of :class:`gettext.GNUTranslations` (unformatted text; a missing
translation gives the msgid, or for a plural the singular when n == 1, else the plural), so that
code and tools written for it (Jinja2's ``install_gettext_translations``) use a bundle unchanged.

Keys are those ``lokale compile`` gives a ``.po`` (docs/GETTEXT.md): the msgid, or
``msgctxt + "\\x04" + msgid`` (glibc's ``pgettext`` key); a ``msgid_plural`` entry is a plural
message on argument 1 whose forms the catalog's ``Plural-Forms`` chooses, as glibc does; ``gettext``
of a plural msgid answers ``msgstr[0]`` (glibc's answer; GNUTranslations gives the form for 1), and
``gettext("")`` the catalog's header.

Choosing the plural form: ``lokale_bundle_lookup_variant`` chooses the variant exactly as
``lokale_bundle_format`` would for n (a gettext catalog's own rule; for other catalogs the served
language's CLDR rules, Apple's zero rule, the device) and returns its text unformatted.
"""

from __future__ import annotations

import builtins
import sys

from . import _runtime
from ._abi import STEP_DEFAULT, STEP_KEY
from ._backend import BACKEND

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    from collections.abc import Iterable

    from ._bundle import Bundle
else:  # for typing.get_type_hints: the same class, without importing collections
    from _collections_abc import Iterable

    # The class of bundles (_bundle, which imports this module on its first gettext call, registers
    # it with the runtime when the package imports it, before any call).
    Bundle = _runtime.Bundle

__all__ = ["Translations", "CONTEXT_SEPARATOR"]

CONTEXT_SEPARATOR = "\x04"
"""Between msgctxt and msgid in the key of a message with a context (glibc's, and `lokale compile`'s)."""

_MISSING = (STEP_DEFAULT, STEP_KEY)
_INT64 = (-(2**63), 2**63 - 1)


def _count(n: int | float) -> int | float:
    """n as the count that chooses a plural form, taken as :class:`gettext.GNUTranslations` takes
    it: an int (a bool too; beyond 64 bits clamped: it selects as the largest number the library
    reads); any other number ``round()`` accepts (float, Decimal, Fraction) with gettext's
    DeprecationWarning, its value kept (a float chooses as a float); anything else, ``None``
    included, a TypeError with gettext's message."""
    if isinstance(n, int):
        return min(max(int(n), _INT64[0]), _INT64[1])
    try:
        round(n)
    except TypeError:
        raise TypeError(f"Plural value must be an integer, got {type(n).__name__}") from None
    # Blamed on the first frame outside this package, as gettext blames its caller.
    frame, level = sys._getframe(1), 2
    while frame.f_back is not None and frame.f_globals.get("__name__", "").partition(".")[0] == "lokale":
        frame, level = frame.f_back, level + 1
    import warnings

    warnings.warn(f"Plural value must be an integer, got {type(n).__name__}", DeprecationWarning, level)
    return n if isinstance(n, float) else float(n)


def _variant(bundle: Bundle, table: str | None, key: str, n: int | float) -> str | None:
    """The unformatted text of the variant of ``key`` the bundle chooses for ``n``; None when the
    bundle has no translation of ``key``."""
    text, step = bundle._variant_text(key, (n,), table)
    return None if step in _MISSING else text


# -- the protocol ---------------------------------------------------------------------------------


_lookup = BACKEND.lookup
_string = BACKEND.string


def _found(bundle: Bundle, table: str | None, key: str) -> str | None:
    """The unformatted text of ``key``, or None when the bundle has no translation for it (a
    plain lookup, remembered in the bundle's memo as :meth:`Bundle.lookup`'s; in the languages of
    an enclosing ``use_languages``)."""
    text, step = _lookup(bundle._memo or bundle._closed(), key, None, table, None)  # use_languages: the backend's
    return None if step in _MISSING else text


class Translations:
    """gettext's protocol over one table of a bundle (:meth:`Bundle.translations`; the bundle's own
    ``gettext`` … methods use the default table, ``Localizable``), for code written for
    :class:`gettext.GNUTranslations` and for Jinja2's ``install_gettext_translations``.

    Texts come back unformatted (format them with Python's ``%``, as with gettext) in the language
    current when called; a missing translation gives the msgid (for ``ngettext``, the singular
    when n == 1, else the plural).
    """

    __slots__ = ("bundle", "table", "__weakref__")

    def __init__(self, bundle: Bundle, table: str | None = None) -> None:
        if not isinstance(bundle, Bundle):
            raise TypeError(f"bundle must be a lokale.Bundle, not {type(bundle).__name__}")
        if table is not None and not isinstance(table, str):
            raise TypeError(f"table must be str or None, not {type(table).__name__}")
        self.bundle = bundle
        self.table = table

    def __repr__(self) -> str:
        return f"<lokale.Translations {self.table or 'Localizable'!r} of {self.bundle!r}>"

    def gettext(self, message: str) -> str:
        """The translation of ``message`` (a msgid), unformatted; ``message`` when there is none."""
        return gettext(self.bundle, self.table, message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The translation of the plural message ``singular`` in the form the served language uses
        for ``n``, unformatted; without one, ``singular`` if n == 1 else ``plural``."""
        return ngettext(self.bundle, self.table, singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        """:meth:`gettext` of ``message`` in ``context`` (a ``.po``'s msgctxt)."""
        return pgettext(self.bundle, self.table, context, message)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        """:meth:`ngettext` of a plural message in ``context`` (a ``.po``'s msgctxt)."""
        return npgettext(self.bundle, self.table, context, singular, plural, n)

    def install(self, names: Iterable[str] | None = None) -> None:
        """Puts :meth:`gettext` into :mod:`builtins` as ``_``, and those of ``gettext``,
        ``ngettext``, ``pgettext`` and ``npgettext`` that ``names`` lists under their names (others
        are ignored), as :meth:`gettext.NullTranslations.install` does."""
        install(self, names)


def gettext(bundle: Bundle, table: str | None, message: str) -> str:
    if type(message) is str:  # a plain lookup: a msgid without a translation gives itself, its key
        return _string(bundle._memo or bundle._closed(), message, None, table, None)  # type: ignore[no-any-return]
    if not isinstance(message, str):
        raise TypeError(f"message must be str, not {type(message).__name__}")
    text = _found(bundle, table, message)
    return message if text is None else text


def pgettext(bundle: Bundle, table: str | None, context: str, message: str) -> str:
    if not isinstance(context, str):
        raise TypeError(f"context must be str, not {type(context).__name__}")
    if not isinstance(message, str):
        raise TypeError(f"message must be str, not {type(message).__name__}")
    text = _found(bundle, table, context + CONTEXT_SEPARATOR + message)
    return message if text is None else text


def ngettext(bundle: Bundle, table: str | None, singular: str, plural: str, n: int) -> str:
    return _plural(bundle, table, singular, singular, plural, n)


def npgettext(bundle: Bundle, table: str | None, context: str, singular: str, plural: str,
              n: int) -> str:
    if not isinstance(context, str):
        raise TypeError(f"context must be str, not {type(context).__name__}")
    return _plural(bundle, table, context + CONTEXT_SEPARATOR + singular, singular, plural, n)


def _plural(bundle: Bundle, table: str | None, key: str, singular: str, plural: str,
            n: int) -> str:
    for name, value in (("singular", singular), ("plural", plural)):
        if not isinstance(value, str):
            raise TypeError(f"{name} must be str, not {type(value).__name__}")
    answer = _variant(bundle, table, key, _count(n))
    if answer is None:
        return singular if n == 1 else plural
    return answer


_INSTALLABLE = ("gettext", "ngettext", "pgettext", "npgettext")


def install(translations: Translations | Bundle, names: Iterable[str] | None) -> None:
    builtins.__dict__["_"] = translations.gettext
    if names is not None:
        wanted = set(names)
        for name in _INSTALLABLE:
            if name in wanted:
                builtins.__dict__[name] = getattr(translations, name)
