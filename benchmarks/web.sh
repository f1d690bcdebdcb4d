#!/usr/bin/env bash
# The web middlewares' cost per request (lokale.asgi, lokale.wsgi): Flask with and without
# lokale.wsgi.LanguageMiddleware against Flask-Babel's locale selector and force_locale on the same
# app and messages; bare WSGI and ASGI functions and Starlette with and without the middlewares.
# In process, no server (web_py.py says how); the servers themselves are tested by `make test-web`.
#
#   make bench-web            about a minute after the release build
#   make bench-web QUICK=1    fewer requests
#
# Environment: BENCH_SKIP_BUILD=1 skips `make build CONFIG=release` and reuses
# benchmarks/.work/lokale/ (bench.sh's copy of the release library) when it is there, else copies
# .build/release; PYTHON (the venv of Flask, Flask-Babel and Starlette is made from it, as `make
# test-web` makes it: build/tools/<python>-web). Writes benchmarks/results/web.{md,json}; scratch
# in benchmarks/.work/web.
set -euo pipefail
. "$(dirname "$0")/lib.sh" web
W=$B/.work
WW=$W/web
PYTHON=${PYTHON:-python3}
if is_quick; then REQUESTS=10000; REPS=3; else REQUESTS=40000; REPS=7; fi

# --- the release library, in a private copy (another build may replace build/ meanwhile) --------
mkdir -p "$W/lokale" "$WW"
if [ -z "${BENCH_SKIP_BUILD:-}" ]; then build_release "$WW/build.log"; fi
if [ -z "${BENCH_SKIP_BUILD:-}" ] || [ ! -f "$W/lokale/liblokale.so" ] || [ ! -x "$W/lokale/lokale" ]; then
  copy_release "$W/lokale"
fi

# --- Flask, Flask-Babel, Starlette: test-only packages, in the venv `make test-web` uses -----------
WEB_TOOLS=$ROOT/build/tools/$(basename "$PYTHON")-web
make --no-print-directory PYTHON="$PYTHON" "$WEB_TOOLS/.installed" >"$WW/venv.log" 2>&1 || { cat "$WW/venv.log" >&2; exit 1; }
WEB_PYTHON=$WEB_TOOLS/bin/python

# --- data: three messages in five languages, as .po (lokale compile) and .mo (Flask-Babel) --------
sum=$(cat "$B/web_py.py" "$W/lokale/lokale" | sha256sum | cut -c1-16)
if [ "$(cat "$WW/data/.stamp" 2>/dev/null)" != "$sum" ]; then
  rm -rf "$WW/data"; mkdir -p "$WW/data"
  $WEB_PYTHON "$B/web_py.py" data "$WW/data"
  "$W/lokale/lokale" compile "$WW/data"/po/*.po --development-region en -o "$WW/data/web.lokale" >/dev/null 2>"$WW/compile.log" \
    || { cat "$WW/compile.log" >&2; exit 1; }
  echo "$sum" > "$WW/data/.stamp"
fi

# --- the binding: a snapshot with its accelerator built here, not inside bindings/ --------------
PYBIND=$WW/pybind
python_binding "$PYBIND" "$W/lokale" "$WW/pybind-build.log" || true

machine=$(LOKALE_LIBRARY=$W/lokale/liblokale.so $PYTHON - "$W/lokale/liblokale.so" "$LOADAVG_START" "$(nproc)" <<'PY'
import ctypes, json, platform, sys, time
lib = ctypes.CDLL(sys.argv[1])
lib.lokale_version.restype = ctypes.c_char_p
cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), "?")
print(json.dumps({"nproc": int(sys.argv[3]), "cpu": cpu, "loadavg_start": sys.argv[2],
                  "date": time.strftime("%Y-%m-%d %H:%M:%S %Z"), "kernel": platform.release(),
                  "lokale_version": lib.lokale_version().decode(), "python": platform.python_version(),
                  "library": "the release build"}))
PY
)

log "bench: $REQUESTS requests a case, $REPS repetitions"
mkdir -p "$B/results"
LOKALE_LIBRARY=$W/lokale/liblokale.so PYTHONPATH=$PYBIND \
  $WEB_PYTHON "$B/web_py.py" bench "$WW/data" --bundle "$WW/data/web.lokale" --requests "$REQUESTS" --reps "$REPS" \
  --out "$B/results/web" --machine "$machine" >"$WW/bench.out" 2>"$WW/bench.err" || { cat "$WW/bench.err" >&2; exit 1; }
log "done: benchmarks/results/web.{md,json}"
