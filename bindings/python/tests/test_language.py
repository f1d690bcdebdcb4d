"""The in-app language: switching, callbacks (including one that raises), persistence across two
processes, preferred languages, diagnostics, display names."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import warnings
from pathlib import Path
from typing import Callable, Dict, List, Optional

import pytest

import lokale

from conftest import LIBRARY, PACKAGE_ROOT


def test_set_language_and_callbacks(app_path: Path, panel_path: Path, tmp_path: Path) -> None:
    settings = tmp_path / "app.language"
    with lokale.Runtime(["en-US"], settings_path=settings) as runtime:
        app = runtime.open(app_path, main=True)
        panel = runtime.open(panel_path)
        assert runtime.language is None
        seen: List[Optional[str]] = []
        texts: List[str] = []

        def on_change(rt: lokale.Runtime) -> None:
            assert rt is runtime
            seen.append(rt.language)
            # The framework already follows when the callback runs.
            texts.append(panel.string("panel.ready", default="Panel ready"))

        subscription = runtime.on_change(on_change)
        assert subscription.active and subscription.id != 0
        runtime.set_language("de")
        assert seen == ["de"] and texts == ["Panel bereit"]
        assert runtime.language == "de"
        assert app.string("workspace.title") == "Arbeitsbereich"
        assert settings.read_text() == "lokale-settings 1\nlanguage=de\n"

        # A malformed identifier changes nothing.
        for bad in ("en--US", "C.UTF-8@euro"):
            with pytest.raises(lokale.InvalidArgument) as info:
                runtime.set_language(bad)
            error: lokale.Error = info.value
            assert isinstance(error, ValueError)
            assert error.status_name == "LOKALE_EINVAL"
        assert seen == ["de"]
        assert app.string("workspace.title") == "Arbeitsbereich"

        # The property assigns too; None returns to the system preferences and forgets the file.
        runtime.language = "ja"
        assert app.string("workspace.title") == "ワークスペース"
        runtime.language = None
        assert seen == ["de", "ja", None]
        assert texts[-1] == "Panel ready"
        assert app.string("workspace.title") == "Workspace"
        assert not settings.exists()

        # Preferred-language changes notify too.
        runtime.preferred_languages = ["fr"]
        assert seen[-1] is None and texts[-1] == "Panneau prêt"
        assert len(seen) == 4

        assert subscription.remove() is True
        assert subscription.remove() is False
        assert not subscription.active
        runtime.set_language("de")
        assert len(seen) == 4

        # Context-managed subscriptions and removal by id.
        calls: List[str] = []
        with runtime.on_change(lambda rt: calls.append("a")):
            runtime.set_language("fr")
        runtime.set_language("ja")
        assert calls == ["a"]
        other = runtime.on_change(lambda rt: calls.append("b"))
        assert runtime.remove_callback(other.id) is True
        assert runtime.remove_callback(other) is False
        runtime.set_language(None)
        assert calls == ["a"]
        with pytest.raises(TypeError):
            runtime.on_change("not callable")  # type: ignore[arg-type]


def test_a_raising_callback_warns_and_others_still_run(app_path: Path,
                                                      runtime_factory: Callable[..., lokale.Runtime]) -> None:
    runtime = runtime_factory(["en"])
    app = runtime.open(app_path, main=True)
    after: List[str] = []

    def broken(rt: lokale.Runtime) -> None:
        raise RuntimeError("the UI is gone")

    runtime.on_change(broken)
    runtime.on_change(lambda rt: after.append(app.string("workspace.title")))
    with pytest.warns(lokale.CallbackWarning, match="the UI is gone"):
        runtime.set_language("de")
    assert runtime.language == "de"
    assert after == ["Arbeitsbereich"]

    # With warnings turned into errors, the failure is logged instead; still nothing propagates.
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        runtime.set_language("fr")
    assert after[-1] == "Espace de travail"


def test_keyboard_interrupt_in_a_callback_is_reraised_after_the_change(
        app_path: Path, runtime_factory: Callable[..., lokale.Runtime]) -> None:
    runtime = runtime_factory(["en"])
    app = runtime.open(app_path, main=True)

    def interrupt(rt: lokale.Runtime) -> None:
        raise KeyboardInterrupt

    subscription = runtime.on_change(interrupt)
    with pytest.raises(KeyboardInterrupt):
        runtime.set_language("de")
    # The change completed before the interrupt was re-raised.
    assert app.string("workspace.title") == "Arbeitsbereich"
    subscription.remove()
    runtime.set_language("fr")
    assert app.string("workspace.title") == "Espace de travail"


def test_a_callback_may_remove_itself(runtime_factory: Callable[..., lokale.Runtime]) -> None:
    runtime = runtime_factory(["en"])
    calls: List[Optional[str]] = []
    holder: Dict[str, lokale.Subscription] = {}

    def once(rt: lokale.Runtime) -> None:
        calls.append(rt.language)
        holder["subscription"].remove()

    holder["subscription"] = runtime.on_change(once)
    runtime.set_language("de")
    runtime.set_language("fr")
    assert calls == ["de"]


CHILD = textwrap.dedent(
    """
    import sys
    import lokale
    settings, app_path, action = sys.argv[1:4]
    with lokale.Runtime(["en-US"], settings_path=settings) as runtime:
        app = runtime.open(app_path, main=True)
        if action == "set":
            runtime.set_language(sys.argv[4])
        elif action == "reset":
            runtime.set_language(None)
        print(runtime.language or "-")
        print(app.string("workspace.title", default="Workspace"))
    """
)


def _child(*args: str) -> List[str]:
    env = dict(os.environ, LOKALE_LIBRARY=str(LIBRARY), PYTHONPATH=str(PACKAGE_ROOT))
    result = subprocess.run(
        [sys.executable, "-c", CHILD, *args], capture_output=True, text=True, env=env, check=False
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.splitlines()


def test_in_app_language_persists_across_processes(app_path: Path, tmp_path: Path) -> None:
    settings = str(tmp_path / "prefs" / "app.language")
    assert _child(settings, str(app_path), "show") == ["-", "Workspace"]
    assert _child(settings, str(app_path), "set", "de") == ["de", "Arbeitsbereich"]
    # A second process restores the choice when it opens the main bundle.
    assert _child(settings, str(app_path), "show") == ["de", "Arbeitsbereich"]
    # And this process too, with the same settings file.
    with lokale.Runtime(["en-US"], settings_path=settings) as runtime:
        app = runtime.open(app_path, main=True)
        assert runtime.language == "de"
        assert app.string("workspace.title") == "Arbeitsbereich"
        runtime.set_language("ja")
    assert _child(settings, str(app_path), "show") == ["ja", "ワークスペース"]
    assert _child(settings, str(app_path), "reset") == ["-", "Workspace"]
    assert _child(settings, str(app_path), "show") == ["-", "Workspace"]


def test_default_settings_location_is_under_xdg_config_home(app_path: Path, tmp_path: Path) -> None:
    # conftest points XDG_CONFIG_HOME into tmp_path.
    with lokale.Runtime(["en"]) as runtime:
        assert runtime.settings_path is None
        # Not kept in a variable: the runtime holds its main bundle open.
        runtime.open(app_path, main=True)
        assert runtime.main_bundle is not None
        runtime.set_language("fr")
    stored = tmp_path / "xdg-config" / "lokale" / "com.example.DesktopApp.language"
    assert stored.read_text() == "lokale-settings 1\nlanguage=fr\n"
    with lokale.Runtime(["en"]) as runtime:
        app = runtime.open(app_path, main=True)
        assert app.string("workspace.title") == "Espace de travail"


def test_unwritable_settings_raise_file_error_but_apply(app_path: Path) -> None:
    with lokale.Runtime(["en"], settings_path="/proc/lokale-cannot-write-here/app.language") as runtime:
        app = runtime.open(app_path, main=True)
        with pytest.raises(lokale.FileError) as info:
            runtime.set_language("ja")
        assert isinstance(info.value, OSError)
        assert "/proc/lokale-cannot-write-here" in str(info.value)
        assert app.string("workspace.title") == "ワークスペース"


def test_corrupt_settings_file_is_diagnosed(app_path: Path, tmp_path: Path) -> None:
    settings = tmp_path / "app.language"
    settings.write_bytes(b"garbage\n\x01\x02")
    with lokale.Runtime(["en"], settings_path=settings) as runtime:
        app = runtime.open(app_path, main=True)
        assert app.string("workspace.title") == "Workspace"
        assert any("app.language" in line for line in runtime.diagnostics)
    assert settings.read_bytes().startswith(b"garbage")


def test_preferred_languages(app_path: Path, runtime_factory: Callable[..., lokale.Runtime],
                             monkeypatch: pytest.MonkeyPatch) -> None:
    runtime = runtime_factory(["", "-", "en--US", "été", "C.UTF-8@euro", "de"])
    app = runtime.open(app_path, main=True)
    assert app.string("workspace.title") == "Arbeitsbereich"
    assert any("en--US" in line for line in runtime.diagnostics)
    assert isinstance(runtime.diagnostics, list)

    runtime.preferred_languages = ("ja", "en")
    assert runtime.preferred_languages == ["ja", "en"]
    assert app.preferred_localizations == ["ja", "en"]
    runtime.preferred_languages = "fr-CA, en"  # a str is a comma-separated list
    assert runtime.preferred_languages == ["fr-CA", "en"]
    assert app.string("workspace.title") == "Espace de travail"
    runtime.preferred_languages = []
    assert runtime.preferred_languages == []
    assert app.preferred_localizations == ["en"]

    # None reads the environment, now and at creation.
    monkeypatch.setenv("LANGUAGE", "de_DE:fr")
    runtime.preferred_languages = None
    assert app.string("workspace.title") == "Arbeitsbereich"
    monkeypatch.setenv("LANGUAGE", "pt_PT.UTF-8")
    with lokale.Runtime(settings_path="") as from_env:
        assert from_env.open(app_path).string("workspace.title") == "Área de trabalho"
        assert from_env.preferred_languages and from_env.preferred_languages[0].startswith("pt")


def test_display_names() -> None:
    assert lokale.display_name("de") == "Deutsch"
    assert lokale.display_name("de", "fr") == "allemand"
    assert lokale.display_name("ja", "en") == "Japanese"
    assert lokale.display_name("fr", in_language="de") == "Französisch"
    with pytest.raises(lokale.InvalidArgument):
        lokale.display_name("en--x")
    with pytest.raises(TypeError):
        lokale.display_name(None)  # type: ignore[arg-type]


def test_language_picker(app_path: Path, runtime_factory: Callable[..., lokale.Runtime]) -> None:
    """What a picker shows: the main bundle's localizations in their own language and in the current one."""
    runtime = runtime_factory(["en"])
    app = runtime.open(app_path, main=True)
    picker = {code: (lokale.display_name(code), lokale.display_name(code, "en")) for code in app.localizations}
    assert picker["de"] == ("Deutsch", "German")
    assert picker["ja"] == ("日本語", "Japanese")
    assert picker["fr"][1] == "French"


def test_settings_path_shows_the_default_location_once_known(app_path: Path, panel_path: Path,
                                                             tmp_path: Path) -> None:
    """settings_path read None whatever happened with the default location: it shows the
    file once the main bundle's identifier decides it, and None again without a main bundle."""
    stored = tmp_path / "xdg-config" / "lokale" / "com.example.DesktopApp.language"
    with lokale.Runtime(["en"]) as runtime:
        assert runtime.settings_path is None  # no main bundle yet
        runtime.open(panel_path)  # not the main bundle: decides nothing
        assert runtime.settings_path is None
        app = runtime.open(app_path, main=True)
        assert runtime.settings_path == str(stored)
        runtime.set_language("fr")
        assert stored.is_file()
        app.close()
        assert runtime.settings_path is None
    assert runtime.settings_path is None  # closed: the path given at creation
    # A path given, or "" (not persisted), reads as given, main bundle or not.
    given = str(tmp_path / "given.language")
    with lokale.Runtime(["en"], settings_path=given) as runtime:
        assert runtime.settings_path == given
        runtime.open(app_path, main=True)
        assert runtime.settings_path == given
    with lokale.Runtime(["en"], settings_path="") as runtime:
        runtime.open(app_path, main=True)
        assert runtime.settings_path == ""
