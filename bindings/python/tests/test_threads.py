"""Lookups on many threads while another thread switches languages (no Python-side lock)."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import List

import lokale

ALLOWED_TITLES = {"Workspace", "Arbeitsbereich", "Espace de travail", "ワークスペース"}
ALLOWED_PANEL = {"Panel ready", "Panel bereit", "Panneau prêt"}
ALLOWED_COUNTS = {"3 items", "3 Objekte", "3 éléments", "3 個の項目"}


def test_lookups_while_switching_languages(app_path: Path, panel_path: Path) -> None:
    runtime = lokale.Runtime(["en"], settings_path="")
    app = runtime.open(app_path, main=True)
    panel = runtime.open(panel_path)
    stop = threading.Event()
    problems: List[str] = []
    counts = [0] * 6
    seen_titles: set = set()
    notified = [0]
    runtime.on_change(lambda rt: notified.__setitem__(0, notified[0] + 1))

    def reader(index: int) -> None:
        try:
            while not stop.is_set():
                title = app.string("workspace.title")
                if title not in ALLOWED_TITLES:
                    problems.append(f"title {title!r}")
                seen_titles.add(title)
                ready = panel.string("panel.ready")
                if ready not in ALLOWED_PANEL:
                    problems.append(f"panel {ready!r}")
                text = app.format("summary.item-count", 3)
                if text not in ALLOWED_COUNTS:
                    problems.append(f"count {text!r}")
                step = app.lookup("workspace.title").step
                if step not in (lokale.Step.TRANSLATION, lokale.Step.LATER_PREFERENCE):
                    problems.append(f"step {step!r}")
                counts[index] += 1
        except Exception as exc:  # pragma: no cover - reported below
            problems.append(repr(exc))

    threads = [threading.Thread(target=reader, args=(i,)) for i in range(6)]
    for thread in threads:
        thread.start()
    languages = ["de", "fr", "ja", None]
    switches = 0
    # Switch at least 400 times, and until every reader has done 200 rounds meanwhile and the
    # readers have seen two languages (the GIL may hand them their turns between the same pair
    # of switches for a while on a loaded machine).
    i = 0
    while (i < 400 or min(counts) < 200 or len(seen_titles) < 2) and not problems:
        runtime.set_language(languages[i % 4])
        runtime.preferred_languages = ["en"] if i % 2 else ["fr", "en"]
        switches += 2
        i += 1
        assert i < 1_000_000, counts
    stop.set()
    for thread in threads:
        thread.join(timeout=120)
        assert not thread.is_alive()
    runtime.close()
    assert problems == []
    assert all(count >= 200 for count in counts)
    assert notified[0] == switches
    assert len(seen_titles) >= 2, seen_titles
    # Bundles outlive the runtime.
    assert app.string("workspace.title") in ALLOWED_TITLES
    app.close()
    panel.close()


def test_callbacks_run_on_the_thread_that_changed(app_path: Path) -> None:
    with lokale.Runtime(["en"], settings_path="") as runtime:
        app = runtime.open(app_path, main=True)
        threads: List[str] = []
        runtime.on_change(lambda rt: threads.append(threading.current_thread().name))

        def change() -> None:
            runtime.set_language("de")

        worker = threading.Thread(target=change, name="switcher")
        worker.start()
        worker.join()
        assert threads == ["switcher"]
        assert app.string("workspace.title") == "Arbeitsbereich"
