#!/usr/bin/env bash
# The per-call languages benchmark (servers answering each request in its own languages): a
# lookup whose message carries a request's languages (lokale_message.languages) against a plain
# lookup, per-request lists from Accept-Language headers, the memory of distinct lists; the Python
# binding against gettext translation objects cached per list. Claim measured: a repeated list costs at most 1.5x a plain
# lookup.
#
#   make bench-requests            N = 1k and 100k (about 2 minutes after the release build)
#   make bench-requests QUICK=1    fewer repetitions and operations
#
# Environment: REQUESTS_NS="1000 100000" overrides the sizes; BENCH_SKIP_BUILD=1 skips
# `make build CONFIG=release` and reuses benchmarks/.work/lokale/ (bench.sh's copy of the release
# library) when it has lokale_languages_new, else copies .build/release; PYTHON.
# Writes benchmarks/results/requests.{md,json}; scratch in benchmarks/.work/requests.
set -euo pipefail
. "$(dirname "$0")/lib.sh" requests
W=$B/.work
RW=$W/requests
NS=${REQUESTS_NS:-"1000 100000"}
if is_quick; then
  OPS=100000; REPS=5; PY_OPS=50000; PY_REPS=3
else
  OPS=200000; REPS=15; PY_OPS=100000; PY_REPS=7
fi
PYTHON=${PYTHON:-python3}
need_gettext

# --- the release library, in a private copy (another build may replace build/ meanwhile) --------
mkdir -p "$W/lokale" "$RW/bin" "$RW/data" "$RW/raw"
has_lists() { [ -f "$1" ] && nm -D "$1" 2>/dev/null | grep ' T lokale_languages_new$' >/dev/null; }  # (not grep -q: pipefail)
if [ -z "${BENCH_SKIP_BUILD:-}" ]; then build_release "$RW/build.log"; fi
if [ -z "${BENCH_SKIP_BUILD:-}" ] || ! has_lists "$W/lokale/liblokale.so" || [ ! -x "$W/lokale/lokale" ]; then
  copy_release "$W/lokale"
fi
has_lists "$W/lokale/liblokale.so" || { echo "requests.sh: $W/lokale/liblokale.so has no lokale_languages_new (an older build?)" >&2; exit 1; }
LOKALE_CLI=$W/lokale/lokale
cli_sum=$(sha256sum "$LOKALE_CLI" | cut -c1-16)

cc -std=c11 -O2 -g -Wall -Wextra -Wno-format-truncation -I"$W/lokale" "$B/src/requests.c" -L"$W/lokale" -llokale \
  -Wl,-rpath,"$W/lokale" -o "$RW/bin/requests"

# --- data, regenerated when the generator changes ----------------------------------------------
gen_sum=$(sha256sum "$B/gen_requests.py" | cut -c1-16)
for n in $NS; do
  d=$RW/data/$n
  if [ "$(cat "$d/.stamp" 2>/dev/null)" != "$gen_sum" ]; then
    log "generating N=$n"
    rm -rf "$d"; mkdir -p "$d"
    $PYTHON "$B/gen_requests.py" "$d" "$n" --ops 200000   # the longest stream any mode replays
    for po in "$d"/po/*.po; do
      lang=$(basename "$po" .po); dir=$d/mo/${lang//-/_}/LC_MESSAGES   # gettext's spelling: pt_BR
      mkdir -p "$dir"; msgfmt -o "$dir/bench.mo" "$po"
    done
    echo "$gen_sum" > "$d/.stamp"; rm -f "$d/.lokale-stamp"
  fi
  if [ "$(cat "$d/.lokale-stamp" 2>/dev/null)" != "$cli_sum" ]; then
    log "lokale compile N=$n"
    "$LOKALE_CLI" compile "$d"/po/*.po --development-region en -o "$d/bench.lokale" >/dev/null 2>"$d/compile.log" \
      || { cat "$d/compile.log" >&2; exit 1; }
    echo "$cli_sum" > "$d/.lokale-stamp"
  fi
done

# --- the binding: a snapshot with its accelerator built here, not inside bindings/ --------------
PYBIND=$RW/pybind
python_binding "$PYBIND" "$W/lokale" "$RW/pybind-build.log" || true

# --- runs -----------------------------------------------------------------------------------------
raws=()
for n in $NS; do
  d=$RW/data/$n
  log "N=$n C driver"
  "$RW/bin/requests" "$d" "$n" --ops "$OPS" --reps "$REPS" >"$RW/raw/c-$n.txt" 2>"$RW/raw/c-$n.err" \
    || { cat "$RW/raw/c-$n.err" >&2; exit 1; }
  raws+=("$RW/raw/c-$n.txt")
  log "N=$n Python (gettext, lokale binding)"
  LOKALE_LIBRARY=$W/lokale/liblokale.so PYTHONPATH=$PYBIND \
    $PYTHON "$B/requests_py.py" bench "$d" "$n" --ops "$PY_OPS" --reps "$PY_REPS" >"$RW/raw/py-$n.txt" 2>"$RW/raw/py-$n.err" \
    || { cat "$RW/raw/py-$n.err" >&2; exit 1; }
  grep -h "skipping" "$RW/raw/py-$n.err" >&2 || true
  raws+=("$RW/raw/py-$n.txt")
done

# --- report ---------------------------------------------------------------------------------------
machine=$(LOKALE_LIBRARY=$W/lokale/liblokale.so $PYTHON - "$W/lokale/liblokale.so" "$LOADAVG_START" "$PYBIND" "$(nproc)" <<'EOF'
import ctypes, json, os, platform, subprocess, sys, time
lib = ctypes.CDLL(sys.argv[1])
lib.lokale_version.restype = ctypes.c_char_p
cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), "?")
sys.path.insert(0, sys.argv[3])
try:
    import lokale
    accelerated = bool(lokale.accelerated())
except Exception:
    accelerated = False
print(json.dumps({"nproc": int(sys.argv[4]), "cpu": cpu, "loadavg_start": sys.argv[2],
                  "loadavg_end": " ".join(open("/proc/loadavg").read().split()[:3]),
                  "date": time.strftime("%Y-%m-%d %H:%M:%S %Z"), "kernel": platform.release(),
                  "lokale_version": lib.lokale_version().decode(), "python": platform.python_version(),
                  "accelerated": accelerated, "library": "release (make build CONFIG=release)"}))
EOF
)
mkdir -p "$B/results"
$PYTHON "$B/requests_py.py" report "${raws[@]}" --out "$B/results/requests" --machine "$machine" >/dev/null
log "done: benchmarks/results/requests.{md,json}"
