"""A request's languages (servers): :class:`Languages`, :func:`parse_accept_language`, and the
context variable behind :meth:`Runtime.use_languages`.

One runtime and one open bundle each serve every request: a lookup given ``languages=`` (or made
inside ``with runtime.use_languages(...)``) answers what a runtime with those preferred languages
would, while the runtime's own languages and in-app language stay as they are. Each bundle works out
its localizations once per distinct list and keeps them (bounded, in the library), so a lookup with
a list costs about one without.
"""

from __future__ import annotations

import ctypes
from ctypes import byref, c_size_t, c_void_p

from ._args import encode
from ._library import Library, check, fill_text, library, non_null, split

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (milliseconds of start-up)
if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator
    from contextvars import ContextVar
    from typing import Any, Dict, Optional, Tuple, Union

__all__ = ["Languages", "parse_accept_language"]

REMEMBERED = 1024  # distinct lists a runtime keeps a Languages for (LOKALE_LANGUAGES_REMEMBERED)


class Languages:
    """A request's preferred languages, most preferred first, made by :meth:`Runtime.languages`
    (or given as a list to ``languages=``, which makes one). Immutable, shareable between
    threads and tasks; the library's handle is freed when the object is collected (a call using it
    holds a reference, so never under a call)."""

    __slots__ = ("list", "_handle", "_lib")

    list: tuple[str, ...]
    """The languages as given."""

    def __init__(self) -> None:
        raise TypeError("make a request's languages with runtime.languages([...])")

    @classmethod
    def _create(cls, lib: Library, runtime_handle: int, languages: Tuple[str, ...]) -> Languages:
        encoded = [encode(language, "language") for language in languages]
        array = (ctypes.c_char_p * max(len(encoded), 1))(*encoded)
        handle = c_void_p()
        check(lib.lokale_languages_new(byref(handle), runtime_handle, array, len(encoded)))
        self = object.__new__(cls)
        self._lib = lib
        self._handle = non_null(handle, "lokale_languages_new")
        self.list = languages
        return self

    def __del__(self) -> None:
        handle = getattr(self, "_handle", None)
        if handle is not None:
            self._handle = None
            self._lib.lokale_languages_free(handle)

    def __iter__(self) -> Iterator[str]:
        return iter(self.list)

    def __len__(self) -> int:
        return len(self.list)

    def __repr__(self) -> str:
        return f"lokale.Languages({list(self.list)!r})"


def remembered(cache: Dict[Tuple[str, ...], Languages], lib: Library, runtime_handle: int,
               languages: Union[Languages, Iterable[str], str]) -> Languages:
    """The :class:`Languages` for ``languages`` (a list, a tuple, a comma-separated str, or one
    already made), from ``cache`` (a runtime's, the last :data:`REMEMBERED` distinct lists) or new."""
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
    if len(cache) >= REMEMBERED:
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
    lib = library()
    return split(fill_text(lambda dst, capacity, needed: lib.lokale_parse_accept_language(
        dst, capacity, needed, None, data, len(data))))


# The context variable of use_languages, made on first use (contextvars is not imported by a
# program that never serves requests): (runtime, Languages) pairs, innermost last.
_request: Optional[ContextVar[Tuple[Tuple[Any, Languages], ...]]] = None


def request_var() -> ContextVar[Tuple[Tuple[Any, Languages], ...]]:
    global _request
    if _request is None:
        from contextvars import ContextVar

        _request = ContextVar("lokale_request_languages", default=())
    return _request


def current(runtime: Any) -> Optional[Languages]:
    """The languages ``use_languages`` bound for ``runtime`` in the current context, if any."""
    if _request is None:
        return None
    for owner, languages in reversed(_request.get()):
        if owner is runtime:
            return languages
    return None


class UseLanguages:
    """The context manager of :meth:`Runtime.use_languages`: binds the languages for the runtime's
    bundles in the current context (thread or asyncio task) until it exits."""

    __slots__ = ("_runtime", "languages", "_token")

    def __init__(self, runtime: Any, languages: Languages) -> None:
        self._runtime = runtime
        self.languages = languages
        self._token: Any = None

    def __enter__(self) -> Languages:
        var = request_var()
        self._token = var.set(var.get() + ((self._runtime, self.languages),))
        return self.languages

    def __exit__(self, *exc_info: Any) -> None:
        request_var().reset(self._token)
