"""Python formats what C formats.

Bundle.format asks the C ABI for strict arguments (LOKALE_MESSAGE_STRICT_ARGUMENTS), so a misfit
raises InvalidArgument where the CLI prints text. Catalogs use a plural whose every variant is empty
as a placeholder that consumes an argument (Mastodon's `plural.count.followed_by_and_mutual`:
`%#@names@%#@count_mutual@`, `names` an empty plural over argument 1, a name). Such a plural selects
nothing, so argument 1 being text is no error: Python must print what `lokale lookup` prints. Strict
arguments raise only where the shown text depends on an argument that does not fit, and the message
states the problem, not what non-strict formatting does instead.

The comparison runs over a catalog of the same shape here, and over Mastodon's own catalog when
../shared/conformance (or $LOKALE_CONFORMANCE) holds it; it is skipped, saying so, otherwise."""

from __future__ import annotations

import json
import os
import plistlib
import subprocess
from pathlib import Path
from typing import Dict, List, Optional, Sequence, Tuple, Union

import pytest

import lokale
from conftest import CLI, REPO, compile_bundle

KEY = "plural.count.followed_by_and_mutual"
Arg = Union[str, int]


def _unit(value: str) -> Dict[str, object]:
    return {"stringUnit": {"state": "translated", "value": value}}


def _mutuals(forms: Dict[str, str], categories: Sequence[str]) -> Dict[str, object]:
    """Mastodon's message: an empty placeholder plural over argument 1, then the counted text."""
    return {
        "stringUnit": {"state": "translated", "value": "%#@names@%#@count_mutual@"},
        "substitutions": {
            "names": {"argNum": 1, "formatSpecifier": "ld",
                      "variations": {"plural": {c: _unit("") for c in categories}}},
            "count_mutual": {"argNum": 2, "formatSpecifier": "ld",
                             "variations": {"plural": {c: _unit(t) for c, t in forms.items()}}},
        },
    }


SHAPED = {
    "sourceLanguage": "en",
    "version": "1.0",
    "strings": {
        KEY: {"localizations": {
            "en": _mutuals({"one": "Followed by %1$@, and another mutual",
                            "other": "Followed by %1$@, and %2$ld mutuals"}, ["one", "other"]),
            "de": _mutuals({"one": "Gefolgt von %1$@ und einem weiteren",
                            "other": "Gefolgt von %1$@ und %2$ld weiteren"}, ["one", "other"]),
            "fr": _mutuals({"one": "Suivi par %1$@ et %2$ld autre",
                            "many": "Suivi par %1$@ et %2$ld de plus",
                            "other": "Suivi par %1$@ et %2$ld autres"}, ["one", "many", "other"]),
            "ru": _mutuals({"one": "%1$@ и ещё %2$ld подписчик", "few": "%1$@ и ещё %2$ld подписчика",
                            "many": "%1$@ и ещё %2$ld подписчиков", "other": "%1$@ и ещё %2$ld подписчика"},
                           ["one", "few", "many", "other"]),
            "ja": _mutuals({"other": "%1$@ と他 %2$ld 人がフォロー"}, ["other"]),
            "ar": _mutuals({"zero": "%1$@ فقط", "one": "%1$@ وواحد آخر", "two": "%1$@ واثنان",
                            "few": "%1$@ و%2$ld آخرين", "many": "%1$@ و%2$ld آخرًا", "other": "%1$@ و%2$ld آخر"},
                           ["zero", "one", "two", "few", "many", "other"]),
        }},
        # A plural that does select between texts: text for its count is an error in strict mode.
        "files": {"localizations": {"en": {"variations": {"plural": {
            "one": _unit("%lld file"), "other": _unit("%lld files")}}}}},
        # Every variant the same non-empty text: no choice either.
        "same": {"localizations": {"en": {"variations": {"plural": {
            "one": _unit("Shared with %@"), "other": _unit("Shared with %@")}}}}},
    },
}


def cli_lookup(bundle: Path, key: str, language: str, args: Sequence[Arg]) -> str:
    """What `lokale lookup` prints (the C ABI without strict arguments)."""
    result = subprocess.run([str(CLI), "lookup", str(bundle), key, "--prefer", language, "--", *map(str, args)],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return result.stdout[:-1] if result.stdout.endswith("\n") else result.stdout


def python_format(bundle: lokale.Bundle, key: str, args: Sequence[Arg]) -> str:
    return bundle.format(key, *args)


@pytest.fixture(scope="module")
def shaped(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("placeholder")
    (root / "Localizable.xcstrings").write_text(json.dumps(SHAPED, ensure_ascii=False), encoding="utf-8")
    return compile_bundle(root / "Localizable.xcstrings", root / "Mutuals.lokale")


@pytest.mark.parametrize("language", ["en", "de", "fr", "ru", "ja", "ar"])
def test_placeholder_plural_formats_as_the_cli_does(shaped: Path, language: str) -> None:
    with lokale.Runtime([language], settings_path="") as runtime:
        bundle = runtime.open(shaped)
        for count in (0, 1, 2, 3, 5, 11, 21, 102):
            args: Tuple[Arg, ...] = ("Alice", count)
            expected = cli_lookup(shaped, KEY, language, args)
            assert "Alice" in expected
            assert python_format(bundle, KEY, args) == expected, (language, count)
            # Nothing to report: the text does not depend on argument 1's type.
            assert bundle.format_problems(KEY, *args) == []
    if language == "en":
        assert cli_lookup(shaped, KEY, "en", ("Alice", 3)) == "Followed by Alice, and 3 mutuals"


def test_strict_errors_state_the_problem_only(shaped: Path) -> None:
    with lokale.Runtime(["en"], settings_path="") as runtime:
        bundle = runtime.open(shaped)
        assert bundle.format("same", "Bob") == "Shared with Bob" == cli_lookup(shaped, "same", "en", ["Bob"])
        # The counted plural does select: text for argument 2 is refused, and said so plainly.
        with pytest.raises(lokale.InvalidArgument) as error:
            bundle.format(KEY, "Alice", "many")
        assert str(error.value) == "argument 2 is a string, but the plural needs a number"
        with pytest.raises(lokale.InvalidArgument) as error:
            bundle.format("files", "many")
        assert str(error.value) == "argument 1 is a string, but the plural needs a number"
        # Without strict arguments (format_problems, the CLI) the same problem is reported, worded alike.
        assert "argument 1 is a string, but the plural needs a number" in bundle.format_problems("files", "many")


# ---- Mastodon's own catalog, when ../shared/conformance has it ----

def _conformance() -> Optional[Path]:
    for candidate in (os.environ.get("LOKALE_CONFORMANCE"), str(REPO.parent / "shared" / "conformance")):
        if candidate and Path(candidate).is_dir():
            return Path(candidate)
    return None


def _mastodon_sources() -> List[Path]:
    """Files of the conformance data that define the key: String Catalogs, or `.stringsdict` files
    (one per `.lproj` folder)."""
    root = _conformance()
    if root is None:
        return []
    found = []
    for pattern in ("*.xcstrings", "*.stringsdict"):
        for path in sorted(root.rglob(pattern)):
            try:
                if KEY.encode() in path.read_bytes():
                    found.append(path)
            except OSError:
                continue
    return found


def _mastodon_bundle(tmp: Path) -> Tuple[Path, List[str], List[str]]:
    """The catalog compiled with the real CLI, its languages, and its other keys with substitutions."""
    sources = _mastodon_sources()
    catalogs = [p for p in sources if p.suffix == ".xcstrings"]
    if catalogs:
        data = json.loads(catalogs[0].read_text(encoding="utf-8"))
        languages = sorted(data["strings"][KEY]["localizations"])
        others = sorted(k for k, v in data["strings"].items() if k != KEY and "%#@" in json.dumps(v))
        return compile_bundle(catalogs[0], tmp / "Mastodon.lokale"), languages, others
    folder = sources[0].parent.parent  # the folder holding the .lproj folders
    languages = sorted(p.parent.name[: -len(".lproj")] for p in sources if p.parent.name.endswith(".lproj"))
    with sources[0].open("rb") as file:
        others = sorted(k for k in plistlib.load(file) if k != KEY)
    return compile_bundle(folder, tmp / "Mastodon.lokale"), [l for l in languages if l != "Base"], others


@pytest.mark.skipif(not _mastodon_sources(), reason="../shared/conformance (or $LOKALE_CONFORMANCE) has no catalog "
                    f"with {KEY} (Mastodon's): the real-catalog comparison is skipped")
def test_mastodon_catalog_formats_as_the_cli_does(tmp_path: Path) -> None:
    bundle_path, languages, others = _mastodon_bundle(tmp_path)
    assert languages
    for language in languages:
        with lokale.Runtime([language], settings_path="") as runtime:
            bundle = runtime.open(bundle_path)
            for count in (1, 3, 21):
                args = ("Alice", count)
                assert python_format(bundle, KEY, args) == cli_lookup(bundle_path, KEY, language, args), (language, count)
            # The other plural keys, with a count: Python raises only where the C ABI reports a
            # misfit, and otherwise prints what the CLI prints.
            for key in others[:40]:
                for args in ((3,), ("Alice", 3)):
                    problems = bundle.format_problems(key, *args)
                    try:
                        text = python_format(bundle, key, args)
                    except lokale.InvalidArgument as error:
                        assert str(error) in problems, (language, key, args)
                        continue
                    assert text == cli_lookup(bundle_path, key, language, args), (language, key, args)
