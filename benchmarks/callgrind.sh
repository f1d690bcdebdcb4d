#!/usr/bin/env bash
# Instructions (and simulated cache misses) per lookup, counted by valgrind's callgrind: the same
# figure on every run of the same binaries and data, however noisy the machine. Only the measured
# loop (run_lookups in src/bench.c) is collected, after a warm-up pass over the same keys.
#
#   bash benchmarks/callgrind.sh                 lokale and hash-baseline, N = 1k and 100k
#   ENGINES="lokale hash-baseline gettext" STREAMS="uniform miss plural" bash benchmarks/callgrind.sh
#   ENGINES="lokale hash-baseline gettext icu-ures" NS="1000 100000 1000000" OPS=20000 bash benchmarks/callgrind.sh
#
# Writes benchmarks/results/callgrind.json and callgrind.md. Uses the same release build, drivers
# and data as bench.sh (PREPARE_ONLY=1; BENCH_SKIP_BUILD=1 is passed through).
set -euo pipefail
. "$(dirname "$0")/lib.sh" callgrind
W=$B/.work
NS=${NS:-"1000 100000"}
ENGINES=${ENGINES:-"lokale hash-baseline"}
OPS=${OPS:-20000}
STREAMS=${STREAMS:-"uniform miss"}  # add "plural" for the plural-format loop
command -v valgrind >/dev/null || apt_install valgrind
NS="$NS" PREPARE_ONLY=1 bash "$B/bench.sh"
mkdir -p "$W/callgrind" "$B/results" "$W/lokale-cg"
# valgrind cannot read the DWARF 5 forms the Swift toolchain's clang writes ("unhandled dwarf2
# abbrev form"): a copy of the library without debug sections (symbols kept) and a driver built
# against it.
objcopy --strip-debug "$W/lokale/liblokale.so" "$W/lokale-cg/liblokale.so"
cc -std=c11 -O2 -g -Wno-format-truncation -DENGINE_LOKALE -I"$W/lokale" "$B/src/bench.c" \
  -L"$W/lokale-cg" -llokale -Wl,-rpath,"$W/lokale-cg" -o "$W/bin/bench_lokale-cg"
out=$W/callgrind/results.jsonl
: > "$out"
for n in $NS; do
  for e in $ENGINES; do
    for stream in $STREAMS; do
      loop=run_lookups; [ "$stream" = plural ] && loop=run_plurals
      f=$W/callgrind/$e-$n-$stream.out
      log "$e N=$n $stream ($OPS lookups)"
      valgrind --tool=callgrind --cache-sim=yes --collect-atstart=no --toggle-collect=$loop \
        --callgrind-out-file="$f" "$W/bin/bench_$e$([ "$e" = lokale ] && echo -cg)" "$W/data/$n" "$n" --callgrind "$stream" --ops "$OPS" \
        >"$f.stdout" 2>"$f.log" || { cat "$f.log" >&2; exit 1; }
      python3 - "$f" "$e" "$n" "$stream" "$OPS" >>"$out" <<'PY'
import json, sys
path, engine, n, stream, ops = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], int(sys.argv[5])
events = totals = None
for line in open(path):
    if line.startswith("events:"):
        events = line.split()[1:]
    elif line.startswith(("summary:", "totals:")):
        totals = [int(x) for x in line.split()[1:]]
c = dict(zip(events, totals))
per = {k: round(v / ops, 2) for k, v in c.items()}
print(json.dumps({"engine": engine, "n": n, "stream": stream, "ops": ops, "per_lookup": per,
                  "totals": c}))
PY
    done
  done
done
python3 - "$out" "$B/results/callgrind" <<'PY'
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
with open(sys.argv[2] + ".json", "w") as f:
    json.dump({"tool": "valgrind --tool=callgrind --cache-sim=yes", "results": rows}, f, indent=1)
lines = ["# Instructions per lookup (callgrind)", "",
         "Ir: instructions; D1mr/DLmr: simulated L1 / last-level data-read misses; per lookup, "
         "measured loop only, warm.", "",
         "| engine | N | stream | Ir | D1mr | DLmr |", "|---|---|---|---|---|---|"]
for r in rows:
    p = r["per_lookup"]
    lines.append(f"| {r['engine']} | {r['n']} | {r['stream']} | {p.get('Ir', 0):.1f} | "
                 f"{p.get('D1mr', 0):.2f} | {p.get('DLmr', 0):.2f} |")
by = {(r["engine"], r["n"], r["stream"]): r["per_lookup"].get("Ir") for r in rows}
for anchor in ("hash-baseline", "gettext"):
    # (the bare hash has no plural loop: 0 instructions there, no ratio)
    ratios = [f"N={n} {s}: {by[('lokale', n, s)] / by[(anchor, n, s)]:.2f}×"
              for (e, n, s) in by if e == "lokale" and by.get((anchor, n, s))]
    if ratios:
        lines += ["", f"lokale ÷ {anchor} (instructions): " + ", ".join(ratios)]
text = "\n".join(lines) + "\n"
open(sys.argv[2] + ".md", "w").write(text)
print(text)
PY
