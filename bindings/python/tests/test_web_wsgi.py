"""lokale.wsgi.LanguageMiddleware under a real server: gunicorn (threaded workers) serving
examples/web/flask_app.py in a subprocess, 10,000 concurrent requests in mixed languages through
httpx, each a streamed body from a generator that the server iterates after the view has returned,
on threads that serve other requests in other languages before and after. Every response must be
entirely in its own request's language (see web_load.py). Needs flask, gunicorn and httpx: `make
test-web` installs them in build/tools; elsewhere these tests are skipped."""

from __future__ import annotations

import time

import pytest

from web_load import need  # noqa: E402

need("flask")
need("gunicorn")
need("httpx")

import web_load  # noqa: E402
from web_load import app_bundle  # noqa: E402,F401  (a fixture)


@pytest.fixture(scope="module")
def flask_server():
    # One worker process of 32 threads: every request of the load shares the threads (and so
    # their contexts) with requests in other languages.
    server = web_load.Server([web_load.python(), "-m", "gunicorn", "--bind", "127.0.0.1:PORT", "--worker-class", "gthread",
                              "--workers", "1", "--threads", "32", "--log-level", "warning",
                              "examples.web.flask_app:app"]).start()
    yield server
    server.stop()


def test_ten_thousand_concurrent_streamed_requests_each_in_its_own_language(flask_server, app_bundle) -> None:
    started = time.monotonic()
    outcomes = web_load.load(flask_server.url, app_bundle, total=10_000, concurrency=200)
    print(f"gunicorn + Flask: 10,000 requests in {time.monotonic() - started:.1f} s: {dict(outcomes)}")
    assert set(outcomes) == {"de", "en", "fr", "ja", "pt-PT"}


def test_the_example_app_answers_as_documented(flask_server) -> None:
    web_load.check_documented_answers(flask_server.url)
