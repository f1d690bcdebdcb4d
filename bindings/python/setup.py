"""Build hook of the lokale package (the metadata lives in pyproject.toml).

When the package is built, ``lokale/_build_info.py`` is written into the build tree with the path
of the Lokale checkout it was built from, so that an installed package finds
``<checkout>/build/lib/liblokale.so`` from any working directory. Set ``LOKALE_BUNDLE_LIBRARY`` to
the path of a ``liblokale.so`` (or to ``1`` for the checkout's ``build/lib/liblokale.so``) to copy
the library into the package itself.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
LIBRARY_NAMES = ("liblokale.so", "liblokale.dylib", "lokale.dll")


def checkout_root() -> "Path | None":
    """The Lokale checkout holding this package (bindings/python), if it is one."""
    root = HERE.parent.parent
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
        # source package itself carries one.
        for name in LIBRARY_NAMES:
            if not (HERE / "lokale" / name).is_file():
                (target / name).unlink(missing_ok=True)
        if bundled:
            source = (
                root / "build" / "lib" / "liblokale.so"
                if bundled == "1" and root is not None
                else Path(bundled)
            )
            if not source.is_file():
                raise SystemExit(f"LOKALE_BUNDLE_LIBRARY: {source} does not exist")
            shutil.copy2(source, target / source.name)


setup(cmdclass={"build_py": BuildPy})
