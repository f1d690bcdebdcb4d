"""Lokale for Python: Apple's localization contract over ``liblokale`` (standard-library ctypes).

>>> import lokale
>>> with lokale.Runtime(["de-AT", "en"], settings_path="") as runtime:   # doctest: +SKIP
...     app = runtime.open("App.lokale", main=True)
...     app.string("workspace.title", default="Workspace")
'Arbeitsbereich'

The library is found through ``LOKALE_LIBRARY``, then a ``liblokale.so`` inside this package,
then the Lokale checkout's ``build/lib`` (see :func:`library_path`). It is loaded on first use;
when it cannot be found, :class:`LibraryNotFound` (an ImportError) says where it looked.
"""

from __future__ import annotations

from ._core import (
    Arg,
    Bundle,
    Device,
    Fallback,
    LookupResult,
    Message,
    Runtime,
    Step,
    Strategy,
    Subscription,
    accelerated,
    display_name,
    library_path,
    library_version,
    table_format_version,
)
from ._errors import (
    CallbackWarning,
    ClosedError,
    CorruptTable,
    Error,
    FormatError,
    InvalidArgument,
    IOError as IOError,  # noqa: A004 - lokale.IOError, deliberately not in __all__
    LibraryNotFound,
    NotFound,
    OutOfMemory,
    StateError,
    UnsupportedVersion,
)

__version__ = "0.1.0"

# lokale.IOError is reachable as an attribute but left out of `from lokale import *`, which would
# otherwise shadow the builtin name.
__all__ = [
    "Arg",
    "Bundle",
    "CallbackWarning",
    "ClosedError",
    "CorruptTable",
    "Device",
    "Error",
    "Fallback",
    "FormatError",
    "InvalidArgument",
    "LibraryNotFound",
    "LookupResult",
    "Message",
    "NotFound",
    "OutOfMemory",
    "Runtime",
    "StateError",
    "Step",
    "Strategy",
    "Subscription",
    "UnsupportedVersion",
    "accelerated",
    "display_name",
    "library_path",
    "library_version",
    "table_format_version",
]
