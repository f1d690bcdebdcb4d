#!/usr/bin/env bash
# `make test-dist`: the release tarball as a C user gets it. Unpacked into a temporary folder, its
# bin/lokale reports its version, compiles the example bundles (through lib/lokale/lokale-tool, the
# whole tool) and looks up by itself (needing neither ICU nor libxml2), bindings/c is built against it
# with nothing but PKG_CONFIG_PATH=<unpacked>/lib/pkgconfig (the .pc finds its prefix from its own
# place) and run, all with a minimal environment (env -i) from outside the checkout; every library
# the CLI and the program load is the tarball's own or the system's C/C++ runtime (no libswift*,
# no ICU or libxml2 from /usr).
#
#   bash Tests/packaging/dist.sh dist/lokale-VERSION-linux-x86_64.tar.gz VERSION
set -euo pipefail
tarball=$(realpath "$1")
version=$2
root=$(cd "$(dirname "$0")/../.." && pwd)

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
tar -C "$tmp" -xzf "$tarball"
top="$tmp/lokale-$version-linux-x86_64"
for f in bin/lokale lib/lokale/lokale-tool lib/lokale/liblokale-icu.so lib/liblokale.so include/lokale.h lib/pkgconfig/lokale.pc; do
  [ -f "$top/$f" ] || { echo "test-dist: the tarball lacks $f" >&2; exit 1; }
done
grep -q '^prefix=${pcfiledir}/../..$' "$top/lib/pkgconfig/lokale.pc" \
  || { echo "test-dist: lokale.pc is not relocatable" >&2; cat "$top/lib/pkgconfig/lokale.pc" >&2; exit 1; }
clean_env=(env -i PATH=/usr/bin:/bin HOME="$tmp" LANG=C.UTF-8)

# Every library a file loads: from the tarball, or the C/C++ runtime and libxml2's own compressors.
check_libraries() {
  local file=$1 deps
  deps=$("${clean_env[@]}" ldd "$file")
  if grep -q 'not found' <<<"$deps"; then echo "test-dist: $file: a library is missing" >&2; echo "$deps" >&2; exit 1; fi
  if grep -q 'libswift' <<<"$deps"; then echo "test-dist: $file needs the Swift runtime" >&2; echo "$deps" >&2; exit 1; fi
  if grep -E 'lib(icu|xml2)' <<<"$deps" | grep -v "=> $top/" >&2; then
    echo "test-dist: $file loads ICU or libxml2 from outside the tarball" >&2; exit 1
  fi
}
check_libraries "$top/bin/lokale"
check_libraries "$top/lib/lokale/lokale-tool"
check_libraries "$top/lib/lokale/liblokale-icu.so"
check_libraries "$top/lib/liblokale.so"
# The front and the library load ICU on first need, and never libxml2 or libstdc++.so.
for f in "$top/bin/lokale" "$top/lib/liblokale.so"; do
  if "${clean_env[@]}" ldd "$f" | grep -E 'lib(icu|xml2|stdc\+\+)'; then echo "test-dist: $f needs them at start" >&2; exit 1; fi
done
# Stripped, it still exports exactly the header's functions.
bash "$root/Tests/C/check_exports.sh" "$top/include/lokale.h" "$top/lib/liblokale.so"

mkdir -p "$tmp/work" && cd "$tmp/work"
out=$("${clean_env[@]}" "$top/bin/lokale" --version)
grep -q "^lokale $version " <<<"$out" || { echo "test-dist: bin/lokale --version said: $out" >&2; exit 1; }
echo "test-dist: $out"
for b in DesktopApp PanelKit; do "${clean_env[@]}" "$top/bin/lokale" compile "$root/examples/$b" -o "$tmp/work/$b.lokale"; done
"${clean_env[@]}" "$top/bin/lokale" compile "$root/examples/DesktopApp" --allow-mixed-localizations -o "$tmp/work/DesktopAppMixed.lokale"
# Lookups by the front: one its table answers, one that needs ICU (de-CH), one with CLDR's matcher
# (the C++ shims from lib/lokale).
for prefer in de de-CH; do
  got=$("${clean_env[@]}" "$top/bin/lokale" lookup "$tmp/work/DesktopApp.lokale" workspace.title --prefer "$prefer")
  [ "$got" = "Arbeitsbereich" ] || { echo "test-dist: lookup --prefer $prefer said '$got'" >&2; exit 1; }
done
got=$("${clean_env[@]}" "$top/bin/lokale" lookup "$tmp/work/DesktopApp.lokale" workspace.title --prefer de-CH --strategy icu)
[ "$got" = "Arbeitsbereich" ] || { echo "test-dist: lookup --strategy icu said '$got'" >&2; exit 1; }
# XLIFF out and back in (the XML reader: the tarball's libxml2): nothing changes.
cp "$root/examples/PanelKit/Localizable.xcstrings" "$tmp/work/Localizable.xcstrings"
"${clean_env[@]}" "$top/bin/lokale" export-xliff "$tmp/work/Localizable.xcstrings" --language de -o "$tmp/work/de.xliff"
"${clean_env[@]}" "$top/bin/lokale" import-xliff "$tmp/work/de.xliff" "$tmp/work/Localizable.xcstrings"
cmp -s "$root/examples/PanelKit/Localizable.xcstrings" "$tmp/work/Localizable.xcstrings" \
  || { echo "test-dist: an XLIFF round trip changed the catalog" >&2; diff "$root/examples/PanelKit/Localizable.xcstrings" "$tmp/work/Localizable.xcstrings" >&2; exit 1; }

# bindings/c, built with the tarball's lokale.pc only, then run over the bundles just compiled.
cp "$root/bindings/c/Makefile" "$root/bindings/c/window.c" "$tmp/work/"
"${clean_env[@]}" PKG_CONFIG_PATH="$top/lib/pkgconfig" CC="${CC:-cc}" make --no-print-directory -C "$tmp/work" OUT="$tmp/work/c"
# (the path comes through the .pc's ${pcfiledir}/../..: compared once resolved)
loaded=$(ldd "$tmp/work/c/window" | awk '$1 == "liblokale.so" { print $3 }')
[ -n "$loaded" ] && [ "$(realpath "$loaded")" = "$top/lib/liblokale.so" ] \
  || { echo "test-dist: window does not load the tarball's liblokale.so" >&2; ldd "$tmp/work/c/window" >&2; exit 1; }
check_libraries "$tmp/work/c/window"
"${clean_env[@]}" "$tmp/work/c/window" "$tmp/work" > "$tmp/window.out" || { cat "$tmp/window.out"; exit 1; }
tail -n 1 "$tmp/window.out"
echo "test-dist: ok ($(basename "$tarball"), $(du -k "$tarball" | cut -f1) KB)"
