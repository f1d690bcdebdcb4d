#!/usr/bin/env bash
# The thread-scaling benchmark: 1, 2 and 4 threads doing uniformly random plain
# lookups and plural formats on ONE shared bundle, with and without a thread that changes the
# runtime's language every millisecond; glibc dgettext/dngettext with 1, 2 and 4 threads as an
# anchor (no language changes); two controls with the same threads, bench.sh's bare hash and a loop
# touching no shared data (what the machine gives a second thread). Every answer is checked.
# Target: 2 threads >= 1.8x one thread on a 2-core machine (4 threads there are oversubscribed:
# reported, no target).
#
#   make bench-threads            N = 1k and 100k, 9 rounds of 0.5 s runs (about 4 minutes)
#   make bench-threads QUICK=1    3 rounds
#
# Environment: THREADS_NS="1000 100000"; THREADS_ROUNDS, THREADS_WINDOW_MS (500); THREADS_LIST
# ("1,2,4"); THREADS_SWITCH_API (language: lokale_runtime_set_language; preferred:
# lokale_runtime_set_preferred_languages); BENCH_SKIP_BUILD=1 skips `make build CONFIG=release`
# and uses benchmarks/.work/lokale/ (bench.sh's copy of the release library) when present; PYTHON.
# Data: bench.sh's benchmarks/.work/data/N (made with `QUICK=1 ENGINES=lokale make bench`-like
# steps when missing: gen_data.py, msgfmt, gen_ops.py). bench.sh's bundle is Russian only, so this
# script adds a Ukrainian translation of every message to the same String Catalog (values
# "<two of 16 Ukrainian words> №i", Ukrainian plural forms of files.count) and compiles that with
# the same CLI into benchmarks/.work/threads/data/N/bench.lokale.
# Writes benchmarks/results/threads.md and threads.json.gz; scratch in benchmarks/.work/threads.
set -euo pipefail
. "$(dirname "$0")/lib.sh" threads
W=$B/.work
TW=$W/threads
NS=${THREADS_NS:-"1000 100000"}
if is_quick; then ROUNDS=${THREADS_ROUNDS:-3}; else ROUNDS=${THREADS_ROUNDS:-9}; fi
WINDOW_MS=${THREADS_WINDOW_MS:-500}
TLIST=${THREADS_LIST:-1,2,4}
SWITCH_API=${THREADS_SWITCH_API:-language}
PYTHON=${PYTHON:-python3}
need_gettext

# --- the release library: a private copy (bench.sh and requests.sh rewrite .work/lokale in place) --
mkdir -p "$W/lokale" "$TW/lokale" "$TW/bin" "$TW/data" "$TW/raw"
if [ -z "${BENCH_SKIP_BUILD:-}" ]; then build_release "$TW/build.log"; fi
if [ -n "${BENCH_SKIP_BUILD:-}" ] && [ -f "$W/lokale/liblokale.so" ] && [ -x "$W/lokale/lokale" ]; then
  SRC_LIB=$W/lokale/liblokale.so; SRC_CLI=$W/lokale/lokale; SRC_H=$W/lokale/lokale.h
else
  REL=$(swift build -c release --show-bin-path)
  SRC_LIB=$REL/liblokale-c.so; SRC_CLI=$REL/lokale-cli; SRC_H=include/lokale.h   # the SwiftPM product lokale-c
fi
# new files then rename: a process still mapping the previous copy keeps its inode
for f in "$SRC_LIB:liblokale.so" "$SRC_CLI:lokale" "$SRC_H:lokale.h"; do
  cp "${f%%:*}" "$TW/lokale/${f##*:}.tmp" && mv -f "$TW/lokale/${f##*:}.tmp" "$TW/lokale/${f##*:}"
done
make --no-print-directory icu-shims ICU_SHIMS_DIR="$TW/lokale" >/dev/null  # loaded with ICU on first need
LOKALE_CLI=$TW/lokale/lokale
cli_sum=$(sha256sum "$LOKALE_CLI" | cut -c1-16)

# (each engine's unused functions of engines.h are not warned about)
cc -std=c11 -O2 -g -Wall -Wextra -Wno-format-truncation -Wno-unused-function -pthread -I"$TW/lokale" "$B/src/threads.c" -L"$TW/lokale" -llokale \
  -Wl,-rpath,"$TW/lokale" -o "$TW/bin/threads"

# --- data: bench.sh's (generated here the same way when missing), plus a Ukrainian translation ---
uk_sum=$( (sed -n '/^# >>> uk/,/^# <<< uk/p' "$B/threads.sh"; echo "$cli_sum") | sha256sum | cut -c1-16)
for n in $NS; do
  d=$W/data/$n
  if [ ! -f "$d/Localizable.xcstrings" ] || [ ! -f "$d/ops_uniform.bin" ] || [ ! -f "$d/plural_n.bin" ] \
     || [ ! -f "$d/mo/ru/LC_MESSAGES/bench.mo" ]; then
    # bench.sh's steps for the files used here, without its stamp (it would then regenerate the
    # directory, ICU and hash files included: the same content)
    log "generating bench data N=$n (as bench.sh)"
    rm -rf "$d"; mkdir -p "$d/mo/ru/LC_MESSAGES"
    $PYTHON "$B/gen_data.py" "$d" "$n"
    msgfmt -o "$d/mo/ru/LC_MESSAGES/bench.mo" "$d/messages.po"
    $PYTHON "$B/gen_ops.py" "$d" "$n" --ops 200000 --touch 1000000
    rm -f "$d/messages.po" "$d/messages.tsv"
  fi
  td=$TW/data/$n
  stamp="$(cat "$d/.stamp" 2>/dev/null || sha256sum "$d/Localizable.xcstrings" | cut -c1-16) $uk_sum"
  if [ "$(cat "$td/.stamp" 2>/dev/null)" != "$stamp" ]; then
    log "ru + uk catalog N=$n, lokale compile"
    rm -rf "$td"; mkdir -p "$td"
# >>> uk (the Ukrainian messages; threads.c computes the same texts to check every answer)
    $PYTHON - "$d/Localizable.xcstrings" "$td/Localizable.xcstrings" <<'EOF'
import json, sys
UK = ["документ", "тека", "вікно", "вкладка", "виконано", "елемент", "зберегти", "відкрити",
      "налаштування", "видалити", "протокол", "мережа", "друк", "екран", "гучність", "пошук"]
PLURAL = {"one": "%lld файл у «Документах»", "few": "%lld файли у «Документах»",
          "many": "%lld файлів у «Документах»", "other": "%lld файлу у «Документах»"}
cat = json.load(open(sys.argv[1], encoding="utf-8"))
for key, entry in cat["strings"].items():
    if key == "files.count":
        entry["localizations"]["uk"] = {"variations": {"plural": {
            c: {"stringUnit": {"state": "translated", "value": t}} for c, t in PLURAL.items()}}}
    else:
        i = int(key.split(".")[1])
        entry["localizations"]["uk"] = {"stringUnit": {"state": "translated",
                                                       "value": f"{UK[i % 16]} {UK[(i // 16) % 16]} №{i}"}}
json.dump(cat, open(sys.argv[2], "w", encoding="utf-8"), ensure_ascii=False, separators=(",", ":"))
EOF
# <<< uk
    "$LOKALE_CLI" compile "$td/Localizable.xcstrings" --development-region ru -o "$td/bench.lokale" >/dev/null 2>"$td/compile.log" \
      || { cat "$td/compile.log" >&2; exit 1; }
    rm -f "$td/Localizable.xcstrings"
    echo "$stamp" > "$td/.stamp"
  fi
done

# --- runs -----------------------------------------------------------------------------------------
raws=()
for n in $NS; do
  log "N=$n: threads $TLIST, $ROUNDS rounds of ${WINDOW_MS} ms runs"
  "$TW/bin/threads" "$W/data/$n" "$n" "$TW/data/$n/bench.lokale" --rounds "$ROUNDS" --window-ms "$WINDOW_MS" \
    --threads "$TLIST" --switch-api "$SWITCH_API" >"$TW/raw/$n.jsonl" 2>"$TW/raw/$n.err" \
    || { cat "$TW/raw/$n.err" >&2; exit 1; }
  grep -h "INVALID" "$TW/raw/$n.err" >&2 || true
  raws+=("$TW/raw/$n.jsonl")
done

# --- report ---------------------------------------------------------------------------------------
mkdir -p "$B/results"
$PYTHON - "$B/results/threads" "$LOADAVG_START" "$TW/lokale/liblokale.so" "$WINDOW_MS" "$ROUNDS" "$SWITCH_API" "${raws[@]}" <<'EOF'
import ctypes, gzip, hashlib, json, os, platform, statistics as st, sys, time
out, load0, lib, window_ms, rounds, api = sys.argv[1:7]
rows, costs = [], []
for f in sys.argv[7:]:
    for l in open(f):
        if l.strip():
            r = json.loads(l)
            (costs if r["case"] == "change-cost" else rows).append(r)
L = ctypes.CDLL(lib); L.lokale_version.restype = ctypes.c_char_p
cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), "?")
machine = {"nproc": os.cpu_count(), "cpu": cpu, "loadavg_start": load0,
           "loadavg_end": " ".join(open("/proc/loadavg").read().split()[:3]),
           "date": time.strftime("%Y-%m-%d %H:%M:%S %Z"), "kernel": platform.release(),
           "lokale_version": L.lokale_version().decode(), "library": "release (make build CONFIG=release)",
           "window_ms": int(window_ms), "rounds": int(rounds), "switch_api": api, "change_period_us": 1000,
           "library_sha256": hashlib.sha256(open(lib, "rb").read()).hexdigest()[:16],
           "others_cores_median": st.median([r["others_cores"] for r in rows]) if rows else None}
QUIET = 0.25  # cores busy outside this process: a run below it had the machine (nearly) to itself
def med(xs):
    xs = [x for x in xs if x is not None]
    return st.median(xs) if xs else None
def key(r): return (r["n"], r["engine"], r["case"], r["changes"], r["threads"])
groups, byround = {}, {}
for r in rows:
    groups.setdefault(key(r), []).append(r)
    byround[(key(r), r["round"])] = r
ORDER = {"lokale": 0, "hash-baseline": 1, "cpu-spin": 2, "gettext": 3}
def running_ns(r):
    # ns/op while the thread ran: 1 thread, its batches; k threads, the batches during which another
    # worker ran too, when they are at least half of them (under other load, few batches really
    # overlap, and those the others' progress marks are then mostly short preemptions: no figure)
    if r["threads"] == 1: return r["batch_ns_solo_p50"]
    return r["batch_ns_concurrent_p50"] if r["concurrent_batches"] >= 0.5 * r["batches"] else None
summary = []
for k, rs in sorted(groups.items(), key=lambda kv: (kv[0][0], ORDER.get(kv[0][1], 9), kv[0][2], kv[0][3], kv[0][4])):
    n, eng, case, ch, t = k
    one, base = (n, eng, case, ch, 1), (n, eng, case, False, t)
    pairs = [(r, byround[(one, r["round"])]) for r in rs if (one, r["round"]) in byround]
    ratios = [r["ops_per_s"] / o["ops_per_s"] for r, o in pairs]
    quiet = [r["ops_per_s"] / o["ops_per_s"] for r, o in pairs if r["others_cores"] < QUIET and o["others_cores"] < QUIET]
    slow = [running_ns(r) / running_ns(o) for r, o in pairs if running_ns(r) and running_ns(o)]
    cost = [r["ops_per_s"] / byround[(base, r["round"])]["ops_per_s"] for r in rs if ch and (base, r["round"]) in byround]
    pt = [p["ops_per_s"] for r in rs for p in r["per_thread"]]
    opc = lambda r: sum(p["ops"] for p in r["per_thread"]) / max(1e-9, sum(p["cpu_s"] for p in r["per_thread"]))
    summary.append({
        "n": n, "engine": eng, "case": case, "changes": ch, "threads": t, "runs": len(rs),
        "ops_per_s": med([r["ops_per_s"] for r in rs]),
        "ops_per_s_min": min(r["ops_per_s"] for r in rs), "ops_per_s_max": max(r["ops_per_s"] for r in rs),
        "per_thread_ops_per_s": med([r["ops_per_s"] / t for r in rs]),
        "per_thread_min": min(pt), "per_thread_max": max(pt),
        "scaling_vs_1": med(ratios) if t != 1 else 1.0,
        "scaling_quiet_rounds": med(quiet) if t != 1 else 1.0, "quiet_rounds": len(quiet) if t != 1 else None,
        "running_ns_per_op": med([running_ns(r) for r in rs]),
        "running_vs_1": med(slow) if t != 1 else 1.0, "running_rounds": len(slow) if t != 1 else None,
        "concurrent_fraction": med([r["concurrent_batches"] / r["batches"] for r in rs]) if t != 1 else None,
        "ops_per_cpu_s": med([opc(r) for r in rs]),
        "worker_cpu_fraction": med([p["cpu_s"] / p["wall_s"] for r in rs for p in r["per_thread"]]),
        "with_changes_vs_without": med(cost) if ch else None,
        "valid": sum(r["valid"] for r in rs) if eng != "cpu-spin" else None,
        "invalid": sum(r["invalid"] for r in rs),
        "answers_ru": sum(r["answers_ru"] for r in rs), "answers_uk": sum(r["answers_uk"] for r in rs),
        "invalid_example": next((r["invalid_example"] for r in rs if "invalid_example" in r), None),
        "language_changes": sum(r.get("language_changes", 0) for r in rs),
        "changes_per_s": med([r["language_changes"] / r["window_s"] for r in rs]) if ch else None,
        "change_us": med([r["change_us_mean"] for r in rs]) if ch else None,
        "change_errors": sum(r.get("change_errors", 0) for r in rs),
        "others_cores": med([r["others_cores"] for r in rs]),
    })
# every run's line is ~19,000 lines of JSON: compressed (mtime 0, so that the same results give the
# same bytes); `zcat results/threads.json.gz` reads it
with gzip.GzipFile(out + ".json.gz", "wb", mtime=0) as z:
    z.write(json.dumps({"machine": machine, "summary": summary, "change_cost": costs, "runs": rows},
                       indent=1, ensure_ascii=False).encode("utf-8"))

def f(x, d=2, suffix="×"): return "–" if x is None else f"{x:.{d}f}{suffix}"
def mops(x): return f"{x / 1e6:.2f}"
lines = ["# Thread scaling", "",
         f"Machine: {machine['nproc']} CPUs ({cpu}); load average {load0} before, {machine['loadavg_end']} after; "
         f"{machine['date']}; lokale {machine['lokale_version']} (release library, sha256 {machine['library_sha256']}); "
         f"other processes kept a median {machine['others_cores_median']:.2f} of the {machine['nproc']} cores busy during the runs.", "",
         f"{rounds} rounds; a round runs every configuration once for {window_ms} ms, in a shuffled order; medians over rounds. "
         "One shared bundle: bench.sh's N Russian messages plus a Ukrainian translation of each (threads.sh). "
         "*changes*: another thread flips the language between ru and uk every millisecond "
         f"(`{'lokale_runtime_set_language' if api == 'language' else 'lokale_runtime_set_preferred_languages'}`). "
         "Every answer is checked inside the timed loop: a lookup must give exactly the Russian or the Ukrainian text of its key, "
         "a format exactly the Russian or Ukrainian sentence for its n. "
         "Controls (lookups only): *hash-baseline*, bench.sh's bare mmap'd hash (the suite's floor); *cpu-spin*, a loop touching no shared data. "
         "*gettext*: glibc `dgettext` / `dngettext` + `snprintf` on bench.sh's Russian .mo, `LANGUAGE=ru`, "
         "without language changes (switching gettext's language under running threads needs setlocale or setenv, neither thread-safe).", "",
         "*scaling*: the k-thread total over the 1-thread total of the same round, median over rounds (target for 2 threads on "
         "2 cores: ≥ 1.8×; 4 threads on 2 cores are oversubscribed: no target). "
         f"*quiet*: the same, only over rounds where both runs had less than {QUIET} cores of other load (count in brackets). "
         "*running ns/op*: the median time per operation of 256-operation batches while the thread ran — for k threads, of the "
         "batches during which another worker was running too, in runs where they are at least half of the batches (else –: "
         "under other load few batches overlap); *vs 1*: its ratio to one thread's (same round; count of rounds in brackets): 1.00 means "
         "threads running at the same time do not slow each other down. *concurrent*: the share of such batches. "
         "*cost of changes*: total with changes over total without (same round). *CPU share*: worker CPU time / wall time. "
         "*other load*: cores busy outside this process during the run (/proc/stat).", ""]
for n in sorted({s["n"] for s in summary}):
    lines += [f"## N = {n:,}", "",
              "| engine | case | changes | threads | total Mops/s | per thread Mops/s (min–max) | scaling | quiet | running ns/op | vs 1 | concurrent | cost of changes | CPU share | other load | valid / invalid | ru / uk |",
              "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for s in summary:
        if s["n"] != n: continue
        q = (f"{f(s['scaling_quiet_rounds'])} ({s['quiet_rounds']})" if s["quiet_rounds"] else "–") if s["threads"] > 1 else ""
        cf = s["concurrent_fraction"]
        rr = f" ({s['running_rounds']})" if s["threads"] > 1 and s["running_rounds"] else ""
        lines.append(f"| {s['engine']} | {s['case']} | {'yes' if s['changes'] else 'no'} | {s['threads']} | {mops(s['ops_per_s'])} | "
                     f"{mops(s['per_thread_ops_per_s'])} ({mops(s['per_thread_min'])}–{mops(s['per_thread_max'])}) | "
                     f"{f(s['scaling_vs_1'])} | {q} | {f(s['running_ns_per_op'], 1, '')} | "
                     f"{f(s['running_vs_1'])}{rr} | "
                     f"{f(cf * 100 if cf is not None else None, 0, ' %')} | "
                     f"{f(s['with_changes_vs_without'])} | {s['worker_cpu_fraction']:.2f} | {s['others_cores']:.2f} | "
                     + ("n/a | n/a |" if s["valid"] is None else f"{s['valid']:,} / {s['invalid']:,} | {s['answers_ru']:,} / {s['answers_uk']:,} |"))
    lines.append("")
    ch = [s for s in summary if s["n"] == n and s["changes"]]
    if ch:
        lines.append(f"Language changes during the runs: {sum(s['language_changes'] for s in ch):,}, "
                     f"median {med([s['changes_per_s'] for s in ch]):.0f}/s, "
                     f"median {med([s['change_us'] for s in ch]):.1f} µs per call (as the changing thread timed it), "
                     f"{sum(s['change_errors'] for s in ch)} errors.")
    for c in costs:
        if c["n"] == n:
            lines.append(f"One change alone (one thread, medians of {c['changes']}): the setter {c['set_ns']:.0f} ns; the first lookup after it "
                         f"{c['first_lookup_ns'] / 1000:.1f} µs (p90 {c['first_lookup_p90_ns'] / 1000:.1f}: the published plan is stale, the general "
                         f"path publishes the new one), the next {c['next_lookup_ns']:.0f} ns; the first format {c['first_format_ns'] / 1000:.1f} µs, "
                         f"the next {c['next_format_ns']:.0f} ns.")
    lines.append("")
lines += ["## Targets", ""]
get = {(s["n"], s["engine"], s["case"], s["changes"], s["threads"]): s for s in summary}
for s in summary:
    if s["engine"] == "lokale" and s["threads"] == 2:
        ok = s["scaling_vs_1"] >= 1.8
        spin = get.get((s["n"], "cpu-spin", "lookup-uniform", False, 2))
        lines.append(f"- N = {s['n']:,}, {s['case']}, {'with' if s['changes'] else 'without'} changes: 2 threads = "
                     f"{s['scaling_vs_1']:.2f}× one thread ({'met' if ok else 'missed'}, ≥ 1.8×); quiet rounds "
                     f"{f(s['scaling_quiet_rounds']) if s['quiet_rounds'] else '–'} ({s['quiet_rounds'] or 0}); running ns/op {f(s['running_vs_1'])} one thread's"
                     + (f"; cpu-spin control {spin['scaling_vs_1']:.2f}× (quiet {f(spin['scaling_quiet_rounds']) if spin['quiet_rounds'] else '–'}), "
                        f"running {f(spin['running_vs_1'])}" if spin else ""))
checked = [s for s in summary if s["valid"] is not None]
lines += ["", f"Validity: {sum(s['valid'] for s in checked):,} answers checked, {sum(s['invalid'] for s in checked):,} invalid "
          f"(lokale with changes: {sum(s['answers_ru'] for s in checked if s['changes']):,} Russian, "
          f"{sum(s['answers_uk'] for s in checked if s['changes']):,} Ukrainian)."]
ex = [s["invalid_example"] for s in summary if s["invalid_example"]]
if ex: lines.append(f"First invalid answer: `{ex[0]}`")
open(out + ".md", "w").write("\n".join(lines) + "\n")
print("\n".join(lines))
EOF
log "done: benchmarks/results/threads.md, threads.json.gz"
