"""``_abi`` is the binding's one copy of the constants of ``include/lokale.h``: each agrees with the
header (skipped only where the header is absent, as in an installed wheel), and no other module of
the package, nor the C accelerator, writes those values again."""

from __future__ import annotations

import ast
import re
from typing import Dict, Iterator, Tuple

import pytest

from lokale import _abi

from conftest import PACKAGE_ROOT

SOURCES = PACKAGE_ROOT / "lokale"
HEADER_PATH = PACKAGE_ROOT.parent.parent / "include" / "lokale.h"  # bindings/python/../../include
BINDING_OWN = {"MEMO_LIMIT"}  # _abi's bound of the binding's memos: not a constant of the header


def _header_constants() -> Dict[str, int]:
    """Every ``#define LOKALE_X <integer>`` and every enumerator ``LOKALE_X = <integer>``, by X."""
    text = re.sub(r"/\*.*?\*/|//[^\n]*", " ", HEADER_PATH.read_text(encoding="utf-8"), flags=re.S)
    found: Dict[str, int] = {}
    defines = re.findall(r"^\s*#\s*define\s+LOKALE_(\w+)\s+\(?(-?\d+)[uU]?\)?\s*$", text, re.M)
    enumerators = [pair for body in re.findall(r"\benum\s+\w+\s*\{(.*?)\}", text, re.S)
                   for pair in re.findall(r"\bLOKALE_(\w+)\s*=\s*(-?\d+)", body)]
    for name, value in defines + enumerators:
        assert found.setdefault(name, int(value)) == int(value), f"LOKALE_{name} has two values"
    return found


def _header_enum(type_name: str, prefix: str) -> Dict[str, int]:
    """The enumerators of ``typedef enum type_name``, without ``LOKALE_`` and ``prefix``."""
    text = re.sub(r"/\*.*?\*/|//[^\n]*", " ", HEADER_PATH.read_text(encoding="utf-8"), flags=re.S)
    body = re.search(rf"\benum\s+{type_name}\s*\{{(.*?)\}}", text, re.S)
    assert body, f"enum {type_name} not found in {HEADER_PATH}"
    return {name: int(value) for name, value in re.findall(rf"\bLOKALE_{prefix}(\w+)\s*=\s*(-?\d+)", body.group(1))}


def _abi_constants() -> Dict[str, int]:
    """_abi's upper-case int constants (the tables are checked apart)."""
    return {name: value for name, value in vars(_abi).items()
            if name.isupper() and type(value) is int and name not in BINDING_OWN}


needs_header = pytest.mark.skipif(not HEADER_PATH.is_file(), reason=f"{HEADER_PATH} is absent (an installed package)")


@needs_header
def test_every_constant_is_the_headers() -> None:
    header = _header_constants()
    constants = _abi_constants()
    assert {"MESSAGE_VERSION", "LANGUAGES_REMEMBERED", "OK", "STEP_KEY", "OPEN_MAP", "ARG_STRING"} <= set(constants)
    wrong = {name: (value, header.get(name)) for name, value in constants.items() if header.get(name) != value}
    assert not wrong, f"_abi value, lokale.h value: {wrong}"


@needs_header
@pytest.mark.parametrize("table, type_name, prefix", [
    ("STATUS", "lokale_status", ""),
    ("STEP", "lokale_step", "STEP_"),
    ("DEVICE", "lokale_device", "DEVICE_"),
    ("STRATEGY", "lokale_strategy", "STRATEGY_"),
    ("FALLBACK", "lokale_fallback_policy", "FALLBACK_"),
])
def test_every_enumeration_is_the_headers(table: str, type_name: str, prefix: str) -> None:
    assert getattr(_abi, table) == _header_enum(type_name, prefix)


@needs_header
def test_argument_types_and_loading_flags_are_the_headers() -> None:
    arg_types = _header_enum("lokale_arg_type", "ARG_")
    assert {name: getattr(_abi, f"ARG_{name}") for name in arg_types} == arg_types
    header = _header_constants()
    assert _abi.LOADING == {"AUTO": 0, "COPY": header["OPEN_COPY"], "MAP": header["OPEN_MAP"]}


# -- no module repeats them -----------------------------------------------------------------------

# Values that only _abi may write: the status codes but OK and ERROR (0 and -1 are everywhere), and
# the bounds.
REPEATED = {value for value in _abi.STATUS.values() if value < -1} | {_abi.LANGUAGES_REMEMBERED, _abi.MEMO_LIMIT}


def _int_literals(tree: ast.AST) -> Iterator[Tuple[int, int]]:
    """(line, value) of each int literal, a negative one (``-6``) as its value; not indexes
    (``entry[-3]``) nor range() arguments, which are positions rather than values."""
    positions = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Subscript):
            positions.update(id(n) for n in ast.walk(node.slice))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "range":
            positions.update(id(n) for arg in node.args for n in ast.walk(arg))
    negated = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub) and isinstance(node.operand, ast.Constant):
            negated.add(id(node.operand))
            if type(node.operand.value) is int and id(node) not in positions:
                yield node.lineno, -node.operand.value
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and type(node.value) is int and id(node) not in negated | positions:
            yield node.lineno, node.value


def _c_literals(line: str) -> Iterator[int]:
    """The int literals of a line of C, a negative one as its value when its minus is unary (not
    after an operand: in ``size - 3`` the literal is 3)."""
    for match in re.finditer(r"(-\s*)?\b(\d+)[uUlL]*\b", line):
        token = re.search(r"(\w+|\S)?$", line[:match.start()].rstrip()).group(0)  # type: ignore[union-attr]
        operand = token in (")", "]") or (token[:1].isalnum() or token[:1] == "_") and token not in ("return", "case")
        unary = bool(match.group(1)) and not operand
        yield -int(match.group(2)) if unary else int(match.group(2))


def test_no_module_writes_the_values_again() -> None:
    names = set(_abi_constants()) | BINDING_OWN | {"STATUS", "STEP", "DEVICE", "STRATEGY", "FALLBACK", "LOADING"}
    found = []
    for path in sorted(SOURCES.glob("*.py")):
        if path.name == "_abi.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        found += [f"{path.name}:{line}: {value}" for line, value in _int_literals(tree) if value in REPEATED]
        # A name of _abi's given a value of its own (``MESSAGE_VERSION = 4``, ``STATUS = {...}``).
        for node in ast.walk(tree):
            literal = (ast.Constant, ast.Dict, ast.UnaryOp)
            if isinstance(node, (ast.Assign, ast.AnnAssign)) and isinstance(node.value, literal):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                found += [f"{path.name}:{node.lineno}: {t.id} =" for t in targets
                          if isinstance(t, ast.Name) and t.id.lstrip("_") in names]
    assert not found, "write these as _abi's names:\n" + "\n".join(found)


def test_the_accelerator_takes_them_from_python() -> None:
    found = []
    for path in sorted([*SOURCES.glob("*.c"), *SOURCES.glob("*.h")]):
        text = re.sub(r"/\*.*?\*/|//[^\n]*", " ", path.read_text(encoding="utf-8"), flags=re.S)
        for number, line in enumerate(text.splitlines(), 1):
            if REPEATED & set(_c_literals(line)) or re.search(r"#\s*define\s+\w*(VERSION|LIMIT|REMEMBERED)\w*\s+\d", line):
                found.append(f"{path.name}:{number}: {line.strip()}")
    assert not found, "pass these from _abi through init():\n" + "\n".join(found)


def test_the_checks_see_a_repeated_value() -> None:
    tree = ast.parse("x = -6\ny = {'EINVAL': -2}\nz = 1024\nentry = bound[-3]\nr = range(9, -1, -3)\n")
    assert sorted(v for _, v in _int_literals(tree) if v in REPEATED) == [-6, -2, 1024]
    assert list(_c_literals("if (status == -6 || n - 3 > 100000u) return -2;")) == [-6, 3, 100000, -2]
