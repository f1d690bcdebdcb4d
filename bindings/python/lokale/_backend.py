"""The backend of the hot paths, chosen once at import (as python-zstandard picks its C or CFFI
backend): ``_backend_speedups`` (the C accelerator ``lokale._speedups``) when it was built, else
``_backend_ctypes``; ``LOKALE_PURE_PYTHON=1`` forces ctypes.

A backend is a module with the names of :class:`Backend` (a Protocol, declared for type checkers
only: ``import lokale`` does not import :mod:`typing`). :class:`~lokale.Bundle` and
:class:`~lokale.Runtime` are written once against it: a runtime ``watch``es its changes through a
:class:`Generation`, each bundle gets a :class:`Memo` over its handle, and ``string``, ``lookup``
and ``format`` take that memo. The memo and the generation live in the backend (in C, or in
Python for ctypes): plain lookups (an exact str key; no default, table or comment) are remembered
per bundle until the generation moves on, those in a request's languages (a :class:`Request`, which a
:class:`~lokale.Languages` holds) per bundle and list. Everything else (opening, reloading, languages,
callbacks, explain) goes through ctypes in both cases.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (it costs start-up time)
if TYPE_CHECKING:  # the interfaces, for type checkers only (typing.Protocol)
    from collections.abc import Callable
    from typing import Any, NoReturn, Optional, Protocol, Tuple

    from ._library import Library

    class Generation(Protocol):
        """A runtime's count of the changes that can alter a lookup's answer. ``watch`` registers a
        change callback (first, so before the user's) that moves it on; the runtime calls ``bump``
        for the changes that run no callback (main bundle opened or closed, device, fallback
        policy) and removes the callback ``callback_id`` before it frees the C runtime."""

        @property
        def value(self) -> int: ...

        @property
        def callback_id(self) -> int: ...

        def bump(self) -> None: ...

    class Memo(Protocol):
        """A bundle's handle for the hot paths, with its remembered plain lookups (valid for one
        value of its runtime's :class:`Generation`), and the bundle's
        :class:`~lokale._guard.Guard`: every call that passes the handle to the library is counted
        while it is inside (``enter`` returns the handle, ``leave`` ends the call; ``string``,
        ``lookup`` and ``format`` do it themselves). ``close`` refuses new calls (they raise
        ClosedError) and calls ``release`` (which frees the handle) at once when no call is
        inside, else when the last one leaves."""

        def enter(self) -> int: ...

        def leave(self) -> None: ...

        def close(self) -> None: ...

        def size(self) -> int: ...

    class Request(Protocol):
        """A request's languages as ``string``, ``lookup`` and ``format`` take them: the handle of a
        :class:`~lokale.Languages` (borrowed: the caller keeps the Languages alive for the call)
        and a serial number, never reused in the process, that keys its answers in the memos."""

        @property
        def handle(self) -> int: ...

        @property
        def serial(self) -> int: ...

    class Backend(Protocol):
        """What a backend module provides. ``string``, ``lookup`` and ``format`` take a memo that
        this backend's ``memo`` made (and ``memo`` a generation of its ``watch``), and languages
        that its ``request`` made: hence ``Any`` there."""

        ACCELERATED: bool
        """Whether this is the C accelerator."""

        def attach(self, lib: Library) -> None:
            """Binds the backend to the loaded library (called by every new Runtime; idempotent)."""

        def watch(self, runtime_handle: int) -> Generation:
            """A new generation of the runtime (a change callback registered on it)."""

        def memo(self, bundle_handle: int, generation: Any, release: Callable[[], None],
                 on_closed: Callable[[], NoReturn]) -> Memo:
            """A new memo of the bundle, valid for the generation of its runtime; ``release``
            frees the handle (called once, when the memo is closed and no call is inside),
            ``on_closed`` raises ClosedError."""

        def request(self, languages_handle: int) -> Request:
            """The :class:`Request` of a new :class:`~lokale.Languages`."""

        def bind_context(self, var: Any) -> None:
            """From now on, ``string``, ``lookup`` and ``format`` given no languages read ``var``
            (the ContextVar of ``Runtime.use_languages``: a flat tuple of (Generation, Request,
            Languages) entries, innermost last) and take the Request of the innermost entry of the
            memo's generation (the bundle's runtime), if any."""

        def string_method(self, function: Callable[..., str], memo_slot: Any) -> Any:
            """What the Bundle class holds as ``string``: ``function`` (the Python method) through
            the class; through a bundle, a callable as fast as this backend can make it that
            answers as ``function`` does and keeps the bundle alive (``memo_slot``: the class's
            ``_memo`` slot). The ctypes backend returns ``function`` itself."""

        def string(self, memo: Any, key: str, default: Optional[str] = None,
                   table: Optional[str] = None, comment: Optional[str] = None,
                   languages: Optional[Any] = None) -> str:
            """The text of a lookup (``lokale_bundle_lookup``); ``languages``: a request's (its
            plain lookups remembered per bundle and list, as the runtime's per bundle); None: those
            of the context (``bind_context``), else the runtime's."""

        def lookup(self, memo: Any, key: str, default: Optional[str] = None,
                   table: Optional[str] = None, comment: Optional[str] = None,
                   languages: Optional[Any] = None) -> Tuple[str, int]:
            """The text of a lookup and its step value."""

        def format(self, memo: Any, key: str, args: Tuple[Any, ...], default: Optional[str],
                   table: Optional[str], comment: Optional[str], locale: Optional[str] = None,
                   languages: Optional[Any] = None) -> str:
            """A formatted lookup (``lokale_bundle_format``); ``args`` are checked and converted
            as ``_args.pack_args`` does; ``locale`` (None: the served localization's) writes the
            numbers."""


__all__ = ["BACKEND", "PURE_PYTHON_ENV", "accelerated"]  # and, for type checkers, the Protocols

PURE_PYTHON_ENV = "LOKALE_PURE_PYTHON"


def _choose() -> Backend:
    if os.environ.get(PURE_PYTHON_ENV, "") not in ("", "0"):
        from . import _backend_ctypes

        return _backend_ctypes
    try:
        from . import _backend_speedups
    except ImportError:  # not built (no compiler), or not CPython
        from . import _backend_ctypes

        return _backend_ctypes
    return _backend_speedups


BACKEND: Backend = _choose()


def accelerated() -> bool:
    """Whether :meth:`Bundle.string`, :meth:`Bundle.lookup` and :meth:`Bundle.format` use the C
    accelerator (``lokale._speedups``) rather than ctypes. Set ``LOKALE_PURE_PYTHON=1`` to force
    ctypes."""
    return BACKEND.ACCELERATED
