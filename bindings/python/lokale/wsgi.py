"""``lokale.wsgi.LanguageMiddleware``: every request of a WSGI application (Flask, Django, Bottle,
Pyramid...) in its own languages.

The middleware chooses the request's languages (see :class:`lokale._web.Chooser`: Accept-Language by
default, or the cookie, query parameter and path prefix the application names, in its order), puts
the :class:`~lokale._web.Choice` in ``environ["lokale.languages"]`` and calls the application
inside ``with runtime.use_languages(...)``.

A WSGI response is an iterable that the server consumes *after* the application has returned — a
generator's body (Flask's streamed responses) runs then, on the server's thread, outside any block
the application entered. So the middleware gives each request a context of its own
(:func:`contextvars.copy_context`), binds the languages in it, and runs there the application's
call, each step of the iteration and ``close()`` (``Context.run``, one C call a step): the body
renders in the request's languages — and sees any other context variable the application set —
while the server's own code between steps, and the next request that thread serves, never see
them (the leak that per-thread globals of other stacks are known for). A list or tuple response
is already rendered and passes through untouched.

    app.wsgi_app = lokale.wsgi.LanguageMiddleware(app.wsgi_app, bundle, sources=("path", "header"))
"""

from __future__ import annotations

from contextvars import Context, copy_context
from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence, Tuple

from ._bundle import Bundle
from ._web import SCOPE_KEY, Choice, Chooser, Headers

__all__ = ["LanguageMiddleware", "SCOPE_KEY", "Choice"]

StartResponse = Callable[..., Any]
Environ = Dict[str, Any]
WSGIApp = Callable[[Environ, StartResponse], Iterable[bytes]]


class LanguageMiddleware:
    """Runs each request of ``app`` — its call and the iteration and closing of its response —
    inside ``bundle.runtime.use_languages(...)``.

    ``sources``: where the languages come from, tried in this order — ``"header"`` (Accept-Language),
    ``"cookie:NAME"``, ``"query:NAME"``, ``"path"`` (a first path segment such as ``/fr/...``, which
    is then moved from ``PATH_INFO`` to the end of ``SCRIPT_NAME``, so that the application routes
    as without it and builds its URLs under it). A value the bundle cannot serve falls through to
    the next source; when none gives one, ``default`` (a list; the bundle's development
    localization when None). ``content_language``: add a ``Content-Language`` header (the bundle's
    localization that answers), unless the application set one. ``vary``: add the request headers
    the choice depends on (Accept-Language, Cookie) to ``Vary``.
    """

    def __init__(self, app: WSGIApp, bundle: Bundle, *, sources: Sequence[str] = ("header",),
                 default: Optional[Iterable[str]] = None, content_language: bool = True,
                 vary: bool = True) -> None:
        self.app = app
        self.chooser = Chooser(bundle, sources, default)
        self.runtime = bundle.runtime
        self._headers = Headers(content_language, self.chooser.vary() if vary else [], False)
        self._adds_headers = content_language or bool(self._headers.vary)

    def choose(self, environ: Environ) -> Choice:
        """The request's choice (see :class:`~lokale._web.Chooser`) from its WSGI environ."""
        chooser = self.chooser
        return chooser.choose(
            environ.get("HTTP_ACCEPT_LANGUAGE") if chooser.uses_header else None,
            environ.get("HTTP_COOKIE") if chooser.uses_cookie else None,
            environ.get("QUERY_STRING") if chooser.uses_query else None,
            environ.get("PATH_INFO") if chooser.uses_path else None,
        )

    def __call__(self, environ: Environ, start_response: StartResponse) -> Iterable[bytes]:
        choice = self.choose(environ)
        environ[SCOPE_KEY] = choice
        prefix = choice.prefix
        if prefix:
            environ["PATH_INFO"] = environ["PATH_INFO"][len(prefix):]
            environ["SCRIPT_NAME"] = environ.get("SCRIPT_NAME", "") + prefix
        if self._adds_headers:
            start_response = self._starter(start_response, choice)
        context = copy_context()  # the request's own: discarded with it, so never reset
        result = context.run(self._call, choice, environ, start_response)
        if type(result) in (list, tuple):  # rendered already: nothing of the app's runs later
            return result
        return _Body(result, context)

    def _call(self, choice: Choice, environ: Environ, start_response: StartResponse) -> Iterable[bytes]:
        self.runtime.use_languages(choice.languages).__enter__()  # (in the request's context: see __call__)
        return self.app(environ, start_response)

    def _starter(self, start_response: StartResponse, choice: Choice) -> StartResponse:
        merge = self._headers.merge

        def start_with_headers(status: str, headers: List[Tuple[str, str]], exc_info: Any = None) -> Any:
            if exc_info is not None:
                return start_response(status, merge(headers, choice), exc_info)
            return start_response(status, merge(headers, choice))

        return start_with_headers


class _Body:
    """The application's response iterable, each step of it and its ``close()`` run in the
    request's context (see the module). The server calls ``close()`` whether or not it finished
    iterating (PEP 3333); it is passed on once."""

    __slots__ = ("_result", "_next", "_context")

    def __init__(self, result: Iterable[bytes], context: Context) -> None:
        self._result: Optional[Iterable[bytes]] = result
        self._next: Optional[Callable[[], bytes]] = None
        self._context = context

    def __iter__(self) -> _Body:
        return self

    def __next__(self) -> bytes:
        step = self._next
        if step is None:  # iter() may run the application's code too
            result = self._result
            if result is None:  # closed before the first step
                raise StopIteration
            step = self._next = self._context.run(iter, result).__next__
        return self._context.run(step)

    def close(self) -> None:
        result, self._result = self._result, None
        close = getattr(result, "close", None)
        if close is not None:
            self._context.run(close)  # a generator's finally blocks run here
