"""Tables of benchmarks/sources.sh: compile time and memory against msgfmt, and lookups, formats and
plurals of each compiled source against glibc's gettext, as medians and ratios."""
import datetime
import json
import statistics
import sys

raw, lookups, out, mode, machine, la0, la1, strings = sys.argv[1:9]
runs = [json.loads(l) for l in open(raw)]
rows = [json.loads(l) for l in open(lookups)]
engines = ["msgfmt", "lokale-android", "lokale-arb", "lokale-xcstrings", "lokale-po"]
compile_summary = {}
for e in engines:
    rs = [r for r in runs if r["engine"] == e]
    compile_summary[e] = {"runs": len(rs), "wall_s_median": statistics.median(r["wall_s"] for r in rs),
                          "wall_s_min": min(r["wall_s"] for r in rs), "rss_mib_median": statistics.median(r["rss_kib"] for r in rs) / 1024,
                          "cpu_s_median": statistics.median(r["cpu_s"] for r in rs), "output_bytes": rs[-1]["bytes"]}
doc = {"mode": mode, "date": datetime.datetime.now().isoformat(timespec="seconds"), "machine": machine,
       "loadavg_start": la0, "loadavg_end": la1, "strings_per_locale": int(strings), "locales": 20,
       "compile": compile_summary, "compile_runs": runs, "lookups": rows}
json.dump(doc, open(out + ".json", "w"), indent=1)

names = {"msgfmt": "msgfmt (19 .po, one after another)", "lokale-android": "lokale compile res/ (Android)",
         "lokale-arb": "lokale compile arb/*.arb (Flutter)", "lokale-xcstrings": "lokale compile Localizable.xcstrings",
         "lokale-po": "lokale compile po/*.po"}
m = compile_summary["msgfmt"]
md = ["# One app in every source format", "",
      f"`benchmarks/sources.sh` ({mode}), {doc['date']}. Machine: {machine}; load average {la0} at the start, {la1} at the end.",
      f"Data: benchmarks/gen_sources.py, {int(strings):,} strings per locale (1 in 20 with two arguments, 1 in 20 a plural) in 20 locales,",
      "the same texts as Android resources, ARB files, a String Catalog and .po files.", "",
      "## Compile", "", "One process per run (msgfmt: one shell running msgfmt on the 19 .po files in turn); runs interleaved; medians.", "",
      "| engine | runs | wall s | min s | peak RSS MiB | CPU s | output bytes | time ÷ msgfmt |", "|---|---|---|---|---|---|---|---|"]
for e in engines:
    x = compile_summary[e]
    md.append(f"| {names[e]} | {x['runs']} | {x['wall_s_median']:.3f} | {x['wall_s_min']:.3f} | {x['rss_mib_median']:.1f} | "
              f"{x['cpu_s_median']:.2f} | {x['output_bytes']:,} | {x['wall_s_median'] / m['wall_s_median']:.2f} |")
md += ["", "## Lookups, formats, plurals (Russian served)", "",
       "`src/sources.c`, one process; each engine's output checked before timing; ns per operation, median of batches of 1,000;",
       "speed = gettext's time ÷ the engine's in the same round (above 1: faster than gettext), median (p10–p90).", "",
       "| case | engine | ns p50 | ns p90 | speed vs gettext |", "|---|---|---|---|---|"]
for r in rows:
    md.append(f"| {r['case']} | {r['engine']} | {r['ns_p50']:.1f} | {r['ns_p90']:.1f} | "
              f"{r['gettext_over_engine_p50']:.2f} ({r['gettext_over_engine_p10']:.2f}–{r['gettext_over_engine_p90']:.2f}) |")
open(out + ".md", "w").write("\n".join(md) + "\n")
print("\n".join(md))
