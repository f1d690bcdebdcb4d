"""lokale.Message as a lazy string (Babel's LazyProxy, Django's gettext_lazy): rendered by str() in
the language current at that moment, in its bundle or the process's main bundle."""

from __future__ import annotations

import gc
import json
from pathlib import Path
from typing import Callable

import pytest

import lokale
from lokale import Message, _runtime

# Made before any runtime exists, as module constants are.
TITLE = Message("workspace.title", default="Workspace", comment="Main heading")
READY = Message("panel.ready", default="Panel ready", bundle="com.example.PanelKit")
ITEMS = Message("summary.item-count", default="%lld items").with_args(3)
NO_DEFAULT = Message("workspace.title")


@pytest.fixture(autouse=True)
def _no_main_bundle_left() -> None:
    """Main bundles of earlier tests are closed (their runtimes are), or collected."""
    gc.collect()


def test_renders_in_the_language_current_when_displayed(app_path: Path, panel_path: Path,
                                                        runtime_factory: Callable[..., lokale.Runtime]) -> None:
    runtime = runtime_factory(["de"])
    app = runtime.open(app_path, main=True)
    panel = runtime.open(panel_path)  # kept: a bundle no one refers to is closed when collected
    assert str(TITLE) == "Arbeitsbereich"
    assert str(READY) == "Panel bereit"
    assert str(ITEMS) == "3 Objekte"  # with its arguments, by Lokale's format
    runtime.set_language("fr")
    assert (str(TITLE), str(READY), str(ITEMS)) == ("Espace de travail", "Panneau prêt", "3 éléments")
    runtime.set_language("ja")
    assert str(TITLE) == "ワークスペース"
    runtime.set_language(None)
    # A message naming a Bundle object renders there.
    assert str(Message("workspace.title", bundle=app)) == "Arbeitsbereich"
    panel.close()
    assert str(READY) == "Panel ready"


def test_usable_as_a_string(app_path: Path, runtime_factory: Callable[..., lokale.Runtime]) -> None:
    runtime = runtime_factory(["de"])
    runtime.open(app_path, main=True)
    assert f"<{TITLE}>" == "<Arbeitsbereich>"
    assert f"[{TITLE:>16}]" == "[  Arbeitsbereich]"
    assert "{:.6}".format(TITLE) == "Arbeit"
    assert "%s!" % TITLE == "Arbeitsbereich!"
    assert TITLE + "!" == "Arbeitsbereich!" and "» " + TITLE == "» Arbeitsbereich"
    assert TITLE + TITLE == "ArbeitsbereichArbeitsbereich"
    assert len(TITLE) == len("Arbeitsbereich") and "bereich" in TITLE and TITLE
    # % renders, then applies Python's % (gettext's texts are formatted so).
    percent = Message("nothing.here", default="%(count)d of %(total)d")
    assert percent % {"count": 1, "total": 2} == "1 of 2"
    assert Message("nothing.here", default="%d%%") % 5 == "5%"
    # Comparisons with str by the rendered text; sorting by it too.
    assert TITLE == "Arbeitsbereich" and "Arbeitsbereich" == TITLE and TITLE != "Workspace"
    assert sorted([TITLE, "Aa", "Zz"], key=str) == ["Aa", "Arbeitsbereich", "Zz"]
    assert sorted(["Zz", TITLE, "Aa"]) == ["Aa", TITLE, "Zz"]  # type: ignore[type-var]
    assert TITLE < "Zz" and TITLE > "Aa" and TITLE <= "Arbeitsbereich" and TITLE >= "Arbeitsbereich"
    assert json.dumps({"title": str(TITLE)}, ensure_ascii=False) == '{"title": "Arbeitsbereich"}'
    assert (TITLE == 3) is False
    with pytest.raises(TypeError):
        TITLE + 3  # type: ignore[operator]
    with pytest.raises(TypeError):
        TITLE < 3  # type: ignore[operator]


def test_messages_stay_values(app_path: Path, runtime_factory: Callable[..., lokale.Runtime]) -> None:
    """Two messages are equal when they are the same message, whatever the language, and hash
    so: usable as dict keys across a language change (a str key needs str(message))."""
    runtime = runtime_factory(["de"])
    runtime.open(app_path, main=True)
    same = Message("workspace.title", default="Workspace", comment="Main heading")
    assert TITLE == same and hash(TITLE) == hash(same)
    assert TITLE != NO_DEFAULT  # another default: another message, though both show the same text
    labels = {TITLE: "heading"}
    runtime.set_language("fr")
    assert labels[same] == "heading"
    assert Message("a", bundle="x") == Message("a", bundle="y")  # the bundle is not compared
    assert repr(TITLE).startswith("Message(key='workspace.title'")


def test_without_an_open_bundle() -> None:
    """No main bundle (or no bundle with the identifier) open: the default value, else the key,
    unformatted, as gettext without a catalog gives the msgid."""
    if _runtime.main_bundle() is not None:
        pytest.skip("a main bundle of another test is still open")
    assert str(TITLE) == "Workspace"
    assert str(NO_DEFAULT) == "workspace.title"
    assert str(ITEMS) == "%lld items"
    assert str(Message("k", default="")) == "k"
    assert str(READY) == "Panel ready"


def test_which_main_bundle(app_path: Path, panel_path: Path, mixed_path: Path,
                           runtime_factory: Callable[..., lokale.Runtime]) -> None:
    """The main bundle most recently opened in the process that is still open; an identifier is
    looked for in its runtime first, then in the other runtimes."""
    german = runtime_factory(["de"])
    german_app = german.open(app_path, main=True)
    french = runtime_factory(["fr"])
    french_app = french.open(mixed_path, main=True)
    assert str(TITLE) == "Espace de travail"
    assert str(READY) == "Panel ready"  # PanelKit is open nowhere
    german_panel = german.open(panel_path)
    assert str(READY) == "Panel bereit"  # not in the main bundle's runtime: in another one
    french_panel = french.open(panel_path)
    assert str(READY) == "Panneau prêt"  # the main bundle's runtime first
    french_panel.close()
    assert str(READY) == "Panel bereit"
    german_panel.close()
    french_app.close()  # closed: the main bundle opened before
    assert str(TITLE) == "Arbeitsbereich"
    french_app = french.open(mixed_path, main=True)
    assert str(TITLE) == "Espace de travail"
    french.close()  # a bundle outlives its runtime, but is no longer its main bundle
    assert not french_app.closed and str(TITLE) == "Arbeitsbereich"
    german_app.close()
    assert str(TITLE) == "Workspace"


def test_closed_bundle_object(app_path: Path, runtime_factory: Callable[..., lokale.Runtime]) -> None:
    app = runtime_factory(["de"]).open(app_path)
    message = Message("workspace.title", bundle=app)
    assert str(message) == "Arbeitsbereich"
    app.close()
    with pytest.raises(lokale.ClosedError):
        str(message)
