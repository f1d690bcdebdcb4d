"""Runs every ```python block of docs/PYTHON.md, in order, in one namespace, from the checkout."""

from __future__ import annotations

import re

import pytest

from conftest import REPO

GUIDE = REPO / "docs" / "PYTHON.md"
BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)


def blocks() -> list:
    return BLOCK.findall(GUIDE.read_text(encoding="utf-8"))


def test_the_guide_has_examples() -> None:
    assert len(blocks()) >= 8


def test_python_guide_runs(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> None:
    monkeypatch.chdir(REPO)
    namespace: dict = {"__name__": "__docs__"}
    for index, source in enumerate(blocks(), 1):
        code = compile(source, f"{GUIDE}:block{index}", "exec")
        exec(code, namespace)
    output = capsys.readouterr().out
    assert "refused:" in output and "Deutsch" in output
