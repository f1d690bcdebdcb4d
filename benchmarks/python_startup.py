"""What ``import lokale`` adds to a Python start (the bound this measures against:
at most 15 ms, library load and first runtime included).

Each snippet runs in a new interpreter, with a minimal environment (PATH=/usr/bin:/bin, HOME, no
LOKALE_* variable) from a temporary folder, and is timed from the parent (fork, exec, start-up,
the snippet, exit). The snippets take turns, so that a busy machine slows them alike; the report
gives each one's median and minimum and what it adds to ``pass``.

    python3 benchmarks/python_startup.py                       # the interpreter running this script
    python3 benchmarks/python_startup.py --python venv/bin/python --runs 50
    python3 benchmarks/python_startup.py --importtime           # and where the import's time goes
    python3 benchmarks/python_startup.py --modules              # and the modules it adds to a start

Run it with the interpreter of a venv where the wheel is installed (``make wheel``, then
``pip install dist/lokale-*.whl``): from the checkout, ``lokale`` is not importable by default.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

SNIPPETS = [
    ("pass", "pass"),
    ("import lokale", "import lokale"),
    ("import + library", "import lokale; lokale.library_version()"),
    ("import + library + Runtime()", "import lokale; lokale.Runtime(settings_path='')"),
]


def environment(home: str) -> dict:
    return {"PATH": "/usr/bin:/bin", "HOME": home, "LANG": "C.UTF-8"}


def run_once(python: str, code: str, env: dict, cwd: str) -> float:
    start = time.perf_counter()
    subprocess.run([python, "-c", code], env=env, cwd=cwd, check=True)
    return time.perf_counter() - start


INSIDE = (
    "import time\n"
    "start = time.perf_counter()\n"
    "import lokale\n"
    "imported = time.perf_counter()\n"
    "lokale.library_version()\n"
    "loaded = time.perf_counter()\n"
    "lokale.Runtime(settings_path='')\n"
    "done = time.perf_counter()\n"
    "print(imported - start, loaded - imported, done - loaded)\n"
)


def inside(python: str, env: dict, cwd: str) -> tuple:
    """The same work timed inside the child, without the interpreter's own start-up and exit:
    (import, library load, first Runtime()) in seconds."""
    result = subprocess.run([python, "-c", INSIDE], env=env, cwd=cwd, capture_output=True, text=True, check=True)
    imported, loaded, runtime = (float(x) for x in result.stdout.split())
    return imported, loaded, runtime


def importtime(python: str, env: dict, cwd: str, top: int) -> list:
    """The modules with the largest cumulative import time (µs) of ``import lokale; Runtime()``."""
    result = subprocess.run(
        [python, "-X", "importtime", "-c", SNIPPETS[-1][1]],
        env=env, cwd=cwd, capture_output=True, text=True, check=True,
    )
    rows = []
    for line in result.stderr.splitlines():
        if not line.startswith("import time:") or "cumulative" in line:
            continue
        _, self_us, cumulative, name = (part.strip() for part in line.replace("import time:", "|", 1).split("|"))
        rows.append((int(cumulative), int(self_us), name))
    return sorted(rows, reverse=True)[:top]


MODULES = (
    "import sys\n"
    "before = set(sys.modules)\n"
    "import lokale\n"
    "lokale.Runtime(settings_path='')\n"
    "print(' '.join(sorted(set(sys.modules) - before)))\n"
)

UNCACHED = (  # the package's modules imported without a .pyc
    "import os, sys, lokale\n"
    "lokale.Runtime(settings_path='')\n"
    "print(' '.join(sorted(name for name, module in sys.modules.items() if name.startswith('lokale')\n"
    "                      and getattr(module, '__cached__', None)\n"
    "                      and not os.path.exists(module.__cached__))))\n"
)


def modules(python: str, env: dict, cwd: str) -> list:
    """The modules that ``import lokale; lokale.Runtime()`` adds to those of a start."""
    result = subprocess.run([python, "-c", MODULES], env=env, cwd=cwd, capture_output=True, text=True,
                            check=True)
    return result.stdout.split()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--python", default=sys.executable, help="the interpreter to measure")
    parser.add_argument("--runs", type=int, default=30, help="runs of each snippet (default 30)")
    parser.add_argument("--importtime", action="store_true", help="also show `-X importtime`'s largest")
    parser.add_argument("--modules", action="store_true", help="also list the modules the import adds")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as home:
        env = environment(home)
        probe = subprocess.run(
            [args.python, "-c", "import lokale, sys; print(lokale.library_path()); "
             "print(lokale.accelerated()); print(sys.version.split()[0])"],
            env=env, cwd=home, capture_output=True, text=True,
        )
        if probe.returncode != 0:
            sys.stderr.write(f"python_startup: `import lokale` fails with {args.python}:\n{probe.stderr}")
            return 1
        library, accelerated, version = probe.stdout.split()
        for _, code in SNIPPETS:  # warm the page cache and the .pyc files
            run_once(args.python, code, env, home)
        # pip compiles the .pyc files at install, and the runs above write missing ones where they
        # can: without them every run would compile the package again.
        uncached = subprocess.run([args.python, "-c", UNCACHED], env=env, cwd=home, capture_output=True,
                                  text=True, check=True).stdout.split()
        if uncached:
            sys.stderr.write(f"python_startup: no .pyc for {', '.join(uncached)}: the runs compile them\n")
        times: dict = {name: [] for name, _ in SNIPPETS}
        parts: list = []
        for _ in range(args.runs):
            for name, code in SNIPPETS:
                times[name].append(run_once(args.python, code, env, home))
            parts.append(inside(args.python, env, home))
        slowest = importtime(args.python, env, home, 12) if args.importtime else []
        added = modules(args.python, env, home) if args.modules else []

    base_median = statistics.median(times["pass"])
    base_min = min(times["pass"])
    results = [
        {
            "snippet": name,
            "median_ms": statistics.median(times[name]) * 1e3,
            "min_ms": min(times[name]) * 1e3,
            "added_median_ms": (statistics.median(times[name]) - base_median) * 1e3,
            "added_min_ms": (min(times[name]) - base_min) * 1e3,
        }
        for name, _ in SNIPPETS
    ]
    inside_ms = {
        what: {"median_ms": statistics.median(p[i] for p in parts) * 1e3, "min_ms": min(p[i] for p in parts) * 1e3}
        for i, what in enumerate(("import lokale", "library load", "first Runtime()"))
    }
    total = [sum(p) for p in parts]
    inside_ms["total"] = {"median_ms": statistics.median(total) * 1e3, "min_ms": min(total) * 1e3}
    if args.json:
        print(json.dumps({"python": version, "library": library, "accelerated": accelerated == "True",
                          "runs": args.runs, "results": results, "inside": inside_ms,
                          "importtime": [{"module": n, "cumulative_us": c, "self_us": s} for c, s, n in slowest],
                          "modules": added},
                         indent=2))
        return 0
    print(f"Python {version}, {args.runs} runs each; liblokale: {library} (accelerator: {accelerated})")
    print(f"{'snippet':<32} {'median':>9} {'min':>9} {'added (median)':>15} {'added (min)':>12}")
    for r in results:
        print(f"{r['snippet']:<32} {r['median_ms']:>7.1f}ms {r['min_ms']:>7.1f}ms "
              f"{r['added_median_ms']:>13.1f}ms {r['added_min_ms']:>10.1f}ms")
    print("\nTimed inside the child (no interpreter start-up or exit):")
    for what, r in inside_ms.items():
        print(f"  {what:<30} {r['median_ms']:>7.1f}ms median {r['min_ms']:>7.1f}ms min")
    if slowest:
        print("\n-X importtime of `import lokale; lokale.Runtime()`, largest cumulative (µs):")
        for cumulative, self_us, name in slowest:
            print(f"  {cumulative:>8} {self_us:>8}  {name}")
    if added:
        ours = [name for name in added if name == "lokale" or name.startswith("lokale.")]
        others = " ".join(name for name in added if name not in ours)
        print(f"\nModules added to a start: {len(ours)} of lokale, and {others}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
