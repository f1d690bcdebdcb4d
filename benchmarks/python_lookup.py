#!/usr/bin/env python3
"""Python lookups: lokale's Bundle.string (C accelerator and ctypes) against the standard library's
gettext.GNUTranslations.gettext, and opening a 100k-message table against loading the 100k .mo.

    python3 benchmarks/python_lookup.py [--library PATH] [--cli PATH] [--keys 1000] [--big 100000]

Writes, in a temporary folder, the same messages as a String Catalog (compiled with the lokale
CLI) and as a GNU .mo file (written here with struct: the stdlib has no msgfmt module), then
measures each mode in its own process (LOKALE_PURE_PYTHON=1 forces ctypes). The accelerator
remembers plain lookups per bundle until the languages change ("no memo" bypasses that). Best of several
rounds of a loop over all keys; µs per call include the loop, identical for every contender.

Use a release library for meaningful figures: `make install` builds one in .build-static/ (the
default here when present); build/lib/liblokale.so is a debug build unless CONFIG=release.
"""

from __future__ import annotations

import argparse
import json
import os
import struct
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Dict, List

ROOT = Path(__file__).resolve().parent.parent


def default_library() -> Path:
    for candidate in sorted(ROOT.glob(".build-static/*/release/liblokale.so")):
        return candidate
    return ROOT / "build" / "lib" / "liblokale.so"


def default_cli() -> Path:
    for candidate in sorted(ROOT.glob(".build-static/*/release/lokale-cli")):
        return candidate
    return ROOT / "build" / "bin" / "lokale"


def messages(count: int) -> Dict[str, str]:
    """key -> German text; keys look like real ones, texts of a few words."""
    words = ["Fenster", "Datei", "Ordner", "bereit", "Arbeitsbereich", "Objekt", "öffnen", "schließen"]
    return {
        f"screen{i % 97}.control{i}.label": " ".join(words[(i + j) % len(words)] for j in range(2 + i % 5))
        for i in range(count)
    }


def write_mo(path: Path, catalog: Dict[str, str]) -> None:
    """A GNU .mo file (little endian, no hash table), with a UTF-8 header entry."""
    entries = {"": "Content-Type: text/plain; charset=UTF-8\n"}
    entries.update(catalog)
    keys = sorted(entries)  # gettext's format wants the originals sorted
    ids = [k.encode("utf-8") for k in keys]
    strs = [entries[k].encode("utf-8") for k in keys]
    n = len(keys)
    originals_offset = 7 * 4
    translations_offset = originals_offset + n * 8
    data_offset = translations_offset + n * 8
    table_o, table_t, blob = [], [], bytearray()
    for item in ids:
        table_o.append((len(item), data_offset + len(blob)))
        blob += item + b"\0"
    for item in strs:
        table_t.append((len(item), data_offset + len(blob)))
        blob += item + b"\0"
    with open(path, "wb") as f:
        f.write(struct.pack("<7I", 0x950412DE, 0, n, originals_offset, translations_offset, 0, data_offset))
        for length, offset in table_o:
            f.write(struct.pack("<2I", length, offset))
        for length, offset in table_t:
            f.write(struct.pack("<2I", length, offset))
        f.write(blob)


def write_catalog(folder: Path, catalog: Dict[str, str]) -> Path:
    """A bundle folder with Localizable.xcstrings (en = the key, de = the translation)."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "Info.plist").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0"><dict>'
        "<key>CFBundleIdentifier</key><string>com.example.Bench</string>"
        "<key>CFBundleDevelopmentRegion</key><string>en</string></dict></plist>\n",
        encoding="utf-8",
    )
    unit = lambda v: {"stringUnit": {"state": "translated", "value": v}}  # noqa: E731
    strings = {k: {"localizations": {"en": unit(k), "de": unit(v)}} for k, v in catalog.items()}
    (folder / "Localizable.xcstrings").write_text(
        json.dumps({"sourceLanguage": "en", "version": "1.0", "strings": strings}, ensure_ascii=False),
        encoding="utf-8",
    )
    return folder


def compile_bundle(cli: Path, source: Path, out: Path) -> Path:
    subprocess.run([str(cli), "compile", str(source), "-o", str(out)], check=True, capture_output=True)
    return out


# ------------------------------------------------------------------------------------------------
# Measurements, each in a child process (python_lookup.py --child MODE ...)
# ------------------------------------------------------------------------------------------------


def best_per_call(loop, calls: int, rounds: int = 7) -> float:
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        loop()
        best = min(best, time.perf_counter() - start)
    return best / calls * 1e6


def child(mode: str, work: Path, repeat: int) -> dict:
    keys: List[str] = json.loads((work / "keys.json").read_text(encoding="utf-8"))
    calls = len(keys) * repeat
    if mode == "gettext":
        import gettext

        with open(work / "small.mo", "rb") as f:
            translations = gettext.GNUTranslations(f)
        assert translations.gettext(keys[1]) != keys[1]
        lookup = translations.gettext
    else:
        sys.path.insert(0, str(ROOT / "bindings" / "python"))
        import lokale

        runtime = lokale.Runtime(["de"], settings_path="")
        bundle = runtime.open(work / "Small.lokale", main=True)
        assert bundle.string(keys[1]) != keys[1]
        assert lokale.accelerated() == (mode != "ctypes"), "the accelerator is not built"
        lookup = bundle.string

    def loop() -> None:
        for _ in range(repeat):
            for key in keys:
                lookup(key)

    if mode == "unmemoized":
        # A comment makes the lookup bypass the memo: every call goes to the C library and decodes.
        def loop() -> None:  # noqa: F811
            for _ in range(repeat):
                for key in keys:
                    lookup(key, None, None, "")

    result = {"us_per_call": best_per_call(loop, calls)}
    if mode == "gettext":
        import gettext
        import tracemalloc

        start = time.perf_counter()
        with open(work / "big.mo", "rb") as f:
            gettext.GNUTranslations(f)
        result["open_s"] = time.perf_counter() - start
        tracemalloc.start()
        with open(work / "big.mo", "rb") as f:
            big = gettext.GNUTranslations(f)
        result["open_bytes"] = tracemalloc.get_traced_memory()[0]
        del big
    elif mode == "accelerated":
        times = []
        for _ in range(20):
            start = time.perf_counter()
            bundle_big = runtime.open(work / "Big.lokale")
            times.append(time.perf_counter() - start)
            bundle_big.close()
        result["open_s"] = min(times)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--library", type=Path, default=None)
    parser.add_argument("--cli", type=Path, default=None)
    parser.add_argument("--keys", type=int, default=1000)
    parser.add_argument("--big", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--work", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(child(args.child, args.work, args.repeat)))
        return

    library = args.library or default_library()
    cli = args.cli or default_cli()
    with tempfile.TemporaryDirectory() as temp:
        work = Path(temp)
        small, big = messages(args.keys), messages(args.big)
        write_mo(work / "small.mo", small)
        write_mo(work / "big.mo", big)
        compile_bundle(cli, write_catalog(work / "Small", small), work / "Small.lokale")
        compile_bundle(cli, write_catalog(work / "Big", big), work / "Big.lokale")
        (work / "keys.json").write_text(json.dumps(list(small)), encoding="utf-8")

        results = {}
        for mode in ("gettext", "accelerated", "unmemoized", "ctypes"):
            env = dict(os.environ, LOKALE_LIBRARY=str(library))
            env.pop("LOKALE_PURE_PYTHON", None)
            if mode == "ctypes":
                env["LOKALE_PURE_PYTHON"] = "1"
            out = subprocess.run(
                [sys.executable, __file__, "--child", mode, "--work", str(work), "--repeat", str(args.repeat)],
                env=env, check=True, capture_output=True, text=True,
            ).stdout
            results[mode] = json.loads(out)

    g, a, u, c = (results[m] for m in ("gettext", "accelerated", "unmemoized", "ctypes"))
    print(f"library: {library}")
    print(f"Bundle.string vs GNUTranslations.gettext, {args.keys} keys (µs per call, best of 7):")
    print(f"  gettext.GNUTranslations.gettext  {g['us_per_call']:.3f}")
    print(f"  lokale, C accelerator            {a['us_per_call']:.3f}   ({a['us_per_call'] / g['us_per_call']:.2f}x gettext)")
    print(f"  lokale, C accelerator, no memo   {u['us_per_call']:.3f}   ({u['us_per_call'] / g['us_per_call']:.2f}x gettext;"
          " each call reaches liblokale, as a key's first lookup after a change does)")
    print(f"  lokale, ctypes                   {c['us_per_call']:.3f}   ({c['us_per_call'] / g['us_per_call']:.2f}x gettext,"
          f" {c['us_per_call'] / a['us_per_call']:.2f}x the accelerator)")
    print(f"Opening {args.big} messages:")
    print(f"  gettext loads the .mo            {g['open_s'] * 1e3:.1f} ms, {g['open_bytes'] / 1e6:.1f} MB of Python objects")
    print(f"  Runtime.open of the .lokale      {a['open_s'] * 1e6:.1f} µs   (gettext takes {g['open_s'] / a['open_s']:.0f}x as long)")


if __name__ == "__main__":
    main()
