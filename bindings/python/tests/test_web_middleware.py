"""lokale.asgi and lokale.wsgi LanguageMiddleware in process, without a framework or a server
(those are test_web_asgi.py and test_web_wsgi.py): the choice of sources and its order, values that
fall through, the headers, the path prefix, and the languages holding for exactly the request — its
tasks, its streamed body, its close() — and nothing after it."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any, Iterator, List

import pytest

import lokale
import lokale._languages as _languages
from lokale import asgi, wsgi


@pytest.fixture
def bundle(app_path: Path) -> Iterator[lokale.Bundle]:
    runtime = lokale.Runtime(["en"], settings_path="")
    yield runtime.open(str(app_path), main=True)
    runtime.close()


def title(bundle: lokale.Bundle) -> str:
    return bundle.string("workspace.title")


TITLES = {"de": "Arbeitsbereich", "en": "Workspace", "fr": "Espace de travail", "ja": "ワークスペース"}


def scope(path: str = "/", query: bytes = b"", **headers: str) -> dict:
    return {"type": "http", "path": path, "raw_path": path.encode(), "root_path": "", "query_string": query,
            "headers": [(k.replace("_", "-").encode(), v.encode()) for k, v in headers.items()]}


def environ(path: str = "/", query: str = "", **headers: str) -> dict:
    env = {"REQUEST_METHOD": "GET", "PATH_INFO": path, "SCRIPT_NAME": "", "QUERY_STRING": query}
    env.update({"HTTP_" + k.upper(): v for k, v in headers.items()})
    return env


# -- the choice ------------------------------------------------------------------------------------

def test_sources_are_tried_in_the_order_named_and_unserved_values_fall_through(bundle: lokale.Bundle) -> None:
    m = wsgi.LanguageMiddleware(lambda e, s: [], bundle, sources=("path", "cookie:lang", "query:lang", "header"))
    assert m.choose(environ("/fr/x", "lang=de", cookie="lang=ja", accept_language="de")).source == "path"
    assert m.choose(environ("/x", "lang=de", cookie="a=1; lang=ja", accept_language="de")).list == ("ja",)
    assert m.choose(environ("/x", "lang=de", cookie="lang=xx", accept_language="ja")).list == ("de",)
    assert m.choose(environ("/x", "lang=zz&lang=ja", accept_language="fr-CA, de;q=0.5")).list == ("fr-CA", "de")
    assert m.choose(environ("/x", "lang=not a tag", accept_language="xx, *")).source == "default"
    assert m.choose(environ("/x")).list == ("en",)  # the development localization, not the process's LANG


def test_a_regional_variant_of_a_served_language_counts(bundle: lokale.Bundle) -> None:
    m = wsgi.LanguageMiddleware(lambda e, s: [], bundle, sources=("cookie:lang",), default=["ja"])
    choice = m.choose(environ(cookie='lang="fr-CA"'))
    assert (choice.list, choice.content_language) == (("fr-CA",), "fr")
    assert m.choose(environ(cookie="lang=es")).list == ("ja",)  # the default given


def test_equal_values_share_one_choice(bundle: lokale.Bundle) -> None:
    m = asgi.LanguageMiddleware(None, bundle)  # type: ignore[arg-type]
    first = m.choose(scope(accept_language="de-AT, en;q=0.5"))
    assert m.choose(scope(accept_language="de-AT, en;q=0.5")) is first
    assert first.languages is bundle.runtime.languages(["de-AT", "en"])


def test_bad_sources_are_refused(bundle: lokale.Bundle) -> None:
    for sources, error in [(("cookie",), ValueError), (("header:x",), ValueError), (("session:lang",), ValueError),
                           ((), ValueError), ((1,), TypeError)]:
        with pytest.raises(error):
            wsgi.LanguageMiddleware(lambda e, s: [], bundle, sources=sources)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        wsgi.LanguageMiddleware(lambda e, s: [], bundle.runtime)  # type: ignore[arg-type]


# -- ASGI ------------------------------------------------------------------------------------------

def call_asgi(app: Any, request: dict) -> tuple:
    sent: List[dict] = []

    async def receive() -> dict:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict) -> None:
        sent.append(message)

    asyncio.run(app(request, receive, send))
    start = sent[0]
    body = b"".join(m.get("body", b"") for m in sent[1:]).decode()
    return start["status"], {k.decode(): v.decode() for k, v in start["headers"]}, body


def test_asgi_languages_hold_for_tasks_and_the_streamed_body_only(bundle: lokale.Bundle) -> None:
    seen: dict = {}

    async def app(scope: dict, receive: Any, send: Any) -> None:
        seen["scope"] = scope
        in_task = await asyncio.create_task(asyncio.sleep(0, result=title(bundle)))  # a task started by the request
        await send({"type": "http.response.start", "status": 200, "headers": [(b"vary", b"Origin")]})
        for part in (in_task, title(bundle)):
            await asyncio.sleep(0)
            await send({"type": "http.response.body", "body": part.encode() + b"|", "more_body": True})
        await send({"type": "http.response.body", "body": b""})

    m = asgi.LanguageMiddleware(app, bundle, sources=("path", "cookie:lang", "header"))
    status, headers, body = call_asgi(m, scope("/ja/report", accept_language="de"))
    assert body == "ワークスペース|ワークスペース|"
    assert headers == {"vary": "Origin, Accept-Language, Cookie", "content-language": "ja"}
    assert (seen["scope"]["path"], seen["scope"]["root_path"]) == ("/ja/report", "/ja")
    assert seen["scope"]["lokale.languages"].list == ("ja",)
    assert _languages.current(bundle.runtime) is None and title(bundle) == "Workspace"  # nothing left behind


def test_asgi_keeps_the_apps_headers_and_can_add_none(bundle: lokale.Bundle) -> None:
    async def app(scope: dict, receive: Any, send: Any) -> None:
        await send({"type": "http.response.start", "status": 200,
                    "headers": [(b"content-language", b"x-app"), (b"vary", b"accept-language")]})
        await send({"type": "http.response.body", "body": title(bundle).encode()})

    _, headers, body = call_asgi(asgi.LanguageMiddleware(app, bundle), scope(accept_language="fr"))
    assert (headers, body) == ({"content-language": "x-app", "vary": "accept-language"}, "Espace de travail")
    quiet = asgi.LanguageMiddleware(app, bundle, content_language=False, vary=False)
    assert call_asgi(quiet, scope(accept_language="de"))[1:] == ({"content-language": "x-app", "vary": "accept-language"}, "Arbeitsbereich")


def test_asgi_prefix_below_a_mount_point_and_lifespan(bundle: lokale.Bundle) -> None:
    seen: List[dict] = []

    async def app(scope: dict, receive: Any, send: Any) -> None:
        seen.append(scope)

    m = asgi.LanguageMiddleware(app, bundle, sources=("path",))
    request = dict(scope("/api/de/items"), root_path="/api")
    asyncio.run(m(request, None, None))  # type: ignore[arg-type]
    assert (seen[0]["path"], seen[0]["root_path"], seen[0]["lokale.languages"].list) == ("/api/de/items", "/api/de", ("de",))
    assert request["root_path"] == "/api" and "lokale.languages" not in request  # the server's scope untouched
    asyncio.run(m({"type": "lifespan"}, None, None))  # type: ignore[arg-type]
    assert seen[1] == {"type": "lifespan"}


# -- WSGI ------------------------------------------------------------------------------------------

def test_wsgi_body_and_close_in_the_request_languages_and_nothing_between(bundle: lokale.Bundle) -> None:
    events: List[str] = []

    def app(environ: dict, start_response: Any) -> Iterator[bytes]:
        start_response("200 OK", [("Content-Type", "text/plain")])

        def body() -> Iterator[bytes]:
            try:
                for _ in range(3):
                    yield title(bundle).encode()
            finally:
                events.append("closed in " + title(bundle))

        return body()

    started: List[Any] = []
    m = wsgi.LanguageMiddleware(app, bundle, sources=("path", "header"))
    env = environ("/de/items", accept_language="fr")
    result = m(env, lambda status, headers, exc_info=None: started.append((status, headers)))
    assert (env["PATH_INFO"], env["SCRIPT_NAME"], env["lokale.languages"].list) == ("/items", "/de", ("de",))
    assert started == [("200 OK", [("Content-Type", "text/plain"), ("Content-Language", "de"), ("Vary", "Accept-Language")])]
    chunks = []
    for chunk in result:  # the server's loop: between steps the thread is back to its own languages
        chunks.append(chunk.decode())
        assert title(bundle) == "Workspace"
        break
    result.close()  # type: ignore[attr-defined]
    assert chunks == ["Arbeitsbereich"] and events == ["closed in Arbeitsbereich"]
    assert _languages.current(bundle.runtime) is None


def test_wsgi_rendered_responses_pass_through_and_errors_leave_nothing(bundle: lokale.Bundle) -> None:
    def app(environ: dict, start_response: Any) -> List[bytes]:
        start_response("200 OK", [])
        if environ.get("QUERY_STRING") == "fail":
            raise RuntimeError("boom")
        return [title(bundle).encode()]

    m = wsgi.LanguageMiddleware(app, bundle)
    assert m(environ(accept_language="ja"), lambda *a: None) == ["ワークスペース".encode()]
    with pytest.raises(RuntimeError):
        m(environ("/", "fail", accept_language="ja"), lambda *a: None)
    assert _languages.current(bundle.runtime) is None and title(bundle) == "Workspace"


def test_the_guide_shows_the_example_apps_the_load_tests_serve() -> None:
    """docs/PYTHON.md's web examples are the files examples/web/*.py verbatim: test_docs.py runs the
    blocks, test_web_asgi.py and test_web_wsgi.py serve the files under load."""
    from conftest import REPO
    from test_docs import blocks

    shown = {block.rstrip("\n") for block in blocks()}
    files = sorted((REPO / "examples" / "web").glob("*.py"))
    assert [f.name for f in files] == ["fastapi_app.py", "flask_app.py", "starlette_app.py"]
    for path in files:
        assert path.read_text(encoding="utf-8").rstrip("\n") in shown, f"docs/PYTHON.md does not show {path.name} as it is"


def test_remembered_choices_start_over_when_the_runtime_changes(bundle: lokale.Bundle) -> None:
    m = wsgi.LanguageMiddleware(lambda e, s: [], bundle)
    first = m.choose(environ(accept_language="ja"))
    assert m.choose(environ(accept_language="ja")) is first
    bundle.runtime.preferred_languages = ["de"]  # a change that can alter answers (so Content-Language)
    again = m.choose(environ(accept_language="ja"))
    assert again is not first and (again.list, again.content_language) == (("ja",), "ja")
