"""What ``import lokale`` costs a Python start (benchmarks/python_startup.py measures it, with the
first Runtime()): the standard library modules it keeps out of a start stay out, and the plain
ints the binding uses in their place agree with the public enums. No timing here: the imported
modules are what a test can check reliably."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import List

import pytest

import lokale
from lokale import _abi, _errors

from conftest import PACKAGE_ROOT

# Each adds to a start (typing most: it imports re, enum, functools, collections and contextlib),
# and none is needed before a program asks for what uses it: lokale.Step and the other enums
# (enum), lokale.Arg and typing.get_type_hints (typing), a Decimal argument (decimal, numbers), a
# deprecated name or a failing callback (warnings).
LAZY = ("typing", "enum", "decimal", "numbers", "threading", "weakref", "functools", "collections",
        "re", "warnings", "contextlib", "dataclasses", "json", "logging", "pathlib", "ctypes.util")

PROBE = """
import sys
before = set(sys.modules)
import lokale
{work}
new = sorted(set(sys.modules) - before)
import json
print(json.dumps({{"new": new, "before": sorted(before)}}))
"""


def _run(*args: str) -> "subprocess.CompletedProcess[str]":
    """A new interpreter, in PACKAGE_ROOT, importing lokale from this checkout."""
    env = dict(os.environ, PYTHONPATH=str(PACKAGE_ROOT))
    if env.get("LOKALE_LIBRARY"):  # run from PACKAGE_ROOT: a relative path would not be found
        env["LOKALE_LIBRARY"] = os.path.abspath(env["LOKALE_LIBRARY"])
    return subprocess.run([sys.executable, *args], env=env, capture_output=True, text=True,
                          cwd=str(PACKAGE_ROOT))


def _new_modules(work: str) -> List[str]:
    """The modules a new interpreter imports for ``import lokale`` and ``work``: without site (-S),
    so that no .pth file of the machine imports them first."""
    result = _run("-S", "-c", PROBE.format(work=work))
    assert result.returncode == 0, result.stderr
    found = json.loads(result.stdout)
    preloaded = [name for name in LAZY if name in found["before"]]
    if preloaded:
        pytest.skip(f"this interpreter imports {preloaded} before any code runs")
    return list(found["new"])


# The modules that reach the library through ctypes: with the accelerator, which loads the library
# and makes the calls of a start itself, a program's first messages import none of them.
CTYPES = ("ctypes", "_ctypes", "lokale._cdecl", "lokale._ccall", "lokale._packing", "lokale._backend_ctypes")


def test_import_and_first_runtime_keep_the_standard_library_out() -> None:
    new = _new_modules("lokale.Runtime(['de'], settings_path='').close()")
    assert "lokale._runtime" in new
    assert not [name for name in LAZY if name in new]
    if lokale.accelerated():
        assert not [name for name in CTYPES if name in new]
    else:
        assert "ctypes" in new and "lokale._backend_ctypes" in new


def test_a_first_lookup_keeps_it_out(app_path: Path) -> None:
    # What a program does at start: open its bundle, look a message up, format one, close.
    new = _new_modules(
        "runtime = lokale.Runtime(['de'], settings_path='')\n"
        f"app = runtime.open({str(app_path)!r}, main=True)\n"
        "assert app.string('workspace.title') == 'Arbeitsbereich'\n"
        "assert app.format('summary.item-count', 3, default='%lld items') == '3 Objekte'\n"
        "assert app.identifier and 'de' in app.localizations and app.development_localization\n"
        "app.close(); runtime.close()\n"
    )
    assert not [name for name in LAZY if name in new]
    # Nor the modules of what it did not use: gettext's protocol, deferred and MF2 messages, a
    # request's languages, and the exceptions (made by the first failure).
    assert not {"lokale._gettext", "lokale._message", "lokale._message_format", "lokale._languages",
                "lokale._errors"} & set(new)
    if lokale.accelerated():
        assert not [name for name in CTYPES if name in new]


def _run_program(code: str, app_path: Path) -> "subprocess.CompletedProcess[str]":
    """``code`` run to its end in a new interpreter (``sys.argv[1]``: the app's bundle)."""
    result = _run("-c", code, str(app_path))
    assert result.returncode == 0, result.stderr
    return result


# A program's start, run by the snippets below in a new interpreter (sys.argv[1]: the app's bundle).
START = (
    "import sys, lokale\n"
    "runtime = lokale.Runtime(['de'], settings_path='')\n"
    "app = runtime.open(sys.argv[1], main=True)\n"
    "assert app.string('workspace.title') == 'Arbeitsbereich'\n"
)
# What the first failure raises.
NOT_FOUND = (
    "try:\n"
    "    runtime.open('/nonexistent/x.lokale')\n"
    "except lokale.NotFound as e:\n"
)


def test_ctypes_after_an_accelerated_start_reaches_the_same_library(app_path: Path) -> None:
    # The first call that needs ctypes imports it and wraps the handle the accelerator loaded:
    # one library in the process, whichever path a call takes, and failures read on either.
    code = START + (
        "from lokale import _library\n"
        "before = 'ctypes' in sys.modules\n"
        "assert runtime.preferred_languages == ['de']\n"
        "runtime.set_language('fr')\n"
        "assert app.string('workspace.title') != 'Arbeitsbereich'\n"
        "assert app.explain('summary.item-count', 3)['served'] == 'fr'\n"
        "lib = _library.library()\n"
        "assert lib.cdll._handle == lib.handle\n"
        "maps = [l.split()[-1] for l in open('/proc/self/maps') if 'liblokale.so' in l]\n"
        "assert len(set(maps)) == 1, maps\n"
    ) + NOT_FOUND + (
        "    assert 'x.lokale' in str(e) and e.status_name == 'LOKALE_ENOTFOUND', e\n"
        "try:\n"
        "    runtime.set_language('-')\n"
        "except lokale.InvalidArgument as e:\n"
        "    assert e.status_name == 'LOKALE_EINVAL' and str(e), e\n"
        "print(before, lib.native is not None)\n"
    )
    result = _run_program(code, app_path)
    accelerated = lokale.accelerated()
    assert result.stdout.split() == [str(not accelerated), str(accelerated)]


def test_a_format_the_accelerator_hands_back(app_path: Path) -> None:
    # A Decimal goes through the ctypes path: with the accelerator, that module is imported only
    # then, and finds the library already loaded.
    code = (
        "import decimal, sys, lokale\n"
        "app = lokale.Runtime(['de'], settings_path='').open(sys.argv[1], main=True)\n"
        "assert app.format('summary.item-count', 3) == '3 Objekte'\n"
        "print('lokale._backend_ctypes' in sys.modules)\n"
        "assert app.format('summary.item-count', decimal.Decimal('3')) == '3 Objekte'\n"
        "assert app.format('summary.item-count', decimal.Decimal('1')) == '1 Objekt'\n"
    )
    result = _run_program(code, app_path)
    assert result.stdout.split() == [str(not lokale.accelerated())]


def test_the_exceptions_and_a_requests_languages_are_made_on_first_use(app_path: Path) -> None:
    # The first failure makes the exceptions (lokale.NotFound is the class raised), the first call
    # given a request's languages imports them; a program exits without a word on stderr (the
    # Languages it made are freed at its exit, when nothing can be imported any more).
    code = START + (
        "assert not {'lokale._errors', 'lokale._languages'} & set(sys.modules)\n"
    ) + NOT_FOUND + (
        "    assert type(e) is sys.modules['lokale._errors'].NotFound and isinstance(e, lokale.Error)\n"
        "french = lokale.Runtime(['fr'], settings_path='').open(sys.argv[1]).string('workspace.title')\n"
        "assert french != 'Arbeitsbereich'\n"
        "assert 'lokale._languages' not in sys.modules\n"
        "with runtime.use_languages('fr') as chosen:\n"
        "    assert app.string('workspace.title') == french and isinstance(chosen, lokale.Languages)\n"
        "assert app.string('workspace.title', languages=['fr', 'de']) == french\n"
        "assert app.lookup('workspace.title', languages=['de']).text == 'Arbeitsbereich'\n"
        "assert runtime.languages(['fr', 'de']) is runtime.languages(('fr', 'de'))\n"
    )
    result = _run_program(code, app_path)
    assert result.stderr == ""


def test_the_enums_and_arg_are_made_on_first_use() -> None:
    new = _new_modules(
        "assert 'enum' not in sys.modules and 'typing' not in sys.modules\n"
        "assert lokale.Step.KEY == 5 and lokale.Loading.COPY == 4\n"
        "assert 'enum' in sys.modules and 'typing' not in sys.modules\n"
        "assert 'decimal' in str(lokale.Arg)\n"
    )
    assert {"lokale._enums", "enum", "typing", "decimal"} <= set(new)


def test_the_values_the_binding_uses_are_the_enums() -> None:
    for table, enum in ((_abi.STATUS, lokale.Status), (_abi.STEP, lokale.Step), (_abi.DEVICE, lokale.Device),
                        (_abi.STRATEGY, lokale.Strategy), (_abi.FALLBACK, lokale.Fallback),
                        (_abi.LOADING, lokale.Loading)):
        assert table == {member.name: member.value for member in enum}, enum
    S = lokale.Status
    assert (_abi.OK, _abi.EIO, _abi.ENOTFOUND, _abi.ETRUNCATED) == (S.OK, S.EIO, S.ENOTFOUND, S.ETRUNCATED)
    assert (_abi.STEP_DEFAULT, _abi.STEP_KEY) == (lokale.Step.DEFAULT, lokale.Step.KEY)
    assert {S(code).name: cls.__name__ for code, cls in _errors._BY_STATUS.items()} == {
        "EINVAL": "InvalidArgument", "EIO": "FileError", "ECORRUPT": "CorruptTable",
        "EVERSION": "UnsupportedVersion", "ENOTFOUND": "NotFound", "EFORMAT": "FormatError",
        "ENOMEM": "OutOfMemory", "ESTATE": "StateError", "ERANGE": "OutOfRange",
    }
    assert _errors.Status is lokale.Status  # type: ignore[attr-defined]  # where pickles find it


def test_runtime_returns_enum_members() -> None:
    runtime = lokale.Runtime(["en"], strategy="icu", fallback=lokale.Fallback.CHAIN, device=1,
                             settings_path="")
    try:
        assert runtime.strategy is lokale.Strategy.ICU
        assert runtime.fallback is lokale.Fallback.CHAIN
        assert runtime.device is lokale.Device.IPAD
    finally:
        runtime.close()


def test_finalizer_runs_once() -> None:
    # _guard.Finalizer stands for weakref.finalize (which imports weakref): called, collected, or
    # at exit, whichever comes first, and only once.
    from lokale._guard import Finalizer

    class Owner:
        pass

    calls: List[str] = []
    owner = Owner()
    finalizer = Finalizer(owner, lambda: calls.append("closed"))
    assert finalizer.alive
    finalizer()
    finalizer()
    del owner
    assert calls == ["closed"] and not finalizer.alive
    owner = Owner()
    finalizer = Finalizer(owner, lambda: calls.append("collected"))
    del owner  # no cycle: collected at once
    assert calls == ["closed", "collected"] and not finalizer.alive


def test_finalizers_run_at_exit_most_recent_first() -> None:
    code = (
        "import lokale\n"
        "from lokale._guard import Finalizer\n"
        "class Owner: pass\n"
        "owners = [Owner(), Owner(), Owner()]\n"
        "finalizers = [Finalizer(o, lambda i=i: print('finalized', i)) for i, o in enumerate(owners)]\n"
        "finalizers[1]()\n"
        "runtime = lokale.Runtime(['de'], settings_path='')\n"
        "print('exiting')\n"
    )
    result = _run("-c", code)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split("\n") == ["finalized 1", "exiting", "finalized 2", "finalized 0", ""]
    assert not result.stderr
