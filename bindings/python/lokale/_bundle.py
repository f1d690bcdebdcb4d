"""Bundle: a compiled ``.lokale`` file opened by a runtime, and the results of its lookups.

``string``, ``lookup`` and ``format`` are written once against the backend chosen at import
(``_backend``): each passes the bundle's memo to it, and the call's ``languages=`` as their
``Request`` (resolved inline: no Python call on the way for a list seen before); without it, the
backend takes those of the innermost ``use_languages`` block of the bundle's runtime in this
context (see _languages), else the runtime's. ``_languages`` is imported by the first call given
a request's languages (``_runtime.for_runtime``).
"""

from __future__ import annotations

import _thread

from ._abi import RELOAD_FORCE, RELOAD_VERIFY
from ._backend import BACKEND
from ._guard import Finalizer, Release, raise_closed
from ._named import NamedMessages
from ._library import Library, check, split
from . import _runtime
from ._runtime import Runtime

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (it costs start-up time)
if TYPE_CHECKING:
    import typing
    from collections.abc import Callable, Iterable
    from typing import Any, NoReturn, Optional, Tuple

    import lokale

    from . import _gettext
    from ._backend import Memo
    from ._gettext import Translations
    from ._message import Message
else:  # what typing.get_type_hints needs of the public annotations, without importing typing
    from _collections_abc import Callable, Iterable

    from ._args import typing  # typing.Any: made when read
    from ._runtime import lokale  # lokale.Step, lokale.Arg, lokale.Languages: made when read

    # Filled when first needed, which a program that only looks messages up never is (each module
    # imported costs its start): gettext_protocol() imports _gettext (gettext's protocol, which the
    # gettext methods call and translations() makes a Translations of); _message, the layer above,
    # sets Message when it is imported (a Message exists only then: resolve() tells one apart).
    # typing.get_type_hints reads the annotations' names here.
    _gettext = Translations = Message = None

__all__ = ["Bundle", "LookupResult", "gettext_protocol"]


def gettext_protocol() -> Any:
    """The ``_gettext`` module (gettext's protocol and :class:`Translations`), imported on first use."""
    global _gettext, Translations
    from . import _gettext as module

    Translations = module.Translations
    _gettext = module
    return module

# The backend's hot paths, bound once.
_string = BACKEND.string
_lookup = BACKEND.lookup
_format = BACKEND.format
# Each step value's lokale.Step member (_enums.STEPS), filled by the first lookup(): _enums
# imports enum, which costs start-up time.
_STEPS: dict[int, lokale.Step] = {}


class LookupResult:
    """The text of a lookup and the row of the fallback contract that answered it."""

    # Not a dataclass: importing dataclasses would add to every program's start-up.
    __slots__ = ("text", "step")

    text: str
    step: lokale.Step

    def __init__(self, text: str, step: lokale.Step) -> None:
        object.__setattr__(self, "text", text)
        object.__setattr__(self, "step", step)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"cannot assign to field {name!r}: a LookupResult is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r}: a LookupResult is immutable")

    def __eq__(self, other: object) -> bool:
        if type(other) is not LookupResult:
            return NotImplemented
        return (self.text, self.step) == (other.text, other.step)

    def __hash__(self) -> int:
        return hash((self.text, self.step))

    def __repr__(self) -> str:
        return f"LookupResult(text={self.text!r}, step={self.step!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (LookupResult, (self.text, self.step))

    def __str__(self) -> str:
        return self.text


def _free_bundle(handle: int, generation: Optional[Any]) -> None:
    """Frees a bundle's handle (once no call uses it: see ``_guard``); for the main bundle, then
    tells the memos that framework bundles stop following it."""
    BACKEND.bundle_free(handle)
    if generation is not None:
        generation.bump()


class Bundle(NamedMessages):
    """A compiled bundle (``.lokale``), opened with :meth:`Runtime.open`.

    Lookups are thread-safe and never take a Python-side lock. ``close()`` (or leaving a ``with``
    block) may come while other threads use the bundle: calls already inside the library finish,
    later ones raise :class:`ClosedError`, and the memory goes when the last call has left.
    """

    __slots__ = (
        "_lib",
        "_handle",
        "_memo",
        "_finalizer",
        "_lock",
        "runtime",
        "path",
        "is_main",
        "identifier",
        "development_localization",
        "localizations",
        "__weakref__",
    )

    if TYPE_CHECKING:  # for type checkers only: typing.get_type_hints(Bundle) reads the public ones
        _lib: Library
        _handle: Optional[int]
        _memo: Optional[Memo]  # the backend's memo of this bundle, also its guard; None once closed
        _finalizer: Finalizer  # closes the memo once
        _lock: _thread.LockType
    runtime: Runtime
    path: str
    is_main: bool
    identifier: str
    development_localization: str
    localizations: tuple[str, ...]

    def __init__(self) -> None:
        raise TypeError("open bundles with lokale.Runtime.open(path)")

    @classmethod
    def _create(cls, runtime: Runtime, handle: int, path: str, main: bool) -> Bundle:
        self = object.__new__(cls)
        lib = runtime._lib
        self._lib = lib
        self._handle = handle
        self._lock = _thread.allocate_lock()
        self.runtime = runtime
        self.path = path
        self.is_main = main
        # Frees the handle once the memo (the bundle's guard) is closed and no call is inside.
        release = Release(_free_bundle, handle, runtime._generation if main else None)
        what = f"the bundle {path!r}"

        def on_closed() -> NoReturn:
            raise_closed(what)

        try:
            memo = BACKEND.memo(handle, runtime._generation, release, on_closed)
        except BaseException:
            release()
            raise
        self._memo = memo
        # Closing (or collecting) the bundle closes the memo; the memo does not refer to the bundle.
        self._finalizer = Finalizer(self, memo.close)
        try:
            self._read_facts(handle)
        except BaseException:
            self._memo = None
            self._finalizer()
            raise
        return self

    def _read_facts(self, handle: int) -> None:
        self.identifier, self.development_localization, self.localizations = BACKEND.bundle_facts(handle)

    def reload(self, force: bool = False, verify: bool = False) -> bool:
        """Loads the bundle's file again if it changed since it was loaded (a new file renamed
        over it, as ``lokale compile`` does, or another size or modification time); ``force``
        reloads anyway, ``verify`` checks the new file's payload checksum.

        Returns whether a new version was loaded. Lookups on other threads may run meanwhile;
        each finishes on the version it started with, and remembered lookups are forgotten (the
        runtime's change callbacks run). On error (:class:`NotFound`, :class:`CorruptTable`, …)
        the bundle keeps answering from the version it had.
        """
        from ctypes import byref, c_int

        flags = (RELOAD_FORCE if force else 0) | (RELOAD_VERIFY if verify else 0)
        reloaded = c_int(0)
        memo, handle = self._enter()
        try:
            with self._lock:
                # A change: the runtime's callbacks run, and one removed meanwhile is kept alive.
                status = self.runtime._changed(lambda: self._lib.lokale_bundle_reload(byref(reloaded), handle, flags))
                check(status, self.path)
                if reloaded.value:
                    self._read_facts(handle)
        finally:
            memo.leave()
        return bool(reloaded.value)

    # -- lifetime ---------------------------------------------------------------------------------

    @property
    def closed(self) -> bool:
        """Whether :meth:`close` was called."""
        return self._handle is None

    def _h(self) -> int:
        """The handle, unguarded: for tests and benchmarks that call the library themselves and
        close nothing meanwhile."""
        handle = self._handle
        if handle is None:
            self._closed()
        return handle

    def _closed(self) -> NoReturn:
        from ._errors import ClosedError  # (the exceptions are made by the first failure: _library.not_found)

        raise ClosedError(f"lokale: the bundle {self.path!r} is closed")

    def _enter(self) -> Tuple[Memo, int]:
        """The memo and the handle for a call into the library, counted in the memo's guard until
        ``memo.leave()`` (ClosedError once closed)."""
        memo = self._memo
        if memo is None:
            self._closed()
        return memo, memo.enter()

    def close(self) -> None:
        """Closes the bundle (idempotent); later use raises :class:`ClosedError`. Calls running on
        other threads finish first: the bundle's memory is released when the last one returns
        (at once when there is none). Closing the main bundle makes framework bundles stop
        following it."""
        if self._memo is None:
            return
        self._handle = None
        self._memo = None
        self._finalizer()  # memo.close(), once

    def __enter__(self) -> Bundle:
        if self._memo is None:
            self._closed()
        return self

    def __exit__(self, *exc_info: Any) -> None:
        self.close()

    def __repr__(self) -> str:
        state = " closed" if self._handle is None else ""
        main = " main" if self.is_main else ""
        return f"<lokale.Bundle {self.identifier!r}{main} {self.path!r}{state}>"

    # -- facts ------------------------------------------------------------------------------------

    @property
    def preferred_localizations(self) -> list[str]:
        """The bundle's ordered localizations for the runtime's current languages (Apple's
        ``preferredLocalizations`` and the fallbacks, ending with the development localization)."""
        from ._ccall import fill_text

        memo, handle = self._enter()
        try:
            return split(fill_text(self._lib.lokale_bundle_preferred_localizations, handle))
        finally:
            memo.leave()

    # -- lookups ----------------------------------------------------------------------------------

    def _languages(self, languages: lokale.Languages | Iterable[str] | str | None) -> Optional[lokale.Languages]:
        """The request's languages of a call: ``languages`` given, else those
        :meth:`Runtime.use_languages` bound in this context; None: the runtime's. The caller keeps
        the object referenced for the call (its handle lives as long). ``string``, ``lookup`` and
        ``format`` leave use_languages to the backend."""
        if languages is None:  # nothing is bound before use_languages imported _languages
            module = _runtime._request_languages
            return None if module is None else module.current(self.runtime)
        return _runtime.for_runtime(self.runtime, languages)

    def string(
        self,
        key: str,
        default: str | None = None,
        table: str | None = None,
        comment: str | None = None,
        *,
        languages: lokale.Languages | Iterable[str] | None = None,
    ) -> str:
        """The localized text of ``key`` (see :meth:`lookup`), without formatting.

        ``languages``: a request's preferred languages (a list, or :class:`Languages`) instead of
        the runtime's — the answer a runtime with those languages would give; by default those of
        the enclosing ``with runtime.use_languages(...)``, else the runtime's."""
        if languages is None:  # the backend takes those of use_languages, else the runtime's
            return _string(self._memo or self._closed(), key, default, table, comment)
        # ``chosen`` keeps the Languages, whose handle its Request borrows, alive for the call.
        chosen = _runtime.for_runtime(self.runtime, languages)
        return _string(self._memo or self._closed(), key, default, table, comment, chosen._request)

    def lookup(
        self,
        key: str,
        default: str | None = None,
        table: str | None = None,
        comment: str | None = None,
        *,
        languages: lokale.Languages | Iterable[str] | None = None,
    ) -> LookupResult:
        """Looks ``key`` up without formatting: the text and the :class:`Step` that answered.

        ``table``: None is ``"Localizable"``. ``default``: shown when the lookup fails (None or
        ``""``: the key shows). ``comment`` is for translators and extraction only. A message with
        device variants yields the runtime device's variant (else "other"); a plural yields its
        "other" text unformatted: use :meth:`format` to choose a plural variant. ``languages``:
        see :meth:`string`.
        """
        memo = self._memo or self._closed()
        if languages is None:  # as string()
            text, step = _lookup(memo, key, default, table, comment)
        else:
            chosen = _runtime.for_runtime(self.runtime, languages)  # kept alive for the call
            text, step = _lookup(memo, key, default, table, comment, chosen._request)
        try:
            member = _STEPS[step]
        except KeyError:  # the first lookup() of the process: lokale.Step is made now
            from ._enums import STEPS

            _STEPS.update(STEPS)
            member = STEPS[step]
        return LookupResult(text, member)

    def format(
        self,
        key: str,
        *args: lokale.Arg,
        default: str | None = None,
        table: str | None = None,
        comment: str | None = None,
        locale: str | None = None,
        languages: lokale.Languages | Iterable[str] | None = None,
    ) -> str:
        """Looks ``key`` up, chooses its plural and device variants, and formats it with ``args``.

        Arguments are typed: int, float, str, or :class:`decimal.Decimal` (passed as its text,
        so ``Decimal("1.0")`` keeps the visible fraction digit that plural rules read). bool is
        refused (TypeError). A specifier without its argument stays visible in the text.

        ``locale`` (a language identifier, as Apple's ``locale:`` parameter) says how numbers are
        written — digits, grouping and decimal separators; None: as the localization that served
        the message. It never changes which translation is chosen (:class:`InvalidArgument` when
        it is not a language identifier). ``languages``: see :meth:`string`.
        """
        if languages is None:  # as string()
            return _format(self._memo or self._closed(), key, args, default, table, comment, locale)
        chosen = _runtime.for_runtime(self.runtime, languages)  # as string()
        return _format(self._memo or self._closed(), key, args, default, table, comment, locale, chosen._request)

    def explain(
        self,
        key: str,
        *args: lokale.Arg,
        default: str | None = None,
        table: str | None = None,
        comment: str | None = None,
        locale: str | None = None,
        languages: lokale.Languages | Iterable[str] | None = None,
    ) -> dict[str, typing.Any]:
        """Explains a lookup: the bundle, the table, the languages negotiated against, the ordered
        localizations with the reason for each, which localization's table was read
        (``tableLocalization``), which served (``served``), the ``step`` (``"translation"``,
        ``"later-preference"``, ``"development"``, ``"default"``, ``"key"``), the formatted
        ``result`` (numbers written as ``locale`` says, see :meth:`format`) and any ``problems``.
        The parsed JSON of ``lokale_bundle_explain``. ``languages``: see :meth:`string`."""
        raw = self._call_formatter(self._lib.lokale_bundle_explain, key, args, default, table, comment, locale,
                                   languages)
        import json  # only for explain: importing json adds to start-up

        result: dict[str, Any] = json.loads(raw.decode("utf-8", "replace"))
        return result

    def format_problems(
        self,
        key: str,
        *args: lokale.Arg,
        default: str | None = None,
        table: str | None = None,
        comment: str | None = None,
        locale: str | None = None,
        languages: lokale.Languages | Iterable[str] | None = None,
    ) -> list[str]:
        """The problems :meth:`format` meets with the same arguments (a missing argument, a
        translation replaced because its format did not match), one sentence each; ``[]`` when
        there are none. :meth:`format` always returns text; this is for a caller who checks."""
        raw = self._call_formatter(self._lib.lokale_bundle_format_problems, key, args, default, table, comment,
                                   locale, languages)
        return raw.decode("utf-8", "replace").splitlines()

    def _with_message(self, call: Callable[[int, Any], Any], key: str, default: Optional[str], table: Optional[str],
                      comment: Optional[str], locale: Optional[str],
                      languages: lokale.Languages | Iterable[str] | None) -> Any:
        """``call(bundle, message)`` with the C message of these fields, inside the bundle's guard."""
        from ctypes import byref

        from ._packing import MessageFields

        fields = MessageFields()
        request = self._languages(languages)  # referenced until the call returns
        fields.fill(key, default, table, comment, locale, None if request is None else request._handle)
        memo, handle = self._enter()
        try:
            return call(handle, byref(fields.message))
        finally:
            memo.leave()

    def _call_formatter(self, function: Callable[..., int], key: str, args: Tuple[lokale.Arg, ...],
                        default: Optional[str], table: Optional[str], comment: Optional[str],
                        locale: Optional[str] = None,
                        languages: lokale.Languages | Iterable[str] | None = None) -> bytes:
        """The bytes of a (dst, capacity, needed) function of a message and its arguments."""
        from ._ccall import fill
        from ._packing import pack_args

        packed = pack_args(args)
        array = packed.array if packed is not None else None
        return self._with_message(lambda handle, message: fill(function, handle, message, array, len(args)),
                                  key, default, table, comment, locale, languages)

    def _variant_text(self, key: str, args: Tuple[lokale.Arg, ...], table: Optional[str]) -> Tuple[str, int]:
        """The unformatted text of the variant :meth:`format` would choose for ``args``, and the
        step (lokale_bundle_lookup_variant): gettext's ``ngettext``."""
        from ctypes import byref, c_int

        step = c_int(0)

        def variant(dst: Any, capacity: int, needed: Any, *rest: Any) -> int:
            return int(self._lib.lokale_bundle_lookup_variant(dst, capacity, needed, byref(step), *rest))

        text = self._call_formatter(variant, key, args, None, table, None).decode("utf-8", "replace")
        return text, step.value

    # -- gettext's protocol -----------------------------------------------------------------------

    def gettext(self, message: str) -> str:
        """gettext's ``gettext`` in the default table: the translation of the msgid ``message``,
        unformatted (format it with Python's ``%``); ``message`` itself when there is none.
        :meth:`translations` gives the same methods for another table (a ``.po`` domain)."""
        return (_gettext or gettext_protocol()).gettext(self, None, message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """gettext's ``ngettext``: the translation of a plural message (compiled from a ``.po``'s
        ``msgid``/``msgid_plural``) in the form that the served language's plural rules choose for
        ``n``, unformatted (``"%d fichiers"``); without a translation, ``singular`` if n == 1,
        else ``plural``."""
        return (_gettext or gettext_protocol()).ngettext(self, None, singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        """gettext's ``pgettext``: :meth:`gettext` of ``message`` in ``context`` (a ``.po``'s
        msgctxt; the key is ``context + "\x04" + message``, as glibc builds it)."""
        return (_gettext or gettext_protocol()).pgettext(self, None, context, message)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        """gettext's ``npgettext``: :meth:`ngettext` of a plural message in ``context``."""
        return (_gettext or gettext_protocol()).npgettext(self, None, context, singular, plural, n)

    def install(self, names: Iterable[str] | None = None) -> None:
        """Puts :meth:`gettext` into :mod:`builtins` as ``_`` (and those of ``gettext``,
        ``ngettext``, ``pgettext`` and ``npgettext`` that ``names`` lists), as
        :meth:`gettext.NullTranslations.install` does."""
        (_gettext or gettext_protocol()).install(self, names)

    def translations(self, table: str | None = None) -> Translations:
        """gettext's protocol (``gettext``, ``ngettext``, ``pgettext``, ``npgettext``,
        ``install``) over one table of the bundle: the table of a ``.po`` or ``.mo`` domain
        (``locale/fr/LC_MESSAGES/shop.po`` compiles to the table ``shop``). None: the default
        table, as the bundle's own methods."""
        return (_gettext or gettext_protocol()).Translations(self, table)  # type: ignore[no-any-return]

    # -- deferred messages --------------------------------------------------------------------------

    def resolve(self, message: Message) -> str:
        """Resolves a deferred :class:`Message` in this bundle: formatted with its arguments when
        it has any, else looked up (as :meth:`string`); one with ``named`` arguments is formatted
        by :meth:`format_named`."""
        if Message is None or not isinstance(message, Message):
            raise TypeError(f"expected a lokale.Message, not {type(message).__name__}")
        if message.named is not None:
            return self.format_named(message.key, dict(message.named), default=message.default, table=message.table,
                                     comment=message.comment)
        if message.args:
            return self.format(
                message.key,
                *message.args,
                default=message.default,
                table=message.table,
                comment=message.comment,
            )
        return self.string(message.key, message.default, message.table, message.comment)


# ``bundle.string`` as fast as the backend calls: with the accelerator, one C call (no Python frame)
# for every call without ``languages``; ``Bundle.string`` through the class stays the method above.
Bundle.string = BACKEND.string_method(Bundle.__dict__["string"], Bundle.__dict__["_memo"])  # type: ignore[method-assign]


# Runtime.open makes bundles of this class (_runtime is the layer below: it does not import this one).
_runtime.Bundle = Bundle
