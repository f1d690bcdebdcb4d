"""A server's requests: per-call ``languages=``, ``Runtime.use_languages`` (contextvars: each thread
and asyncio task sees its own), ``lokale.parse_accept_language``. Every answer is compared with
what a runtime made with those preferred languages gives, through the real library; the runtime's
own languages stay untouched; the lists a runtime keeps are bounded."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

import pytest

import lokale

KEYS = ["workspace.title", "summary.item-count", "Collection: %@", "summary.files-in-folders", "Sample Set", "missing"]
LISTS = [["fr-CA", "en"], ["de"], ["pt-BR"], ["pt-PT", "de"], ["es", "fr"], ["ja-JP"], ["zz"], ["not a tag!", "de"],
         [], ["*", "ja"], ["en-GB", "fr"]]


def _outcome(call: object, *args: object, **kw: object) -> object:
    """The result, or the error (a strict format argument refused) as (type, message)."""
    try:
        return call(*args, **kw)  # type: ignore[operator]
    except lokale.Error as e:
        return (type(e).__name__, str(e))


def _answers(app: lokale.Bundle, panel: lokale.Bundle, **kw: object) -> list:
    out: list = []
    for key in KEYS:
        out.append(app.string(key, **kw))
        out.append(app.lookup(key, default="D", **kw))
        for args in [(2,), ("Ω",), (2, "Ω")]:
            out.append(_outcome(app.format, key, *args, **kw))
        out.append(app.format_problems(key, 2, "Ω", **kw))
        out.append(app.explain(key, 1, **kw))
    out.append(panel.string("panel.ready", **kw))
    out.append(panel.explain("panel.ready", **kw))
    return out


@pytest.mark.parametrize("app_file", ["DesktopApp.lokale", "DesktopAppMixed.lokale"])
def test_languages_answer_as_a_runtime_with_them(examples: Path, app_file: str) -> None:
    runtime = lokale.Runtime(["ja"], settings_path="")
    runtime.set_language("pt-PT")  # the process's own in-app language must not reach requests
    app = runtime.open(examples / app_file, main=True)
    panel = runtime.open(examples / "PanelKit.lokale")
    for languages in LISTS:
        reference = lokale.Runtime(languages, settings_path="")
        want = _answers(reference.open(examples / app_file, main=True), reference.open(examples / "PanelKit.lokale"))
        assert _answers(app, panel, languages=languages) == want, languages
        assert _answers(app, panel, languages=runtime.languages(languages)) == want
        with runtime.use_languages(languages):
            assert _answers(app, panel) == want
            assert app.gettext("workspace.title") == want[0]
        reference.close()
    assert runtime.language == "pt-PT"
    assert app.string("workspace.title") == "Área de trabalho"


def test_use_languages_is_per_context_and_per_runtime(examples: Path) -> None:
    runtime = lokale.Runtime(["en"], settings_path="")
    other = lokale.Runtime(["en"], settings_path="")
    app = runtime.open(examples / "DesktopApp.lokale", main=True)
    stranger = other.open(examples / "DesktopApp.lokale", main=True)
    with runtime.use_languages("de, en") as languages:
        assert isinstance(languages, lokale.Languages) and languages.list == ("de", "en")
        assert app.string("workspace.title") == "Arbeitsbereich"
        assert stranger.string("workspace.title") == "Workspace"  # another runtime's bundle
        with runtime.use_languages(["fr"]):
            assert app.string("workspace.title") == "Espace de travail"
        assert app.string("workspace.title") == "Arbeitsbereich"
        assert app.string("workspace.title", languages=["ja"]) == "ワークスペース"  # the call's own wins
        seen: list = []
        thread = threading.Thread(target=lambda: seen.append(app.string("workspace.title")))
        thread.start()
        thread.join()
        assert seen == ["Workspace"]  # a new thread starts with an empty context
    assert app.string("workspace.title") == "Workspace"
    assert runtime.preferred_languages == ["en"]


def test_threads_and_tasks_each_see_their_own(examples: Path) -> None:
    runtime = lokale.Runtime(["en"], settings_path="")
    app = runtime.open(examples / "DesktopApp.lokale", main=True)
    expected = {}
    for languages in LISTS:
        reference = lokale.Runtime(languages, settings_path="").open(examples / "DesktopApp.lokale", main=True)
        expected[tuple(languages)] = (reference.format("summary.item-count", 2), reference.string("workspace.title"))
    wrong: list = []

    def request(languages: list, rounds: int) -> None:
        with runtime.use_languages(languages):
            for _ in range(rounds):
                got = (app.format("summary.item-count", 2), app.string("workspace.title"))
                if got != expected[tuple(languages)]:
                    wrong.append((languages, got))

    threads = [threading.Thread(target=request, args=(LISTS[i % len(LISTS)], 300)) for i in range(12)]
    for t in threads:
        t.start()
    for i in range(100):  # the process changes its own languages meanwhile
        runtime.set_language(["de", "fr", None][i % 3])
    for t in threads:
        t.join()

    async def task(languages: list) -> None:
        with runtime.use_languages(languages):
            for _ in range(50):
                await asyncio.sleep(0)  # other tasks run in between, in their own contexts
                got = (app.format("summary.item-count", 2), app.string("workspace.title"))
                if got != expected[tuple(languages)]:
                    wrong.append((languages, got))

    async def serve() -> None:
        await asyncio.gather(*(task(LISTS[i % len(LISTS)]) for i in range(20)))

    asyncio.run(serve())
    assert wrong == []


def test_parse_accept_language() -> None:
    parse = lokale.parse_accept_language
    assert parse("da, en-gb;q=0.8, en;q=0.7") == ["da", "en-gb", "en"]
    assert parse("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5") == ["fr-CH", "fr", "en", "de"]
    assert parse("en;q=0.5, fr;q=0.8, de;q=0.5, it") == ["it", "fr", "en", "de"]
    assert parse(b"de;q=0, en") == ["en"]
    for junk in ["", ";;;", "q=1", "en;q=2", "\x00\xff", "é", "a" * 70000, "en;level=1", "*"]:
        assert parse(junk) == [], junk
    with pytest.raises(TypeError):
        parse(None)  # type: ignore[arg-type]


def test_languages_objects_are_remembered_and_bounded(examples: Path) -> None:
    runtime = lokale.Runtime(["en"], settings_path="")
    app = runtime.open(examples / "DesktopApp.lokale", main=True)
    assert runtime.languages(["de", "en"]) is runtime.languages(("de", "en"))
    assert runtime.languages("de, en") is runtime.languages(["de", "en"])
    for i in range(3000):
        assert app.string("workspace.title", languages=[f"x{i}", "de"]) == "Arbeitsbereich"
    assert len(runtime._requests) <= 1024
    with pytest.raises(TypeError):
        app.string("workspace.title", languages=["de", 3])  # type: ignore[list-item]
    with pytest.raises(TypeError):
        lokale.Languages()
    runtime.close()
    with pytest.raises(lokale.ClosedError):
        runtime.languages(["de"])
    assert app.string("workspace.title", languages=["x2999", "de"]) == "Arbeitsbereich"  # made before the close


def test_wsgi_app_answers_each_request_in_its_language(examples: Path) -> None:
    from wsgiref.util import setup_testing_defaults

    runtime = lokale.Runtime(["en"], settings_path="")
    app = runtime.open(examples / "DesktopApp.lokale", main=True)

    def application(environ: dict, start_response: object) -> list:
        languages = lokale.parse_accept_language(environ.get("HTTP_ACCEPT_LANGUAGE", ""))
        with runtime.use_languages(languages):
            body = app.format("summary.item-count", 3).encode()
        start_response("200 OK", [("Content-Type", "text/plain; charset=utf-8")])  # type: ignore[operator]
        return [body]

    for header, want in [("de-AT, de;q=0.9", "3 Objekte"), ("fr;q=0.5, ja", "3 個の項目"), ("", "3 items")]:
        environ: dict = {"HTTP_ACCEPT_LANGUAGE": header}
        setup_testing_defaults(environ)
        assert b"".join(application(environ, lambda status, headers: None)).decode() == want
