"""The language choice shared by :mod:`lokale.asgi` and :mod:`lokale.wsgi`: which sources a request's
languages come from, which of their values count, and the response headers that follow.

A request's languages come from the first source, in the order the application names them, that
gives a usable value; a value that is malformed or that the bundle cannot serve is ignored, so the
next source decides (a stale ``lang=xx`` cookie never pins a user to the development language). When
no source gives one, ``default`` (the bundle's development localization unless named) is used, so
that a server never answers in the languages of its own process environment by accident.

Choices are remembered per distinct raw value (a header, a cookie value, ...), a bounded dict as
the runtime's own lists are: most requests repeat a handful of values, and parsing, validating and
negotiating the ``Content-Language`` once per value keeps the middleware's cost per request to
a dict probe and a context variable set and reset. The memo starts over when the runtime changes
(a reload, a language change), since the served localization may then differ.
"""

from __future__ import annotations

import re
from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple

from ._abi import LANGUAGES_REMEMBERED
from ._bundle import Bundle
from ._languages import Languages, parse_accept_language

__all__ = ["Choice", "Chooser", "Headers", "SCOPE_KEY"]

SCOPE_KEY = "lokale.languages"
"""The ``scope`` (ASGI) and ``environ`` (WSGI) entry holding the request's :class:`Choice`."""

# A BCP 47-shaped tag (letters, digits, dashes; underscores as POSIX spells them): what a cookie,
# query parameter or path segment must look like before it is compared with the bundle's localizations.
_TAG = re.compile(r"[A-Za-z]{2,8}(?:[-_][A-Za-z0-9]{1,8})*\Z")
_REMEMBERED = LANGUAGES_REMEMBERED  # distinct raw values kept per source, as many as the runtime's lists
_KINDS = ("header", "cookie", "query", "path")


class Choice:
    """A request's chosen languages: ``languages`` (a :class:`lokale.Languages`, what
    ``use_languages`` binds), ``source`` (the source that gave them, such as ``"cookie:lang"``, or
    ``"default"``), ``content_language`` (the bundle's localization that answers them, the
    ``Content-Language`` header's value) and, for the path source, ``prefix`` (the stripped
    ``/fr``; "" otherwise). Immutable and shared between requests with equal values."""

    __slots__ = ("languages", "source", "content_language", "prefix")

    def __init__(self, languages: Languages, source: str, content_language: str, prefix: str = "") -> None:
        self.languages = languages
        self.source = source
        self.content_language = content_language
        self.prefix = prefix

    @property
    def list(self) -> Tuple[str, ...]:
        """The languages as a tuple of tags, most preferred first."""
        return self.languages.list

    def __repr__(self) -> str:
        return f"lokale.web.Choice({list(self.list)!r}, source={self.source!r}, content_language={self.content_language!r})"


def _parse_sources(sources: Iterable[str]) -> List[Tuple[str, str]]:
    parsed = []
    for source in sources:
        if not isinstance(source, str):
            raise TypeError(f"a source is a str such as 'cookie:lang', not {type(source).__name__}")
        kind, _, name = source.partition(":")
        if kind == "accept-language":
            kind = "header"
        if kind not in _KINDS:
            raise ValueError(f"unknown language source {source!r}: expected 'header', 'cookie:NAME', 'query:NAME' or 'path'")
        if kind in ("cookie", "query") and not name:
            raise ValueError(f"the source {source!r} needs a name, as in '{kind}:lang'")
        if kind in ("header", "path") and name:
            raise ValueError(f"the source {source!r} takes no name")
        parsed.append((kind, name))
    if not parsed:
        raise ValueError("sources is empty: name at least one, such as 'header'")
    return parsed


class Chooser:
    """Chooses a request's languages for ``bundle`` (see the module). Used by both middlewares; the
    raw inputs are plain str values so that ASGI's bytes and WSGI's latin-1 strs share the code."""

    def __init__(self, bundle: Bundle, sources: Sequence[str] = ("header",),
                 default: Optional[Iterable[str]] = None) -> None:
        if not isinstance(bundle, Bundle):
            raise TypeError(f"bundle must be a lokale.Bundle, not {type(bundle).__name__}")
        if isinstance(sources, str):
            sources = (sources,)
        self.bundle = bundle
        self.runtime = bundle.runtime
        self.sources = _parse_sources(sources)
        self.names = [kind if not name else f"{kind}:{name}" for kind, name in self.sources]
        kinds = {kind for kind, _ in self.sources}
        self.uses_header = "header" in kinds
        self.uses_cookie = "cookie" in kinds
        self.uses_query = "query" in kinds
        self.uses_path = "path" in kinds
        # What a single value may name: a localization of the bundle, or a regional variant of
        # one's language (fr-CA when the bundle has fr), compared without case.
        served = {tag.lower().replace("_", "-") for tag in bundle.localizations if tag.lower() != "base"}
        self._served = served | {tag.split("-")[0] for tag in served}
        default_list = tuple(default) if default is not None else (bundle.development_localization,)
        self._default_list = default_list
        self._memo: Dict[Tuple[str, str], Optional[Choice]] = {}
        self._generation = self.runtime._generation  # moves on every change that alters answers
        self._seen = self._generation.value
        self._default: Optional[Choice] = None

    # -- values -----------------------------------------------------------------------------------

    def servable(self, tag: str) -> bool:
        """Whether a single value (cookie, query parameter, path segment) names a language the
        bundle serves: well formed, and one of its localizations or of their languages."""
        if not _TAG.match(tag):
            return False
        tag = tag.lower().replace("_", "-")
        return tag in self._served or tag.split("-")[0] in self._served

    def _make(self, tags: Sequence[str], source: str, prefix: str = "") -> Choice:
        languages = self.runtime.languages(list(tags))
        return Choice(languages, source, self._content_language(languages), prefix)

    def _content_language(self, languages: Languages) -> str:
        # The localization the bundle answers these languages in: the first of its negotiated
        # order, as the library reports it in a lookup's trace (the same negotiation as lookups).
        trace = self.bundle.explain("lokale.web.content-language", languages=languages)
        order = trace.get("localizations")
        if isinstance(order, list) and order and isinstance(order[0], dict) and order[0].get("localization"):
            return str(order[0]["localization"])
        return str(trace.get("tableLocalization") or self.bundle.development_localization)

    def _remember(self, key: Tuple[str, str], choice: Optional[Choice]) -> Optional[Choice]:
        memo = self._memo
        if len(memo) >= _REMEMBERED * len(self.sources):
            try:  # the oldest; another thread may have removed it first
                del memo[next(iter(memo))]
            except (KeyError, StopIteration, RuntimeError):
                pass
        memo[key] = choice
        return choice

    def _fresh(self) -> None:
        value = self._generation.value
        if value != self._seen:  # a reload or a language change: the served localizations may differ
            self._memo = {}
            self._default = None
            self._seen = value

    def from_value(self, kind: str, name: str, raw: str) -> Optional[Choice]:
        """The choice of one source's raw value (the whole Accept-Language header, a cookie's or
        query parameter's value, a path segment), or None when it gives nothing usable."""
        key = (kind if not name else f"{kind}:{name}", raw)
        try:
            return self._memo[key]
        except KeyError:
            pass
        if kind == "header":
            ranges = parse_accept_language(raw)
            # The header's whole list when any range can be served: the runtime negotiates its
            # order as for a user's preferences (fr-CA, then de, then the development fallback).
            choice = self._make(ranges, key[0]) if any(self.servable(r) for r in ranges) else None
        else:
            tag = raw.strip()
            choice = self._make([tag], key[0], "/" + tag if kind == "path" else "") if self.servable(tag) else None
        return self._remember(key, choice)

    def default(self) -> Choice:
        choice = self._default
        if choice is None:
            choice = self._default = self._make(self._default_list, "default")
        return choice

    def choose(self, header: Optional[str], cookie: Optional[str], query: Optional[str],
               path: Optional[str]) -> Choice:
        """The request's choice from its raw parts (None: absent): the Accept-Language header, the
        Cookie header, the query string and the path (the middleware's caller decodes them)."""
        self._fresh()
        cookies = queries = None
        for kind, name in self.sources:
            value: Optional[str] = None
            if kind == "header":
                value = header or None
            elif kind == "cookie":
                if cookie:
                    if cookies is None:
                        cookies = parse_cookie(cookie)
                    value = cookies.get(name)
            elif kind == "query":
                if query:
                    if queries is None:
                        queries = parse_query(query)
                    value = queries.get(name)
            elif path:
                value = first_segment(path)
            if value:
                choice = self.from_value(kind, name, value)
                if choice is not None:
                    return choice
        return self.default()

    def vary(self) -> List[str]:
        """The request headers the choice depends on, for ``Vary`` (a query or path source varies
        by URL, which every cache keys on already)."""
        return (["Accept-Language"] if self.uses_header else []) + (["Cookie"] if self.uses_cookie else [])


def parse_cookie(header: str) -> Dict[str, str]:
    """The name=value pairs of a Cookie header; the first of a repeated name wins (as browsers
    send the most specific path's first). Lenient: parts without '=' are skipped, quotes removed."""
    cookies: Dict[str, str] = {}
    for part in header.split(";"):
        name, sep, value = part.partition("=")
        if sep:
            name = name.strip()
            value = value.strip()
            if len(value) >= 2 and value[0] == value[-1] == '"':
                value = value[1:-1]
            cookies.setdefault(name, value)
    return cookies


def parse_query(query: str) -> Dict[str, str]:
    """The first value of each parameter of a query string (percent-decoded, '+' as space)."""
    from urllib.parse import parse_qsl

    params: Dict[str, str] = {}
    for name, value in parse_qsl(query, keep_blank_values=False):
        params.setdefault(name, value)
    return params


def first_segment(path: str) -> Optional[str]:
    """The first segment of a path ('/fr/items' -> 'fr'; '/fr' -> 'fr'), or None."""
    if not path.startswith("/"):
        return None
    end = path.find("/", 1)
    segment = path[1:] if end < 0 else path[1:end]
    return segment or None


class Headers:
    """The response headers a middleware adds, made once in its own string type (str for WSGI,
    lower-case latin-1 bytes for ASGI): ``merge`` then costs a scan of the application's headers."""

    __slots__ = ("content_language", "vary", "_bytes", "_language_name", "_vary_name", "_vary_value")

    def __init__(self, content_language: bool, vary: List[str], as_bytes: bool) -> None:
        self.content_language = content_language
        self.vary = vary
        self._bytes = as_bytes
        self._language_name: Any = b"content-language" if as_bytes else "Content-Language"
        self._vary_name: Any = b"vary" if as_bytes else "Vary"
        joined = ", ".join(vary)
        self._vary_value: Any = joined.encode("latin-1") if as_bytes else joined

    def merge(self, headers: List[Any], choice: Choice) -> List[Any]:
        """``headers`` (the application's name, value pairs) with a ``Content-Language`` unless the
        application set one, and the ``vary`` names added to its ``Vary`` (merged into an
        existing one, never repeated; ``*`` left alone)."""
        language_name, vary_name = self._language_name, self._vary_name
        has_language = False
        vary_at = -1
        for i, (name, _value) in enumerate(headers):
            lowered = name.lower()
            if lowered == b"content-language" or lowered == "content-language":
                has_language = True
            elif lowered == b"vary" or lowered == "vary":
                vary_at = i
        out = list(headers)
        if self.content_language and not has_language:
            value = choice.content_language
            out.append((language_name, value.encode("latin-1") if self._bytes else value))
        if self.vary:
            if vary_at < 0:
                out.append((vary_name, self._vary_value))
            else:
                name, value = out[vary_at]
                text = value.decode("latin-1") if isinstance(value, bytes) else value
                present = {part.strip().lower() for part in text.split(",")}
                missing = [v for v in self.vary if v.lower() not in present]
                if missing and "*" not in present:
                    text = ", ".join([text.strip()] + missing) if text.strip() else ", ".join(missing)
                    out[vary_at] = (name, text.encode("latin-1") if self._bytes else text)
        return out
