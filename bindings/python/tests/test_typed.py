"""Typed messages (``lokale compile --emit-python FILE.py``, docs/PYTHON.md "Typed messages"): the
real CLI writes a module and its stub from real catalogs; the module, imported, renders every
message as ``Bundle.format``/``format_named`` of its key do, in several languages; mypy --strict
accepts correct client code and rejects a misspelled key, a wrong argument type and a missing
argument, naming the key or the parameter."""

from __future__ import annotations

import ast
import datetime
import importlib.util
import json
import os
import subprocess
import sys
import warnings
from pathlib import Path
from types import ModuleType
from typing import Callable, List

import pytest

from conftest import CLI, PACKAGE_ROOT, REPO, compile_bundle

import lokale

EXAMPLES_SOURCES = REPO / "examples"
PO = REPO / "Tests" / "C" / "fixtures" / "gettext" / "pl.po"

Runtimes = Callable[..., lokale.Runtime]


def generate(tmp_path: Path, source: Path, name: str) -> tuple[Path, ModuleType]:
    """Compiles ``source`` with ``--emit-python`` into ``tmp_path``; the table and the imported module."""
    table = tmp_path / f"{name}.lokale"
    compile_bundle(source, table, "--emit-python", str(tmp_path / f"{name}.py"))
    assert (tmp_path / f"{name}.pyi").is_file()
    spec = importlib.util.spec_from_file_location(f"typed_{name}_{id(tmp_path)}", tmp_path / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return table, module


# -- rendering through the runtime ------------------------------------------------------------------


def test_string_catalog_plurals_and_substitutions(tmp_path: Path, runtime_factory: Runtimes) -> None:
    table, typed = generate(tmp_path, EXAMPLES_SOURCES / "DesktopApp", "desktop")
    assert typed.BUNDLE == "com.example.DesktopApp"
    runtime = runtime_factory(["en"])
    app = runtime.open(table, main=True)
    m = typed.Localizable
    for language in ("en", "de", "fr", "ja", "pt-PT"):
        runtime.set_language(language)
        for n in (0, 1, 2, 5):
            # str(): the message finds its bundle by the identifier it was generated with. A table
            # without the key (ja, pt-PT) shows the development text: the typed message's default.
            assert str(m.summary_item_count(count=n)) == app.format("summary.item-count", n, default="%lld items")
            assert str(m.summary_files_in_folders(files=n, folders=n + 1)) == \
                app.format("summary.files-in-folders", n, n + 1)
        assert str(m.workspace_title) == app.string("workspace.title", default="Workspace")
        assert app.resolve(m.collection(arg1="Ana")) == app.format("Collection: %@", "Ana")
    runtime.set_language("de")
    assert str(m.summary_item_count(count=2)) == "2 Objekte"
    assert str(m.workspace_title) == "Arbeitsbereich"


def test_gettext_plurals_and_contexts(tmp_path: Path, runtime_factory: Runtimes) -> None:
    table, typed = generate(tmp_path, PO, "po")
    bundle = runtime_factory(["pl"]).open(table, main=True)
    m = typed.Localizable
    assert [bundle.resolve(m.file(count=n)) for n in (1, 2, 5, 22)] == ["1 plik", "2 pliki", "5 plików", "22 pliki"]
    assert bundle.resolve(m.inbox_message(count=2)) == bundle.format("inbox\x04%d message", 2) == "2 wiadomości"
    assert bundle.resolve(m.open) == "Otwórz"


def test_arb_named_arguments(tmp_path: Path, runtime_factory: Runtimes) -> None:
    table, typed = generate(tmp_path, EXAMPLES_SOURCES / "FlutterApp", "flutter")
    runtime = runtime_factory(["en"])
    bundle = runtime.open(table, main=True)
    m = typed.Localizable
    for language in ("en", "fr", "ar"):
        runtime.set_language(language)
        for count in (0, 1, 3, 1234):
            assert str(m.inbox(name="Ola", count=count)) == bundle.format_named("inbox", name="Ola", count=count)
        assert str(m.harvest(weight=1234.56)) == bundle.format_named("harvest", weight=1234.56)
    runtime.set_language("fr")
    assert str(m.inbox(name="Ola", count=0)) == "Bonjour Ola, vous n'avez aucun nouveau message."


def test_mf2_named_arguments_and_moments(tmp_path: Path, runtime_factory: Runtimes) -> None:
    table, typed = generate(tmp_path, EXAMPLES_SOURCES / "Party", "party")
    assert typed.BUNDLE == "com.example.Party"
    runtime = runtime_factory(["en"])
    bundle = runtime.open(table, main=True)
    m = typed.Localizable
    when = datetime.datetime(2026, 6, 21, 18, 30, tzinfo=datetime.timezone.utc)
    for language in ("en", "fr", "pl"):
        runtime.set_language(language)
        for gender, count in (("female", 0), ("male", 1), ("other", 3)):
            assert str(m.invite(host="Ana", gender=gender, count=count)) == \
                bundle.format_named("invite", host="Ana", gender=gender, count=count)
        # pl lacks these two: the development text (the message's default) in Polish's numbers.
        starts, rsvp = m.starts(when=when), m.rsvp(deadline=when.date())
        assert str(starts) == bundle.format_named("starts", when=when, default=starts.default)
        assert str(rsvp) == bundle.format_named("rsvp", deadline=when.date(), default=rsvp.default)
    runtime.set_language("fr")
    assert str(m.invite(host="Ana", gender="female", count=0)) == "\u2068Ana\u2069 n’a invité personne à sa fête."


def test_android_resources(tmp_path: Path, runtime_factory: Runtimes) -> None:
    table, typed = generate(tmp_path, EXAMPLES_SOURCES / "AndroidApp" / "res", "android")
    bundle = runtime_factory(["pl"]).open(table, main=True)
    m = typed.Localizable
    assert bundle.resolve(m.greeting(arg1="Ola")) == "Cześć, Ola!"
    assert [bundle.resolve(m.plants(count=n)) for n in (1, 2, 5)] == ["1 roślina", "2 rośliny", "5 roślin"]
    assert bundle.resolve(m.seasons_2) == "Jesień"
    # A styled string is MessageFormat: formatted by name, its tags as markup (not shown as text).
    assert bundle.resolve(m.tap_save()) == bundle.format_named("tap_save") == "Dotknij Zapisz, aby zachować swój ogród."


TRICKY = {
    "sourceLanguage": "en",
    "version": "1.0",
    "strings": {
        "class": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "Class"}}}},
        "str": {},
        "item count": {},
        "item-count": {},
        'say "hi" \\ now\n\u00fcn\u00ef\u2028': {"comment": 'Ends with "quotes"',
                                                  "localizations": {"en": {"stringUnit": {"state": "translated", "value": 'Say "hi"\\'}}}},
        "\u65e5\u672c": {"comment": "\"\"\"\\", "localizations": {"en": {"stringUnit": {"state": "translated", "value": "%@ \"\"\""}}}},
    },
}


def test_any_key_and_comment_survive(tmp_path: Path, runtime_factory: Runtimes) -> None:
    source = tmp_path / "Localizable.xcstrings"
    source.write_text(json.dumps(TRICKY), encoding="utf-8")
    table, typed = generate(tmp_path, source, "tricky")
    m = typed.Localizable
    keys = {getattr(m, name).key: name for name in vars(m) if isinstance(getattr(m, name), lokale.Message)}
    assert keys == {"class": "class_", "str": "str_2", "item count": "item_count", "item-count": "item_count_2",
                    'say "hi" \\ now\n\u00fcn\u00ef\u2028': "say_hi_now_uni"}
    # Other scripts are transliterated by ICU (docs/TYPED.md, rule 2): 日本 is "ri ben".
    assert m.ri_ben(arg1="x").key == "\u65e5\u672c"
    assert m.say_hi_now_uni.default == 'Say "hi"\\'
    bundle = runtime_factory(["en"]).open(table, main=True)
    assert bundle.resolve(m.ri_ben(arg1="x")) == 'x """'
    assert m.ri_ben.__doc__.startswith('"""\\\n')


# -- the files themselves ---------------------------------------------------------------------------


def test_same_catalogs_same_bytes(tmp_path: Path) -> None:
    outputs = []
    for run in ("a", "b"):
        folder = tmp_path / run
        folder.mkdir()
        compile_bundle(EXAMPLES_SOURCES / "Party", folder / "p.lokale", "--emit-python", str(folder / "party.py"))
        outputs.append(((folder / "party.py").read_bytes(), (folder / "party.pyi").read_bytes()))
    assert outputs[0] == outputs[1]


@pytest.mark.parametrize("source", ["DesktopApp", "Party", "FlutterApp", "AndroidApp/res"])
def test_warning_free_python_3_8_source(tmp_path: Path, source: str) -> None:
    compile_bundle(EXAMPLES_SOURCES / source, tmp_path / "t.lokale", "--emit-python", str(tmp_path / "t.py"))
    for path in (tmp_path / "t.py", tmp_path / "t.pyi"):
        text = path.read_text(encoding="utf-8")
        # 3.8's grammar; annotations (`str | None`) are never evaluated at run time (PEP 563).
        tree = ast.parse(text, str(path), feature_version=(3, 8))
        assert any(isinstance(node, ast.ImportFrom) and node.module == "__future__" for node in tree.body)
        with warnings.catch_warnings():
            warnings.simplefilter("error")  # an invalid escape in a literal is a SyntaxWarning
            compile(text, str(path), "exec")


def test_the_stub_must_sit_beside_the_module(tmp_path: Path) -> None:
    result = subprocess.run([str(CLI), "compile", str(EXAMPLES_SOURCES / "Party"), "-o", str(tmp_path / "p.lokale"),
                             "--emit-python", str(tmp_path / "party.txt")], capture_output=True, text=True)
    assert result.returncode != 0 and "--emit-python takes the module's file, FILE.py" in result.stderr
    assert list(tmp_path.iterdir()) == []


# -- lokale.Message with named arguments ---------------------------------------------------------


def test_message_named_arguments_are_a_value() -> None:
    import pickle

    a = lokale.Message("invite", table="T", named={"host": "Ana", "count": 2})
    assert a == lokale.Message("invite", table="T", named={"host": "Ana", "count": 2})
    assert a != lokale.Message("invite", table="T", named={"host": "Ana", "count": 3})
    assert a != lokale.Message("invite", table="T") and lokale.Message("k", named={}) != lokale.Message("k")
    assert hash(a) == hash(pickle.loads(pickle.dumps(a))) and pickle.loads(pickle.dumps(a)) == a
    assert a.named == (("host", "Ana"), ("count", 2)) and "named={'host': 'Ana', 'count': 2}" in repr(a)
    with pytest.raises(TypeError, match="args .* or named"):
        lokale.Message("k", args=(1,), named={"n": 1})
    with pytest.raises(TypeError, match="argument 'n': a MessageFormat takes"):
        lokale.Message("k", named={"n": object()})
    with pytest.raises(TypeError, match="argument name must be str"):
        lokale.Message("k", named={1: 1})  # type: ignore[dict-item]


# -- mypy ------------------------------------------------------------------------------------------


def mypy_command() -> List[str]:
    """mypy from PyPI: ``LOKALE_MYPY`` (what make test-python passes: build/tools' mypy, so that a
    missing mypy fails there), else this interpreter's, else the test is skipped."""
    configured = os.environ.get("LOKALE_MYPY")
    if configured:
        assert Path(configured).is_file(), f"LOKALE_MYPY={configured} is missing (make test-python installs mypy)"
        return [str(Path(configured).resolve())]  # mypy runs in the test's folder
    if importlib.util.find_spec("mypy") is not None:
        return [sys.executable, "-m", "mypy"]
    pytest.skip("mypy is not installed (pip install mypy; make test-python installs it in build/tools)")


# The binding comes from this checkout through MYPYPATH, where mypy would report its own findings as
# the client's; installed with pip, a package's are silent. Only the client and the generated module
# are under test.
MYPY_CONFIG = "[mypy]\nstrict = True\n\n[mypy-lokale.*]\nfollow_imports = silent\n"


@pytest.fixture(scope="module")
def mypy_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One cache for the module's runs: the binding is analysed once."""
    return tmp_path_factory.mktemp("mypy-cache")


def run_mypy(folder: Path, cache: Path, *files: str) -> subprocess.CompletedProcess[str]:
    (folder / "mypy.ini").write_text(MYPY_CONFIG)
    environment = dict(os.environ, MYPYPATH=str(PACKAGE_ROOT))
    return subprocess.run([*mypy_command(), "--config-file", "mypy.ini", "--cache-dir", str(cache),
                           "--no-error-summary", "--hide-error-context", *files],
                          cwd=folder, env=environment, capture_output=True, text=True)


CLIENTS = {
    "correct": """
        import datetime
        import lokale
        from desktop import Localizable
        from party import Localizable as Party

        def show(bundle: lokale.Bundle, when: datetime.datetime) -> list[str]:
            messages: list[lokale.Message] = [
                Localizable.workspace_title,
                Localizable.summary_item_count(count=3),
                Localizable.summary_files_in_folders(files=1, folders=2),
                Party.invite(host="Ana", gender="female", count=2),
                Party.starts(when=when),
                Party.rsvp(deadline=when.date()),
            ]
            return [str(Localizable.workspace_title)] + [bundle.resolve(m) for m in messages]
        """,
    "misspelled_key": """
        from desktop import Localizable
        print(Localizable.workspace_titel)
        """,
    "wrong_type": """
        from desktop import Localizable
        print(Localizable.summary_item_count(count="3"))
        """,
    "missing_argument": """
        from party import Localizable
        print(Localizable.invite(host="Ana", count=2))
        """,
    "wrong_moment": """
        from party import Localizable
        print(Localizable.starts(when=1750530600.0))
        """,
}


def test_mypy_strict_checks_keys_and_arguments(tmp_path: Path, mypy_cache: Path) -> None:
    import textwrap

    for source, name in ((EXAMPLES_SOURCES / "DesktopApp", "desktop"), (EXAMPLES_SOURCES / "Party", "party")):
        compile_bundle(source, tmp_path / f"{name}.lokale", "--emit-python", str(tmp_path / f"{name}.py"))
    for name, text in CLIENTS.items():
        (tmp_path / f"{name}.py").write_text(textwrap.dedent(text))
    correct = run_mypy(tmp_path, mypy_cache, "correct.py")
    assert correct.returncode == 0, correct.stdout + correct.stderr
    wrong = run_mypy(tmp_path, mypy_cache, *(f"{name}.py" for name in CLIENTS if name != "correct"))
    assert wrong.returncode == 1, wrong.stdout + wrong.stderr
    errors = {name: [line for line in wrong.stdout.splitlines() if line.startswith(f"{name}.py:") and ": error:" in line]
              for name in CLIENTS}
    assert len(errors["misspelled_key"]) == 1 and '"type[Localizable]" has no attribute "workspace_titel"' \
        in errors["misspelled_key"][0]
    assert len(errors["wrong_type"]) == 1 and 'Argument "count" to "summary_item_count" of "Localizable" has ' \
        'incompatible type "str"; expected "int"' in errors["wrong_type"][0]
    assert len(errors["missing_argument"]) == 1 and 'Missing named argument "gender" for "invite"' \
        in errors["missing_argument"][0]
    assert len(errors["wrong_moment"]) == 1 and 'Argument "when" to "starts"' in errors["wrong_moment"][0]


@pytest.mark.parametrize("source", ["DesktopApp", "Party", "FlutterApp", "AndroidApp/res"])
def test_mypy_strict_accepts_the_module_and_its_stub(tmp_path: Path, mypy_cache: Path, source: str) -> None:
    compile_bundle(EXAMPLES_SOURCES / source, tmp_path / "t.lokale", "--emit-python", str(tmp_path / "typed.py"))
    stub = run_mypy(tmp_path, mypy_cache, "typed.pyi")
    assert stub.returncode == 0, stub.stdout + stub.stderr
    # Without its stub beside it, mypy reads the module's own code.
    (tmp_path / "typed.pyi").unlink()
    module = run_mypy(tmp_path, mypy_cache, "typed.py")
    assert module.returncode == 0, module.stdout + module.stderr
