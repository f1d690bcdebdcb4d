"""The package's modules import each other without a cycle, in layers: the library, the runtime,
the bundle, then what is built on a bundle (gettext's protocol, deferred messages). Read from the
sources with :mod:`ast`: imports at the top of a module and inside functions alike; only those
under ``if TYPE_CHECKING:``, which never run, are left out."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Dict, List, Optional, Set

from conftest import PACKAGE_ROOT

PACKAGE = "lokale"
SOURCES = PACKAGE_ROOT / PACKAGE
EXTENSIONS = ("_speedups", "_build_info")  # modules without a source here: built, or written by setup.py

# Each module's layer: a module may import modules of its own layer or below. A new module must be
# placed here.
LAYERS: Dict[str, int] = {
    **dict.fromkeys(("_version", "_abi", "_errors", "_enums", "_args", "_guard", "_parts", "_library",
                     "_cdecl", "_ccall", "_packing", *EXTENSIONS, "_backend_ctypes", "_backend_speedups", "_backend"),
                    0),
    # _gettext: below the bundle, which imports it on its first gettext call.
    **dict.fromkeys(("_languages", "_runtime", "_callbacks", "_message_format", "_named", "_gettext"), 1),
    "_bundle": 2,
    **dict.fromkeys(("_message", "_web"), 3),
    "_tools": 0,  # compile() and check(): the command line, run as a subprocess
    "": 4,  # the package itself (__init__), which imports every layer
    "__main__": 4,  # python -m lokale: the command line
    **dict.fromkeys(("asgi", "wsgi"), 4),  # the web middlewares, imported by applications only
}


def _module_name(path: Path) -> str:
    return "" if path.stem == "__init__" else path.stem


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(tree: ast.AST) -> Set[str]:
    """The package's modules a module imports ("" for the package), anywhere in it but in the
    body of ``if TYPE_CHECKING:``."""
    found: Set[str] = set()

    def target(base: str, name: str) -> str:
        # ``from . import _enums``: a submodule when one has that name, else a name of the package.
        if base == "" and ((SOURCES / f"{name}.py").is_file() or name in EXTENSIONS):
            return name
        return base

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                if parts[0] == PACKAGE:
                    found.add(parts[1] if len(parts) > 1 else "")
        elif isinstance(node, ast.ImportFrom):
            if node.level == 1:
                base = node.module or ""
            elif node.level == 0 and node.module and node.module.split(".")[0] == PACKAGE:
                base = node.module.split(".", 1)[1] if "." in node.module else ""
            else:
                base = None
            if base is not None:
                for alias in node.names:
                    found.add(target(base, alias.name))
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


def _graph() -> Dict[str, Set[str]]:
    modules = sorted(SOURCES.glob("*.py"))
    assert len(modules) > 10, SOURCES
    return {_module_name(path): _imports(ast.parse(path.read_text(encoding="utf-8"), str(path)))
            for path in modules}


def _cycle(graph: Dict[str, Set[str]]) -> Optional[List[str]]:
    """A cycle of ``graph`` as the list of its modules (the first repeated at the end), or None."""
    state: Dict[str, int] = {}  # 1: on the current path, 2: done
    path: List[str] = []

    def visit(module: str) -> Optional[List[str]]:
        state[module] = 1
        path.append(module)
        for imported in sorted(graph.get(module, ())):
            if state.get(imported) == 1:
                return path[path.index(imported):] + [imported]
            if imported not in state:
                found = visit(imported)
                if found:
                    return found
        path.pop()
        state[module] = 2
        return None

    for module in sorted(graph):
        if module not in state:
            found = visit(module)
            if found:
                return found
    return None


def _names(modules: List[str]) -> str:
    return " -> ".join(f"{PACKAGE}.{m}" if m else PACKAGE for m in modules)


def test_the_reader_sees_every_kind_of_import() -> None:
    source = (
        "from . import _abi, _runtime as r\nfrom ._bundle import Bundle\nimport lokale._enums\n"
        "import lokale\nfrom lokale._args import x\nfrom lokale import _guard\nimport os\n"
        "def f():\n    from ._message import Message\n"
        "if TYPE_CHECKING:\n    from ._gettext import Translations\nelse:\n    from ._parts import Part\n"
    )
    assert _imports(ast.parse(source)) == {"_abi", "_runtime", "_bundle", "_enums", "", "_args", "_guard",
                                           "_message", "_parts"}
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None


def test_no_import_cycle() -> None:
    cycle = _cycle(_graph())
    assert cycle is None, f"import cycle: {_names(cycle or [])}"


def test_each_module_imports_only_its_layer_and_below() -> None:
    graph = _graph()
    unplaced = sorted(set(graph) - set(LAYERS))
    assert not unplaced, f"place these modules in LAYERS: {unplaced}"
    upward = [f"{_names([module, imported])} (layer {LAYERS[module]} -> {LAYERS[imported]})"
              for module, imports in sorted(graph.items()) for imported in sorted(imports)
              if LAYERS.get(imported, 0) > LAYERS[module]]
    assert not upward, "imports of a higher layer:\n" + "\n".join(upward)
