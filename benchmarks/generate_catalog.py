#!/usr/bin/env python3
"""Writes a synthetic String Catalog: N keys x the given languages, a tenth of them with a plural
variation and a format specifier, so that compile and lookup are measured on realistic shapes.

usage: generate_catalog.py OUT.xcstrings [--keys 100000] [--languages en,de,fr]
"""
import argparse
import json
import random


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--keys", type=int, default=100_000)
    ap.add_argument("--languages", default="en,de,fr")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    languages = args.languages.split(",")
    words = ["alpha", "beta", "gamma", "delta", "window", "panel", "ready", "file", "folder", "item"]
    strings = {}
    for i in range(args.keys):
        key = f"screen{i % 97}.control{i}.{rng.choice(words)}"
        localizations = {}
        for lang in languages:
            text = " ".join(rng.choice(words) for _ in range(rng.randint(2, 7)))
            if i % 10 == 0:
                localizations[lang] = {"variations": {"plural": {
                    "one": {"stringUnit": {"state": "translated", "value": f"%lld {text} ({lang})"}},
                    "other": {"stringUnit": {"state": "translated", "value": f"%lld {text}s ({lang})"}},
                }}}
            else:
                localizations[lang] = {"stringUnit": {"state": "translated", "value": f"{text} ({lang})"}}
        strings[key] = {"comment": f"Generated message {i}", "localizations": localizations}
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump({"sourceLanguage": languages[0], "strings": strings, "version": "1.0"}, f, ensure_ascii=False, indent=2)
        f.write("\n")


if __name__ == "__main__":
    main()
