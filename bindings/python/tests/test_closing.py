"""Closing a bundle or a runtime while other threads still use it.

ctypes releases the GIL during every library call, so a ``close()`` on one thread could free the
bundle under a lookup or format running on another (``lokale_bundle_format`` would read freed
memory and crash the interpreter). Calls already in the library finish, later ones raise
:class:`lokale.ClosedError`, and the memory goes only when the last call has left. Each scenario
runs in a child process, so that a crash fails the test instead of killing pytest; both backends.
"""

from __future__ import annotations

import decimal
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Dict

import pytest

import lokale

PACKAGE_ROOT = Path(__file__).resolve().parent.parent

# Threads format and look up in a loop (none of it remembered: formats, lookups with a default,
# explain, the ordered localizations) while the main thread closes the bundle; 3 runs.
CLOSE_BUNDLE = r"""
import sys, threading, time
import lokale

app_path, panel_path = sys.argv[1], sys.argv[2]
for run in range(3):
    runtime = lokale.Runtime(["fr", "en"], settings_path="")
    app = runtime.open(app_path, main=True)
    panel = runtime.open(panel_path)
    started = threading.Barrier(7)
    problems = []
    done = [0] * 6

    def worker(index):
        started.wait()
        try:
            while True:
                kind = index % 3
                if kind == 0:
                    app.format("summary.item-count", done[index] % 5)
                    app.format("Collection: %@", "Sample Set %d" % index)
                elif kind == 1:
                    app.string("workspace.title", default="Workspace")
                    app.lookup("missing.key", default="Fallback")
                    panel.format("panel.ready")
                else:
                    app.preferred_localizations
                    app.format_problems("summary.item-count", 2)
                    app.explain("workspace.title")
                done[index] += 1
        except lokale.ClosedError:
            pass
        except BaseException as exc:
            problems.append(repr(exc))

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(6)]
    for thread in threads:
        thread.start()
    started.wait()
    time.sleep(0.05 + 0.02 * run)
    app.close()
    for thread in threads:
        thread.join(60)
        assert not thread.is_alive(), "a worker did not stop"
    assert problems == [], problems
    assert app.closed
    # The other bundle and the runtime are untouched.
    assert panel.string("panel.ready") == "Panneau prêt"
    panel.close()
    runtime.close()
print("ok", lokale.accelerated())
"""

# The same with the runtime: threads change languages and read them while it is closed.
CLOSE_RUNTIME = r"""
import sys, threading, time
import lokale

app_path = sys.argv[1]
for run in range(3):
    runtime = lokale.Runtime(["en"], settings_path="")
    app = runtime.open(app_path, main=True)
    runtime.on_change(lambda rt: app.string("workspace.title"))
    started = threading.Barrier(5)
    problems = []

    def worker(index):
        started.wait()
        languages = ["de", "fr", None, "ja"]
        i = 0
        try:
            while True:
                runtime.set_language(languages[(i + index) % 4])
                runtime.preferred_languages = ["en"] if i % 2 else ["fr", "en"]
                runtime.diagnostics
                runtime.language
                i += 1
        except lokale.ClosedError:
            pass
        except BaseException as exc:
            problems.append(repr(exc))

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(4)]
    for thread in threads:
        thread.start()
    started.wait()
    time.sleep(0.05 + 0.02 * run)
    runtime.close()
    for thread in threads:
        thread.join(60)
        assert not thread.is_alive(), "a worker did not stop"
    assert problems == [], problems
    # Bundles outlive their runtime.
    assert app.string("workspace.title") in {"Workspace", "Arbeitsbereich", "Espace de travail", "ワークスペース"}
    app.close()
print("ok", lokale.accelerated())
"""

# close() from inside a call of the same thread (a change callback closing its runtime and the
# bundle it is looking up in) neither deadlocks nor frees what the running call uses.
CLOSE_FROM_CALLBACK = r"""
import sys
import lokale

app_path = sys.argv[1]
runtime = lokale.Runtime(["en"], settings_path="")
app = runtime.open(app_path, main=True)
seen = []

def closer(rt):
    seen.append(app.string("workspace.title"))
    app.close()
    rt.close()

runtime.on_change(closer)
runtime.set_language("de")
assert seen == ["Arbeitsbereich"], seen
assert runtime.closed and app.closed
for call in (lambda: app.string("workspace.title"), lambda: runtime.language):
    try:
        call()
    except lokale.ClosedError:
        pass
    else:
        raise AssertionError("no ClosedError")
print("ok", lokale.accelerated())
"""


def _backends() -> Dict[str, Dict[str, str]]:
    return {"ctypes": {"LOKALE_PURE_PYTHON": "1"}, "speedups": {"LOKALE_PURE_PYTHON": "0"}}


def _run(script: str, backend: str, *argv: str) -> str:
    env = dict(os.environ, **_backends()[backend])
    env["PYTHONPATH"] = os.pathsep.join([str(PACKAGE_ROOT), env.get("PYTHONPATH", "")])
    env["PYTHONFAULTHANDLER"] = "1"  # a crash prints the threads' stacks
    ran = subprocess.run([sys.executable, "-c", textwrap.dedent(script), *argv], capture_output=True,
                         text=True, env=env, timeout=300)
    assert ran.returncode == 0, f"exit status {ran.returncode}\n{ran.stdout}\n{ran.stderr[-6000:]}"
    return ran.stdout


def _check_backend(backend: str) -> None:
    if backend == "speedups":
        try:
            import lokale._speedups  # noqa: F401
        except ImportError:
            pytest.skip("the C accelerator is not built")


@pytest.mark.parametrize("backend", ["ctypes", "speedups"])
def test_closing_a_bundle_under_running_calls(backend: str, app_path: Path, panel_path: Path) -> None:
    _check_backend(backend)
    out = _run(CLOSE_BUNDLE, backend, str(app_path), str(panel_path))
    assert out.split() == ["ok", str(backend == "speedups")]


@pytest.mark.parametrize("backend", ["ctypes", "speedups"])
def test_closing_a_runtime_under_running_calls(backend: str, app_path: Path) -> None:
    _check_backend(backend)
    out = _run(CLOSE_RUNTIME, backend, str(app_path))
    assert out.split() == ["ok", str(backend == "speedups")]


@pytest.mark.parametrize("backend", ["ctypes", "speedups"])
def test_closing_from_inside_a_call(backend: str, app_path: Path) -> None:
    _check_backend(backend)
    out = _run(CLOSE_FROM_CALLBACK, backend, str(app_path))
    assert out.split() == ["ok", str(backend == "speedups")]


def test_calls_after_close_raise_closed_error(runtime_factory, app_path: Path) -> None:  # type: ignore[no-untyped-def]
    runtime = runtime_factory(["de"])
    app = runtime.open(app_path)
    assert app.string("workspace.title") == "Arbeitsbereich"  # remembered
    app.close()
    app.close()  # idempotent
    calls = [
        lambda: app.string("workspace.title"),
        lambda: app.lookup("workspace.title"),
        lambda: app.string("workspace.title", default="x"),
        lambda: app.format("summary.item-count", 3),
        lambda: app.format("summary.item-count", decimal.Decimal("2")),  # the accelerator's fallback
        lambda: app.explain("workspace.title"),
        lambda: app.format_problems("workspace.title"),
        lambda: app.preferred_localizations,
        lambda: app.reload(),
    ]
    for call in calls:
        with pytest.raises(lokale.ClosedError):
            call()
