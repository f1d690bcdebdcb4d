#!/usr/bin/env bash
# `make test-wheel`: the wheel as a user gets it. It is installed into a fresh venv in a temporary
# folder and used from a folder outside the checkout with a minimal environment
# (env -i PATH=/usr/bin:/bin HOME=<tmp>: no LOKALE_LIBRARY, no toolchain, no checkout on any path):
# the example bundle is opened, a message looked up and formatted, the C accelerator is the backend,
# ICU is not mapped while the table answers (a language it records), and once a language needs it,
# the liblokale.so, shims and ICU that the process maps are the wheel's own (ldd and /proc/self/maps:
# no libswift*, no libicu* from outside the venv). Then LOKALE_LIBRARY still wins over the bundled
# library, as documented.
#
# The command line: the wheel's lokale/bin/lokale (and the whole tool it runs, lokale-tool, with its
# ICU and libxml2 from lokale.libs/), run
# as the `lokale` console script (the venv's bin/ first on PATH, as an activated venv has it), as
# `python -m lokale`, and by lokale.compile / lokale.check; the catalogs it compiles are opened.
#
# One wheel for every CPython from 3.8 on (cp38-abi3): abi3audit ($ABI3AUDIT) checks that the
# accelerator uses the 3.8 stable ABI only, and the whole probe runs once per interpreter of
# $WHEEL_PYTHONS (default: $PYTHON) — with the accelerator, then with ctypes alone
# (LOKALE_PURE_PYTHON=1). Prints the wheel's size and, per interpreter, the time of `import lokale`
# and of the first Runtime() in a new process.
#
#   bash Tests/packaging/wheel.sh dist/lokale-*.whl build/examples [build/lib/liblokale.so]
set -euo pipefail
wheel=$(realpath "$1")
examples=$(realpath "$2")
override=${3:+$(realpath "$3")}
repo=$(realpath "$(dirname "$0")/../..")
pythons=${WHEEL_PYTHONS:-${PYTHON:-python3}}

case "$(basename "$wheel")" in
  lokale-*-cp38-abi3-manylinux_*_x86_64.whl) ;;
  *) echo "test-wheel: $(basename "$wheel") is not tagged cp38-abi3-manylinux_*" >&2; exit 1 ;;
esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ -n "${ABI3AUDIT:-}" ]; then
  # Every shared object of the wheel against the stable ABI of the version its tag names (3.8):
  # no symbol outside it, none of a later version (--strict: a step that cannot audit fails too).
  "$ABI3AUDIT" --strict --report "$wheel" > "$tmp/abi3audit.json"
  python3 - "$tmp/abi3audit.json" <<'PY'
import json, sys
[spec] = json.load(open(sys.argv[1]))["specs"].values()
results = {o["name"]: o["result"] for o in spec["wheel"]}
assert "_speedups.abi3.so" in results, results
for name, r in results.items():
    ok = r["is_abi3"] and r["is_abi3_baseline_compatible"] and r["baseline"] == r["computed"] == "3.8"
    assert ok and not r["non_abi3_symbols"] and not r["future_abi3_objects"], (name, r)
print("test-wheel: abi3audit: %s use the stable ABI of 3.8 only" % ", ".join(sorted(results)))
PY
fi
mkdir -p "$tmp/work"
cp "$examples/DesktopApp.lokale" "$examples/PanelKit.lokale" "$tmp/work/"
# Sources for the command line to compile (no path into the checkout is used after this).
cp -R "$repo/examples/DesktopApp" "$tmp/work/DesktopAppSource"

cat > "$tmp/work/probe.py" <<'PY'
import os
import pathlib
import subprocess
import sys

import lokale

venv = pathlib.Path(sys.argv[1]).resolve()
pure = os.environ.get("LOKALE_PURE_PYTHON") == "1"  # the ctypes fallback, asked for


def inside(path, folder):  # Path.is_relative_to, which 3.8 lacks
    return str(pathlib.Path(path).resolve()).startswith(str(folder) + os.sep)


package = pathlib.Path(lokale.__file__).resolve().parent
assert inside(package, venv), f"lokale imported from {package}, not from the venv {venv}"
assert not [k for k in os.environ if k.startswith("LOKALE_") and k != "LOKALE_PURE_PYTHON"], os.environ

# The bundled library, with the accelerator (the stable-ABI build), unless ctypes was asked for.
library = pathlib.Path(lokale.library_path()).resolve()
assert library == package / "liblokale.so", library
assert lokale.accelerated() != pure, f"accelerated: {lokale.accelerated()}, LOKALE_PURE_PYTHON: {pure}"
import lokale._speedups as speedups
assert pathlib.Path(speedups.__file__).resolve() == package / "_speedups.abi3.so", speedups.__file__
assert lokale.library_version() == lokale.__version__, (lokale.library_version(), lokale.__version__)
from lokale import _build_info
assert _build_info.REPOSITORY_ROOT is None, f"the wheel records a checkout: {_build_info.REPOSITORY_ROOT}"

def mapped():
    return {line.split()[-1] for line in open("/proc/self/maps") if "/" in line and ".so" in line}


# ICU on first need: languages spelled as the table's localizations, and their messages, are
# answered from the table's locale data without loading ICU.
with lokale.Runtime(["de"], settings_path="") as runtime:
    app = runtime.open("DesktopApp.lokale")
    assert app.string("workspace.title", default="Workspace") == "Arbeitsbereich"
    assert app.format("summary.item-count", 3, default="%lld items") == "3 Objekte"
assert not [m for m in mapped() if "libicu" in m], [m for m in mapped() if "libicu" in m]

with lokale.Runtime(["de-AT", "en"], settings_path="") as runtime:
    app = runtime.open("DesktopApp.lokale", main=True)
    panel = runtime.open("PanelKit.lokale")
    assert app.string("workspace.title", default="Workspace") == "Arbeitsbereich"
    assert app.format("summary.item-count", 3, default="%lld items") == "3 Objekte"
    assert panel.string("panel.ready", default="Panel ready") == "Panel bereit"
    runtime.preferred_languages = ["fr"]
    assert app.format("summary.item-count", 1) == "1 élément"        # CLDR plural rules (ICU data)
    assert lokale.display_name("de", "fr") == "allemand"             # ICU display names (ICU data)

# What the process actually mapped once ICU was needed (de-AT): liblokale.so, its C++ shims and ICU
# from the venv, no Swift runtime.
lokale_libs = package.parent / "lokale.libs"
mapped = mapped()
icu = sorted(m for m in mapped if "libicu" in m)
assert icu, "no ICU library is mapped"
outside = [m for m in icu if not inside(m, lokale_libs)]
assert not outside, f"ICU loaded from outside the wheel: {outside}"
assert not [m for m in mapped if "libswift" in m], [m for m in mapped if "libswift" in m]
assert str(library) in mapped
assert str(package / "liblokale-icu.so") in mapped, sorted(mapped)

# ldd agrees: liblokale.so and the command line's front need no ICU (they load it); the shims and
# the whole tool find every ICU (and the tool's libxml2) in lokale.libs/; nothing is missing, no
# Swift runtime.
cli = pathlib.Path(lokale.cli_path()).resolve()
assert cli == package / "bin" / "lokale", cli
for binary in (library, cli):
    ldd = subprocess.run(["ldd", str(binary)], capture_output=True, text=True, check=True).stdout
    assert "libicu" not in ldd and "libxml2" not in ldd and "not found" not in ldd and "libswift" not in ldd, ldd
for binary in (package / "liblokale-icu.so", package / "bin" / "lokale-tool"):
    ldd = subprocess.run(["ldd", str(binary)], capture_output=True, text=True, check=True).stdout
    assert "not found" not in ldd, ldd
    assert "libswift" not in ldd, ldd
    vendored = [line for line in ldd.splitlines() if "libicu" in line or "libxml2" in line]
    assert vendored, ldd
    for line in vendored:
        path = line.split("=>")[1].split("(")[0].strip()
        assert inside(path, lokale_libs), line

# lokale.compile and lokale.check: the wheel's command line, its findings as objects.
result = lokale.compile("DesktopAppSource", "Compiled.lokale", development_region="en")
assert result.messages > 0 and result.localizations >= 2 and "Localizable" in result.tables, result
report = lokale.check(["DesktopAppSource"])
assert report.development_localization == "en" and report.localizations, report
try:
    lokale.compile("DesktopAppSource", "Strict.lokale", development_region="not a tag")
    raise AssertionError("a refused option did not raise")
except lokale.InvalidArgument:
    pass
with lokale.Runtime(["de"], settings_path="") as runtime:
    compiled = runtime.open("Compiled.lokale", main=True)
    assert compiled.string("workspace.title") == "Arbeitsbereich"
print("test-wheel:", sys.version.split()[0], "accelerated" if lokale.accelerated() else "ctypes",
      "-", library.relative_to(venv), "and", cli.relative_to(venv), "with", ", ".join(pathlib.Path(m).name for m in icu))
PY

# import lokale and the first Runtime() (which loads liblokale), each in a new process:
# the best of 5.
cat > "$tmp/work/startup.py" <<'PY'
import time
t0 = time.perf_counter()
import lokale
t1 = time.perf_counter()
lokale.Runtime(["en"], settings_path="").close()
t2 = time.perf_counter()
print((t1 - t0) * 1000, (t2 - t1) * 1000)
PY

version=$(sed -n 's/^__version__ = "\(.*\)"$/\1/p' "$repo/bindings/python/lokale/_version.py")
cd "$tmp/work"
for python in $pythons; do
  # The interpreter itself (a pyenv shim would need pyenv on the clean PATH).
  python=$("$python" -c 'import sys; print(sys.executable)')
  venv="$tmp/venv-$(basename "$python")"
  rm -rf "$venv" "$tmp/work/Compiled.lokale" "$tmp/work/App.lokale" "$tmp/work/AppM.lokale"
  clean_env=(env -i PATH="$venv/bin:/usr/bin:/bin" HOME="$tmp" LANG=C.UTF-8)
  "${clean_env[@]}" "$python" -m venv "$venv"
  "${clean_env[@]}" "$venv/bin/python" -m pip install --quiet --no-index --no-deps \
    --disable-pip-version-check "$wheel"
  "${clean_env[@]}" "$venv/bin/python" probe.py "$venv"
  "${clean_env[@]}" LOKALE_PURE_PYTHON=1 "$venv/bin/python" probe.py "$venv"

  # The console script, found on PATH (as in an activated venv), and python -m lokale: the command
  # line's own output and exit status.
  [ "$("${clean_env[@]}" sh -c 'command -v lokale')" = "$venv/bin/lokale" ] || { echo "test-wheel: no lokale on the venv's PATH" >&2; exit 1; }
  got=$("${clean_env[@]}" lokale --version)
  [ "$got" = "$("${clean_env[@]}" "$venv/bin/python" -m lokale --version)" ] || { echo "test-wheel: python -m lokale --version differs" >&2; exit 1; }
  case "$got" in *"$version"*) ;; *) echo "test-wheel: lokale --version says '$got', not $version" >&2; exit 1 ;; esac
  "${clean_env[@]}" lokale compile DesktopAppSource -o App.lokale 2> compile.log
  grep -q '^lokale: compiled ' compile.log || { cat compile.log >&2; exit 1; }
  "${clean_env[@]}" "$venv/bin/python" -m lokale compile DesktopAppSource -o AppM.lokale 2> /dev/null
  cmp App.lokale AppM.lokale
  [ "$("${clean_env[@]}" lokale lookup App.lokale workspace.title --prefer de)" = "Arbeitsbereich" ]
  [ "$("${clean_env[@]}" lokale lookup App.lokale workspace.title --prefer de-CH --strategy icu)" = "Arbeitsbereich" ]
  status=0; "${clean_env[@]}" lokale compile 2> /dev/null || status=$?
  [ "$status" = 2 ] || { echo "test-wheel: lokale compile without sources exited $status, not 2" >&2; exit 1; }
  status=0; "${clean_env[@]}" lokale compile Missing.xcstrings -o Missing.lokale 2> /dev/null || status=$?
  [ "$status" = 1 ] && [ ! -e Missing.lokale ] || { echo "test-wheel: a failed compile exited $status or wrote" >&2; exit 1; }

  best=$(for _ in 1 2 3 4 5; do "${clean_env[@]}" "$venv/bin/python" startup.py; done |
         sort -n -k1,1 | head -n 1)
  first=$(for _ in 1 2 3 4 5; do "${clean_env[@]}" "$venv/bin/python" startup.py; done | sort -n -k2,2 | head -n 1)
  printf 'test-wheel: %s: import lokale %.1f ms, first Runtime() %.1f ms (best of 5)\n' \
    "$("$venv/bin/python" -c 'import sys; print("CPython %d.%d" % sys.version_info[:2])')" \
    "$(echo "$best" | cut -d' ' -f1)" "$(echo "$first" | cut -d' ' -f2)"
done
clean_env=(env -i PATH=/usr/bin:/bin HOME="$tmp" LANG=C.UTF-8)
venv=$(ls -d "$tmp"/venv-* | head -n 1)

# LOKALE_LIBRARY is an explicit override: it wins over the bundled library.
if [ -n "$override" ] && [ -f "$override" ]; then
  got=$("${clean_env[@]}" LOKALE_LIBRARY="$override" "$venv/bin/python" -c 'import lokale; print(lokale.library_path())')
  [ "$got" = "$override" ] || { echo "test-wheel: LOKALE_LIBRARY=$override, but $got was loaded" >&2; exit 1; }
  echo "test-wheel: LOKALE_LIBRARY still wins ($got)"
fi
echo "test-wheel: ok ($(basename "$wheel"), $(du -k "$wheel" | cut -f1) KB)"
