"""Compiling and checking catalogs from Python: :func:`compile` and :func:`check` run the ``lokale``
command line (the one implementation of the compiler; nothing of it is redone here) and return its
findings as objects, or raise :class:`CatalogError` with them.

The command line is looked for, in order (:func:`cli_path`):

1. the path in the ``LOKALE_CLI`` environment variable (an explicit override: when set, it must
   be an executable file);
2. ``bin/lokale`` inside this package: the self-contained one a wheel carries;
3. the checkout's ``build/bin/lokale`` (the checkout the package was built from, or lives in);
4. a ``lokale`` executable on ``PATH`` (``make install``'s), but not a script: the ``lokale``
   console script of this package is one, and running it would come back here.

Start-up: importing this module imports nothing (:mod:`subprocess` and :mod:`json` are imported by
the first call), as ``import lokale`` imports it.
"""

from __future__ import annotations

import os

from ._errors import Error, InvalidArgument, NotFound

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    from collections.abc import Iterable
else:  # what typing.get_type_hints needs of the public annotations, without importing typing
    from _collections_abc import Iterable

__all__ = ["CatalogError", "CheckResult", "CompileResult", "Localization", "Problem", "check", "cli_path", "compile"]

ENV_VAR = "LOKALE_CLI"


class Problem:
    """One finding of the compiler or the checker, at a place of a source file.

    ``file``: as the command line names it (the path given, or a file inside a folder given);
    ``line`` and ``column``: 1-based, None when unknown; ``severity``: ``"error"`` or
    ``"warning"``; ``text``: what is wrong; ``kind``: the checker's kind (``"format"``,
    ``"untranslated"``, ``"missing-plural-category"``… see ``lokale check --help``), None for the
    compiler's findings, which the command line reports without one; ``table``, ``localization``
    and ``key``: what the finding is about, when it is about a message (else None)."""

    __slots__ = ("file", "line", "column", "severity", "text", "kind", "table", "localization", "key")

    def __init__(self, file: str, line: int | None, column: int | None, severity: str, text: str,
                 kind: str | None = None, table: str | None = None, localization: str | None = None,
                 key: str | None = None) -> None:
        self.file = file
        self.line = line
        self.column = column
        self.severity = severity
        self.text = text
        self.kind = kind
        self.table = table
        self.localization = localization
        self.key = key

    def __str__(self) -> str:
        """As the command line writes it: ``file:line:column: severity: text``."""
        place = self.file + "".join(f":{n}" for n in (self.line, self.column) if n is not None)
        about = [f"[{self.table}]"] if self.table else []
        about += [self.localization] if self.localization else []
        about += [f"'{self.key}'"] if self.key is not None else []
        return f"{place}: {self.severity}: " + (" ".join(about) + ": " if about else "") + self.text

    def __repr__(self) -> str:
        return f"<lokale.Problem {str(self)!r}>"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Problem):
            return NotImplemented
        return all(getattr(self, n) == getattr(other, n) for n in Problem.__slots__)

    __hash__ = None  # type: ignore[assignment]  # mutable, as a dataclass without frozen


class CatalogError(Error, ValueError):
    """The catalogs could not be compiled (or checked): ``problems`` says where and why (at least
    one has severity ``"error"``; under ``strict=True`` the warnings are errors). Nothing was
    written. ``stderr``: the command line's own report; ``returncode``: its exit status."""

    problems: list[Problem]
    stderr: str
    returncode: int


class CompileResult:
    """What :func:`compile` wrote: ``output`` (the table's path), ``messages`` (how many),
    ``localizations`` (how many), ``tables`` (their names), ``size`` (bytes), and ``problems``
    (the warnings: what was compiled anyway, e.g. a translation replaced by the development text
    because its format specifiers disagree)."""

    __slots__ = ("output", "messages", "localizations", "tables", "size", "problems")

    def __init__(self, output: str, messages: int, localizations: int, tables: list[str], size: int,
                 problems: list[Problem]) -> None:
        self.output = output
        self.messages = messages
        self.localizations = localizations
        self.tables = tables
        self.size = size
        self.problems = problems

    def __repr__(self) -> str:
        return (f"<lokale.CompileResult {self.output!r}: {self.messages} messages, {self.localizations} "
                f"localizations, tables {self.tables}, {len(self.problems)} problems>")


class Localization:
    """The completeness of one localization in a :class:`CheckResult`: of ``total`` keys to
    translate, ``translated`` (``percent``), ``needs_review``, ``new`` and ``stale``."""

    __slots__ = ("name", "total", "translated", "percent", "needs_review", "new", "stale")

    def __init__(self, entry: dict) -> None:
        self.name: str = entry["localization"]
        self.total: int = entry["total"]
        self.translated: int = entry["translated"]
        self.percent: float = entry["percent"]
        self.needs_review: int = entry["needs_review"]
        self.new: int = entry["new"]
        self.stale: int = entry["stale"]

    def __repr__(self) -> str:
        return f"<lokale.Localization {self.name}: {self.percent}% ({self.translated}/{self.total})>"


class CheckResult:
    """What :func:`check` found: ``problems`` (errors and warnings), ``localizations`` (one
    :class:`Localization` each, the development one first), ``development_localization``,
    ``errors`` and ``warnings`` (counts); ``ok``: no errors. Nothing is written by a check."""

    __slots__ = ("problems", "localizations", "development_localization", "errors", "warnings")

    def __init__(self, report: dict) -> None:
        summary = report["summary"]
        self.problems: list[Problem] = [
            Problem(p["file"], p.get("line"), p.get("column"), p["severity"], p["message"], p["kind"],
                    p.get("table") or None, p.get("localization"), p.get("key"))
            for p in report["problems"]
        ]
        self.localizations = [Localization(entry) for entry in summary["localizations"]]
        self.development_localization: str = summary["development_localization"]
        self.errors: int = summary["errors"]
        self.warnings: int = summary["warnings"]

    @property
    def ok(self) -> bool:
        return self.errors == 0

    def __repr__(self) -> str:
        return f"<lokale.CheckResult {self.errors} errors, {self.warnings} warnings>"


# ------------------------------------------------------------------------------------------------
# Finding the command line
# ------------------------------------------------------------------------------------------------


def _is_program(path: str) -> bool:
    """An executable file that is not a script (no ``#!``): the console script that runs this
    package is one."""
    if not (os.path.isfile(path) and os.access(path, os.X_OK)):
        return False
    try:
        with open(path, "rb") as f:
            return f.read(2) != b"#!"
    except OSError:
        return False


def cli_path() -> str:
    """The path of the ``lokale`` command line that :func:`compile`, :func:`check`, the
    ``lokale`` console script and ``python -m lokale`` run (see the module's documentation for
    where it is looked for). Raises :class:`lokale.NotFound` when there is none."""
    override = os.environ.get(ENV_VAR)
    if override:
        if not (os.path.isfile(override) and os.access(override, os.X_OK)):
            raise NotFound(f"{ENV_VAR}={override} is not an executable file")
        return override
    from ._library import _repository_roots, package_dir

    candidates = [os.path.join(package_dir(), "bin", "lokale")]
    candidates += [os.path.join(root, "build", "bin", "lokale") for root in _repository_roots()]
    candidates += [os.path.join(folder, "lokale") for folder in os.environ.get("PATH", "").split(os.pathsep) if folder]
    for path in candidates:
        if _is_program(path):
            return path
    raise NotFound("the lokale command line was not found: this package has no bin/lokale (a wheel from `make "
                   f"wheel` carries one), no checkout's build/bin/lokale, none on PATH; set {ENV_VAR}")


# ------------------------------------------------------------------------------------------------
# Running it
# ------------------------------------------------------------------------------------------------


def _paths(sources: str | os.PathLike[str] | Iterable[str | os.PathLike[str]]) -> list[str]:
    """One path or several (a single str is one source, not its characters)."""
    if isinstance(sources, (str, os.PathLike)):
        sources = [sources]
    paths = [os.fspath(s) for s in sources]
    if not paths:
        raise InvalidArgument("no sources: give at least one catalog, folder or bundle")
    # A path that starts with "-" would be read as an option: make it one that does not.
    return [os.path.join(os.curdir, p) if p.startswith("-") else p for p in paths]


def _run(arguments: list[str]) -> tuple[int, str, str]:
    import subprocess

    result = subprocess.run([cli_path(), *arguments], capture_output=True, stdin=subprocess.DEVNULL)
    decode = lambda b: b.decode("utf-8", "replace")  # noqa: E731
    return result.returncode, decode(result.stdout), decode(result.stderr)


def _usage_error(stderr: str) -> InvalidArgument:
    """Exit status 2: the first line of the command line's report, without its ``lokale: ``."""
    first = next((line for line in stderr.splitlines() if line.strip()), "invalid arguments")
    return InvalidArgument(first[len("lokale: "):] if first.startswith("lokale: ") else first)


def _diagnostics(stderr: str) -> list[Problem]:
    """The ``file[:line[:column]]: severity: [table] localization 'key': text`` lines of a
    report (the compiler's shape; other lines — the summary, notes — are not problems)."""
    import re

    shape = re.compile(r"^(?P<file>.+?)(?::(?P<line>\d+))?(?::(?P<column>\d+))?: (?P<severity>error|warning): "
                       r"(?:\[(?P<table>[^\]]*)\] (?P<localization>\S+) '(?P<key>.*?)': )?(?P<text>.*)$")
    problems = []
    for line in stderr.splitlines():
        m = shape.match(line)
        if m is None or line.startswith("lokale: "):
            continue
        number = lambda g: int(m.group(g)) if m.group(g) else None  # noqa: E731
        problems.append(Problem(m.group("file"), number("line"), number("column"), m.group("severity"),
                                m.group("text"), None, m.group("table"), m.group("localization"), m.group("key")))
    return problems


def _catalog_error(returncode: int, stderr: str, problems: list[Problem]) -> CatalogError:
    errors = [p for p in problems if p.severity == "error"]
    if errors:
        text = str(errors[0]) + (f" (and {len(errors) - 1} more errors)" if len(errors) > 1 else "")
    else:
        text = next((line for line in stderr.splitlines() if line.strip()), f"lokale exited with status {returncode}")
    exc = CatalogError(text)
    exc.problems, exc.stderr, exc.returncode = problems, stderr, returncode
    return exc


def compile(sources: str | os.PathLike[str] | Iterable[str | os.PathLike[str]], output: str | os.PathLike[str], *,
            development_region: str | None = None, strict: bool = False,
            pseudo: str | Iterable[str] | None = None, bundle_id: str | None = None,
            default_bundle_id: str | None = None, allow_mixed_localizations: bool = False,
            emit_python: str | os.PathLike[str] | None = None) -> CompileResult:
    """Compiles catalogs into one table, as ``lokale compile SOURCE... -o OUTPUT`` does (same
    sources: ``.xcstrings``, ``.strings``, ``.stringsdict``, ``.po``, ``.lproj`` and bundle
    folders, ``.mf2.json``, ``.arb``, Android ``res/``…).

    ``development_region``, ``bundle_id``, ``default_bundle_id``, ``allow_mixed_localizations``,
    ``emit_python`` (typed messages) are the options of the same names; ``pseudo``: pseudo-languages
    to add (``["accented", "bidi", "long"]``); ``strict``: warnings are errors.

    Returns a :class:`CompileResult`. Raises :class:`CatalogError` (with ``problems``) when the
    catalogs have errors, or warnings under ``strict``, :class:`lokale.InvalidArgument` for an
    option the command line refuses, :class:`lokale.NotFound` when there is no command line. A
    failed compile writes nothing (the table is written atomically, and only at the end)."""
    output = os.fspath(output)
    arguments = ["compile", *_paths(sources), "-o", output]
    if development_region is not None:
        arguments += ["--development-region", development_region]
    if bundle_id is not None:
        arguments += ["--bundle-id", bundle_id]
    if default_bundle_id is not None:
        arguments += ["--default-bundle-id", default_bundle_id]
    if pseudo:
        arguments += ["--pseudo", pseudo if isinstance(pseudo, str) else ",".join(pseudo)]
    if allow_mixed_localizations:
        arguments.append("--allow-mixed-localizations")
    if strict:
        arguments.append("--strict")
    if emit_python is not None:
        arguments += ["--emit-python", os.fspath(emit_python)]
    returncode, _, stderr = _run(arguments)
    if returncode == 2:
        raise _usage_error(stderr)
    problems = _diagnostics(stderr)
    if returncode != 0:
        raise _catalog_error(returncode, stderr, problems)
    import re

    # "lokale: compiled 12 messages (3 localizations, 2 tables) into OUT (4,096 bytes)"
    summary = re.search(r"^lokale: compiled ([\d,]+) messages? \(([\d,]+) localizations?, [\d,]+ tables?\) "
                        r"into .* \(([\d,]+) bytes?\)$", stderr, re.M)
    tables = re.search(r"^lokale: tables: (.*)$", stderr, re.M)
    if summary is None or tables is None:
        raise Error(f"lokale compile succeeded, but its report was not understood:\n{stderr}")
    count = lambda text: int(text.replace(",", ""))  # noqa: E731
    names = [] if tables.group(1) == "(none)" else tables.group(1).split(", ")
    return CompileResult(output, count(summary.group(1)), count(summary.group(2)), names, count(summary.group(3)),
                         problems)


def check(sources: str | os.PathLike[str] | Iterable[str | os.PathLike[str]], *, strict: bool = False,
          development_region: str | None = None,
          code: str | os.PathLike[str] | Iterable[str | os.PathLike[str]] | None = None) -> CheckResult:
    """Checks catalogs as ``lokale check --json SOURCE...`` does, writing nothing: completeness per
    language, CLDR plural categories, format mismatches, review states, duplicate keys; with
    ``code`` (files or folders of C/C++/Python/Swift), keys the code uses that the catalogs lack and
    defaults that differ from the development text. ``strict``: warnings are errors.

    Returns a :class:`CheckResult` — also when it found errors (``result.ok`` is then False).
    Raises :class:`CatalogError` when a catalog cannot be read at all (a syntax error: its
    ``problems`` say where), :class:`lokale.InvalidArgument` for an option the command line
    refuses, :class:`lokale.NotFound` when there is no command line."""
    arguments = ["check", "--json", *_paths(sources)]
    if development_region is not None:
        arguments += ["--development-region", development_region]
    if code is not None:
        arguments += ["--code", ",".join(_paths(code))]
    if strict:
        arguments.append("--strict")
    returncode, stdout, stderr = _run(arguments)
    if returncode == 2:
        raise _usage_error(stderr)
    if returncode not in (0, 1) or not stdout.lstrip().startswith("{"):
        raise _catalog_error(returncode, stderr, _diagnostics(stderr))
    import json

    return CheckResult(json.loads(stdout))

