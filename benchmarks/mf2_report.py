#!/usr/bin/env python3
"""benchmarks/results/mf2.{json,md} from src/mf2.c's lines: per locale and count set, the median
ns per format of each engine and the median of the per-batch ratios umsg_format / lokale (batches
of the same round), against the claim (at least 3x)."""

from __future__ import annotations

import argparse
import ctypes
import json
import platform
import time

TARGET = 3.0


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("raw")
    parser.add_argument("--lokale-lib", required=True)
    parser.add_argument("--loadavg-start", default="?")
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    rows = [json.loads(line) for line in open(args.raw, encoding="utf-8") if line.strip()]
    lib = ctypes.CDLL(args.lokale_lib)
    lib.lokale_version.restype = ctypes.c_char_p
    cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), "?")
    machine = {"cpu": cpu, "kernel": platform.release(), "date": time.strftime("%Y-%m-%d %H:%M:%S %Z"),
               "loadavg_start": args.loadavg_start, "loadavg_end": " ".join(open("/proc/loadavg").read().split()[:3]),
               "lokale_version": lib.lokale_version().decode(), "library": "release (make build CONFIG=release)"}
    with open(args.out + ".json", "w", encoding="utf-8") as f:
        json.dump({"machine": machine, "target_ratio": TARGET, "rows": rows}, f, indent=1)
    lines = [
        "# MessageFormat 2 against ICU4C's umsg_format",
        "",
        "`lokale_message_format_format` of `.input {$count :integer} .match $count one {{You have {$count} file.}}"
        " * {{You have {$count} files.}}` (Russian: one, few, many, *) against `umsg_format` of"
        " `{0, plural, one {You have # file.} other {You have # files.}}`, opened once, the same counts, side by side"
        " in one process (benchmarks/src/mf2.c; every count's output compared first). umsg's UTF-16 result is not"
        " converted; lokale's is UTF-8 in the caller's buffer. Ratio: umsg / lokale per batch of 1000, median (p10-p90).",
        "",
        f"Machine: {cpu}; load average {machine['loadavg_start']} before, {machine['loadavg_end']} after; {machine['date']}.",
        "",
        "| locale | counts | lokale ns | umsg_format ns | ratio (p10-p90) | target ≥ 3x | catalog ns | catalog ratio (p10-p90) |",
        "|---|---|---:|---:|---:|---|---:|---:|",
    ]
    for r in rows:
        met = "met" if r["ratio_p50"] >= TARGET else "**missed**"
        catalog = (f"{r['catalog_ns_p50']:.0f} | {r['catalog_ratio_p50']:.2f}x ({r['catalog_ratio_p10']:.2f}-{r['catalog_ratio_p90']:.2f})"
                   if "catalog_ns_p50" in r else "- | -")
        lines.append(f"| {r['locale']} | {r['counts']} | {r['lokale_ns_p50']:.0f} | {r['umsg_ns_p50']:.0f} | "
                     f"{r['ratio_p50']:.2f}x ({r['ratio_p10']:.2f}-{r['ratio_p90']:.2f}) | {met} | {catalog} |")
    lines += ["", "small: counts 0..999; large: 1,000..9,999,999 (grouped). catalog: the same message compiled into a"
              " table from .mf2.json resources, looked up and formatted by `lokale_bundle_format_named` (its C path"
              " selects counts below 1000 from the localization's plural table; larger counts take the general path).", ""]
    with open(args.out + ".md", "w", encoding="utf-8") as f:
        f.write("\n".join(lines))
    print("\n".join(lines))


if __name__ == "__main__":
    main()
