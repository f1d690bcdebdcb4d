"""The C library's status codes (:class:`Status`) and the exceptions they are raised as."""

from __future__ import annotations

import builtins
import enum
import errno
from typing import Dict, Optional, Type

__all__ = [
    "Status",
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
]


class Status(enum.IntEnum):
    """The status codes of ``include/lokale.h``, named as there without the ``LOKALE_`` prefix
    (a test checks each name against ``lokale_status_name()``)."""

    OK = 0
    ERROR = -1
    """An unexpected failure."""
    EINVAL = -2
    """A bad argument: NULL, a bad length, a malformed value."""
    EIO = -3
    """A file could not be read or mapped."""
    ECORRUPT = -4
    """A compiled table is damaged or not a compiled table."""
    EVERSION = -5
    """A compiled table of an unsupported format version."""
    ENOTFOUND = -6
    """A file that does not exist."""
    ETRUNCATED = -7
    """The output buffer was too small (handled inside the binding, never raised)."""
    EFORMAT = -8
    """A format string could not be used."""
    ENOMEM = -9
    """Out of memory."""
    ESTATE = -10
    """Not possible in the current state (e.g. a second main bundle)."""
    ERANGE = -11
    """A format argument outside what its specifier prints (2**63 for ``%lld``)."""


class Error(Exception):
    """Base class of every exception raised by :mod:`lokale`.

    ``status`` is the C status code (a negative int, a :class:`Status` value) when the error came
    from the library, ``None`` when the binding raised it itself; ``status_name`` its name
    (``"LOKALE_EINVAL"``).
    """

    status: Optional[int] = None
    status_name: Optional[str] = None

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


_BY_STATUS: Dict[int, Type[Error]] = {
    Status.EINVAL: InvalidArgument,
    Status.EIO: FileError,
    Status.ECORRUPT: CorruptTable,
    Status.EVERSION: UnsupportedVersion,
    Status.ENOTFOUND: NotFound,
    Status.EFORMAT: FormatError,
    Status.ENOMEM: OutOfMemory,
    Status.ESTATE: StateError,
    Status.ERANGE: OutOfRange,
}


def error_for(status: int, message: str, status_name: str, filename: Optional[str] = None) -> Error:
    """The exception for a failed call: its class chosen by ``status``."""
    cls = _BY_STATUS.get(status, Error)
    text = message or status_name
    exc = cls(text)
    exc.status = status
    exc.status_name = status_name
    if isinstance(exc, builtins.OSError):
        if filename is not None:
            exc.filename = filename
        exc.errno = errno.ENOENT if status == Status.ENOTFOUND else errno.EIO
        exc.strerror = text
    return exc
