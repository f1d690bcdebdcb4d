"""Lokale for Python: Apple's localization contract over ``liblokale`` (standard-library ctypes).

>>> import lokale
>>> with lokale.Runtime(["de-AT", "en"], settings_path="") as runtime:   # doctest: +SKIP
...     app = runtime.open("App.lokale", main=True)
...     app.string("workspace.title", default="Workspace")
'Arbeitsbereich'

The library is found through ``LOKALE_LIBRARY``, then a ``liblokale.so`` inside this package,
then the Lokale checkout's ``build/lib`` (see :func:`library_path`). It is loaded on first use;
when it cannot be found, :class:`LibraryNotFound` (an ImportError) says where it looked.

The modules behind it, in layers (a module imports only modules of its own layer or below;
tests/test_layers.py checks that the imports have no cycle):

1. the library: ``_abi`` (the one copy of the constants of ``lokale.h``), ``_errors`` (the
   exceptions, and the reporting of a change callback's: imported by the first failure),
   ``_enums`` (Status, Step, Device,
   Strategy, Fallback, Loading), ``_args`` (Python values to call arguments), ``_guard``,
   ``_library`` (finding and loading liblokale, its failures), ``_backend`` with its two
   implementations, ``_backend_speedups`` (the C accelerator ``_speedups``) and
   ``_backend_ctypes``; and what goes
   through ctypes, imported by the first call that does: ``_cdecl`` (the ctypes declarations of
   ``lokale.h``), ``_ccall`` (its calling conventions), ``_packing`` (messages and format
   arguments in a call's memory), ``_parts`` (MessageFormat results as parts);
2. the runtime: ``_languages`` (a request's languages: imported by the first call given some,
   through ``_runtime.for_runtime``), ``_runtime`` (Runtime, Subscription),
   ``_callbacks`` (a runtime's change callbacks: imported by the first one registered or removed),
   ``_message_format`` (MessageFormat: an MF2 message given as source, which needs no runtime),
   ``_gettext`` (gettext's protocol and Translations, over any bundle: imported by the bundle's
   first gettext call);
3. the bundle: ``_bundle`` (Bundle, LookupResult);
4. what is built on a bundle: ``_message`` (Message). A lower layer reaches the classes of a
   higher one through names that the higher one fills when it is imported (``_runtime.Bundle``,
   ``_bundle.Message``): ``import lokale`` imports the bundle before any call, and a Message
   exists only once its module is imported.

Start-up (docs/PYTHON.md): ``import lokale`` imports none of :mod:`typing`, :mod:`enum`,
:mod:`decimal`, :mod:`threading` or :mod:`weakref`, which together would cost most of its start-up
time; with the accelerator, a program's first message (``Runtime()``, ``open``, ``string``,
``format``) imports no :mod:`ctypes` either, nor the package's modules it does not use (the
exceptions, a request's languages, gettext's protocol, deferred and MF2 messages). The enums, ``Arg``
and those modules' names are made on first use (PEP 562 ``__getattr__`` below); annotations are not
evaluated (PEP 563) and resolve for ``typing.get_type_hints`` through ``lokale.Step`` and the like
(``_args``, and ``_runtime`` for ``lokale.Languages``); the binding itself works with the plain ints
of ``_abi``.
"""

from ._backend import accelerated

# The layers in order, each importing only the ones before it (tests/test_layers.py): the runtime,
# its bundles, then what is built on a bundle (gettext's protocol, deferred messages).
from ._runtime import Runtime, Subscription
from ._bundle import Bundle, LookupResult
# Every other public name is answered by __getattr__ below on first use, each from its module
# (_LAZY): the exceptions (raised by a failure, and read by an ``except lokale.Error`` clause only
# when one propagates), a request's Languages, Translations (gettext's protocol), Message,
# MessageFormat (an MF2 message given as source), the library's functions (display_name…: through
# ctypes), __version__, the enums, Arg and the part classes. Each module imported adds ~0.1 ms to a
# start, and none of them is a first message's. The command line (lokale/bin/lokale in a wheel) run
# from Python is answered there too: its module and what it imports (shutil, subprocess) cost a
# third of `import lokale`, which programs that only look messages up pay. lokale.compile is never
# bound: bound, it would be a name that `from lokale import *` exports, hiding the builtin compile.

__all__ = [
    "Arg",
    "BidiIsolationPart",
    "Bundle",
    "CallbackWarning",
    "CatalogError",
    "CheckResult",
    "ClosedError",
    "CompileResult",
    "CorruptTable",
    "Device",
    "Error",
    "ExpressionPart",
    "Fallback",
    "FallbackPart",
    "FileError",
    "FormatError",
    "InvalidArgument",
    "Languages",
    "LibraryNotFound",
    "Loading",
    "Localization",
    "LookupResult",
    "MarkupPart",
    "Message",
    "MessageFormat",
    "NotFound",
    "OutOfMemory",
    "OutOfRange",
    "Part",
    "Problem",
    "Runtime",
    "StateError",
    "Status",
    "Step",
    "Strategy",
    "Subscription",
    "TextPart",
    "Translations",
    "UnsupportedVersion",
    "accelerated",
    "check",
    "cli_path",
    "display_name",
    "library_path",
    "library_version",
    "parse_accept_language",
    "table_format_version",
]


TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    from ._version import __version__ as __version__  # "as": re-exported for type checkers
    from ._errors import CallbackWarning as CallbackWarning
    from ._errors import ClosedError as ClosedError
    from ._errors import CorruptTable as CorruptTable
    from ._errors import Error as Error
    from ._errors import FileError as FileError
    from ._errors import FormatError as FormatError
    from ._errors import InvalidArgument as InvalidArgument
    from ._errors import LibraryNotFound as LibraryNotFound
    from ._errors import NotFound as NotFound
    from ._errors import OutOfMemory as OutOfMemory
    from ._errors import OutOfRange as OutOfRange
    from ._errors import StateError as StateError
    from ._errors import UnsupportedVersion as UnsupportedVersion
    from ._languages import Languages as Languages
    from ._languages import parse_accept_language as parse_accept_language
    from ._ccall import display_name as display_name
    from ._ccall import library_path as library_path
    from ._ccall import library_version as library_version
    from ._ccall import table_format_version as table_format_version
    from ._gettext import Translations as Translations
    from ._message import Message as Message
    from ._message_format import MessageFormat as MessageFormat
    from ._args import Arg as Arg
    from ._enums import Device as Device
    from ._enums import Fallback as Fallback
    from ._enums import Loading as Loading
    from ._enums import Status as Status
    from ._enums import Step as Step
    from ._enums import Strategy as Strategy
    from ._parts import BidiIsolationPart as BidiIsolationPart
    from ._parts import ExpressionPart as ExpressionPart
    from ._parts import FallbackPart as FallbackPart
    from ._parts import MarkupPart as MarkupPart
    from ._parts import Part as Part
    from ._parts import TextPart as TextPart
    from ._tools import CatalogError as CatalogError
    from ._tools import CheckResult as CheckResult
    from ._tools import CompileResult as CompileResult
    from ._tools import Localization as Localization
    from ._tools import Problem as Problem
    from ._tools import check as check
    from ._tools import cli_path as cli_path
    from ._tools import compile as compile
else:  # hidden from type checkers, which see the imports above

    def __getattr__(name: str) -> object:  # PEP 562
        # The module of each name made on first use (see the comment above __all__): built by the
        # call, which comes once per name (the value is kept as a global), not a name of the package.
        module = {
            **dict.fromkeys(("CallbackWarning", "ClosedError", "CorruptTable", "Error", "FileError", "FormatError",
                             "InvalidArgument", "LibraryNotFound", "NotFound", "OutOfMemory", "OutOfRange",
                             "StateError", "UnsupportedVersion"), "_errors"),
            **dict.fromkeys(("Languages", "parse_accept_language"), "_languages"),
            **dict.fromkeys(("display_name", "library_path", "library_version", "table_format_version"), "_ccall"),
            **dict.fromkeys(("CatalogError", "CheckResult", "CompileResult", "Localization", "Problem", "check",
                             "cli_path", "compile"), "_tools"),  # the command line's API
            "Message": "_message",
            "MessageFormat": "_message_format",
            "__version__": "_version",
        }.get(name)
        if module is not None:
            value = getattr(__import__(module, globals(), None, (name,), 1), name)  # from .<module> import <name>
            if name == "compile":  # lokale.compile: public, but not a global
                return value
        elif name == "Translations":
            from ._bundle import gettext_protocol

            value = gettext_protocol().Translations
        else:  # the enums, Arg and the part classes
            from ._args import lokale as public

            value = getattr(public, name)  # AttributeError for any other name
        globals()[name] = value  # found here from now on (vars(lokale) lists only __all__'s names)
        return value


del TYPE_CHECKING


def __dir__() -> "list[str]":  # PEP 562: the public API, not the private submodules
    return sorted(set(__all__) | {n for n in globals() if n.startswith("__") and n.endswith("__")})
