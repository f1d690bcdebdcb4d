#!/usr/bin/env bash
# Typed accessors for C and C++ (`lokale compile --emit-c-header`), as a user builds them: generated
# from the C tests' fixtures, compiled with nothing but `pkg-config --cflags --libs lokale` under
# -Wall -Wextra -Werror, run (every accessor equals the general API), generated twice (the same
# bytes), and misused: a misspelled key, a wrong argument type and a missing argument must each
# fail to compile with an error naming the key's accessor.
# Usage: run.sh LOKALE WORK_DIR   (PKG_CONFIG_PATH must find the staged lokale.pc)
set -euo pipefail
lokale=$1 work=$2
root=$(cd "$(dirname "$0")/../.." && pwd)
fixtures=$root/Tests/C/fixtures
CC=${CC:-cc} CXX=${CXX:-c++}
rm -rf "$work" && mkdir -p "$work/again"
fail() { printf 'typed: FAILED: %s\n' "$*" >&2; exit 1; }

generate() { # generate SOURCE NAME PREFIX DIR
  "$lokale" compile "$1" -o "$4/$2.lokale" --emit-c-header "$4/$3_messages.h" --c-prefix "$3" \
    --swift-messages "$4/$2.swift" 2> "$4/$2.log" || { cat "$4/$2.log"; fail "lokale compile $1"; }
}
for dir in "$work" "$work/again"; do
  generate "$fixtures/Tables" Tables tables "$dir"
  generate "$fixtures/arb" ARB arb "$dir"
  generate "$fixtures/mf2" MF2 mf2 "$dir"
done
for f in tables_messages.h arb_messages.h mf2_messages.h Tables.swift ARB.swift MF2.swift; do
  cmp -s "$work/$f" "$work/again/$f" || fail "$f differs between two runs on the same catalogs"
done
echo "typed: generated code is deterministic (6 files, two runs)"

cflags=$(pkg-config --cflags lokale) libs=$(pkg-config --libs lokale)
rpath=$(pkg-config --variable=libdir lokale)
$CC -std=c99 -Wall -Wextra -Werror -I"$work" $cflags "$root/Tests/typed/typed_test.c" $libs -Wl,-rpath,"$rpath" \
  -o "$work/typed_test_c" || fail "the C client does not compile"
"$work/typed_test_c" "$work"
$CXX -std=c++17 -Wall -Wextra -Werror -I"$work" -I"$root/bindings/cpp" $cflags "$root/Tests/typed/typed_test.cpp" $libs \
  -Wl,-rpath,"$rpath" -o "$work/typed_test_cpp" || fail "the C++ client does not compile"
"$work/typed_test_cpp" "$work"

# must_fail LANG NAME PATTERN BODY: BODY in a function that has `b` (a bundle) must not compile,
# and the compiler's error must match PATTERN (the accessor named after the key).
cases=0
must_fail() {
  local lang=$1 name=$2 pattern=$3 body=$4 src out
  if [ "$lang" = c ]; then
    src="$work/fail_$name.c"
    printf '#include "tables_messages.h"\nint use(const lokale_bundle *b);\nint use(const lokale_bundle *b) {\n    char dst[64]; size_t n = 0;\n    %s\n    return (int)n;\n}\n' "$body" > "$src"
    out=$($CC -std=c99 -Wall -Wextra -Werror -I"$work" $cflags -c "$src" -o /dev/null 2>&1) && fail "C: $name compiled: $body"
  else
    src="$work/fail_$name.cpp"
    printf '#include "tables_messages.h"\nstd::string use(const lokale::Bundle &b);\nstd::string use(const lokale::Bundle &b) {\n    %s\n}\n' "$body" > "$src"
    out=$($CXX -std=c++17 -Wall -Wextra -Werror -I"$work" -I"$root/bindings/cpp" $cflags -c "$src" -o /dev/null 2>&1) &&
      fail "C++: $name compiled: $body"
  fi
  grep -q -- "$pattern" <<< "$out" || { printf '%s\n' "$out"; fail "$lang: $name: the error does not name $pattern"; }
  cases=$((cases + 1))
}
must_fail c misspelled-key tables_localizable_filez 'tables_localizable_filez(dst, sizeof dst, &n, b, 3);'
must_fail c misspelled-constant TABLES_LOCALIZABLE_FILEZ 'const char *k = TABLES_LOCALIZABLE_FILEZ; (void)k;'
must_fail c text-for-number tables_localizable_files 'tables_localizable_files(dst, sizeof dst, &n, b, "3");'
must_fail c number-for-text tables_localizable_greeting 'tables_localizable_greeting(dst, sizeof dst, &n, b, 42);'
must_fail c missing-argument tables_localizable_distance 'tables_localizable_distance(dst, sizeof dst, &n, b, 2.5);'
must_fail c extra-argument tables_localizable_files 'tables_localizable_files(dst, sizeof dst, &n, b, 3, 4);'
must_fail cpp misspelled-key tables_localizable_filez 'return tables_localizable_filez(b, 3);'
must_fail cpp text-for-number tables_localizable_files 'return tables_localizable_files(b, "3");'
must_fail cpp number-for-text tables_localizable_greeting 'return tables_localizable_greeting(b, 42);'
must_fail cpp missing-argument tables_localizable_distance 'return tables_localizable_distance(b, 2.5);'
echo "typed: $cases misuses fail to compile, each naming the accessor of its key"
