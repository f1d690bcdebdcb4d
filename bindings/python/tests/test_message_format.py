"""lokale.MessageFormat: a MessageFormat 2 message given as source, through the real liblokale
(lokale_message_format_*), with Python's argument types."""

from __future__ import annotations

import datetime
import threading
from decimal import Decimal

import pytest

import lokale

FILES = ".input {$n :integer} .match $n one {{{$n} fichier}} * {{{$n} fichiers}}"


def test_formats_with_keyword_arguments_in_its_locale() -> None:
    files = lokale.MessageFormat(FILES, "fr")
    assert [files.format(n=n) for n in (0, 1, 2, 1_000_000)] == ["0 fichier", "1 fichier", "2 fichiers", "1\u202f000\u202f000 fichiers"]
    assert files.format(n=2**64 - 1).endswith(" fichiers")
    assert files.problems(n=3) == []
    hello = lokale.MessageFormat("Hello, {$name}! You are {$shown}.", "en")
    assert hello.format(name="Léa", shown=True) == "Hello, \u2068Léa\u2069! You are \u2068true\u2069."
    assert repr(hello) == "lokale.MessageFormat('Hello, {$name}! You are {$shown}.', 'en')"


def test_decimals_keep_their_digits() -> None:
    m = lokale.MessageFormat(".input {$x :number} .match $x one {{one}} * {{other: {$x}}}", "en")
    assert m.format(x=Decimal("1")) == "one"
    assert m.format(x=Decimal("12345678901234567890.123")) == "other: 12,345,678,901,234,567,890.123"  # no digit lost to a double
    # Selection reads the number as formatted: 1.0 shows as 1, unless the options keep a fraction digit.
    assert m.format(x=Decimal("1.0")) == "one"
    kept = lokale.MessageFormat(".input {$x :number minimumFractionDigits=1} .match $x one {{one}} * {{other: {$x}}}", "en")
    assert kept.format(x=1) == "other: 1.0"


def test_moments_in_their_time_zone() -> None:
    zoneinfo = pytest.importorskip("zoneinfo")
    m = lokale.MessageFormat("{$when :date style=long}", "en")
    late = datetime.datetime(2006, 1, 2, 23, 30, tzinfo=datetime.timezone.utc)
    assert m.format(when=late) == "January 2, 2006"
    assert m.format(when=late.astimezone(zoneinfo.ZoneInfo("Europe/Paris"))) == "January 3, 2006"
    assert m.format(when=late.astimezone(datetime.timezone(datetime.timedelta(hours=-5)))) == "January 2, 2006"
    assert m.format(when=datetime.datetime(2006, 1, 2, 23, 30)) == "January 2, 2006"  # naive: UTC
    assert m.format(when=datetime.date(2006, 1, 3)) == "January 3, 2006"


def test_problems_beside_the_text() -> None:
    m = lokale.MessageFormat(FILES, "fr")
    assert m.format() == "\u2068{$n}\u2069 fichiers"
    assert [p.split(":")[0] for p in m.problems()] == ["unresolved-variable", "bad-operand", "bad-selector"]


@pytest.mark.parametrize("source,error", [("{$x", "syntax-error: 1:4"), (".match $n 1 {{one}}", "missing-selector-annotation"),
                                          (".input {$n :number} .match $n 1 {{one}}", "missing-fallback-variant")])
def test_malformed_messages_raise_format_error(source: str, error: str) -> None:
    with pytest.raises(lokale.FormatError, match=error):
        lokale.MessageFormat(source, "en")


def test_bad_arguments_and_closing() -> None:
    with pytest.raises(TypeError):
        lokale.MessageFormat(b"x", "en")  # type: ignore[arg-type]
    with pytest.raises(lokale.InvalidArgument):
        lokale.MessageFormat("x", "not a locale!")
    m = lokale.MessageFormat("{$x}", "en")
    with pytest.raises(TypeError, match="'x'"):
        m.format(x=[1])
    with pytest.raises(ValueError):
        m.format(x=Decimal("NaN"))
    with m:
        assert m.format(x="ok") == "\u2068ok\u2069"
    with pytest.raises(lokale.ClosedError):
        m.format(x="late")
    m.close()  # twice: nothing


def test_one_message_from_many_threads() -> None:
    files = lokale.MessageFormat(FILES, "fr")
    wrong: list[int] = []

    def work() -> None:
        for n in range(300):
            if files.format(n=n) != f"{n} {'fichier' if n < 2 else 'fichiers'}":
                wrong.append(n)

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert wrong == []


def test_parts_carry_markup_values_and_their_sources() -> None:
    m = lokale.MessageFormat("Hi {#link href=|/u/1| u:id=l1}{$name}{/link}: {$n :number} {$missing}{#br/}", "en")
    parts = m.format_to_parts(name="Léa", n=-1234)
    assert parts == [
        lokale.TextPart("Hi "),
        lokale.MarkupPart("open", "link", "l1", {"href": "/u/1"}),
        lokale.BidiIsolationPart("\u2068"),
        lokale.ExpressionPart("Léa", "$name", "string", "en"),
        lokale.BidiIsolationPart("\u2069"),
        lokale.MarkupPart("close", "link"),
        lokale.TextPart(": "),
        lokale.ExpressionPart("-1,234", "$n", "number", "en", fields=(("minusSign", "-"), ("integer", "1"), ("group", ","), ("integer", "234"))),
        lokale.TextPart(" "),
        lokale.BidiIsolationPart("\u2068"),
        lokale.FallbackPart("{$missing}", "$missing"),
        lokale.BidiIsolationPart("\u2069"),
        lokale.MarkupPart("standalone", "br"),
    ]
    assert "".join(p.value for p in parts) == m.format(name="Léa", n=-1234)
    assert [p.split(":")[0] for p in m.problems(name="Léa", n=-1234)] == ["unresolved-variable"]


def test_parts_of_a_plural_and_of_u_options() -> None:
    files = lokale.MessageFormat(FILES, "fr")
    assert files.format_to_parts(n=1000) == [
        lokale.ExpressionPart("1\u202f000", "$n", "number", "fr", fields=(("integer", "1"), ("group", "\u202f"), ("integer", "000"))),
        lokale.TextPart(" fichiers"),
    ]
    m = lokale.MessageFormat("{$x :string u:dir=rtl u:id=x1}", "en")
    assert m.format_to_parts(x="abc") == [lokale.BidiIsolationPart("\u2067"),
                                          lokale.ExpressionPart("abc", "$x", "string", "en", dir="rtl", id="x1"),
                                          lokale.BidiIsolationPart("\u2069")]
    with pytest.raises(TypeError):
        m.format_to_parts(x=object())
    m.close()
    with pytest.raises(lokale.ClosedError):
        m.format_to_parts(x="late")
