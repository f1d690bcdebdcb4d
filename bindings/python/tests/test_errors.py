"""Errors as exceptions: status codes mapped to classes, messages from lokale_last_error()."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Callable

import pytest

import lokale

from conftest import PACKAGE_ROOT


def test_hierarchy() -> None:
    assert issubclass(lokale.ClosedError, lokale.Error) and issubclass(lokale.ClosedError, ValueError)
    assert issubclass(lokale.InvalidArgument, lokale.Error) and issubclass(lokale.InvalidArgument, ValueError)
    assert issubclass(lokale.NotFound, lokale.Error) and issubclass(lokale.NotFound, FileNotFoundError)
    assert issubclass(lokale.NotFound, lokale.FileError)
    assert issubclass(lokale.FileError, OSError) and issubclass(lokale.FileError, lokale.Error)
    assert issubclass(lokale.CorruptTable, lokale.Error)
    assert issubclass(lokale.UnsupportedVersion, lokale.Error)
    assert issubclass(lokale.StateError, RuntimeError)
    assert issubclass(lokale.OutOfMemory, MemoryError)
    assert issubclass(lokale.LibraryNotFound, ImportError)
    assert not hasattr(lokale, "IOError")  # no name of the package shadows a builtin
    namespace: dict = {}
    exec("from lokale import *", namespace)
    exported = {name for name in namespace if not name.startswith("__")}
    assert exported == set(lokale.__all__) and not exported & set(dir(__import__("builtins")))


def test_missing_file(runtime_factory: Callable[..., lokale.Runtime], tmp_path: Path) -> None:
    runtime = runtime_factory(["en"])
    missing = tmp_path / "does-not-exist.lokale"
    with pytest.raises(FileNotFoundError) as info:
        runtime.open(missing)
    error = info.value
    assert isinstance(error, lokale.NotFound)
    assert error.status == -6 and error.status_name == "LOKALE_ENOTFOUND"
    assert error.filename == str(missing)
    assert error.errno == 2
    assert "does-not-exist" in str(error)
    assert not str(error).startswith("[Errno")


def test_folder_is_a_file_error(runtime_factory: Callable[..., lokale.Runtime], tmp_path: Path) -> None:
    with pytest.raises(lokale.FileError) as info:
        runtime_factory(["en"]).open(tmp_path)
    assert not isinstance(info.value, lokale.NotFound)
    assert info.value.status_name == "LOKALE_EIO"


def test_corrupt_files(app_path: Path, runtime_factory: Callable[..., lokale.Runtime], tmp_path: Path) -> None:
    runtime = runtime_factory(["en"])
    data = app_path.read_bytes()
    copy = tmp_path / "corrupt.lokale"
    # Truncated files and garbage.
    for cut in (0, 1, 7, 16, 63, 64, 100, len(data) // 2, len(data) - 1):
        copy.write_bytes(data[:cut])
        with pytest.raises(lokale.CorruptTable) as info:
            runtime.open(copy)
        assert info.value.status_name == "LOKALE_ECORRUPT"
        assert str(info.value)
    copy.write_bytes(b"this is not a compiled table at all" * 10)
    with pytest.raises(lokale.CorruptTable):
        runtime.open(copy)
    # Every header byte flipped: corrupt or of an unsupported version, never a crash.
    for i in range(64):
        mutated = bytearray(data)
        mutated[i] ^= 0x5A
        copy.write_bytes(bytes(mutated))
        with pytest.raises((lokale.CorruptTable, lokale.UnsupportedVersion)):
            runtime.open(copy)
    # The payload checksum catches what the header cannot, when asked to verify.
    mutated = bytearray(data)
    mutated[-2] ^= 1
    copy.write_bytes(bytes(mutated))
    with pytest.raises(lokale.CorruptTable, match="checksum"):
        runtime.open(copy, verify=True)


def test_mutated_payload_answers_or_fails_cleanly(app_path: Path,
                                                  runtime_factory: Callable[..., lokale.Runtime],
                                                  tmp_path: Path) -> None:
    import random

    runtime = runtime_factory(["de"])
    data = app_path.read_bytes()
    copy = tmp_path / "mutated.lokale"
    rng = random.Random(1234)
    opened = 0
    for _ in range(60):
        mutated = bytearray(data)
        for _ in range(4):
            mutated[rng.randrange(64, len(data))] = rng.randrange(256)
        copy.write_bytes(bytes(mutated))
        try:
            bundle = runtime.open(copy)
        except lokale.CorruptTable:
            continue
        opened += 1
        for key in ("workspace.title", "summary.item-count", "Collection: %@"):
            try:
                assert isinstance(bundle.format(key, 3, default="d"), str)
                assert isinstance(bundle.string(key), str)
            except lokale.CorruptTable:
                pass
        bundle.close()
    assert opened > 0


def test_bad_arguments(app_path: Path, runtime_factory: Callable[..., lokale.Runtime]) -> None:
    runtime = runtime_factory(["en"])
    app = runtime.open(app_path, main=True)
    with pytest.raises(TypeError):
        app.format("summary.item-count", False)
    with pytest.raises(TypeError):
        app.string(b"workspace.title")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        runtime.set_language(42)  # type: ignore[arg-type]
    with pytest.raises(lokale.InvalidArgument) as info:
        runtime.set_language("not a language!")
    assert isinstance(info.value, ValueError)
    assert str(info.value)  # the library's message
    with pytest.raises(lokale.InvalidArgument):
        runtime.fallback = "sideways"
    with pytest.raises(TypeError):
        lokale.Bundle()  # bundles come from Runtime.open
    # Invalid UTF-8 cannot come from a str; lone surrogates are refused by the encoder.
    with pytest.raises(UnicodeEncodeError):
        app.string("\udcff")


def test_use_after_close(app_path: Path, panel_path: Path) -> None:
    runtime = lokale.Runtime(["de"], settings_path="")
    app = runtime.open(app_path, main=True)
    panel = runtime.open(panel_path)
    subscription = runtime.on_change(lambda rt: None)
    app.close()
    app.close()  # idempotent
    assert app.closed and "closed" in repr(app)
    for use in (
        lambda: app.string("workspace.title"),
        lambda: app.format("summary.item-count", 1),
        lambda: app.lookup("workspace.title"),
        lambda: app.explain("workspace.title"),
        lambda: app.preferred_localizations,
        lambda: app.resolve(lokale.Message("workspace.title")),
        lambda: app.__enter__(),
    ):
        with pytest.raises(lokale.ClosedError):
            use()
    # Facts read at open time stay readable.
    assert app.identifier == "com.example.DesktopApp"
    assert panel.string("panel.ready") == "Panel bereit"

    runtime.close()
    runtime.close()
    assert runtime.closed and repr(runtime) == "<lokale.Runtime closed>"
    assert not subscription.active and subscription.remove() is False
    for misuse in (
        lambda: runtime.open(panel_path),
        lambda: runtime.set_language("fr"),
        lambda: runtime.language,
        lambda: runtime.preferred_languages,
        lambda: runtime.diagnostics,
        lambda: runtime.on_change(lambda rt: None),
        lambda: runtime.resolve(lokale.Message("x")),
        lambda: runtime.__enter__(),
    ):
        with pytest.raises(lokale.ClosedError) as info:
            misuse()
        assert isinstance(info.value, ValueError) and isinstance(info.value, lokale.Error)
    # A framework bundle outlives its runtime.
    assert panel.string("panel.ready") == "Panel bereit"
    with panel:
        pass
    with pytest.raises(lokale.ClosedError):
        panel.string("panel.ready")


def test_context_managers_close(app_path: Path) -> None:
    with lokale.Runtime(["fr"], settings_path="") as runtime:
        with runtime.open(app_path) as app:
            assert app.string("workspace.title") == "Espace de travail"
        assert app.closed
    assert runtime.closed


def _run_child(code: str, cwd: Path, **env: str) -> subprocess.CompletedProcess:
    """A child Python in cwd (so that `python -c` does not import the package from the caller's
    working directory), without LOKALE_LIBRARY unless given."""
    environment = dict(os.environ)
    environment.pop("LOKALE_LIBRARY", None)
    environment.update(env)
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=environment, cwd=str(cwd))


def test_library_not_found_is_clear(tmp_path: Path) -> None:
    # A package copy with no library beside it and no checkout around it.
    import shutil

    shutil.copytree(PACKAGE_ROOT / "lokale", tmp_path / "lokale",
                    ignore=shutil.ignore_patterns("liblokale*", "_build_info.py", "__pycache__"))
    code = (
        "import lokale, pathlib, sys\n"  # importing works; the library loads on first use
        "assert pathlib.Path(lokale.__file__).parent == pathlib.Path(sys.argv[1]), lokale.__file__\n"
        "try:\n"
        "    lokale.Runtime()\n"
        "except lokale.LibraryNotFound as e:\n"
        "    assert isinstance(e, ImportError) and isinstance(e, lokale.Error)\n"
        "    print(e)\n"
    )
    code = code.replace("sys.argv[1]", repr(str(tmp_path / "lokale")))
    result = _run_child(code, tmp_path, PYTHONPATH=str(tmp_path))
    assert result.returncode == 0, result.stderr
    assert "liblokale could not be found" in result.stdout
    assert "LOKALE_LIBRARY" in result.stdout and "make build" in result.stdout

    result = _run_child(code, tmp_path, PYTHONPATH=str(tmp_path), LOKALE_LIBRARY=str(tmp_path / "nope.so"))
    assert result.returncode == 0, result.stderr
    assert "nope.so" in result.stdout and "could not be loaded" in result.stdout


def test_discovery_from_the_checkout_without_environment(tmp_path: Path) -> None:
    # Imported from bindings/python with no LOKALE_LIBRARY: the checkout's build/lib.
    code = "import lokale; print(lokale.library_path()); print(lokale.display_name('de'))"
    result = _run_child(code, tmp_path, PYTHONPATH=str(PACKAGE_ROOT))
    assert result.returncode == 0, result.stderr
    path, name = result.stdout.splitlines()
    assert Path(path) == PACKAGE_ROOT.parent.parent / "build" / "lib" / "liblokale.so"
    assert name == "Deutsch"


def test_versions() -> None:
    assert lokale.library_version() == lokale.__version__ == "0.1.0"
    assert lokale.table_format_version() == 2
    assert Path(lokale.library_path()).name == "liblokale.so"
