"""``lokale.asgi.LanguageMiddleware``: every request of an ASGI application (Starlette, FastAPI,
Quart, Django's ASGI handler...) in its own languages.

The middleware chooses the request's languages (see :class:`lokale._web.Chooser`: Accept-Language by
default, or the cookie, query parameter and path prefix the application names, in its order), puts
the :class:`~lokale._web.Choice` in ``scope["lokale.languages"]`` and awaits the application inside
``with runtime.use_languages(...)``. The block is a context variable, so it holds for everything
the request's task runs until the application returns — a streaming body included, which ASGI
servers and frameworks send before the application's coroutine returns — and for the tasks and
threads the framework starts from it (asyncio and anyio copy the context into them), while other
requests' tasks never see it.

    app = lokale.asgi.LanguageMiddleware(app, bundle, sources=("cookie:lang", "header"))
"""

from __future__ import annotations

from typing import Any, Awaitable, Callable, Iterable, MutableMapping, Optional, Sequence

from ._bundle import Bundle
from ._web import SCOPE_KEY, Choice, Chooser, Headers

__all__ = ["LanguageMiddleware", "SCOPE_KEY", "Choice"]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


class LanguageMiddleware:
    """Runs each HTTP or WebSocket request of ``app`` inside ``bundle.runtime.use_languages(...)``.

    ``sources``: where the languages come from, tried in this order — ``"header"`` (Accept-Language),
    ``"cookie:NAME"``, ``"query:NAME"``, ``"path"`` (a first path segment such as ``/fr/...``, which
    is then added to ``scope["root_path"]``, so that the application routes as without it). A value the bundle cannot serve falls through to the next
    source; when none gives one, ``default`` (a list; the bundle's development localization when
    None). ``content_language``: add a ``Content-Language`` header (the bundle's localization that
    answers), unless the application set one. ``vary``: add the request headers the choice depends
    on (Accept-Language, Cookie) to ``Vary``.
    """

    def __init__(self, app: ASGIApp, bundle: Bundle, *, sources: Sequence[str] = ("header",),
                 default: Optional[Iterable[str]] = None, content_language: bool = True,
                 vary: bool = True) -> None:
        self.app = app
        self.chooser = Chooser(bundle, sources, default)
        self.runtime = bundle.runtime
        self._headers = Headers(content_language, self.chooser.vary() if vary else [], True)
        self._adds_headers = content_language or bool(self._headers.vary)

    def choose(self, scope: Scope) -> Choice:
        """The request's choice (see :class:`~lokale._web.Chooser`) from its ASGI scope."""
        chooser = self.chooser
        header = cookie = None
        if chooser.uses_header or chooser.uses_cookie:
            for name, value in scope.get("headers") or ():
                if name == b"accept-language":  # ASGI header names are lower-case bytes
                    header = value.decode("latin-1") if header is None else header + "," + value.decode("latin-1")
                elif name == b"cookie":
                    cookie = value.decode("latin-1") if cookie is None else cookie + "; " + value.decode("latin-1")
        query = None
        if chooser.uses_query:
            query = (scope.get("query_string") or b"").decode("latin-1")
        path = _route_path(scope) if chooser.uses_path else None
        return chooser.choose(header, cookie, query, path)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):  # lifespan: no request, no languages
            await self.app(scope, receive, send)
            return
        choice = self.choose(scope)
        scope = dict(scope)  # the server's scope stays as it was (ASGI: a child scope is a copy)
        scope[SCOPE_KEY] = choice
        if choice.prefix:  # the application routes below it (path keeps it: see _route_path)
            scope["root_path"] = scope.get("root_path", "") + choice.prefix
        if scope["type"] == "http" and self._adds_headers:
            send = self._sender(send, choice)
        with self.runtime.use_languages(choice.languages):
            await self.app(scope, receive, send)

    def _sender(self, send: Send, choice: Choice) -> Send:
        merge = self._headers.merge

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = dict(message)
                message["headers"] = merge(list(message.get("headers") or ()), choice)
            await send(message)

        return send_with_headers


def _route_path(scope: Scope) -> str:
    """The path below the application's mount point: as the ASGI specification has it (and
    uvicorn and Starlette do), ``path`` is the full path and ``root_path`` the mounted prefix it
    starts with; so the language prefix is looked for after ``root_path`` and, once chosen, added
    to ``root_path`` alone — Starlette and FastAPI then route ``/fr/items`` as ``/items`` and build
    URLs under ``/fr``."""
    path: str = scope.get("path") or ""
    root = scope.get("root_path") or ""
    if root and path.startswith(root):
        return path[len(root):]
    return path
