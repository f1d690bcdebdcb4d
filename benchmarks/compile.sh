#!/usr/bin/env bash
# Compile time and peak memory: `lokale compile` of a gettext .po against
# `msgfmt` of the same file, and of a String Catalog holding the same messages, for N = 1k, 100k
# and 1M (benchmarks/gen_data.py's data: ~31-byte Russian values and one ru plural). Targets at
# 100k: the .po no slower than msgfmt, peak RSS at most 1.5x msgfmt's.
#
#   make bench-compile            N = 1k, 100k, 1M; 5 runs (3 at 1M): about 2 minutes after the build
#   make bench-compile QUICK=1    N = 1k, 100k; 3 runs
#
# Every run is one process under /usr/bin/time -f "%e %M %U %S" (max RSS in KiB; wall time taken
# with ns resolution around it), and the engines are interleaved run by run (A, B, C, A, B, C, …,
# rotating the order each round), so that other work on the machine hits them all alike; the
# report gives medians and minimums.
#
# Environment: COMPILE_NS="1000 100000" overrides the sizes, RUNS the runs per size (RUNS_1M at 1M);
# LOKALE_CLI=path measures that binary instead of building `lokale-cli` (release, JOBS=2,
# COMPILE_SCRATCH=scratch path, default SwiftPM's); BASE_CLI=path also measures an older binary
# (the "before" columns) on the same files, interleaved with the others, and checks that both
# write the same bytes (BASE_LABEL names it in the report). Writes
# benchmarks/results/compile.{md,json}; scratch in benchmarks/.work/compile.
set -euo pipefail
. "$(dirname "$0")/lib.sh" compile
W=$B/.work/compile
if is_quick; then
  NS=${COMPILE_NS:-"1000 100000"}; RUNS=${RUNS:-3}; MODE=quick
else
  NS=${COMPILE_NS:-"1000 100000 1000000"}; RUNS=${RUNS:-5}; MODE=full
fi
RUNS_1M=${RUNS_1M:-3}   # runs at N >= 1M (each lokale run there takes tens of seconds)
PYTHON=${PYTHON:-python3}
JOBS=${JOBS:-2}
need_gettext
[ -x /usr/bin/time ] || apt_install time

# --- the CLI, in a private copy (another build may replace .build meanwhile) -------------------
mkdir -p "$W/bin" "$W/data" "$W/out"
if [ -z "${LOKALE_CLI:-}" ]; then
  scratch=(); [ -n "${COMPILE_SCRATCH:-}" ] && scratch=(--scratch-path "$COMPILE_SCRATCH")
  log "swift build -c release --product lokale-cli"
  swift build -c release -j "$JOBS" --product lokale-cli "${scratch[@]}" >"$W/build.log" 2>&1 || { cat "$W/build.log"; exit 1; }
  LOKALE_CLI=$(swift build -c release "${scratch[@]}" --show-bin-path)/lokale-cli
fi
cp "$LOKALE_CLI" "$W/bin/lokale"
ENGINES="msgfmt lokale-po lokale-xcstrings"
if [ -n "${BASE_CLI:-}" ]; then
  cp "$BASE_CLI" "$W/bin/lokale-base"
  ENGINES="$ENGINES base-po base-xcstrings"
fi

# --- data: gen_data.py's .po and String Catalog, regenerated when the generator changes --------
gen_sum=$(sha256sum "$B/gen_data.py" | cut -c1-16)
for n in $NS; do
  d=$W/data/$n
  if [ "$(cat "$d/.stamp" 2>/dev/null)" != "$gen_sum" ]; then
    log "generating N=$n"
    rm -rf "$d"; mkdir -p "$d"
    $PYTHON "$B/gen_data.py" "$d" "$n"
    rm -f "$d/ru.txt" "$d/messages.tsv"   # the other engines' inputs
    echo "$gen_sum" > "$d/.stamp"
  fi
done

# --- runs --------------------------------------------------------------------------------------
raw=$W/raw.jsonl
: > "$raw"
# One measured process: its command line runs under /usr/bin/time; appends a JSON line.
measure() {
  local engine=$1 n=$2 out=$3; shift 3
  rm -f "$out"
  local t0 t1 stats
  t0=$(date +%s%N)
  /usr/bin/time -o "$W/time.txt" -f "%e %M %U %S" "$@" >/dev/null 2>"$W/stderr.txt" \
    || { echo "compile.sh: $engine N=$n failed:" >&2; cat "$W/stderr.txt" >&2; exit 1; }
  t1=$(date +%s%N)
  stats=$(tail -n 1 "$W/time.txt")
  read -r e m u s <<<"$stats"
  echo "{\"engine\":\"$engine\",\"n\":$n,\"wall_s\":$(awk "BEGIN{printf \"%.4f\", ($t1-$t0)/1e9}"),\"time_e\":$e,\"rss_kib\":$m,\"user_s\":$u,\"sys_s\":$s,\"bytes\":$(stat -c %s "$out")}" >>"$raw"
}
run() {
  local engine=$1 n=$2 d=$W/data/$2 o=$W/out/$2
  mkdir -p "$o"
  case $engine in
    msgfmt)           measure "$engine" "$n" "$o/msgfmt.mo" msgfmt -o "$o/msgfmt.mo" "$d/messages.po" ;;
    lokale-po)        measure "$engine" "$n" "$o/po.lokale" "$W/bin/lokale" compile "$d/messages.po" -o "$o/po.lokale" ;;
    lokale-xcstrings) measure "$engine" "$n" "$o/xc.lokale" "$W/bin/lokale" compile "$d/Localizable.xcstrings" -o "$o/xc.lokale" ;;
    base-po)          measure "$engine" "$n" "$o/base-po.lokale" "$W/bin/lokale-base" compile "$d/messages.po" -o "$o/base-po.lokale" ;;
    base-xcstrings)   measure "$engine" "$n" "$o/base-xc.lokale" "$W/bin/lokale-base" compile "$d/Localizable.xcstrings" -o "$o/base-xc.lokale" ;;
  esac
}
for n in $NS; do
  runs=$RUNS
  [ "$n" -ge 1000000 ] && runs=$(( RUNS < RUNS_1M ? RUNS : RUNS_1M ))
  read -r -a list <<<"$ENGINES"
  for (( r = 0; r < runs; r++ )); do
    log "N=$n run $(( r + 1 ))/$runs"
    k=${#list[@]}
    for (( i = 0; i < k; i++ )); do run "${list[$(( (i + r) % k ))]}" "$n"; done
  done
  if [ -n "${BASE_CLI:-}" ]; then
    for kind in po xc; do
      cmp -s "$W/out/$n/$kind.lokale" "$W/out/$n/base-$kind.lokale" \
        || { echo "compile.sh: N=$n: $kind.lokale differs from the base CLI's output" >&2; exit 1; }
    done
  fi
done

# --- report ------------------------------------------------------------------------------------
mkdir -p "$B/results"
LOADAVG_END="$(cut -d' ' -f1-3 /proc/loadavg)"
MACHINE="$(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'), $(( $(grep MemTotal /proc/meminfo | awk '{print $2}') / 1024 )) MiB"
BASE_SUM=$([ -n "${BASE_CLI:-}" ] && sha256sum "$W/bin/lokale-base" | cut -c1-16 || true)
$PYTHON - "$raw" "$B/results/compile" "$MODE" "$MACHINE" "$LOADAVG_START" "$LOADAVG_END" "$(msgfmt --version | head -n 1)" \
  "$(sha256sum "$W/bin/lokale" | cut -c1-16)" "${BASE_LABEL:-$BASE_SUM}" <<'EOF'
import json, statistics, sys, datetime
raw, out, mode, machine, la0, la1, msgfmt, cli, base = sys.argv[1:10]
rows = [json.loads(l) for l in open(raw)]
ns = sorted({r["n"] for r in rows})
engines = [e for e in ["msgfmt", "lokale-po", "lokale-xcstrings", "base-po", "base-xcstrings"] if any(r["engine"] == e for r in rows)]
summary = {}
for n in ns:
    for e in engines:
        rs = [r for r in rows if r["n"] == n and r["engine"] == e]
        wall = [r["wall_s"] for r in rs]; rss = [r["rss_kib"] for r in rs]
        cpu = [r["user_s"] + r["sys_s"] for r in rs]
        summary.setdefault(str(n), {})[e] = {
            "runs": len(rs), "wall_s_median": statistics.median(wall), "wall_s_min": min(wall),
            "rss_mib_median": statistics.median(rss) / 1024, "rss_mib_max": max(rss) / 1024,
            "cpu_s_median": statistics.median(cpu), "output_bytes": rs[-1]["bytes"]}
doc = {"mode": mode, "date": datetime.datetime.now().isoformat(timespec="seconds"), "machine": machine,
       "loadavg_start": la0, "loadavg_end": la1, "msgfmt": msgfmt, "lokale_cli_sha256_16": cli, "base_cli": base,
       "summary": summary, "runs": rows}
json.dump(doc, open(out + ".json", "w"), indent=1)

names = {"msgfmt": "msgfmt (.po)", "lokale-po": "lokale (.po)", "lokale-xcstrings": "lokale (.xcstrings)",
         "base-po": "before (.po)", "base-xcstrings": "before (.xcstrings)"}
def size(n): return f"{n // 1000000}M" if n >= 1000000 else f"{n // 1000}k"
md = ["# Compile time and peak memory", "",
      f"`benchmarks/compile.sh` ({mode}), {doc['date']}. Machine: {machine}; load average {la0} at the start, {la1} at the end.",
      f"{msgfmt}; lokale CLI sha256 {cli}…. Data: benchmarks/gen_data.py (N messages, ~31-byte Russian values, one ru plural);",
      "the .po is compiled as `lokale compile messages.po -o X.lokale` (two localizations: `en` from the msgids, `ru`),",
      "the String Catalog as `lokale compile Localizable.xcstrings -o X.lokale`, msgfmt as `msgfmt -o X.mo messages.po`.",
      "Engines interleaved run by run; wall time median (minimum), peak RSS median; CPU = user + sys, median."
      + (f" \"before\": BASE_CLI ({base}), same files, same runs." if base else ""), "",
      "| N | engine | runs | wall s | min s | peak RSS MiB | CPU s | output bytes | time ÷ msgfmt | RSS ÷ msgfmt |",
      "|---|---|---|---|---|---|---|---|---|---|"]
for n in ns:
    s = summary[str(n)]; m = s["msgfmt"]
    for e in engines:
        x = s[e]
        md.append(f"| {size(n)} | {names[e]} | {x['runs']} | {x['wall_s_median']:.3f} | {x['wall_s_min']:.3f} | "
                  f"{x['rss_mib_median']:.1f} | {x['cpu_s_median']:.2f} | {x['output_bytes']:,} | "
                  f"{x['wall_s_median'] / m['wall_s_median']:.2f} | {x['rss_mib_median'] / m['rss_mib_median']:.2f} |")
if "100000" in summary:
    s = summary["100000"]; m = s["msgfmt"]; p = s["lokale-po"]
    t_ok = p["wall_s_median"] <= m["wall_s_median"]; r_ok = p["rss_mib_median"] <= 1.5 * m["rss_mib_median"]
    md += ["", "Targets at 100k (.po): time ≤ msgfmt's: "
           f"{'met' if t_ok else 'missed'} ({p['wall_s_median']:.3f} s against {m['wall_s_median']:.3f} s); "
           f"peak RSS ≤ 1.5 × msgfmt's: {'met' if r_ok else 'missed'} ({p['rss_mib_median']:.1f} MiB against "
           f"{m['rss_mib_median']:.1f} MiB). String Catalog: {s['lokale-xcstrings']['wall_s_median']:.3f} s, "
           f"{s['lokale-xcstrings']['rss_mib_median']:.1f} MiB."]
open(out + ".md", "w").write("\n".join(md) + "\n")
print("\n".join(md))
EOF
log "done: benchmarks/results/compile.{md,json}"
