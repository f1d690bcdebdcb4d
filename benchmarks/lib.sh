# Shared by the benchmark scripts (bench.sh, callgrind.sh, coldstart.sh, compile.sh, quick.sh,
# requests.sh, threads.sh); sourced, never run:
#
#   . "$(dirname "$0")/lib.sh" NAME     NAME prefixes the log lines ("[NAME 12s] ...")
#
# Leaves the shell in the repository's root and sets ROOT (that root) and B (benchmarks/), the
# start time of the log lines and LOADAVG_START (the load average before the run, three figures).

cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT=$PWD
B=$ROOT/benchmarks
BENCH_LOG_NAME=${1:-bench}
BENCH_START=$(date +%s)
LOADAVG_START="$(cut -d' ' -f1-3 /proc/loadavg)"

# A progress line on stderr, with the seconds since the script started.
log() { echo "[$BENCH_LOG_NAME $(( $(date +%s) - BENCH_START ))s] $*" >&2; }

# Whether QUICK asks for the short run (set and not 0).
is_quick() { [ -n "${QUICK:-}" ] && [ "$QUICK" != 0 ]; }

# apt-get install PACKAGE..., quietly (the scripts run as root in throwaway containers).
apt_install() {
  log "installing $*"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

# gettext's tools (msgfmt), installed when missing.
need_gettext() { command -v msgfmt >/dev/null || apt_install gettext; }

# make build CONFIG=release, its output in LOG; up to ATTEMPTS tries (default 3), again only when
# SwiftPM failed because another build of the tree changed its sources meanwhile ("modified during
# the build"). Exits, printing LOG, on any other failure.
build_release() {
  local log_file=$1 attempts=${2:-3} attempt
  log "make build CONFIG=release"
  for (( attempt = 1; attempt <= attempts; attempt++ )); do
    make --no-print-directory build CONFIG=release >"$log_file" 2>&1 && return 0
    grep -q "modified during the build" "$log_file" && (( attempt < attempts )) || break
    log "sources changed during the build: again ($attempt)"; sleep 5
  done
  cat "$log_file"; exit 1
}

# Copies the release build's library (the SwiftPM product lokale-c, see Makefile), CLI and header
# into DIR as liblokale.so, lokale and lokale.h: a private copy, so that another build replacing
# .build meanwhile changes nothing under the measurement.
copy_release() {
  local dir=$1 rel
  rel=$(swift build -c release --show-bin-path)
  cp "$rel/liblokale-c.so" "$dir/liblokale.so"
  # The C++ shims it loads with ICU on first need, beside it.
  make --no-print-directory icu-shims ICU_SHIMS_DIR="$dir" >/dev/null
  cp "$rel/lokale-cli" "$dir/lokale"
  cp "$ROOT/include/lokale.h" "$dir/lokale.h"
}

# A snapshot of the Python binding in DIR, with its C accelerator (when it has one) built there
# against the header in INCLUDE_DIR, not inside bindings/; the build's output in LOG. Returns 0 when
# the accelerator built, else says so and returns 1 (the binding then runs on ctypes).
python_binding() {
  local dir=$1 include_dir=$2 log_file=$3
  rm -rf "$dir"; mkdir -p "$dir"
  cp -r "$ROOT"/bindings/python/lokale "$ROOT"/bindings/python/setup.py "$ROOT"/bindings/python/pyproject.toml "$dir"/ 2>/dev/null || true
  find "$dir" -name '*.so' -delete
  ls "$dir"/lokale/*.c >/dev/null 2>&1 || return 1
  if (cd "$dir" && LOKALE_INCLUDE_DIR=$include_dir ${PYTHON:-python3} setup.py -q build_ext --inplace >"$log_file" 2>&1) \
     && ls "$dir"/lokale/_speedups*.so >/dev/null 2>&1; then
    return 0
  fi
  log "the binding's accelerator did not build (see $log_file): measuring ctypes only"
  return 1
}
