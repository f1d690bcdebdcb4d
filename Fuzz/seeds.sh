#!/usr/bin/env bash
# Rebuilds the compiled-table seeds of corpus/table and corpus/capi with build/bin/lokale (run
# `make build` first; LOKALE=path/to/lokale picks another build). Needed whenever the table format changes: seeds of another major version
# are refused at open and exercise nothing past the header.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
lokale=${LOKALE:-$root/build/bin/lokale}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# A .stringsdict beside a .strings of another language, from the catalog and strings corpora.
mkdir -p "$work/StringsDict/en.lproj" "$work/StringsDict/fr.lproj"
cp "$root/Fuzz/corpus/catalog/plural.stringsdict" "$work/StringsDict/en.lproj/Localizable.stringsdict"
cp "$root/Fuzz/corpus/strings/menu.strings" "$work/StringsDict/fr.lproj/Localizable.strings"
# The catalog corpus's variation sampler as the default table: a device node whose iPhone variant
# is a plural, an ordinal plural, a message with two substitutions, a reordered format.
mkdir -p "$work/Variations"
cp "$root/Fuzz/corpus/catalog/variations.xcstrings" "$work/Variations/Localizable.xcstrings"
# A gettext catalog: forms nodes sharing one rule node (Arabic's six forms; an entry missing forms).
mkdir -p "$work/Gettext"
cp "$root/Fuzz/corpus/gettext/rules.po" "$work/Gettext/ar.po"
for target in table capi; do
  out=$root/Fuzz/corpus/$target
  "$lokale" compile "$root/examples/DesktopApp" -o "$out/DesktopApp.lokale"
  "$lokale" compile "$root/examples/DesktopApp" --allow-mixed-localizations -o "$out/DesktopAppMixed.lokale"
  "$lokale" compile "$root/examples/PanelKit" -o "$out/PanelKit.lokale"
  "$lokale" compile "$root/Tests/C/fixtures/Tables" -o "$out/Tables.lokale" 2>/dev/null
  "$lokale" compile "$work/StringsDict" -o "$out/StringsDict.lokale"
  "$lokale" compile "$work/Variations" -o "$out/Variations.lokale" 2>/dev/null
  "$lokale" compile "$work/Gettext/ar.po" -o "$out/Gettext.lokale" 2>/dev/null
  # MessageFormat 2 nodes: selectors on strings and numbers, markup, dates, three localizations.
  "$lokale" compile "$root/examples/Party" -o "$out/Party.lokale"
  "$lokale" compile "$root/Tests/C/fixtures/mf2" -o "$out/MF2.lokale"
done
