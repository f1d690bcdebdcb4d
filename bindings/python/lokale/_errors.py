"""Exceptions raised by the binding, mapped from the C library's status codes."""

from __future__ import annotations

import builtins
import errno as _errno
from typing import Dict, Optional, Type

__all__ = [
    "Error",
    "LibraryNotFound",
    "ClosedError",
    "InvalidArgument",
    "IOError",
    "NotFound",
    "CorruptTable",
    "UnsupportedVersion",
    "FormatError",
    "OutOfMemory",
    "StateError",
    "CallbackWarning",
]

# Status codes of include/lokale.h.
OK = 0
ERROR = -1
EINVAL = -2
EIO = -3
ECORRUPT = -4
EVERSION = -5
ENOTFOUND = -6
ETRUNCATED = -7
EFORMAT = -8
ENOMEM = -9
ESTATE = -10


class Error(Exception):
    """Base class of every exception raised by :mod:`lokale`.

    ``status`` is the C status code (``LOKALE_E*``, a negative int) when the error came from the
    library, ``None`` when the binding raised it itself; ``status_name`` its name
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


class IOError(Error, builtins.OSError):  # noqa: A001 - mirrors LOKALE_EIO; not exported by ``*``
    """``LOKALE_EIO``: a file could not be read, mapped or written.

    Also an :class:`OSError`. Note that :meth:`lokale.Runtime.set_language` raises it when the new
    language could not be *stored*; the change itself stays in effect.
    """


class NotFound(IOError, builtins.FileNotFoundError):
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


class CallbackWarning(RuntimeWarning):
    """A language-change callback raised; the exception was reported, not propagated into C."""


_BY_STATUS: Dict[int, Type[Error]] = {
    EINVAL: InvalidArgument,
    EIO: IOError,
    ECORRUPT: CorruptTable,
    EVERSION: UnsupportedVersion,
    ENOTFOUND: NotFound,
    EFORMAT: FormatError,
    ENOMEM: OutOfMemory,
    ESTATE: StateError,
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
        exc.errno = _errno.ENOENT if status == ENOTFOUND else _errno.EIO
        exc.strerror = text
    return exc
