"""Fixtures: the real compiled example bundles (build/examples) and catalogs compiled with the real
CLI (build/bin/lokale) into temporary folders. LOKALE_EXAMPLES and LOKALE_CLI name other ones (a
folder of compiled examples, the CLI), e.g. of a frozen build while build/ is being rebuilt."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any, Callable, Dict, Iterator, Mapping, Optional

import pytest

TESTS = Path(__file__).resolve().parent
PACKAGE_ROOT = TESTS.parent  # bindings/python
REPO = PACKAGE_ROOT.parent.parent
BUILD = REPO / "build"
EXAMPLES = Path(os.environ.get("LOKALE_EXAMPLES") or BUILD / "examples")
CLI = Path(os.environ.get("LOKALE_CLI") or BUILD / "bin" / "lokale")
LIBRARY = BUILD / "lib" / "liblokale.so"

# Import the package from this checkout (not an installed copy), with the library of this checkout
# unless the caller chose one.
sys.path.insert(0, str(PACKAGE_ROOT))
os.environ.setdefault("LOKALE_LIBRARY", str(LIBRARY))

import lokale  # noqa: E402


def _require(path: Path, how: str) -> None:
    if not path.exists():
        pytest.exit(f"{path} is missing: run `{how}` in {REPO} first", returncode=2)


def pytest_configure(config: pytest.Config) -> None:
    _require(LIBRARY, "make build")
    _require(CLI, "make build")
    for name in ("DesktopApp.lokale", "DesktopAppMixed.lokale", "PanelKit.lokale", "AndroidApp.lokale", "FlutterApp.lokale"):
        _require(EXAMPLES / name, "make examples")


@pytest.fixture(autouse=True)
def _isolated_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No test reads the developer's language variables or writes to their ~/.config."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture(scope="session")
def examples() -> Path:
    return EXAMPLES


@pytest.fixture(scope="session")
def app_path() -> Path:
    return EXAMPLES / "DesktopApp.lokale"


@pytest.fixture(scope="session")
def mixed_path() -> Path:
    return EXAMPLES / "DesktopAppMixed.lokale"


@pytest.fixture(scope="session")
def panel_path() -> Path:
    return EXAMPLES / "PanelKit.lokale"


def compile_bundle(source: Path, out: Path, *extra: str) -> Path:
    """Runs the real `lokale compile`; fails the test with its stderr when it fails."""
    result = subprocess.run(
        [str(CLI), "compile", str(source), "-o", str(out), *extra],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, f"lokale compile failed:\n{result.stderr}"
    assert out.is_file()
    return out


def _unit(value: str) -> Dict[str, object]:
    return {"stringUnit": {"state": "translated", "value": value}}


def _plural(**forms: str) -> Dict[str, object]:
    return {"variations": {"plural": {name: _unit(text) for name, text in forms.items()}}}


# A small catalog with English, French and Russian plurals, a Menu table in .strings files, a device
# variant and a long message (for the growing-buffer path).
PLURALS_CATALOG = {
    "sourceLanguage": "en",
    "version": "1.0",
    "strings": {
        "files.count": {
            "comment": "Number of files.",
            "localizations": {
                "en": _plural(one="%lld file", other="%lld files"),
                "fr": _plural(one="%lld fichier", many="%lld de fichiers", other="%lld fichiers"),
                "ru": _plural(one="%lld файл", few="%lld файла", many="%lld файлов", other="%lld файла"),
            },
        },
        "distance.km": {
            "localizations": {
                "en": _plural(one="%@ kilometer", other="%@ kilometers"),
                "fr": _plural(one="%@ kilomètre", other="%@ kilomètres"),
                "ru": _plural(one="%@ километр", few="%@ километра", many="%@ километров", other="%@ километра"),
            },
        },
        "price": {
            "localizations": {
                "en": _unit("Total: %.2f (%@)"),
                "fr": _unit("Total : %.2f (%@)"),
            },
        },
        "device.hint": {
            "localizations": {
                "en": {
                    "variations": {
                        "device": {
                            "iphone": _unit("Tap to open"),
                            "mac": _unit("Click to open"),
                            "other": _unit("Select to open"),
                        }
                    }
                }
            },
        },
        "echo": {"localizations": {"en": _unit("Start %@ end"), "ru": _unit("Начало %@ конец")}},
    },
}

INFO_PLIST = """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
	<key>CFBundleIdentifier</key>
	<string>{identifier}</string>
	<key>CFBundleDevelopmentRegion</key>
	<string>en</string>
</dict>
</plist>
"""


def write_bundle_source(folder: Path, identifier: str, catalog: Mapping[str, object],
                        strings: Optional[Dict[str, Dict[str, str]]] = None) -> Path:
    """A bundle folder: Info.plist, Localizable.xcstrings and optional <lang>.lproj/*.strings."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "Info.plist").write_text(INFO_PLIST.format(identifier=identifier), encoding="utf-8")
    (folder / "Localizable.xcstrings").write_text(
        json.dumps(catalog, ensure_ascii=False, indent=2), encoding="utf-8"
    )
    for relative, text in (strings or {}).items():
        path = folder / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("".join(f'"{k}" = "{v}";\n' for k, v in text.items()), encoding="utf-8")
    return folder


@pytest.fixture(scope="session")
def plurals_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The plurals catalog, written and compiled with the real CLI."""
    root = tmp_path_factory.mktemp("plurals")
    source = write_bundle_source(
        root / "Plurals",
        "com.example.Plurals",
        PLURALS_CATALOG,
        {
            "en.lproj/Menu.strings": {"open": "Open", "close": "Close"},
            "fr.lproj/Menu.strings": {"open": "Ouvrir"},
        },
    )
    return compile_bundle(source, root / "Plurals.lokale")


@pytest.fixture
def runtime_factory() -> Iterator[Callable[..., lokale.Runtime]]:
    """Makes runtimes that are not persisted (settings_path="") unless told otherwise, and closes
    them at the end of the test."""
    made = []

    def make(languages: object = None, **options: object) -> lokale.Runtime:
        options.setdefault("settings_path", "")
        runtime = lokale.Runtime(languages, **options)  # type: ignore[arg-type]
        made.append(runtime)
        return runtime

    yield make
    for runtime in made:
        runtime.close()


@pytest.fixture
def open_plurals(plurals_path: Path, runtime_factory: Callable[..., lokale.Runtime]) -> Callable[..., lokale.Bundle]:
    """Opens the plurals catalog as the main bundle of a new runtime with the given languages."""

    def make(*languages: str, **options: Any) -> lokale.Bundle:
        return runtime_factory(list(languages), **options).open(plurals_path, main=True)

    return make
