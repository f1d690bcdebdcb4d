"""A request's languages (servers): :class:`Languages`, :func:`parse_accept_language`, and the
context variable behind :meth:`Runtime.use_languages`.

One runtime and one open bundle each serve every request: a lookup given ``languages=`` (or made
inside ``with runtime.use_languages(...)``) answers what a runtime with those preferred languages
would, while the runtime's own languages and in-app language stay as they are. Each bundle works out
its localizations once per distinct list and keeps them (bounded, in the library), so a lookup with
a list costs about one without; and as the runtime's, the answers of plain lookups in a list are
remembered per bundle and list (the backend's memo, keyed by the list's :class:`Request`), until
the runtime changes (a reload, the main bundle, its languages).

The context variable of ``use_languages`` (made by the first block: a program that serves no
requests does not import :mod:`contextvars`) holds a flat tuple of (runtime's Generation, Request,
Languages) entries, innermost last; ``()`` outside any block. The backend reads it (once bound,
:func:`request_var`) in a lookup given no languages, and takes the innermost entry of the bundle
memo's own generation, that is of the bundle's runtime: in C for the accelerator, so that
``Bundle.string(key)`` is one call into the backend in and out of blocks.
"""

from __future__ import annotations

from ._abi import LANGUAGES_REMEMBERED
from ._args import encode
from ._backend import BACKEND
from ._library import Library, check, library, non_null, split

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (it costs start-up time)
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Iterator
    from contextvars import ContextVar
    from typing import Any, Dict, List, Optional, Tuple, Union

    from ._backend import Request

__all__ = ["Languages", "parse_accept_language"]


class Languages:
    """A request's preferred languages, most preferred first, made by :meth:`Runtime.languages`
    (or given as a list to ``languages=``, which makes one). Immutable, shareable between
    threads and tasks; the library's handle is freed when the object is collected (a call using it
    holds a reference, so never under a call)."""

    __slots__ = ("list", "_handle", "_free", "_request")

    list: tuple[str, ...]
    """The languages as given."""
    if TYPE_CHECKING:
        _handle: Optional[int]  # freed by __del__ (None after)
        _free: Callable[[int], None]  # lokale_languages_free
        _request: Request  # what lookups take: the handle (borrowed) and a serial (see _backend)

    def __init__(self) -> None:
        raise TypeError("make a request's languages with runtime.languages([...])")

    @classmethod
    def _create(cls, lib: Library, runtime_handle: int, languages: Tuple[str, ...]) -> Languages:
        from ctypes import byref, c_void_p

        from ._ccall import language_array

        array, count = language_array([encode(language, "language") for language in languages])
        handle = c_void_p()
        check(lib.lokale_languages_new(byref(handle), runtime_handle, array, count))
        self = object.__new__(cls)
        # Declared now (a ctypes function is declared on first use, importing _cdecl): __del__ may
        # run at the interpreter's exit, when nothing can be imported any more.
        self._free = lib.lokale_languages_free
        self._handle = made = non_null(handle, "lokale_languages_new")
        self.list = languages
        self._request = BACKEND.request(made)
        return self

    def __del__(self) -> None:
        handle = getattr(self, "_handle", None)
        if handle is not None:
            self._handle = None
            self._free(handle)

    def __iter__(self) -> Iterator[str]:
        return iter(self.list)

    def __len__(self) -> int:
        return len(self.list)

    def __repr__(self) -> str:
        return f"lokale.Languages({list(self.list)!r})"


def remembered(cache: Dict[Tuple[str, ...], Languages], lib: Library, runtime_handle: int,
               languages: Union[Languages, Iterable[str], str]) -> Languages:
    """The :class:`Languages` for ``languages`` (a list, a tuple, a comma-separated str, or one
    already made), from ``cache`` (a runtime's: the last ``LANGUAGES_REMEMBERED`` distinct lists,
    as the library keeps) or new."""
    if type(languages) is Languages:
        return languages
    if isinstance(languages, str):
        key = tuple(part.strip() for part in languages.split(",") if part.strip())
    else:
        key = tuple(languages)
    try:
        return cache[key]
    except KeyError:
        pass
    for language in key:
        if type(language) is not str:
            raise TypeError(f"languages must be str, not {type(language).__name__}")
    made = Languages._create(lib, runtime_handle, key)
    if len(cache) >= LANGUAGES_REMEMBERED:
        try:  # the oldest (dicts keep insertion order); another thread may have removed it
            del cache[next(iter(cache))]
        except (KeyError, StopIteration, RuntimeError):
            pass
    cache[key] = made
    return made


def parse_accept_language(header: str | bytes) -> list[str]:
    """The language ranges of an HTTP ``Accept-Language`` header (RFC 9110), most preferred first:
    ordered by q-value (equal ones in the header's order), without ``q=0`` ranges, the wildcard
    ``*``, repeats and malformed parts, which are skipped without affecting the rest. Never raises
    for a bad header (one of nothing usable gives ``[]``); headers longer than 64 KiB give ``[]``.

    >>> parse_accept_language("da, en-gb;q=0.8, en;q=0.7")
    ['da', 'en-gb', 'en']
    """
    if isinstance(header, str):
        data = header.encode("utf-8", "surrogateescape")
    elif isinstance(header, (bytes, bytearray, memoryview)):
        data = bytes(header)
    else:
        raise TypeError(f"header must be str or bytes, not {type(header).__name__}")
    if len(data) > 65536:
        return []
    from ._ccall import fill_text

    lib = library()
    return split(fill_text(lambda dst, capacity, needed: lib.lokale_parse_accept_language(
        dst, capacity, needed, None, data, len(data))))


# The context variable of use_languages, made on first use (contextvars is not imported by a
# program that never serves requests): (Generation, Request, Languages) entries, flat, innermost last.
_request: Optional[ContextVar[Tuple[Any, ...]]] = None


def request_var() -> ContextVar[Tuple[Any, ...]]:
    global _request
    if _request is None:
        from contextvars import ContextVar

        var: ContextVar[Tuple[Any, ...]] = ContextVar("lokale_request_languages", default=())
        BACKEND.bind_context(var)  # lookups given no languages read it from now on
        _request = var
    return _request


def bound_to(bound: Tuple[Any, ...], runtime: Any) -> Optional[Languages]:
    """The languages ``bound`` (the context variable's value) holds for ``runtime``, if any: the
    innermost block's."""
    generation = runtime._generation
    for i in range(len(bound) - 3, -1, -3):
        if bound[i] is generation:
            languages: Languages = bound[i + 2]
            return languages
    return None


def current(runtime: Any) -> Optional[Languages]:
    """The languages ``use_languages`` bound for ``runtime`` in the current context, if any."""
    if _request is None:
        return None
    return bound_to(_request.get(), runtime)


def for_runtime(runtime: Any, languages: Union[Languages, Iterable[str], str]) -> Languages:
    """:meth:`Runtime.languages`: the runtime's remembered object for an equal list, or a new one."""
    if type(languages) is Languages:
        return languages
    key = tuple(languages) if type(languages) in (list, tuple) else None
    if key is not None:
        try:
            return runtime._requests[key]  # type: ignore[no-any-return]  # no call into the library
        except (KeyError, TypeError):
            pass
    with runtime._guard as handle:
        return remembered(runtime._requests, runtime._lib, handle, languages)


class UseLanguages:
    """The context manager of :meth:`Runtime.use_languages`: binds the languages for the runtime's
    bundles in the current context (thread or asyncio task) until it exits."""

    __slots__ = ("languages", "_entry", "_token")

    def __init__(self, runtime: Any, languages: Languages) -> None:  # (Runtime.use_languages: inline)
        self.languages = languages
        self._entry = (runtime._generation, languages._request, languages)  # see _request

    def __enter__(self) -> Languages:
        var = _request
        if var is None:
            var = request_var()
        self._token = var.set(var.get() + self._entry)
        return self.languages

    def __exit__(self, exc_type: Any, exc: Any, traceback: Any) -> None:
        var: Any = _request  # made by __enter__
        var.reset(self._token)
