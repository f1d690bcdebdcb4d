"""gettext's protocol over a bundle: ``gettext``, ``ngettext``, ``pgettext``, ``npgettext`` and
``install``, with the semantics of :class:`gettext.GNUTranslations` (unformatted text; a missing
translation gives the msgid, or for a plural the singular when n == 1, else the plural), so that
code and tools written for it (Jinja2's ``install_gettext_translations``) use a bundle unchanged.

Keys are those ``lokale compile`` gives a ``.po`` (docs/GETTEXT.md): the msgid, or
``msgctxt + "\\x04" + msgid`` (glibc's ``pgettext`` key); a ``msgid_plural`` entry is a plural
message on argument 1 whose development text is ``one`` = msgid, ``other`` = msgid_plural.

Choosing the plural form: the C library chooses a plural variant only while formatting
(``lokale_bundle_format``), and its plain lookup (``lokale_bundle_lookup``) returns a plural's
"other" text; no function returns the text of the variant chosen for n unformatted. Until one
does, :func:`_variant` finds it from what the library does say, and checks every answer by asking
the library to format it again: see there.
"""

from __future__ import annotations

import builtins
import difflib
import itertools
import threading
from typing import Callable, Dict, Iterable, List, Optional, Tuple, Union

from ._bundle import Bundle  # imported by _bundle once Bundle is defined
from ._backend import BACKEND
from ._enums import Step
from ._errors import FormatError, InvalidArgument, OutOfRange

__all__ = ["Translations", "CONTEXT_SEPARATOR"]

CONTEXT_SEPARATOR = "\x04"
"""Between msgctxt and msgid in the key of a message with a context (glibc's, and `lokale compile`'s)."""

# A key no catalog has (a NUL cannot be in a .po's or .mo's msgid): formatting it shows the default
# value, which is how a candidate text is formatted the way the bundle formats its own texts.
_PROBE = "\x00lokale.gettext.probe\x00"
# Two locales that write every digit and separator of a number differently (and nothing else):
# where the two formats of one variant differ is where the number was written.
_LATIN, _ARABIC = "en", "ar"
_MISSING = (int(Step.DEFAULT), int(Step.KEY))
_INT64 = (-(2**63), 2**63 - 1)
_VARIANT_MEMO_LIMIT = 4096
_MAX_ESCAPE_GUESSES = 16
_ATTEMPTS = 5

# -- Apple's format syntax, as lokale's FormatParser reads it -------------------------------------

_FLAGS = "-+ #0'"
_CONVERSIONS = frozenset("diuxXofFeEgGaA@scC")
_LENGTHS = ("hh", "ll", "h", "l", "q", "z", "t", "j", "L")


def _specifiers(text: str) -> List[Tuple[int, int, Optional[int]]]:
    """The ``%`` sequences of ``text`` as lokale's formatter reads them: (start, end, argument)
    with the argument a specifier consumes (1-based), 0 for ``%%``, None for a malformed sequence
    (the formatter shows it as it is)."""
    found: List[Tuple[int, int, Optional[int]]] = []
    n = len(text)
    i = 0
    sequential = 0
    while i < n:
        if text[i] != "%":
            i += 1
            continue
        start = i
        j = i + 1
        if j < n and text[j] == "%":
            found.append((start, j + 1, 0))
            i = j + 1
            continue
        explicit: Optional[int] = None
        k = j
        while k < n and text[k].isdigit() and text[k].isascii():
            k += 1
        if k > j and k < n and text[k] == "$":
            explicit = int(text[j:k])
            j = k + 1

        def position() -> int:
            nonlocal sequential
            if explicit is not None:
                return explicit
            sequential += 1
            return sequential

        if text.startswith("#@", j):
            end = text.find("@", j + 2)
            if end > j + 2:
                found.append((start, end + 1, position()))
                i = end + 1
                continue
        while j < n and text[j] in _FLAGS:
            j += 1
        for _ in range(2):  # width, then precision after a "."
            if j < n and text[j] == "*":
                j += 1
                k = j
                while k < n and text[k].isdigit() and text[k].isascii():
                    k += 1
                if k > j and k < n and text[k] == "$":
                    j = k + 1
                else:
                    position()
            else:
                while j < n and text[j].isdigit() and text[j].isascii():
                    j += 1
            if j < n and text[j] == ".":
                j += 1
            else:
                break
        for length in _LENGTHS:
            if text.startswith(length, j):
                j += len(length)
                break
        if j < n and text[j] in _CONVERSIONS:
            found.append((start, j + 1, position()))
            i = j + 1
        else:
            end = max(min(j + 1, n), start + 1)
            found.append((start, end, None))
            i = end
    return found


# -- the variant chosen for n ---------------------------------------------------------------------


def _count(n: Union[int, float]) -> Union[int, float]:
    """n as a format argument: a bool as its int, an int beyond 64 bits clamped (it selects as
    the largest number the library reads)."""
    if isinstance(n, bool):
        return int(n)
    if isinstance(n, int):
        return min(max(n, _INT64[0]), _INT64[1])
    if isinstance(n, float):
        return n
    raise TypeError(f"n must be an int, not {type(n).__name__}")


class _Variants:
    """What :func:`_variant` found, per (table, key, n), while the runtime's languages stay as they
    were (its generation): one bundle's."""

    __slots__ = ("generation", "seen", "answers", "lock")

    def __init__(self, generation: object) -> None:
        self.generation = generation
        self.seen = -1
        self.answers: Dict[Tuple[Optional[str], str, type, Union[int, float]], str] = {}
        self.lock = threading.Lock()


def _variant(bundle: Bundle, table: Optional[str], key: str, n: Union[int, float],
             sources: Tuple[str, ...]) -> Optional[str]:
    """The unformatted text of the variant of ``key`` that the bundle chooses for ``n``; None
    when the bundle has no translation of ``key``.

    The library formats the message with n (twice: numbers written in ``en`` and in ``ar``, whose
    digits and separators share no character), and each candidate is formatted with n the same
    way, as the default value of a key no catalog has: the first that gives both texts is the
    answer. The candidates: the plain lookup's text (the "other" variant, and every message that is
    not a plural), then ``sources`` (the msgids: the development localization's variants), then the
    chosen variant rebuilt from its formatted text — the places where the two formats differ are
    where n was written, put back as the specifier of argument 1 that the "other" text uses (or
    ``%d``), and each ``%`` left standing is ``%%`` or a specifier shown as it is. When nothing is
    confirmed (a text this cannot rebuild), the lookup's text: the "other" variant.

    Answers are remembered for the runtime's generation they were found in. The calls are
    bracketed by reading the bundle's ordered localizations: an answer found while the languages
    changed (the generation moved, or the localizations differ) is found again, a few times at
    most, so that all its calls saw the same languages. (A change moves the generation before the
    next change can start; reading both closes the window between a change and its callbacks.)
    """
    memo: _Variants = bundle._variants
    generation = memo.generation
    cache_key = (table, key, type(n), n)  # 1 and 1.0 may select differently
    answer: Optional[str] = None
    for _attempt in range(_ATTEMPTS):
        now: int = generation.value  # type: ignore[attr-defined]
        if memo.seen == now:  # answers are stored only for the generation they were found in
            hit = memo.answers.get(cache_key)
            if hit is not None:
                return hit
        before = bundle.preferred_localizations
        text = _found(bundle, table, key)
        if text is None:
            return None
        answer = _find_variant(bundle, table, key, text, n, sources)
        if bundle.preferred_localizations != before:
            continue  # the languages changed meanwhile: again
        with memo.lock:
            if generation.value != now:  # type: ignore[attr-defined]
                continue  # the languages changed meanwhile: again
            if memo.seen != now:
                memo.answers.clear()
                memo.seen = now
            if len(memo.answers) >= _VARIANT_MEMO_LIMIT:
                memo.answers.clear()
            memo.answers[cache_key] = answer
        return answer
    return answer


# What formatting n may raise: a specifier that cannot print it (a negative n under %u, …).
_REFUSED = (InvalidArgument, OutOfRange, FormatError)


def _find_variant(bundle: Bundle, table: Optional[str], key: str, text: str, n: Union[int, float],
                  sources: Tuple[str, ...]) -> str:
    try:
        latin = bundle.format(key, n, table=table, locale=_LATIN)
        arabic = bundle.format(key, n, table=table, locale=_ARABIC)
    except _REFUSED:
        return text

    def render(candidate: str, locale: str) -> Optional[str]:
        try:
            return bundle.format(_PROBE, n, default=candidate, locale=locale)
        except _REFUSED:
            return None

    def confirmed(candidate: str) -> bool:
        return render(candidate, _LATIN) == latin and render(candidate, _ARABIC) == arabic

    for candidate in (text, *sources):
        if candidate and confirmed(candidate):
            return candidate
    for candidate in _rebuilt(latin, arabic, text, lambda spec: render(spec, _LATIN)):
        if confirmed(candidate):
            return candidate
    return text


def _rebuilt(latin: str, arabic: str, other: str,
             render: Callable[[str], Optional[str]]) -> Iterable[str]:
    """Texts that may have given ``latin`` (and ``arabic``) when formatted with n: see
    :func:`_variant`. The likeliest first; at most ``_MAX_ESCAPE_GUESSES``."""
    # Where n was written: the ranges of `latin` that differ in `arabic`.
    ranges: List[List[int]] = []
    matcher = difflib.SequenceMatcher(None, latin, arabic, autojunk=False)
    for tag, i1, i2, _j1, _j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        if ranges and ranges[-1][1] >= i1:
            ranges[-1][1] = max(ranges[-1][1], i2)
        else:
            ranges.append([i1, i2])
    ranges = [r for r in ranges if r[1] > r[0]]
    # The specifiers of argument 1 in the "other" text, then %d; each with how it writes n.
    specs: List[str] = []
    for start, end, argument in _specifiers(other):
        if argument == 1 and other[start:end] not in specs:
            specs.append(other[start:end])
    if "%d" not in specs:
        specs.append("%d")
    written = [(spec, render(spec)) for spec in specs]
    # Each range becomes the first specifier whose text covers it (padding included).
    pieces: List[Tuple[int, int, str]] = []
    for start, end in ranges:
        for spec, text in written:
            if not text:
                continue
            found = latin.find(text, max(0, end - len(text)))
            if found != -1 and found <= start and found + len(text) >= end:
                pieces.append((found, found + len(text), spec))
                break
        else:
            return
    # The literal parts: every "%" is "%%" unless it starts a specifier shown as it is (one whose
    # argument is missing, or a malformed one such as Python's "%(name)s"); both when unsure.
    literal_parts: List[str] = []
    cursor = 0
    for start, end, _spec in pieces:
        if start < cursor:
            return
        literal_parts.append(latin[cursor:start])
        cursor = end
    literal_parts.append(latin[cursor:])
    choices: List[List[str]] = []  # per "%" of the literal parts: its readings, likeliest first
    for part in literal_parts:
        for index, char in enumerate(part):
            if char != "%":
                continue
            rest = part[index:]
            shown = rest.startswith("%(") or any(
                start == 0 and argument not in (None, 0) for start, _end, argument in _specifiers(rest)[:1]
            )
            choices.append(["%", "%%"] if shown else ["%%", "%"])
    for guess, readings in enumerate(itertools.product(*choices)):
        if guess >= _MAX_ESCAPE_GUESSES:
            return
        signs = iter(readings)
        out: List[str] = []
        for index, part in enumerate(literal_parts):
            out.append("".join(next(signs) if char == "%" else char for char in part))
            if index < len(pieces):
                out.append(pieces[index][2])
        yield "".join(out)


# -- the protocol ---------------------------------------------------------------------------------


_lookup = BACKEND.lookup


def _found(bundle: Bundle, table: Optional[str], key: str) -> Optional[str]:
    """The unformatted text of ``key``, or None when the bundle has no translation for it (a
    plain lookup, remembered in the bundle's memo as :meth:`Bundle.lookup`'s)."""
    text, step = _lookup(bundle._memo or bundle._closed(), key, None, table, None)
    return None if step in _MISSING else text


class Translations:
    """gettext's protocol over one table of a bundle (:meth:`Bundle.translations`; the bundle's own
    ``gettext`` … methods use the default table, ``Localizable``), for code written for
    :class:`gettext.GNUTranslations` and for Jinja2's ``install_gettext_translations``.

    Texts come back unformatted (format them with Python's ``%``, as with gettext) in the language
    current when called; a missing translation gives the msgid (for ``ngettext``, the singular
    when n == 1, else the plural).
    """

    __slots__ = ("bundle", "table", "__weakref__")

    def __init__(self, bundle: Bundle, table: Optional[str] = None) -> None:
        if not isinstance(bundle, Bundle):
            raise TypeError(f"bundle must be a lokale.Bundle, not {type(bundle).__name__}")
        if table is not None and not isinstance(table, str):
            raise TypeError(f"table must be str or None, not {type(table).__name__}")
        self.bundle = bundle
        self.table = table

    def __repr__(self) -> str:
        return f"<lokale.Translations {self.table or 'Localizable'!r} of {self.bundle!r}>"

    def gettext(self, message: str) -> str:
        """The translation of ``message`` (a msgid), unformatted; ``message`` when there is none."""
        return gettext(self.bundle, self.table, message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The translation of the plural message ``singular`` in the form the served language uses
        for ``n``, unformatted; without one, ``singular`` if n == 1 else ``plural``."""
        return ngettext(self.bundle, self.table, singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        """:meth:`gettext` of ``message`` in ``context`` (a ``.po``'s msgctxt)."""
        return pgettext(self.bundle, self.table, context, message)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        """:meth:`ngettext` of a plural message in ``context`` (a ``.po``'s msgctxt)."""
        return npgettext(self.bundle, self.table, context, singular, plural, n)

    def install(self, names: Optional[Iterable[str]] = None) -> None:
        """Puts :meth:`gettext` into :mod:`builtins` as ``_``, and those of ``gettext``,
        ``ngettext``, ``pgettext`` and ``npgettext`` that ``names`` lists under their names (others
        are ignored), as :meth:`gettext.NullTranslations.install` does."""
        install(self, names)


def gettext(bundle: Bundle, table: Optional[str], message: str) -> str:
    if not isinstance(message, str):
        raise TypeError(f"message must be str, not {type(message).__name__}")
    text = _found(bundle, table, message)
    return message if text is None else text


def pgettext(bundle: Bundle, table: Optional[str], context: str, message: str) -> str:
    if not isinstance(context, str):
        raise TypeError(f"context must be str, not {type(context).__name__}")
    if not isinstance(message, str):
        raise TypeError(f"message must be str, not {type(message).__name__}")
    text = _found(bundle, table, context + CONTEXT_SEPARATOR + message)
    return message if text is None else text


def ngettext(bundle: Bundle, table: Optional[str], singular: str, plural: str, n: int) -> str:
    return _plural(bundle, table, singular, singular, plural, n)


def npgettext(bundle: Bundle, table: Optional[str], context: str, singular: str, plural: str,
              n: int) -> str:
    if not isinstance(context, str):
        raise TypeError(f"context must be str, not {type(context).__name__}")
    return _plural(bundle, table, context + CONTEXT_SEPARATOR + singular, singular, plural, n)


def _plural(bundle: Bundle, table: Optional[str], key: str, singular: str, plural: str,
            n: int) -> str:
    for name, value in (("singular", singular), ("plural", plural)):
        if not isinstance(value, str):
            raise TypeError(f"{name} must be str, not {type(value).__name__}")
    answer = _variant(bundle, table, key, _count(n), (singular, plural))
    if answer is None:
        return singular if n == 1 else plural
    return answer


_INSTALLABLE = ("gettext", "ngettext", "pgettext", "npgettext")


def install(translations: Union[Translations, Bundle], names: Optional[Iterable[str]]) -> None:
    builtins.__dict__["_"] = translations.gettext
    if names is not None:
        wanted = set(names)
        for name in _INSTALLABLE:
            if name in wanted:
                builtins.__dict__[name] = getattr(translations, name)
