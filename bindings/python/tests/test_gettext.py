"""gettext's protocol on Bundle (gettext, ngettext, pgettext, npgettext, install) over bundles that
the real CLI compiled from .po files: the answers of Python's own gettext.GNUTranslations (from the
same .po through msgfmt, when it is installed), and Jinja2's install_gettext_translations."""

from __future__ import annotations

import builtins
import gettext
import shutil
import subprocess
import warnings
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Callable, Dict, Iterator, List, Optional, Tuple

import pytest

import lokale
from conftest import compile_bundle

HEADER = """msgid ""
msgstr ""
"Language: {language}\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Plural-Forms: {plural_forms}\\n"

"""

# Python-format entries as pybabel and xgettext write them for Python code and Jinja2 templates.
ENTRIES = {
    "fr": (
        "nplurals=2; plural=(n > 1);",
        r'''
msgid "Hello"
msgstr "Bonjour"

#, python-format
msgid "Hello %(name)s"
msgstr "Bonjour %(name)s"

msgctxt "door"
msgid "Open"
msgstr "Ouvrir"

msgctxt "file"
msgid "Open"
msgstr "Ouvrir le fichier"

#, python-format
msgid "%d file"
msgid_plural "%d files"
msgstr[0] "%d fichier"
msgstr[1] "%d fichiers"

#, python-format
msgid "%(count)s file"
msgid_plural "%(count)s files"
msgstr[0] "%(count)s fichier"
msgstr[1] "%(count)s fichiers"

#, python-format
msgid "%(num)d file"
msgid_plural "%(num)d files"
msgstr[0] "%(num)d fichier"
msgstr[1] "%(num)d fichiers"

#, python-format
msgid "%(count)s%% done"
msgstr "%(count)s %% fait"

#, python-format
msgid "Progress: %d%%"
msgstr "Progression : %d%%"

msgctxt "inbox"
msgid "%d message"
msgid_plural "%d messages"
msgstr[0] "%d message reçu"
msgstr[1] "%d messages reçus"

msgid "Untranslated"
msgstr ""

#, python-format
msgid "%(name)s has %(count)d item"
msgid_plural "%(name)s has %(count)d items"
msgstr[0] "%(name)s a %(count)d élément"
msgstr[1] "%(name)s a %(count)d éléments"
''',
    ),
    "ru": (
        "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
        r'''
msgid "Hello"
msgstr "Привет"

#, python-format
msgid "%d file"
msgid_plural "%d files"
msgstr[0] "%d файл"
msgstr[1] "%d файла"
msgstr[2] "%d файлов"

#, python-format
msgid "%(count)s file"
msgid_plural "%(count)s files"
msgstr[0] "%(count)s файл"
msgstr[1] "%(count)s файла"
msgstr[2] "%(count)s файлов"

#, python-format
msgid "%(num)d%% of %(num)d file"
msgid_plural "%(num)d%% of %(num)d files"
msgstr[0] "%(num)d%% из %(num)d файла"
msgstr[1] "%(num)d%% из %(num)d файлов"
msgstr[2] "%(num)d%% из %(num)d файлов!"

#, c-format
msgid "%5d row in %s"
msgid_plural "%5d rows in %s"
msgstr[0] "%5d строка в %s"
msgstr[1] "%5d строки в %s"
msgstr[2] "%5d строк в %s"

#, c-format
msgid "%1$d%% of %2$s"
msgid_plural "%1$d%% of %2$s"
msgstr[0] "%1$d%% одного %2$s"
msgstr[1] "%1$d%% двух %2$s"
msgstr[2] "%1$d%% многих %2$s"

msgid "one thing"
msgid_plural "%d things"
msgstr[0] "одна вещь"
msgstr[1] "%d вещи"
msgstr[2] "%d вещей"

msgctxt "inbox"
msgid "%d message"
msgid_plural "%d messages"
msgstr[0] "%d сообщение"
msgstr[1] "%d сообщения"
msgstr[2] "%d сообщений"
''',
    ),
}

# Every message of the catalogs: (context, msgid, msgid_plural).
QUERIES: List[Tuple[Optional[str], str, Optional[str]]] = [
    (None, "Hello", None),
    (None, "Hello %(name)s", None),
    ("door", "Open", None),
    ("file", "Open", None),
    ("window", "Open", None),
    (None, "%(count)s%% done", None),
    (None, "Progress: %d%%", None),
    (None, "Untranslated", None),
    (None, "Not in any catalog", None),
    (None, "%d file", "%d files"),
    (None, "%(count)s file", "%(count)s files"),
    (None, "%(num)d file", "%(num)d files"),
    (None, "%(num)d%% of %(num)d file", "%(num)d%% of %(num)d files"),
    (None, "%5d row in %s", "%5d rows in %s"),
    (None, "%1$d%% of %2$s", "%1$d%% of %2$s"),
    (None, "one thing", "%d things"),
    (None, "%(name)s has %(count)d item", "%(name)s has %(count)d items"),
    (None, "missing thing", "missing things"),
    ("inbox", "%d message", "%d messages"),
    ("outbox", "%d message", "%d messages"),
]
COUNTS = list(range(0, 32)) + [100, 101, 111, 1000, 1001, 10**6, 2**63 - 1]


def _write_po(folder: Path, language: str) -> Path:
    plural_forms, body = ENTRIES[language]
    path = folder / f"{language}.po"
    path.write_text(HEADER.format(language=language, plural_forms=plural_forms) + body, encoding="utf-8")
    return path


@pytest.fixture(scope="session")
def po_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("po")
    for language in ENTRIES:
        _write_po(folder, language)
    return folder


@pytest.fixture(scope="session")
def po_bundle_path(po_folder: Path) -> Path:
    """fr.po and ru.po compiled by the real CLI: the default table (files named after their
    language), development localization en (the msgids)."""
    return compile_bundle(po_folder / "fr.po", po_folder / "Po.lokale", str(po_folder / "ru.po"))


@pytest.fixture(scope="session")
def domain_bundle_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The same catalogs in glibc's layout, LL/LC_MESSAGES/messages.po: the table "messages"."""
    root = tmp_path_factory.mktemp("locale")
    sources = []
    for language in ENTRIES:
        folder = root / language / "LC_MESSAGES"
        folder.mkdir(parents=True)
        sources.append(_write_po(folder, language).rename(folder / "messages.po"))
    return compile_bundle(sources[0], root / "Domain.lokale", *map(str, sources[1:]))


@pytest.fixture
def po_bundle(po_bundle_path: Path, runtime_factory: Callable[..., lokale.Runtime]) -> lokale.Bundle:
    return runtime_factory(["fr"]).open(po_bundle_path, main=True)


def _reference(po_folder: Path, language: str) -> gettext.GNUTranslations:
    """Python's gettext over msgfmt's .mo of the same .po."""
    if shutil.which("msgfmt") is None:
        pytest.skip("msgfmt is not installed (apt package gettext): no reference .mo")
    mo = po_folder / f"{language}.mo"
    if not mo.exists():
        subprocess.run(["msgfmt", "-o", str(mo), str(po_folder / f"{language}.po")], check=True)
    with open(mo, "rb") as file:
        return gettext.GNUTranslations(file)


def _ask(translations: object, query: Tuple[Optional[str], str, Optional[str]], n: int) -> str:
    context, msgid, plural = query
    t = translations
    if plural is None:
        return t.pgettext(context, msgid) if context else t.gettext(msgid)  # type: ignore[attr-defined,no-any-return]
    if context:
        return t.npgettext(context, msgid, plural, n)  # type: ignore[attr-defined,no-any-return]
    return t.ngettext(msgid, plural, n)  # type: ignore[attr-defined,no-any-return]


@pytest.mark.parametrize("language", sorted(ENTRIES))
def test_same_answers_as_pythons_gettext(language: str, po_folder: Path, po_bundle_path: Path,
                                         domain_bundle_path: Path,
                                         runtime_factory: Callable[..., lokale.Runtime]) -> None:
    reference = _reference(po_folder, language)
    runtime = runtime_factory([language])
    bundle = runtime.open(po_bundle_path, main=True)
    messages = runtime.open(domain_bundle_path).translations("messages")
    differences = []
    for query in QUERIES:
        for n in COUNTS if query[2] is not None else [1]:
            expected = _ask(reference, query, n)
            for name, source in (("bundle", bundle), ("messages", messages)):
                answer = _ask(source, query, n)
                if answer != expected:
                    differences.append((name, query, n, answer, expected))
    assert not differences, differences[:10]


def test_plural_forms_unformatted(po_bundle: lokale.Bundle) -> None:
    runtime = po_bundle.runtime
    b = po_bundle
    assert [b.ngettext("%d file", "%d files", n) for n in (0, 1, 2)] == ["%d fichier", "%d fichier", "%d fichiers"]
    assert b.ngettext("%d file", "%d files", 2) % 2 == "2 fichiers"
    assert b.gettext("Progress: %d%%") == "Progression : %d%%"                # no % applied
    assert b.gettext("Progress: %d%%") % 40 == "Progression : 40%"
    assert b.ngettext("%(num)d file", "%(num)d files", 1) % {"num": 1} == "1 fichier"
    assert b.npgettext("inbox", "%d message", "%d messages", 5) == "%d messages reçus"
    assert b.pgettext("door", "Open") == "Ouvrir" and b.pgettext("file", "Open") == "Ouvrir le fichier"
    # Missing: the msgid; for a plural the singular when n == 1, else the plural (gettext's rule).
    assert b.gettext("Untranslated") == "Untranslated"
    assert b.pgettext("window", "Open") == "Open"
    assert [b.ngettext("a thing", "things", n) for n in (0, 1, 2)] == ["things", "a thing", "things"]
    assert b.npgettext("outbox", "%d message", "%d messages", 1) == "%d message"
    # The language current at the call; the form the new language's rules choose.
    runtime.set_language("ru")
    assert [b.ngettext("%d file", "%d files", n) for n in (1, 3, 5, 21)] == ["%d файл", "%d файла", "%d файлов", "%d файл"]
    assert b.ngettext("one thing", "%d things", 1) == "одна вещь"
    runtime.set_language("en")  # the development localization: the msgids
    assert [b.ngettext("%d file", "%d files", n) for n in (0, 1, 2)] == ["%d files", "%d file", "%d files"]
    runtime.set_language(None)
    # Large and odd counts never raise: beyond 64 bits selects as the largest 64-bit number.
    assert b.ngettext("%d file", "%d files", 2**80) == "%d fichiers"
    # As glibc's unsigned long reads it, -1 is the largest count (`n > 1`: the plural), the form a
    # C program gets; GNUTranslations would evaluate -1 > 1 and give the singular (docs/GETTEXT.md).
    assert b.ngettext("%d file", "%d files", -1) == "%d fichiers"
    with pytest.raises(TypeError):
        b.ngettext("%d file", "%d files", "3")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        b.gettext(b"Hello")  # type: ignore[arg-type]


@pytest.mark.parametrize("n", [1.0, 2.5, 0.0, 21.0, Decimal("1"), Fraction(5, 1), True, None, "3", b"1"])
def test_counts_as_gnutranslations_takes_them(n: object, po_bundle: lokale.Bundle, po_folder: Path) -> None:
    """A count that is not an int: the same answer, the same DeprecationWarning (blamed on the
    caller's line) or the same TypeError as Python's GNUTranslations over msgfmt's .mo."""
    reference = _reference(po_folder, "fr")

    def ask(source: object) -> tuple[str, list[tuple[type, str, str]]]:
        with warnings.catch_warnings(record=True) as seen:
            warnings.simplefilter("always")
            try:
                answer = source.ngettext("%d file", "%d files", n)  # type: ignore[attr-defined]
            except TypeError as e:
                answer = f"TypeError: {e}"
        return answer, [(w.category, str(w.message), Path(w.filename).name) for w in seen]

    assert ask(po_bundle) == ask(reference)


def test_translations_of_a_domain(domain_bundle_path: Path, runtime_factory: Callable[..., lokale.Runtime]) -> None:
    bundle = runtime_factory(["fr"]).open(domain_bundle_path)
    assert bundle.gettext("Hello") == "Hello"  # not in the default table
    messages = bundle.translations("messages")
    assert isinstance(messages, lokale.Translations)
    assert (messages.bundle, messages.table) == (bundle, "messages")
    assert messages.gettext("Hello") == "Bonjour"
    assert messages.ngettext("%d file", "%d files", 3) == "%d fichiers"
    assert messages.pgettext("door", "Open") == "Ouvrir"
    assert messages.npgettext("inbox", "%d message", "%d messages", 1) == "%d message reçu"
    assert "messages" in repr(messages)
    with pytest.raises(TypeError):
        lokale.Translations("not a bundle")  # type: ignore[arg-type]
    bundle.close()
    with pytest.raises(lokale.ClosedError):
        messages.gettext("Hello")


@pytest.fixture
def clean_builtins() -> Iterator[None]:
    names = ("_", "gettext", "ngettext", "pgettext", "npgettext")
    saved: Dict[str, object] = {name: builtins.__dict__[name] for name in names if name in builtins.__dict__}
    yield
    for name in names:
        builtins.__dict__.pop(name, None)
    builtins.__dict__.update(saved)


def test_install(po_bundle: lokale.Bundle, clean_builtins: None) -> None:
    for name in ("gettext", "ngettext", "pgettext", "npgettext"):
        builtins.__dict__.pop(name, None)
    po_bundle.install()
    assert eval('_("Hello")', {}) == "Bonjour"
    assert "ngettext" not in builtins.__dict__
    po_bundle.install(names=["ngettext", "pgettext", "npgettext", "gettext", "lgettext", "nonsense"])
    assert eval('ngettext("%d file", "%d files", 4) % 4', {}) == "4 fichiers"
    assert eval('pgettext("door", "Open")', {}) == "Ouvrir"
    assert eval('npgettext("inbox", "%d message", "%d messages", 1)', {}) == "%d message reçu"
    assert eval('gettext("Hello")', {}) == "Bonjour"
    assert "lgettext" not in builtins.__dict__ and "nonsense" not in builtins.__dict__
    # What gettext.NullTranslations.install installs, it installs.
    assert builtins.__dict__["_"] == po_bundle.gettext
    po_bundle.runtime.set_language("ru")
    assert eval('_("Hello")', {}) == "Привет"


def test_same_interface_as_gnutranslations() -> None:
    """Every method GNUTranslations' users call takes the same positional parameters (named as
    gettext's documentation names them: Python's own are msgid1, msgid2)."""
    import inspect

    for name in ("gettext", "ngettext", "pgettext", "npgettext", "install"):
        theirs = inspect.signature(getattr(gettext.NullTranslations, name)).parameters.values()
        for owner in (lokale.Bundle, lokale.Translations):
            mine = inspect.signature(getattr(owner, name)).parameters.values()
            assert [(p.kind, p.default) for p in mine] == [(p.kind, p.default) for p in theirs], (owner, name)


def test_python_format_entries_compile(po_bundle: lokale.Bundle) -> None:
    """`#, python-format` entries with %(name)s are not refused as bad C formats (docs/GETTEXT.md):
    the bundle compiled, and their translations are served as they are."""
    assert po_bundle.gettext("Hello %(name)s") % {"name": "Ana"} == "Bonjour Ana"
    assert po_bundle.gettext("%(count)s%% done") % {"count": 3} == "3 % fait"
    assert po_bundle.ngettext("%(name)s has %(count)d item", "%(name)s has %(count)d items", 2) % {
        "name": "Ana", "count": 2} == "Ana a 2 éléments"


# -- Jinja2 ---------------------------------------------------------------------------------------


def _jinja() -> object:
    return pytest.importorskip(
        "jinja2", reason="jinja2 is not installed (pip install jinja2; .ci/run installs it)"
    )


TEMPLATE = """\
{% trans %}Hello{% endtrans %}|\
{% trans name=user %}Hello {{ name }}{% endtrans %}|\
{% trans count=n %}{{ count }} file{% pluralize %}{{ count }} files{% endtrans %}|\
{% trans count=n %}{{ count }}% done{% endtrans %}|\
{{ _("Hello") }}|{{ pgettext("door", "Open") }}|{{ npgettext("inbox", "%(num)d message", "%(num)d messages", n) }}"""


@pytest.mark.parametrize("newstyle", [False, True])
def test_jinja2_install_gettext_translations(po_bundle: lokale.Bundle, newstyle: bool) -> None:
    jinja2 = _jinja()
    environment = jinja2.Environment(extensions=["jinja2.ext.i18n"], autoescape=True)  # type: ignore[attr-defined]
    environment.install_gettext_translations(po_bundle, newstyle=newstyle)
    template = environment.from_string(TEMPLATE)
    # The context's npgettext has no translation (its msgid is "%(num)d message"): gettext's rule.
    if newstyle:
        inbox = {1: "1 message", 3: "3 messages"}
    else:
        inbox = {1: "%(num)d message", 3: "%(num)d messages"}
    assert template.render(user="<Ana>", n=1).split("|") == [
        "Bonjour", "Bonjour &lt;Ana&gt;", "1 fichier", "1 % fait", "Bonjour", "Ouvrir", inbox[1]]
    assert template.render(user="Ana", n=3).split("|") == [
        "Bonjour", "Bonjour Ana", "3 fichiers", "3 % fait", "Bonjour", "Ouvrir", inbox[3]]
    # Rendered in the language current at each render.
    po_bundle.runtime.set_language("ru")
    assert template.render(user="Ana", n=5).split("|")[:3] == ["Привет", "Hello Ana", "5 файлов"]
    po_bundle.runtime.set_language(None)


def test_jinja2_matches_gnutranslations(po_bundle: lokale.Bundle, po_folder: Path) -> None:
    """The same templates over Python's gettext and over the bundle give the same pages."""
    jinja2 = _jinja()
    reference = _reference(po_folder, "fr")
    pages = []
    for translations in (reference, po_bundle):
        environment = jinja2.Environment(extensions=["jinja2.ext.i18n"])  # type: ignore[attr-defined]
        environment.install_gettext_translations(translations)
        template = environment.from_string(TEMPLATE)
        pages.append([template.render(user="Ana", n=n) for n in range(0, 5)])
    assert pages[0] == pages[1]


def test_ngettext_while_the_language_changes(po_bundle: lokale.Bundle) -> None:
    """Answers found while another thread changes the language are each right for one of the
    languages (none is remembered for the wrong one)."""
    import threading

    runtime = po_bundle.runtime
    valid = {
        1: {"%d fichier", "%d файл"},
        3: {"%d fichiers", "%d файла"},
        5: {"%d fichiers", "%d файлов"},
    }
    wrong: List[Tuple[int, str]] = []
    stop = threading.Event()

    def reader() -> None:
        while not stop.is_set():
            for n, answers in valid.items():
                answer = po_bundle.ngettext("%d file", "%d files", n)
                if answer not in answers:
                    wrong.append((n, answer))

    threads = [threading.Thread(target=reader) for _ in range(3)]
    for thread in threads:
        thread.start()
    try:
        for index in range(60):
            runtime.set_language("ru" if index % 2 == 0 else "fr")
    finally:
        stop.set()
        for thread in threads:
            thread.join()
    assert not wrong, wrong[:5]
    runtime.set_language("ru")
    assert [po_bundle.ngettext("%d file", "%d files", n) for n in (1, 3, 5)] == ["%d файл", "%d файла", "%d файлов"]
    runtime.set_language("fr")
    assert [po_bundle.ngettext("%d file", "%d files", n) for n in (1, 3, 5)] == ["%d fichier", "%d fichiers", "%d fichiers"]


# Plural-Forms that CLDR's rules for the language do not express: the catalog's rule chooses, as in
# glibc and in GNUTranslations (which agree on counts of 0 and more).
RULES = [
    ("fr", 2, "(n != 1)"),
    ("lv", 3, "n%10==1 && n%100!=11 ? 0 : n != 0 ? 1 : 2"),
    ("he", 4, "(n==1 ? 0 : n==2 ? 1 : n>10 && n%10==0 ? 2 : 3)"),
    ("ga", 5, "n==1 ? 0 : n==2 ? 1 : (n>2 && n<7) ? 2 :(n>6 && n<11) ? 3 : 4"),
    ("gd", 4, "(n==1 || n==11) ? 0 : (n==2 || n==12) ? 1 : (n > 2 && n < 20) ? 2 : 3"),
    ("ar", 6, "n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5"),
    ("oc", 2, "n > 1"),
]


@pytest.mark.parametrize("language,count,expression", RULES)
def test_plural_forms_as_the_catalog_writes_them(language: str, count: int, expression: str, tmp_path: Path,
                                                  runtime_factory: Callable[..., lokale.Runtime]) -> None:
    if shutil.which("msgfmt") is None:
        pytest.skip("msgfmt is not installed (apt package gettext): no reference .mo")
    po = tmp_path / f"{language}.po"
    forms = "".join(f'msgstr[{i}] "form {i}: %d"\n' for i in range(count))
    po.write_text(HEADER.format(language=language, plural_forms=f"nplurals={count}; plural={expression};")
                  + f'#, python-format\nmsgid "%d file"\nmsgid_plural "%d files"\n{forms}', encoding="utf-8")
    subprocess.run(["msgfmt", "-o", str(tmp_path / "ref.mo"), str(po)], check=True)
    with open(tmp_path / "ref.mo", "rb") as file:
        reference = gettext.GNUTranslations(file)
    bundle = runtime_factory([language]).open(compile_bundle(po, tmp_path / "rules.lokale"), main=True)
    counts = list(range(300)) + [1000, 1001, 1011, 10**6, 2**40 + 11]
    assert [bundle.ngettext("%d file", "%d files", n) for n in counts] == [reference.ngettext("%d file", "%d files", n) for n in counts]
    # Formatted with ASCII digits (Lokale writes a number as the served language does: Arabic's own).
    assert [bundle.format("%d file", n, locale="en") for n in counts[:300]] == [reference.ngettext("%d file", "%d files", n) % n for n in counts[:300]]
    # gettext of a plural msgid: glibc's msgstr[0] (GNUTranslations gives the form for 1).
    assert bundle.gettext("%d file") == "form 0: %d"
