"""Runtime: the user's languages, the in-app language, the main bundle and the device class; its
change callbacks (:class:`Subscription`)."""

from __future__ import annotations

import ctypes
import logging
import os
import threading
import warnings
import weakref
from ctypes import byref, c_uint64, c_void_p
from typing import Any, Callable, Dict, Iterable, List, Optional, Tuple, Union

from ._abi import OPEN_COPY, OPEN_MAIN, OPEN_MAP, OPEN_VERIFY, ChangeCallback, lokale_runtime_options
from ._args import encode, encode_optional
from ._backend import BACKEND, Generation
from ._bundle import Bundle
from ._enums import Device, Fallback, Strategy, coerce
from ._errors import CallbackWarning, ClosedError, StateError, Status
from ._library import Library, check, fill_text, library, non_null, split
from ._message import Message

__all__ = ["Runtime", "Subscription", "PathLike"]

logger = logging.getLogger("lokale")

PathLike = Union[str, "os.PathLike[str]"]

# ------------------------------------------------------------------------------------------------
# Callbacks
# ------------------------------------------------------------------------------------------------

_pending = threading.local()


def _report_callback_error(callback: Callable[..., Any], exc: BaseException) -> None:
    """Reports an exception raised by a change callback without letting it reach C."""
    if not isinstance(exc, Exception):
        # KeyboardInterrupt, SystemExit: re-raised once the C call has returned.
        if getattr(_pending, "exc", None) is None:
            _pending.exc = exc
        return
    message = f"lokale: change callback {callback!r} raised {type(exc).__name__}: {exc}"
    try:
        warnings.warn(message, CallbackWarning, stacklevel=2)
    except BaseException:  # warnings turned into errors: log instead, never propagate
        try:
            logger.error(message, exc_info=exc)
        except BaseException:
            pass


def _reraise_pending() -> None:
    exc = getattr(_pending, "exc", None)
    if exc is not None:
        _pending.exc = None
        raise exc


class Subscription:
    """A registered change callback (see :meth:`Runtime.on_change`). ``remove()`` it, or use it as
    a context manager, to unregister."""

    __slots__ = ("_runtime", "id", "callback", "__weakref__")

    def __init__(self, runtime: "Runtime", id: int, callback: Callable[["Runtime"], Any]) -> None:
        self._runtime: Optional[Runtime] = runtime
        self.id = id  # the C library's identifier of the callback
        self.callback = callback

    @property
    def active(self) -> bool:
        """Whether the callback is still registered."""
        runtime = self._runtime
        return runtime is not None and runtime._has_callback(self.id)

    def remove(self) -> bool:
        """Unregisters the callback. Returns False when it was no longer registered."""
        runtime, self._runtime = self._runtime, None
        if runtime is None:
            return False
        return runtime._remove_callback(self.id)

    def __enter__(self) -> "Subscription":
        return self

    def __exit__(self, *exc_info: Any) -> None:
        self.remove()

    def __repr__(self) -> str:
        return f"<lokale.Subscription id={self.id} callback={self.callback!r} active={self.active}>"


def _free_runtime(lib: Library, handle: int, callbacks: Dict[int, Any], retired: List[Any],
                  generation: Generation) -> None:
    # The generation (kept alive until here) first: its callback refers to it.
    lib.lokale_runtime_remove_callback(handle, generation.callback_id)
    for cid in list(callbacks):
        lib.lokale_runtime_remove_callback(handle, cid)
    lib.lokale_runtime_free(handle)
    callbacks.clear()
    retired.clear()


def _live(ref: "weakref.ref[Bundle]") -> bool:
    bundle = ref()
    return bundle is not None and not bundle.closed


def _language_array(
    languages: Union[Iterable[str], str, None]
) -> Optional[Tuple["ctypes.Array[ctypes.c_char_p]", int]]:
    """A non-NULL array of the encoded languages and their count; None for None.

    An empty list stays an empty list (a non-NULL array with count 0): no preferences, as
    opposed to None, which reads the environment."""
    if languages is None:
        return None
    if isinstance(languages, str):
        items = [part.strip() for part in languages.split(",") if part.strip()]
    else:
        items = list(languages)
    encoded = [encode(item, "language") for item in items]
    array = (ctypes.c_char_p * max(len(encoded), 1))(*encoded)
    return array, len(encoded)


_LOADING = {"auto": 0, "copy": OPEN_COPY, "map": OPEN_MAP}


class Runtime:
    """The user's preferred languages, the in-app language, the main bundle and the device class.

    ``preferred_languages``: most preferred first (BCP 47 or POSIX spellings); None reads them from
    ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES`` and ``LANG``. A str is read as a comma-separated list.

    ``settings_path``: where the in-app language (:meth:`set_language`) is kept. None:
    ``$XDG_CONFIG_HOME/lokale/<main bundle identifier>.language``; ``""``: not persisted;
    otherwise a file path. The stored choice is restored when the main bundle is opened.

    A runtime is thread-safe: lookups on any thread see a language change atomically. Bundles
    keep the C runtime alive, so :meth:`close` may come before the bundles are closed (they stay
    usable; the runtime itself does not). ``close()`` must not race with calls on other threads.
    """

    def __init__(
        self,
        preferred_languages: Union[Iterable[str], str, None] = None,
        *,
        strategy: Union[str, int, Strategy] = "apple",
        fallback: Union[str, int, Fallback] = "apple",
        device: Union[str, int, Device] = "mac",
        settings_path: Optional[PathLike] = None,
    ) -> None:
        lib = library()
        BACKEND.attach(lib)
        self._lib = lib
        self._strategy = coerce(Strategy, strategy, "strategy")
        self._fallback = coerce(Fallback, fallback, "fallback")
        self._device = coerce(Device, device, "device")
        self._settings_path: Optional[str] = (
            None if settings_path is None else os.fspath(settings_path)
        )
        options = lokale_runtime_options()
        check(lib.lokale_runtime_options_init(byref(options)))
        languages = _language_array(preferred_languages)
        if languages is not None:
            options.preferred_languages, options.preferred_count = languages
        options.strategy = int(self._strategy)
        options.fallback_policy = int(self._fallback)
        options.device = int(self._device)
        if self._settings_path is not None:
            options.settings_path = os.fsencode(self._settings_path)
        handle = c_void_p()
        check(lib.lokale_runtime_new(byref(handle), byref(options)))
        created = non_null(handle, "lokale_runtime_new")
        # The count of changes that can alter lookups, for the bundles' memos: its change callback
        # is registered first, so it runs before the user's callbacks.
        try:
            self._generation: Generation = BACKEND.watch(created)
        except BaseException:
            lib.lokale_runtime_free(created)
            raise
        self._handle: Optional[int] = created
        self._lock = threading.Lock()  # registration and close only; never taken by lookups
        self._callbacks: Dict[int, Tuple[Any, Callable[..., Any]]] = {}
        self._retired: List[Any] = []  # removed trampolines a running change may still call
        self._changing = 0
        self._bundles: List["weakref.ref[Bundle]"] = []
        # The main bundle is held strongly: it decides the languages of the framework bundles and
        # where the in-app language is stored, so it stays open until closed (or the runtime is).
        self._main: Optional[Bundle] = None
        self._finalizer = weakref.finalize(
            self, _free_runtime, lib, created, self._callbacks, self._retired, self._generation
        )

    # -- lifetime ---------------------------------------------------------------------------------

    @property
    def closed(self) -> bool:
        """Whether :meth:`close` was called."""
        return self._handle is None

    def _h(self) -> int:
        handle = self._handle
        if handle is None:
            raise ClosedError("lokale: the runtime is closed")
        return handle

    def close(self) -> None:
        """Releases the runtime (idempotent). Its callbacks are unregistered; bundles opened from
        it remain usable until they are closed."""
        with self._lock:
            if self._handle is None:
                return
            self._handle = None
            self._main = None
        self._finalizer()

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
    def preferred_languages(self) -> List[str]:
        """The user's preferred languages, most preferred first. Assign a list (or None to re-read
        the environment); malformed identifiers are skipped and listed in :attr:`diagnostics`."""
        return split(fill_text(self._lib.lokale_runtime_preferred_languages, self._h()))

    @preferred_languages.setter
    def preferred_languages(self, languages: Union[Iterable[str], str, None]) -> None:
        self.set_preferred_languages(languages)

    def set_preferred_languages(self, languages: Union[Iterable[str], str, None]) -> None:
        """Replaces the preferred languages; None re-reads the environment. Every bundle of the
        runtime follows at once, and the change callbacks run before this returns."""
        handle = self._h()
        converted = _language_array(languages)
        array, count = converted if converted is not None else (None, 0)
        status = self._changed(
            lambda: self._lib.lokale_runtime_set_preferred_languages(handle, array, count)
        )
        _reraise_pending()
        check(status)

    @property
    def language(self) -> Optional[str]:
        """The in-app language, or None when the system preferences apply. Assigning calls
        :meth:`set_language`."""
        text = fill_text(self._lib.lokale_runtime_language, self._h())
        return text or None

    @language.setter
    def language(self, language: Optional[str]) -> None:
        self.set_language(language)

    def set_language(self, language: Optional[str]) -> None:
        """Sets the in-app language, which comes before the user's preferences for every bundle
        of the runtime (framework bundles included) from the next lookup on; None returns to the
        system preferences. The choice is persisted as ``settings_path`` says and restored at the
        next start. The change callbacks run before this returns.

        Raises :class:`InvalidArgument` for a malformed identifier (nothing changes), and
        :class:`lokale.FileError` when the choice applies but could not be stored.
        """
        handle = self._h()
        encoded = encode_optional(language, "language")
        status = self._changed(lambda: self._lib.lokale_runtime_set_language(handle, encoded))
        _reraise_pending()
        check(status, self._settings_path if status == Status.EIO else None)

    def reset_language(self) -> None:
        """Returns to the system preferences (``set_language(None)``)."""
        self.set_language(None)

    @property
    def device(self) -> Device:
        """The device class used for device variants (assignable)."""
        self._h()
        return self._device

    @device.setter
    def device(self, device: Union[str, int, Device]) -> None:
        value = coerce(Device, device, "device")
        check(self._lib.lokale_runtime_set_device(self._h(), int(value)))
        self._bump()
        self._device = value

    @property
    def fallback(self) -> Fallback:
        """The fallback policy for missing keys (assignable)."""
        self._h()
        return self._fallback

    @fallback.setter
    def fallback(self, fallback: Union[str, int, Fallback]) -> None:
        value = coerce(Fallback, fallback, "fallback")
        check(self._lib.lokale_runtime_set_fallback_policy(self._h(), int(value)))
        self._bump()
        self._fallback = value

    @property
    def strategy(self) -> Strategy:
        """How localizations are ordered (fixed when the runtime is created)."""
        return self._strategy

    @property
    def settings_path(self) -> Optional[str]:
        """The settings path given at creation (None: the default location)."""
        return self._settings_path

    @property
    def diagnostics(self) -> List[str]:
        """Problems the runtime noticed and worked around, one per entry: malformed preferred
        languages that were skipped, a settings file that could not be read or written."""
        text = fill_text(self._lib.lokale_runtime_diagnostics, self._h())
        return [line for line in text.splitlines() if line]

    # -- callbacks --------------------------------------------------------------------------------

    def on_change(self, callback: Callable[["Runtime"], Any]) -> Subscription:
        """Registers ``callback(runtime)`` to run after the languages change (``set_language``,
        ``set_preferred_languages``), on the thread that changed them; it may look messages up.

        An exception raised by the callback is reported as a :class:`lokale.CallbackWarning` (or
        logged to the ``lokale`` logger when warnings are errors) and never reaches C;
        KeyboardInterrupt and SystemExit are re-raised once the change has completed.
        Returns a :class:`Subscription`; ``remove()`` it to unregister.
        """
        if not callable(callback):
            raise TypeError(f"callback must be callable, not {type(callback).__name__}")
        handle = self._h()
        self_ref = weakref.ref(self)

        def trampoline(_payload: Optional[int], _runtime: Optional[int]) -> None:
            try:
                runtime = self_ref()
                if runtime is not None:
                    callback(runtime)
            except BaseException as exc:  # nothing may unwind into C
                _report_callback_error(callback, exc)

        thunk = ChangeCallback(trampoline)
        cid = c_uint64(0)
        with self._lock:
            check(self._lib.lokale_runtime_add_callback(byref(cid), handle, thunk, None))
            self._callbacks[cid.value] = (thunk, callback)
        return Subscription(self, cid.value, callback)

    def remove_callback(self, subscription: Union[Subscription, int]) -> bool:
        """Unregisters a callback by its :class:`Subscription` (or id). False when it was not
        registered."""
        if isinstance(subscription, Subscription):
            return subscription.remove()
        return self._remove_callback(int(subscription))

    def _has_callback(self, cid: int) -> bool:
        return self._handle is not None and cid in self._callbacks

    def _remove_callback(self, cid: int) -> bool:
        with self._lock:
            handle = self._handle
            if handle is None:
                return False
            status = self._lib.lokale_runtime_remove_callback(handle, cid)
            entry = self._callbacks.pop(cid, None)
            if entry is not None and self._changing:
                self._retired.append(entry)  # a change in progress may still be calling it
        if status == Status.ENOTFOUND:
            return False
        check(status)
        return entry is not None

    # -- bundles ----------------------------------------------------------------------------------

    def open(
        self, path: PathLike, main: bool = False, verify: bool = False, loading: str = "auto"
    ) -> Bundle:
        """Opens the compiled bundle (``.lokale``) at ``path``.

        ``main``: the application's bundle, which framework bundles follow; at most one per
        runtime (:class:`StateError` otherwise) and the one whose in-app language is restored.
        The runtime keeps its main bundle open (see :attr:`main_bundle`) until it is closed.
        ``verify``: also verify the payload checksum (reads the whole file).
        ``loading``: ``"auto"`` reads files up to 1 MiB into memory and maps larger ones;
        ``"copy"`` always reads (immune to programs that rewrite the file in place); ``"map"``
        always maps. :meth:`Bundle.reload` loads the same way.
        Raises :class:`NotFound` (a FileNotFoundError), :class:`CorruptTable`,
        :class:`UnsupportedVersion` or :class:`lokale.FileError`.
        """
        fspath = os.fspath(path)
        if not isinstance(fspath, str):
            fspath = os.fsdecode(fspath)
        if loading not in _LOADING:
            raise ValueError(f"lokale: loading must be one of {', '.join(_LOADING)}, not {loading!r}")
        flags = (OPEN_MAIN if main else 0) | (OPEN_VERIFY if verify else 0) | _LOADING[loading]
        handle = c_void_p()
        status = self._lib.lokale_bundle_open(byref(handle), self._h(), os.fsencode(fspath), flags)
        if main:
            self._bump()  # framework bundles follow it; a stored in-app language may be restored
        check(status, fspath)
        bundle = Bundle._create(self, non_null(handle, "lokale_bundle_open"), fspath, bool(main))
        with self._lock:
            self._bundles = [ref for ref in self._bundles if _live(ref)]
            self._bundles.append(weakref.ref(bundle))
            if main:
                self._main = bundle
        return bundle

    @property
    def main_bundle(self) -> Optional[Bundle]:
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
                raise StateError(
                    "lokale: the message names no bundle and this runtime has no open main bundle"
                )
            bundle = main
        else:
            raise TypeError(f"Message.bundle must be a Bundle, a str or None, not {type(target).__name__}")
        return bundle.resolve(message)
