"""A runtime's change callbacks (:meth:`Runtime.on_change`): their registration through ctypes and
their removal (the :class:`~lokale.Subscription` they give is ``_runtime``'s). Imported by the first
call that registers or removes one: a program that never watches for changes never imports it. An
exception a callback raises is reported by ``_errors`` and never reaches C."""

from __future__ import annotations

import _weakref  # weakref.ref, without the weakref module's start-up cost

from ._abi import ENOTFOUND
from ._backend import BACKEND
from ._errors import ClosedError, report_callback_error
from ._library import check

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (it costs start-up time)
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, Optional

    from ._runtime import Runtime

__all__ = ["add", "remove"]


def add(runtime: Runtime, callback: Callable[[Runtime], object]) -> int:
    """:meth:`Runtime.on_change`: registers ``callback`` through a ctypes trampoline that keeps any
    exception from unwinding into C; returns its id."""
    from ctypes import byref, c_uint64

    from ._cdecl import ChangeCallback

    runtime_ref = _weakref.ref(runtime)

    def trampoline(_payload: Optional[int], _runtime: Optional[int]) -> None:
        try:
            target = runtime_ref()
            if target is not None:
                callback(target)
        except BaseException as exc:  # nothing may unwind into C
            report_callback_error(callback, exc)

    thunk = ChangeCallback(trampoline)
    cid = c_uint64(0)
    with runtime._guard as handle, runtime._lock:
        check(runtime._lib.lokale_runtime_add_callback(byref(cid), handle, thunk, None))
        runtime._callbacks[cid.value] = (thunk, callback)
    return cid.value


def remove(runtime: Runtime, cid: int) -> bool:
    """Unregisters callback ``cid``; False when it was not registered. Its trampoline is kept
    while a change in progress may still be calling it (``Runtime._changed``)."""
    with runtime._lock:
        if runtime._handle is None:
            return False
        try:
            handle = runtime._guard.enter()
        except ClosedError:
            return False
        try:
            status = BACKEND.remove_callback(handle, cid)
        finally:
            runtime._guard.leave()
        entry = runtime._callbacks.pop(cid, None)
        if entry is not None and runtime._changing:
            runtime._retired.append(entry)  # a change in progress may still be calling it
    if status == ENOTFOUND:
        return False
    check(status)
    return entry is not None
