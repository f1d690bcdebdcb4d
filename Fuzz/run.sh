#!/usr/bin/env bash
# Builds the libFuzzer targets (-sanitize=fuzzer,address) and runs each on a scratch copy of its
# committed corpus, so that `make fuzz` never pollutes Fuzz/corpus/.
#   run.sh fuzz SECONDS [TARGET...]   fuzz each target for SECONDS
#   run.sh ci SECONDS                 replay every committed corpus, then fuzz each for SECONDS
# Crash reproducers land in Fuzz/artifacts/<target>/; replay one with `<bin>/fuzz-<target> FILE`.
set -euo pipefail
cd "$(dirname "$0")"
mode=${1:-fuzz}; seconds=${2:-60}; shift 2 || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(table strings catalog format language capi gettext tooling accept mf2 icumf arb android)
SWIFT=${SWIFT:-swift}
NICE=${NICE:-nice -n 10}
JOBS=${JOBS:-2}
# Release: libFuzzer needs speed; -O keeps Swift's own overflow and bounds traps. One combined
# -sanitize= flag (SPEC §12: only the last one counts, and `--sanitize fuzzer --sanitize address`
# emits two, leaving the library modules without coverage); C and C++ (ICU shims, the C harness)
# get coverage and ASan too, the fuzzer runtime being linked by swiftc.
build=("$SWIFT" build -c release -j "$JOBS" -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld
       -Xcc -fsanitize=fuzzer-no-link,address -Xcxx -fsanitize=fuzzer-no-link,address)
t0=$(date +%s)
bash ../Tests/swiftpm/replan.sh .
# The build's status is kept before its progress lines are filtered out of its output.
log=$(mktemp /tmp/lokale-fuzz-build.XXXXXX)
status=0
$NICE "${build[@]}" > "$log" 2>&1 || status=$?
grep -v '^\[' "$log" || true
rm -f "$log"
[ "$status" = 0 ] || { echo "fuzz: build failed (status $status)" >&2; exit 1; }
bin=$("${build[@]}" --show-bin-path)
# fuzz-capi's liblokale-c.so loads ICU on first need through the C++ shims beside it.
make --no-print-directory -C .. icu-shims ICU_SHIMS_DIR="$bin" > /dev/null
echo "fuzz: built in $(( $(date +%s) - t0 ))s ($bin)"

export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1}
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$PWD/lsan.supp}
scratch=$(mktemp -d /tmp/lokale-fuzz.XXXXXX)
trap 'rm -rf "$scratch"' EXIT
status=0
failed=()
# What went wrong is repeated after the last target (CI shows a log's end): the target, its
# reproducer and the report's first lines.
report() {
  failed+=("$1")
  { echo "== $1: $2"; { ls -t "artifacts/$1" 2>/dev/null || true; } | head -3 | sed "s|^|   reproducer: Fuzz/artifacts/$1/|"
    { grep -m1 -B2 -A25 -E 'ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)|^==[0-9]+==|Fatal error|SUMMARY' "$3" || tail -n 25 "$3"; } | head -40
  } >> "$scratch/failures.txt" || true
}
for t in "${targets[@]}"; do
  exe=$bin/fuzz-$t
  mkdir -p "artifacts/$t" "$scratch/$t"
  cp corpus/$t/* "$scratch/$t/"
  opts=(-artifact_prefix="artifacts/$t/" -max_len=65536 -rss_limit_mb=4096 -timeout=20 -print_final_stats=1)
  [ -f "dict/$t.dict" ] && opts+=(-dict="dict/$t.dict")
  if [ "$mode" = ci ]; then
    echo "fuzz: replaying corpus/$t"
    if ! $NICE "$exe" "${opts[@]}" -runs=0 corpus/$t/* >"$scratch/$t.replay.log" 2>&1; then
      tail -n 60 "$scratch/$t.replay.log"; echo "fuzz: $t: replay FAILED" >&2; status=1
      report "$t" "replay of corpus/$t failed" "$scratch/$t.replay.log"; continue
    fi
  fi
  echo "fuzz: $t for ${seconds}s"
  if ! $NICE "$exe" "${opts[@]}" -max_total_time="$seconds" "$scratch/$t" >"$scratch/$t.log" 2>&1; then
    tail -n 80 "$scratch/$t.log"; echo "fuzz: $t: FAILED (reproducer in Fuzz/artifacts/$t/)" >&2; status=1
    report "$t" "fuzzing found a failure" "$scratch/$t.log"; continue
  fi
  grep -E '^stat::number_of_executed_units|^stat::peak_rss_mb' "$scratch/$t.log" | sed "s/^/fuzz: $t: /"
  echo "fuzz: $t: corpus $(ls "$scratch/$t" | wc -l) inputs (scratch; committed corpus untouched)"
done
echo "fuzz: total $(( $(date +%s) - t0 ))s"
if [ ${#failed[@]} -gt 0 ]; then
  cat "$scratch/failures.txt" >&2
  echo "fuzz: FAILED: ${failed[*]}" >&2
fi
exit $status
