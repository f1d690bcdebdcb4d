"""Hot reload: Bundle.reload() picks up a file replaced by atomic rename, remembered
lookups are forgotten, errors keep the version the bundle had; `lokale lookup --watch` does the
same from the command line."""

import os
import select
import subprocess
import threading
import time
from pathlib import Path
from typing import Callable, Dict

import pytest

import lokale
from conftest import CLI, compile_bundle, write_bundle_source


def _catalog(title: str) -> Dict[str, object]:
    unit = lambda v: {"stringUnit": {"state": "translated", "value": v}}  # noqa: E731
    return {
        "sourceLanguage": "en",
        "version": "1.0",
        "strings": {"title": {"localizations": {"en": unit(title), "de": unit(title + " (de)")}}},
    }


def _build(root: Path, name: str, title: str) -> Path:
    source = write_bundle_source(root / name, "com.example.Reload", _catalog(title))
    return compile_bundle(source, root / f"{name}.lokale")


def test_reload_after_atomic_rename(tmp_path: Path, runtime_factory: Callable[..., lokale.Runtime]) -> None:
    target = _build(tmp_path, "app", "One")
    runtime = runtime_factory(["de"])
    changes = []
    runtime.on_change(lambda rt: changes.append(1))
    with runtime.open(target, main=True) as bundle:
        for _ in range(3):  # remembered by the accelerator's memo, when it is there
            assert bundle.string("title") == "One (de)"
        assert bundle.reload() is False
        os.replace(_build(tmp_path, "next", "Two"), target)
        assert bundle.reload() is True
        assert bundle.string("title") == "Two (de)"
        assert bundle.lookup("title").text == "Two (de)"
        assert changes, "the runtime's change callbacks run after a reload"
        assert bundle.reload(force=True, verify=True) is True


def test_failed_reload_keeps_the_version(tmp_path: Path, runtime_factory: Callable[..., lokale.Runtime]) -> None:
    target = _build(tmp_path, "app", "One")
    bundle = runtime_factory(["en"]).open(target, loading=lokale.Loading.COPY)
    junk = tmp_path / "junk"
    junk.write_bytes(b"L" * 4096)
    os.replace(junk, target)
    with pytest.raises(lokale.CorruptTable):
        bundle.reload()
    assert bundle.string("title") == "One"
    target.unlink()
    with pytest.raises(lokale.NotFound):
        bundle.reload()
    assert bundle.string("title") == "One"
    bundle.close()
    with pytest.raises(lokale.ClosedError):
        bundle.reload()
    with pytest.raises(ValueError):
        runtime_factory(["en"]).open(_build(tmp_path, "other", "x"), loading="lazy")


def test_lookups_on_threads_while_reloading(tmp_path: Path, runtime_factory: Callable[..., lokale.Runtime]) -> None:
    target = _build(tmp_path, "app", "v0")
    versions = [_build(tmp_path, f"v{i}", f"v{i}") for i in range(1, 8)]
    valid = {f"v{i} (de)" for i in range(8)}
    bundle = runtime_factory(["de"]).open(target)
    stop = threading.Event()
    bad = []

    def read() -> None:
        while not stop.is_set():
            text = bundle.string("title")
            if text not in valid:
                bad.append(text)

    threads = [threading.Thread(target=read) for _ in range(4)]
    for t in threads:
        t.start()
    for v in versions:
        os.replace(v, target)
        assert bundle.reload() is True
        time.sleep(0.01)
    stop.set()
    for t in threads:
        t.join()
    assert bad == []
    assert bundle.string("title") == "v7 (de)"


def _read_line(proc: "subprocess.Popen[str]", timeout: float = 20.0) -> str:
    assert proc.stdout is not None
    ready, _, _ = select.select([proc.stdout], [], [], timeout)
    assert ready, "lokale lookup --watch printed nothing in time"
    return proc.stdout.readline().rstrip("\n")


def test_cli_watch_prints_again_after_a_replacement(tmp_path: Path) -> None:
    target = _build(tmp_path, "app", "One")
    proc = subprocess.Popen(
        [str(CLI), "lookup", str(target), "title", "--prefer", "de", "--watch", "--interval", "0.05"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert _read_line(proc) == "One (de)"
        os.replace(_build(tmp_path, "next", "Two"), target)
        assert _read_line(proc) == "Two (de)"
        os.replace(_build(tmp_path, "third", "Three"), target)
        assert _read_line(proc) == "Three (de)"
    finally:
        proc.kill()
        proc.wait()


def test_loading_is_an_enum(tmp_path: Path, runtime_factory: Callable[..., lokale.Runtime]) -> None:
    runtime = runtime_factory(["en"])
    target = _build(tmp_path, "app", "One")
    for loading in lokale.Loading:
        with runtime.open(target, loading=loading) as bundle:
            assert bundle.string("title") == "One"
    assert [m.name for m in lokale.Loading] == ["AUTO", "COPY", "MAP"]
    with runtime.open(target, loading=int(lokale.Loading.MAP)) as bundle:
        assert bundle.reload(force=True) is True
    # The deprecated names work, with a DeprecationWarning that points at the caller.
    for name, member in (("auto", "AUTO"), ("copy", "COPY"), ("map", "MAP")):
        with pytest.warns(DeprecationWarning, match=f"lokale.Loading.{member}") as warned:
            bundle = runtime.open(target, loading=name)  # type: ignore[arg-type]
        assert warned[0].filename == __file__
        assert bundle.string("title") == "One"
        bundle.close()
    for wrong, error in (("lazy", ValueError), ("COPY", ValueError), (3, ValueError), (True, TypeError),
                         (None, TypeError), (4.0, TypeError)):
        with pytest.raises(error):
            runtime.open(target, loading=wrong)  # type: ignore[arg-type]


def test_bundle_from_bytes_has_no_reload(app_path: Path, runtime_factory: Callable[..., lokale.Runtime]) -> None:
    """Runtime.open_bytes: the bytes of a compiled file (copied: the buffer may go), validated as a
    file is; no file, so reload is a StateError and explain says hot reload is unavailable."""
    data = bytearray(app_path.read_bytes())
    runtime = runtime_factory(["de"])
    bundle = runtime.open_bytes(data, main=True)
    data[:] = b"\0" * len(data)
    assert bundle.path == "<memory>"
    assert bundle.string("workspace.title", default="Workspace") == "Arbeitsbereich"
    assert runtime.main_bundle is bundle
    with pytest.raises(lokale.StateError, match="embedded in the program"):
        bundle.reload()
    explained = bundle.explain("workspace.title")
    assert explained["embedded"] is True
    assert explained["hotReload"].startswith("unavailable: the table is embedded in the program")
    with pytest.raises(lokale.CorruptTable):
        runtime.open_bytes(b"x" * 500)
    with pytest.raises(lokale.CorruptTable):
        runtime.open_bytes(app_path.read_bytes()[:-1], verify=True)
