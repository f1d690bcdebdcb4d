"""Finding, loading and declaring ``liblokale`` (``include/lokale.h``) through :mod:`ctypes`.

The library is looked for, in order:

1. the path in the ``LOKALE_LIBRARY`` environment variable (when set, it must load);
2. ``liblokale.so`` (``.dylib``, ``lokale.dll``) inside this package's directory;
3. the repository's build folder, ``<repo>/build/lib/liblokale.so``: the checkout this package
   was installed from (recorded at build time in ``_build_info.py``), or the checkout this source
   file lives in;
4. the system's library path (``ctypes.util.find_library("lokale")``), e.g. after ``make install``.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import importlib
import os
import sys
import threading
from ctypes import (
    CFUNCTYPE,
    POINTER,
    Structure,
    Union,
    c_char_p,
    c_double,
    c_int,
    c_int64,
    c_size_t,
    c_ssize_t,
    c_uint32,
    c_uint64,
    c_void_p,
)
from pathlib import Path
from typing import Any, List, Optional, Tuple

from ._errors import LibraryNotFound

ENV_VAR = "LOKALE_LIBRARY"

if sys.platform == "darwin":
    LIBRARY_NAMES: Tuple[str, ...] = ("liblokale.dylib", "liblokale.so")
elif sys.platform == "win32":
    LIBRARY_NAMES = ("lokale.dll", "liblokale.dll")
else:
    LIBRARY_NAMES = ("liblokale.so",)

PACKAGE_DIR = Path(__file__).resolve().parent

# ptrdiff_t: c_ssize_t has the same width on every platform Lokale builds for.
c_ptrdiff_t = c_ssize_t


class RuntimeOptions(Structure):
    """``lokale_runtime_options``."""

    _fields_ = [
        ("version", c_uint32),
        ("preferred_languages", POINTER(c_char_p)),
        ("preferred_count", c_size_t),
        ("fallback_policy", c_int),
        ("device", c_int),
        ("strategy", c_int),
        ("settings_path", c_char_p),
    ]


class Message(Structure):
    """``lokale_message``."""

    _fields_ = [
        ("version", c_uint32),
        ("key", c_char_p),
        ("key_len", c_ptrdiff_t),
        ("table", c_char_p),
        ("table_len", c_ptrdiff_t),
        ("default_value", c_char_p),
        ("default_len", c_ptrdiff_t),
        ("comment", c_char_p),
        ("comment_len", c_ptrdiff_t),
    ]


class _ArgString(Structure):
    _fields_ = [("ptr", c_char_p), ("len", c_ptrdiff_t)]


class _ArgValue(Union):
    _fields_ = [("i", c_int64), ("u", c_uint64), ("d", c_double), ("s", _ArgString)]


class Arg(Structure):
    """``lokale_arg``."""

    _fields_ = [("type", c_int), ("value", _ArgValue)]


MESSAGE_VERSION = 1
ARG_INT = 1
ARG_UINT = 2
ARG_DOUBLE = 3
ARG_STRING = 4
OPEN_MAIN = 1
OPEN_VERIFY = 2
OPEN_COPY = 4
OPEN_MAP = 8
RELOAD_FORCE = 1
RELOAD_VERIFY = 2

# void (*lokale_change_callback)(void *payload, lokale_runtime *runtime)
ChangeCallback = CFUNCTYPE(None, c_void_p, c_void_p)

_size_p = POINTER(c_size_t)

# name: (restype, argtypes)
_SIGNATURES = {
    "lokale_version": (c_char_p, []),
    "lokale_version_number": (c_int, []),
    "lokale_table_format_version": (c_int, []),
    "lokale_last_error": (c_void_p, []),
    "lokale_status_name": (c_char_p, [c_int]),
    "lokale_runtime_options_init": (c_int, [POINTER(RuntimeOptions)]),
    "lokale_runtime_new": (c_int, [POINTER(c_void_p), POINTER(RuntimeOptions)]),
    "lokale_runtime_free": (None, [c_void_p]),
    "lokale_runtime_set_preferred_languages": (c_int, [c_void_p, POINTER(c_char_p), c_size_t]),
    "lokale_runtime_preferred_languages": (c_int, [c_char_p, c_size_t, _size_p, c_void_p]),
    "lokale_runtime_set_device": (c_int, [c_void_p, c_int]),
    "lokale_runtime_set_fallback_policy": (c_int, [c_void_p, c_int]),
    "lokale_runtime_set_language": (c_int, [c_void_p, c_char_p]),
    "lokale_runtime_language": (c_int, [c_char_p, c_size_t, _size_p, c_void_p]),
    "lokale_runtime_add_callback": (c_int, [POINTER(c_uint64), c_void_p, ChangeCallback, c_void_p]),
    "lokale_runtime_remove_callback": (c_int, [c_void_p, c_uint64]),
    "lokale_runtime_diagnostics": (c_int, [c_char_p, c_size_t, _size_p, c_void_p]),
    "lokale_language_display_name": (c_int, [c_char_p, c_size_t, _size_p, c_char_p, c_char_p]),
    "lokale_bundle_open": (c_int, [POINTER(c_void_p), c_void_p, c_char_p, c_uint32]),
    "lokale_bundle_free": (None, [c_void_p]),
    "lokale_bundle_reload": (c_int, [POINTER(c_int), c_void_p, c_uint32]),
    "lokale_bundle_identifier": (c_int, [POINTER(c_void_p), c_void_p]),
    "lokale_bundle_development_localization": (c_int, [POINTER(c_void_p), c_void_p]),
    "lokale_bundle_localizations": (c_int, [POINTER(POINTER(c_void_p)), _size_p, c_void_p]),
    "lokale_bundle_preferred_localizations": (c_int, [c_char_p, c_size_t, _size_p, c_void_p]),
    "lokale_bundle_lookup": (
        c_int,
        [POINTER(c_void_p), _size_p, POINTER(c_int), c_void_p, POINTER(Message)],
    ),
    "lokale_bundle_format": (
        c_int,
        [c_char_p, c_size_t, _size_p, c_void_p, POINTER(Message), POINTER(Arg), c_size_t],
    ),
    "lokale_bundle_explain": (
        c_int,
        [c_char_p, c_size_t, _size_p, c_void_p, POINTER(Message), POINTER(Arg), c_size_t],
    ),
}


def _repository_roots() -> List[Path]:
    """Checkouts whose ``build/lib`` may hold the library, most specific first."""
    roots: List[Path] = []
    try:
        # Generated by setup.py when the package is built; absent in the checkout.
        build_info = importlib.import_module(f"{__package__}._build_info")
        recorded = getattr(build_info, "REPOSITORY_ROOT", None)
        if recorded:
            roots.append(Path(recorded))
    except ImportError:
        pass
    # Running from the checkout itself: <repo>/bindings/python/lokale/_ffi.py.
    parents = PACKAGE_DIR.parents
    if len(parents) >= 3 and (parents[2] / "include" / "lokale.h").is_file():
        roots.append(parents[2])
    unique: List[Path] = []
    for root in roots:
        if root not in unique:
            unique.append(root)
    return unique


def candidates() -> List[Tuple[str, Path]]:
    """Where the library is looked for (after ``LOKALE_LIBRARY``), as (origin, path) pairs."""
    found: List[Tuple[str, Path]] = []
    for name in LIBRARY_NAMES:
        found.append(("package directory", PACKAGE_DIR / name))
    for root in _repository_roots():
        for name in LIBRARY_NAMES:
            found.append(("repository build folder", root / "build" / "lib" / name))
    return found


class Library:
    """The loaded library: the :class:`ctypes.CDLL`, where it came from, and typed functions."""

    # The functions of _SIGNATURES, with restype and argtypes set (ctypes function pointers).
    lokale_version: Any
    lokale_version_number: Any
    lokale_table_format_version: Any
    lokale_last_error: Any
    lokale_status_name: Any
    lokale_runtime_options_init: Any
    lokale_runtime_new: Any
    lokale_runtime_free: Any
    lokale_runtime_set_preferred_languages: Any
    lokale_runtime_preferred_languages: Any
    lokale_runtime_set_device: Any
    lokale_runtime_set_fallback_policy: Any
    lokale_runtime_set_language: Any
    lokale_runtime_language: Any
    lokale_runtime_add_callback: Any
    lokale_runtime_remove_callback: Any
    lokale_runtime_diagnostics: Any
    lokale_language_display_name: Any
    lokale_bundle_open: Any
    lokale_bundle_free: Any
    lokale_bundle_reload: Any
    lokale_bundle_identifier: Any
    lokale_bundle_development_localization: Any
    lokale_bundle_localizations: Any
    lokale_bundle_preferred_localizations: Any
    lokale_bundle_lookup: Any
    lookup_by_address: Any
    format_by_address: Any
    lokale_bundle_format: Any
    lokale_bundle_explain: Any

    def __init__(self, cdll: ctypes.CDLL, path: str) -> None:
        self.cdll = cdll
        self.path = path
        for name, (restype, argtypes) in _SIGNATURES.items():
            try:
                function = getattr(cdll, name)
            except AttributeError as exc:
                raise LibraryNotFound(
                    f"{path} is not a compatible liblokale: it lacks {name}"
                ) from exc
            function.restype = restype
            function.argtypes = argtypes
            setattr(self, name, function)
        # lokale_bundle_lookup again (a distinct function object: cdll[name] is not cached), for
        # the pure-Python lookup path: no argtypes, so ctypes checks nothing and passes the
        # c_void_p objects it is given as they are (~0.5 us a call; through argtypes with byref()
        # ~3 us). Every argument MUST be a c_void_p: a plain int would be passed as a C int.
        self.lookup_by_address = cdll["lokale_bundle_lookup"]
        self.lookup_by_address.restype = c_int
        # lokale_bundle_format the same way (pure-Python Bundle.format): c_void_p and c_size_t
        # objects only.
        self.format_by_address = cdll["lokale_bundle_format"]
        self.format_by_address.restype = c_int


def _load(path: str) -> ctypes.CDLL:
    return ctypes.CDLL(path)


def find_and_load() -> Library:
    """Loads the library as described in this module's docstring, or raises LibraryNotFound."""
    tried: List[str] = []
    explicit = os.environ.get(ENV_VAR)
    if explicit:
        try:
            return Library(_load(explicit), explicit)
        except OSError as exc:
            raise LibraryNotFound(
                f"lokale: {ENV_VAR}={explicit!r} could not be loaded: {exc}"
            ) from exc
    tried.append(f"${ENV_VAR} (not set)")
    errors: List[str] = []
    for origin, path in candidates():
        tried.append(f"{path} ({origin})")
        if path.is_file():
            try:
                return Library(_load(str(path)), str(path))
            except OSError as exc:
                errors.append(f"{path}: {exc}")
    system = ctypes.util.find_library("lokale")
    tried.append(f"the system library path ({system or 'no liblokale found'})")
    if system:
        try:
            return Library(_load(system), system)
        except OSError as exc:
            errors.append(f"{system}: {exc}")
    message = (
        "lokale: liblokale could not be found. Build it (`make build` in the Lokale checkout), "
        f"or set {ENV_VAR} to the path of liblokale.so. Looked in:\n  " + "\n  ".join(tried)
    )
    if errors:
        message += "\nFailed to load:\n  " + "\n  ".join(errors)
    raise LibraryNotFound(message)


_lock = threading.Lock()
_library: Optional[Library] = None


def library() -> Library:
    """The loaded library, loading it on first use (thread-safe)."""
    global _library
    lib = _library
    if lib is not None:
        return lib
    with _lock:
        if _library is None:
            _library = find_and_load()
        return _library
