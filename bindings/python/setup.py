"""Build hook of the lokale package (the metadata lives in pyproject.toml).

When the package is built, ``lokale/_build_info.py`` is written into the build tree with the path
of the Lokale checkout it was built from, so that an installed package finds
``<checkout>/build/lib/liblokale.so`` from any working directory. Set ``LOKALE_BUNDLE_LIBRARY`` to
the path of a ``liblokale.so`` (or to ``1`` for the checkout's ``build/lib/liblokale.so``) to copy
the library into the package itself.

The C accelerator ``lokale._speedups`` (``lokale/_speedups.c``, plain C over ``include/lokale.h``)
is built when a compiler, Python's headers and ``lokale.h`` are present, and skipped with a
warning otherwise: the package then uses ctypes alone, with the same behaviour. Set
``LOKALE_NO_SPEEDUPS=1`` to skip it deliberately; ``LOKALE_INCLUDE_DIR`` names the folder of
``lokale.h`` when the package is built outside a Lokale checkout.
"""

from __future__ import annotations

import os
import shutil
import sys
import sysconfig
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
LIBRARY_NAMES = ("liblokale.so", "liblokale.dylib", "lokale.dll")


def checkout_root() -> "Path | None":
    """The Lokale checkout holding this package (bindings/python), if it is one. A copy of the
    package elsewhere (`make wheel` builds one under build/wheel/) is not: nothing of the machine
    that built a wheel is recorded in it."""
    root = HERE.parent.parent
    if HERE.name != "python" or HERE.parent.name != "bindings":
        return None
    return root if (root / "include" / "lokale.h").is_file() else None


class BuildPy(build_py):
    def run(self) -> None:
        super().run()
        if self.dry_run:
            return
        target = Path(self.build_lib) / "lokale"
        target.mkdir(parents=True, exist_ok=True)
        root = checkout_root()
        (target / "_build_info.py").write_text(
            '"""Written by setup.py when the package was built."""\n\n'
            f"REPOSITORY_ROOT = {str(root) if root else None!r}\n",
            encoding="utf-8",
        )
        bundled = os.environ.get("LOKALE_BUNDLE_LIBRARY")
        # build/ is reused between builds: drop a library an earlier build bundled, unless the
        # source package itself carries one, and the modules the source no longer has.
        for name in LIBRARY_NAMES:
            if not (HERE / "lokale" / name).is_file():
                (target / name).unlink(missing_ok=True)
        for module in target.glob("*.py"):
            if module.name != "_build_info.py" and not (HERE / "lokale" / module.name).is_file():
                module.unlink()
        if bundled:
            source = (
                root / "build" / "lib" / "liblokale.so"
                if bundled == "1" and root is not None
                else Path(bundled)
            )
            if not source.is_file():
                raise SystemExit(f"LOKALE_BUNDLE_LIBRARY: {source} does not exist")
            shutil.copy2(source, target / source.name)


def header_folder() -> "Path | None":
    """The folder holding lokale.h: LOKALE_INCLUDE_DIR, else the checkout's include/."""
    candidates = []
    if os.environ.get("LOKALE_INCLUDE_DIR"):
        candidates.append(Path(os.environ["LOKALE_INCLUDE_DIR"]))
    root = checkout_root()
    if root is not None:
        candidates.append(root / "include")
    for folder in candidates:
        if (folder / "lokale.h").is_file():
            return folder
    return None


def warn(message: str) -> None:
    sys.stderr.write(f"lokale: {message}; the ctypes path will be used (same behaviour, slower calls)\n")


class OptionalBuildExt(build_ext):
    """Builds lokale._speedups if it can; any failure only skips the accelerator."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:  # no compiler, no Python.h: DistutilsPlatformError and friends
            warn(f"the C accelerator was not built ({exc})")

    def build_extension(self, ext: Extension) -> None:
        try:
            super().build_extension(ext)
        except Exception as exc:  # CCompilerError, DistutilsExecError, OSError...
            warn(f"the C accelerator {ext.name} was not built ({exc})")


def extensions() -> list:
    if os.environ.get("LOKALE_NO_SPEEDUPS", "") not in ("", "0"):
        return []
    if sys.implementation.name != "cpython":
        return []
    include = header_folder()
    if include is None:
        warn("lokale.h was not found (set LOKALE_INCLUDE_DIR)")
        return []
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").is_file():
        warn("Python.h was not found (install the Python development headers)")
        return []
    return [
        Extension(
            "lokale._speedups",
            sources=["lokale/_speedups.c"],
            depends=["lokale/_speedups_memo.h", "lokale/_speedups_method.h"],  # included by _speedups.c
            include_dirs=[str(include)],
            extra_compile_args=["-O2"] if os.name != "nt" else [],
            optional=True,
        )
    ]


setup(cmdclass={"build_py": BuildPy, "build_ext": OptionalBuildExt}, ext_modules=extensions())
