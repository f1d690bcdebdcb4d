"""A server's requests: per-call ``languages=``, ``Runtime.use_languages`` (contextvars: each thread
and asyncio task sees its own), ``lokale.parse_accept_language``. Every answer is compared with
what a runtime made with those preferred languages gives, through the real library; the runtime's
own languages stay untouched; the lists a runtime keeps are bounded."""

from __future__ import annotations

import asyncio
import os
import threading
from decimal import Decimal
from pathlib import Path
from typing import Callable, Dict

import pytest

import lokale
from lokale._abi import LANGUAGES_REMEMBERED
from conftest import compile_bundle, write_bundle_source

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


def test_blocks_of_two_runtimes_nest(examples: Path) -> None:
    """Each bundle takes the innermost block of its own runtime, however the blocks of several
    runtimes interleave; a copied context (a task made in a block) keeps the block."""
    first = lokale.Runtime(["en"], settings_path="")
    second = lokale.Runtime(["en"], settings_path="")
    a = first.open(examples / "DesktopApp.lokale", main=True)
    b = second.open(examples / "DesktopApp.lokale", main=True)
    with first.use_languages(["de"]):
        with second.use_languages(["fr"]):
            with second.use_languages(["ja"]):
                for bundle, title, count in [(a, "Arbeitsbereich", "2 Objekte"), (b, "ワークスペース", "2 個の項目")]:
                    assert bundle.string("workspace.title") == title
                    assert bundle.lookup("workspace.title").text == title
                    assert bundle.gettext("workspace.title") == title
                    assert bundle.format("summary.item-count", 2) == count
                    assert bundle.explain("workspace.title")["result"] == title
                assert a.string("workspace.title", languages=["fr"]) == "Espace de travail"
                # an argument the accelerator hands to ctypes (format_fallback): the block's languages too
                assert a.format("summary.item-count", Decimal(2)) == "2 Objekte"
                assert b.format("summary.item-count", Decimal(2), languages=["fr"]) == "2 éléments"

                async def task() -> str:
                    return a.string("workspace.title") + b.string("workspace.title")

                assert asyncio.run(task()) == "Arbeitsbereichワークスペース"
            assert b.string("workspace.title") == "Espace de travail"
            assert a.string("workspace.title") == "Arbeitsbereich"
    assert (a.string("workspace.title"), b.string("workspace.title")) == ("Workspace", "Workspace")


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
    assert len(runtime._requests) <= LANGUAGES_REMEMBERED
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


# -- the answers remembered per bundle and list ---------------------------------------------------


def _catalog(title: str) -> Dict[str, object]:
    unit = lambda v: {"stringUnit": {"state": "translated", "value": v}}  # noqa: E731
    return {"sourceLanguage": "en", "version": "1.0",
            "strings": {"title": {"localizations": {"en": unit(title), "de": unit(title + " (de)"),
                                                    "fr": unit(title + " (fr)")}}}}


def _build(root: Path, name: str, title: str) -> Path:
    source = write_bundle_source(root / name, "com.example.Requests", _catalog(title))
    return compile_bundle(source, root / f"{name}.lokale")


def test_remembered_answers_are_the_same_objects(examples: Path) -> None:
    runtime = lokale.Runtime(["en"], settings_path="")
    app = runtime.open(examples / "DesktopApp.lokale", main=True)
    german = runtime.languages(["de"])
    first = app.string("workspace.title", languages=german)
    assert first == "Arbeitsbereich"
    assert app.string("workspace.title", languages=["de"]) is first  # remembered for the list
    assert app.lookup("workspace.title", languages=german).text is app.lookup("workspace.title", languages=german).text
    with runtime.use_languages(german):
        assert app.string("workspace.title") is first
        assert app.gettext("workspace.title") == first
    assert app.string("workspace.title") == "Workspace"  # the runtime's own, remembered apart
    assert app.string("workspace.title", languages=["fr"]) == "Espace de travail"
    assert app.string("workspace.title", languages=["de"], default="x") == "Arbeitsbereich"  # not plain
    app.close()
    with pytest.raises(lokale.ClosedError):
        app.string("workspace.title", languages=german)
    with pytest.raises(lokale.ClosedError):
        app.lookup("workspace.title", languages=german)


def test_a_reload_inside_a_block_shows_the_new_text(tmp_path: Path,
                                                   runtime_factory: Callable[..., lokale.Runtime]) -> None:
    target = _build(tmp_path, "app", "One")
    runtime = runtime_factory(["en"])
    other = runtime_factory(["en"])  # another runtime's bundle of the same file: its own memo
    with runtime.open(target, main=True) as bundle, other.open(target) as stranger:
        german = runtime.languages(["de"])
        with runtime.use_languages(["de"]):
            for _ in range(3):
                assert bundle.string("title") == "One (de)"
                assert bundle.lookup("title").text == "One (de)"
                assert bundle.gettext("title") == "One (de)"
            assert bundle.string("title", languages=["fr"]) == "One (fr)"
            assert stranger.string("title", languages=german) == "One (de)"
            os.replace(_build(tmp_path, "next", "Two"), target)
            assert bundle.reload() is True
            assert bundle.string("title") == "Two (de)"
            assert bundle.lookup("title").text == "Two (de)"
            assert bundle.gettext("title") == "Two (de)"
            assert bundle.string("title", languages=["fr"]) == "Two (fr)"
            assert bundle.string("title", languages=german) == "Two (de)"
            assert stranger.string("title", languages=german) == "One (de)"  # not reloaded yet
            assert stranger.reload() is True
            assert stranger.string("title", languages=german) == "Two (de)"
        assert bundle.string("title") == "Two"


def test_lookups_in_lists_on_threads_while_reloading(tmp_path: Path,
                                                     runtime_factory: Callable[..., lokale.Runtime]) -> None:
    """An answer computed while a reload happened on another thread is not kept: once the last
    reload returned, every list answers from the last version."""
    target = _build(tmp_path, "app", "v0")
    versions = [_build(tmp_path, f"v{i}", f"v{i}") for i in range(1, 9)]
    runtime = runtime_factory(["en"])
    bundle = runtime.open(target)
    lists = [["de"], ["fr", "de"], ["en"]]
    stop = threading.Event()
    bad: list = []

    def read(languages: list) -> None:
        with runtime.use_languages(languages):
            while not stop.is_set():
                for text in (bundle.string("title"), bundle.string("title", languages=lists[0]),
                             bundle.lookup("title").text):
                    if not text.startswith("v"):
                        bad.append(text)

    threads = [threading.Thread(target=read, args=(lists[i % 3],)) for i in range(4)]
    for thread in threads:
        thread.start()
    for version in versions:
        os.replace(version, target)
        assert bundle.reload(force=True)
    stop.set()
    for thread in threads:
        thread.join()
    assert bad == []
    for languages, want in zip(lists, ["v8 (de)", "v8 (fr)", "v8"]):
        assert bundle.string("title", languages=languages) == want
        with runtime.use_languages(languages):
            assert bundle.string("title") == want
            assert bundle.lookup("title").text == want


def test_remembered_answers_follow_the_main_bundle_and_the_language(examples: Path) -> None:
    """A framework bundle's answers in a list depend on the main bundle: opening and closing it
    forgets them, as it does the runtime's own; a language change forgets them too."""
    runtime = lokale.Runtime(["en"], settings_path="")
    panel = runtime.open(examples / "PanelKit.lokale")

    def reference(languages: list, main: bool) -> str:
        with lokale.Runtime(languages, settings_path="") as other:
            if main:
                other.open(examples / "DesktopApp.lokale", main=True)
            return other.open(examples / "PanelKit.lokale").string("panel.ready")

    for languages in (["fr", "de"], ["ja", "de"], ["pt-PT", "fr"]):
        assert panel.string("panel.ready", languages=languages) == reference(languages, False)
        app = runtime.open(examples / "DesktopApp.lokale", main=True)
        assert panel.string("panel.ready", languages=languages) == reference(languages, True)
        with runtime.use_languages(languages):
            assert panel.string("panel.ready") == reference(languages, True)
            runtime.set_language("de")
            assert panel.string("panel.ready") == reference(languages, True)
            runtime.set_language(None)
        app.close()
        assert panel.string("panel.ready", languages=languages) == reference(languages, False)


def test_remembered_answers_are_bounded(examples: Path) -> None:
    runtime = lokale.Runtime(["en"], settings_path="")
    app = runtime.open(examples / "DesktopApp.lokale", main=True)
    memo = app._memo
    assert memo is not None
    for i in range(3000):
        for key in KEYS:
            app.string(key, languages=[f"x{i}", "de"])
            app.lookup(key, languages=[f"x{i}", "de"])
    assert memo.size() <= 2 * LANGUAGES_REMEMBERED * len(KEYS) + 2 * len(KEYS)
    assert app.string("workspace.title", languages=["x2999", "de"]) == "Arbeitsbereich"
