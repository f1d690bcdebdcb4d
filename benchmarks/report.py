#!/usr/bin/env python3
"""Turns the drivers' JSON lines into results/MODE.json (MODE: full or quick), MODE.md (ratios,
targets) and MODE.png (ns per lookup against N, log scales, one line per engine).

usage: report.py RAW.jsonl --mode quick|full --data DATADIR --lokale-cli CLI --lokale-lib SO
                 --speedups 0|1 --out PREFIX
       report.py --rerender results/full.json --out PREFIX
                 (PREFIX.md again from a JSON written before, its machine and results as they
                 are: to check a change of this script against the committed tables; no chart)
"""
import argparse
import ctypes
import datetime
import json
import os
import platform
import re
import subprocess
import sys

C_ENGINES = ["lokale", "gettext", "icu-ures", "hash-baseline"]
PY_ENGINES = ["python-gettext", "lokale-python", "lokale-python-ctypes"]
SWIFT_ENGINE = "lokale-swift"  # LokaleBundle.string from Swift (benchmarks/swift)
LOOKUP_CASES = ["plain-hit-uniform", "plain-hit-zipf", "plain-miss"]


def sh(cmd):
    try:
        return subprocess.run(cmd, shell=True, capture_output=True, text=True, timeout=60).stdout.strip()
    except Exception:  # noqa: BLE001 - machine info is best effort
        return ""


def machine(args, results):
    cpu = ""
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    mem_kb = 0
    with open("/proc/meminfo") as f:
        for line in f:
            if line.startswith("MemTotal"):
                mem_kb = int(line.split()[1])
    versions = {r["engine"]: r.get("version") for r in results if r.get("case") == "memory"}
    try:
        lib = ctypes.CDLL(args.lokale_lib)
        lib.lokale_version.restype = ctypes.c_char_p
        lokale_version = lib.lokale_version().decode()
    except OSError:
        lokale_version = ""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    commit = sh(f"git -C {root} rev-parse HEAD")
    dirty = bool(sh(f"git -C {root} status --porcelain --untracked-files=no"))
    return {
        "cpu_model": cpu or platform.processor(),
        "cores": os.cpu_count(),
        "memory_gib": round(mem_kb / 1024 / 1024, 1),
        "kernel": platform.release(),
        "os": sh(". /etc/os-release && echo $PRETTY_NAME"),
        "icu": versions.get("icu-ures") or sh("pkg-config --modversion icu-uc"),
        "glibc": versions.get("gettext") or platform.libc_ver()[1],
        "python": platform.python_version(),
        "cc": sh("cc --version | head -n1"),
        "swift": sh("swift --version 2>&1 | head -n1"),
        "lokale": lokale_version,
        "lokale_python_accelerator": bool(args.speedups),
        "git_commit": commit,
        "git_dirty": dirty,
        "mode": args.mode,
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "loadavg_at_start": os.environ.get("BENCH_LOADAVG_START", "").split()[:3],
        "loadavg_at_report": open("/proc/loadavg").read().split()[:3],
    }


def file_sizes(data, ns):
    out = []
    files = {"lokale": "bench.lokale", "gettext": "mo/ru/LC_MESSAGES/bench.mo",
             "icu-ures": "res/ru.res", "hash-baseline": "bench.hash",
             "xcstrings-source": "Localizable.xcstrings"}
    for n in ns:
        for engine, name in files.items():
            p = os.path.join(data, str(n), name)
            if os.path.exists(p):
                out.append({"engine": engine, "case": "file-size", "n": n, "bytes": os.path.getsize(p)})
    return out


def fmt_ns(v):
    if v is None:
        return "—"
    if v >= 1e6:
        return f"{v / 1e6:.2f} ms"
    if v >= 1e4:
        return f"{v / 1e3:.1f} µs"
    if v >= 1e3:
        return f"{v / 1e3:.2f} µs"
    return f"{v:.1f} ns" if v < 100 else f"{v:.0f} ns"


def fmt_x(v):
    return "—" if v is None else f"{v:.2f}×"


def fmt_n(n):
    return {1000: "1k", 100000: "100k", 1000000: "1M"}.get(n, str(n))


def fmt_kb(v):
    if v is None:
        return "—"
    return f"{v / 1024:.1f} MB" if abs(v) >= 1024 else f"{v} KB"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("raw")
    ap.add_argument("--rerender", action="store_true")
    ap.add_argument("--mode", default="full")
    ap.add_argument("--data")
    ap.add_argument("--lokale-cli", default="")
    ap.add_argument("--lokale-lib", default="")
    ap.add_argument("--speedups", type=int, default=0)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    if args.rerender:
        with open(args.raw) as f:
            doc = json.load(f)
        mach, results = doc["machine"], doc["results"]
        args.mode, args.speedups = mach["mode"], int(mach["lokale_python_accelerator"])
        ns = sorted({r["n"] for r in results if r.get("case") != "call"})
    else:
        if not args.data:
            ap.error("--data is required")
        with open(args.raw) as f:
            results = [json.loads(line) for line in f if line.strip()]
        ns = sorted({r["n"] for r in results if r.get("case") != "call"})
        results += file_sizes(args.data, ns)
        mach = machine(args, results)
        with open(args.out + ".json", "w") as f:
            json.dump({"machine": mach, "results": results}, f, indent=1, ensure_ascii=False)
            f.write("\n")

    def get(engine, case, n, key="p50"):
        for r in results:
            if r["engine"] == engine and r["case"] == case and (n is None or r["n"] == n):
                return r["ns_per_op"][key] if "ns_per_op" in r else r
        return None

    def rec(engine, case, n):
        for r in results:
            if r["engine"] == engine and r["case"] == case and r["n"] == n:
                return r
        return None

    def ratio(a, b):
        return a / b if a and b else None

    md = []
    w = md.append
    w(f"# Lokale benchmarks ({args.mode} run)\n")
    w(f"{mach['cpu_model']}, {mach['cores']} cores, {mach['memory_gib']} GiB, Linux {mach['kernel']}; "
      f"ICU {mach['icu']}, glibc {mach['glibc']}, Python {mach['python']}; lokale {mach['lokale']} "
      f"at {mach['git_commit'][:12]}{' (+ uncommitted changes)' if mach['git_dirty'] else ''}; {mach['date']}; "
      f"load average {' '.join(mach['loadavg_at_start'])} at the start, {' '.join(mach['loadavg_at_report'])} at the end.\n")
    w("Medians (p50) of the per-batch ns/op (batches of 1000 operations, all repetitions pooled); "
      "warm: every engine has looked up every key once (1M lookups) before timing. "
      "Ratios: the anchor's time divided by lokale's (above 1: lokale is faster); against the "
      "bare hash: lokale's time divided by the hash's (the target is at most 1.5). "
      f"Full percentiles are in {args.mode}.json. Shared 2-core VM: expect ±10-20% between runs.\n")

    # lookups
    w("## Lookups (C, ns per lookup, p50)\n")
    w("| case | N | lokale | gettext | icu-ures | hash-baseline | gettext ÷ lokale | icu ÷ lokale | lokale ÷ hash |")
    w("|---|---|---|---|---|---|---|---|---|")
    for case in LOOKUP_CASES:
        for n in ns:
            lk, gt, icu, hb = (get(e, case, n) for e in C_ENGINES)
            w(f"| {case} | {fmt_n(n)} | {fmt_ns(lk)} | {fmt_ns(gt)} | {fmt_ns(icu)} | {fmt_ns(hb)} | "
              f"{fmt_x(ratio(gt, lk))} | {fmt_x(ratio(icu, lk))} | {fmt_x(ratio(lk, hb))} |")
    w("")
    def side_ns(case, n, engine):
        """c-side-by-side: the engine's ns per op (p50) in the one-process run."""
        r = rec("c-side-by-side", case, n)
        return r["ns_per_op"].get(engine, {}).get("p50") if r else None

    def side_ratio(case, n, engine):
        """c-side-by-side: the median of the per-batch ratios engine ÷ lokale."""
        r = rec("c-side-by-side", case, n)
        return r["ratio_to_lokale"].get(engine, {}).get("p50") if r else None

    def inverse(v):
        return 1 / v if v else None

    if any(r["engine"] == "c-side-by-side" for r in results):
        w("Side by side in one process (`bench_side`, benchmarks/src/side.c): lokale, the bare hash and gettext "
          "over the same batches of keys, taking turns batch for batch (the order rotating), so that the "
          "machine's changes of speed fall on all alike; the rows above run each engine in its own process, "
          "one after the other, and a process on this VM can run 1.5× slower than the next for minutes. "
          "Ratios: the median of the per-batch ratios.\n")
        w("| case | N | lokale | hash-baseline | gettext | lokale ÷ hash | gettext ÷ lokale |")
        w("|---|---|---|---|---|---|---|")
        for case in LOOKUP_CASES + ["plural-format"]:
            for n in ns:
                lk, hb, gt = (side_ns(case, n, e) for e in ("lokale", "hash-baseline", "gettext"))
                w(f"| {case} | {fmt_n(n)} | {fmt_ns(lk)} | {fmt_ns(hb)} | {fmt_ns(gt)} | "
                  f"{fmt_x(inverse(side_ratio(case, n, 'hash-baseline')))} | {fmt_x(side_ratio(case, n, 'gettext'))} |")
        w("")
    if any(r["engine"] == "c-side-by-side" and r["case"].startswith("gettext-") for r in results):
        w("gettext's contract on a gettext catalog, side by side in the same process: the `.mo` glibc reads, "
          "compiled by `lokale compile` (its `Plural-Forms` rule chooses the form). `ngettext`: "
          "`lokale_bundle_lookup_variant` (the form, unformatted, copied out) beside `dngettext` + `snprintf` "
          "and `dngettext` alone; `plural format`: `lokale_bundle_format` beside `dngettext` + `snprintf`. The "
          "answers of both are checked equal to glibc's for n = 0…999 before timing.\n")
        w("| case | N | lokale | dngettext + snprintf | dngettext | (dngettext + snprintf) ÷ lokale | dngettext ÷ lokale |")
        w("|---|---|---|---|---|---|---|")
        for case, label in (("gettext-ngettext", "ngettext"), ("gettext-plural-format", "plural format")):
            for n in ns:
                lk, gt, gd = (side_ns(case, n, e) for e in ("lokale", "gettext", "gettext-dngettext"))
                w(f"| {label} | {fmt_n(n)} | {fmt_ns(lk)} | {fmt_ns(gt)} | {fmt_ns(gd)} | "
                  f"{fmt_x(side_ratio(case, n, 'gettext'))} | {fmt_x(side_ratio(case, n, 'gettext-dngettext'))} |")
        w("")
    has_swift = any(r["engine"] == SWIFT_ENGINE for r in results)
    pct_engines = C_ENGINES + ([SWIFT_ENGINE] if has_swift else [])
    w("p90 / p99 of plain-hit-uniform:\n")
    w("| N | " + " | ".join(pct_engines) + " |")
    w("|---|" + "---|" * len(pct_engines))
    for n in ns:
        w(f"| {fmt_n(n)} | " + " | ".join(
            f"{fmt_ns(get(e, 'plain-hit-uniform', n, 'p90'))} / {fmt_ns(get(e, 'plain-hit-uniform', n, 'p99'))}"
            for e in pct_engines) + " |")
    w("")

    # Swift
    w("## Lookups from Swift (`LokaleBundle.string`, ns per call, p50)\n")
    if has_swift:
        w("`lokale-swift`: `bundle.string(Message(key))` from Swift (benchmarks/swift, the `Lokale` product "
          "built with `swift build -c release`), the key Strings made once before timing; a `Message` and the "
          "returned `String` per call. Beside it the C engines of the same run. Ratios: gettext's time "
          "divided by lokale-swift's (above 1: the Swift call is faster); lokale-swift's divided by the C "
          "ABI's (what the Swift API adds) and by the bare hash's.\n")
        w("| case | N | lokale-swift | lokale (C ABI) | gettext | hash-baseline | gettext ÷ lokale-swift | lokale-swift ÷ lokale | lokale-swift ÷ hash |")
        w("|---|---|---|---|---|---|---|---|---|")
        for case in LOOKUP_CASES + ["plural-format"]:
            for n in ns:
                sw, lk, gt, hb = (get(e, case, n) for e in (SWIFT_ENGINE, "lokale", "gettext", "hash-baseline"))
                w(f"| {case} | {fmt_n(n)} | {fmt_ns(sw)} | {fmt_ns(lk)} | {fmt_ns(gt)} | {fmt_ns(hb)} | "
                  f"{fmt_x(ratio(gt, sw))} | {fmt_x(ratio(sw, lk))} | {fmt_x(ratio(sw, hb))} |")
        w("")
        w("plural-format from Swift: `bundle.string(Message(\"files.count\", defaultValue: \"\\(n) files\"))` "
          "with an `Int` (the text checked against the same Russian strings).\n")
    else:
        w("Not measured in this run (engine `swift` not in ENGINES, or its build failed).\n")

    # plural
    w("## plural-format (Russian plural message, one integer argument; ns per call, p50)\n")
    w("lokale: `lokale_bundle_format`; gettext: `dngettext` + `snprintf`; icu-ures: `ures_getByKey` + "
      "`uplrules_select` + `ures_getStringByKey` + `u_strToUTF8` + `snprintf`.\n")
    w("| N | lokale | gettext | icu-ures | gettext ÷ lokale | icu ÷ lokale |")
    w("|---|---|---|---|---|---|")
    for n in ns:
        lk, gt, icu = (get(e, "plural-format", n) for e in ("lokale", "gettext", "icu-ures"))
        w(f"| {fmt_n(n)} | {fmt_ns(lk)} | {fmt_ns(gt)} | {fmt_ns(icu)} | {fmt_x(ratio(gt, lk))} | {fmt_x(ratio(icu, lk))} |")
    w("")

    # open
    w("## open + first lookup (p50 of repeated opens of distinct names for the same file; warm page cache)\n")
    w("`first` is the first open in a fresh process (library initialisation included).\n")
    open_engines = C_ENGINES + ["python-gettext", "lokale-python"] + ([SWIFT_ENGINE] if has_swift else [])
    w("| N | " + " | ".join(open_engines) + " |")
    w("|---|" + "---|" * len(open_engines))
    for n in ns:
        cells = []
        for e in open_engines:
            r = rec(e, "open", n) or rec(e + "-ctypes", "open", n)
            cells.append("—" if r is None else f"{fmt_ns(r['ns_per_op']['p50'])} (first {fmt_ns(r.get('first_open_ns'))})")
        w(f"| {fmt_n(n)} | " + " | ".join(cells) + " |")
    w("")

    # memory
    w("## Memory (RSS from /proc/self/statm; anon = resident − file-backed)\n")
    w("`open`: RSS added by init + open + first lookup; `lookups`: RSS added by 1M lookups touching "
      "every key (anon: heap; file: mapped pages of the catalog).\n")
    w("| N | engine | open: rss (anon) | lookups: anon | lookups: file-backed | file size |")
    w("|---|---|---|---|---|---|")
    for n in ns:
        for e in C_ENGINES + [SWIFT_ENGINE] + PY_ENGINES:
            r = rec(e, "memory", n)
            if r is None:
                continue
            rk, ak, fk = r["rss_kb"], r["anon_kb"], r["file_kb"]
            size = next((x["bytes"] for x in results if x["case"] == "file-size" and x["engine"] == e and x["n"] == n), None)
            if e.startswith("lokale-python") or e == SWIFT_ENGINE:
                size = next((x["bytes"] for x in results if x["case"] == "file-size" and x["engine"] == "lokale" and x["n"] == n), None)
            if e.startswith("python-gettext"):
                size = next((x["bytes"] for x in results if x["case"] == "file-size" and x["engine"] == "gettext" and x["n"] == n), None)
            w(f"| {fmt_n(n)} | {e} | {fmt_kb(rk['after_open'] - rk['baseline'])} ({fmt_kb(ak['after_open'] - ak['baseline'])}) | "
              f"{fmt_kb(ak['after_lookups'] - ak['after_open'])} | {fmt_kb(fk['after_lookups'] - fk['after_open'])} | "
              f"{'—' if size is None else f'{size / 1e6:.2f} MB' if size >= 1e6 else f'{size / 1e3:.1f} KB'} |")
    w("")

    # python
    w("## Python (ns per call from a Python loop, p50)\n")
    floor = get("ctypes-floor", "call", None)
    pfloor = get("python-call-floor", "call", None)
    dfloor = get("python-dict-floor", "call", None)
    w(f"Floors: a ctypes call (`lokale_version_number`) {fmt_ns(floor)}; a Python function call "
      f"{fmt_ns(pfloor)}; `dict.get` {fmt_ns(dfloor)}. "
      f"Accelerator: {'measured' if args.speedups else 'not present in bindings/python at this run (ctypes only)'}.\n")
    w("| case | N | python-gettext | lokale-python (accel) | lokale-python (ctypes) | accel ÷ python-gettext | ctypes ÷ ctypes floor |")
    w("|---|---|---|---|---|---|---|")
    for case in LOOKUP_CASES:
        for n in ns:
            pg, la, lc = (get(e, case, n) for e in PY_ENGINES)
            w(f"| {case} | {fmt_n(n)} | {fmt_ns(pg)} | {fmt_ns(la)} | {fmt_ns(lc)} | {fmt_x(ratio(la, pg))} | {fmt_x(ratio(lc, floor))} |")
    w("")
    pf = [get(e, "plural-format", n) for n in ns for e in PY_ENGINES]
    if any(v is not None for v in pf):
        w("plural-format from Python (the Russian plural message, one integer): python-gettext is "
          "`ngettext` + `%` (the .mo's `%lld` rewritten to Python's `%d` once after open); Lokale is "
          "`Bundle.format`.\n")
        w("| N | python-gettext | lokale-python (accel) | lokale-python (ctypes) | python-gettext ÷ accel | python-gettext ÷ ctypes |")
        w("|---|---|---|---|---|---|")
        for n in ns:
            pg, la, lc = (get(e, "plural-format", n) for e in PY_ENGINES)
            w(f"| {fmt_n(n)} | {fmt_ns(pg)} | {fmt_ns(la)} | {fmt_ns(lc)} | {fmt_x(ratio(pg, la))} | {fmt_x(ratio(pg, lc))} |")
        w("")
    side = [(case, n, rec("python-side-by-side", case, n)) for case in LOOKUP_CASES + ["plural-format"] for n in ns]
    if any(r for _, _, r in side):
        w("Side by side in one process (`python-side-by-side`): `Bundle.string` with the accelerator and "
          "`GNUTranslations.gettext` (plural-format: `Bundle.format` and `ngettext` + `%`) over the same "
          "batches of keys, taking turns batch for batch, so that "
          "the machine's changes of speed fall on both alike (the rows above run each engine in its own "
          "process, one after the other). *ratio*: the median of the per-batch ratios lokale ÷ gettext.\n")
        w("| case | N | python-gettext | lokale-python (accel) | ratio p50 (p90) |")
        w("|---|---|---|---|---|")
        for case, n, r in side:
            if r:
                w(f"| {case} | {fmt_n(n)} | {fmt_ns(r['gettext_ns_per_op']['p50'])} | {fmt_ns(r['ns_per_op']['p50'])} | "
                  f"{fmt_x(r['ratio']['p50'])} ({fmt_x(r['ratio']['p90'])}) |")
        w("")
    w("Both Python paths remember plain lookups per language generation (as `GNUTranslations` is a dict), so "
      "the rows above are memo hits after a warm-up. A memo miss of the ctypes path (`Bundle.string` of a "
      "key the memo does not hold: one foreign call, `lokale_bundle_text`): "
      + ", ".join(f"{fmt_n(n)}: {fmt_ns(v)} ({fmt_x(ratio(v, floor))} the floor)"
                  for n in ns for v in [get("lokale-python-ctypes", "plain-memo-miss", n)])
      + ". Of which the foreign call alone (`lokale_bundle_text` through ctypes on the same keys, encoded "
      "beforehand): " + ", ".join(f"{fmt_n(n)}: {fmt_ns(get('lokale-python-ctypes', 'text-call', n))}" for n in ns)
      + "; a lookup in C alone (the C driver's `lokale` plain-hit-uniform above): "
      + ", ".join(f"{fmt_n(n)}: {fmt_ns(get('lokale', 'plain-hit-uniform', n))}" for n in ns) + ".\n")

    # targets
    w("## Lookup targets\n")
    w("| target | measured | met |")
    w("|---|---|---|")

    def target(name, values, ok):
        w(f"| {name} | {values} | {'yes' if ok else 'no' if ok is not None else 'n/a'} |")

    def all_ok(pairs, pred):
        vals = [v for _, v in pairs]
        return None if not vals or any(v is None for v in vals) else all(pred(v) for v in vals)

    for case in ("plain-hit-uniform", "plain-hit-zipf"):
        pairs = [(n, ratio(get("gettext", case, n), get("lokale", case, n))) for n in ns]
        target(f"≥ 5× faster than gettext at every N ({case})",
               ", ".join(f"{fmt_n(n)}: {fmt_x(v)}" for n, v in pairs), all_ok(pairs, lambda v: v >= 5))
    for case in ("plain-hit-uniform", "plain-hit-zipf"):
        pairs = [(n, ratio(get("lokale", case, n), get("hash-baseline", case, n))) for n in ns]
        target(f"within 1.5× of the bare hash ({case})",
               ", ".join(f"{fmt_n(n)}: {fmt_x(v)}" for n, v in pairs), all_ok(pairs, lambda v: v <= 1.5))
    pairs = [(n, ratio(get("gettext", "plural-format", n), get("lokale", "plural-format", n))) for n in ns]
    target("plural-format ≥ 2× faster than dngettext + snprintf",
           ", ".join(f"{fmt_n(n)}: {fmt_x(v)}" for n, v in pairs), all_ok(pairs, lambda v: v >= 2))
    if any(r["engine"] == "c-side-by-side" for r in results) and ns:
        # At the smallest N only: there the three engines' data fit in the caches together; at 100k
        # and 1M they evict each other batch for batch, a condition none of them has alone.
        n0 = ns[0]
        hits = ("plain-hit-uniform", "plain-hit-zipf")
        checks = [(f"≥ 5× faster than gettext ({case})", side_ratio(case, n0, "gettext"), lambda v: v >= 5) for case in hits]
        checks += [(f"within 1.5× of the bare hash ({case})", inverse(side_ratio(case, n0, "hash-baseline")), lambda v: v <= 1.5)
                   for case in hits]
        checks += [("plural-format ≥ 2× faster than dngettext + snprintf", side_ratio("plural-format", n0, "gettext"), lambda v: v >= 2)]
        for name, v, pred in checks:
            target(f"{name}, side by side in one process at {fmt_n(n0)}", fmt_x(v), None if v is None else pred(v))
        for case, label in (("gettext-ngettext", "ngettext"), ("gettext-plural-format", "plural format")):
            pairs = [(n, side_ratio(case, n, "gettext")) for n in ns]
            target(f"{label} on a gettext catalog ≥ 3× faster than dngettext + snprintf (side by side)",
                   ", ".join(f"{fmt_n(n)}: {fmt_x(v)}" for n, v in pairs), all_ok(pairs, lambda v: v >= 3))
    floors = [(n, ratio(get("gettext", "plain-hit-uniform", n), get("hash-baseline", "plain-hit-uniform", n))) for n in ns]
    target("(for the ≥ 5× rows: how much faster than gettext the bare hash itself is, plain-hit-uniform)",
           ", ".join(f"{fmt_n(n)}: {fmt_x(v)}" for n, v in floors), None)
    opens = [(n, get("lokale", "open", n)) for n in ns]
    if all(v for _, v in opens):
        flat = opens[-1][1] / opens[0][1]
        hashes = [get("hash-baseline", "open", n) for n in ns]
        anchor = f"; the bare hash over an mmap'd file: ×{hashes[-1] / hashes[0]:.2f}" if all(hashes) else ""
        target("open + first lookup flat in N (largest N within 2× of 1k)",
               ", ".join(f"{fmt_n(n)}: {fmt_ns(v)}" for n, v in opens) + f" (×{flat:.2f}{anchor})", flat <= 2)
        target("open + first lookup ~50 µs (p50 ≤ 50 µs at every N)",
               ", ".join(f"{fmt_n(n)}: {fmt_ns(v)}" for n, v in opens), all(v <= 50_000 for _, v in opens))
    growth = [(n, (lambda r: None if r is None else r["anon_kb"]["after_lookups"] - r["anon_kb"]["after_open"])(rec("lokale", "memory", n))) for n in ns]
    target("no heap growth from lookups (anon RSS after 1M lookups − after open ≤ 1 MB)",
           ", ".join(f"{fmt_n(n)}: {fmt_kb(v)}" for n, v in growth), all_ok(growth, lambda v: v <= 1024))
    sizes = []
    for n in ns:
        lk = next((x["bytes"] for x in results if x["case"] == "file-size" and x["engine"] == "lokale" and x["n"] == n), None)
        mo = next((x["bytes"] for x in results if x["case"] == "file-size" and x["engine"] == "gettext" and x["n"] == n), None)
        sizes.append((n, ratio(lk, mo)))
    target("file size no larger than the .mo (.lokale ÷ .mo)",
           ", ".join(f"{fmt_n(n)}: {fmt_x(v)}" for n, v in sizes), all_ok(sizes, lambda v: v <= 1.0))
    n0 = ns[0] if ns else None
    acc = ratio(get("lokale-python", "plain-hit-uniform", n0), get("python-gettext", "plain-hit-uniform", n0))
    target("Python accelerator at least as fast as GNUTranslations.gettext at 1k (accel ÷ gettext ≤ 1)",
           "no accelerator in bindings/python at this run" if acc is None else fmt_x(acc),
           None if acc is None else acc <= 1.0)
    pairs = [(n, ratio(get("lokale-python-ctypes", "plain-hit-uniform", n), floor)) for n in ns]
    target("Python ctypes path within 2× of the ctypes floor (plain-hit-uniform)",
           ", ".join(f"{fmt_n(n)}: {fmt_x(v)}" for n, v in pairs), all_ok(pairs, lambda v: v <= 2))
    w("")
    w("## Python targets\n")
    w("| target | measured | met |")
    w("|---|---|---|")
    misses = [(n, get("lokale-python-ctypes", "plain-memo-miss", n)) for n in ns]
    calls = {n: get("lokale-python-ctypes", "text-call", n) for n in ns}
    target("ctypes memo miss ≤ 1 µs at every N (in brackets: the foreign call alone)",
           ", ".join(f"{fmt_n(n)}: {fmt_ns(v)} ({fmt_ns(calls[n])})" for n, v in misses),
           all_ok(misses, lambda v: v <= 1000))
    pairs = [(f"{case} {fmt_n(n)}", (lambda r: r["ratio"]["p50"] if r else None)(rec("python-side-by-side", case, n)))
             for case in LOOKUP_CASES for n in ns]
    target("accelerator at least as fast as GNUTranslations.gettext at every N and case (side by side in one "
           "process: median of the per-batch ratios accel ÷ gettext ≤ 1)",
           ", ".join(f"{c}: {fmt_x(v)}" for c, v in pairs), all_ok(pairs, lambda v: v <= 1.0))
    w("")
    with open(args.out + ".md", "w") as f:
        f.write("\n".join(md) + "\n")

    if not args.rerender:
        chart(results, ns, mach, args, get, floor)


def chart(results, ns, mach, args, get, floor):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("report: matplotlib is not importable: no chart (pip install matplotlib)", file=sys.stderr)
        return
    styles = {
        "hash-baseline": ("#7f7f7f", "s", "--", "hash-baseline (C, mmap floor)"),
        "lokale": ("#d62728", "o", "-", "lokale (C)"),
        "lokale-swift": ("#e377c2", "*", "-", "lokale (Swift, LokaleBundle.string)"),
        "gettext": ("#1f77b4", "^", "-", "glibc gettext (C)"),
        "icu-ures": ("#2ca02c", "v", "-", "ICU ures (C)"),
        "python-gettext": ("#9467bd", "D", ":", "Python gettext"),
        "lokale-python": ("#ff7f0e", "P", ":", "lokale-python (accelerator)"),
        "lokale-python-ctypes": ("#8c564b", "X", ":", "lokale-python (ctypes)"),
    }
    fig, axes = plt.subplots(1, 2, figsize=(13, 5.6), sharey=True)
    for ax, case in zip(axes, ("plain-hit-uniform", "plain-miss")):
        for e, (color, marker, ls, label) in styles.items():
            pts = [(n, get(e, case, n)) for n in ns if get(e, case, n)]
            if not pts:
                continue
            xs, ys = zip(*pts)
            ax.plot(xs, ys, marker=marker, linestyle=ls, color=color, label=label, linewidth=2, markersize=7)
            if e in ("lokale", "lokale-swift", "gettext", "hash-baseline"):
                ax.annotate(fmt_ns(ys[-1]), (xs[-1], ys[-1]), textcoords="offset points",
                            xytext=(8, -10 if e == "lokale" else 2), fontsize=8, color=color)
        if floor:
            ax.axhline(floor, color="#bcbd22", linestyle="-.", linewidth=1.2, label="ctypes call floor")
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_xticks(ns)
        ax.set_xticklabels([fmt_n(n) for n in ns])
        ax.set_xlim(min(ns) / 2, max(ns) * 3)
        ax.set_xlabel("messages in the catalog (N)")
        ax.set_title(f"{case}: ns per lookup (p50, warm)")
        ax.grid(True, which="both", alpha=0.3)
    axes[0].set_ylabel("ns per lookup (log)")
    axes[0].legend(fontsize=8, loc="upper left")
    fig.suptitle(f"Lokale vs gettext, ICU and a bare hash — {mach['cpu_model']}, {mach['cores']} cores, "
                 f"{args.mode} run, {mach['date'][:10]}", fontsize=10)
    fig.tight_layout()
    fig.savefig(args.out + ".png", dpi=110)
    plt.close(fig)


if __name__ == "__main__":
    main()
