#!/usr/bin/env bash
# The benchmark suite: lokale against glibc gettext, ICU resource bundles, a bare
# mmap'd hash (the floor), Python's gettext, the Python binding and the Swift API (the package in
# benchmarks/swift, engine lokale-swift), on the same generated data.
#
#   make bench            N = 1k, 100k, 1M; 5 repetitions (about 10 minutes on 2 cores)
#   make bench QUICK=1    N = 1k, 100k; 3 repetitions, fewer operations (under 3 minutes)
#
# Environment: NS="1000 100000" overrides the sizes; BENCH_SKIP_BUILD=1 uses the release build
# already in .build; ENGINES="lokale gettext ..." runs only some engines (the report then holds
# only those; `swift` is the Swift driver, skipped with a note when it does not build);
# PREPARE_ONLY=1 stops after building the C drivers and the data (callgrind.sh).
# Writes benchmarks/results/full.{json,md,png} (QUICK=1: quick.*); scratch data lives in benchmarks/.work.
set -euo pipefail
. "$(dirname "$0")/lib.sh" bench
W=$B/.work
QUICK=${QUICK:-}
if is_quick; then
  NS=${NS:-"1000 100000"}; OPS=100000; REPS=3; OPENS=20; TOUCH=1000000; PY_OPS=50000; PY_REPS=3; MODE=quick
else
  NS=${NS:-"1000 100000 1000000"}; OPS=200000; REPS=5; OPENS=50; TOUCH=1000000; PY_OPS=200000; PY_REPS=5; MODE=full
fi
ENGINES=${ENGINES:-"hash-baseline lokale gettext icu-ures python swift"}
PYTHON=${PYTHON:-python3}
export BENCH_LOADAVG_START="$(cat /proc/loadavg)"

# --- tools -------------------------------------------------------------------------------------
need=()
command -v msgfmt >/dev/null || need+=(gettext)
command -v genrb >/dev/null || need+=(icu-devtools)
[ -f /usr/include/unicode/ures.h ] || need+=(libicu-dev)
command -v pkg-config >/dev/null || need+=(pkg-config)
if [ ${#need[@]} -gt 0 ]; then apt_install "${need[@]}"; fi

# --- a private copy of the release build (another build may replace build/ meanwhile) ----------
mkdir -p "$W/lokale" "$W/bin" "$W/data" "$W/raw"
if [ -z "${BENCH_SKIP_BUILD:-}" ]; then build_release "$W/build.log" 1; fi
copy_release "$W/lokale"
LOKALE_CLI=$W/lokale/lokale
cli_sum=$(sha256sum "$LOKALE_CLI" | cut -c1-16)

# --- drivers ------------------------------------------------------------------------------------
CFLAGS_B="-std=c11 -O2 -g -Wall -Wextra -Wno-format-truncation"
ICU_FLAGS=$(pkg-config --cflags --libs icu-uc icu-i18n)
cc $CFLAGS_B -DENGINE_LOKALE -I"$W/lokale" "$B/src/bench.c" -L"$W/lokale" -llokale -Wl,-rpath,"$W/lokale" -o "$W/bin/bench_lokale"
cc $CFLAGS_B -DENGINE_GETTEXT "$B/src/bench.c" -o "$W/bin/bench_gettext"
cc $CFLAGS_B -DENGINE_ICU "$B/src/bench.c" $ICU_FLAGS -o "$W/bin/bench_icu-ures"
cc $CFLAGS_B -DENGINE_HASH "$B/src/bench.c" -o "$W/bin/bench_hash-baseline"
cc $CFLAGS_B "$B/src/hash_build.c" -o "$W/bin/hash_build"
# lokale, the bare hash and gettext in one process, batch for batch (src/side.c; each engine's
# unused functions of engines.h are not warned about)
cc $CFLAGS_B -Wno-unused-function -I"$W/lokale" "$B/src/side.c" -L"$W/lokale" -llokale -Wl,-rpath,"$W/lokale" -o "$W/bin/bench_side"

# --- data: the same messages for every engine, regenerated when a generator changes -------------
gen_sum=$(cat "$B/gen_data.py" "$B/gen_ops.py" "$B/src/hash_build.c" "$B/src/hashfile.h" | sha256sum | cut -c1-16)
for n in $NS; do
  d=$W/data/$n
  if [ "$(cat "$d/.stamp" 2>/dev/null)" != "$gen_sum" ]; then
    log "generating N=$n"
    rm -rf "$d"; mkdir -p "$d/mo/ru/LC_MESSAGES" "$d/res"
    $PYTHON "$B/gen_data.py" "$d" "$n"
    msgfmt -o "$d/mo/ru/LC_MESSAGES/bench.mo" "$d/messages.po"
    genrb -q -d "$d/res" "$d/ru.txt" >/dev/null
    "$W/bin/hash_build" "$d/messages.tsv" "$d/bench.hash"
    $PYTHON "$B/gen_ops.py" "$d" "$n" --ops 200000 --touch 1000000
    rm -f "$d/messages.po" "$d/ru.txt" "$d/messages.tsv"
    echo "$gen_sum" > "$d/.stamp"
  fi
  if [ "$(cat "$d/.lokale-stamp" 2>/dev/null)" != "$cli_sum" ]; then
    log "lokale compile N=$n"
    "$LOKALE_CLI" compile "$d/Localizable.xcstrings" --development-region ru -o "$d/bench.lokale" >/dev/null 2>"$d/compile.log" \
      || { cat "$d/compile.log" >&2; exit 1; }
    # The .mo glibc reads, compiled by lokale: gettext's contract on a gettext catalog (bench_side).
    "$LOKALE_CLI" compile "$d/mo/ru/LC_MESSAGES/bench.mo" -o "$d/gettext.lokale" >/dev/null 2>>"$d/compile.log" \
      || { cat "$d/compile.log" >&2; exit 1; }
    echo "$cli_sum" > "$d/.lokale-stamp"
  fi
  rm -rf "$d"/open_*
done

[ -n "${PREPARE_ONLY:-}" ] && { log "prepared $W/bin and $W/data for N = $NS"; exit 0; }

# --- runs: one process per engine and N ---------------------------------------------------------
raw=$W/raw/$MODE.jsonl
: > "$raw"
PYBIND=$W/pybind
has_speedups=0
if [[ " $ENGINES " == *" python "* ]]; then
  python_binding "$PYBIND" "$W/lokale" "$W/pybind-build.log" && has_speedups=1
fi
has_swift=0
if [[ " $ENGINES " == *" swift "* ]]; then
  # benchmarks/swift: LokaleBundle.string from Swift (the Lokale product, built from this tree in
  # release with its own scratch path, so that it never fights another build), copied to bin/.
  log "swift build -c release --package-path benchmarks/swift"
  SWIFT_SCRATCH=$W/swift-build
  if swift build -c release -j "${JOBS:-2}" --package-path "$B/swift" --scratch-path "$SWIFT_SCRATCH" >"$W/swift-build.log" 2>&1 \
     && cp "$(swift build -c release --package-path "$B/swift" --scratch-path "$SWIFT_SCRATCH" --show-bin-path)/bench-swift" "$W/bin/bench_swift"; then
    has_swift=1
  else
    log "the Swift driver did not build (see $W/swift-build.log): skipping engine swift (lokale-swift)"
  fi
fi
for n in $NS; do
  d=$W/data/$n
  for e in $ENGINES; do
    case $e in
      python)
        export LOKALE_LIBRARY=$W/lokale/liblokale.so PYTHONPATH=$PYBIND
        pyrun() { $PYTHON "$B/bench_py.py" "$@" --ops $PY_OPS --reps $PY_REPS --opens $OPENS >>"$raw"; }
        log "N=$n python-gettext"; pyrun "$d" "$n" python-gettext
        if [ $has_speedups = 1 ]; then
          log "N=$n lokale-python (accelerator)"; pyrun "$d" "$n" lokale-python
          log "N=$n lokale-python and python-gettext side by side"; pyrun "$d" "$n" python-side-by-side
        fi
        log "N=$n lokale-python (ctypes)"; LOKALE_PURE_PYTHON=1 pyrun "$d" "$n" lokale-python-ctypes
        if [ "$n" = "$(echo $NS | cut -d' ' -f1)" ]; then
          log "ctypes / call floors"; LOKALE_PURE_PYTHON=1 pyrun "$d" "$n" ctypes-floor
        fi
        unset LOKALE_LIBRARY PYTHONPATH
        ;;
      swift)
        [ $has_swift = 1 ] || continue
        log "N=$n lokale-swift"
        "$W/bin/bench_swift" "$d" "$n" --ops $OPS --reps $REPS --opens $OPENS --touch $TOUCH >>"$raw" 2>"$W/raw/swift-$n.err" \
          || { cat "$W/raw/swift-$n.err" >&2; exit 1; }
        ;;
      *)
        log "N=$n $e"
        "$W/bin/bench_$e" "$d" "$n" --ops $OPS --reps $REPS --opens $OPENS --touch $TOUCH >>"$raw" 2>"$W/raw/$e-$n.err" \
          || { cat "$W/raw/$e-$n.err" >&2; exit 1; }
        ;;
    esac
  done
  log "N=$n lokale, hash-baseline and gettext side by side"
  "$W/bin/bench_side" "$d" "$n" --ops $OPS --reps $REPS >>"$raw" 2>"$W/raw/side-$n.err" \
    || { cat "$W/raw/side-$n.err" >&2; exit 1; }
done

# --- report -------------------------------------------------------------------------------------
mkdir -p "$B/results"
$PYTHON "$B/report.py" "$raw" --mode "$MODE" --data "$W/data" --lokale-cli "$LOKALE_CLI" \
  --lokale-lib "$W/lokale/liblokale.so" --speedups $has_speedups --out "$B/results/$MODE"
log "done: benchmarks/results/$MODE.{json,md,png}"

# --- per-call languages: requests.sh on the same copy of the release library ----------
# BENCH_SKIP_REQUESTS=1 leaves it out; a failure there does not fail the suite's results above.
if [ -z "${BENCH_SKIP_REQUESTS:-}" ]; then
  log "per-call languages: benchmarks/requests.sh"
  BENCH_SKIP_BUILD=1 QUICK="$QUICK" PYTHON="$PYTHON" bash "$B/requests.sh" \
    || log "requests.sh failed: benchmarks/results/requests.* not updated"
fi

# --- thread scaling: threads.sh on the same copy of the release library ---------------
# BENCH_SKIP_THREADS=1 leaves it out; a failure there does not fail the suite's results above.
TNS=""; for n in $NS; do if [ "$n" -le 100000 ]; then TNS="$TNS $n"; fi; done   # N = 1k and 100k (thread scaling's sizes)
if [ -z "${BENCH_SKIP_THREADS:-}" ] && [ -n "$TNS" ]; then
  log "thread scaling: benchmarks/threads.sh"
  BENCH_SKIP_BUILD=1 QUICK="$QUICK" PYTHON="$PYTHON" THREADS_NS="${TNS# }" bash "$B/threads.sh" \
    || log "threads.sh failed: benchmarks/results/threads.* not updated"
fi

# --- MessageFormat 2 against umsg_format: mf2.sh on the same copy of the release library ----------
# BENCH_SKIP_MF2=1 leaves it out; a failure there does not fail the suite's results above.
if [ -z "${BENCH_SKIP_MF2:-}" ]; then
  log "MessageFormat 2 against umsg_format: benchmarks/mf2.sh"
  BENCH_SKIP_BUILD=1 QUICK="$QUICK" PYTHON="$PYTHON" bash "$B/mf2.sh" || log "mf2.sh failed: benchmarks/results/mf2.* not updated"
fi

# --- one app in every source format: sources.sh (compile against msgfmt, lookups against gettext) ----
# BENCH_SKIP_SOURCES=1 leaves it out; a failure there does not fail the suite's results above.
if [ -z "${BENCH_SKIP_SOURCES:-}" ]; then
  log "Android, ARB, String Catalog and .po side by side: benchmarks/sources.sh"
  BENCH_SKIP_BUILD=1 QUICK="$QUICK" PYTHON="$PYTHON" bash "$B/sources.sh" || log "sources.sh failed: benchmarks/results/sources.* not updated"
fi

# --- web middlewares: web.sh (Flask with lokale's middleware against Flask-Babel) on the same copy ----
# BENCH_SKIP_WEB=1 leaves it out; a failure there does not fail the suite's results above.
if [ -z "${BENCH_SKIP_WEB:-}" ]; then
  log "web middlewares against Flask-Babel: benchmarks/web.sh"
  BENCH_SKIP_BUILD=1 QUICK="$QUICK" PYTHON="$PYTHON" bash "$B/web.sh" || log "web.sh failed: benchmarks/results/web.* not updated"
fi

# --- cold start: coldstart.sh, whole processes with the self-contained build ----------
# BENCH_SKIP_COLDSTART=1 leaves it out; a failure there does not fail the suite's results above.
if [ -z "${BENCH_SKIP_COLDSTART:-}" ]; then
  log "cold start: benchmarks/coldstart.sh"
  QUICK="$QUICK" PYTHON="$PYTHON" bash "$B/coldstart.sh" || log "coldstart.sh failed: benchmarks/results/coldstart.* not updated"
fi
