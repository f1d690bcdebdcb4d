"""The seeds' window (bindings/c/window.c) from Python: every row of the decision table, for
the app bundle (DesktopApp) and the framework bundle (PanelKit) that follows it."""

from __future__ import annotations

from pathlib import Path
from typing import List, Optional, Tuple

import pytest

import lokale
from lokale import Step

T, LATER, DEV, DEFAULT, KEY = (
    Step.TRANSLATION,
    Step.LATER_PREFERENCE,
    Step.DEVELOPMENT,
    Step.DEFAULT,
    Step.KEY,
)

Row = Tuple[str, Step]

# (title, app file, preferences, probe, app list, panel list, [workspace, panel, summary, collection])
SCENARIOS: List[Tuple[str, str, List[str], int, List[str], List[str], List[Row]]] = [
    ("english", "DesktopApp.lokale", ["en-US"], 0, ["en"], ["en"],
     [("Workspace", T), ("Panel ready", T), ("2 items", T), ("Collection: Sample Set", T)]),
    ("german", "DesktopApp.lokale", ["de-DE"], 0, ["de", "en"], ["de", "en"],
     [("Arbeitsbereich", T), ("Panel bereit", T), ("2 Objekte", T), ("Sammlung: Sample Set", T)]),
    ("italian-then-french", "DesktopApp.lokale", ["it", "fr-CA"], 0, ["fr", "en"], ["fr", "en"],
     [("Espace de travail", LATER), ("Panneau prêt", LATER), ("2 éléments", LATER),
      ("Collection : Sample Set", LATER)]),
    ("italian-only", "DesktopApp.lokale", ["it"], 0, ["en"], ["en"],
     [("Workspace", DEV), ("Panel ready", DEV), ("2 items", DEV), ("Collection: Sample Set", DEV)]),
    ("japanese", "DesktopApp.lokale", ["ja-JP"], 0, ["ja", "en"], ["en"],
     [("ワークスペース", T), ("Panel ready", DEV), ("2 個の項目", T), ("コレクション: Sample Set", T)]),
    ("portuguese", "DesktopApp.lokale", ["pt-PT", "en"], 0, ["pt-PT", "en"], ["en"],
     [("Área de trabalho", T), ("Panel ready", LATER), ("2 items", DEFAULT),
      ("Collection: Sample Set", KEY)]),
    ("missing-with-default", "DesktopApp.lokale", ["de-DE"], 1, ["de", "en"], ["de", "en"],
     [("Arbeitsbereich", T), ("Panel ready", DEFAULT), ("0 Objekte", T), ("Sammlung: Sample Set", T)]),
    ("missing-without-default", "DesktopApp.lokale", ["de-DE"], 2, ["de", "en"], ["de", "en"],
     [("Arbeitsbereich", T), ("panel.ready.probe", KEY), ("0 Objekte", T), ("Sammlung: Sample Set", T)]),
    ("spanish", "DesktopApp.lokale", ["es-MX"], 0, ["en"], ["en"],
     [("Workspace", DEV), ("Panel ready", DEV), ("2 items", DEV), ("Collection: Sample Set", DEV)]),
    ("spanish-mixed", "DesktopAppMixed.lokale", ["es-MX"], 0, ["en"], ["es", "en"],
     [("Workspace", DEV), ("Panel listo", T), ("2 items", DEV), ("Collection: Sample Set", DEV)]),
]


@pytest.mark.parametrize(
    "title, app_file, prefs, probe, app_list, panel_list, rows",
    SCENARIOS,
    ids=[s[0] for s in SCENARIOS],
)
def test_window(examples: Path, title: str, app_file: str, prefs: List[str], probe: int,
                app_list: List[str], panel_list: List[str], rows: List[Row]) -> None:
    with lokale.Runtime(prefs, settings_path="") as runtime:
        with runtime.open(examples / app_file, main=True) as app, \
                runtime.open(examples / "PanelKit.lokale") as panel:
            assert runtime.preferred_languages == prefs
            assert app.preferred_localizations == app_list
            assert panel.preferred_localizations == panel_list

            panel_key = "panel.ready.probe" if probe else "panel.ready"
            panel_default: Optional[str] = None if probe == 2 else "Panel ready"
            count = 0 if probe else 2
            labels = [
                (app.format("workspace.title", default="Workspace"),
                 app.lookup("workspace.title", default="Workspace").step),
                (panel.format(panel_key, default=panel_default),
                 panel.lookup(panel_key, default=panel_default).step),
                (app.format("summary.item-count", count, default="%lld items"),
                 app.lookup("summary.item-count", default="%lld items").step),
                (app.format("Collection: %@", "Sample Set"), app.lookup("Collection: %@").step),
            ]
            assert labels == rows
            # The step also comes back from explain, spelled as in the JSON.
            explained = app.explain("workspace.title", default="Workspace")
            assert explained["step"] == {
                T: "translation", LATER: "later-preference", DEV: "development",
                DEFAULT: "default", KEY: "key",
            }[rows[0][1]]


def test_each_row_through_string_and_lookup(app_path: Path, panel_path: Path) -> None:
    """The five rows with Bundle.string / Bundle.lookup, on one runtime whose languages change."""
    with lokale.Runtime(["de"], settings_path="") as runtime:
        app = runtime.open(app_path, main=True)
        assert app.string("workspace.title") == "Arbeitsbereich"
        result = app.lookup("workspace.title")
        assert (result.text, result.step, str(result)) == ("Arbeitsbereich", Step.TRANSLATION, "Arbeitsbereich")
        runtime.preferred_languages = ["it", "fr"]
        assert app.lookup("workspace.title") == lokale.LookupResult("Espace de travail", Step.LATER_PREFERENCE)
        runtime.preferred_languages = ["it"]
        assert app.lookup("workspace.title") == lokale.LookupResult("Workspace", Step.DEVELOPMENT)
        assert app.lookup("no.such.key", default="Fallback text") == lokale.LookupResult("Fallback text", Step.DEFAULT)
        assert app.lookup("no.such.key") == lokale.LookupResult("no.such.key", Step.KEY)
        # An empty default is no default.
        assert app.lookup("no.such.key", default="") == lokale.LookupResult("no.such.key", Step.KEY)
        assert isinstance(app.lookup("x").step, Step)
        # The comment is for translators only: it changes nothing.
        assert app.string("workspace.title", comment="Heading") == "Workspace"
        app.close()


def test_verbatim_catalog_entry_is_shown_as_is(app_path: Path) -> None:
    # "Sample Set" is shouldTranslate: false: the same text in every language.
    for prefs in (["de"], ["ja"], ["fr"]):
        with lokale.Runtime(prefs, settings_path="") as runtime, runtime.open(app_path) as app:
            assert app.string("Sample Set") == "Sample Set"
