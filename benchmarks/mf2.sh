#!/usr/bin/env bash
# MessageFormat 2 against ICU4C's MessageFormat (umsg_format), side by side in one process: a
# plural message with one number, English and Russian, small (0..999) and large (1,000..9,999,999)
# counts (src/mf2.c). Claim measured: lokale_message_format_format at least 3x faster than
# umsg_format of the equivalent ICU pattern.
#
#   make bench-mf2            200,000 operations, 5 repetitions (well under a minute after the build)
#   make bench-mf2 QUICK=1    50,000 operations, 3 repetitions
#
# Environment: BENCH_SKIP_BUILD=1 skips `make build CONFIG=release` and reuses benchmarks/.work/lokale/
# (bench.sh's copy of the release library) when it has lokale_message_format_format, else copies
# .build/release; PYTHON. Writes benchmarks/results/mf2.{md,json}; scratch in benchmarks/.work/mf2.
set -euo pipefail
. "$(dirname "$0")/lib.sh" mf2
W=$B/.work
MW=$W/mf2
if is_quick; then OPS=50000; REPS=3; else OPS=200000; REPS=5; fi
PYTHON=${PYTHON:-python3}
command -v pkg-config >/dev/null && [ -f /usr/include/unicode/umsg.h ] || apt_install libicu-dev pkg-config

# --- the release library, in a private copy (another build may replace build/ meanwhile) --------
mkdir -p "$W/lokale" "$MW"
has_mf2() { [ -f "$1" ] && nm -D "$1" 2>/dev/null | grep ' T lokale_message_format_format$' >/dev/null; }  # (not grep -q: pipefail)
if [ -z "${BENCH_SKIP_BUILD:-}" ]; then build_release "$MW/build.log"; fi
if [ -z "${BENCH_SKIP_BUILD:-}" ] || ! has_mf2 "$W/lokale/liblokale.so"; then copy_release "$W/lokale"; fi
has_mf2 "$W/lokale/liblokale.so" || { echo "mf2.sh: $W/lokale/liblokale.so has no lokale_message_format_format" >&2; exit 1; }

cc -std=c11 -O2 -g -Wall -Wextra -I"$W/lokale" "$B/src/mf2.c" -L"$W/lokale" -llokale -Wl,-rpath,"$W/lokale" \
  $(pkg-config --cflags --libs icu-uc icu-i18n) -o "$MW/mf2"

# The same messages as catalog resources (src/mf2.c's MESSAGES), compiled by the release CLI.
mkdir -p "$MW/catalog/en.lproj" "$MW/catalog/ru.lproj"
printf '%s\n' '{"files": ".input {$count :integer}\n.match $count\none {{You have {$count} file.}}\n* {{You have {$count} files.}}"}' \
  > "$MW/catalog/en.lproj/Localizable.mf2.json"
printf '%s\n' '{"files": ".input {$count :integer}\n.match $count\none {{У вас {$count} файл.}}\nfew {{У вас {$count} файла.}}\nmany {{У вас {$count} файлов.}}\n* {{У вас {$count} файла.}}"}' \
  > "$MW/catalog/ru.lproj/Localizable.mf2.json"
"$W/lokale/lokale" compile "$MW/catalog/en.lproj/Localizable.mf2.json" "$MW/catalog/ru.lproj/Localizable.mf2.json" \
  -o "$MW/MF2.lokale" >/dev/null 2>"$MW/compile.log" || { cat "$MW/compile.log" >&2; exit 1; }

# --- run and report -------------------------------------------------------------------------------
log "lokale_message_format_format and umsg_format side by side ($OPS operations, $REPS repetitions)"
"$MW/mf2" --ops "$OPS" --reps "$REPS" --bundle "$MW/MF2.lokale" >"$MW/raw.jsonl" 2>"$MW/raw.err" || { cat "$MW/raw.err" >&2; exit 1; }
mkdir -p "$B/results"
$PYTHON "$B/mf2_report.py" "$MW/raw.jsonl" --lokale-lib "$W/lokale/liblokale.so" --loadavg-start "$LOADAVG_START" \
  --out "$B/results/mf2"
log "done: benchmarks/results/mf2.{md,json}"
