"""Runtime: the user's languages, the in-app language, the main bundle and the device class; its
change callbacks (:class:`Subscription`; registered and removed by ``_callbacks``)."""

from __future__ import annotations

import _thread
import _weakref  # weakref.ref, without the weakref module's start-up cost
import os

from ._abi import DEVICE, EIO, FALLBACK, OPEN_COPY, OPEN_MAIN, OPEN_VERIFY, STRATEGY
from ._args import coerce, encode_optional, language_list as _language_list, loading_flag
from ._backend import BACKEND
from ._guard import Finalizer, Guard, Release, raise_closed
from ._library import check, library, non_null, split

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (it costs start-up time)
if TYPE_CHECKING:
    import typing
    import weakref
    from collections.abc import Callable, Iterable
    from typing import Any, Dict, List, NoReturn, Optional, Tuple

    import lokale

    from ._backend import Generation
    from ._bundle import Bundle
    from ._languages import UseLanguages
    from ._message import Message

    _AUTO: lokale.Loading = lokale.Loading.AUTO
else:  # what typing.get_type_hints needs of the public annotations, without importing typing
    from _collections_abc import Callable, Iterable

    from ._args import lokale as _public, typing  # lokale.Device, typing.ContextManager…: made when read

    class _Names:
        """``lokale`` in the annotations of this layer and above: ``_args``'s names, and
        ``lokale.Languages``, whose module is imported when it is read (request_languages)."""

        __slots__ = ()

        def __getattr__(self, name: str) -> object:
            if name == "Languages":
                return request_languages().Languages
            return getattr(_public, name)

    lokale = _Names()

    _AUTO = 0  # Loading.AUTO: open()'s default, without making the enum at import
    # The classes of the layers above, which import this module: _bundle sets Bundle (what open()
    # makes, what resolve() tells apart; ``import lokale`` imports it before any call) and _message
    # sets Message when it is imported (by the first use of lokale.Message). typing.get_type_hints
    # reads them here too.
    Bundle = Message = None

__all__ = ["Runtime", "Subscription", "for_runtime", "lokale", "request_languages"]

_new = object.__new__  # use_languages makes its UseLanguages without a call to __init__

# The ``_languages`` module (a request's languages), imported by the first call given some: a
# program that never serves requests never imports it. Bundle's calls read both names here (as
# ``_runtime.for_runtime``: imported by name, the first function would stay).
_request_languages: Any = None


def request_languages() -> Any:
    """The ``_languages`` module, imported on first use; ``for_runtime`` is its own from then on."""
    global _request_languages, for_runtime
    from . import _languages as module

    for_runtime = module.for_runtime
    _request_languages = module
    return module


def for_runtime(runtime: Runtime, languages: lokale.Languages | Iterable[str] | str) -> lokale.Languages:
    """``_languages.for_runtime`` (:meth:`Runtime.languages`): this first call imports the module."""
    return request_languages().for_runtime(runtime, languages)  # type: ignore[no-any-return]


# ------------------------------------------------------------------------------------------------
# Callbacks (registered and removed by ``_callbacks``)
# ------------------------------------------------------------------------------------------------


class Subscription:
    """A registered change callback (see :meth:`Runtime.on_change`). ``remove()`` it, or use it as
    a context manager, to unregister."""

    __slots__ = ("_runtime", "id", "callback", "__weakref__")

    def __init__(self, runtime: Runtime, id: int, callback: Callable[[Runtime], object]) -> None:
        self._runtime: Optional[Runtime] = runtime
        self.id = id  # the C library's identifier of the callback
        self.callback = callback

    @property
    def active(self) -> bool:
        """Whether the callback is still registered."""
        runtime = self._runtime
        return runtime is not None and runtime._handle is not None and self.id in runtime._callbacks

    def remove(self) -> bool:
        """Unregisters the callback. Returns False when it was no longer registered."""
        runtime, self._runtime = self._runtime, None
        if runtime is None:
            return False
        from ._callbacks import remove  # (imported by the first callback: see _callbacks)

        return remove(runtime, self.id)

    def __enter__(self) -> Subscription:
        return self

    def __exit__(self, *exc_info: Any) -> None:
        self.remove()

    def __repr__(self) -> str:
        return f"<lokale.Subscription id={self.id} callback={self.callback!r} active={self.active}>"


def _free_runtime(handle: int, callbacks: Dict[int, Any], generation: Generation) -> None:
    """Frees the runtime's handle, once no call uses it (see ``_guard``). Its callbacks are removed
    first, but their ctypes trampolines are kept (by the Runtime object, which every open bundle
    refers to): a bundle's reload on another thread may be calling them right now."""
    # The generation (kept alive by the bundles' memos) first: its callback refers to it.
    BACKEND.remove_callback(handle, generation.callback_id)
    for cid in list(callbacks):
        BACKEND.remove_callback(handle, cid)
    BACKEND.runtime_free(handle)


def _live(ref: "weakref.ref[Bundle]") -> bool:
    bundle = ref()
    return bundle is not None and not bundle.closed


# The main bundles opened in this process, most recent last (weakly): a lokale.Message that names no
# bundle renders in the last one still open (see main_bundle()).
_main_bundles: List["weakref.ref[Bundle]"] = []
# Every runtime not yet collected (weakly), for a Message that names its bundle by identifier.
_runtimes: List["weakref.ref[Runtime]"] = []
_registry_lock = _thread.allocate_lock()  # of both lists; threading.Lock(), without importing threading


def main_bundle() -> Optional[Bundle]:
    """The main bundle most recently opened in this process that is still its runtime's main
    bundle: neither it nor its runtime closed."""
    for ref in reversed(list(_main_bundles)):
        bundle = ref()
        if bundle is not None and bundle.runtime.main_bundle is bundle:
            return bundle
    return None


def open_bundle(identifier: str) -> Optional[Bundle]:
    """An open bundle with this identifier: of the runtime of :func:`main_bundle` first, then of
    any other open runtime; None when none is open."""
    from ._errors import StateError  # (the exceptions are made by the first failure: _library.not_found)

    main = main_bundle()
    runtimes = [main.runtime] if main is not None else []
    for ref in list(_runtimes):
        runtime = ref()
        if runtime is not None and runtime not in runtimes:
            runtimes.append(runtime)
    for runtime in runtimes:
        if runtime.closed:
            continue
        try:
            return runtime.bundle(identifier)
        except StateError:
            continue
    return None


def _runtime_closed() -> NoReturn:
    raise_closed("the runtime")


class Runtime:
    """The user's preferred languages, the in-app language, the main bundle and the device class.

    ``preferred_languages``: most preferred first (BCP 47 or POSIX spellings); None reads them from
    ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES`` and ``LANG``. A str is read as a comma-separated list.

    ``settings_path``: where the in-app language (:meth:`set_language`) is kept. None:
    ``$XDG_CONFIG_HOME/lokale/<main bundle identifier>.language``; ``""``: not persisted;
    otherwise a file path. The stored choice is restored when the main bundle is opened.

    A runtime is thread-safe: lookups on any thread see a language change atomically. Bundles
    keep the C runtime alive, so :meth:`close` may come before the bundles are closed (they stay
    usable; the runtime itself does not). ``close()`` may come while other threads use the
    runtime: calls already inside the library finish, later ones raise :class:`ClosedError`.
    """

    def __init__(
        self,
        preferred_languages: Iterable[str] | str | None = None,
        *,
        strategy: str | int | lokale.Strategy = "apple",
        fallback: str | int | lokale.Fallback = "apple",
        device: str | int | lokale.Device = "mac",
        settings_path: str | os.PathLike[str] | None = None,
    ) -> None:
        lib = library()
        BACKEND.attach(lib)
        self._lib = lib
        # Plain ints (_abi's values): the enum members are made when asked for (see device).
        self._strategy = coerce("Strategy", STRATEGY, strategy, "strategy")
        self._fallback = coerce("Fallback", FALLBACK, fallback, "fallback")
        self._device = coerce("Device", DEVICE, device, "device")
        self._settings_path: Optional[str] = (
            None if settings_path is None else os.fspath(settings_path)
        )
        status, handle = BACKEND.runtime_new(
            _language_list(preferred_languages), self._strategy, self._fallback, self._device,
            None if self._settings_path is None else os.fsencode(self._settings_path))
        check(status)
        created = non_null(handle, "lokale_runtime_new")
        # The count of changes that can alter lookups, for the bundles' memos: its change callback
        # is registered first, so it runs before the user's callbacks.
        try:
            self._generation: Generation = BACKEND.watch(created)
        except BaseException:
            BACKEND.runtime_free(created)
            raise
        self._handle: Optional[int] = created
        self._lock = _thread.allocate_lock()  # registration and close only; never taken by lookups
        self._callbacks: Dict[int, Tuple[Any, Callable[..., Any]]] = {}
        self._retired: List[Any] = []  # removed trampolines a running change may still call
        self._changing = 0
        self._bundles: List["weakref.ref[Bundle]"] = []
        self._requests: Dict[Tuple[str, ...], lokale.Languages] = {}  # Languages by list, bounded
        # The main bundle is held strongly: it decides the languages of the framework bundles and
        # where the in-app language is stored, so it stays open until closed (or the runtime is).
        self._main: Optional[Bundle] = None
        # Every call that passes the handle to the library counts itself in the guard (``with
        # self._guard as handle``); the handle is freed once the runtime is closed and none is inside.
        self._guard = Guard(
            created,
            Release(_free_runtime, created, self._callbacks, self._generation),
            _runtime_closed,
        )
        self._finalizer = Finalizer(self, self._guard.close)
        with _registry_lock:
            _runtimes[:] = [ref for ref in _runtimes if ref() is not None]
            _runtimes.append(_weakref.ref(self))

    # -- lifetime ---------------------------------------------------------------------------------

    @property
    def closed(self) -> bool:
        """Whether :meth:`close` was called."""
        return self._handle is None

    def _h(self) -> int:
        handle = self._handle
        if handle is None:
            from ._errors import ClosedError

            raise ClosedError("lokale: the runtime is closed")
        return handle

    def close(self) -> None:
        """Releases the runtime (idempotent). Its callbacks are unregistered; bundles opened from
        it remain usable until they are closed. Calls running on other threads (or the change
        that runs the callback calling close()) finish first: the runtime is released when the
        last one returns."""
        with self._lock:
            if self._handle is None:
                return
            self._handle = None
            self._main = None
        self._finalizer()  # self._guard.close(), once

    def __enter__(self) -> "Runtime":
        self._h()
        return self

    def __exit__(self, *exc_info: Any) -> None:
        self.close()

    def __repr__(self) -> str:
        if self._handle is None:
            return "<lokale.Runtime closed>"
        return (
            f"<lokale.Runtime preferred_languages={self.preferred_languages!r} "
            f"language={self.language!r}>"
        )

    # -- languages --------------------------------------------------------------------------------

    def _bump(self) -> None:
        """Tells the bundles' memos that lookups may answer differently now."""
        self._generation.bump()

    def _changed(self, call: Callable[[], int]) -> int:
        """Runs a call that may invoke the change callbacks, keeping removed ones alive meanwhile."""
        with self._lock:
            self._changing += 1
        try:
            return call()
        finally:
            self._bump()
            with self._lock:
                self._changing -= 1
                if self._changing == 0:
                    self._retired.clear()

    @property
    def preferred_languages(self) -> list[str]:
        """The user's preferred languages, most preferred first. Assign a list (or None to re-read
        the environment); malformed identifiers are skipped and listed in :attr:`diagnostics`."""
        from ._ccall import fill_text

        with self._guard as handle:
            return split(fill_text(self._lib.lokale_runtime_preferred_languages, handle))

    @preferred_languages.setter
    def preferred_languages(self, languages: Iterable[str] | str | None) -> None:
        self.set_preferred_languages(languages)

    def set_preferred_languages(self, languages: Iterable[str] | str | None) -> None:
        """Replaces the preferred languages; None re-reads the environment. Every bundle of the
        runtime follows at once, and the change callbacks run before this returns."""
        from ._ccall import language_array
        from ._errors import reraise_pending

        array, count = language_array(_language_list(languages))
        with self._guard as handle:
            status = self._changed(
                lambda: self._lib.lokale_runtime_set_preferred_languages(handle, array, count)
            )
        reraise_pending()
        check(status)

    @property
    def language(self) -> str | None:
        """The in-app language, or None when the system preferences apply. Assigning calls
        :meth:`set_language`."""
        from ._ccall import fill_text

        with self._guard as handle:
            text = fill_text(self._lib.lokale_runtime_language, handle)
        return text or None

    @language.setter
    def language(self, language: str | None) -> None:
        self.set_language(language)

    def set_language(self, language: str | None) -> None:
        """Sets the in-app language, which comes before the user's preferences for every bundle
        of the runtime (framework bundles included) from the next lookup on; None returns to the
        system preferences. The choice is persisted as ``settings_path`` says and restored at the
        next start. The change callbacks run before this returns.

        Raises :class:`InvalidArgument` for a malformed identifier (nothing changes), and
        :class:`lokale.FileError` when the choice applies but could not be stored.
        """
        from ._errors import reraise_pending

        encoded = encode_optional(language, "language")
        with self._guard as handle:
            status = self._changed(lambda: self._lib.lokale_runtime_set_language(handle, encoded))
        reraise_pending()
        check(status, self._settings_path if status == EIO else None)

    def reset_language(self) -> None:
        """Returns to the system preferences (``set_language(None)``)."""
        self.set_language(None)

    @property
    def device(self) -> lokale.Device:
        """The device class used for device variants (assignable)."""
        self._h()
        from ._enums import Device  # made on first use: importing enum adds to start-up

        return Device(self._device)

    @device.setter
    def device(self, device: str | int | lokale.Device) -> None:
        value = coerce("Device", DEVICE, device, "device")
        with self._guard as handle:
            check(self._lib.lokale_runtime_set_device(handle, value))
        self._bump()
        self._device = value

    @property
    def fallback(self) -> lokale.Fallback:
        """The fallback policy for missing keys (assignable)."""
        self._h()
        from ._enums import Fallback

        return Fallback(self._fallback)

    @fallback.setter
    def fallback(self, fallback: str | int | lokale.Fallback) -> None:
        value = coerce("Fallback", FALLBACK, fallback, "fallback")
        with self._guard as handle:
            check(self._lib.lokale_runtime_set_fallback_policy(handle, value))
        self._bump()
        self._fallback = value

    @property
    def strategy(self) -> lokale.Strategy:
        """How localizations are ordered (fixed when the runtime is created)."""
        from ._enums import Strategy

        return Strategy(self._strategy)

    @property
    def settings_path(self) -> str | None:
        """The file the in-app language is kept in: the path given at creation, or for the default
        location the file it resolves to once the main bundle is open
        (``$XDG_CONFIG_HOME/lokale/<main bundle identifier>.language``); None while that is not
        known (no main bundle yet, no home folder); ``""`` when it is not persisted. After
        :meth:`close`, the path given at creation."""
        if self._settings_path == "" or self._handle is None:
            return self._settings_path
        from ._ccall import fill_text
        from ._errors import ClosedError

        try:
            with self._guard as handle:
                text = fill_text(self._lib.lokale_runtime_settings_path, handle)
        except ClosedError:
            return self._settings_path
        return text or self._settings_path

    @property
    def diagnostics(self) -> list[str]:
        """Problems the runtime noticed and worked around, one per entry: malformed preferred
        languages that were skipped, a settings file that could not be read or written."""
        from ._ccall import fill_text

        with self._guard as handle:
            text = fill_text(self._lib.lokale_runtime_diagnostics, handle)
        return [line for line in text.splitlines() if line]

    # -- a request's languages (servers) ---------------------------------------------------------

    def languages(self, languages: lokale.Languages | Iterable[str] | str) -> lokale.Languages:
        """A request's preferred languages (most preferred first; a str is comma-separated), for
        ``languages=`` or :meth:`use_languages`: the runtime keeps the last 1,024 distinct lists,
        so asking again for an equal list returns the same object. After :meth:`close` (bundles
        stay usable), only lists made before answer; a new one raises :class:`ClosedError`."""
        return for_runtime(self, languages)

    def use_languages(
        self, languages: lokale.Languages | Iterable[str] | str
    ) -> typing.ContextManager[lokale.Languages]:
        """``with runtime.use_languages(["fr-CA", "en"]):`` — every lookup of this runtime's bundles
        inside answers in these languages (what a runtime with them would give), in this thread or
        asyncio task only (:mod:`contextvars`); the runtime's own languages stay untouched.
        Nested blocks: the innermost wins. :func:`lokale.parse_accept_language` turns a request's
        header into the list."""
        chosen = for_runtime(self, languages)  # _languages is imported by now
        # UseLanguages(self, chosen), without a call to __init__
        use: UseLanguages = _new(_request_languages.UseLanguages)
        use.languages = chosen
        use._entry = (self._generation, chosen._request, chosen)
        return use

    # -- callbacks --------------------------------------------------------------------------------

    def on_change(self, callback: Callable[[Runtime], object]) -> Subscription:
        """Registers ``callback(runtime)`` to run after the languages change (``set_language``,
        ``set_preferred_languages``), on the thread that changed them; it may look messages up.

        An exception raised by the callback is reported as a :class:`lokale.CallbackWarning` (or
        logged to the ``lokale`` logger when warnings are errors) and never reaches C;
        KeyboardInterrupt and SystemExit are re-raised once the change has completed.
        Returns a :class:`Subscription`; ``remove()`` it to unregister.
        """
        if not callable(callback):
            raise TypeError(f"callback must be callable, not {type(callback).__name__}")
        self._h()
        from ._callbacks import add  # (imported by the first callback: see _callbacks)

        return Subscription(self, add(self, callback), callback)

    def remove_callback(self, subscription: Subscription | int) -> bool:
        """Unregisters a callback by its :class:`Subscription` (or id). False when it was not
        registered."""
        if isinstance(subscription, Subscription):
            return subscription.remove()
        from ._callbacks import remove

        return remove(self, int(subscription))

    # -- bundles ----------------------------------------------------------------------------------

    def open(
        self,
        path: str | os.PathLike[str],
        main: bool = False,
        verify: bool = False,
        loading: lokale.Loading | str = _AUTO,
    ) -> Bundle:
        """Opens the compiled bundle (``.lokale``) at ``path``.

        ``main``: the application's bundle, which framework bundles follow; at most one per
        runtime (:class:`StateError` otherwise) and the one whose in-app language is restored.
        The runtime keeps its main bundle open (see :attr:`main_bundle`) until it is closed.
        ``verify``: also verify the payload checksum (reads the whole file).
        ``loading``: :attr:`Loading.AUTO` (the default, written ``0``: the enum is made only when
        a program uses it) reads files up to 1 MiB into memory and maps larger ones;
        :attr:`Loading.COPY` always reads (immune to programs that rewrite the file in place);
        :attr:`Loading.MAP` always maps. :meth:`Bundle.reload` loads the same way. (The
        names ``"auto"``, ``"copy"`` and ``"map"`` are accepted too, deprecated: DeprecationWarning.)
        Raises :class:`NotFound` (a FileNotFoundError), :class:`CorruptTable`,
        :class:`UnsupportedVersion` or :class:`lokale.FileError`.
        """
        fspath = os.fspath(path)
        if not isinstance(fspath, str):
            fspath = os.fsdecode(fspath)
        flags = (OPEN_MAIN if main else 0) | (OPEN_VERIFY if verify else 0) | loading_flag(loading)
        return self._open(lambda rt: BACKEND.bundle_open(rt, os.fsencode(fspath), flags), fspath, main)

    def open_bytes(self, data: bytes | bytearray | memoryview, main: bool = False, verify: bool = False) -> Bundle:
        """A compiled bundle from its bytes (copied), validated as :meth:`open` validates a file. It
        has no file: ``path`` is ``"<memory>"``, :meth:`Bundle.reload` raises :class:`StateError`."""
        raw, flags = bytes(data), (OPEN_MAIN if main else 0) | (OPEN_VERIFY if verify else 0) | OPEN_COPY

        def open_memory(runtime_handle: int) -> Tuple[int, int]:
            from ctypes import byref, c_void_p

            out = c_void_p()
            status = self._lib.lokale_bundle_open_memory(byref(out), runtime_handle, raw, len(raw), flags)
            return status, out.value or 0

        return self._open(open_memory, "<memory>", main)

    def _open(self, call: Callable[[int], Tuple[int, int]], label: str, main: bool) -> Bundle:
        """Opens a bundle with ``call(runtime_handle)`` -> (status, handle); ``label`` is its ``path``."""
        with self._guard as runtime_handle:
            status, handle = call(runtime_handle)
        if main:
            self._bump()  # framework bundles follow it; a stored in-app language may be restored
        check(status, label)
        bundle = Bundle._create(self, non_null(handle, "lokale_bundle_open"), label, bool(main))
        with self._lock:
            self._bundles = [ref for ref in self._bundles if _live(ref)]
            self._bundles.append(_weakref.ref(bundle))
            if main:
                self._main = bundle
                with _registry_lock:
                    _main_bundles[:] = [ref for ref in _main_bundles if _live(ref)]
                    _main_bundles.append(_weakref.ref(bundle))
        return bundle

    @property
    def main_bundle(self) -> Bundle | None:
        """The open main bundle of this runtime, if any."""
        bundle = self._main
        return bundle if bundle is not None and not bundle.closed else None

    def bundle(self, identifier: str) -> Bundle:
        """An open bundle of this runtime with that identifier (the main bundle first, then the
        most recently opened). :class:`StateError` when none is open."""
        main = self.main_bundle
        if main is not None and main.identifier == identifier:
            return main
        for ref in reversed(self._bundles):
            bundle = ref()
            if bundle is not None and not bundle.closed and bundle.identifier == identifier:
                return bundle
        from ._errors import StateError

        raise StateError(f"lokale: no open bundle of this runtime has the identifier {identifier!r}")

    def resolve(self, message: Message) -> str:
        """Resolves a :class:`Message` in the bundle it names: a :class:`Bundle`, the identifier
        of a bundle opened from this runtime, or (None) the main bundle."""
        target = message.bundle
        if isinstance(target, Bundle):
            bundle = target
        elif isinstance(target, str):
            bundle = self.bundle(target)
        elif target is None:
            self._h()
            main = self.main_bundle
            if main is None:
                from ._errors import StateError

                raise StateError(
                    "lokale: the message names no bundle and this runtime has no open main bundle"
                )
            bundle = main
        else:
            raise TypeError(f"Message.bundle must be a Bundle, a str or None, not {type(target).__name__}")
        return bundle.resolve(message)
