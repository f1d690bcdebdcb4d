"""Lokale for Python: Apple's localization contract over ``liblokale`` (standard-library ctypes).

>>> import lokale
>>> with lokale.Runtime(["de-AT", "en"], settings_path="") as runtime:   # doctest: +SKIP
...     app = runtime.open("App.lokale", main=True)
...     app.string("workspace.title", default="Workspace")
'Arbeitsbereich'

The library is found through ``LOKALE_LIBRARY``, then a ``liblokale.so`` inside this package,
then the Lokale checkout's ``build/lib`` (see :func:`library_path`). It is loaded on first use;
when it cannot be found, :class:`LibraryNotFound` (an ImportError) says where it looked.

The modules behind it: ``_runtime`` (Runtime, Subscription), ``_bundle`` (Bundle, LookupResult),
``_message`` (Message), ``_enums`` (Step, Device, Strategy, Fallback), ``_errors`` (Status and the
exceptions), ``_library`` (finding and calling liblokale), ``_abi`` (its ctypes declarations),
``_args`` (Python values to call arguments), and ``_backend`` with its two implementations,
``_backend_speedups`` (the C accelerator ``_speedups``) and ``_backend_ctypes``.
"""

from ._version import __version__ as __version__  # "as": re-exported for type checkers
from ._errors import (
    CallbackWarning,
    ClosedError,
    CorruptTable,
    Error,
    FileError,
    FormatError,
    InvalidArgument,
    LibraryNotFound,
    NotFound,
    OutOfMemory,
    OutOfRange,
    StateError,
    Status,
    UnsupportedVersion,
)
from ._enums import Device, Fallback, Loading, Step, Strategy
from ._args import Arg
from ._library import display_name, library_path, library_version, table_format_version
from ._backend import accelerated

# _message first: it imports _bundle and _runtime at its end (they import Message), for the
# annotations of Message, Bundle and Runtime to resolve (typing.get_type_hints).
from ._message import Message
from ._bundle import Bundle, LookupResult, Translations
from ._runtime import Runtime, Subscription

__all__ = [
    "Arg",
    "Bundle",
    "CallbackWarning",
    "ClosedError",
    "CorruptTable",
    "Device",
    "Error",
    "Fallback",
    "FileError",
    "FormatError",
    "InvalidArgument",
    "LibraryNotFound",
    "Loading",
    "LookupResult",
    "Message",
    "NotFound",
    "OutOfMemory",
    "OutOfRange",
    "Runtime",
    "StateError",
    "Status",
    "Step",
    "Strategy",
    "Subscription",
    "Translations",
    "UnsupportedVersion",
    "accelerated",
    "display_name",
    "library_path",
    "library_version",
    "table_format_version",
]


def __dir__() -> "list[str]":  # PEP 562: the public API, not the private submodules
    return sorted(set(__all__) | {n for n in globals() if n.startswith("__") and n.endswith("__")})
