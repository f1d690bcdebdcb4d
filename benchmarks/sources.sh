#!/usr/bin/env bash
# Android string resources, Flutter ARB files, a String Catalog and gettext .po files holding the
# same app (benchmarks/gen_sources.py: 10,000 strings in 20 locales), side by side:
#   compile   `lokale compile` of each (res/ tree, arb/ files, .xcstrings, .po files) against msgfmt
#             of the 19 .po files (one shell running them in turn); processes interleaved run by run
#   lookups   src/sources.c: plain lookups, a two-argument format and a plural of each compiled
#             table (Russian served) against glibc's dgettext/dngettext + snprintf, in one process
#
#   make bench-sources            N = 10,000; 5 compile runs; 200,000 operations x 5 repetitions
#   make bench-sources QUICK=1    3 compile runs; 50,000 operations x 3 repetitions
#
# Environment: SOURCES_N (strings per locale), BENCH_SKIP_BUILD=1 (reuse benchmarks/.work/lokale/),
# PYTHON. Writes benchmarks/results/sources.{md,json}; scratch in benchmarks/.work/sources.
set -euo pipefail
. "$(dirname "$0")/lib.sh" sources
W=$B/.work
SW=$W/sources
if is_quick; then RUNS=3; OPS=50000; REPS=3; MODE=quick; else RUNS=5; OPS=200000; REPS=5; MODE=full; fi
N=${SOURCES_N:-10000}
PYTHON=${PYTHON:-python3}
need_gettext
[ -x /usr/bin/time ] || apt_install time
command -v pkg-config >/dev/null && [ -f /usr/include/unicode/upluralrules.h ] || apt_install libicu-dev pkg-config

mkdir -p "$W/lokale" "$SW"
if [ -z "${BENCH_SKIP_BUILD:-}" ]; then build_release "$SW/build.log"; copy_release "$W/lokale"
elif [ ! -x "$W/lokale/lokale" ]; then copy_release "$W/lokale"; fi
cc -std=c11 -O2 -g -Wall -Wextra -I"$W/lokale" "$B/src/sources.c" -L"$W/lokale" -llokale -Wl,-rpath,"$W/lokale" \
  $(pkg-config --cflags --libs icu-uc icu-i18n) -o "$SW/sources"

# --- data, regenerated when the generator or N changes ---------------------------------------------
D=$SW/data
stamp="$(sha256sum "$B/gen_sources.py" | cut -c1-16) $N"
if [ "$(cat "$D/.stamp" 2>/dev/null)" != "$stamp" ]; then
  log "generating $N strings x 20 locales"
  rm -rf "$D"; mkdir -p "$D"
  $PYTHON "$B/gen_sources.py" "$D" "$N"
  echo "$stamp" > "$D/.stamp"
fi
strings=$(( $(grep -c '<string \|<plurals ' "$D/res/values/strings.xml") ))

# --- compile: one process per engine and run, interleaved -------------------------------------------
L=$W/lokale/lokale
O=$SW/out
raw=$SW/compile.jsonl
: > "$raw"
measure() {
  local engine=$1 out=$2; shift 2
  rm -rf "$out"
  local t0 t1 e m u s
  t0=$(date +%s%N)
  /usr/bin/time -o "$SW/time.txt" -f "%e %M %U %S" "$@" >/dev/null 2>"$SW/stderr.txt" \
    || { echo "sources.sh: $engine failed:" >&2; cat "$SW/stderr.txt" >&2; exit 1; }
  t1=$(date +%s%N)
  read -r e m u s <<<"$(tail -n 1 "$SW/time.txt")"
  echo "{\"engine\":\"$engine\",\"wall_s\":$(awk "BEGIN{printf \"%.4f\", ($t1-$t0)/1e9}"),\"rss_kib\":$m,\"cpu_s\":$(awk "BEGIN{print $u+$s}"),\"bytes\":$(du -sb "$out" | cut -f1)}" >>"$raw"
}
msgfmt_all() {  # the 19 .po files, as a build would run msgfmt on each
  local out=$1
  for f in "$D"/po/*.po; do
    l=$(basename "$f" .po); mkdir -p "$out/$l/LC_MESSAGES"
    msgfmt -o "$out/$l/LC_MESSAGES/app.mo" "$f" || return 1
  done
}
export -f msgfmt_all; export D
run() {
  mkdir -p "$O"
  case $1 in
    msgfmt)           measure "$1" "$O/mo" bash -c 'msgfmt_all "$0"' "$O/mo" ;;
    lokale-android)   measure "$1" "$O/android.lokale" "$L" compile "$D/res" -o "$O/android.lokale" ;;
    lokale-arb)       measure "$1" "$O/arb.lokale" bash -c '"$0" compile "$1"/arb/*.arb -o "$2"' "$L" "$D" "$O/arb.lokale" ;;
    lokale-xcstrings) measure "$1" "$O/apple.lokale" "$L" compile "$D/Localizable.xcstrings" -o "$O/apple.lokale" ;;
    lokale-po)        measure "$1" "$O/po.lokale" bash -c '"$0" compile "$1"/po/*.po -o "$2"' "$L" "$D" "$O/po.lokale" ;;
  esac
}
ENGINES=(msgfmt lokale-android lokale-arb lokale-xcstrings lokale-po)
for (( r = 0; r < RUNS; r++ )); do
  log "compile run $(( r + 1 ))/$RUNS"
  for (( i = 0; i < ${#ENGINES[@]}; i++ )); do run "${ENGINES[$(( (i + r) % ${#ENGINES[@]} ))]}"; done
done

# --- lookups ----------------------------------------------------------------------------------------
log "lookups, formats and plurals side by side ($OPS operations, $REPS repetitions)"
"$SW/sources" --data "$O" --n "$N" --ops "$OPS" --reps "$REPS" >"$SW/lookups.jsonl" 2>"$SW/lookups.err" \
  || { cat "$SW/lookups.err" >&2; exit 1; }

mkdir -p "$B/results"
MACHINE="$(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')"
$PYTHON "$B/sources_report.py" "$raw" "$SW/lookups.jsonl" "$B/results/sources" "$MODE" "$MACHINE" "$LOADAVG_START" \
  "$(cut -d' ' -f1-3 /proc/loadavg)" "$strings"
log "done: benchmarks/results/sources.{md,json}"
