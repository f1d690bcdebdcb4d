#!/usr/bin/env python3
"""The Python side of the per-call languages benchmark (servers answering each request in its own
languages), and its report.

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

report: the tables of requests.c's and bench's lines (requests_report.py).
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
        # the plain measurement again, use_languages having run in the process
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
    if a.cmd == "bench":
        bench(a)
    else:
        from requests_report import report
        report(a)


if __name__ == "__main__":
    main()
