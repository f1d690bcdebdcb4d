"""lokale.compile, lokale.check and `python -m lokale` against the real command line (conftest's CLI:
build/bin/lokale, or LOKALE_CLI): catalogs written here, compiled by it, opened by the runtime.
The wheel's copy of the command line and its console script are tested by Tests/packaging/wheel.sh."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import CLI, PACKAGE_ROOT, PLURALS_CATALOG, REPO, write_bundle_source

import lokale

# Two keys; the French translation of `count` has a text argument where the source has an integer
# (the compiler warns and uses the development text), and French lacks `hello` (check warns).
MISMATCH_CATALOG = {
    "sourceLanguage": "en",
    "version": "1.0",
    "strings": {
        "count": {"localizations": {
            "en": {"stringUnit": {"state": "translated", "value": "%lld files"}},
            "fr": {"stringUnit": {"state": "translated", "value": "%@ fichiers"}},
        }},
        "hello": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "Hello"}}}},
    },
}


@pytest.fixture(autouse=True)
def _the_tests_cli(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LOKALE_CLI", str(CLI))


def write_catalog(folder: Path, catalog: dict, name: str = "Localizable.xcstrings") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(json.dumps(catalog, indent=2), encoding="utf-8")
    return path


def line_of(path: Path, text: str) -> int:
    """The 1-based line of the first line of path holding text."""
    return next(n for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if text in line)


def test_compile_a_bundle_and_open_it(tmp_path: Path, runtime_factory) -> None:
    source = write_bundle_source(tmp_path / "Plurals", "com.example.Plurals", PLURALS_CATALOG,
                                 {"en.lproj/Menu.strings": {"open": "Open"}, "fr.lproj/Menu.strings": {"open": "Ouvrir"}})
    out = tmp_path / "Plurals.lokale"
    result = lokale.compile(source, out)
    assert isinstance(result, lokale.CompileResult)
    assert result.output == str(out) and out.is_file()
    assert result.messages == 6 + 4 + 3  # en: 5 keys + Menu's open; fr: 3 + Menu's open; ru: 3
    assert result.localizations == 3
    assert result.tables == ["Localizable", "Menu"]
    assert result.size == out.stat().st_size
    assert result.problems == []
    bundle = runtime_factory(["fr"]).open(out, main=True)
    assert bundle.string("open", table="Menu") == "Ouvrir"
    assert bundle.format("files.count", 2) == "2 fichiers"


def test_compile_options_reach_the_command_line(tmp_path: Path, runtime_factory) -> None:
    source = write_catalog(tmp_path / "src", MISMATCH_CATALOG)
    out = tmp_path / "App.lokale"
    typed = tmp_path / "app_messages.py"
    result = lokale.compile([source], out, pseudo=["accented"], bundle_id="com.example.App", emit_python=typed)
    assert result.localizations == 3  # en, fr and the pseudo-language en-XA
    assert typed.is_file() and (tmp_path / "app_messages.pyi").is_file()
    bundle = runtime_factory(["en-XA"]).open(out, main=True)
    assert bundle.identifier == "com.example.App"
    assert bundle.string("hello") not in ("Hello", "hello")  # accented


def test_compile_reports_warnings_as_problems(tmp_path: Path) -> None:
    source = write_catalog(tmp_path, MISMATCH_CATALOG)
    result = lokale.compile(source, tmp_path / "App.lokale")
    assert len(result.problems) == 1
    problem = result.problems[0]
    line = line_of(source, '"fr"')  # where the French translation of count starts
    assert (problem.file, problem.line, problem.column) == (str(source), line, None)
    assert (problem.severity, problem.kind) == ("warning", None)
    assert (problem.table, problem.localization, problem.key) == ("Localizable", "fr", "count")
    assert "integer in the source but text here" in problem.text
    # str() is the command line's own line.
    assert str(problem) == f"{source}:{line}: warning: [Localizable] fr 'count': {problem.text}"


def test_strict_compile_raises_and_writes_nothing(tmp_path: Path) -> None:
    source = write_catalog(tmp_path, MISMATCH_CATALOG)
    fresh = tmp_path / "Fresh.lokale"
    with pytest.raises(lokale.CatalogError) as caught:
        lokale.compile(source, fresh, strict=True)
    assert not fresh.exists()
    error = caught.value
    assert isinstance(error, lokale.Error) and isinstance(error, ValueError)
    assert error.returncode == 1 and "was not written" in error.stderr
    assert [(p.severity, p.line, p.key) for p in error.problems] == [("error", line_of(source, '"fr"'), "count")]
    assert str(error) == str(error.problems[0])
    # An earlier table at the output path is left as it was (the write is atomic, and never begun).
    kept = tmp_path / "Kept.lokale"
    kept.write_bytes(b"the earlier table")
    with pytest.raises(lokale.CatalogError):
        lokale.compile(source, kept, strict=True)
    assert kept.read_bytes() == b"the earlier table"


def test_a_broken_catalog_raises_with_its_place(tmp_path: Path) -> None:
    broken = tmp_path / "Broken.xcstrings"
    broken.write_text('{ "sourceLanguage": "en", "strings": { "a": ', encoding="utf-8")
    out = tmp_path / "Broken.lokale"
    with pytest.raises(lokale.CatalogError) as caught:
        lokale.compile(broken, out)
    assert not out.exists()
    [problem] = caught.value.problems
    assert (problem.file, problem.line, problem.column, problem.severity) == (str(broken), 1, 45, "error")
    assert problem.text.startswith("invalid JSON")
    # check cannot read it either: the same error, raised.
    with pytest.raises(lokale.CatalogError) as checked:
        lokale.check(broken)
    assert [(p.line, p.column) for p in checked.value.problems] == [(1, 45)]


def test_a_missing_source_raises(tmp_path: Path) -> None:
    with pytest.raises(lokale.CatalogError) as caught:
        lokale.compile(tmp_path / "Nowhere.xcstrings", tmp_path / "out.lokale")
    assert caught.value.problems and caught.value.problems[0].file == str(tmp_path / "Nowhere.xcstrings")
    assert not (tmp_path / "out.lokale").exists()


def test_refused_options_raise_invalid_argument(tmp_path: Path) -> None:
    source = write_catalog(tmp_path, MISMATCH_CATALOG)
    with pytest.raises(lokale.InvalidArgument, match="--development-region: 'no way' is not a language tag"):
        lokale.compile(source, tmp_path / "out.lokale", development_region="no way")
    with pytest.raises(lokale.InvalidArgument, match="unknown pseudo-localization 'loud'"):
        lokale.compile(source, tmp_path / "out.lokale", pseudo=["loud"])
    with pytest.raises(lokale.InvalidArgument, match="no sources"):
        lokale.compile([], tmp_path / "out.lokale")
    assert not (tmp_path / "out.lokale").exists()


def test_check(tmp_path: Path) -> None:
    source = write_catalog(tmp_path, MISMATCH_CATALOG)
    before = sorted(os.listdir(tmp_path))
    result = lokale.check(source)
    assert sorted(os.listdir(tmp_path)) == before  # writes nothing
    assert isinstance(result, lokale.CheckResult) and not result.ok
    assert (result.errors, result.warnings, result.development_localization) == (1, 1, "en")
    kinds = {(p.kind, p.severity, p.localization, p.key, p.line) for p in result.problems}
    line = line_of(source, '"fr"')  # where the French translation of count starts
    assert kinds == {("format", "error", "fr", "count", line), ("untranslated", "warning", "fr", None, None)}
    assert [(c.name, c.total, c.translated, c.percent) for c in result.localizations] == [
        ("en", 2, 2, 100), ("fr", 2, 1, 50)]
    # str() is the command line's own line (as `lokale check` without --json prints it).
    text = subprocess.run([str(CLI), "check", str(source)], capture_output=True, text=True).stdout
    assert all(str(p) in text.splitlines() for p in result.problems), text
    strict = lokale.check([source], strict=True)
    assert (strict.errors, strict.warnings) == (2, 0)
    assert {p.severity for p in strict.problems} == {"error"}


def test_check_with_code(tmp_path: Path) -> None:
    source = write_catalog(tmp_path / "catalogs", MISMATCH_CATALOG)
    code = tmp_path / "app.py"
    code.write_text('from lokale import Message\nM = Message("goodbye", default="Bye")\n', encoding="utf-8")
    result = lokale.check(source, code=code)
    missing = [p for p in result.problems if p.kind == "missing-key"]
    assert [(p.file, p.line, p.key) for p in missing] == [(str(code), 2, "goodbye")]


def test_cli_path(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    assert lokale.cli_path() == str(CLI)
    monkeypatch.setenv("LOKALE_CLI", str(tmp_path / "missing"))
    with pytest.raises(lokale.NotFound, match="LOKALE_CLI="):
        lokale.cli_path()
    with pytest.raises(lokale.NotFound):
        lokale.check(tmp_path)
    # Without the override, from the checkout: its build/bin/lokale (the package has no bin/).
    monkeypatch.delenv("LOKALE_CLI")
    assert not (PACKAGE_ROOT / "lokale" / "bin").exists()
    assert lokale.cli_path() == str(REPO / "build" / "bin" / "lokale")


def test_a_script_on_path_is_not_the_command_line(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The `lokale` console script is on PATH in a venv: running it from compile() would start
    Python again, which would look for the command line again..."""
    from lokale import _library, _tools

    script = tmp_path / "bin" / "lokale"
    script.parent.mkdir()
    script.write_text("#!/bin/sh\nexit 99\n", encoding="utf-8")
    script.chmod(0o755)
    monkeypatch.delenv("LOKALE_CLI")
    monkeypatch.setattr(_library, "_repository_roots", lambda: [])  # no checkout either
    monkeypatch.setenv("PATH", f"{script.parent}{os.pathsep}{CLI.parent}")
    assert _tools.cli_path() == str(CLI.parent / "lokale")
    monkeypatch.setenv("PATH", str(script.parent))
    with pytest.raises(lokale.NotFound, match="lokale command line was not found"):
        _tools.cli_path()


def _python_m(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(PACKAGE_ROOT))
    return subprocess.run([sys.executable, "-m", "lokale", *args], capture_output=True, text=True, env=env, cwd=cwd)


def test_python_m_lokale_is_the_command_line(tmp_path: Path) -> None:
    for args in (["--version"], ["compile", "--help"], ["compile"], ["nonsense"]):
        ours = _python_m(*args, cwd=tmp_path)
        theirs = subprocess.run([str(CLI), *args], capture_output=True, text=True, cwd=tmp_path)
        assert (ours.returncode, ours.stdout, ours.stderr) == (theirs.returncode, theirs.stdout, theirs.stderr), args
    source = write_catalog(tmp_path, MISMATCH_CATALOG)
    done = _python_m("compile", str(source), "-o", "App.lokale", cwd=tmp_path)
    assert done.returncode == 0 and "compiled 3 messages" in done.stderr
    assert (tmp_path / "App.lokale").is_file()


def test_python_m_lokale_without_a_command_line(tmp_path: Path) -> None:
    env = dict(os.environ, PYTHONPATH=str(PACKAGE_ROOT), LOKALE_CLI=str(tmp_path / "missing"))
    done = subprocess.run([sys.executable, "-m", "lokale", "--version"], capture_output=True, text=True, env=env)
    assert done.returncode == 127 and "LOKALE_CLI=" in done.stderr
