"""`pip install ./bindings/python` works, and the installed package finds liblokale from any
working directory: through the checkout recorded at build time, or a copy bundled in the package."""

from __future__ import annotations

import os
import subprocess
import sys
import venv
from pathlib import Path
from typing import Dict

import pytest

from conftest import LIBRARY, PACKAGE_ROOT

PROBE = (
    "import lokale, pathlib, sys\n"
    "assert pathlib.Path(lokale.__file__).resolve().is_relative_to(pathlib.Path(sys.argv[1]).resolve()), lokale.__file__\n"
    "print(lokale.library_path())\n"
    "with lokale.Runtime(['de'], settings_path='') as rt:\n"
    "    print(rt.open(sys.argv[2], main=True).string('workspace.title'))\n"
    "print((pathlib.Path(lokale.__file__).parent / 'py.typed').is_file())\n"
)


def _environment(**extra: str) -> Dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("LOKALE_LIBRARY", "PYTHONPATH")}
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    env.update(extra)
    return env


def _pip(python: str, *args: str, **env: str) -> None:
    result = subprocess.run(
        [python, "-m", "pip", "install", "--quiet", "--no-deps", *args, str(PACKAGE_ROOT)],
        capture_output=True, text=True, env=_environment(**env), cwd=str(PACKAGE_ROOT),
    )
    assert result.returncode == 0, f"pip install failed:\n{result.stdout}\n{result.stderr}"


def _probe(python: str, installed: Path, app: Path, cwd: Path, **env: str) -> list:
    result = subprocess.run(
        [python, "-c", PROBE, str(installed), str(app)],
        capture_output=True, text=True, env=_environment(**env), cwd=str(cwd),
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.splitlines()


def test_pip_install_target_finds_the_checkout_build(tmp_path: Path, app_path: Path) -> None:
    target = tmp_path / "site"
    _pip(sys.executable, "--target", str(target))
    assert (target / "lokale" / "py.typed").is_file()
    assert (target / "lokale" / "_build_info.py").is_file()
    assert not (target / "lokale" / "liblokale.so").exists()
    # The source's modules, no more (setuptools reuses build/: nothing left from earlier builds).
    installed = {path.name for path in (target / "lokale").glob("*.py")}
    assert installed == {path.name for path in (PACKAGE_ROOT / "lokale").glob("*.py")} | {"_build_info.py"}
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    lines = _probe(sys.executable, target, app_path, elsewhere, PYTHONPATH=str(target))
    assert lines == [str(LIBRARY), "Arbeitsbereich", "True"]
    # LOKALE_LIBRARY comes first.
    lines = _probe(sys.executable, target, app_path, elsewhere, PYTHONPATH=str(target),
                   LOKALE_LIBRARY=str(LIBRARY))
    assert lines[0] == str(LIBRARY)


def test_pip_install_into_a_venv_with_the_library_bundled(tmp_path: Path, app_path: Path) -> None:
    if sys.version_info < (3, 9):  # pragma: no cover - Path.is_relative_to in the probe
        pytest.fail("the packaging test needs Python 3.9+")
    environment = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True, symlinks=True).create(environment)
    python = str(environment / "bin" / "python")
    _pip(python, LOKALE_BUNDLE_LIBRARY="1")
    site = subprocess.run(
        [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True, text=True, check=True,
    ).stdout.strip()
    bundled = Path(site) / "lokale" / "liblokale.so"
    assert bundled.is_file()
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    lines = _probe(python, Path(site), app_path, elsewhere)
    # The copy inside the package wins over the checkout's build folder.
    assert lines == [str(bundled), "Arbeitsbereich", "True"]
