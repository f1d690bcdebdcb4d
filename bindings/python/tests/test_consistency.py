"""What the binding declares again beside the C library agrees with it: the version, the status
codes, and the package's public surface (no private names, type hints on everything public)."""

from __future__ import annotations

import inspect
import os
import re
import subprocess
import sys
import types
import typing
from pathlib import Path
from typing import Dict, Optional

import pytest

import lokale
from lokale import _library, _version

from conftest import PACKAGE_ROOT, REPO


def _header() -> Optional[str]:
    """include/lokale.h without its comments: LOKALE_INCLUDE_DIR's, else the checkout's."""
    folders = [Path(os.environ["LOKALE_INCLUDE_DIR"])] if os.environ.get("LOKALE_INCLUDE_DIR") else []
    folders.append(REPO / "include")
    for folder in folders:
        if (folder / "lokale.h").is_file():
            text = (folder / "lokale.h").read_text(encoding="utf-8")
            return re.sub(r"/\*.*?\*/|//[^\n]*", " ", text, flags=re.S)
    return None


HEADER = _header()
needs_header = pytest.mark.skipif(HEADER is None, reason="include/lokale.h is not reachable")


# -- the version ----------------------------------------------------------------------------------


def test_one_version() -> None:
    assert lokale.__version__ is _version.__version__
    assert lokale.__version__ == lokale.library_version()


def test_pyproject_reads_the_version_from_the_package() -> None:
    text = (PACKAGE_ROOT / "pyproject.toml").read_text(encoding="utf-8")
    project = text.split("[project]", 1)[1].split("\n[", 1)[0]
    assert not re.search(r"^version\s*=", project, re.M), "pyproject.toml must not write the version"
    assert re.search(r'^dynamic\s*=\s*\[[^\]]*"version"', project, re.M)
    assert re.search(r'^version\s*=\s*\{\s*attr\s*=\s*"lokale\._version\.__version__"\s*\}', text, re.M)
    # What setuptools makes of it (no build: the metadata only).
    result = subprocess.run([sys.executable, "setup.py", "--version"], cwd=str(PACKAGE_ROOT),
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split()[-1] == lokale.__version__


@needs_header
def test_header_version_is_the_package_version() -> None:
    assert HEADER is not None
    parts = [re.search(rf"#\s*define\s+LOKALE_VERSION_{name}\s+\(?(\d+)\)?", HEADER) for name in
             ("MAJOR", "MINOR", "PATCH")]
    assert all(parts), "LOKALE_VERSION_MAJOR/MINOR/PATCH not found in lokale.h"
    assert ".".join(m.group(1) for m in parts if m) == lokale.__version__
    literal = re.search(r'#\s*define\s+LOKALE_VERSION_STRING\s+"([^"]*)"', HEADER)
    if literal:  # written out, rather than made from the three numbers
        assert literal.group(1) == lokale.__version__


# -- the status codes -----------------------------------------------------------------------------


def test_status_names_are_the_library_names() -> None:
    lib = _library.library()
    for status in lokale.Status:
        assert lib.lokale_status_name(status.value).decode("ascii") == "LOKALE_" + status.name
    # And the library names no code the enumeration lacks.
    unknown = lib.lokale_status_name(-1000)
    named = {code for code in range(-64, 64) if lib.lokale_status_name(code) != unknown}
    assert named == {status.value for status in lokale.Status}


@needs_header
def test_status_codes_are_the_header_codes() -> None:
    assert HEADER is not None
    found: Dict[str, int] = {}
    pattern = r"\bLOKALE_(OK|ERROR|E[A-Z]+)\b(?:\s*=\s*|\s+)\(?\s*(-?\d+)\s*\)?"
    for name, value in re.findall(pattern, HEADER):
        assert found.setdefault(name, int(value)) == int(value), name
    assert found == {status.name: status.value for status in lokale.Status}


@needs_header
def test_loading_values_are_the_header_flags() -> None:
    assert HEADER is not None
    flags = dict(re.findall(r"#\s*define\s+LOKALE_OPEN_(COPY|MAP)\s+(\d+)u?", HEADER))
    assert {name: int(value) for name, value in flags.items()} == {"COPY": lokale.Loading.COPY, "MAP": lokale.Loading.MAP}
    assert lokale.Loading.AUTO == 0


def test_errors_carry_the_status() -> None:
    runtime = lokale.Runtime(["en"], settings_path="")
    try:
        with pytest.raises(lokale.InvalidArgument) as info:
            runtime.set_language("not a language!")
        assert info.value.status == lokale.Status.EINVAL
        assert info.value.status_name == "LOKALE_" + lokale.Status.EINVAL.name
    finally:
        runtime.close()


# -- the public surface ---------------------------------------------------------------------------


def test_no_private_names_in_the_package_namespace() -> None:
    # dir() shows the public API and dunders only (PEP 562 __dir__), not the private submodules.
    assert [n for n in dir(lokale) if n.startswith("_") and not n.endswith("__")] == []
    assert [n for n in dir(lokale) if not n.startswith("__")] == sorted(lokale.__all__)
    for name in vars(lokale):
        if name in lokale.__all__ or (name.startswith("__") and name.endswith("__")):
            continue
        value = getattr(lokale, name)
        # Submodules are bound on the package by the import system itself.
        assert isinstance(value, types.ModuleType) and value.__name__ == f"lokale.{name}", name
    assert all(hasattr(lokale, name) for name in lokale.__all__)
    assert (Path(lokale.__file__).parent / "py.typed").is_file()


def _unannotated(function: object, owner: str) -> list:
    """What lacks a type hint in a function's signature, or a hint that does not resolve."""
    try:
        signature = inspect.signature(function)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return []
    missing = [f"{owner}({p.name})" for p in signature.parameters.values()
               if p.name not in ("self", "cls") and p.annotation is inspect.Parameter.empty]
    if signature.return_annotation is inspect.Signature.empty:
        missing.append(f"{owner} -> ?")
    try:
        typing.get_type_hints(function)
    except Exception as exc:  # a name the module does not define at run time
        missing.append(f"{owner}: {exc!r}")
    return missing


def test_public_api_is_annotated() -> None:
    missing = []
    for name in lokale.__all__:
        value = getattr(lokale, name)
        if inspect.isclass(value):
            try:
                typing.get_type_hints(value)  # dataclass fields, attributes
            except Exception as exc:
                missing.append(f"{name}: {exc!r}")
        if inspect.isfunction(value):
            missing += _unannotated(value, name)
        elif inspect.isclass(value) and not issubclass(value, (BaseException, int)):
            for attribute, member in vars(value).items():
                if attribute.startswith("_") and attribute != "__init__":
                    continue
                if isinstance(member, property):
                    missing += _unannotated(member.fget, f"{name}.{attribute}")
                    if member.fset is not None:
                        missing += _unannotated(member.fset, f"{name}.{attribute}=")
                elif inspect.isfunction(member):
                    missing += _unannotated(member, f"{name}.{attribute}")
    assert not missing
