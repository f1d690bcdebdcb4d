"""lokale.asgi.LanguageMiddleware under a real server: uvicorn serving examples/web/starlette_app.py
(and fastapi_app.py) in a subprocess, 10,000 concurrent requests in mixed languages through httpx,
each a streamed body of several chunks whose handler and generator await between them, so that
the requests' tasks interleave on the server. Every response must be entirely in its own request's
language (see web_load.py). Needs starlette, uvicorn and httpx (fastapi for its test): `make
test-web` installs them in build/tools; elsewhere these tests are skipped."""

from __future__ import annotations

import time

import pytest

from web_load import need  # noqa: E402

need("starlette")
need("uvicorn")
need("httpx")

import web_load  # noqa: E402
from web_load import app_bundle  # noqa: E402,F401  (a fixture)


@pytest.fixture(scope="module")
def starlette_server():
    server = web_load.Server([web_load.python(), "-m", "uvicorn", "examples.web.starlette_app:app", "--host", "127.0.0.1",
                              "--port", "PORT", "--log-level", "warning", "--no-access-log"]).start()
    yield server
    server.stop()


def test_ten_thousand_concurrent_streamed_requests_each_in_its_own_language(starlette_server, app_bundle) -> None:
    started = time.monotonic()
    outcomes = web_load.load(starlette_server.url, app_bundle, total=10_000, concurrency=200)
    print(f"uvicorn + Starlette: 10,000 requests in {time.monotonic() - started:.1f} s: {dict(outcomes)}")
    assert set(outcomes) == {"de", "en", "fr", "ja", "pt-PT"}


def test_the_example_app_answers_as_documented(starlette_server) -> None:
    web_load.check_documented_answers(starlette_server.url)


def test_fastapi_example_under_uvicorn(app_bundle) -> None:
    need("fastapi")
    import httpx

    server = web_load.Server([web_load.python(), "-m", "uvicorn", "examples.web.fastapi_app:app", "--host", "127.0.0.1",
                              "--port", "PORT", "--log-level", "warning", "--no-access-log"]).start()
    try:
        answer = httpx.get(f"{server.url}/", cookies={"lang": "ja"}, headers={"Accept-Language": "de"})
        assert answer.json() == {"title": "ワークスペース", "languages": ["ja"]}
        texts = web_load.expected_texts(app_bundle)
        report = httpx.get(f"{server.url}/report?count={web_load.CHUNKS}", headers={"Accept-Language": "fr-CA"})
        assert report.text == texts["fr"] and report.headers["content-language"] == "fr"
    finally:
        server.stop()


def test_the_load_sees_a_leak_when_there_is_one(app_bundle) -> None:
    """The control: the same app and load, behind a middleware that sets the runtime's (process-wide)
    languages per request instead (web_naive_app.py), must show responses in another request's
    language; otherwise the tests above could not tell a leaking middleware from a sound one."""
    server = web_load.Server([web_load.python(), "-m", "uvicorn", "web_naive_app:app", "--app-dir", str(web_load.TESTS),
                              "--host", "127.0.0.1", "--port", "PORT", "--log-level", "warning", "--no-access-log"]).start()
    try:
        with pytest.raises(AssertionError, match="not in their request's language"):
            web_load.load(server.url, app_bundle, total=1_000, concurrency=200)
    finally:
        server.stop()
