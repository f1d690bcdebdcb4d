"""The exceptions that the C library's status codes (:class:`lokale.Status`, in ``_enums``) are
raised as, and how an exception a change callback raises is reported (it never reaches C)."""

from __future__ import annotations

import _thread
import builtins

from ._abi import ENOTFOUND, STATUS

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any
else:

    def __getattr__(name: str) -> object:  # PEP 562: lokale._errors.Status, which pickles may name
        if name == "Status":
            from ._enums import Status

            return Status
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

__all__ = [
    "Error",
    "LibraryNotFound",
    "ClosedError",
    "InvalidArgument",
    "FileError",
    "NotFound",
    "CorruptTable",
    "UnsupportedVersion",
    "FormatError",
    "OutOfMemory",
    "StateError",
    "OutOfRange",
    "CallbackWarning",
    "error_for",
    "report_callback_error",
    "reraise_pending",
]


class Error(Exception):
    """Base class of every exception raised by :mod:`lokale`.

    ``status`` is the C status code (a negative int, a :class:`Status` value) when the error came
    from the library, ``None`` when the binding raised it itself; ``status_name`` its name
    (``"LOKALE_EINVAL"``).
    """

    status: int | None = None
    status_name: str | None = None

    def __str__(self) -> str:
        # The library's message as is (OSError would otherwise prefix "[Errno N]").
        return str(self.args[0]) if len(self.args) == 1 else super().__str__()


class LibraryNotFound(Error, ImportError):
    """``liblokale`` could not be found or loaded (see :func:`lokale.library_path`)."""


class ClosedError(Error, ValueError):
    """A :class:`~lokale.Runtime` or :class:`~lokale.Bundle` was used after ``close()``."""


class InvalidArgument(Error, ValueError):
    """``LOKALE_EINVAL``: a bad argument (a malformed language identifier, an unknown option...)."""


class FileError(Error, builtins.OSError):
    """``LOKALE_EIO``: a file could not be read, mapped or written.

    Also an :class:`OSError`. Note that :meth:`lokale.Runtime.set_language` raises it when the new
    language could not be *stored*; the change itself stays in effect.
    """


class NotFound(FileError, builtins.FileNotFoundError):
    """``LOKALE_ENOTFOUND``: a file that does not exist. Also a :class:`FileNotFoundError`."""


class CorruptTable(Error):
    """``LOKALE_ECORRUPT``: a compiled table is damaged or is not a compiled table."""


class UnsupportedVersion(Error):
    """``LOKALE_EVERSION``: a compiled table of a format version this library does not read."""


class FormatError(Error, ValueError):
    """``LOKALE_EFORMAT``: a format string could not be used."""


class OutOfMemory(Error, MemoryError):
    """``LOKALE_ENOMEM``."""


class StateError(Error, RuntimeError):
    """``LOKALE_ESTATE``: not possible in the current state (e.g. a second main bundle)."""


class OutOfRange(Error, builtins.OverflowError):
    """``LOKALE_ERANGE``: a format argument is a number outside what its specifier prints (2**63
    for ``%lld``, a negative for ``%llu``). Also an :class:`OverflowError`, as Python's ``%``
    raises for a number that does not fit."""


class CallbackWarning(RuntimeWarning):
    """A language-change callback raised; the exception was reported, not propagated into C."""


# By status value (plain ints, so that no enum is made at import).
_BY_STATUS: dict[int, type[Error]] = {
    STATUS[name]: cls
    for name, cls in (
        ("EINVAL", InvalidArgument),
        ("EIO", FileError),
        ("ECORRUPT", CorruptTable),
        ("EVERSION", UnsupportedVersion),
        ("ENOTFOUND", NotFound),
        ("EFORMAT", FormatError),
        ("ENOMEM", OutOfMemory),
        ("ESTATE", StateError),
        ("ERANGE", OutOfRange),
    )
}


def error_for(status: int, message: str, status_name: str, filename: str | None = None) -> Error:
    """The exception for a failed call: its class chosen by ``status``."""
    cls = _BY_STATUS.get(status, Error)
    text = message or status_name
    exc = cls(text)
    exc.status = status
    exc.status_name = status_name
    if isinstance(exc, builtins.OSError):
        if filename is not None:
            exc.filename = filename
        import errno

        exc.errno = errno.ENOENT if status == ENOTFOUND else errno.EIO
        exc.strerror = text
    return exc


# ------------------------------------------------------------------------------------------------
# Change callbacks
# ------------------------------------------------------------------------------------------------

_pending = _thread._local()  # threading.local, without importing threading


def report_callback_error(callback: Callable[..., Any], exc: BaseException) -> None:
    """Reports an exception raised by a change callback without letting it reach C."""
    if not isinstance(exc, Exception):
        # KeyboardInterrupt, SystemExit: re-raised once the C call has returned.
        if getattr(_pending, "exc", None) is None:
            _pending.exc = exc
        return
    message = f"lokale: change callback {callback!r} raised {type(exc).__name__}: {exc}"
    try:
        import warnings  # only on this failure path

        warnings.warn(message, CallbackWarning, stacklevel=2)
    except BaseException:  # warnings turned into errors: log instead, never propagate
        try:
            import logging  # only on this failure path: importing logging adds to start-up

            logging.getLogger("lokale").error(message, exc_info=exc)
        except BaseException:
            pass


def reraise_pending() -> None:
    """Raises the KeyboardInterrupt or SystemExit a callback of this thread raised, once the
    library's call that ran it has returned."""
    exc = getattr(_pending, "exc", None)
    if exc is not None:
        _pending.exc = None
        raise exc
