"""The ctypes backend (see ``_backend``): lookups and formats through ctypes, with the bundles'
memos and the runtimes' generations in Python. Also what the C accelerator hands a format back to
when an argument is not an exact int, float or str (:func:`format_at`).

Each thread reuses one set of ctypes objects (a message, the out-parameters, an argument array, an
output buffer), passed to the library by address through functions declared without argtypes
(``Library.lookup_by_address``, ``format_by_address``): no ctypes object is made per call.
"""

from __future__ import annotations

import _thread
import _weakref  # weakref.ref, without the weakref module's start-up cost
import ctypes
import itertools
from ctypes import byref, c_char_p, c_int, c_size_t, c_uint64, c_void_p

from ._abi import ETRUNCATED, LANGUAGES_REMEMBERED, MEMO_LIMIT, OK
from ._cdecl import ChangeCallback, lokale_runtime_options
from ._ccall import borrowed
from ._guard import Guard
from ._packing import ArgArray, MessageFields, pack_args
from . import _library
from ._library import check, library, raise_status

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    import weakref
    from collections.abc import Callable
    from typing import Any, Dict, List, NoReturn, Optional, Set, Tuple

    from ._library import Library

__all__ = ["ACCELERATED", "attach", "runtime_new", "runtime_free", "remove_callback", "bundle_open", "bundle_facts",
           "bundle_free", "watch", "memo", "request", "bind_context", "string_method", "string", "lookup", "format",
           "lookup_at", "format_at", "Generation", "Memo", "Request", "MEMO_LIMIT", "LISTS_LIMIT"]

ACCELERATED = False

# The library's lookup, text and format, without argtypes (set by attach()).
_lookup_by_address: Any = None
_text_by_address: Any = None
_format_by_address: Any = None


def attach(lib: "Library") -> None:
    global _lookup_by_address, _text_by_address, _format_by_address
    _lookup_by_address = lib.lookup_by_address
    _text_by_address = lib.text_by_address
    _format_by_address = lib.format_by_address


# ------------------------------------------------------------------------------------------------
# A program's start: the runtime and its bundles (the accelerator makes these calls in C)
# ------------------------------------------------------------------------------------------------


def runtime_new(languages: Optional[List[bytes]], strategy: int, fallback: int, device: int,
                settings_path: Optional[bytes]) -> Tuple[int, int]:
    lib = library()
    options = lokale_runtime_options()
    status = lib.lokale_runtime_options_init(byref(options))
    if status != OK:
        return status, 0
    if languages is not None:  # a list, even an empty one (no preferences); None reads the environment
        options.preferred_languages = (c_char_p * max(len(languages), 1))(*languages)
        options.preferred_count = len(languages)
    options.strategy, options.fallback_policy, options.device = strategy, fallback, device
    options.settings_path = settings_path
    handle = c_void_p()
    status = lib.lokale_runtime_new(byref(handle), byref(options))
    return status, handle.value or 0


def runtime_free(handle: int) -> None:
    library().lokale_runtime_free(handle)


def remove_callback(runtime_handle: int, callback_id: int) -> int:
    return int(library().lokale_runtime_remove_callback(runtime_handle, callback_id))


def bundle_open(runtime_handle: int, path: bytes, flags: int) -> Tuple[int, int]:
    handle = c_void_p()
    status = library().lokale_bundle_open(byref(handle), runtime_handle, path, flags)
    return status, handle.value or 0


def bundle_facts(handle: int) -> Tuple[str, str, Tuple[str, ...]]:
    lib = library()
    identifier = borrowed(lib.lokale_bundle_identifier, handle)
    development = borrowed(lib.lokale_bundle_development_localization, handle)
    names = ctypes.POINTER(c_void_p)()
    count = c_size_t(0)
    check(lib.lokale_bundle_localizations(byref(names), byref(count), handle))
    return identifier, development, tuple(
        ctypes.string_at(names[i]).decode("utf-8", "replace") for i in range(count.value))


def bundle_free(handle: int) -> None:
    library().lokale_bundle_free(handle)


# ------------------------------------------------------------------------------------------------
# Generation and memo
# ------------------------------------------------------------------------------------------------


class Generation:
    """A runtime's change count (see ``_backend.Generation``). Unlike the accelerator's memos,
    which compare the count on every lookup, these are emptied by the change itself (a memo hit
    is then one dict probe): each change first stores a value never stored before
    (``itertools.count`` is atomic under the GIL), then empties the memos of the runtime. A lookup
    keeps its answer only if the value did not move during its library call, so an answer from
    the languages of before is either never stored or emptied with the rest."""

    __slots__ = ("value", "callback_id", "memos", "_counter", "_thunk")

    def __init__(self, runtime_handle: int) -> None:
        self._counter = itertools.count(1)
        self.value = 0
        # The memos of the runtime's open bundles, weakly (list() of a set is atomic under the GIL,
        # unlike iterating a WeakSet while another thread opens a bundle).
        self.memos: Set["weakref.ref[Memo]"] = set()
        bump = self.bump

        def changed(_payload: Optional[int], _runtime: Optional[int]) -> None:
            bump()

        self._thunk = ChangeCallback(changed)  # kept alive until the callback is removed
        cid = c_uint64(0)
        check(library().lokale_runtime_add_callback(byref(cid), runtime_handle, self._thunk, None))
        self.callback_id = cid.value

    def bump(self) -> None:
        self.value = next(self._counter)
        for ref in list(self.memos):
            memo = ref()
            if memo is not None:
                memo.forget()


def watch(runtime_handle: int) -> Generation:
    return Generation(runtime_handle)


# MEMO_LIMIT: entries of a memo, as the accelerator's (which, when the entries it filled up with
# answered fewer lookups than they missed, also goes without its memo for the next 2 * MEMO_LIMIT
# lookups: counting hits would cost this path's hits more than it saves).
LISTS_LIMIT = LANGUAGES_REMEMBERED  # requests' dicts in a memo, as the accelerator's
_serials = itertools.count(1)  # of Requests (next() is atomic under the GIL)


class Request:
    """A request's languages as the lookups take them (see ``_backend.Request``): the handle of a
    :class:`~lokale.Languages` (borrowed) and a serial number that keys its answers in the memos."""

    __slots__ = ("handle", "pointer", "serial")

    def __init__(self, languages_handle: int) -> None:
        if not languages_handle:
            raise ValueError("request: NULL languages handle")
        self.handle = languages_handle
        self.pointer = c_void_p(languages_handle)  # what text_by_address takes
        self.serial = next(_serials)


def request(languages_handle: int) -> Request:
    return Request(languages_handle)


# The context variable of Runtime.use_languages, once made (see bind_context).
_context: Any = None


def bind_context(var: Any) -> None:
    """Lookups given no languages read ``var`` from now on: a flat tuple of (Generation, Request,
    Languages) entries, innermost last; the innermost of the memo's generation gives the Request
    (see ``_languages``)."""
    global _context
    _context = var


def _bound(bound: Tuple[Any, ...], generation: Generation) -> Optional[Request]:
    """The Request of the innermost entry of ``generation`` in ``bound``, if any."""
    for i in range(len(bound) - 3, -1, -3):
        if bound[i] is generation:
            found: Request = bound[i + 1]
            return found
    return None


class Memo(Guard):
    """A bundle's handle and remembered plain lookups: key -> text for ``string``, key ->
    (text, step) for ``lookup``, emptied by every change of its generation (what the
    accelerator's memo does in C, and what gettext's catalog dict is); those of requests'
    languages in ``lists`` and ``list_pairs``, by the :class:`Request`'s serial (the same dicts).

    Also the bundle's :class:`~lokale._guard.Guard`: a call that releases the GIL in the library
    (a format) counts itself in ``active`` (inline below), and the handle is freed only once the
    memo is closed and no call is inside; lookups hold the GIL and only check ``closed`` first."""

    __slots__ = ("handle", "generation", "texts", "pairs", "lists", "list_pairs", "list_entries", "_ref",
                 "__weakref__")

    def __init__(self, bundle_handle: int, generation: Generation, release: Callable[[], None],
                 on_closed: Callable[[], NoReturn]) -> None:
        Guard.__init__(self, bundle_handle, release, on_closed)
        self.handle = c_void_p(bundle_handle)  # what lookup_by_address takes
        self.generation = generation
        self.texts: Dict[str, str] = {}
        self.pairs: Dict[str, Tuple[str, int]] = {}
        self.lists: Dict[int, Dict[str, str]] = {}
        self.list_pairs: Dict[int, Dict[str, Tuple[str, int]]] = {}
        self.list_entries = 0  # in the dicts of lists and list_pairs (about: threads may race)
        self._ref = _weakref.ref(self, generation.memos.discard)
        generation.memos.add(self._ref)

    def forget(self) -> None:
        """Drops every remembered answer (a change of the generation, or close())."""
        self.texts.clear()
        self.pairs.clear()
        self.lists.clear()
        self.list_pairs.clear()
        self.list_entries = 0

    def close(self) -> None:
        self.generation.memos.discard(self._ref)
        self.forget()
        Guard.close(self)

    def size(self) -> int:
        return len(self.texts) + len(self.pairs) + self.list_entries


def memo(bundle_handle: int, generation: Generation, release: Callable[[], None],
         on_closed: Callable[[], NoReturn]) -> Memo:
    if not isinstance(generation, Generation):
        raise TypeError("memo(bundle_handle, generation, release, on_closed)")
    return Memo(bundle_handle, generation, release, on_closed)


# ------------------------------------------------------------------------------------------------
# The thread's ctypes objects
# ------------------------------------------------------------------------------------------------

_SCRATCH_ARGS = 16  # format arguments written into the thread's array; more get an array of their own
_SCRATCH_BYTES = 512  # formatted output read from the thread's buffer; longer output gets its own
_COUNTS = tuple(c_size_t(n) for n in range(_SCRATCH_ARGS + 1))  # size_t arguments, made once
_CAPACITY = c_size_t(_SCRATCH_BYTES)
_OK = OK  # compared on every call
_ETRUNCATED = ETRUNCATED


class _Scratch:
    """One thread's message, lookup out-parameters, argument array and output buffer, with their
    addresses as c_void_p objects. A plain object reached through one thread-local attribute
    (each attribute of a threading.local subclass costs a per-thread dictionary switch)."""

    __slots__ = ("fields", "args", "text", "length", "step", "text_at", "length_at", "step_at",
                 "buffer", "buffer_at", "needed", "needed_at", "busy")

    def __init__(self) -> None:
        self.fields = MessageFields()
        self.args = ArgArray(_SCRATCH_ARGS)
        self.text = c_char_p()
        self.length = c_size_t(0)
        self.step = c_int(0)
        self.text_at = c_void_p(ctypes.addressof(self.text))
        self.length_at = c_void_p(ctypes.addressof(self.length))
        self.step_at = c_void_p(ctypes.addressof(self.step))
        self.buffer = ctypes.create_string_buffer(_SCRATCH_BYTES)
        self.buffer_at = c_void_p(ctypes.addressof(self.buffer))
        self.needed = c_size_t(0)
        self.needed_at = c_void_p(ctypes.addressof(self.needed))
        # A format is using it: converting an argument runs user code, which may call the library
        # again on this thread; such a call gets a scratch of its own.
        self.busy = False


_THREAD = _thread._local()  # threading.local, without importing threading


def _scratch() -> _Scratch:
    try:
        s: _Scratch = _THREAD.scratch
    except AttributeError:
        s = _THREAD.scratch = _Scratch()
    return s if not s.busy else _Scratch()


# ------------------------------------------------------------------------------------------------
# Lookups
# ------------------------------------------------------------------------------------------------


def lookup_at(handle: Optional[c_void_p], key: str, default: Optional[str], table: Optional[str],
              comment: Optional[str], languages: Optional[int] = None) -> Tuple[str, int]:
    """A lookup through ctypes, never remembered: (text, step value). The caller keeps ``handle``
    (its memo's guard) and ``languages`` (the object of that handle) alive meanwhile."""
    s = _scratch()
    s.fields.fill(key, default, table, comment, None, languages)
    status = _lookup_by_address(s.text_at, s.length_at, s.step_at, handle, s.fields.address)
    if status:
        raise_status(status)
    n = s.length.value
    # The text is NUL-terminated (a table's value, or our own bytes): c_char_p reads it up to the
    # NUL in C; string_at (another foreign call) only for text that holds a NUL itself.
    value = s.text.value or b""
    if len(value) != n:
        value = ctypes.string_at(ctypes.cast(s.text, c_void_p).value or 0, n) if n else b""
    return value.decode("utf-8", "replace"), s.step.value


def _remembered(memo: Memo, key: str, default: Optional[str], table: Optional[str],
                comment: Optional[str], text_only: bool, languages: Optional[Request] = None) -> Any:
    """A lookup's answer (its text when ``text_only``, else (text, step)) through ctypes, then
    remembered when it is plain (an exact str key; no default, table or comment) and the memo
    did not have it: in the memo's own dicts, or in those of ``languages``. The library is called
    with the GIL held (``Library.lookup_by_address``), so no close() can come during the call."""
    if memo.closed:
        memo.on_closed()
    now = memo.generation.value
    pair = lookup_at(memo.handle, key, default, table, comment, None if languages is None else languages.handle)
    value: Any = pair[0] if text_only else pair
    if default is None and table is None and comment is None and type(key) is str:
        _keep(memo, now, key, value, text_only, languages)
    return value


def _keep(memo: Memo, now: int, key: str, value: Any, text_only: bool, languages: Optional[Request]) -> None:
    """Remembers a plain lookup's answer, got while the memo's generation was ``now``: kept only
    if nothing changed during the call (ctypes releases the GIL for it; see Generation)."""
    generation = memo.generation
    if generation.value != now or memo.closed:
        return
    remembered: Dict[str, Any]
    if languages is None:
        remembered = memo.texts if text_only else memo.pairs
        if len(remembered) >= MEMO_LIMIT:
            remembered.clear()
    else:
        lists: Dict[int, Dict[str, Any]] = memo.lists if text_only else memo.list_pairs
        if memo.list_entries >= MEMO_LIMIT or len(lists) >= LISTS_LIMIT:
            memo.lists.clear()
            memo.list_pairs.clear()
            memo.list_entries = 0
        remembered = lists.setdefault(languages.serial, {})
        memo.list_entries += 1
    remembered[key] = value
    if generation.value != now:  # a change came between the check and the store: forget it
        remembered.pop(key, None)


def string(memo: Memo, key: str, default: Optional[str] = None, table: Optional[str] = None,
           comment: Optional[str] = None, languages: Optional[Request] = None) -> str:
    if languages is None and _context is not None and (bound := _context.get()):  # use_languages
        languages = bound[-2] if bound[-3] is memo.generation else _bound(bound, memo.generation)
        # (the Languages, whose handle the Request borrows, stays in the context for the call)
    if default is None and table is None and comment is None and type(key) is str:
        # The memo's hit, inline (one frame fewer; get(), as a miss would pay for a KeyError).
        remembered = memo.texts if languages is None else memo.lists.get(languages.serial)
        if remembered is not None:
            text = remembered.get(key)
            if text is not None:
                return text  # type: ignore[no-any-return]
        if "\0" not in key and not memo.closed:
            # A miss: lokale_bundle_text, one foreign call (the GIL held: no close() can come, and
            # a language change's callback, which empties the memo, runs after it), its text
            # back as bytes. None (NULL) for an error or a text holding a NUL: the general path
            # below raises or reads it.
            try:
                encoded = key.encode()
            except UnicodeEncodeError:  # a lone surrogate: the general path says so
                return _remembered(memo, key, default, table, comment, True, languages)  # type: ignore[no-any-return]
            now = memo.generation.value
            found = _text_by_address(memo.handle, encoded, None if languages is None else languages.pointer)
            if found is not None:
                try:
                    text = found.decode()  # without arguments: no codec name to look up
                except UnicodeDecodeError:  # (the table's text is UTF-8: not expected)
                    text = found.decode("utf-8", "replace")
                if remembered is memo.texts and len(remembered) < MEMO_LIMIT and memo.generation.value == now:
                    remembered[key] = text  # the common case of _keep, inline
                else:
                    _keep(memo, now, key, text, True, languages)
                return text
    return _remembered(memo, key, default, table, comment, True, languages)  # type: ignore[no-any-return]


def string_method(function: Callable[..., str], memo_slot: Any) -> Callable[..., str]:
    """Bundle.string as the backend calls it fastest: here the Python method itself."""
    return function


def lookup(memo: Memo, key: str, default: Optional[str] = None, table: Optional[str] = None,
           comment: Optional[str] = None, languages: Optional[Request] = None) -> Tuple[str, int]:
    if languages is None and _context is not None and (bound := _context.get()):  # as string()
        languages = bound[-2] if bound[-3] is memo.generation else _bound(bound, memo.generation)
    if default is None and table is None and comment is None and type(key) is str:
        try:
            return memo.pairs[key] if languages is None else memo.list_pairs[languages.serial][key]
        except KeyError:
            pass
    return _remembered(memo, key, default, table, comment, False, languages)  # type: ignore[no-any-return]


# ------------------------------------------------------------------------------------------------
# Formatting
# ------------------------------------------------------------------------------------------------


def format(memo: Memo, key: str, args: Tuple[Any, ...], default: Optional[str],
           table: Optional[str], comment: Optional[str], locale: Optional[str] = None,
           languages: Optional[Request] = None) -> str:
    if languages is None and _context is not None and (bound := _context.get()):  # as string()
        languages = bound[-2] if bound[-3] is memo.generation else _bound(bound, memo.generation)
    active = memo.active
    active.append(None)  # Guard.enter and leave, inline
    try:
        if memo.closed:
            memo.on_closed()
        return format_at(memo.handle, key, args, default, table, comment, locale,
                         None if languages is None else languages.handle)
    finally:
        active.pop()
        if memo.closed and not active:
            memo.release()


def format_at(handle: Optional[c_void_p], key: str, args: Tuple[Any, ...], default: Optional[str],
              table: Optional[str], comment: Optional[str], locale: Optional[str] = None,
              languages: Optional[int] = None) -> str:
    """A format through ctypes: the thread's message, arguments and buffer, by address. The
    caller keeps ``handle`` open meanwhile (its memo's guard)."""
    s = _scratch()
    s.busy = True
    try:
        s.fields.fill(key, default, table, comment, locale, languages)
        packed = pack_args(args, s.args)
        count = len(args)
        array_at = packed.address if packed is not None else None
        size = _COUNTS[count] if count <= _SCRATCH_ARGS else c_size_t(count)
        buffer, buffer_at, capacity = s.buffer, s.buffer_at, _SCRATCH_BYTES
        while True:
            size_arg = _CAPACITY if capacity == _SCRATCH_BYTES else c_size_t(capacity)
            status = _format_by_address(buffer_at, size_arg, s.needed_at, handle, s.fields.address,
                                        array_at, size)
            needed = s.needed.value
            if status == _OK:
                value = buffer.value
                if len(value) != needed:  # the text holds a NUL itself
                    value = buffer.raw[:needed]
                return value.decode("utf-8", "replace")
            if status == _ETRUNCATED and needed >= capacity:
                # The result may grow again in between (another thread changed the language).
                capacity = needed + 1
                buffer = ctypes.create_string_buffer(capacity)
                buffer_at = c_void_p(ctypes.addressof(buffer))
                continue
            raise_status(status)
    finally:
        s.busy = False


# Imported once the library is loaded (the accelerated backend imports this module for the first
# format it hands back): attached at once. Imported before, Runtime() attaches it (see attach).
if _library._library is not None:
    attach(_library._library)
