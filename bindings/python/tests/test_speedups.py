"""The backend in use (the C accelerator, lokale/_speedups.c, or ctypes with its memo in Python)
behaves exactly as a plain ctypes call that remembers nothing.

`make test-python` runs the whole suite twice: with the accelerator (LOKALE_EXPECT_SPEEDUPS=1, which
makes its absence a failure) and with ctypes alone (LOKALE_PURE_PYTHON=1)."""

from __future__ import annotations

import ctypes
import decimal
import os
from pathlib import Path
from typing import Any, Callable, List, Optional

import pytest

import lokale
from lokale import _abi, _backend, _backend_ctypes

ACCELERATED = _backend.BACKEND.ACCELERATED


def ctypes_lookup(bundle: lokale.Bundle, key: Any, default: Any = None, table: Any = None,
                  comment: Any = None) -> lokale.LookupResult:
    """The reference: a lookup through ctypes that is never remembered."""
    text, step = _backend_ctypes.lookup_at(ctypes.c_void_p(bundle._h()), key, default, table, comment)
    return lokale.LookupResult(text, lokale.Step(step))


def ctypes_format(bundle: lokale.Bundle, key: Any, *args: Any, default: Optional[str] = None,
                  table: Optional[str] = None, comment: Optional[str] = None,
                  locale: Optional[str] = None) -> str:
    """The reference: a format through ctypes."""
    return _backend_ctypes.format_at(ctypes.c_void_p(bundle._h()), key, args, default, table, comment, locale)


def test_the_mode_the_run_asked_for() -> None:
    if os.environ.get("LOKALE_PURE_PYTHON", "") not in ("", "0"):
        assert not lokale.accelerated()
        assert _backend.BACKEND is _backend_ctypes
    elif os.environ.get("LOKALE_EXPECT_SPEEDUPS") == "1":
        assert lokale.accelerated(), "lokale._speedups was not built (see `make test-python`)"
        from lokale import _backend_speedups

        assert _backend.BACKEND is _backend_speedups


def _outcome(call: Callable[[], Any]) -> Any:
    try:
        return ("ok", call())
    except Exception as exc:  # the exception type and message must match too
        return ("raised", type(exc), str(exc))


CASES: List[tuple] = [
    (("workspace.title",), {}),
    (("workspace.title",), {"default": "Workspace"}),
    (("summary.item-count",), {}),
    (("no.such.key",), {}),
    (("no.such.key",), {"default": "Fallback"}),
    (("no.such.key",), {"default": ""}),
    (("workspace.title",), {"table": "NoSuchTable"}),
    (("workspace.title",), {"table": "NoSuchTable", "default": "d"}),
    (("workspace.title",), {"comment": "Heading"}),
    (("",), {}),
    (("ключ\u0000с нулём",), {"default": "é\u0000"}),
    (("k" * 5000,), {}),
    ((42,), {}),
    ((b"workspace.title",), {}),
    ((None,), {}),
    (("workspace.title",), {"default": 3}),
    (("workspace.title",), {"table": b"Menu"}),
    (("workspace.title",), {"comment": 1.5}),
    (("\udcff",), {}),
    (("x",), {"default": "\udcff"}),
]


@pytest.mark.parametrize("args,kwargs", CASES)
@pytest.mark.parametrize("languages", [["de"], ["it", "fr-CA"], ["it"], ["ja"]])
def test_same_results_as_ctypes(app_path: Path, runtime_factory: Callable[..., lokale.Runtime],
                                languages: list, args: tuple, kwargs: dict) -> None:
    runtime = runtime_factory(languages)
    app = runtime.open(app_path, main=True)
    expected = _outcome(lambda: ctypes_lookup(app, *args, **kwargs))
    assert _outcome(lambda: app.lookup(*args, **kwargs)) == expected
    text = expected[1].text if expected[0] == "ok" else None
    got = _outcome(lambda: app.string(*args, **kwargs))
    assert got == (("ok", text) if text is not None else expected)


def test_closed_bundle_and_bad_arity(app_path: Path, runtime_factory: Callable[..., lokale.Runtime]) -> None:
    runtime = runtime_factory(["de"])
    app = runtime.open(app_path, main=True)
    with pytest.raises(TypeError):
        app.string()  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        app.string("a", "b", "c", "d", "e")  # type: ignore[call-arg]
    app.close()
    with pytest.raises(lokale.ClosedError):
        app.string("workspace.title")
    with pytest.raises(lokale.ClosedError):
        app.lookup("workspace.title")


@pytest.mark.skipif(not ACCELERATED, reason="the accelerator is not in use")
def test_accelerator_reports_library_failures_as_the_ctypes_path(
        runtime_factory: Callable[..., lokale.Runtime]) -> None:
    from lokale import _speedups

    # A handle the library refuses (NULL): the status becomes the same exception, with the
    # library's message.
    memo = _speedups.memo(0, runtime_factory(["de"])._generation, lambda: None, lambda: None)
    for call in (lambda: _speedups.string(memo, "key"), lambda: _speedups.lookup(memo, "key"),
                 lambda: _speedups.format(memo, "key", (1,), None, None, None),
                 lambda: _speedups.format(memo, "key", (decimal.Decimal(1),), None, None, None)):
        with pytest.raises(lokale.InvalidArgument) as info:
            call()
        assert info.value.status == lokale.Status.EINVAL and str(info.value)
    with pytest.raises(TypeError):
        _speedups.string("not a memo", "key")
    with pytest.raises(TypeError):
        _speedups.string(0, "key")


def test_remembered_lookups_follow_every_change(app_path: Path, mixed_path: Path, panel_path: Path,
                                                plurals_path: Path,
                                                runtime_factory: Callable[..., lokale.Runtime]) -> None:
    """The accelerator remembers plain lookups; every change that can alter an answer must show at
    once (including inside change callbacks), exactly as the ctypes path answers."""
    runtime = runtime_factory(["de"])
    panel = runtime.open(panel_path)

    def agree(bundle: lokale.Bundle, key: str, expected: str, **kwargs: Any) -> None:
        for _ in range(3):  # the second and third come from the memo
            assert bundle.string(key, **kwargs) == expected
            assert bundle.lookup(key, **kwargs) == ctypes_lookup(bundle, key, **kwargs)

    agree(panel, "panel.ready", "Panel bereit")
    seen: List[str] = []
    runtime.on_change(lambda rt: seen.append(panel.string("panel.ready")))
    runtime.set_preferred_languages(["es"])
    assert seen == ["Panel listo"]
    agree(panel, "panel.ready", "Panel listo")
    # A main bundle without Spanish: PanelKit now follows it (English), with no callback run.
    app = runtime.open(app_path, main=True)
    agree(panel, "panel.ready", "Panel ready")
    runtime.set_language("fr")
    assert seen[-1] == "Panneau prêt"
    agree(panel, "panel.ready", "Panneau prêt")
    agree(app, "workspace.title", "Espace de travail")
    runtime.set_language(None)
    agree(panel, "panel.ready", "Panel ready")
    # Closing the main bundle: the framework bundle chooses for itself again.
    app.close()
    agree(panel, "panel.ready", "Panel listo")
    mixed = runtime.open(mixed_path, main=True)  # allows mixed localizations
    agree(panel, "panel.ready", "Panel listo")
    agree(mixed, "workspace.title", "Workspace")
    # The fallback policy changes what a missing key in the selected table gives.
    plurals = runtime_factory(["fr", "en"]).open(plurals_path)
    agree(plurals, "close", "close", table="Menu")
    plurals.runtime.fallback = "chain"
    assert plurals.string("close", table="Menu") == "Close"
    assert plurals.string("files.count") == ctypes_lookup(plurals, "files.count").text
    # Two runtimes over the same file do not share answers.
    other = runtime_factory(["ja"]).open(panel_path)
    agree(other, "panel.ready", "Panel ready")
    agree(panel, "panel.ready", "Panel listo")
    assert panel._memo is not None and panel._memo.size() >= 1
    if not ACCELERATED:
        assert "panel.ready" in panel._memo.texts  # type: ignore[attr-defined]


@pytest.mark.skipif(ACCELERATED, reason="the pure-Python memo is not in use")
@pytest.mark.parametrize("method, foreign", [("string", "_text_by_address"), ("lookup", "lookup_at")])
def test_pure_memo_keeps_no_answer_from_before_a_change(app_path: Path, runtime_factory: Callable[..., lokale.Runtime],
                                                        monkeypatch: pytest.MonkeyPatch, method: str,
                                                        foreign: str) -> None:
    """ctypes releases the GIL during the foreign call: other threads can change the language and
    look up (starting the memo over for the new generation) between the call and the memo's store.
    The answer from before must not be remembered. ``string`` misses call lokale_bundle_text,
    ``lookup`` misses lokale_bundle_lookup (``lookup_at``)."""
    runtime = runtime_factory(["de"])
    app = runtime.open(app_path, main=True)

    def text(key: str) -> str:
        answer = getattr(app, method)(key)
        return answer if method == "string" else answer.text

    assert text("workspace.title") == "Arbeitsbereich"
    app._memo.texts.clear()  # type: ignore[union-attr]
    app._memo.pairs.clear()  # type: ignore[union-attr]
    raw = getattr(_backend_ctypes, foreign)
    calls: List[Any] = []

    def raw_then_change(*args: Any) -> Any:
        calls.append(args[1])
        answer = raw(*args)
        if len(calls) == 1:  # German, from before the change; meanwhile, as other threads would:
            runtime.set_language("fr")
            assert text("no.such.key") == "no.such.key"  # the memo now holds the new generation
        return answer

    monkeypatch.setattr(_backend_ctypes, foreign, raw_then_change)
    assert text("workspace.title") == "Arbeitsbereich"  # the answer of the call in flight
    assert len(calls) == 2  # the call in flight and the one made meanwhile
    monkeypatch.setattr(_backend_ctypes, foreign, raw)
    assert text("workspace.title") == "Espace de travail"
    assert text("workspace.title") == ctypes_lookup(app, "workspace.title").text


@pytest.mark.skipif(os.environ.get("LOKALE_EXPECT_SPEEDUPS") != "1", reason="only where a compiler is expected")
def test_pip_install_builds_the_accelerator(tmp_path: Path, app_path: Path) -> None:
    import subprocess
    import sys

    from conftest import LIBRARY, PACKAGE_ROOT

    target = tmp_path / "site"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "LOKALE_PURE_PYTHON")}
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    env["LOKALE_LIBRARY"] = str(LIBRARY)
    built = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(target), str(PACKAGE_ROOT)],
        capture_output=True, text=True, env=env,
    )
    assert built.returncode == 0, built.stderr
    assert list((target / "lokale").glob("_speedups*.so")), "pip install did not build lokale._speedups"
    probe = (
        "import lokale, sys\n"
        "with lokale.Runtime(['de'], settings_path='') as rt:\n"
        "    print(lokale.accelerated(), rt.open(sys.argv[1]).string('workspace.title'))\n"
    )
    ran = subprocess.run([sys.executable, "-c", probe, str(app_path)], capture_output=True, text=True,
                         env=dict(env, PYTHONPATH=str(target)), cwd=str(tmp_path))
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.split() == ["True", "Arbeitsbereich"]
    # And the package works without it.
    ran = subprocess.run([sys.executable, "-c", probe, str(app_path)], capture_output=True, text=True,
                         env=dict(env, PYTHONPATH=str(target), LOKALE_PURE_PYTHON="1"), cwd=str(tmp_path))
    assert ran.stdout.split() == ["False", "Arbeitsbereich"], ran.stderr


class _Special(int):
    """An int subclass: not an exact int, so the accelerator leaves it to the ctypes path."""


FORMAT_CASES: List[tuple] = [
    # locale= (numbers written in that locale; the translation unchanged), on both paths, and on
    # the accelerator's hand-over to ctypes (an int subclass).
    (("files.count", 1234567), {"locale": "de"}),
    (("files.count", 1), {"locale": "ar"}),
    (("price", 1234.5, "x"), {"locale": "de-CH"}),
    (("files.count", _Special(1234)), {"locale": "en"}),
    (("files.count", 2), {"locale": "not a locale!"}),
    (("files.count", 2), {"locale": ""}),
    (("files.count", 2), {"locale": 3}),
    (("files.count", _Special(2)), {"locale": b"de"}),
    (("files.count", 2), {"locale": "\udcff"}),
    ((3, 2), {"locale": 3}),
    (("files.count", 2), {"comment": 3, "locale": 3}),
    (("files.count", 0), {}),
    (("files.count", 1), {}),
    (("files.count", 21), {}),
    (("files.count", -3), {}),
    (("files.count", 2**63 - 1), {}),
    (("files.count", 2**64), {}),
    (("files.count", -(2**63) - 1), {}),
    (("files.count", 2.0), {}),
    (("files.count", "1.0"), {}),
    (("files.count", decimal.Decimal("1.0")), {}),
    (("files.count", True), {}),
    (("files.count", None), {}),
    (("files.count", _Special(4)), {}),
    (("files.count",), {}),
    (("price", 3.14159, "abc"), {}),
    (("echo", "Ünïcödé ✓"), {}),
    (("echo", "\udcff"), {}),
    (("echo", "x" * 5000), {}),
    (("nope", 2**63 + 5), {"default": "%llu bytes"}),
    (("files.count", 2**63), {}),
    (("nope", 2**63), {"default": "%lld bytes"}),
    (("nope", -1), {"default": "%llu"}),
    (("files.count", "abc"), {}),
    (("files.count", "3"), {}),
    (("nope", "abc"), {"default": "%d"}),
    (("nope", float("nan")), {"default": "%d"}),
    (("nope", float("inf")), {"default": "%d"}),
    (("nope", "x", 7), {"default": "%2$lld/%1$@"}),
    (("nope",) + tuple(range(20)), {"default": "%20$lld"}),
    (("nope", 1), {"default": "\udcff"}),
    ((42, 1), {}),
    (("files.count", 1), {"table": "NoSuchTable"}),
    (("files.count", 1), {"comment": 3}),
]


@pytest.mark.parametrize("args,kwargs", FORMAT_CASES)
@pytest.mark.parametrize("language", ["en", "fr", "ru"])
def test_format_same_results_as_ctypes(open_plurals: Callable[..., lokale.Bundle], language: str,
                                       args: tuple, kwargs: dict) -> None:
    bundle = open_plurals(language)
    expected = _outcome(lambda: ctypes_format(bundle, *args, **kwargs))
    for _ in range(2):  # the second call of a generation may take the library's C fast path
        assert _outcome(lambda: bundle.format(*args, **kwargs)) == expected


def test_texts_and_keys_holding_nul(tmp_path: Path, runtime_factory: Callable[..., lokale.Runtime]) -> None:
    """A text or key holding U+0000 comes back whole on both backends: a NUL-terminated answer
    (lokale_bundle_text, the ctypes backend's miss) cannot carry it, so that path declines and
    lokale_bundle_lookup answers; a miss, a hit and lookup() agree."""
    from conftest import compile_bundle, write_bundle_source

    def unit(value: str) -> dict:
        return {"stringUnit": {"state": "translated", "value": value}}

    catalog = {"sourceLanguage": "en", "version": "1.0", "strings": {
        "nul.text": {"localizations": {"en": unit("before\u0000after"), "de": unit("vor\u0000nach")}},
        "nul\u0000key": {"localizations": {"en": unit("key with NUL"), "de": unit("Schlüssel mit NUL")}},
        "plain": {"localizations": {"en": unit("Plain"), "de": unit("Schlicht")}},
    }}
    source = write_bundle_source(tmp_path / "Nul", "test.nul", catalog)
    bundle = runtime_factory(["de"]).open(compile_bundle(source, tmp_path / "Nul.lokale"), main=True)
    expected = {"nul.text": "vor\u0000nach", "nul\u0000key": "Schlüssel mit NUL", "plain": "Schlicht",
                "missing\u0000key": "missing\u0000key"}
    for _ in range(2):  # a miss, then a hit
        for key, text in expected.items():
            assert bundle.string(key) == text
            assert bundle.lookup(key).text == text
    with bundle.runtime.use_languages(["en"]):
        assert bundle.string("nul.text") == "before\u0000after"
        assert bundle.string("plain") == "Plain"


@pytest.mark.skipif(not ACCELERATED, reason="the accelerator's memo policy")
def test_memo_steps_aside_when_it_only_misses(app_path: Path, runtime_factory: Callable[..., lokale.Runtime]) -> None:
    """The accelerator's memo holds MEMO_LIMIT (100,000) plain answers. Filled by lookups that it
    mostly missed (more distinct keys than it holds, read about evenly), it starts over and then
    answers the next 2 * MEMO_LIMIT plain lookups without probing or filling (each would cost more than the
    table's own lookup); filled by lookups it mostly answered, it simply starts over. Answers
    never change."""
    limit, bypass = _abi.MEMO_LIMIT, 2 * _abi.MEMO_LIMIT
    app = runtime_factory(["de"]).open(app_path, main=True)
    memo = app._memo
    assert memo is not None
    keys = [f"missing.{i}" for i in range(limit + bypass + 10)]
    for key in keys[:limit]:
        assert app.string(key) == key
    assert memo.size() == limit
    assert app.string(keys[limit]) == keys[limit]  # full, after 100,000 misses and no hit
    assert memo.size() == 0
    for key in keys[limit + 1:limit + bypass]:  # 199,999 lookups without the memo
        assert app.string(key) == key
    assert app.string("workspace.title") == "Arbeitsbereich"  # the 200,000th
    assert memo.size() == 0
    assert app.string("workspace.title") == "Arbeitsbereich"  # remembered again
    assert memo.size() == 1
    # Filled by lookups it mostly answered: it starts over and keeps remembering.
    app.runtime.set_language("fr")  # a fresh memo
    for i in range(limit - 1):
        assert app.string(keys[i]) == keys[i]
        assert app.string("workspace.title") == "Espace de travail"  # two hits for every miss
        assert app.string("workspace.title") == "Espace de travail"
    assert memo.size() == limit
    assert app.string(keys[limit]) == keys[limit]
    assert memo.size() == 1  # started over with the answer that found it full
    assert app.string(keys[limit + 1]) == keys[limit + 1]
    assert memo.size() == 2


def test_a_temporary_bundle_answers(app_path: Path, runtime_factory: Callable[..., lokale.Runtime]) -> None:
    """``runtime.open(path).string(key)``: the bundle object is dropped as soon as its method is
    fetched; the call must still answer (the method keeps the bundle, and so its memo, open)."""
    runtime = runtime_factory(["de"])
    assert runtime.open(app_path).string("workspace.title") == "Arbeitsbereich"
    assert runtime.open(app_path).lookup("workspace.title").text == "Arbeitsbereich"
    assert runtime.open(app_path).gettext("workspace.title") == "Arbeitsbereich"


def test_bundle_string_calls_agree_with_the_method(app_path: Path, runtime_factory: Callable[..., lokale.Runtime]) -> None:
    """``bundle.string`` (with the accelerator, a C call for every call without ``languages``) and
    ``Bundle.string`` through the class (the Python method) answer alike, in every form a call
    can take, raise the same errors and introspect as the method."""
    import inspect

    runtime = runtime_factory(["de"])
    app = runtime.open(app_path, main=True)
    method = lokale.Bundle.string
    assert inspect.isfunction(method) and list(inspect.signature(method).parameters) == [
        "self", "key", "default", "table", "comment", "languages"]
    bound = app.string
    assert bound.__self__ is app and bound.__doc__ == method.__doc__ and bound.__name__ == "string"
    assert "Bundle.string" in repr(bound)
    calls = [
        (("workspace.title",), {}),
        (("no.such.key", "Fallback"), {}),
        (("no.such.key",), {"default": "Fallback"}),
        (("no.such.key", None, "NoTable", "a comment"), {}),
        (("workspace.title",), {"table": None, "comment": "c", "default": None}),
        (("workspace.title",), {"languages": None}),
        (("workspace.title",), {"languages": ["fr"]}),
        ((), {"key": "workspace.title"}),
        (("workspace.title",), {"languages": "ja, fr"}),
    ]
    for args, kwargs in calls:
        assert app.string(*args, **kwargs) == method(app, *args, **kwargs), (args, kwargs)
    assert app.string("workspace.title") == "Arbeitsbereich"
    assert app.string("workspace.title", languages=["fr"]) == "Espace de travail"
    for args, kwargs in [((), {}), (("a", None, None, None, None), {}), (("a",), {"colour": 1}),
                         (("a", "b"), {"default": "c"}), ((1,), {})]:
        with pytest.raises(TypeError) as bound_error:
            app.string(*args, **kwargs)
        with pytest.raises(TypeError) as method_error:
            method(app, *args, **kwargs)
        assert str(bound_error.value) == str(method_error.value), (args, kwargs)
    keep = app.string
    app.close()
    with pytest.raises(lokale.ClosedError):
        keep("workspace.title")
    with pytest.raises(lokale.ClosedError):
        app.string("workspace.title")


@pytest.mark.skipif(not ACCELERATED, reason="the accelerator is not in use")
def test_the_start_calls_agree_with_ctypes(app_path: Path, tmp_path: Path) -> None:
    # What the accelerator does at a program's start (runtime, open, facts, failures, frees) and
    # the ctypes backend's same calls: the same statuses, handles that work with either, the same facts.
    from lokale import _backend_speedups, _library

    _backend.BACKEND.attach(_library.library())  # as Runtime() does first
    for backend in (_backend_speedups, _backend_ctypes):
        for languages in ([b"de"], [], [b"fr-CA", b"it"]):
            status, runtime = backend.runtime_new(languages, _abi.STRATEGY["APPLE"], _abi.FALLBACK["APPLE"],
                                                  _abi.DEVICE["MAC"], b"")
            assert (status, bool(runtime)) == (_abi.OK, True)
            status, bundle = backend.bundle_open(runtime, os.fsencode(app_path), 0)
            assert (status, bool(bundle)) == (_abi.OK, True)
            assert _backend_speedups.bundle_facts(bundle) == _backend_ctypes.bundle_facts(bundle)
            identifier, development, localizations = backend.bundle_facts(bundle)
            assert identifier == "com.example.DesktopApp" and development in localizations
            backend.bundle_free(bundle)
            # Failures: the status, and the thread's message read the same way on both.
            status, missing = backend.bundle_open(runtime, os.fsencode(tmp_path / "missing.lokale"), 0)
            assert (status, missing) == (_abi.ENOTFOUND, 0)
            message, name = _library.library().failure(status)
            assert "missing.lokale" in message and name == "LOKALE_ENOTFOUND"
            assert backend.remove_callback(runtime, 987654321) == _abi.ENOTFOUND
            backend.runtime_free(runtime)
        # A malformed preferred language is the runtime's diagnostic, not a failure; a bad device is refused.
        status, runtime = backend.runtime_new([b"-"], 0, 0, 99, None)
        assert status == _abi.STATUS["EINVAL"] and runtime == 0


@pytest.mark.skipif(not ACCELERATED, reason="the accelerator is not in use")
def test_the_accelerator_refuses_what_it_cannot_load_or_take(tmp_path: Path) -> None:
    from lokale import _library, _speedups

    _backend.BACKEND.attach(_library.library())  # as Runtime() does first
    with pytest.raises(OSError, match="nonexistent"):
        _speedups.load(os.fsencode(tmp_path / "nonexistent.so"))
    # The library it calls is loaded: another one (a compatible one or not) is refused, the same one
    # gives the same handle.
    with pytest.raises(OSError, match="already calls another liblokale"):
        _speedups.load(b"libm.so.6")
    assert _speedups.load(os.fsencode(_library.library().path)) == _library.library().handle
    with pytest.raises(TypeError):
        _speedups.load(str(tmp_path))  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        _speedups.runtime_new(["de"], 0, 0, 3, None)  # type: ignore[list-item]
    with pytest.raises(TypeError):
        _speedups.runtime_new((b"de",), 0, 0, 3, None)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        _speedups.bundle_open(0, "x.lokale", 0)  # type: ignore[arg-type]
    # NULL handles are the library's to refuse (LOKALE_EINVAL), as through ctypes.
    assert _speedups.bundle_open(0, b"x.lokale", 0)[0] == _abi.STATUS["EINVAL"]
    with pytest.raises(lokale.InvalidArgument):
        _speedups.bundle_facts(0)
