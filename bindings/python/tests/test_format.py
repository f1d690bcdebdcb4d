"""Plurals (English, French, Russian), typed arguments, Decimal, and the growing-buffer path."""

from __future__ import annotations

import decimal
from decimal import Decimal
from pathlib import Path
from typing import Callable

import pytest

import lokale
from lokale import Step


@pytest.mark.parametrize(
    "n, english, french, russian",
    [
        (0, "0 files", "0 fichier", "0 файлов"),
        (1, "1 file", "1 fichier", "1 файл"),
        (2, "2 files", "2 fichiers", "2 файла"),
        (5, "5 files", "5 fichiers", "5 файлов"),
        (11, "11 files", "11 fichiers", "11 файлов"),
        (21, "21 files", "21 fichiers", "21 файл"),
        (22, "22 files", "22 fichiers", "22 файла"),
        (25, "25 files", "25 fichiers", "25 файлов"),
        (1000000, "1,000,000 files", "1\u202f000\u202f000 de fichiers", "1\u00a0000\u00a0000 файлов"),
    ],
)
def test_integer_plurals(open_plurals: Callable[..., lokale.Bundle], n: int, english: str,
                         french: str, russian: str) -> None:
    assert open_plurals("en").format("files.count", n) == english
    assert open_plurals("fr").format("files.count", n) == french
    assert open_plurals("ru").format("files.count", n) == russian


def test_plural_rules_see_visible_fraction_digits(open_plurals: Callable[..., lokale.Bundle]) -> None:
    en, ru = open_plurals("en"), open_plurals("ru")
    # English: 1 is "one", 1.0 is "other" — a Decimal keeps its digits, as text does.
    assert en.format("distance.km", Decimal("1")) == "1 kilometer"
    assert en.format("distance.km", Decimal("1.0")) == "1.0 kilometers"
    assert en.format("distance.km", Decimal("1.50")) == "1.50 kilometers"
    assert en.format("distance.km", "1") == "1 kilometer"
    assert en.format("distance.km", "1.0") == "1.0 kilometers"
    # Russian: fractions are "other"; integers ending in 1 (not 11) are "one".
    assert ru.format("distance.km", Decimal("1.5")) == "1.5 километра"
    assert ru.format("distance.km", Decimal("21")) == "21 километр"
    assert ru.format("distance.km", Decimal("5")) == "5 километров"
    # Exponent notation is expanded, so the library reads plain digits.
    assert en.format("distance.km", Decimal("1E+1")) == "10 kilometers"


def test_typed_arguments(open_plurals: Callable[..., lokale.Bundle]) -> None:
    en = open_plurals("en")
    assert en.format("price", 3.14159, "abc") == "Total: 3.14 (abc)"
    assert en.format("price", 2.5, "€") == "Total: 2.50 (€)"
    assert en.format("echo", "Ünïcödé ✓") == "Start Ünïcödé ✓ end"
    assert en.format("files.count", -3) == "-3 files"
    assert en.format("files.count", 2**63 - 1) == f"{2**63 - 1:,} files"  # grouped, as Apple does
    # Beyond int64: passed as LOKALE_ARG_UINT, for an unsigned specifier.
    assert en.format("nope", 2**63 + 5, default="%llu bytes") == f"{2**63 + 5:,} bytes"
    with pytest.raises(OverflowError):
        en.format("files.count", 2**64)
    # A format string given as the default value is formatted too.
    assert en.format("nope", 5, default="%lld things") == "5 things"
    assert en.format("nope", "x", 7, default="%2$lld/%1$@") == "7/x"
    # A specifier without its argument stays visible; nothing is read that was not passed.
    assert en.format("echo") == "Start %@ end"


def test_bool_and_unknown_types_are_refused(open_plurals: Callable[..., lokale.Bundle]) -> None:
    en = open_plurals("en")
    with pytest.raises(TypeError, match="bool"):
        en.format("files.count", True)
    with pytest.raises(TypeError):
        en.format("echo", None)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        en.format("echo", b"bytes")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        en.format("echo", ["list"])  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        en.string(42)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        en.format("echo", "x", table=1)  # type: ignore[arg-type]


def test_device_variants(plurals_path: Path, runtime_factory: Callable[..., lokale.Runtime]) -> None:
    runtime = runtime_factory(["en"])
    bundle = runtime.open(plurals_path)
    assert runtime.device is lokale.Device.MAC
    assert bundle.format("device.hint") == "Click to open"
    runtime.device = "iphone"
    assert runtime.device is lokale.Device.IPHONE
    assert bundle.format("device.hint") == "Tap to open"
    runtime.device = lokale.Device.APPLETV
    assert bundle.format("device.hint") == "Select to open"
    with pytest.raises(lokale.InvalidArgument):
        runtime.device = "toaster"
    other = runtime_factory(["en"], device="ipad")
    assert other.open(plurals_path).format("device.hint") == "Select to open"


def test_results_longer_than_the_first_buffer(open_plurals: Callable[..., lokale.Bundle]) -> None:
    en = open_plurals("en")
    ru = open_plurals("ru")
    for size in (0, 1, 400, 499, 500, 501, 511, 512, 513, 4096, 100_000):
        text = "x" * size
        assert en.format("echo", text) == f"Start {text} end"
    # Multi-byte text around the boundary: nothing is cut in the middle of a character.
    text = "ж" * 300
    assert ru.format("echo", text) == f"Начало {text} конец"
    long_default = "d" * 2000
    assert en.string("missing", default=long_default) == long_default
    assert en.format("missing", default=long_default) == long_default
    long_key = "k" * 3000
    assert en.lookup(long_key) == lokale.LookupResult(long_key, Step.KEY)


def test_tables_follow_apples_rule_and_chain_policy(plurals_path: Path,
                                                    runtime_factory: Callable[..., lokale.Runtime]) -> None:
    runtime = runtime_factory(["fr"])
    bundle = runtime.open(plurals_path)
    assert bundle.lookup("open", table="Menu") == lokale.LookupResult("Ouvrir", Step.TRANSLATION)
    # fr has the Menu table: a key missing there is not looked up in en.
    assert bundle.lookup("close", table="Menu", default="Close (default)") == lokale.LookupResult(
        "Close (default)", Step.DEFAULT)
    assert bundle.lookup("close", table="Menu") == lokale.LookupResult("close", Step.KEY)
    assert bundle.lookup("open", table="NoSuchTable", default="Open") == lokale.LookupResult("Open", Step.DEFAULT)
    runtime.fallback = "chain"
    assert runtime.fallback is lokale.Fallback.CHAIN
    assert bundle.lookup("close", table="Menu", default="Close (default)") == lokale.LookupResult(
        "Close", Step.DEVELOPMENT)
    chained = runtime_factory(["fr"], fallback=lokale.Fallback.CHAIN).open(plurals_path)
    assert chained.string("close", table="Menu") == "Close"


def test_decimal_context_does_not_matter(open_plurals: Callable[..., lokale.Bundle]) -> None:
    en = open_plurals("en")
    with decimal.localcontext() as context:
        context.prec = 2
        assert en.format("distance.km", Decimal("1.000")) == "1.000 kilometers"


def test_arguments_whose_conversion_formats_again(open_plurals: Callable[..., lokale.Bundle]) -> None:
    """An argument's own code may call the binding again on the same thread (here an int
    subclass's __int__ formats and looks up while the outer format converts its arguments);
    neither call may see the other's message or arguments."""
    en = open_plurals("en")

    class Reentrant(int):
        def __int__(self) -> int:
            assert en.format("files.count", 7) == "7 files"
            assert en.string("nope", default="inner") == "inner"
            return int.__int__(self)

    assert en.format("nope", "a", Reentrant(3), "b", default="%1$@ %2$lld %3$@") == "a 3 b"
    assert en.format("files.count", Reentrant(2)) == "2 files"


def test_arguments_their_specifier_cannot_print_raise(open_plurals: Callable[..., lokale.Bundle]) -> None:
    """As Python's % raises rather than print something else: a number outside what its
    specifier prints is an OverflowError (lokale.OutOfRange), text that is not a number under a
    numeric specifier a ValueError (lokale.InvalidArgument). Both backends (the suite runs twice)."""
    en = open_plurals("en")
    # 2**63 fits LOKALE_ARG_UINT, but %lld would wrap it to a negative number.
    for call in (lambda: en.format("files.count", 2**63),
                 lambda: en.format("nope", 2**63, default="%lld bytes"),
                 lambda: en.format("nope", 2**64 - 1, default="%d"),
                 lambda: en.format("nope", -1, default="%llu"),
                 lambda: en.format("nope", float("inf"), default="%lld"),
                 lambda: en.format("nope", 1e30, default="%lld"),
                 lambda: en.format("nope", "1e30", default="%lld")):
        with pytest.raises(OverflowError) as info:
            call()
        assert isinstance(info.value, lokale.OutOfRange) and info.value.status == lokale.Status.ERANGE
        assert str(info.value).startswith("argument 1 is ") and "out of the range of '%" in str(info.value)
    # Beyond 64 bits, either way: refused before the call.
    for value in (-(2**63) - 1, 2**64):
        with pytest.raises(OverflowError):
            en.format("files.count", value)
    # Text that is not a number, NaN: ValueError, naming the argument and the specifier.
    for call, specifier in ((lambda: en.format("files.count", "abc"), "the plural"),
                            (lambda: en.format("nope", "x", "abc", default="%1$@ %2$lld"), "'%2$lld'"),
                            (lambda: en.format("price", "abc", "€"), "'%.2f'"),
                            (lambda: en.format("nope", "abc", default="%d"), "'%d'"),
                            (lambda: en.format("nope", float("nan"), default="%d"), "'%d'"),
                            (lambda: en.format("nope", Decimal("NaN"), default="%lld"), "'%lld'")):
        with pytest.raises(ValueError) as error:
            call()
        assert isinstance(error.value, lokale.InvalidArgument) and error.value.status == lokale.Status.EINVAL
        assert "needs a number" in str(error.value) and specifier in str(error.value), str(error.value)
    # What fits still formats: numeric text is a number, text under %@ is text, 2**63 under %llu.
    assert en.format("files.count", "3") == "3 files"
    assert en.format("nope", "1.0", default="%lld") == "1"
    assert en.format("nope", " -2 ", default="%lld") == "-2"
    assert en.format("echo", "abc") == "Start abc end"
    assert en.format("nope", 2**63 + 5, default="%llu") == f"{2**63 + 5:,}"
    assert en.format("nope", -(2**63), default="%lld") == f"{-(2**63):,}"
    assert en.format("nope", -1, default="%llx") == "ffffffffffffffff"  # %x prints the bits, as C
    assert en.format("nope", 300, default="%hhd") == "44"  # h and hh truncate, as C
    # format_problems (for a caller who checks) still reports them without raising.
    assert en.format_problems("nope", 2**63, default="%lld") == [
        "argument 1 is 9223372036854775808, out of the range of '%lld' "
        "(-9223372036854775808 to 9223372036854775807)"]
    assert en.format_problems("nope", "abc", default="%d") == ["argument 1 is a string, but '%d' needs a number"]


def test_locale_writes_the_numbers_only(open_plurals: Callable[..., lokale.Bundle]) -> None:
    """locale= (the lokale_message's locale): numbers as that locale writes them; the translation
    and its plural form stay those of the served language."""
    french = open_plurals("fr")
    assert french.format("files.count", 1234567) == "1\u202f234\u202f567 fichiers"
    assert french.format("files.count", 1234567, locale="en") == "1,234,567 fichiers"
    assert french.format("files.count", 1234567, locale="de") == "1.234.567 fichiers"
    assert french.format("files.count", 1, locale="ar") == "\u0661 fichier"
    assert french.format("files.count", 0, locale="en") == "0 fichier"  # French rule: 0 is "one"
    assert french.format("price", 2.5, "TVA", locale="en") == "Total : 2.50 (TVA)"
    assert french.format("nothing.here", 1234, default="%lld", locale="de") == "1.234"
    trace = french.explain("files.count", 2000, locale="en")
    assert (trace["served"], trace["result"]) == ("fr", "2,000 fichiers")
    assert french.format_problems("files.count", 2000, locale="en") == []
    assert french.format_problems("price", locale="en") != []
    with pytest.raises(lokale.InvalidArgument):
        french.format("files.count", 2, locale="not a locale!")
    with pytest.raises(TypeError):
        french.format("files.count", 2, locale=b"en")  # type: ignore[arg-type]
    with pytest.raises(lokale.InvalidArgument):
        french.explain("files.count", 2, locale="not a locale!")
    # The next format without locale= writes numbers as the served language does again.
    assert french.format("files.count", 1234) == "1\u202f234 fichiers"
