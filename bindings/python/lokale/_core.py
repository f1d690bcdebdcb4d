"""Runtime, Bundle and Message: the Pythonic surface over the C ABI of ``include/lokale.h``."""

from __future__ import annotations

import ctypes
import decimal
import enum
import itertools
import json
import logging
import numbers
import os
import struct
import threading
import warnings
import weakref
from ctypes import byref, c_int, c_size_t, c_uint64, c_void_p
from dataclasses import dataclass, field
from typing import (
    Any,
    Callable,
    Dict,
    Iterable,
    List,
    NoReturn,
    Optional,
    Sequence,
    Tuple,
    TypeVar,
    Union,
)

from . import _errors
from . import _ffi
from ._errors import CallbackWarning, ClosedError, Error, InvalidArgument, StateError

__all__ = [
    "Runtime",
    "Bundle",
    "Message",
    "LookupResult",
    "Subscription",
    "Step",
    "Device",
    "Strategy",
    "Fallback",
    "accelerated",
    "display_name",
    "library_path",
    "library_version",
    "table_format_version",
]

logger = logging.getLogger("lokale")

PathLike = Union[str, "os.PathLike[str]"]
Arg = Union[int, float, str, decimal.Decimal]
"""A format argument: int (``LOKALE_ARG_INT``, or ``UINT`` above 2**63-1), float (``DOUBLE``),
str (``STRING``), or :class:`decimal.Decimal` (``STRING`` of its digits, so ``Decimal("1.0")``
keeps its visible fraction digit for the plural rules)."""


# A first buffer for (dst, capacity, needed) results; grown to `needed` when too small.
_STACK_SIZE = 512


class Step(enum.IntEnum):
    """Which row of the fallback contract answered a lookup (``lokale_step``)."""

    TRANSLATION = 1
    """A preferred language has the translation."""
    LATER_PREFERENCE = 2
    """The first preference is unavailable; a later one matched."""
    DEVELOPMENT = 3
    """No preference matched: the development localization's text."""
    DEFAULT = 4
    """The lookup failed: the message's explicit default value."""
    KEY = 5
    """The lookup failed and there is no default value: the key."""


_STEPS = {step.value: step for step in Step}


class Device(enum.IntEnum):
    """Device classes for device-specific variants (``lokale_device``)."""

    IPHONE = 0
    IPAD = 1
    IPOD = 2
    MAC = 3
    APPLEWATCH = 4
    APPLETV = 5
    APPLEVISION = 6
    OTHER = 7


class Strategy(enum.IntEnum):
    """How a bundle's localizations are ordered (``lokale_strategy``)."""

    APPLE = 0
    """Apple's ``Bundle.preferredLocalizations`` on ICU data (default)."""
    ICU = 1
    """CLDR's LocaleMatcher."""


class Fallback(enum.IntEnum):
    """What a lookup does when the selected table lacks the key (``lokale_fallback_policy``)."""

    APPLE = 0
    """Apple's rule: a missing key gives the default value, else the key."""
    CHAIN = 1
    """Look a missing key up through the rest of the ordered localizations first."""


_E = TypeVar("_E", bound=enum.IntEnum)


def _enum_value(kind: "type[_E]", value: Union[str, int, _E], what: str) -> _E:
    """Accepts an enum member, its int value, or its name in any case ("mac", "ICU")."""
    if isinstance(value, bool):
        raise TypeError(f"{what} must be a {kind.__name__} or a name, not bool")
    if isinstance(value, str):
        try:
            return kind[value.strip().upper().replace("-", "_")]
        except KeyError:
            names = ", ".join(repr(m.name.lower()) for m in kind)
            raise InvalidArgument(f"unknown {what} {value!r}; expected one of {names}") from None
    if isinstance(value, int):
        try:
            return kind(value)
        except ValueError:
            raise InvalidArgument(f"unknown {what} {value!r}") from None
    raise TypeError(f"{what} must be a {kind.__name__}, a name or an int, not {type(value).__name__}")


# ------------------------------------------------------------------------------------------------
# Calling conventions
# ------------------------------------------------------------------------------------------------


def _lib() -> _ffi.Library:
    return _ffi.library()


def _raise(status: int, filename: Optional[str] = None) -> NoReturn:
    """Raises the exception for a failed call; reads the thread's last error first."""
    lib = _lib()
    ptr = lib.lokale_last_error()
    message = ctypes.string_at(ptr).decode("utf-8", "replace") if ptr else ""
    name = (lib.lokale_status_name(status) or b"LOKALE_UNKNOWN").decode("ascii", "replace")
    raise _errors.error_for(status, message, name, filename)


def _check(status: int, filename: Optional[str] = None) -> None:
    if status != _errors.OK:
        _raise(status, filename)


# ------------------------------------------------------------------------------------------------
# The optional C accelerator (lokale/_speedups.c)
# ------------------------------------------------------------------------------------------------

PURE_PYTHON_ENV = "LOKALE_PURE_PYTHON"


def _import_speedups() -> Any:
    """lokale._speedups when it was built and LOKALE_PURE_PYTHON is not set (to anything but 0)."""
    if os.environ.get(PURE_PYTHON_ENV, "") not in ("", "0"):
        return None
    try:
        from . import _speedups  # type: ignore[attr-defined]
    except ImportError:
        return None
    return _speedups


_speedups = _import_speedups()
_speedups_ready = False
_speedups_string: Any = _speedups.string if _speedups is not None else None
_speedups_lookup: Any = _speedups.lookup if _speedups is not None else None
_speedups_format: Any = _speedups.format if _speedups is not None else None


def _init_speedups(lib: _ffi.Library) -> None:
    """Hands the accelerator the functions of the library ctypes loaded."""
    global _speedups_ready
    if _speedups is not None and not _speedups_ready:
        _speedups.init(
            ctypes.cast(lib.lokale_bundle_lookup, c_void_p).value,
            _raise,
            ctypes.cast(lib.lokale_runtime_add_callback, c_void_p).value,
            ctypes.cast(lib.lokale_bundle_format, c_void_p).value,
        )
        _speedups_ready = True


def accelerated() -> bool:
    """Whether :meth:`Bundle.string`, :meth:`Bundle.lookup` and :meth:`Bundle.format` use the C accelerator
    (``lokale._speedups``) rather than ctypes. Set ``LOKALE_PURE_PYTHON=1`` to force ctypes."""
    return _speedups is not None


def _fill(function: Callable[..., int], *args: Any) -> bytes:
    """Calls a (dst, capacity, needed, ...) function: a small buffer first, grown on
    LOKALE_ETRUNCATED to the ``needed`` length it reports."""
    capacity = _STACK_SIZE
    needed = c_size_t(0)
    while True:
        buffer = ctypes.create_string_buffer(capacity)
        status = function(buffer, capacity, byref(needed), *args)
        if status == _errors.OK:
            return ctypes.string_at(buffer, needed.value)
        if status == _errors.ETRUNCATED and needed.value >= capacity:
            # The result may grow again in between (another thread changed the language).
            capacity = needed.value + 1
            continue
        _raise(status)


def _non_null(pointer: c_void_p, function: str) -> int:
    """The address a successful call stored, checked."""
    if not pointer.value:
        raise Error(f"lokale: {function} reported success but returned NULL")
    return pointer.value


def _fill_text(function: Callable[..., int], *args: Any) -> str:
    return _fill(function, *args).decode("utf-8", "replace")


def _encode(value: str, what: str) -> bytes:
    if not isinstance(value, str):
        raise TypeError(f"{what} must be str, not {type(value).__name__}")
    return str.encode(value, "utf-8")  # not a subclass's encode(): no user code runs here


def _optional(value: Optional[str], what: str) -> Optional[bytes]:
    return None if value is None else _encode(value, what)


def _split(text: str) -> List[str]:
    return [part for part in text.split(",") if part] if text else []


class _Scratch:
    """Per thread: a lokale_message and the out-parameters of a lookup, made once, passed to the
    library by address (the pure-Python lookup path allocates no ctypes objects per call). A plain
    object reached through one threading.local attribute: each attribute of a threading.local
    subclass costs a per-thread dictionary switch."""

    __slots__ = ("message", "text", "length", "step", "has_table", "has_default",
                 "message_at", "text_at", "length_at", "step_at",
                 "args", "args_view", "args_at", "buffer", "buffer_at", "needed", "needed_at", "formatting")

    def __init__(self) -> None:
        self.message = _ffi.Message()
        self.message.version = _ffi.MESSAGE_VERSION
        self.text = ctypes.c_char_p()
        self.length = c_size_t(0)
        self.step = c_int(0)
        self.has_table = False  # whether message.table / default_value hold a previous lookup's
        self.has_default = False
        # Their addresses as c_void_p objects: what lookup_by_address takes (see _ffi).
        self.message_at = c_void_p(ctypes.addressof(self.message))
        self.text_at = c_void_p(ctypes.addressof(self.text))
        self.length_at = c_void_p(ctypes.addressof(self.length))
        self.step_at = c_void_p(ctypes.addressof(self.step))
        # For formatting: the arguments, the output buffer and its needed size.
        self.args = (_ffi.Arg * _SCRATCH_ARGS)()
        self.args_view = memoryview(self.args).cast("B")
        self.args_at = c_void_p(ctypes.addressof(self.args))
        self.buffer = ctypes.create_string_buffer(_SCRATCH_BYTES)
        self.buffer_at = c_void_p(ctypes.addressof(self.buffer))
        self.needed = c_size_t(0)
        self.needed_at = c_void_p(ctypes.addressof(self.needed))
        self.formatting = False  # a format is using args and buffer

    def prepare(self, key: str, default: Optional[str], table: Optional[str], comment: Optional[str]) -> None:
        """Fills the message. Its fields keep their bytes alive until this thread's next call
        overwrites them; the table and the default are cleared only when a previous call set them."""
        if comment is not None:
            _encode(comment, "comment")  # for translators only, but it must be text
        m = self.message
        encoded = _encode(key, "key")
        m.key, m.key_len = encoded, len(encoded)
        if table is not None:
            encoded = _encode(table, "table")
            m.table, m.table_len = encoded, len(encoded)
            self.has_table = True
        elif self.has_table:
            m.table, m.table_len = None, 0
            self.has_table = False
        if default is not None:
            encoded = _encode(default, "default")
            m.default_value, m.default_len = encoded, len(encoded)
            self.has_default = True
        elif self.has_default:
            m.default_value, m.default_len = None, 0
            self.has_default = False


_SCRATCH_ARGS = 16  # format arguments written into the thread's array; more get an array of their own
_SCRATCH_BYTES = 512  # formatted output read from the thread's buffer; longer output gets its own
_COUNTS = tuple(c_size_t(n) for n in range(_SCRATCH_ARGS + 1))  # size_t arguments, made once
_CAPACITY = c_size_t(_SCRATCH_BYTES)


_THREAD = threading.local()


def _scratch() -> _Scratch:
    try:
        return _THREAD.scratch  # type: ignore[no-any-return]
    except AttributeError:
        _THREAD.scratch = _Scratch()
        return _THREAD.scratch  # type: ignore[no-any-return]


def _message(
    key: str, default: Optional[str], table: Optional[str], comment: Optional[str]
) -> _ffi.Message:
    """A lokale_message. The ctypes structure keeps the encoded bytes alive with it."""
    message = _ffi.Message()
    message.version = _ffi.MESSAGE_VERSION
    encoded = _encode(key, "key")
    message.key = encoded
    message.key_len = len(encoded)
    if table is not None:
        encoded = _encode(table, "table")
        message.table = encoded
        message.table_len = len(encoded)
    if default is not None:
        encoded = _encode(default, "default")
        message.default_value = encoded
        message.default_len = len(encoded)
    if comment is not None:
        encoded = _encode(comment, "comment")
        message.comment = encoded
        message.comment_len = len(encoded)
    return message


_INT64_MIN = -(2**63)
_INT64_MAX = 2**63 - 1
_UINT64_MAX = 2**64 - 1


def _check_arg(index: int, value: Any) -> None:
    """Raises TypeError for an argument that cannot be passed (bool, or an unknown type)."""
    if isinstance(value, bool):
        raise TypeError(
            f"argument {index + 1}: bool is not a format argument; pass int(value) or a str"
        )
    if isinstance(value, (str, decimal.Decimal, numbers.Integral, numbers.Real)):
        return
    raise TypeError(
        f"argument {index + 1}: {type(value).__name__} is not a format argument "
        "(int, float, str or decimal.Decimal)"
    )


_ARG_SIZE = ctypes.sizeof(_ffi.Arg)
_ARG_VALUE = _ffi.Arg.value.offset
# A number argument written straight into a lokale_arg's bytes: type, padding, value.
_PACK_INT = struct.Struct(f"=i{_ARG_VALUE - 4}xq").pack_into
_PACK_UINT = struct.Struct(f"=i{_ARG_VALUE - 4}xQ").pack_into
_PACK_DOUBLE = struct.Struct(f"=i{_ARG_VALUE - 4}xd").pack_into


def _put_arg(array: "ctypes.Array[_ffi.Arg]", view: memoryview, index: int, value: Any) -> None:
    """Writes argument ``index`` into a lokale_arg array (``view``: its bytes). Exact int, float
    and str take the short way; other numbers are converted, bool and other types refused. A str's
    encoded bytes stay referenced by the array (ctypes keeps what a c_char_p field points to)."""
    kind = type(value)
    if kind is not int and kind is not float and kind is not str:
        _check_arg(index, value)
        if isinstance(value, (str, decimal.Decimal)):
            value = value if isinstance(value, str) else format(value, "f")
        elif isinstance(value, numbers.Integral):
            value = int(value)
        else:
            value = float(value)
        kind = type(value)
    offset = index * _ARG_SIZE
    if kind is int:
        if _INT64_MIN <= value <= _INT64_MAX:
            _PACK_INT(view, offset, _ffi.ARG_INT, value)
        elif 0 <= value <= _UINT64_MAX:
            _PACK_UINT(view, offset, _ffi.ARG_UINT, value)
        else:
            raise OverflowError(
                f"argument {index + 1}: {value} does not fit in 64 bits; pass it as a str"
            )
    elif kind is float:
        _PACK_DOUBLE(view, offset, _ffi.ARG_DOUBLE, value)
    else:
        encoded = value.encode("utf-8")
        slot = array[index]
        slot.type = _ffi.ARG_STRING
        slot.value.s.ptr = encoded
        slot.value.s.len = len(encoded)


def _args(values: Sequence[Any]) -> Optional["ctypes.Array[_ffi.Arg]"]:
    """A new lokale_arg array for values (None for none)."""
    if not values:
        return None
    array = (_ffi.Arg * len(values))()
    view = memoryview(array).cast("B")
    for index, value in enumerate(values):
        _put_arg(array, view, index, value)
    return array


# ------------------------------------------------------------------------------------------------
# Module-level functions
# ------------------------------------------------------------------------------------------------


def library_path() -> str:
    """The path of the loaded ``liblokale`` (loading it if needed)."""
    return _lib().path


def library_version() -> str:
    """The C library's version string (``lokale_version()``), e.g. ``"0.1.0"``."""
    return (_lib().lokale_version() or b"").decode("ascii", "replace")


def table_format_version() -> int:
    """The major version of the compiled-table format the library reads."""
    return int(_lib().lokale_table_format_version())


def display_name(language: str, in_language: Optional[str] = None) -> str:
    """The display name of ``language`` for a language picker, from ICU: in ``in_language``, or
    in the language itself when ``in_language`` is None.

    >>> display_name("de")
    'Deutsch'
    >>> display_name("de", "fr")
    'allemand'
    """
    lib = _lib()
    return _fill_text(
        lib.lokale_language_display_name,
        _encode(language, "language"),
        _optional(in_language, "in_language"),
    )


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


class _Generation:
    """Without the accelerator: its ``Generation`` in Python. Counts the changes of a runtime that
    can alter a lookup's answer, for the bundles' memos (see :class:`_Memo`): the library calls
    the change callback registered here (first, so before the user's), and the runtime bumps it
    for the changes that run no callback. Each change stores a value never stored before
    (``itertools.count`` is atomic under the GIL), so a memo that saw an older value notices."""

    __slots__ = ("value", "callback_id", "_counter", "_thunk")

    def __init__(self, lib: _ffi.Library, runtime_handle: int) -> None:
        self._counter = itertools.count(1)
        self.value = 0
        counter = self._counter

        def changed(_payload: Optional[int], _runtime: Optional[int]) -> None:
            self.value = next(counter)

        self._thunk = _ffi.ChangeCallback(changed)  # kept alive until the callback is removed
        cid = c_uint64(0)
        _check(lib.lokale_runtime_add_callback(byref(cid), runtime_handle, self._thunk, None))
        self.callback_id = cid.value

    def bump(self) -> None:
        self.value = next(self._counter)


_MEMO_LIMIT = 100_000  # entries; the memo starts over when it would grow past this (as the accelerator's)


class _Memo:
    """Without the accelerator: a bundle's remembered plain lookups (no default, table or
    comment) — key -> text for ``string``, key -> (text, step) for ``lookup`` — valid for one value
    of its runtime's :class:`_Generation`: what the accelerator's memo does in C, and what gettext's
    catalog dict is. A repeated lookup then costs a dict probe instead of a foreign call."""

    __slots__ = ("texts", "pairs", "seen", "generation")

    def __init__(self, generation: _Generation) -> None:
        self.texts: Dict[str, str] = {}
        self.pairs: Dict[str, Tuple[str, int]] = {}
        self.generation = generation
        self.seen = generation.value


def _free_runtime(
    lib: _ffi.Library, handle: int, callbacks: Dict[int, Any], retired: List[Any], generation: Any
) -> None:
    if generation is not None:  # the memos' change counter (kept alive until here)
        lib.lokale_runtime_remove_callback(handle, generation.callback_id)
    for cid in list(callbacks):
        lib.lokale_runtime_remove_callback(handle, cid)
    lib.lokale_runtime_free(handle)
    callbacks.clear()
    retired.clear()


# ------------------------------------------------------------------------------------------------
# Runtime
# ------------------------------------------------------------------------------------------------


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
        lib = _lib()
        _init_speedups(lib)
        self._lib = lib
        self._strategy = _enum_value(Strategy, strategy, "strategy")
        self._fallback = _enum_value(Fallback, fallback, "fallback")
        self._device = _enum_value(Device, device, "device")
        self._settings_path: Optional[str] = (
            None if settings_path is None else os.fspath(settings_path)
        )
        options = _ffi.RuntimeOptions()
        _check(lib.lokale_runtime_options_init(byref(options)))
        languages = self._language_array(preferred_languages)
        if languages is not None:
            options.preferred_languages, options.preferred_count = languages
        options.strategy = int(self._strategy)
        options.fallback_policy = int(self._fallback)
        options.device = int(self._device)
        if self._settings_path is not None:
            options.settings_path = os.fsencode(self._settings_path)
        handle = c_void_p()
        _check(lib.lokale_runtime_new(byref(handle), byref(options)))
        created = _non_null(handle, "lokale_runtime_new")
        # The accelerator's count of changes that can alter lookups (None without it): its change
        # callback is registered first, so it runs before the user's callbacks.
        try:
            self._generation: Any = (
                _speedups.watch(created) if _speedups is not None else _Generation(lib, created)
            )
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

    @staticmethod
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
        encoded = [_encode(item, "language") for item in items]
        array = (ctypes.c_char_p * max(len(encoded), 1))(*encoded)
        return array, len(encoded)

    def _bump(self) -> None:
        """Tells the bundles' memos that lookups may answer differently now."""
        generation = self._generation
        if generation is not None:
            generation.bump()

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
        return _split(_fill_text(self._lib.lokale_runtime_preferred_languages, self._h()))

    @preferred_languages.setter
    def preferred_languages(self, languages: Union[Iterable[str], str, None]) -> None:
        self.set_preferred_languages(languages)

    def set_preferred_languages(self, languages: Union[Iterable[str], str, None]) -> None:
        """Replaces the preferred languages; None re-reads the environment. Every bundle of the
        runtime follows at once, and the change callbacks run before this returns."""
        handle = self._h()
        converted = self._language_array(languages)
        array, count = converted if converted is not None else (None, 0)
        status = self._changed(
            lambda: self._lib.lokale_runtime_set_preferred_languages(handle, array, count)
        )
        _reraise_pending()
        _check(status)

    @property
    def language(self) -> Optional[str]:
        """The in-app language, or None when the system preferences apply. Assigning calls
        :meth:`set_language`."""
        text = _fill_text(self._lib.lokale_runtime_language, self._h())
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
        :class:`lokale.IOError` when the choice applies but could not be stored.
        """
        handle = self._h()
        encoded = _optional(language, "language")
        status = self._changed(lambda: self._lib.lokale_runtime_set_language(handle, encoded))
        _reraise_pending()
        _check(status, self._settings_path if status == _errors.EIO else None)

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
        value = _enum_value(Device, device, "device")
        _check(self._lib.lokale_runtime_set_device(self._h(), int(value)))
        self._bump()
        self._device = value

    @property
    def fallback(self) -> Fallback:
        """The fallback policy for missing keys (assignable)."""
        self._h()
        return self._fallback

    @fallback.setter
    def fallback(self, fallback: Union[str, int, Fallback]) -> None:
        value = _enum_value(Fallback, fallback, "fallback")
        _check(self._lib.lokale_runtime_set_fallback_policy(self._h(), int(value)))
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
        text = _fill_text(self._lib.lokale_runtime_diagnostics, self._h())
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

        thunk = _ffi.ChangeCallback(trampoline)
        cid = c_uint64(0)
        with self._lock:
            _check(self._lib.lokale_runtime_add_callback(byref(cid), handle, thunk, None))
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
        if status == _errors.ENOTFOUND:
            return False
        _check(status)
        return entry is not None

    # -- bundles ----------------------------------------------------------------------------------

    def open(
        self, path: PathLike, main: bool = False, verify: bool = False, loading: str = "auto"
    ) -> "Bundle":
        """Opens the compiled bundle (``.lokale``) at ``path``.

        ``main``: the application's bundle, which framework bundles follow; at most one per
        runtime (:class:`StateError` otherwise) and the one whose in-app language is restored.
        The runtime keeps its main bundle open (see :attr:`main_bundle`) until it is closed.
        ``verify``: also verify the payload checksum (reads the whole file).
        ``loading``: ``"auto"`` reads files up to 1 MiB into memory and maps larger ones;
        ``"copy"`` always reads (immune to programs that rewrite the file in place); ``"map"``
        always maps. :meth:`Bundle.reload` loads the same way.
        Raises :class:`NotFound` (a FileNotFoundError), :class:`CorruptTable`,
        :class:`UnsupportedVersion` or :class:`lokale.IOError`.
        """
        fspath = os.fspath(path)
        if not isinstance(fspath, str):
            fspath = os.fsdecode(fspath)
        modes = {"auto": 0, "copy": _ffi.OPEN_COPY, "map": _ffi.OPEN_MAP}
        if loading not in modes:
            raise ValueError(f"lokale: loading must be one of {', '.join(modes)}, not {loading!r}")
        flags = (_ffi.OPEN_MAIN if main else 0) | (_ffi.OPEN_VERIFY if verify else 0) | modes[loading]
        handle = c_void_p()
        status = self._lib.lokale_bundle_open(
            byref(handle), self._h(), os.fsencode(fspath), flags
        )
        if main:
            self._bump()  # framework bundles follow it; a stored in-app language may be restored
        _check(status, fspath)
        bundle = Bundle._create(self, _non_null(handle, "lokale_bundle_open"), fspath, bool(main))
        with self._lock:
            self._bundles = [ref for ref in self._bundles if _live(ref)]
            self._bundles.append(weakref.ref(bundle))
            if main:
                self._main = bundle
        return bundle

    @property
    def main_bundle(self) -> Optional["Bundle"]:
        """The open main bundle of this runtime, if any."""
        bundle = self._main
        return bundle if bundle is not None and not bundle.closed else None

    def bundle(self, identifier: str) -> "Bundle":
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

    def resolve(self, message: "Message") -> str:
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


def _live(ref: "weakref.ref[Bundle]") -> bool:
    bundle = ref()
    return bundle is not None and not bundle.closed


# ------------------------------------------------------------------------------------------------
# Bundle
# ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class LookupResult:
    """The text of a lookup and the row of the fallback contract that answered it."""

    text: str
    step: Step

    def __str__(self) -> str:
        return self.text


def _borrowed(function: Callable[..., int], handle: int) -> str:
    ptr = c_void_p()
    _check(function(byref(ptr), handle))
    return ctypes.string_at(ptr.value).decode("utf-8", "replace") if ptr.value else ""


class Bundle:
    """A compiled bundle (``.lokale``), opened with :meth:`Runtime.open`.

    Lookups are thread-safe and never take a Python-side lock; ``close()`` (or leaving a ``with``
    block) must not race with lookups on other threads.
    """

    __slots__ = (
        "_lib",
        "_handle",
        "_finalizer",
        "_lock",
        "_fast",
        "_memo",
        "_handle_arg",
        "runtime",
        "path",
        "is_main",
        "identifier",
        "development_localization",
        "localizations",
        "__weakref__",
    )

    _lib: _ffi.Library
    _handle: Optional[int]
    _finalizer: "weakref.finalize[Any, Any]"
    _lock: threading.Lock
    _fast: Any
    _memo: Optional[_Memo]
    _handle_arg: Optional[c_void_p]
    runtime: Runtime
    path: str
    is_main: bool
    identifier: str
    development_localization: str
    localizations: Tuple[str, ...]

    def __init__(self) -> None:
        raise TypeError("open bundles with lokale.Runtime.open(path)")

    @classmethod
    def _create(cls, runtime: Runtime, handle: int, path: str, main: bool) -> "Bundle":
        self = object.__new__(cls)
        lib = runtime._lib
        self._lib = lib
        self._handle = handle
        self._finalizer = weakref.finalize(self, lib.lokale_bundle_free, handle)
        self._lock = threading.Lock()
        self._handle_arg = c_void_p(handle)  # for the pure-Python lookup (see _ffi.lookup_by_address)
        self._fast = _speedups.memo(handle, runtime._generation) if _speedups is not None else None
        self._memo = _Memo(runtime._generation) if _speedups is None else None
        self.runtime = runtime
        self.path = path
        self.is_main = main
        try:
            self._read_facts(handle)
        except BaseException:
            self._finalizer()
            raise
        return self

    def _read_facts(self, handle: int) -> None:
        lib = self._lib
        self.identifier = _borrowed(lib.lokale_bundle_identifier, handle)
        self.development_localization = _borrowed(lib.lokale_bundle_development_localization, handle)
        names = ctypes.POINTER(c_void_p)()
        count = c_size_t(0)
        _check(lib.lokale_bundle_localizations(byref(names), byref(count), handle))
        self.localizations = tuple(
            ctypes.string_at(names[i]).decode("utf-8", "replace") for i in range(count.value)
        )

    def reload(self, force: bool = False, verify: bool = False) -> bool:
        """Loads the bundle's file again if it changed since it was loaded (a new file renamed
        over it, as ``lokale compile`` does, or another size or modification time); ``force``
        reloads anyway, ``verify`` checks the new file's payload checksum.

        Returns whether a new version was loaded. Lookups on other threads may run meanwhile;
        each finishes on the version it started with, and remembered lookups are forgotten (the
        runtime's change callbacks run). On error (:class:`NotFound`, :class:`CorruptTable`, …)
        the bundle keeps answering from the version it had.
        """
        flags = (_ffi.RELOAD_FORCE if force else 0) | (_ffi.RELOAD_VERIFY if verify else 0)
        reloaded = c_int(0)
        with self._lock:
            handle = self._h()
            _check(self._lib.lokale_bundle_reload(byref(reloaded), handle, flags), self.path)
            if reloaded.value:
                self._read_facts(handle)
        return bool(reloaded.value)

    # -- lifetime ---------------------------------------------------------------------------------

    @property
    def closed(self) -> bool:
        """Whether :meth:`close` was called."""
        return self._handle is None

    def _h(self) -> int:
        handle = self._handle
        if handle is None:
            raise ClosedError(f"lokale: the bundle {self.path!r} is closed")
        return handle

    def close(self) -> None:
        """Closes the bundle (idempotent); later use raises :class:`ClosedError`."""
        with self._lock:
            if self._handle is None:
                return
            self._handle = None
            fast, self._fast = self._fast, None
            self._memo = None
            self._handle_arg = None
        if fast is not None:
            fast.close()
        self._finalizer()
        if self.is_main:
            self.runtime._bump()  # framework bundles stop following it

    def __enter__(self) -> "Bundle":
        self._h()
        return self

    def __exit__(self, *exc_info: Any) -> None:
        self.close()

    def __repr__(self) -> str:
        state = " closed" if self._handle is None else ""
        main = " main" if self.is_main else ""
        return f"<lokale.Bundle {self.identifier!r}{main} {self.path!r}{state}>"

    # -- facts ------------------------------------------------------------------------------------

    @property
    def preferred_localizations(self) -> List[str]:
        """The bundle's ordered localizations for the runtime's current languages (Apple's
        ``preferredLocalizations`` and the fallbacks, ending with the development localization)."""
        return _split(_fill_text(self._lib.lokale_bundle_preferred_localizations, self._h()))

    # -- lookups ----------------------------------------------------------------------------------

    def _lookup_raw(
        self, key: str, default: Optional[str], table: Optional[str], comment: Optional[str]
    ) -> Tuple[str, int]:
        """A lookup through ctypes (the path used without the accelerator): (text, step value)."""
        handle = self._handle_arg
        if handle is None:
            self._h()  # raises ClosedError
        s = _scratch()
        if s.formatting:  # called from an argument's conversion inside a format on this thread
            s = _Scratch()
        s.prepare(key, default, table, comment)
        status = self._lib.lookup_by_address(s.text_at, s.length_at, s.step_at, handle, s.message_at)
        if status:
            _raise(status)
        n = s.length.value
        # The text is NUL-terminated (a table's value, or our own bytes): c_char_p reads it up to
        # the NUL in C; string_at (another foreign call) only for text that holds a NUL itself.
        value = s.text.value or b""
        if len(value) != n:
            value = ctypes.string_at(ctypes.cast(s.text, c_void_p).value, n) if n else b""
        return value.decode("utf-8", "replace"), s.step.value

    def _remembered(
        self, key: str, default: Optional[str], table: Optional[str], comment: Optional[str], text: bool
    ) -> Any:
        """A lookup without the accelerator — its text when ``text``, else (text, step) — from the
        bundle's memo when it is plain, else through ctypes (remembered when plain)."""
        memo = self._memo
        plain = default is None and table is None and comment is None and type(key) is str
        if memo is None or not plain:
            pair = self._lookup_raw(key, default, table, comment)
            return pair[0] if text else pair
        now = memo.generation.value
        if now != memo.seen:
            memo.texts.clear()
            memo.pairs.clear()
            memo.seen = now
        remembered: Dict[str, Any] = memo.texts if text else memo.pairs
        hit = remembered.get(key)
        if hit is not None:
            return hit
        pair = self._lookup_raw(key, None, None, None)
        value = pair[0] if text else pair
        # Kept only if nothing changed during the call (ctypes releases the GIL for it): an answer
        # from the languages of before must not be remembered for the generation after.
        if memo.generation.value == now and memo.seen == now:
            if len(remembered) >= _MEMO_LIMIT:
                remembered.clear()
            remembered[key] = value
        return value

    def _lookup_ctypes(
        self,
        key: str,
        default: Optional[str] = None,
        table: Optional[str] = None,
        comment: Optional[str] = None,
    ) -> LookupResult:
        """:meth:`lookup` through ctypes, never remembered (the reference the tests compare with)."""
        text, step = self._lookup_raw(key, default, table, comment)
        return LookupResult(text, _STEPS[step])

    def _lookup_pure(
        self,
        key: str,
        default: Optional[str] = None,
        table: Optional[str] = None,
        comment: Optional[str] = None,
    ) -> LookupResult:
        """:meth:`lookup` without the accelerator: the memo, then ctypes."""
        text, step = self._remembered(key, default, table, comment, False)
        return LookupResult(text, _STEPS[step])

    if _speedups is not None:

        def lookup(
            self,
            key: str,
            default: Optional[str] = None,
            table: Optional[str] = None,
            comment: Optional[str] = None,
        ) -> LookupResult:
            text, step = _speedups_lookup(self._fast or self._h(), key, default, table, comment)
            return LookupResult(text, Step(step))

        def string(
            self,
            key: str,
            default: Optional[str] = None,
            table: Optional[str] = None,
            comment: Optional[str] = None,
        ) -> str:
            return _speedups_string(self._fast or self._h(), key, default, table, comment)

    else:
        lookup = _lookup_pure

        def string(
            self,
            key: str,
            default: Optional[str] = None,
            table: Optional[str] = None,
            comment: Optional[str] = None,
        ) -> str:
            memo = self._memo  # the memo's hit, inline: one Python frame fewer
            if (
                memo is not None
                and memo.seen == memo.generation.value
                and type(key) is str
                and default is None
                and table is None
                and comment is None
            ):
                hit = memo.texts.get(key)
                if hit is not None:
                    return hit
            return self._remembered(key, default, table, comment, True)  # type: ignore[no-any-return]

    lookup.__doc__ = """Looks ``key`` up without formatting: the text and the :class:`Step` that answered.

        ``table``: None is ``"Localizable"``. ``default``: shown when the lookup fails (None or
        ``""``: the key shows). ``comment`` is for translators and extraction only. A message with
        variants yields its "other" text; use :meth:`format` to choose a variant.
        """
    string.__doc__ = """The localized text of ``key`` (see :meth:`lookup`), without formatting."""

    def _format_ctypes(
        self,
        key: str,
        *args: Arg,
        default: Optional[str] = None,
        table: Optional[str] = None,
        comment: Optional[str] = None,
    ) -> str:
        """:meth:`format` through ctypes: the thread's message, arguments and buffer, passed by
        address to a function without argtypes (see _ffi.Library.format_by_address)."""
        handle = self._handle_arg
        if handle is None:
            self._h()  # raises ClosedError
        s = _scratch()
        if s.formatting:
            # Called again on this thread while converting an argument (an int subclass's __int__,
            # say): the thread's scratch is in use, so this call gets its own.
            s = _Scratch()
        s.formatting = True
        try:
            return self._format_in(s, handle, key, args, default, table, comment)
        finally:
            s.formatting = False

    def _format_in(
        self, s: _Scratch, handle: c_void_p, key: str, args: Tuple[Any, ...],
        default: Optional[str], table: Optional[str], comment: Optional[str],
    ) -> str:
        s.prepare(key, default, table, comment)
        count = len(args)
        if count == 0:
            array_at: Optional[c_void_p] = None
        elif count <= _SCRATCH_ARGS:
            for index, value in enumerate(args):
                _put_arg(s.args, s.args_view, index, value)
            array_at = s.args_at
        else:
            array = _args(args)
            array_at = c_void_p(ctypes.addressof(array))
        size = _COUNTS[count] if count <= _SCRATCH_ARGS else c_size_t(count)
        fmt = self._lib.format_by_address
        buffer, buffer_at, capacity = s.buffer, s.buffer_at, _SCRATCH_BYTES
        while True:
            size_arg = _CAPACITY if capacity == _SCRATCH_BYTES else c_size_t(capacity)
            status = fmt(buffer_at, size_arg, s.needed_at, handle, s.message_at, array_at, size)
            needed = s.needed.value
            if status == _errors.OK:
                value = buffer.value
                if len(value) != needed:  # the text holds a NUL itself
                    value = buffer.raw[:needed]
                return value.decode("utf-8", "replace")
            if status == _errors.ETRUNCATED and needed >= capacity:
                # The result may grow again in between (another thread changed the language).
                capacity = needed + 1
                buffer = ctypes.create_string_buffer(capacity)
                buffer_at = c_void_p(ctypes.addressof(buffer))
                continue
            _raise(status)

    if _speedups is not None:

        def format(
            self,
            key: str,
            *args: Arg,
            default: Optional[str] = None,
            table: Optional[str] = None,
            comment: Optional[str] = None,
        ) -> str:
            # Exact int, float and str arguments in C; anything else: NotImplemented, then ctypes.
            text = _speedups_format(self._fast or self._h(), key, args, default, table, comment)
            if text is not NotImplemented:
                return text  # type: ignore[no-any-return]
            return self._format_ctypes(key, *args, default=default, table=table, comment=comment)

    else:
        format = _format_ctypes

    format.__doc__ = """Looks ``key`` up, chooses its plural and device variants, and formats it with ``args``.

        Arguments are typed: int, float, str, or :class:`decimal.Decimal` (passed as its text,
        so ``Decimal("1.0")`` keeps the visible fraction digit that plural rules read). bool is
        refused (TypeError). A specifier without its argument stays visible in the text.
        """

    def explain(
        self,
        key: str,
        *args: Arg,
        default: Optional[str] = None,
        table: Optional[str] = None,
        comment: Optional[str] = None,
    ) -> Dict[str, Any]:
        """Explains a lookup: the bundle, the table, the languages negotiated against, the ordered
        localizations with the reason for each, which localization's table was read
        (``tableLocalization``), which served (``served``), the ``step`` (``"translation"``,
        ``"later-preference"``, ``"development"``, ``"default"``, ``"key"``), the formatted
        ``result`` and any ``problems``. The parsed JSON of ``lokale_bundle_explain``."""
        message = _message(key, default, table, comment)
        array = _args(args)
        raw = _fill(self._lib.lokale_bundle_explain, self._h(), byref(message), array, len(args))
        result: Dict[str, Any] = json.loads(raw.decode("utf-8", "replace"))
        return result

    def resolve(self, message: "Message") -> str:
        """Resolves a deferred :class:`Message` in this bundle: formatted with its arguments when
        it has any, else looked up (as :meth:`string`)."""
        if not isinstance(message, Message):
            raise TypeError(f"expected a lokale.Message, not {type(message).__name__}")
        if message.args:
            return self.format(
                message.key,
                *message.args,
                default=message.default,
                table=message.table,
                comment=message.comment,
            )
        return self.string(message.key, message.default, message.table, message.comment)


# ------------------------------------------------------------------------------------------------
# Message
# ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Message:
    """A deferred message (Apple's ``LocalizedStringResource``): what to look up, what to show
    when the lookup fails, and the typed arguments, resolved only at display time by
    :meth:`Bundle.resolve` or :meth:`Runtime.resolve`.

    ``bundle``: the :class:`Bundle` or bundle identifier the message belongs to; None means the
    main bundle when resolved through a runtime.
    """

    key: str
    default: Optional[str] = None
    table: Optional[str] = None
    bundle: Union[Bundle, str, None] = field(default=None, compare=False)
    comment: Optional[str] = None
    args: Tuple[Arg, ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.key, str):
            raise TypeError(f"key must be str, not {type(self.key).__name__}")
        for name in ("default", "table", "comment"):
            value = getattr(self, name)
            if value is not None and not isinstance(value, str):
                raise TypeError(f"{name} must be str or None, not {type(value).__name__}")
        if self.bundle is not None and not isinstance(self.bundle, (Bundle, str)):
            raise TypeError(
                f"bundle must be a Bundle, a bundle identifier or None, not {type(self.bundle).__name__}"
            )
        args = tuple(self.args)
        for index, value in enumerate(args):
            _check_arg(index, value)
        object.__setattr__(self, "args", args)

    def with_args(self, *args: Arg) -> "Message":
        """A copy of this message with these arguments."""
        return Message(self.key, self.default, self.table, self.bundle, self.comment, args)

    def resolve(self, where: Union[Bundle, Runtime]) -> str:
        """``where.resolve(self)``."""
        return where.resolve(self)
