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
"""

from __future__ import annotations

from typing import Any, Callable, List, NoReturn

__all__ = ["Guard", "Release", "raise_closed"]


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
