"""Babel's gettext workflow end to end through Lokale, with the real tools:

    pybabel extract -> messages.pot -> pybabel init (fr, de) -> .po, translated with babel.messages.pofile
    -> source changed, pybabel extract + pybabel update -> lokale compile (the CLI) -> lookups

The same application code (its ``_``, ``gettext``, ``ngettext``, ``pgettext``, ``npgettext`` and lazy
calls) runs once with Python's own ``gettext`` over ``pybabel compile``'s ``.mo`` files and once with a
Lokale bundle installed in their place: every answer must be equal. And ``lokale extract`` must find
the messages ``pybabel extract`` finds in the same sources (msgctxt, msgid, msgid_plural, and the
``# TRANSLATORS:`` comments of ``-c``).

Babel comes from PyPI in the test environment only: ``LOKALE_PYBABEL`` (what ``make test-python``
passes, build/tools' pybabel, so that a missing Babel fails there), else a pybabel on PATH, else the
tests are skipped. The package itself needs nothing from PyPI."""

from __future__ import annotations

import builtins
import gettext as gettext_module
import json
import os
import shutil
import subprocess
import textwrap
from pathlib import Path
from typing import Any, Callable, Dict, Iterator, List, Set, Tuple

import pytest

import lokale
from conftest import CLI, compile_bundle

LANGUAGES = ("fr", "de")
# Flask-Babel's lazy functions are no Babel default keyword: a project names them with -k (or in
# babel.cfg). Lokale's extraction knows them without being told.
LAZY_KEYWORDS = ["-k", "lazy_gettext", "-k", "lazy_ngettext:1,2", "-k", "lazy_pgettext:1c,2", "-k", "lazy_npgettext:1c,2,3"]
COUNTS = (0, 1, 2, 3, 5, 11, 21, 101)

# The application: its calls run against builtins that NullTranslations.install(names=…) puts in
# place (Python's gettext, or a Lokale bundle). Its lazy functions resolve at once here, as a lazy
# string does when rendered.
VIEWS = '''\
def lazy_gettext(message):
    return gettext(message)


def lazy_ngettext(singular, plural, n):
    return ngettext(singular, plural, n)


def lazy_pgettext(context, message):
    return pgettext(context, message)


def render(n, user):
    # TRANSLATORS: the first line of the start screen
    title = _("Welcome to the shop")
    lines = [title, gettext("Your basket")]
    lines.append(ngettext("%(num)d apple", "%(num)d apples", n) % {"num": n})
    lines.append(ngettext("One message for %(user)s", "%(n)d messages for %(user)s", n) % {"n": n, "user": user})
    lines.append(pgettext("menu", "Open"))
    lines.append(pgettext("door", "Open"))  # the same msgid in another context
    lines.append(npgettext("cart", "%d item", "%d items", n) % n)
    lines.append(_("Line one\\n"
                   "line two"))  # implicit concatenation, an escape
    lines.append(lazy_gettext("Lazy greeting"))
    lines.append(lazy_ngettext("%(num)d lazy day", "%(num)d lazy days", n) % {"num": n})
    lines.append(lazy_pgettext("season", "Spring"))
    lines.append(gettext("Not translated anywhere"))
    return lines
'''

# Call forms that are extracted but not run here: Babel's other default keywords, and calls on a value.
EXTRA = '''\
import gettext as gettext_module

# TRANSLATORS: a shop category,
# shown in the side bar
CATEGORY = N_("Fruit")
OLD = ugettext("Legacy text"), ungettext("%d legacy", "%d legacies", 2)


class Page:
    def title(self, t):
        return self._("Page title"), t.ngettext("%d page", "%d pages", 3), gettext_module.pgettext("page", "Back")

    def domains(self):
        return (dgettext("admin", "Users"), dngettext("admin", "%d user", "%d users", 2),
                dpgettext("admin", "verb", "Ban"), dnpgettext("admin", "noun", "%d ban", "%d bans", 2))

    def lazy(self):
        return lazy_npgettext("queue", "%d job", "%d jobs", 4)

    def skipped(self, name):
        # Not messages: no literal, an f-string with a field, a string method.
        return _(name), _(f"Hello {name}"), "{}".format(name), ngettext(name, "x", 2)
'''


def _pybabel() -> Path:
    configured = os.environ.get("LOKALE_PYBABEL")
    if configured:
        assert Path(configured).is_file(), f"LOKALE_PYBABEL={configured} is missing (make test-python installs Babel)"
        return Path(configured).absolute()
    found = shutil.which("pybabel")
    if found is None:
        pytest.skip("Babel is not installed (pip install babel; make test-python installs it in build/tools)")
    return Path(found)


def _run(*command: Any, cwd: Path) -> str:
    result = subprocess.run([str(c) for c in command], cwd=cwd, capture_output=True, text=True)
    assert result.returncode == 0, f"{' '.join(map(str, command))} failed:\n{result.stdout}\n{result.stderr}"
    return result.stdout


def _babel_python(pybabel: Path, script: str, *args: Any, cwd: Path) -> str:
    """Runs `script` with the interpreter pybabel belongs to (the one Babel is installed in)."""
    python = pybabel.parent / "python"
    if not python.exists():
        python = pybabel.parent / "python3"
    return _run(python, "-c", textwrap.dedent(script), *args, cwd=cwd)


# Fills every entry of a .po as a translator would: each form names the language and its index,
# keeps the msgid's placeholders; the msgids argv[3:] stay untranslated.
TRANSLATE = """
    import sys
    from babel.messages.pofile import read_po, write_po
    path, language, untranslated = sys.argv[1], sys.argv[2], sys.argv[3:]
    with open(path, "rb") as f:
        catalog = read_po(f, locale=language)
    for message in catalog:
        if not message.id or message.id in untranslated or (message.string and any(message.string)):
            continue  # the header, those left for later, what is translated already
        if message.pluralizable:
            message.string = tuple(f"[{language} {i}] " + (message.id[0] if i == 0 else message.id[1])
                                   for i in range(catalog.num_plurals))
        else:
            message.string = f"[{language}] " + message.id
    with open(path, "wb") as f:
        write_po(f, catalog)
"""

# The messages of a .pot as JSON: [msgctxt, msgid, msgid_plural, auto comments].
READ_POT = """
    import json, sys
    from babel.messages.pofile import read_po
    with open(sys.argv[1], "rb") as f:
        catalog = read_po(f)
    out = []
    for m in catalog:
        if not m.id:
            continue
        singular, plural = (m.id[0], m.id[1]) if isinstance(m.id, tuple) else (m.id, None)
        out.append([m.context, singular, plural, list(m.auto_comments)])
    print(json.dumps(out))
"""


class Workflow:
    """The project after the whole Babel workflow, with its compiled catalogs."""

    def __init__(self, root: Path, pybabel: Path) -> None:
        self.root, self.pybabel = root, pybabel
        self.app = root / "app"
        self.locale = root / "locale"


@pytest.fixture(scope="module")
def workflow(tmp_path_factory: pytest.TempPathFactory) -> Workflow:
    pybabel = _pybabel()
    w = Workflow(tmp_path_factory.mktemp("babel"), pybabel)
    w.app.mkdir()
    # The first version of the code lacks one message, added before `pybabel update`.
    (w.app / "views.py").write_text(VIEWS.replace('    lines.append(lazy_pgettext("season", "Spring"))\n', ""), encoding="utf-8")
    (w.app / "extra.py").write_text(EXTRA, encoding="utf-8")
    pot = w.root / "messages.pot"
    extract = [pybabel, "extract", "-c", "TRANSLATORS:", *LAZY_KEYWORDS, "-o", pot, w.app]
    _run(*extract, cwd=w.root)
    for language in LANGUAGES:
        _run(pybabel, "init", "-i", pot, "-d", w.locale, "-l", language, cwd=w.root)
        _babel_python(pybabel, TRANSLATE, w.locale / language / "LC_MESSAGES" / "messages.po", language,
                      "Not translated anywhere", cwd=w.root)
    # The code changes: a new message; `pybabel update` merges it into the .po files, untranslated.
    (w.app / "views.py").write_text(VIEWS, encoding="utf-8")
    _run(*extract, cwd=w.root)
    _run(pybabel, "update", "-i", pot, "-d", w.locale, cwd=w.root)
    for language in LANGUAGES:
        po = w.locale / language / "LC_MESSAGES" / "messages.po"
        assert 'msgctxt "season"' in po.read_text(encoding="utf-8")
        # French translates the new message; German leaves it (and one more) untranslated.
        later = ["Not translated anywhere"] + (["Spring"] if language == "de" else [])
        _babel_python(pybabel, TRANSLATE, po, language, *later, cwd=w.root)
    _run(pybabel, "compile", "-d", w.locale, cwd=w.root)
    return w


def _answers(install: Callable[[], None]) -> List[List[str]]:
    """The application's lines for every count, with gettext's functions installed by `install`."""
    names = ("_", "gettext", "ngettext", "pgettext", "npgettext")
    saved = {n: builtins.__dict__[n] for n in names if n in builtins.__dict__}
    try:
        install()
        namespace: Dict[str, Any] = {}
        exec(compile(VIEWS, "views.py", "exec"), namespace)
        return [namespace["render"](n, "Ada") for n in COUNTS]
    finally:
        for n in names:
            builtins.__dict__.pop(n, None)
        builtins.__dict__.update(saved)


def _gnu(workflow: Workflow, language: str) -> gettext_module.GNUTranslations:
    t = gettext_module.translation("messages", str(workflow.locale), languages=[language])
    assert isinstance(t, gettext_module.GNUTranslations)
    return t


@pytest.mark.parametrize("language", LANGUAGES)
def test_lokale_answers_as_gettext_over_pybabel_catalogs(workflow: Workflow, tmp_path: Path, language: str) -> None:
    po_files = [workflow.locale / l / "LC_MESSAGES" / "messages.po" for l in LANGUAGES]
    # The .po domain is the table (`messages`); copies named after their language make the default table.
    domain = compile_bundle(po_files[0], tmp_path / "domain.lokale", str(po_files[1]))
    named = []
    for l, po in zip(LANGUAGES, po_files):
        named.append(tmp_path / f"{l}.po")
        shutil.copyfile(po, named[-1])
    default = compile_bundle(named[0], tmp_path / "default.lokale", str(named[1]))
    gnu = _gnu(workflow, language)
    expected = _answers(lambda: gnu.install(names=["gettext", "ngettext", "pgettext", "npgettext"]))
    # The translations are really there (and the untranslated ones really are not).
    assert expected[1][0] == f"[{language}] Welcome to the shop"
    assert expected[1][-1] == "Not translated anywhere"
    assert expected[1][-2] == ("[fr] Spring" if language == "fr" else "Spring")
    with lokale.Runtime([language], settings_path="") as runtime:
        bundle = runtime.open(default)
        assert _answers(lambda: bundle.install(names=["gettext", "ngettext", "pgettext", "npgettext"])) == expected
        tables = runtime.open(domain).translations("messages")
        assert _answers(lambda: tables.install(names=["gettext", "ngettext", "pgettext", "npgettext"])) == expected
        # And called directly, as a GNUTranslations is.
        for n in COUNTS:
            assert bundle.ngettext("%(num)d apple", "%(num)d apples", n) == gnu.ngettext("%(num)d apple", "%(num)d apples", n)
            assert bundle.npgettext("cart", "%d item", "%d items", n) == gnu.npgettext("cart", "%d item", "%d items", n)
            assert tables.npgettext("queue", "%d job", "%d jobs", n) == gnu.npgettext("queue", "%d job", "%d jobs", n)
        for context, message in (("menu", "Open"), ("door", "Open"), ("page", "Back"), ("admin", "Users")):
            assert bundle.pgettext(context, message) == gnu.pgettext(context, message)
        assert bundle.gettext("Fruit") == gnu.gettext("Fruit") == f"[{language}] Fruit"


def _babel_messages(workflow: Workflow, pot: Path) -> Set[Tuple[Any, ...]]:
    raw = json.loads(_babel_python(workflow.pybabel, READ_POT, pot, cwd=workflow.root))
    return {(c, s, p) for c, s, p, _ in raw}


def _lokale_extract(workflow: Workflow, out: Path, table: str) -> Dict[str, Any]:
    catalog = out / f"{table}.xcstrings"
    _run(CLI, "extract", "--add-comments", "TRANSLATORS:", workflow.app, "-o", catalog, cwd=workflow.root)
    strings: Dict[str, Any] = json.loads(catalog.read_text(encoding="utf-8"))["strings"]
    return strings


def _as_gettext(key: str, entry: Dict[str, Any]) -> Tuple[Any, ...]:
    """A String Catalog key as gettext's (msgctxt, msgid, msgid_plural): the key is context U+0004
    msgid, and a gettext plural is an English plural whose `other` is the msgid_plural."""
    context, _, msgid = key.rpartition("\x04")
    plural = entry.get("localizations", {}).get("en", {}).get("variations", {}).get("plural", {})
    other = plural.get("other", {}).get("stringUnit", {}).get("value")
    return (context or None, msgid, other)


def test_lokale_extract_finds_what_pybabel_extract_finds(workflow: Workflow, tmp_path: Path) -> None:
    pot = tmp_path / "messages.pot"
    _run(workflow.pybabel, "extract", "-c", "TRANSLATORS:", *LAZY_KEYWORDS, "-o", pot, workflow.app, cwd=workflow.root)
    babel = _babel_messages(workflow, pot)
    # Lokale writes one table per catalog: dgettext's domain is its table.
    found: Dict[str, Dict[str, Any]] = {}
    for table in ("Localizable", "admin"):
        found.update(_lokale_extract(workflow, tmp_path, table))
    lokale_messages = {_as_gettext(k, v) for k, v in found.items()}
    assert lokale_messages == babel
    assert len(babel) == 23  # every form of VIEWS (12) and EXTRA (11), none lost on either side
    # Both keep msgids apart by context; a domain (dgettext's first argument) is no context.
    assert {("menu", "Open", None), ("door", "Open", None), (None, "%d user", "%d users"), ("verb", "Ban", None)} <= babel


def test_translator_comments_match_pybabel_c(workflow: Workflow, tmp_path: Path) -> None:
    pot = tmp_path / "messages.pot"
    _run(workflow.pybabel, "extract", "-c", "TRANSLATORS:", *LAZY_KEYWORDS, "-o", pot, workflow.app, cwd=workflow.root)
    raw = json.loads(_babel_python(workflow.pybabel, READ_POT, pot, cwd=workflow.root))
    # Babel writes a comment's lines as `#.` lines; Lokale's String Catalog comment joins them with newlines.
    babel = {(c, s): "\n".join(comments) for c, s, _, comments in raw if comments}
    assert babel == {(None, "Welcome to the shop"): "TRANSLATORS: the first line of the start screen",
                     (None, "Fruit"): "TRANSLATORS: a shop category,\nshown in the side bar"}
    found = _lokale_extract(workflow, tmp_path, "Localizable")
    lokale_comments = {(k.rpartition("\x04")[0] or None, k.rpartition("\x04")[2]): v["comment"]
                       for k, v in found.items() if "comment" in v}
    assert lokale_comments == babel
