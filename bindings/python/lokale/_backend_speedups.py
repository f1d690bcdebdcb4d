"""The accelerated backend (see ``_backend``): ``lokale._speedups`` (``_speedups.c``), which keeps
the bundles' memos and the runtimes' generations in C and calls ``lokale_bundle_lookup`` and
``lokale_bundle_format`` directly. It also loads the library (``_library.native``) and makes the
calls of a program's start (a runtime, a bundle and its facts, their frees), so that a program
that only looks messages up never imports ctypes. Importing this module fails (ImportError) when
the accelerator was not built. The ctypes backend is imported only for the first format whose
arguments the accelerator hands back (``_format_fallback``)."""

from __future__ import annotations

import _thread
import sys

from . import _library, _speedups
from ._abi import LANGUAGES_REMEMBERED, MEMO_LIMIT, MESSAGE_VERSION
from ._library import raise_status
from ._speedups import (Generation, Memo, Request, bind_context, bundle_facts, bundle_free, bundle_open, format,
                        init, lookup, memo, remove_callback, request, runtime_free, runtime_new, string,
                        string_method, watch)

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, Optional, Tuple

    from ._library import Library

__all__ = ["ACCELERATED", "attach", "runtime_new", "runtime_free", "remove_callback", "bundle_open", "bundle_facts",
           "bundle_free", "watch", "memo", "request", "bind_context", "string_method", "string", "lookup", "format",
           "Generation", "Memo", "Request"]

ACCELERATED = True

# The accelerator loads the library (before any load: ``import lokale`` chooses the backend first).
_library.native = _speedups

_attached = False
_lock = _thread.allocate_lock()  # threading.Lock(), without importing threading
_format_at: Optional[Callable[..., str]] = None  # _backend_ctypes.format_at, once imported


def _format_fallback(memo: Memo, key: str, args: Tuple[Any, ...], default: Optional[str],
                     table: Optional[str], comment: Optional[str], locale: Optional[str] = None,
                     languages: Optional[Any] = None) -> str:
    """What ``_speedups.format`` calls for arguments it does not convert itself (anything but an
    exact int, float or str, or more than 16 of them): the ctypes path, which converts or refuses
    them with its own errors. ctypes releases the GIL, so the call counts itself in the memo's
    guard (a close() meanwhile leaves the freeing to it)."""
    global _format_at
    format_at = _format_at
    if format_at is None:
        from . import _backend_ctypes  # attaches itself to the library, loaded by now

        format_at = _format_at = _backend_ctypes.format_at
    handle = memo.enter()
    try:
        from ctypes import c_void_p  # imported with the ctypes backend

        # The Request's handle (an int handle, given to _speedups.format directly, as it is).
        return format_at(c_void_p(handle), key, args, default, table, comment, locale,
                         getattr(languages, "handle", languages))
    finally:
        memo.leave()


def attach(lib: "Library") -> None:
    """Hands the accelerator, which loaded the library, how to raise a failed status, and _abi's
    values it uses (the message version, the memos' bounds), which it does not repeat."""
    global _attached
    if _attached:
        return
    with _lock:
        if _attached:
            return
        # The ctypes backend, when a program imported it before the library was loaded (a test
        # calling its lookup_at); imported later, it attaches itself.
        ctypes_backend = sys.modules.get(f"{__package__}._backend_ctypes")
        if ctypes_backend is not None and hasattr(ctypes_backend, "attach"):
            ctypes_backend.attach(lib)
        init(
            raise_status,
            _format_fallback,
            MESSAGE_VERSION,
            MEMO_LIMIT,
            LANGUAGES_REMEMBERED,
        )
        _attached = True
