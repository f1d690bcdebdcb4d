#!/usr/bin/env python3
"""The Python side of the per-call languages benchmark (issue 18, "servers"), and its report.

usage: requests_py.py bench DATADIR N [--ops K] [--reps R] [--keep L] [--churn C] [--chunk T]
       requests_py.py report RAW.txt... --out benchmarks/results/requests [--machine JSON]

bench: what a Python server pays per lookup in a request's languages, on gen_requests.py's data:

  gettext   gettext.translation('bench', DATADIR/mo, languages=list) objects cached in a dict by
            tuple(list), what a Python server does (creating one per call stats the .mo files of
            every candidate); a lookup is `cache[tuple(langs)].gettext(key)`. `gettext-plain`: one
            translation object, no cache (the runtime's languages).
  lokale    the binding (LOKALE_LIBRARY, PYTHONPATH: requests.sh uses a snapshot with its
            accelerator built): `bundle.string(key)` (plain), `bundle.string(key, languages=langs)`
            (per-call), and per request of 10 lookups `with runtime.use_languages(langs):` around
            10 `bundle.string(key)`. Parts of the API a binding does not have yet are skipped,
            saying so (a `skipped=` line).

Cases are interleaved as in requests.c: batches of 1000 operations (lookups) timed with
time.perf_counter_ns, gc disabled, in turns of 10 batches per case, round-robin with the order
rotating; ns = the median of all batches; paired_ratio = the median over batches of the same
round of a case's time over its engine's plain lookup (paired_ratio_gettext: lokale's over
gettext's same case; paired_ratio_plain10: per-call-10 over 10 plain objects reading the same 10
languages). 1/10/100 distinct lists in rotation (lists.txt: the same lists as the C driver). Every
list is checked to answer in its first language (the message bench.language) and every timed
result to be a translation (not the key).

Memory: tracemalloc (Python objects) and RSS (/proc/self/statm, which also sees liblokale's own
memory) before and after L distinct lists of lists_memory.txt each used for one lookup and kept
(gettext: a translation object per list in the dict; lokale: the list passed as languages=);
then, for lokale, C further distinct lists used once each (the growth, and its checkpoints).

Prints key=value lines like requests.c (case=... n=... ns=...).

report: reads the lines of requests.c and of bench (one file per N, or all in one), writes
OUT.md (tables: ns per case, ratio to the plain lookup, lokale against gettext; memory per list;
the machine) and OUT.json.
"""
import argparse
import gc
import json
import os
import sys
import time

from bench_py import pct, stream  # the same record streams and percentiles as bench_py

BATCH = 1000
PER_REQUEST = 10
SENTINEL = "bench.language"


# -- helpers --------------------------------------------------------------------------------------

def statm(anon=False):
    """RSS in KiB (anon: without the file-backed pages, such as a mapped table's)."""
    with open("/proc/self/statm") as f:
        size, resident, shared = (int(x) for x in f.read().split()[:3])
    kb = os.sysconf("SC_PAGESIZE") // 1024
    return (resident - shared) * kb if anon else resident * kb


def read_lines(d, name):
    with open(os.path.join(d, name), encoding="utf-8") as f:
        return [line.rstrip("\n") for line in f if line.strip()]


def expected_language(first):
    base = first.replace("_", "-").split("-")[0]
    return "pt-BR" if base == "pt" else base


def gettext_name(tag):
    """BCP 47 to gettext's directory spelling (pt-BR -> pt_BR)."""
    return tag.replace("-", "_")


def emit(**kw):
    print(" ".join(f"{k}={v}" for k, v in kw.items()), flush=True)


class Case:
    """A timed case: run(batch) performs a batch's items; per_item operations (lookups) per item.
    Batches hold BATCH operations (BATCH / per_item items)."""

    def __init__(self, name, run, items, unit="lookup", per_item=1):
        self.name, self.run, self.unit, self.per_item = name, run, unit, per_item
        size = BATCH // per_item
        nb = len(items) // size
        self.batches = [items[b * size:(b + 1) * size] for b in range(nb)]
        self.samples, self.rep_p50 = [], []
        self.offset = 0

    def report(self, n, lists, **extra):
        s = sorted(self.samples)
        reps = sorted(self.rep_p50)
        emit(case=self.name, n=n, lists=lists, unit=self.unit, ns=f"{pct(s, 0.5):.2f}", p10=f"{pct(s, 0.1):.2f}",
             p90=f"{pct(s, 0.9):.2f}", min=f"{s[0]:.2f}", rep_median=f"{pct(reps, 0.5):.2f}",
             rep_p50=",".join(f"{x:.2f}" for x in self.rep_p50), reps=len(self.rep_p50),
             ops=len(self.batches) * BATCH, batch=BATCH, **extra)


def repetition(cases, chunk, timed):
    """One repetition: the cases' batches interleaved in turns of `chunk` batches, the order
    rotating from round to round, each case starting at its own place in its items (as
    requests.c)."""
    clock = time.perf_counter_ns
    rounds = -(-max(len(c.batches) for c in cases) // chunk)
    per_rep = {id(c): [0.0] * len(c.batches) for c in cases}
    nxt = {id(c): 0 for c in cases}
    for r in range(rounds):
        for i in range(len(cases)):
            c = cases[(i + r) % len(cases)]
            nb = len(c.batches)
            run, times = c.run, per_rep[id(c)]
            while nxt[id(c)] < nb and nxt[id(c)] * rounds // nb <= r:
                b = nxt[id(c)]
                batch = c.batches[(b + c.offset) % nb]
                t0 = clock()
                run(batch)
                times[b] = (clock() - t0) / BATCH
                nxt[id(c)] = b + 1
    if timed:
        for c in cases:
            times = per_rep[id(c)]
            c.samples += times
            c.rep_p50.append(pct(sorted(times), 0.5))


def paired(c, ref):
    """The median over paired batches (same repetition and round) of c's time over ref's."""
    if ref is None or len(c.samples) != len(ref.samples):
        return None
    return pct(sorted(x / y for x, y in zip(c.samples, ref.samples)), 0.5)


# -- bench ----------------------------------------------------------------------------------------

def bench(a):
    d, n = a.dir, a.n
    keys = stream(d, "ops_uniform.bin", a.ops)
    keys = keys[:len(keys) // BATCH * BATCH]
    lists = [line.split(",") for line in read_lines(d, "lists.txt")]
    memory_lists = [line.split(",") for line in read_lines(d, "lists_memory.txt")]
    common = {"python": sys.version.split()[0]}

    import gettext
    localedir = os.path.join(d, "mo")
    runtime_langs = ["fr-CA", "en"]

    def translation(langs):
        return gettext.translation("bench", localedir, languages=[gettext_name(x) for x in langs])

    plain_tr = translation(runtime_langs)
    cache = {}

    def cached(langs):
        t = cache.get(tuple(langs))
        if t is None:
            t = cache[tuple(langs)] = translation(langs)
        return t

    for l in lists:
        got = cached(l).gettext(SENTINEL)
        if got != expected_language(l[0]):
            sys.exit(f"gettext {l} answers in {got}, expected {expected_language(l[0])}")
    if plain_tr.gettext(SENTINEL) != "fr":
        sys.exit("gettext plain: not fr")

    import lokale
    rt = lokale.Runtime(runtime_langs, settings_path="")
    b = rt.open(os.path.join(d, "bench.lokale"))
    accelerated = bool(lokale.accelerated()) if hasattr(lokale, "accelerated") else False
    common["accelerated"] = int(accelerated)
    string = b.string
    if string(SENTINEL) != "fr":
        sys.exit("lokale plain: not fr")
    # Plain lookups before any use_languages in the process: the binding's plain path then skips
    # the context-variable check (not interleaved: measured once, here, before the others).
    def plain_alone(reps=3, nb=20):
        clock, times = time.perf_counter_ns, []
        for _ in range(reps + 1):
            for b in range(nb):
                ks = keys[b * BATCH:(b + 1) * BATCH]
                t0 = clock()
                for key in ks:
                    string(key)
                times.append((clock() - t0) / BATCH)
        return sorted(times[nb:])
    request_module = getattr(sys.modules.get("lokale._languages"), "_request", "absent")
    if request_module is None:
        t = plain_alone()
        emit(case="lokale-py-plain-before-requests", n=n, lists=1, unit="lookup", ns=f"{pct(t, 0.5):.2f}",
             p10=f"{pct(t, 0.1):.2f}", interleaved=0, **common)
    skipped = []
    has_languages_kw = True
    try:
        for l in lists:
            got = string(SENTINEL, languages=l)
            if got != expected_language(l[0]):
                sys.exit(f"lokale {l} answers in {got}, expected {expected_language(l[0])}")
    except TypeError as e:
        has_languages_kw = False
        skipped.append(("lokale-py-per-call", "Bundle.string has no languages keyword yet"))
        print(f"requests_py: skipping lokale-py-per-call-*: {e}", file=sys.stderr)
    has_use = hasattr(rt, "use_languages")
    if has_use:
        for l in lists:
            with rt.use_languages(l):
                got = string(SENTINEL)
            if got != expected_language(l[0]):
                sys.exit(f"lokale use_languages({l}) answers in {got}, expected {expected_language(l[0])}")
        if string(SENTINEL) != "fr":
            sys.exit("lokale: use_languages leaked past its block")
    else:
        skipped.append(("lokale-py-use-languages", "lokale.Runtime has no use_languages yet"))
        print("requests_py: skipping lokale-py-use-languages-100: lokale.Runtime has no use_languages yet", file=sys.stderr)

    # -- the cases: items are (key, list) pairs; requests are (keys, list) ---------------------
    def pairs(k, objs=None):
        objs = objs or lists
        return [(key, objs[i % k]) for i, key in enumerate(keys)]

    def requests(k):
        return [(keys[r * PER_REQUEST:(r + 1) * PER_REQUEST], lists[r % k])
                for r in range(len(keys) // PER_REQUEST)]

    # plain-10: no lists, the same 10 localizations as per-call-10 read through 10 plain objects
    # (gettext: translation objects; lokale: runtimes preferring those lists, the same file open)
    ten_tr = [translation(l) for l in lists[:10]]
    ten_rt = [lokale.Runtime(l, settings_path="") for l in lists[:10]]
    ten_b = [r_.open(os.path.join(d, "bench.lokale")) for r_ in ten_rt]
    for l, t, bb in zip(lists[:10], ten_tr, ten_b):
        if t.gettext(SENTINEL) != expected_language(l[0]) or bb.string(SENTINEL) != expected_language(l[0]):
            sys.exit(f"plain-10 {l}: not {expected_language(l[0])}")

    def run_gettext_plain(batch, t=plain_tr):
        g = t.gettext
        for key, _ in batch:
            g(key)

    def run_gettext_plain10(batch):
        for key, t in batch:
            t.gettext(key)

    def run_gettext_cached(batch, cache=cache):
        for key, langs in batch:
            cache[tuple(langs)].gettext(key)

    def run_gettext_request(batch, cache=cache):
        for ks, langs in batch:
            g = cache[tuple(langs)].gettext
            for key in ks:
                g(key)

    def run_lokale_plain(batch, string=string):
        for key, _ in batch:
            string(key)

    def run_lokale_plain10(batch):
        for key, bb in batch:
            bb.string(key)

    def run_lokale_per_call(batch, string=string):
        for key, langs in batch:
            string(key, languages=langs)

    def run_lokale_request(batch, string=string, use=getattr(rt, "use_languages", None)):
        for ks, langs in batch:
            with use(langs):
                for key in ks:
                    string(key)

    cases = [Case("gettext-plain", run_gettext_plain, pairs(1))]
    for k in (1, 10, 100):
        cases.append(Case(f"gettext-per-call-{k}", run_gettext_cached, pairs(k)))
    cases.append(Case("gettext-plain-10", run_gettext_plain10, pairs(10, ten_tr)))
    cases.append(Case("gettext-per-request-100", run_gettext_request, requests(100), per_item=PER_REQUEST))
    cases.append(Case("lokale-py-plain", run_lokale_plain, pairs(1)))
    if has_languages_kw:
        for k in (1, 10, 100):
            cases.append(Case(f"lokale-py-per-call-{k}", run_lokale_per_call, pairs(k)))
        if callable(getattr(rt, "languages", None)):
            # lists made once with runtime.languages(...) and passed as they are
            made = [rt.languages(l) for l in lists[:10]]
            cases.append(Case("lokale-py-per-call-10-made", run_lokale_per_call, pairs(10, made)))
    cases.append(Case("lokale-py-plain-10", run_lokale_plain10, pairs(10, ten_b)))
    if has_use:
        cases.append(Case("lokale-py-use-languages-100", run_lokale_request, requests(100), per_item=PER_REQUEST))
    for i, c in enumerate(cases):
        c.offset = i * len(c.batches) // len(cases)
    # every result a translation: checked once, outside the timing
    sample = keys[:2000]
    for l in lists[:100]:
        for key in sample[:20]:
            if cached(l).gettext(key) == key:
                sys.exit(f"gettext {l} {key}: no translation")
            if has_languages_kw and string(key, languages=l) == key:
                sys.exit(f"lokale {l} {key}: no translation")
    if any(string(key) == key for key in sample):
        sys.exit("lokale plain: a key without translation")
    gc.collect()
    gc.disable()
    repetition(cases, a.chunk, False)  # warm-up
    for r in range(a.reps):
        repetition(cases, a.chunk, True)
        print(f"requests_py N={n}: repetition {r + 1}/{a.reps}", file=sys.stderr)
    gc.enable()
    by_name = {c.name: c for c in cases}
    for c in cases:
        engine, _, rest = c.name.partition("-py-") if c.name.startswith("lokale-py-") else c.name.partition("-")
        engine = "lokale-py" if c.name.startswith("lokale-py-") else "gettext"
        extra = {}
        pr = paired(c, by_name.get(f"{engine}-plain"))
        if pr is not None:
            extra["paired_ratio"] = f"{pr:.3f}"
        if c.name.endswith("per-call-10"):
            p10 = paired(c, by_name.get(f"{engine}-plain-10"))
            if p10 is not None:
                extra["paired_ratio_plain10"] = f"{p10:.3f}"
        if engine == "lokale-py":
            twin = by_name.get("gettext-" + rest.replace("use-languages", "per-request"))
            pg = paired(c, twin) if twin else None
            if pg is not None:
                extra["paired_ratio_gettext"] = f"{pg:.3f}"
        k = c.name.replace("-made", "").rsplit("-", 1)[-1]
        c.report(n, int(k) if k.isdigit() else 1, **extra, **common)
        if c.per_item > 1:
            s_ = sorted(c.samples)
            emit(case=c.name + "-request", n=n, lists=100, unit="request", ns=f"{pct(s_, 0.5) * PER_REQUEST:.2f}",
                 lookups_per_request=PER_REQUEST, **common)
    for case, why in skipped:
        emit(case=case, n=n, skipped=1, why=why.replace(" ", "_").replace("=", ""), **common)
    if request_module is None:
        # the same measurement as before, now that use_languages ran in the process
        t = plain_alone()
        emit(case="lokale-py-plain-after-requests", n=n, lists=1, unit="lookup", ns=f"{pct(t, 0.5):.2f}",
             p10=f"{pct(t, 0.1):.2f}", interleaved=0, **common)

    # -- memory ------------------------------------------------------------------------------------
    import tracemalloc
    keep, churn = a.keep, a.churn
    mem_lists = memory_lists[:keep]
    for engine in ("gettext", "lokale"):
        if engine == "lokale" and not has_languages_kw:
            emit(case="memory-kept-lokale-py", n=n, skipped=1, why="Bundle.string_has_no_languages_keyword_yet", **common)
            continue
        gc.collect()
        tracemalloc.start()
        t0m = tracemalloc.take_snapshot()
        r0, a0 = statm(), statm(anon=True)
        kept = {}
        t0 = time.perf_counter_ns()
        for i, l in enumerate(mem_lists):
            key = keys[i % len(keys)]
            if engine == "gettext":
                t = kept[tuple(l)] = translation(l)
                got = t.gettext(key)
            else:
                kept[tuple(l)] = l
                got = string(key, languages=l)
            if got == key:
                sys.exit(f"memory {engine} {l}: no translation")
        t1 = time.perf_counter_ns()
        gc.collect()
        r1, a1 = statm(), statm(anon=True)
        t1m = tracemalloc.take_snapshot()
        py_bytes = sum(s.size_diff for s in t1m.compare_to(t0m, "filename"))
        tracemalloc.stop()
        emit(case=f"memory-kept-{engine}-py", n=n, lists=keep, rss_kb_before=r0, rss_kb_after=r1,
             kib_per_list=f"{(r1 - r0) / keep:.3f}", anon_kib_per_list=f"{(a1 - a0) / keep:.3f}",
             tracemalloc_kib_per_list=f"{py_bytes / 1024 / keep:.3f}",
             ns_per_new_list_traced=f"{(t1 - t0) / keep:.0f}", **common)
        del kept
        gc.collect()
    # the time of a never-seen list, without tracemalloc: gettext makes a translation object
    # (stats the candidate .mo files, copies and chains the parsed catalogs)
    fresh = memory_lists[keep:keep + 1000]
    t0 = time.perf_counter_ns()
    for i, l in enumerate(fresh):
        translation(l).gettext(keys[i % len(keys)])
    emit(case="new-list-gettext-py", n=n, lists=len(fresh), ns_per_new_list=f"{(time.perf_counter_ns() - t0) / len(fresh):.0f}",
         **common)
    if has_languages_kw and churn:
        r0, a0 = statm(), statm(anon=True)
        marks = {churn // 100, churn // 10, churn // 4, churn // 2, churn}
        at = []
        clock = time.perf_counter_ns
        t0 = clock()
        for i, l in enumerate(memory_lists[keep:keep + churn]):
            key = keys[i % len(keys)]
            if string(key, languages=l) == key:
                sys.exit(f"churn {l}: no translation")
            if i + 1 in marks:
                m0 = clock()
                gc.collect()
                at.append(f"{i + 1}:{statm() - r0}/{statm(anon=True) - a0}")
                t0 += clock() - m0  # the checkpoint's collection is not the lists' time
        t1 = clock()
        r1, a1 = statm(), statm(anon=True)
        emit(case="memory-churn-lokale-py", n=n, lists=churn, rss_kb_before=r0, rss_kb_after=r1, growth_kb=r1 - r0,
             anon_growth_kb=a1 - a0,
             growth_kb_at=",".join(at), ns_per_new_list=f"{(t1 - t0) / churn:.0f}", **common)


# -- report ---------------------------------------------------------------------------------------

def parse(paths):
    rows = []
    for p in paths:
        with open(p, encoding="utf-8") as f:
            for line in f:
                if not line.startswith("case="):
                    continue
                row = {}
                for part in line.split():
                    k, _, v = part.partition("=")
                    try:
                        row[k] = int(v)
                    except ValueError:
                        try:
                            row[k] = float(v)
                        except ValueError:
                            row[k] = v
                row["source"] = "c" if "python" not in row else "python"
                rows.append(row)
    return rows


def report(a):
    rows = parse(a.raw)
    machine = json.loads(a.machine) if a.machine else {}
    ns_list = sorted({r["n"] for r in rows})
    by = {(r["case"], r["n"]): r for r in rows}
    claim = 1.5

    def get(case, n, field):
        r = by.get((case, n))
        return r.get(field) if r else None

    def fmt(x, digits=1):
        return "—" if x is None else f"{x:.{digits}f}"

    def cols(label, fields):
        return "| " + label + " | " + " | ".join(fields) + " |"

    out = ["# Per-call languages (issue 18, \"servers\")", "",
           "Generated by `benchmarks/requests.sh` (`make bench-requests`) with the release `liblokale.so`: one table of "
           "11 localizations (development en; fr de es it pt-BR ja ru pl nl sv), N keys translated in every one; "
           "uniformly random keys; every timed lookup checked to be a translation (not the key), every list checked to "
           "answer in its first language.", "",
           "Method: batches of 1000 operations timed with `clock_gettime(CLOCK_MONOTONIC)` (Python: `perf_counter_ns`); "
           "the cases are interleaved in turns of 10 batches, round-robin with the order rotating every round, so that "
           "the machine's noise falls on all of them alike. **ns** = median of all batches of all repetitions; "
           "**p10** = their 10th percentile (a quiet machine); **×plain** = the *paired* ratio: the median over batches "
           "of the same round of the case's time over the plain lookup's (drift cancels). The raw lines are in "
           "`requests.json`.", ""]
    if machine:
        out += [f"Machine: `nproc` = {machine.get('nproc')}, {machine.get('cpu')}; load average "
                f"{machine.get('loadavg_start')} at the start, {machine.get('loadavg_end')} at the end (a shared VM: "
                f"other work ran meanwhile); {machine.get('date')}; lokale {machine.get('lokale_version', '?')} "
                f"({machine.get('library', 'release')}); Python {machine.get('python', '?')}"
                f"{' with the binding accelerator' if machine.get('accelerated') else ' (ctypes binding)'}.", ""]

    # -- C lookups ---------------------------------------------------------------------------------
    out += ["## C: `lokale_bundle_lookup`", "",
            cols("case", [f"N={n} ns" for n in ns_list] + [f"N={n} p10" for n in ns_list] +
                 [f"N={n} ×plain" for n in ns_list]),
            "|---|" + "---:|" * (3 * len(ns_list))]
    c_cases = [("plain", "plain: the runtime's languages (`m.languages = NULL`)"),
               ("per-call-1", "per-call-1: one list"),
               ("per-call-10", "per-call-10: 10 lists in rotation (10 languages)"),
               ("per-call-100", "per-call-100: 100 lists in rotation"),
               ("plain-10-bundles", "plain-10-bundles: no lists; 10 runtimes × the same file, in rotation (the same 10 languages)"),
               ("per-request-header", "per-request-header, per lookup: list from Accept-Language + 10 lookups + free"),
               ("per-request-header-request", "per-request-header, per request"),
               ("header-only", "header-only: `lokale_languages_from_accept_language` + free, per request"),
               ]
    verdict = []
    for case, label in c_cases:
        if all(by.get((case, n)) is None for n in ns_list):
            continue
        ratios = [get(case, n, "paired_ratio") for n in ns_list]
        if case.endswith("-request") or case == "header-only":
            ratios = [None] * len(ns_list)
        out.append(cols(label, [fmt(get(case, n, "ns")) for n in ns_list] + [fmt(get(case, n, "p10")) for n in ns_list] +
                        [fmt(x, 2) for x in ratios]))
        if case in ("per-call-1", "per-call-10", "per-call-100"):
            verdict += [(case, n, x) for n, x in zip(ns_list, ratios) if x is not None]
    out.append("")
    ten = [(n, get("per-call-10", n, "paired_ratio_plain10")) for n in ns_list]
    out.append("per-call-10 over plain-10-bundles (paired; the list machinery alone, same data read): " +
               ", ".join(f"N={n}: {fmt(x, 2)}×" for n, x in ten) + ".")
    out.append("")
    if verdict:
        worst = max(verdict, key=lambda v: v[2])
        met = all(x <= claim for _, _, x in verdict)
        out.append(f"Claim \"a repeated list costs at most {claim}× a plain lookup\" (per-call-1/10/100 against plain, "
                   f"paired): **{'met' if met else 'not met'}** — worst {worst[0]} at N={worst[1]}: {worst[2]:.2f}×. "
                   "per-call-10 and per-call-100 read 10 languages where plain reads one: plain-10-bundles, which reads "
                   "the same 10 languages without any list, is the like-for-like baseline.")
        out.append("")
    mixed = [("plain-mixed", "plain (phase 2)"),
             ("per-call-32-spread", "per-call-32-spread: 32 of the hot lists below"),
             ("per-call-320-spread", "per-call-320-spread: 320 hot lists, each made after 0-511 one-off lists")]
    mixed += [(c, f"{c}: {c.split('-')[2]} lists made {c.split('-')[-1]} lists apart (the worst case of the "
                  "first design, where a bundle kept list plans in entries chosen by list id)")
              for c in sorted({str(r["case"]) for r in rows if "-stride-" in str(r["case"])})]
    rot = [("per-call-1000", "per-call-1000: 1,000 kept lists in rotation (alone; ×plain: against phase 1's plain)"),
           ("per-call-2000", "per-call-2000: 2,000 kept lists in rotation (alone; ×plain: against phase 1's plain)")]
    if any(by.get((c, n)) for c, _ in mixed + rot for n in ns_list):
        out += ["### C: hot lists among many (phase 2, after the claim's cases)", "",
                "Each list keeps the plans of the bundles it is used with in its own entries, so lists never compete "
                "for room (a first design kept them in a bundle's entries chosen by list id, where a server's hot "
                "lists, made between one-off lists and so with random ids, evicted each other). Phase 2 makes "
                "80,000-odd one-off lists (each used for one lookup) between 320 hot lists, then interleaves these "
                "cases with a plain lookup of its own; the rotations of 1,000 and 2,000 lists run alone.", "",
                cols("case", [f"N={n} ns" for n in ns_list] + [f"N={n} p10" for n in ns_list] +
                     [f"N={n} ×plain" for n in ns_list]),
                "|---|" + "---:|" * (3 * len(ns_list))]
        for case, label in mixed + rot:
            if all(by.get((case, n)) is None for n in ns_list):
                continue
            if case in dict(rot):
                ratios = [None if get(case, n, "ns") is None or not get("plain", n, "ns") else get(case, n, "ns") / get("plain", n, "ns")
                          for n in ns_list]
            else:
                ratios = [get(case, n, "paired_ratio") for n in ns_list]
            out.append(cols(label, [fmt(get(case, n, "ns")) for n in ns_list] + [fmt(get(case, n, "p10")) for n in ns_list] +
                            [fmt(x, 2) for x in ratios]))
        out.append("")
    if any(get("plural-plain", n, "ns") for n in ns_list):
        out += ["### C: `lokale_bundle_format` of a plural (`%d file`, one integer)", "",
                cols("case", [f"N={n} ns" for n in ns_list] + [f"N={n} ×plain" for n in ns_list]),
                "|---|" + "---:|" * (2 * len(ns_list))]
        for case in ("plural-plain", "plural-per-call-10"):
            out.append(cols(case, [fmt(get(case, n, "ns")) for n in ns_list] +
                            [fmt(get(case, n, "paired_ratio"), 2) for n in ns_list]))
        out.append("")
    elif any(by.get(("plural-format", n)) for n in ns_list):
        out += ["Plural format: skipped (the catalog's plural did not format as expected).", ""]

    # -- Python ------------------------------------------------------------------------------------
    if any(r["source"] == "python" for r in rows):
        out += ["## Python: the binding against gettext translation objects", "",
                "gettext: `cache[tuple(langs)].gettext(key)`, one `gettext.translation('bench', localedir, languages=langs)` "
                "per distinct list kept in a dict (plain: one translation object; plain-10: 10 objects in rotation). "
                "lokale: `bundle.string(key, languages=langs)`; per request: `with runtime.use_languages(langs):` around 10 "
                "`bundle.string(key)` (gettext: the dict look-up once, then 10 `gettext`); plain: `bundle.string(key)`; "
                "plain-10: 10 runtimes × the same file. ×plain: paired, against the same engine's plain lookup; "
                "lokale ×gettext: paired, lokale's time over gettext's in the same case.", "",
                cols("case", [f"N={n} gettext ns" for n in ns_list] + [f"N={n} lokale ns" for n in ns_list] +
                     [f"N={n} gettext ×plain" for n in ns_list] + [f"N={n} lokale ×plain" for n in ns_list] +
                     [f"N={n} lokale ×gettext" for n in ns_list]),
                "|---|" + "---:|" * (5 * len(ns_list))]
        for g, l in [("gettext-plain", "lokale-py-plain"), ("gettext-per-call-1", "lokale-py-per-call-1"),
                     ("gettext-per-call-10", "lokale-py-per-call-10"), ("gettext-per-call-100", "lokale-py-per-call-100"),
                     ("gettext-plain-10", "lokale-py-plain-10"),
                     ("gettext-per-request-100", "lokale-py-use-languages-100"),
                     ("gettext-per-request-100-request", "lokale-py-use-languages-100-request")]:
            label = g.replace("gettext-", "") + (" (per lookup)" if g.endswith("per-request-100") else "")
            if g.endswith("-request"):
                label = "per-request-100, per request"
            out.append(cols(label, [fmt(get(g, n, "ns")) for n in ns_list] + [fmt(get(l, n, "ns")) for n in ns_list] +
                            [fmt(get(g, n, "paired_ratio"), 2) for n in ns_list] +
                            [fmt(get(l, n, "paired_ratio"), 2) for n in ns_list] +
                            [fmt(get(l, n, "paired_ratio_gettext"), 2) for n in ns_list]))
            if l == "lokale-py-per-call-10" and any(by.get(("lokale-py-per-call-10-made", n)) for n in ns_list):
                out.append(cols("per-call-10, lists made once (`runtime.languages(list)`) and passed as they are",
                                ["—"] * len(ns_list) + [fmt(get("lokale-py-per-call-10-made", n, "ns")) for n in ns_list] +
                                ["—"] * len(ns_list) +
                                [fmt(get("lokale-py-per-call-10-made", n, "paired_ratio"), 2) for n in ns_list] +
                                [fmt(None if not get("gettext-per-call-10", n, "ns") or get("lokale-py-per-call-10-made", n, "ns") is None
                                     else get("lokale-py-per-call-10-made", n, "ns") / get("gettext-per-call-10", n, "ns"), 2)
                                 for n in ns_list]))
        if any(by.get(("lokale-py-plain-before-requests", n)) for n in ns_list):
            out += ["", "lokale plain `bundle.string(key)` before any `use_languages` in the process and after (once one "
                    "ran, every plain lookup also checks the request context variable); measured alone, the same 20 "
                    "batches (20,000 keys) before and after the cases above: " +
                    ", ".join(f"N={n}: {fmt(get('lokale-py-plain-before-requests', n, 'ns'))} ns before, "
                              f"{fmt(get('lokale-py-plain-after-requests', n, 'ns'))} ns after" for n in ns_list) + "."]
        seen = set()
        for r in rows:
            if r.get("skipped") and r["source"] == "python" and r["case"] not in seen:
                seen.add(r["case"])
                out += ["", f"**Skipped**: `{r['case']}`: {str(r.get('why', '')).replace('_', ' ')} (the binding "
                        "measured had no such API)."]
        out.append("")

    # -- memory ------------------------------------------------------------------------------------
    out += ["## Memory per distinct list", "",
            "RSS from `/proc/self/statm` (anonymous = RSS − shared: at N=100k the table is mapped and the lookups' "
            "file pages count in RSS, not in anonymous memory); the C heap in use from `mallinfo2()` (exact, whatever "
            "pages malloc reuses). kept: L new distinct lists (6 languages each), each "
            "used for one lookup and kept alive. churn: C further distinct lists, each made, used once and freed; "
            "the growth at checkpoints (lists: RSS KiB/heap or anonymous KiB) shows the bound (the runtime remembers "
            "`LOKALE_LANGUAGES_REMEMBERED` = 1024 lists, each with its 4 plan entries; a table version keeps the "
            "selections of 1024 lists, and a bundle its plans by content). µs per new list: made + first lookup (+ free, churn). Python: tracemalloc counts the "
            "binding's Python objects (its runtime keeps the last 1024 `Languages`), RSS also the library's memory but "
            "reuses what the process freed before (the gettext objects), so a Python list costs about tracemalloc's "
            "figure plus the C driver's anonymous one.", "",
            "| what | N | lists | KiB per list (RSS) | KiB per list (anonymous) | KiB per list (C heap: mallinfo2) | KiB per list (Python: tracemalloc) | µs per new list | growth KiB (checkpoints: lists: RSS/heap or anonymous KiB) |",
            "|---|---:|---:|---:|---:|---:|---:|---:|---|"]
    for r in rows:
        c = str(r["case"])
        if not (c.startswith("memory") or c.startswith("new-list")) or r.get("skipped"):
            continue
        us = r.get("ns_per_new_list")
        anon = r.get("anon_kib_per_list")
        if anon is None and r.get("anon_growth_kb") is not None:
            anon = r["anon_growth_kb"] / r["lists"]
        heap = r.get("heap_kib_per_list")
        if heap is None and r.get("heap_growth_kb") is not None:
            heap = r["heap_growth_kb"] / r["lists"]
        out.append(f"| {c} | {r['n']} | {r.get('lists', '—')} | {r.get('kib_per_list', '—')} | "
                   f"{fmt(anon, 4) if isinstance(anon, (int, float)) else '—'} | "
                   f"{fmt(heap, 4) if isinstance(heap, (int, float)) else '—'} | {r.get('tracemalloc_kib_per_list', '—')} | "
                   f"{fmt(us / 1000 if us else None, 1)} | {r.get('growth_kb', '—')}"
                   f"{' (' + str(r.get('growth_kb_at')).replace(',', ', ').replace(':', ': ') + ')' if r.get('growth_kb_at') else ''} |")
    out.append("")
    with open(a.out + ".md", "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")
    with open(a.out + ".json", "w", encoding="utf-8") as f:
        json.dump({"machine": machine, "claim_ratio": claim,
                   "verdict": [{"case": c, "n": n, "paired_ratio_to_plain": x} for c, n, x in verdict],
                   "per_call_10_over_plain_10": {str(n): x for n, x in ten},
                   "results": rows}, f, indent=1, ensure_ascii=False)
    print("\n".join(out))


def main():
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("bench")
    b.add_argument("dir")
    b.add_argument("n", type=int)
    b.add_argument("--ops", type=int, default=100_000)
    b.add_argument("--reps", type=int, default=5)
    b.add_argument("--keep", type=int, default=1000)
    b.add_argument("--churn", type=int, default=100_000)
    b.add_argument("--chunk", type=int, default=10)
    r = sub.add_parser("report")
    r.add_argument("raw", nargs="+")
    r.add_argument("--out", required=True)
    r.add_argument("--machine")
    a = ap.parse_args()
    bench(a) if a.cmd == "bench" else report(a)


if __name__ == "__main__":
    main()
