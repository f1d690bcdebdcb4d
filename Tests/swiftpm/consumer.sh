#!/usr/bin/env bash
# Lokale as a Swift user gets it: the example package examples/SummaryLabel, made to depend on a
# tagged clone of this repository by file:// URL and version (SwiftPM refuses unsafeFlags in such a
# dependency), built with the plugin (tables embedded, as the example's lokale.json files ask), run
# in several languages, switched, persisted, tested, copied alone; then rebuilt with tables as
# resources, copied with its resource folders, and given a broken catalog and a bad lokale.json. Usage: consumer.sh [WORK_DIR] (default: a temporary one).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
version=$(sed -n 's/^#define LOKALE_VERSION_\(MAJOR\|MINOR\|PATCH\) *\([0-9][0-9]*\) *$/\2/p' "$root/include/lokale.h" | paste -sd.)
work=${1:-$(mktemp -d)}
[ -n "${1:-}" ] || trap 'rm -rf "$work"' EXIT
jobs=${JOBS:-2}
step() { printf 'consumer: %s\n' "$*"; }
fail() { printf 'consumer: FAILED: %s\n' "$*" >&2; exit 1; }
# `swift SUBCOMMAND ARGS...`. SwiftPM itself has been seen to die of a signal (in libdispatch, while a
# build plugin runs); such a death (status above 128) is run again once, and said on the script's
# stderr (fd 3: the callers send the command's output to a log). A build that fails is not.
exec 3>&2
spm() {
  local status=0
  swift "$@" || status=$?
  if [ "$status" -gt 128 ]; then
    printf 'consumer: swift %s died of signal %d (SwiftPM itself, not the build): once more\n' "$1" $((status - 128)) >&3
    status=0
    swift "$@" || status=$?
  fi
  return "$status"
}

# --- the dependency: this working tree (tracked and new files, not ignored ones), committed and tagged
step "tagging a clone of the working tree as $version in $work/lokale"
rm -rf "$work/lokale" "$work/app" "$work/copied" "$work/alone" && mkdir -p "$work/lokale"
(cd "$root" && git ls-files -z --cached --others --exclude-standard) |
  while IFS= read -r -d '' f; do
    [ -e "$root/$f" ] || continue # deleted in the working tree
    mkdir -p "$work/lokale/$(dirname "$f")" && cp -p "$root/$f" "$work/lokale/$f"
  done
git -C "$work/lokale" init -q
git -C "$work/lokale" -c user.name=lokale -c user.email=ci@lokale.invalid add -A
git -C "$work/lokale" -c user.name=lokale -c user.email=ci@lokale.invalid commit -q -m "snapshot for the consumer test"
git -C "$work/lokale" tag "$version"

# --- the user's package: the example, by URL and version
cp -r "$root/examples/SummaryLabel" "$work/app"
rm -rf "$work/app/.build" "$work/app/.swiftpm" "$work/app/Package.resolved"
sed -i "s|\.package(name: \"lokale\", path: \"\.\./\.\.\")|.package(url: \"file://$work/lokale\", from: \"$version\")|" "$work/app/Package.swift"
grep -q "file://$work/lokale" "$work/app/Package.swift" || fail "could not point the example at the tagged clone"
cd "$work/app"
swiftpm=(--disable-dependency-cache -j "$jobs")

step "swift build (the plugin compiles both targets' String Catalogs)"
spm build "${swiftpm[@]}" > "$work/build.log" 2>&1 || { cat "$work/build.log"; fail "swift build"; }
grep -i "unhandled\|unsafe" "$work/build.log" && fail "SwiftPM warned about the package (above)"
grep -q "Compiling the String Catalogs of SummaryKit" "$work/build.log" || fail "the plugin did not run for SummaryKit"
bin=$(swift build --show-bin-path)

step "lokale extract finds every message of the example's code in its catalogs, with typed specifiers and no warning"
lokale=${LOKALE:-$root/build/bin/lokale}
[ -x "$lokale" ] || fail "no lokale tool at $lokale (make build)"
# SummaryDemo calls SummaryKit's SummaryLabel(key:) (a Message parameter): --declarations reads it,
# so that "Collection: %@" is found, not marked stale. Then the same with the compiler (the build above).
for mode in tokens compiler; do
  for t in SummaryDemo SummaryKit; do
    mkdir -p "$work/extract/$t" && cp "Sources/$t/Localizable.xcstrings" "$work/extract/$t/"
    extra=(--declarations Sources/SummaryKit)
    [ $mode = compiler ] && extra+=(--swift-build-path .build)
    "$lokale" extract "Sources/$t" -o "$work/extract/$t/Localizable.xcstrings" "${extra[@]}" > /dev/null 2> "$work/extract.err" ||
      { cat "$work/extract.err"; fail "lokale extract Sources/$t ($mode)"; }
    grep -q "warning" "$work/extract.err" && { cat "$work/extract.err"; fail "extraction warned ($mode)"; }
    grep -q " 0 added, 0 updated, 0 marked stale" "$work/extract.err" ||
      { cat "$work/extract.err"; fail "extraction ($mode) disagrees with the catalog of $t"; }
    [ $mode = tokens ] || grep -q "note: type-checked" "$work/extract.err" || { cat "$work/extract.err"; fail "the compiler did not run"; }
  done
done

export XDG_CONFIG_HOME="$work/config"
check() { # check EXPECTED_FILE COMMAND...
  local expected=$1; shift
  "$@" > "$work/out.txt" 2> "$work/err.txt" || { cat "$work/err.txt"; fail "$* exited with $?"; }
  diff -u "$root/examples/SummaryLabel/Expected/$expected" "$work/out.txt" || fail "$* (LANGUAGE=${LANGUAGE:-}) differs from Expected/$expected"
  [ ! -s "$work/err.txt" ] || { cat "$work/err.txt"; fail "$* wrote to stderr"; }
}
for l in fr de pl ja sv es; do
  LANGUAGE=$l check "$l.txt" "$bin/SummaryDemo"
done
step "6 languages as expected (es: the library follows the application, which has no Spanish)"
LANGUAGE=en check switch-pl.txt "$bin/SummaryDemo" --count 1 --count 3 --switch pl
# Requests served concurrently in tasks, each in its Accept-Language: the process's own French must
# not leak in, and each page is what a process started with those languages shows.
LANGUAGE=fr check serve.txt "$bin/SummaryDemo" --count 1 --count 3 --serve "pl, en;q=0.5" "de-CH, fr;q=0.9" "es-MX,es;q=0.9" "ja" "*" "sv;q=0.8, xx-YY"
for pair in "pl, en;q=0.5|pl:en" "ja|ja" "sv;q=0.8, xx-YY|sv"; do
  header=${pair%|*}
  # A process of its own, with no in-app language kept (the --switch above stored Polish).
  mkdir -p "$work/no-settings"
  XDG_CONFIG_HOME="$work/no-settings" LANGUAGE=${pair#*|} "$bin/SummaryDemo" --count 1 --count 3 > "$work/process.txt"
  LANGUAGE=de "$bin/SummaryDemo" --count 1 --count 3 --serve "$header" | tail -n +2 > "$work/request.txt"
  diff -u "$work/process.txt" "$work/request.txt" || fail "the request '$header' differs from a process in ${pair#*|}"
done
step "requests in concurrent tasks (withLanguages): each in its own languages, as a process in them"
step "in-app switch: the change stream yields and the window redraws in Polish"
LANGUAGE=en spm run "${swiftpm[@]}" SummaryDemo --set-language fr > /dev/null 2>&1 || fail "--set-language fr"
[ -f "$XDG_CONFIG_HOME/lokale/SummaryLabel.SummaryDemo.language" ] || fail "the in-app language was not stored under the main bundle's identifier"
LANGUAGE=de check fr.txt "$bin/SummaryDemo"
LANGUAGE=de "$bin/SummaryDemo" --set-language system > /dev/null
LANGUAGE=de check de.txt "$bin/SummaryDemo"
step "persisted in-app language: stored by one run, used by the next, reset"

step "swift test (the library's table embedded in the test program)"
spm test "${swiftpm[@]}" > "$work/test.log" 2>&1 || { cat "$work/test.log"; fail "swift test"; }
grep -q "passed" "$work/test.log" || { cat "$work/test.log"; fail "swift test ran no test"; }

step "embedded tables (lokale.json: \"embed\": true): no resource folder, no Foundation, the executable runs copied alone"
ls -d "$bin"/*SummaryKit*.resources "$bin"/*SummaryDemo*.resources 2> /dev/null && fail "an embedded target got a resource folder"
readelf -d "$bin/SummaryDemo" > "$work/needed.txt" || fail "readelf -d SummaryDemo"
grep -q "NEEDED" "$work/needed.txt" || fail "readelf shows no NEEDED entry"
grep -i "Foundation" "$work/needed.txt" && fail "SummaryDemo links Foundation (above) although its tables are embedded"
ldd "$bin/SummaryDemo" | grep -i "Foundation" && fail "SummaryDemo loads Foundation (above)"
mkdir -p "$work/alone"
cp "$bin/SummaryDemo" "$work/alone/"
mv .build .build-away
for l in fr pl ja es; do
  (cd "$work/alone" && LANGUAGE=$l check "$l.txt" ./SummaryDemo)
done
mv .build-away .build
step "4 languages from the executable alone in $work/alone, the build folder moved away"

step "resource mode (\"embed\": false): tables shipped in <package>_<target>.resources folders"
# A build that settles the plan (moving .build away and back makes SwiftPM plan again).
spm build "${swiftpm[@]}" > "$work/build.log" 2>&1 || { cat "$work/build.log"; fail "swift build"; }
for t in SummaryKit SummaryDemo; do printf '{ "embed": false }\n' > "Sources/$t/lokale.json"; done
# SwiftPM keeps the plugin's plan (outputs, flags) until the package's files or manifest change;
# the compile command notices that lokale.json no longer says what the plan was made from.
if spm build "${swiftpm[@]}" > "$work/stale.log" 2>&1; then fail "a lokale.json changed since the plan built silently"; fi
# Either target's compile may be the one that stops the build first.
grep -Eq "Sources/(SummaryKit|SummaryDemo)/lokale.json: error: changed since SwiftPM planned this build.*touch Package.swift" "$work/stale.log" ||
  { cat "$work/stale.log"; fail "no error naming lokale.json and what to do"; }
touch Package.swift
spm build "${swiftpm[@]}" > "$work/build.log" 2>&1 || { cat "$work/build.log"; fail "swift build with embed false"; }
grep -i "unhandled\|unsafe" "$work/build.log" && fail "SwiftPM warned about the package (above)"
[ -f "$bin/SummaryLabel_SummaryKit.resources/SummaryKit.lokale" ] || fail "no resource folder for SummaryKit with embed false"
LANGUAGE=sv check sv.txt "$bin/SummaryDemo"

step "the executable copied elsewhere with its resource folders, the build folder moved away"
mkdir -p "$work/copied"
cp "$bin/SummaryDemo" "$work/copied/"
cp -r "$bin"/*.resources "$work/copied/"
mv .build .build-away
LANGUAGE=de check de.txt "$work/copied/SummaryDemo"
rm -rf "$work/copied/SummaryLabel_SummaryKit.resources"
LANGUAGE=de "$work/copied/SummaryDemo" > "$work/out.txt" 2> "$work/err.txt" || fail "a missing resource made the program fail"
grep -q "no SummaryKit.lokale at $work/copied/SummaryLabel_SummaryKit.resources/SummaryKit.lokale" "$work/err.txt" ||
  { cat "$work/err.txt"; fail "the missing resource's message does not name the path searched"; }
grep -q "^== Summary ==$" "$work/out.txt" || fail "without its table the library does not show its default value"
grep -q "^\[ 1 Objekt \]$" "$work/out.txt" || fail "the application's own bundle stopped working"
mv .build-away .build
step "missing resource: one message naming the paths searched, default values shown"

step "a broken catalog fails the build at its file and line"
catalog=Sources/SummaryKit/Localizable.xcstrings
cp "$catalog" "$work/catalog.saved"
printf '{\n  "sourceLanguage" : "en",\n  "strings" : {\n    "x" : { "localizations" : [ }\n  }\n}\n' > "$catalog"
if spm build "${swiftpm[@]}" > "$work/broken.log" 2>&1; then fail "a broken catalog built"; fi
grep -Eq "Localizable.xcstrings:[0-9]+(:[0-9]+)?: error: " "$work/broken.log" ||
  { cat "$work/broken.log"; fail "no file:line: error: diagnostic for the broken catalog"; }
grep -E "Localizable.xcstrings:[0-9]+" "$work/broken.log" | head -n 1
cp "$work/catalog.saved" "$catalog"
spm build "${swiftpm[@]}" > "$work/build.log" 2>&1 || { cat "$work/build.log"; fail "rebuild after repairing the catalog"; }
LANGUAGE=ja check ja.txt "$bin/SummaryDemo"

step "typed accessors: a misspelled key, a wrong argument type and a missing argument do not compile"
grep -E "LokaleMessages.swift:[0-9]+:[0-9]+: warning" "$work/build.log" && fail "the generated accessors have warnings (above)"
main=Sources/SummaryDemo/main.swift
cp "$main" "$work/main.saved"
use='.Localizable.summaryItemCount(count: itemCount)'
grep -qF "$use" "$main" || fail "SummaryDemo no longer uses the generated accessor $use"
for misuse in "summaryItemCont(count: itemCount)|has no member 'summaryItemCont'" \
              "summaryItemCount(count: \"many\")|cannot convert value of type 'String' to expected argument type 'Int'" \
              "summaryItemCount()|missing argument for parameter 'count'"; do
  code=${misuse%|*} expected=${misuse#*|}
  cp "$work/main.saved" "$main"
  sed -i "s|\.Localizable\.summaryItemCount(count: itemCount)|.Localizable.$code|" "$main"
  if spm build "${swiftpm[@]}" > "$work/misuse.log" 2>&1; then fail "SummaryDemo built with .Localizable.$code"; fi
  grep -qF "$expected" "$work/misuse.log" || { cat "$work/misuse.log"; fail "no error '$expected' for .Localizable.$code"; }
  grep -A3 "error: " "$work/misuse.log" | grep -q "summaryItemCo" || { cat "$work/misuse.log"; fail "the error for .Localizable.$code does not show the key's accessor"; }
done
cp "$work/main.saved" "$main"
spm build "${swiftpm[@]}" > "$work/build.log" 2>&1 || { cat "$work/build.log"; fail "rebuild after the misuses"; }

step "\"accessors\": false in lokale.json: no accessors generated, so code that uses them does not compile"
cp Sources/SummaryDemo/lokale.json "$work/lokale.json.saved"
printf '{ "embed": true, "accessors": false }\n' > Sources/SummaryDemo/lokale.json
touch Package.swift
if spm build "${swiftpm[@]}" > "$work/noaccessors.log" 2>&1; then fail "SummaryDemo built without its accessors"; fi
# SummaryKit's accessors are internal to SummaryKit: what the compiler finds is not SummaryDemo's.
grep -Eq "has no member 'Localizable'|'Localizable' is inaccessible due to 'internal' protection level" "$work/noaccessors.log" ||
  { cat "$work/noaccessors.log"; fail "no error for the accessors turned off"; }
grep -q "SummaryDemo/destination/LokaleCompilerPlugin/LokaleMessages.swift" "$work/noaccessors.log" &&
  { cat "$work/noaccessors.log"; fail "SummaryDemo's accessors were still compiled"; }
cp "$work/lokale.json.saved" Sources/SummaryDemo/lokale.json
touch Package.swift

step "a bad lokale.json fails the build naming the file"
printf '{ "embed": true, "embedd": false }\n' > Sources/SummaryKit/lokale.json
touch Package.swift
if spm build "${swiftpm[@]}" > "$work/badconfig.log" 2>&1; then fail "an unknown key in lokale.json built"; fi
grep -q "Sources/SummaryKit/lokale.json.*unknown key \"embedd\"" "$work/badconfig.log" ||
  { cat "$work/badconfig.log"; fail "no diagnostic naming lokale.json and the unknown key"; }
step "ok"
