"""Runs every ```python block of docs/PYTHON.md, in order, in one namespace, from the checkout.

A block whose first line is ``# requires: MODULE`` (a third-party module, such as jinja2 for the
Jinja2 example) runs when MODULE can be imported; otherwise the other blocks run, and the test is
then reported as skipped, naming the module."""

from __future__ import annotations

import importlib.util
import re

import pytest

from conftest import REPO

GUIDE = REPO / "docs" / "PYTHON.md"
BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)
REQUIRES = re.compile(r"\A# requires: ([\w.]+)\n")


def blocks() -> list:
    return BLOCK.findall(GUIDE.read_text(encoding="utf-8"))


def test_the_guide_has_examples() -> None:
    assert len(blocks()) >= 8


def test_python_guide_runs(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> None:
    monkeypatch.chdir(REPO)
    namespace: dict = {"__name__": "__docs__"}
    skipped = []
    for index, source in enumerate(blocks(), 1):
        required = REQUIRES.match(source)
        if required and importlib.util.find_spec(required.group(1)) is None:
            skipped.append(f"block {index} needs {required.group(1)} (pip install {required.group(1)})")
            continue
        code = compile(source, f"{GUIDE}:block{index}", "exec")
        exec(code, namespace)
    output = capsys.readouterr().out
    assert "refused:" in output and "Deutsch" in output
    if skipped:
        pytest.skip("the other blocks ran; " + "; ".join(skipped))
