"""Android string resources and Flutter ARB files through the Python binding: a ``res/`` tree and an
ARB folder written to disk, compiled by the real ``lokale compile``, opened with the real liblokale.

Android keys are Java ``Formatter`` formats taking positional arguments (``Bundle.format``, as
``getString(id, args)``; ``Bundle.string`` is ``getString(id)``'s text); their plurals are chosen by
CLDR only, as ``getQuantityString`` chooses. ARB keys are ICU MessageFormat taking named arguments
(``Bundle.format_named``), formatted as ICU formats them (no bidi isolation marks), a key a
translation lacks falling back to the template's message. Both backends run these (``make
test-python``: the C accelerator, then ctypes alone); each format is asked twice, since the second
call of a localization may take the C fast path."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Callable

import pytest

import lokale
from conftest import compile_bundle

STRINGS_EN = """<?xml version="1.0" encoding="utf-8"?>
<resources>
    <string name="score">%1$s has %2$,d points (%3$.2f%%)%n</string>
    <string name="order">%2$s before %1$s</string>
    <string name="sure" formatted="false">100% sure, %s</string>
    <string name="tags">Tap <b>Save</b> or <a href="https://example.com/help">read the help</a>.</string>
    <string name="offline">You\\'re offline.</string>
    <plurals name="songs">
        <item quantity="zero">no songs</item>
        <item quantity="one">%d song</item>
        <item quantity="other">%d songs</item>
    </plurals>
    <string-array name="seasons">
        <item>Spring</item>
        <item>Summer</item>
    </string-array>
</resources>
"""

STRINGS_DE = """<?xml version="1.0" encoding="utf-8"?>
<resources>
    <string name="score">%1$s hat %2$,d Punkte (%3$.2f%%)%n</string>
    <string name="order">%1$s nach %2$s</string>
    <string name="tags">Tippe auf <b>Speichern</b> oder <a href="https://example.com/hilfe">lies die Hilfe</a>.</string>
    <plurals name="songs">
        <item quantity="one">%d Lied</item>
        <item quantity="other">%d Lieder</item>
    </plurals>
    <string-array name="seasons">
        <item>Frühling</item>
        <item>Sommer</item>
    </string-array>
</resources>
"""

STRINGS_AR = """<?xml version="1.0" encoding="utf-8"?>
<resources>
    <plurals name="songs">
        <item quantity="zero">لا أغاني</item>
        <item quantity="one">أغنية واحدة</item>
        <item quantity="two">أغنيتان</item>
        <item quantity="few">%d أغانٍ</item>
        <item quantity="many">%d أغنية</item>
        <item quantity="other">%d أغنية</item>
    </plurals>
</resources>
"""

ARB_EN = {
    "@@locale": "en",
    "inbox": "Hello {name}, you have {count, plural, =0{no messages} one{# message} other{# messages}}.",
    "@inbox": {"description": "The inbox line",
               "placeholders": {"name": {"type": "String"}, "count": {"type": "int"}}},
    "total": "Total: {amount}",
    "@total": {"placeholders": {"amount": {"type": "double", "format": "decimalPattern"}}},
    "price": "Price: {price}",
    "@price": {"placeholders": {"price": {"type": "double", "format": "simpleCurrency",
                                          "optionalParameters": {"name": "EUR"}}}},
}
ARB_DE = {
    "@@locale": "de",
    "inbox": "Hallo {name}, du hast {count, plural, =0{keine Nachrichten} one{# Nachricht} other{# Nachrichten}}.",
}
ARB_AR = {
    "@@locale": "ar",
    "inbox": "مرحبا {name}، {count, plural, zero{لا رسائل} one{رسالة واحدة} two{رسالتان} few{# رسائل} many{# رسالة} other{# رسالة}}.",
}

AR = str.maketrans("0123456789,.", "٠١٢٣٤٥٦٧٨٩٬٫")  # Arabic-Indic digits and separators (ICU 72's ar)


def arabic(text: str) -> str:
    return text.translate(AR)


@pytest.fixture(scope="module")
def android_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("android")
    for folder, text in (("values", STRINGS_EN), ("values-de", STRINGS_DE), ("values-ar", STRINGS_AR)):
        (root / "res" / folder).mkdir(parents=True)
        (root / "res" / folder / "strings.xml").write_text(text, encoding="utf-8")
    return compile_bundle(root / "res", root / "Android.lokale")


@pytest.fixture(scope="module")
def arb_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("arb")
    (root / "l10n").mkdir()
    for name, content in (("app_en.arb", ARB_EN), ("app_de.arb", ARB_DE), ("app_ar.arb", ARB_AR)):
        (root / "l10n" / name).write_text(json.dumps(content, ensure_ascii=False, indent=2), encoding="utf-8")
    return compile_bundle(root / "l10n", root / "App.lokale")


@pytest.mark.parametrize("language, score, order", [
    ("en", "Ana has 1,234,567 points (99.50%)\n", "B before A"),
    ("de-AT", "Ana hat 1.234.567 Punkte (99,50%)\n", "A nach B"),
    # values-ar lacks both: the default resources, formatted with Arabic's digits and separators.
    ("ar", arabic("Ana has 1,234,567 points (99.50%)") + "\n", "B before A"),
])
def test_android_java_specifiers_take_positional_arguments(
        android_path: Path, runtime_factory: Callable[..., lokale.Runtime], language: str, score: str, order: str) -> None:
    bundle = runtime_factory([language]).open(android_path)
    for _ in range(2):
        assert bundle.format("score", "Ana", 1234567, 99.5) == score
        assert bundle.format("order", "A", "B") == order
    # %s of a double is Double.toString's text, as String.format writes it.
    assert bundle.format("order", 1e7, 0.5) == {"en": "0.5 before 1.0E7", "de-AT": "1.0E7 nach 0.5",
                                               "ar": "0.5 before 1.0E7"}[language]
    # A specifier without its argument stays visible, and format_problems says so.
    assert bundle.format("order", "A") == {"de-AT": "A nach %2$s"}.get(language, "%2$s before A")
    assert bundle.format_problems("order", "A") == ["argument 2 was not passed (1 given)"]
    # formatted="false": % is a percent sign, even when arguments are passed.
    assert bundle.format("sure", "x") == "100% sure, %s"


@pytest.mark.parametrize("language, texts", [
    # English has no CLDR `zero`: the file's zero item is dropped, 0 is "other", as on Android.
    ("en", ["0 songs", "1 song", "2 songs", "3 songs", "11 songs", "100 songs"]),
    ("de", ["0 Lieder", "1 Lied", "2 Lieder", "3 Lieder", "11 Lieder", "100 Lieder"]),
    # Arabic's CLDR rules use every category, `zero` included.
    ("ar", ["لا أغاني", "أغنية واحدة", "أغنيتان", arabic("3") + " أغانٍ", arabic("11") + " أغنية",
            arabic("100") + " أغنية"]),
])
def test_android_plurals_are_chosen_by_cldr_only(
        android_path: Path, runtime_factory: Callable[..., lokale.Runtime], language: str, texts: list) -> None:
    bundle = runtime_factory([language]).open(android_path)
    for _ in range(2):
        assert [bundle.format("songs", n) for n in (0, 1, 2, 3, 11, 100)] == texts


def test_android_string_is_get_strings_text(android_path: Path, runtime_factory: Callable[..., lokale.Runtime]) -> None:
    de = runtime_factory(["de"]).open(android_path)
    assert de.localizations == ("ar", "de", "en")
    # The text as written (specifiers, %% and %n included), the tags of a styled string removed.
    assert de.string("score") == "%1$s hat %2$,d Punkte (%3$.2f%%)%n"
    assert de.string("tags") == "Tippe auf Speichern oder lies die Hilfe."
    assert [de.string("seasons[0]"), de.string("seasons[1]")] == ["Frühling", "Sommer"]
    # values-de lacks it: the default resource, as Android resolves each resource on its own.
    assert de.lookup("offline") == lokale.LookupResult("You're offline.", lokale.Step.TRANSLATION)
    assert de.string("seasons[2]") == "seasons[2]"  # no such item: the key
    en = runtime_factory(["en"]).open(android_path)
    assert en.string("sure") == "100% sure, %s"


def test_android_styled_string_parts(android_path: Path, runtime_factory: Callable[..., lokale.Runtime]) -> None:
    de = runtime_factory(["de-CH"]).open(android_path)
    parts = de.format_named_to_parts("tags")
    assert parts == [
        lokale.TextPart("Tippe auf "),
        lokale.MarkupPart("open", "b", None, {}),
        lokale.TextPart("Speichern"),
        lokale.MarkupPart("close", "b", None, {}),
        lokale.TextPart(" oder "),
        lokale.MarkupPart("open", "a", None, {"href": "https://example.com/hilfe"}),
        lokale.TextPart("lies die Hilfe"),
        lokale.MarkupPart("close", "a", None, {}),
        lokale.TextPart("."),
    ]
    assert "".join(p.value for p in parts) == de.string("tags") == de.format_named("tags")
    # A string with specifiers is stored without its tags (String.format drops spans): one text part,
    # the format written as format() writes it without arguments.
    assert de.format_named_to_parts("order") == [lokale.TextPart("%1$s nach %2$s")]
    assert de.format_named("score") == de.format("score") == "%1$s hat %2$,d Punkte (%3$.2f%)\n"


@pytest.mark.parametrize("language, zero, many, total, price", [
    ("en", "Hello Ana, you have no messages.", "Hello Ana, you have 1,234 messages.", "Total: 1,234.5",
     "Price: €1,234.50"),
    # `total` and `price` are not in app_de.arb: the template's messages, formatted in German.
    ("de-AT", "Hallo Ana, du hast keine Nachrichten.", "Hallo Ana, du hast 1.234 Nachrichten.", "Total: 1.234,5",
     "Price: 1.234,50\u00a0€"),
    ("ar", "مرحبا Ana، لا رسائل.", "مرحبا Ana، " + arabic("1,234") + " رسالة.", "Total: " + arabic("1,234.5"), None),
])
def test_arb_named_arguments_as_icu_formats_them(
        arb_path: Path, runtime_factory: Callable[..., lokale.Runtime],
        language: str, zero: str, many: str, total: str, price: str) -> None:
    bundle = runtime_factory([language]).open(arb_path)
    for _ in range(2):
        assert bundle.format_named("inbox", name="Ana", count=0) == zero
        assert bundle.format_named("inbox", name="Ana", count=1234) == many
        assert bundle.format_named("total", amount=1234.5) == total
    if price is not None:
        assert bundle.format_named("price", price=1234.5) == price
    # ICU writes no isolation marks around a string argument, whatever the language's direction.
    assert not any(mark in bundle.format_named("inbox", name="Ana", count=3) for mark in "\u2066\u2067\u2068\u2069")
    # A plain lookup answers the ICU text as written (the template's where the translation lacks it).
    assert bundle.string("total") == "Total: {amount}"


def test_arb_explain_and_problems(arb_path: Path, runtime_factory: Callable[..., lokale.Runtime]) -> None:
    de = runtime_factory(["de"]).open(arb_path)
    trace = de.explain_named("inbox", name="Ana", count=1)
    assert (trace["served"], trace["step"], trace["result"]) == ("de", "translation", "Hallo Ana, du hast 1 Nachricht.")
    assert trace["selection"]["keys"] == ["one"] and trace["problems"] == []
    assert de.explain_named("inbox", name="Ana", count=0)["selection"]["keys"] == ["0"]  # =0 before `one`
    # The per-key fallback: the German table answers with the template's message.
    fallback = de.explain_named("total", amount=2.5)
    assert (fallback["served"], fallback["step"], fallback["result"]) == ("de", "translation", "Total: 2,5")
    # A missing argument shows as MF2 shows it, and is reported.
    assert de.format_named("inbox", count=2) == "Hallo {$name}, du hast 2 Nachrichten."
    assert de.format_named_problems("inbox", count=2) == ["unresolved-variable: $name has no value"]
    # The arguments may come as a mapping (where a name is one of the method's options, it must).
    assert de.format_named("inbox", {"name": "Bo", "count": 2}) == "Hallo Bo, du hast 2 Nachrichten."
