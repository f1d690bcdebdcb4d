#!/usr/bin/env bash
# The exported symbol set of liblokale.so must equal the functions include/lokale.h declares.
set -euo pipefail
header=$1 lib=$2
declared=$(grep -o 'LOKALE_API [^;]*(' "$header" | grep -o 'lokale_[a-z0-9_]*' | sort -u)
exported=$(nm -D --defined-only "$lib" | awk '$2 == "T" { print $3 }' | sort -u)
if [ "$declared" != "$exported" ]; then
  echo "check_exports: header and library disagree:" >&2
  diff <(echo "$declared") <(echo "$exported") >&2 || true
  echo "check_exports: 0 passed, 1 failed"
  exit 1
fi
echo "check_exports: $(echo "$declared" | wc -l) symbols match the header"
