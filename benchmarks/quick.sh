#!/usr/bin/env bash
# Rough figures for a generated 100,000-key x 3-language catalog: source and compiled size,
# compile time, open time, lookups per second (release build). The comparative benchmark with
# gettext and ICU as anchors is a separate suite.
set -euo pipefail
. "$(dirname "$0")/lib.sh" quick
make build CONFIG=release >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 benchmarks/generate_catalog.py "$work/Localizable.xcstrings" --keys 100000 --languages en,de,fr
python3 -c "import json,sys; print('\n'.join(json.load(open(sys.argv[1]))['strings']))" "$work/Localizable.xcstrings" > "$work/keys.txt"
start=$(date +%s.%N)
build/bin/lokale compile "$work/Localizable.xcstrings" -o "$work/App.lokale"
end=$(date +%s.%N)
cc -O2 -std=c11 -Ibuild/include benchmarks/lookup_quick.c -Lbuild/lib -llokale -Wl,-rpath,"$PWD/build/lib" -o "$work/lookup_quick"
src=$(stat -c %s "$work/Localizable.xcstrings"); out=$(stat -c %s "$work/App.lokale")
echo "source: $src bytes; compiled: $out bytes ($(python3 -c "print(f'{$out/$src:.2f}')")x the source)"
echo "compile: $(python3 -c "print(f'{$end-$start:.2f}')") s"
"$work/lookup_quick" "$work/App.lokale" "$work/keys.txt" de
