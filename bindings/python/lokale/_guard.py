"""Closing a C handle safely while other threads may be inside the library with it.

ctypes releases the GIL during every foreign call, so without care a ``close()`` on one thread
frees a runtime or bundle under a call running on another (the library then reads freed memory:
a crash, or worse). lokale.h makes that the caller's error, as ``sqlite3_close`` does with pending
statements; the binding is that caller, and keeps the rule for its users:

- every call that passes a handle to the library is counted while it is inside (:meth:`Guard.enter`
  before, :meth:`Guard.leave` after);
- :meth:`Guard.close` marks the handle closed, so calls that have not entered yet raise
  :class:`~lokale.ClosedError`, and frees it at once when no call is inside, else leaves that to the
  last call to leave. Nothing waits, so a close from inside a call of the same thread (a change
  callback that closes its runtime) cannot deadlock.

The count is a list (``append`` and ``pop`` are atomic, and a call's entry is made before it reads
``closed``, so either close() sees the entry or the call sees ``closed``). The ctypes backend's
memo inlines the same steps on its hot path; the C accelerator keeps them in its memo, in C.

A runtime or bundle that is collected, or still open at exit, is closed by its :class:`Finalizer`
(what ``weakref.finalize`` does, without importing :mod:`weakref`).
"""

from __future__ import annotations

import _weakref  # weakref.ref itself, without the weakref module's start-up cost
import sys

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, Dict, List, NoReturn

__all__ = ["Guard", "Release", "Finalizer", "raise_closed"]


class Release:
    """``function(*args)``, called at most once however many threads ask (``list.pop`` is
    atomic): what frees a handle."""

    __slots__ = ("_pending",)

    def __init__(self, function: Callable[..., Any], *args: Any) -> None:
        self._pending = [(function, args)]

    def __call__(self) -> None:
        try:
            function, args = self._pending.pop()
        except IndexError:  # done already
            return
        function(*args)

    @property
    def done(self) -> bool:
        return not self._pending


def raise_closed(what: str) -> NoReturn:
    from ._errors import ClosedError

    raise ClosedError(f"lokale: {what} is closed")


class Guard:
    """The calls inside the library with one handle (``address``), and its release once closed.

    ``with guard as handle:`` enters and leaves; ``release`` frees the handle (a :class:`Release`);
    ``on_closed`` raises :class:`~lokale.ClosedError`."""

    __slots__ = ("address", "active", "closed", "release", "on_closed")

    def __init__(self, address: int, release: Callable[[], None], on_closed: Callable[[], NoReturn]) -> None:
        self.address = address
        self.active: List[None] = []  # one entry per call inside the library
        self.closed = False
        self.release = release
        self.on_closed = on_closed

    def enter(self) -> int:
        """Counts a call about to pass the handle to the library, and returns the handle; raises
        ClosedError (counting nothing) once closed."""
        self.active.append(None)
        if self.closed:
            self.leave()
            self.on_closed()
        return self.address

    def leave(self) -> None:
        """The call has returned; the last one out after close() frees the handle."""
        active = self.active
        active.pop()
        if self.closed and not active:
            self.release()

    def close(self) -> None:
        """Refuses new calls; frees the handle now when no call is inside, else when the last
        one leaves. Idempotent."""
        self.closed = True
        if not self.active:
            self.release()

    def __enter__(self) -> int:
        return self.enter()

    def __exit__(self, *exc_info: Any) -> None:
        self.leave()


# The finalizers not yet called, in the order they were made, each with the weak reference to its
# owner (which calls it when the owner is collected): they are kept alive here.
_pending: Dict[Finalizer, Any] = {}
_at_exit_registered = False


class Finalizer:
    """``weakref.finalize(owner, function)``: ``function()`` runs at most once, when the finalizer
    is called (``close()``), when ``owner`` is collected, or at interpreter exit for those still
    pending (the most recent first, exceptions reported through ``sys.excepthook``), whichever
    comes first. Whoever pops it from ``_pending`` (atomic) runs it."""

    __slots__ = ("_function",)

    def __init__(self, owner: object, function: Callable[[], object]) -> None:
        global _at_exit_registered
        self._function = function
        _pending[self] = _weakref.ref(owner, self._collected)
        if not _at_exit_registered:
            import atexit

            _at_exit_registered = True
            atexit.register(_at_exit)

    def __call__(self) -> None:
        if _pending.pop(self, None) is not None:
            self._function()

    @property
    def alive(self) -> bool:
        """Whether ``function`` has not run yet."""
        return self in _pending

    def _collected(self, _ref: object) -> None:
        self()


def _at_exit() -> None:
    for finalizer in reversed(list(_pending)):
        try:
            finalizer()
        except Exception as exc:
            sys.excepthook(type(exc), exc, exc.__traceback__)
