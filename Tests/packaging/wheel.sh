#!/usr/bin/env bash
# `make test-wheel`: the wheel as a user gets it. It is installed into a fresh venv in a temporary
# folder and used from a folder outside the checkout with a minimal environment
# (env -i PATH=/usr/bin:/bin HOME=<tmp>: no LOKALE_LIBRARY, no toolchain, no checkout on any path):
# the example bundle is opened, a message looked up and formatted, the C accelerator is the backend,
# and the liblokale.so and ICU that the process maps are the wheel's own (ldd and /proc/self/maps:
# no libswift*, no libicu* from outside the venv). Then LOKALE_LIBRARY still wins over the bundled
# library, as documented.
#
#   bash Tests/packaging/wheel.sh dist/lokale-*.whl build/examples [build/lib/liblokale.so]
set -euo pipefail
wheel=$(realpath "$1")
examples=$(realpath "$2")
override=${3:+$(realpath "$3")}
python=${PYTHON:-python3}
python=$(command -v "$python")

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/work"
cp "$examples/DesktopApp.lokale" "$examples/PanelKit.lokale" "$tmp/work/"
clean_env=(env -i PATH=/usr/bin:/bin HOME="$tmp" LANG=C.UTF-8)

"${clean_env[@]}" "$python" -m venv "$tmp/venv"
"${clean_env[@]}" "$tmp/venv/bin/python" -m pip install --quiet --no-index --no-deps \
  --disable-pip-version-check "$wheel"

cat > "$tmp/work/probe.py" <<'PY'
import os
import pathlib
import subprocess
import sys

import lokale

venv = pathlib.Path(sys.argv[1]).resolve()
package = pathlib.Path(lokale.__file__).resolve().parent
assert package.is_relative_to(venv), f"lokale imported from {package}, not from the venv {venv}"
assert not [k for k in os.environ if k.startswith("LOKALE_")], os.environ

# The bundled library, with the accelerator.
library = pathlib.Path(lokale.library_path()).resolve()
assert library == package / "liblokale.so", library
assert lokale.accelerated(), "the C accelerator is not the backend"
import lokale._speedups as speedups
assert pathlib.Path(speedups.__file__).resolve().parent == package, speedups.__file__
assert lokale.library_version() == lokale.__version__, (lokale.library_version(), lokale.__version__)
from lokale import _build_info
assert _build_info.REPOSITORY_ROOT is None, f"the wheel records a checkout: {_build_info.REPOSITORY_ROOT}"

with lokale.Runtime(["de-AT", "en"], settings_path="") as runtime:
    app = runtime.open("DesktopApp.lokale", main=True)
    panel = runtime.open("PanelKit.lokale")
    assert app.string("workspace.title", default="Workspace") == "Arbeitsbereich"
    assert app.format("summary.item-count", 3, default="%lld items") == "3 Objekte"
    assert panel.string("panel.ready", default="Panel ready") == "Panel bereit"
    runtime.preferred_languages = ["fr"]
    assert app.format("summary.item-count", 1) == "1 élément"        # CLDR plural rules (ICU data)
    assert lokale.display_name("de", "fr") == "allemand"             # ICU display names (ICU data)

# What the process actually mapped: liblokale.so and ICU from the venv, no Swift runtime.
lokale_libs = package.parent / "lokale.libs"
mapped = {line.split()[-1] for line in open("/proc/self/maps") if "/" in line and ".so" in line}
icu = sorted(m for m in mapped if "libicu" in m)
assert icu, "no ICU library is mapped"
outside = [m for m in icu if not pathlib.Path(m).resolve().is_relative_to(lokale_libs)]
assert not outside, f"ICU loaded from outside the wheel: {outside}"
assert not [m for m in mapped if "libswift" in m], [m for m in mapped if "libswift" in m]
assert str(library) in mapped

# ldd agrees: every ICU the library needs resolves into lokale.libs/, nothing is missing.
ldd = subprocess.run(["ldd", str(library)], capture_output=True, text=True, check=True).stdout
assert "not found" not in ldd, ldd
assert "libswift" not in ldd, ldd
for line in ldd.splitlines():
    if "libicu" in line:
        path = line.split("=>")[1].split("(")[0].strip()
        assert pathlib.Path(path).resolve().is_relative_to(lokale_libs), line
print("test-wheel:", library.relative_to(venv), "with", ", ".join(pathlib.Path(m).name for m in icu))
PY

cd "$tmp/work"
"${clean_env[@]}" "$tmp/venv/bin/python" probe.py "$tmp/venv"

# LOKALE_LIBRARY is an explicit override: it wins over the bundled library.
if [ -n "$override" ] && [ -f "$override" ]; then
  got=$("${clean_env[@]}" LOKALE_LIBRARY="$override" "$tmp/venv/bin/python" -c 'import lokale; print(lokale.library_path())')
  [ "$got" = "$override" ] || { echo "test-wheel: LOKALE_LIBRARY=$override, but $got was loaded" >&2; exit 1; }
  echo "test-wheel: LOKALE_LIBRARY still wins ($got)"
fi
echo "test-wheel: ok ($(basename "$wheel"), $(du -k "$wheel" | cut -f1) KB)"
