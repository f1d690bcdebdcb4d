#!/usr/bin/env bash
# Makes SwiftPM plan PACKAGE_DIR again when the Lokale package it depends on by path gained or lost
# source files: SwiftPM keeps a path dependency's file list in the dependent's build plan until the
# dependent's manifest changes, so a file added to Sources/ would be missing from its build
# ("cannot find type … in scope"). The list the plan was made with is kept in PACKAGE_DIR/.build.
#   replan.sh PACKAGE_DIR     (examples/SummaryLabel, Fuzz)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
package=$1
mkdir -p "$package/.build"
now=$(cd "$root" && find Sources -type f | LC_ALL=C sort)
if [ "$now" != "$(cat "$package/.build/lokale-sources.list" 2>/dev/null)" ]; then
  touch "$package/Package.swift"
  printf '%s\n' "$now" > "$package/.build/lokale-sources.list"
fi
