"""Build hook of the lokale package (the metadata lives in pyproject.toml).

When the package is built, ``lokale/_build_info.py`` is written into the build tree with the path
of the Lokale checkout it was built from, so that an installed package finds
``<checkout>/build/lib/liblokale.so`` from any working directory. Set ``LOKALE_BUNDLE_LIBRARY`` to
the path of a ``liblokale.so`` (or to ``1`` for the checkout's ``build/lib/liblokale.so``) to copy
the library into the package itself, with the C++ shims over ICU beside it (``liblokale-icu.so``,
which the library loads with ICU on first need) when the build has them.

The C accelerator ``lokale._speedups`` (``lokale/_speedups.c``, plain C over ``include/lokale.h``)
is built when a compiler, Python's headers and ``lokale.h`` are present, and skipped with a
warning otherwise: the package then uses ctypes alone, with the same behaviour. Set
``LOKALE_NO_SPEEDUPS=1`` to skip it deliberately; ``LOKALE_INCLUDE_DIR`` names the folder of
``lokale.h`` when the package is built outside a Lokale checkout. The accelerator is built against
the stable ABI of Python 3.8 (``Py_LIMITED_API``; ``_speedups.abi3.so``), so a wheel with it is
tagged ``cp38-abi3`` and installs on every CPython from 3.8 on.

Set ``LOKALE_BUNDLE_CLI`` to the path of a ``lokale`` executable to ship it inside the package as
``lokale/bin/lokale`` (`make wheel` ships the self-contained one), with the whole tool it runs for
every command but lookup and explain, ``lokale-tool``, when it is beside it: the ``lokale`` console
script, ``python -m lokale`` and ``lokale.compile``/``lokale.check`` run it.
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

try:  # the wheel's tag: cp38-abi3 when the accelerator (limited API 3.8) is in it
    from setuptools.command.bdist_wheel import bdist_wheel  # setuptools >= 70.1
except ImportError:
    try:
        from wheel.bdist_wheel import bdist_wheel
    except ImportError:  # neither: sdists and in-place builds need no tag
        bdist_wheel = None

# The oldest CPython whose stable ABI the accelerator is built against (Py_LIMITED_API's value).
LIMITED_API = (3, 8)

HERE = Path(__file__).resolve().parent
LIBRARY_NAMES = ("liblokale.so", "liblokale.dylib", "lokale.dll")
ICU_SHIMS = "liblokale-icu.so"


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
        for name in LIBRARY_NAMES + (ICU_SHIMS,):
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
            if (source.parent / ICU_SHIMS).is_file():
                shutil.copy2(source.parent / ICU_SHIMS, target / ICU_SHIMS)
        # The command line, when one is shipped: copy2 keeps its executable bit, and pip keeps it
        # when it installs the wheel (the file's mode is recorded in the archive).
        shutil.rmtree(target / "bin", ignore_errors=True)
        cli = os.environ.get("LOKALE_BUNDLE_CLI")
        if cli:
            if not os.access(cli, os.X_OK):
                raise SystemExit(f"LOKALE_BUNDLE_CLI: {cli} is not an executable file")
            (target / "bin").mkdir()
            shutil.copy2(cli, target / "bin" / "lokale")
            tool = Path(cli).parent / "lokale-tool"
            if tool.is_file():
                shutil.copy2(tool, target / "bin" / "lokale-tool")


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
        if self.inplace:
            # A build of before the stable ABI (_speedups.cpython-311-….so) would be imported
            # before _speedups.abi3.so: Python tries the version's own suffix first.
            folder = Path(self.get_ext_fullpath(ext.name)).parent
            for stale in folder.glob(ext.name.rpartition(".")[2] + ".cpython-*"):
                stale.unlink()
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
            # Included by _speedups.c.
            depends=["lokale/_speedups_abi3.h", "lokale/_speedups_memo.h", "lokale/_speedups_method.h",
                     "lokale/_speedups_start.h"],
            include_dirs=[str(include)],
            define_macros=[("Py_LIMITED_API", "0x%02X%02X0000" % LIMITED_API)],
            py_limited_api=True,  # named _speedups.abi3.so
            extra_compile_args=["-O2"] if os.name != "nt" else [],
            # Built on the stable ABI, the module calls little of libc (dlopen: in libc from glibc
            # 2.34, the interpreter's before), and the linker may leave libc.so.6 out of its NEEDED
            # entries: auditwheel then cannot tell its libc (glibc, manylinux; or musl) and refuses
            # to repair the wheel. Named explicitly.
            extra_link_args=["-Wl,--no-as-needed", "-lc"] if sys.platform.startswith("linux") else [],
            optional=True,
        )
    ]


commands = {"build_py": BuildPy, "build_ext": OptionalBuildExt}
if bdist_wheel is not None:

    class AbiWheel(bdist_wheel):
        """Tags the wheel cp38-abi3 (one wheel for every CPython from 3.8 on) when it carries the
        accelerator, which is built against that stable ABI; a wheel without it stays pure."""

        def finalize_options(self) -> None:
            if self.distribution.has_ext_modules() and sys.implementation.name == "cpython":
                self.py_limited_api = "cp%d%d" % LIMITED_API
            super().finalize_options()

    commands["bdist_wheel"] = AbiWheel

setup(cmdclass=commands, ext_modules=extensions())
