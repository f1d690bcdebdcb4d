"""Bundle facts, main and framework bundles, mixed localizations, explain, deferred messages."""

from __future__ import annotations

from pathlib import Path
from typing import Callable

import pytest

import lokale
from lokale import Message, Step


def test_bundle_facts(app_path: Path, panel_path: Path, runtime_factory: Callable[..., lokale.Runtime]) -> None:
    runtime = runtime_factory(["fr-CA", "en"])
    app = runtime.open(app_path, main=True, verify=True)
    panel = runtime.open(str(panel_path))
    assert app.identifier == "com.example.DesktopApp"
    assert panel.identifier == "com.example.PanelKit"
    assert app.development_localization == "en"
    assert panel.development_localization == "en"
    assert app.localizations == ("de", "en", "fr", "ja", "pt-PT")
    assert set(panel.localizations) == {"de", "en", "es", "fr"}
    assert app.preferred_localizations == ["fr", "en"]
    assert panel.preferred_localizations == ["fr", "en"]
    assert app.is_main and not panel.is_main
    assert app.path == str(app_path) and app.runtime is runtime
    assert runtime.main_bundle is app
    assert "com.example.DesktopApp" in repr(app)
    assert runtime.strategy is lokale.Strategy.APPLE


def test_icu_strategy(app_path: Path, runtime_factory: Callable[..., lokale.Runtime]) -> None:
    runtime = runtime_factory(["fr-CA", "en"], strategy="icu")
    assert runtime.strategy is lokale.Strategy.ICU
    assert runtime.open(app_path).preferred_localizations == ["fr", "en"]
    with pytest.raises(lokale.InvalidArgument):
        lokale.Runtime(["en"], strategy="random", settings_path="")
    with pytest.raises(lokale.InvalidArgument):
        lokale.Runtime(["en"], fallback=7, settings_path="")
    with pytest.raises(TypeError):
        lokale.Runtime(["en"], device=True, settings_path="")


def test_framework_follows_the_main_bundle(app_path: Path, mixed_path: Path, panel_path: Path,
                                           runtime_factory: Callable[..., lokale.Runtime]) -> None:
    runtime = runtime_factory(["es"])
    app = runtime.open(app_path, main=True)
    with pytest.raises(lokale.StateError) as info:
        runtime.open(app_path, main=True)
    assert info.value.status == -10 and info.value.status_name == "LOKALE_ESTATE"
    assert isinstance(info.value, RuntimeError)
    panel = runtime.open(panel_path)
    # The app has no Spanish, so the framework follows it into English.
    assert panel.string("panel.ready", default="Panel ready") == "Panel ready"
    assert panel.preferred_localizations == ["en"]
    explained = panel.explain("panel.ready", default="Panel ready")
    assert explained["followsMainBundle"] is True
    runtime.preferred_languages = ["de"]
    assert panel.string("panel.ready") == "Panel bereit"
    assert app.string("workspace.title") == "Arbeitsbereich"
    panel.close()
    app.close()
    assert runtime.main_bundle is None

    # Closing the main bundle frees the slot; a main bundle with mixed localizations lets the
    # framework pick its own Spanish.
    runtime.preferred_languages = ["es"]
    mixed = runtime.open(mixed_path, main=True)
    panel = runtime.open(panel_path)
    assert panel.string("panel.ready") == "Panel listo"
    assert panel.lookup("panel.ready").step is Step.TRANSLATION
    assert mixed.lookup("workspace.title") == lokale.LookupResult("Workspace", Step.DEVELOPMENT)
    # The runtime may be closed first: its bundles keep working.
    runtime.close()
    assert panel.string("panel.ready") == "Panel listo"
    assert panel.preferred_localizations == ["es", "en"]


def test_framework_without_main_bundle_selects_on_its_own(panel_path: Path,
                                                          runtime_factory: Callable[..., lokale.Runtime]) -> None:
    panel = runtime_factory(["es"]).open(panel_path)
    assert panel.string("panel.ready") == "Panel listo"


def test_explain_contents(app_path: Path, runtime_factory: Callable[..., lokale.Runtime]) -> None:
    runtime = runtime_factory(["it", "fr"])
    app = runtime.open(app_path, main=True)
    explained = app.explain("summary.item-count", 3, default="%lld items")
    assert explained["bundle"] == "com.example.DesktopApp"
    assert explained["main"] is True
    assert explained["table"] == "Localizable"
    assert explained["key"] == "summary.item-count"
    assert explained["default"] == "%lld items"
    assert explained["policy"] == "apple"
    assert explained["userLanguages"] == ["it", "fr"]
    assert explained["inAppLanguage"] is None
    assert [entry["localization"] for entry in explained["localizations"]] == ["fr", "en"]
    assert explained["localizations"][0]["reason"] == "matched"
    assert explained["localizations"][1]["reason"] == "development"
    assert explained["tableLocalization"] == "fr"
    assert explained["served"] == "fr"
    assert explained["step"] == "later-preference"
    assert explained["result"] == "3 éléments"
    assert explained["problems"] == []

    missing = app.explain("no.such", default="Nothing")
    assert (missing["step"], missing["result"]) == ("default", "Nothing")
    keyed = app.explain("no.such")
    assert (keyed["step"], keyed["result"], keyed["default"]) == ("key", "no.such", None)

    runtime.set_language("ja")
    explained = app.explain("workspace.title", table="Localizable")
    assert explained["inAppLanguage"] == "ja"
    assert (explained["served"], explained["result"]) == ("ja", "ワークスペース")

    # A specifier that did not get its argument is a problem the explanation reports.
    runtime.set_language("de")
    short = app.explain("Collection: %@")
    assert short["result"] == "Sammlung: %@"
    assert short["problems"], short


def test_deferred_messages(app_path: Path, panel_path: Path, runtime_factory: Callable[..., lokale.Runtime]) -> None:
    runtime = runtime_factory(["de"])
    title = Message("workspace.title", default="Workspace", comment="Heading for the main workspace.")
    ready = Message("panel.ready", default="Panel ready", bundle="com.example.PanelKit")
    count = Message("summary.item-count", default="%lld items").with_args(1)
    assert count.args == (1,)
    assert Message("k", args=[1, "x"]).args == (1, "x")  # type: ignore[arg-type]
    with pytest.raises(lokale.StateError):
        runtime.resolve(title)  # no main bundle yet
    app = runtime.open(app_path, main=True)
    with pytest.raises(lokale.StateError):
        runtime.resolve(ready)  # PanelKit not open yet
    panel = runtime.open(panel_path)
    assert runtime.resolve(title) == "Arbeitsbereich"
    assert runtime.resolve(ready) == "Panel bereit"
    assert runtime.resolve(count) == "1 Objekt"
    assert count.resolve(app) == "1 Objekt"
    assert app.resolve(title) == "Arbeitsbereich"
    assert runtime.resolve(Message("panel.ready", bundle=panel)) == "Panel bereit"
    # Resolved at display time: the same value follows a language change.
    runtime.set_language("fr")
    assert runtime.resolve(title) == "Espace de travail"
    assert runtime.resolve(count.with_args(2)) == "2 éléments"
    assert runtime.resolve(Message("no.such", default="Fallback")) == "Fallback"
    # The caller error of the decision table: a framework message in the app bundle.
    assert app.resolve(Message("panel.ready")) == "panel.ready"
    assert app.explain("panel.ready")["step"] == "key"
    # Messages are values.
    assert Message("a", default="b") == Message("a", default="b")
    assert hash(Message("a", args=(1, "x"))) == hash(Message("a", args=(1, "x")))
    with pytest.raises(TypeError):
        Message("k", args=(True,))
    with pytest.raises(TypeError):
        Message(3)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        app.resolve("workspace.title")  # type: ignore[arg-type]


def test_format_problems(app_path: Path, runtime_factory: Callable[..., lokale.Runtime]) -> None:
    runtime = runtime_factory(["en"])
    app = runtime.open(app_path, main=True)
    # Text always comes out; the missing argument is reported to a caller who asks.
    assert app.format("Collection: %@") == "Collection: %@"
    problems = app.format_problems("Collection: %@")
    assert len(problems) == 1 and "argument" in problems[0]
    assert app.format_problems("Collection: %@", "Inbox") == []
