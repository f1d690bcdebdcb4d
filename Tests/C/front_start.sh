#!/usr/bin/env bash
# `lokale lookup BUNDLE KEY`, which the front answers by the C start before its Swift code runs
# (Sources/LokaleFrontStart), against the same lookup run by the Swift command (a `--table` of the
# default table keeps the C start out): the same output, errors and status for every key of the
# example catalogs, in many languages, and for bundles and keys the start declines.
# usage: front_start.sh LOKALE EXAMPLES_DIR TESTS_DIR
set -u
lokale=$1 examples=$2 tests=$3
passed=0 failed=0
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
keys() { python3 -c 'import json,sys; print("\n".join(json.load(open(sys.argv[1]))["strings"]))' "$1"; }
compare() { # LANGUAGE BUNDLE KEY
    local a b
    a=$(env -i HOME="$home" LANG=C.UTF-8 LANGUAGE="$1" "$lokale" lookup "$2" "$3" 2>&1; echo "status $?")
    b=$(env -i HOME="$home" LANG=C.UTF-8 LANGUAGE="$1" "$lokale" lookup "$2" "$3" --table Localizable 2>&1; echo "status $?")
    if [ "$a" = "$b" ]; then passed=$((passed + 1)); else
        failed=$((failed + 1)); echo "front_start: LANGUAGE=$1 lookup $2 $3: '$a' but the Swift command gives '$b'" >&2; fi
}
for app in DesktopApp PanelKit; do
    mapfile -t list < <(keys "examples/$app/Localizable.xcstrings")
    for language in de fr en pt-PT pt_BR:de de:fr "" C zh-Hant es-MX ar xx de-CH; do
        for key in "${list[@]}" no.such.key; do compare "$language" "$examples/$app.lokale" "$key"; done
    done
done
# Bundles the start declines or that have no Localizable table, files that are no bundle.
for bundle in "$tests/Tables.lokale" "$tests/Gettext.lokale" "$tests/MF2.lokale" "$examples/Party.lokale" \
              "$tests/no-such.lokale" "$tests" Tests/compat/DesktopApp-2.2.lokale; do
    for language in de fr pl en; do compare "$language" "$bundle" "title"; compare "$language" "$bundle" "greeting"; done
done
echo "front_start: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
