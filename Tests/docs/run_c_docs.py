#!/usr/bin/env python3
"""Compiles and runs every ```c and ```cpp block of a guide (docs/C.md), in order.

Each block is a complete program, compiled with nothing but `pkg-config --cflags --libs lokale`
(PKG_CONFIG_PATH chooses the staged or installed lokale.pc; C++ blocks also see bindings/cpp), and
run in the folder of the example bundles. When the next block is ```text, the program's standard
output must equal it. A block whose first line is `// $ lokale ARGS` (a typed header made by
`lokale compile … --emit-c-header`) has that command run first, in the work folder (where
`examples/` is the repository's), and includes what it wrote from there. A C block that includes
"NAME.h" is linked with NAME.c when the work folder holds one (a table embedded by
`lokale compile --emit-c-source`).

usage: run_docs.py GUIDE --bundles DIR --work DIR
"""

from __future__ import annotations

import argparse
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
BLOCK = re.compile(r"^```(\w+)\n(.*?)^```", re.S | re.M)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("guide", type=Path)
    parser.add_argument("--bundles", type=Path, required=True)
    parser.add_argument("--work", type=Path, required=True)
    args = parser.parse_args()
    args.work = args.work.resolve()
    args.bundles = args.bundles.resolve()
    args.work.mkdir(parents=True, exist_ok=True)
    flags = shlex.split(subprocess.run(["pkg-config", "--cflags", "--libs", "lokale"],
                                       check=True, capture_output=True, text=True).stdout)
    blocks = BLOCK.findall(args.guide.read_text(encoding="utf-8"))
    programs = failures = 0
    for index, (language, source) in enumerate(blocks):
        if language not in ("c", "cpp"):
            continue
        programs += 1
        name = f"block{index + 1}"
        if language == "c":
            src = args.work / f"{name}.c"
            compiler = [os.environ.get("CC", "cc"), "-std=c11", "-Wall", "-Wextra", "-Werror"]
        else:
            src = args.work / f"{name}.cpp"
            compiler = [os.environ.get("CXX", "c++"), "-std=c++17", "-Wall", "-Wextra", "-Werror",
                        f"-I{ROOT / 'bindings' / 'cpp'}"]
        command = re.match(r"// \$ lokale (.+)\n", source)
        if command:
            link = args.work / "examples"
            if not link.exists():
                link.symlink_to(ROOT / "examples")
            lokale = os.environ.get("LOKALE", str(ROOT / "build" / "bin" / "lokale"))
            made = subprocess.run([lokale, *shlex.split(command.group(1))], cwd=args.work, capture_output=True, text=True)
            if made.returncode != 0:
                print(f"{args.guide} {name}: lokale {command.group(1)} failed:\n{made.stderr}", file=sys.stderr)
                failures += 1
                continue
            compiler.append(f"-I{args.work}")
        src.write_text(source, encoding="utf-8")
        exe = args.work / name
        generated = [str(args.work / f"{n}.c") for n in re.findall(r'^#include "(\w+)\.h"', source, re.M)
                     if language == "c" and (args.work / f"{n}.c").exists()]
        built = subprocess.run([*compiler, str(src), *generated, *flags, "-o", str(exe)], capture_output=True, text=True)
        if built.returncode != 0:
            print(f"{args.guide} {name} ({language}): does not compile:\n{built.stderr}", file=sys.stderr)
            failures += 1
            continue
        env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
        env["XDG_CONFIG_HOME"] = str(args.work / "xdg")
        ran = subprocess.run([str(exe)], capture_output=True, text=True, cwd=args.bundles, env=env)
        if ran.returncode != 0:
            print(f"{args.guide} {name}: exit status {ran.returncode}\n{ran.stdout}{ran.stderr}", file=sys.stderr)
            failures += 1
            continue
        following = blocks[index + 1] if index + 1 < len(blocks) else None
        if following and following[0] == "text" and ran.stdout != following[1]:
            print(f"{args.guide} {name}: output differs\n--- expected\n{following[1]}--- got\n{ran.stdout}",
                  file=sys.stderr)
            failures += 1
    print(f"run_docs: {args.guide}: {programs - failures} of {programs} programs compiled, ran and printed what the guide says")
    return 1 if failures or programs == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
