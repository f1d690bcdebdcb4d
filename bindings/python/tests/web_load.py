"""Shared by test_web_asgi.py and test_web_wsgi.py: a real server in a subprocess (uvicorn,
gunicorn) on a free loopback port, serving an example app of examples/web/, and a load of
concurrent requests in mixed languages through a real HTTP client (httpx), every response checked
against what the bundle answers in that request's languages.

The cases cover each source of the examples' order (path, cookie, query, Accept-Language) and
values that must fall through (an unserved cookie or query value). A response in another request's
language would differ from the expected text: every title differs between the bundle's languages.
"""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
import time
from collections import Counter
from typing import Any, Dict, Iterator, List, Sequence, Tuple

import pytest

from conftest import EXAMPLES, LIBRARY, PACKAGE_ROOT, REPO, TESTS

# (path, headers, the language the answer must be in): one of each way a language is chosen.
CASES: Sequence[Tuple[str, Dict[str, str], str]] = (
    ("/report", {"Accept-Language": "de-AT, de;q=0.9, en;q=0.5"}, "de"),
    ("/report", {"Accept-Language": "fr-CA;q=0.8, ja"}, "ja"),
    ("/report", {"Accept-Language": "fr-CA, en;q=0.1"}, "fr"),
    ("/report", {"Accept-Language": "pt-PT"}, "pt-PT"),
    ("/report", {"Accept-Language": "xx, *"}, "en"),  # nothing served: the default
    ("/report", {}, "en"),
    ("/report", {"Cookie": "theme=dark; lang=ja", "Accept-Language": "de"}, "ja"),
    ("/report", {"Cookie": "lang=xx", "Accept-Language": "fr"}, "fr"),  # unserved cookie: next source
    ("/report?lang=de", {"Accept-Language": "ja"}, "de"),
    ("/report?lang=zz", {"Accept-Language": "pt-PT"}, "pt-PT"),
    ("/fr/report", {"Cookie": "lang=de", "Accept-Language": "ja"}, "fr"),  # the path comes first
    ("/ja/report", {}, "ja"),
    ("/pt-PT/report", {"Accept-Language": "de"}, "pt-PT"),
)
CHUNKS = 4
POOL = 10  # connections per client (see _load)


def expected_texts(bundle: Any) -> Dict[str, str]:
    """The report of each language, as the example apps render it."""
    texts = {}
    for language in set(case[2] for case in CASES):
        title = bundle.string("workspace.title", languages=[language])
        texts[language] = "".join(f"{title}: {bundle.format('summary.item-count', n, languages=[language])}\n"
                                  for n in range(CHUNKS))
    assert len(set(texts.values())) == len(texts), "the check needs a different text per language"
    return texts


def need(module: str) -> None:
    """Skips the calling test module when ``module`` is missing — unless LOKALE_WEB_TESTS=1 (as
    `make test-web` sets, having installed them), where a missing one is a failure, not a skip."""
    if os.environ.get("LOKALE_WEB_TESTS") == "1":
        __import__(module)
    else:
        pytest.importorskip(module)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """``argv`` (with PORT replaced) run from the repository with this checkout's package and
    library, until ``stop()``; ``start()`` waits until ``/`` answers."""

    def __init__(self, argv: List[str]) -> None:
        self.port = free_port()
        env = dict(os.environ)
        env["LOKALE_LIBRARY"] = os.environ.get("LOKALE_LIBRARY") or str(LIBRARY)
        env["LOKALE_WEB_BUNDLE"] = str(EXAMPLES / "DesktopApp.lokale")
        env["PYTHONPATH"] = os.pathsep.join([str(PACKAGE_ROOT), str(REPO)])
        self.argv = [a.replace("PORT", str(self.port)) for a in argv]
        self.process = subprocess.Popen(self.argv, cwd=REPO, env=env, stdout=subprocess.PIPE,
                                        stderr=subprocess.STDOUT, text=True)

    def start(self, timeout: float = 30.0) -> "Server":
        import httpx

        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"{self.argv} exited: {self.process.stdout.read() if self.process.stdout else ''}")
            try:
                if httpx.get(f"{self.url}/", timeout=2).status_code == 200:
                    return self
            except httpx.HTTPError:
                time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"{self.argv} did not answer within {timeout} s")

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def stop(self) -> str:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        return self.process.stdout.read() if self.process.stdout else ""


async def _load(url: str, total: int, concurrency: int, texts: Dict[str, str]) -> Counter:
    import httpx

    # httpcore asks sniffio which event loop runs, by importing it on every pool operation; absent
    # (anyio no longer needs it), each failed import searches sys.path: a third of the client's
    # time. None in sys.modules makes that import fail at once, with the same answer (asyncio).
    sys.modules.setdefault("sniffio", None)  # type: ignore[arg-type]
    outcomes: Counter = Counter()
    wrong: List[str] = []
    # Clients of POOL connections each: httpcore's pool scans every connection for every request
    # it queues, so one pool of 200 costs the client more than the server spends answering.
    clients = [httpx.AsyncClient(base_url=url, timeout=60,
                                 limits=httpx.Limits(max_connections=POOL, max_keepalive_connections=POOL))
               for _ in range(max(1, concurrency // POOL))]
    semaphores = [asyncio.Semaphore(POOL) for _ in clients]

    async def one(i: int) -> None:
        path, headers, language = CASES[i % len(CASES)]
        separator = "&" if "?" in path else "?"
        async with semaphores[i % len(clients)]:
            response = await clients[i % len(clients)].get(f"{path}{separator}count={CHUNKS}", headers=headers)
        text = response.text
        if response.status_code != 200 or text != texts[language]:
            wrong.append(f"#{i} {path} {headers} -> {response.status_code} {text!r}, expected {texts[language]!r}")
        elif response.headers.get("content-language") != language:
            wrong.append(f"#{i} {path} {headers}: Content-Language {response.headers.get('content-language')}")
        else:
            outcomes[language] += 1

    try:
        await asyncio.gather(*(one(i) for i in range(total)))
    finally:
        for client in clients:
            await client.aclose()
    assert not wrong, f"{len(wrong)} of {total} responses not in their request's language:\n" + "\n".join(wrong[:10])
    return outcomes


def load(url: str, bundle: Any, total: int, concurrency: int = 200) -> Counter:
    """``total`` requests (``concurrency`` in flight), mixed as CASES; every response checked.
    Returns the count of responses per language."""
    outcomes = asyncio.run(_load(url, total, concurrency, expected_texts(bundle)))
    assert sum(outcomes.values()) == total
    return outcomes


def python() -> str:
    return sys.executable


@pytest.fixture(scope="module")
def app_bundle() -> Iterator[Any]:
    """The example apps' bundle, opened here to compute the expected answers."""
    import lokale

    runtime = lokale.Runtime(["en"], settings_path="")
    bundle = runtime.open(str(EXAMPLES / "DesktopApp.lokale"), main=True)
    yield bundle
    runtime.close()


def check_documented_answers(url: str) -> None:
    """What docs/PYTHON.md says the example apps (Starlette's and Flask's alike) answer."""
    import httpx

    answer = httpx.get(f"{url}/", headers={"Accept-Language": "de-AT, en;q=0.5"})
    assert answer.text == "Arbeitsbereich (de, header)"
    assert answer.headers["content-language"] == "de"
    assert answer.headers["vary"] == "Accept-Language, Cookie"
    assert httpx.get(f"{url}/fr/").text == "Espace de travail (fr, path)"   # routed as /
    assert httpx.get(f"{url}/", cookies={"lang": "ja"}).text == "ワークスペース (ja, cookie:lang)"
    assert httpx.get(f"{url}/?lang=xx", headers={"Accept-Language": "fr"}).text == "Espace de travail (fr, header)"
    assert httpx.get(f"{url}/").text == "Workspace (en, default)"
    assert httpx.get(f"{url}/xx/").status_code == 404   # not a language: the path is routed as it is
