#!/usr/bin/env python3
"""The Python side of the suite: one engine per process, the same key streams as the C driver.

usage: bench_py.py DATADIR N ENGINE [--ops K] [--reps R] [--opens O]
ENGINE: python-gettext (GNUTranslations.gettext on the same .mo), lokale-python (Bundle.string;
with the binding's accelerator when it loads), lokale-python-ctypes (run with
LOKALE_PURE_PYTHON=1), ctypes-floor (lokale_version_number through ctypes, plus a plain Python
call for scale). Prints JSON lines like the C driver.
"""
import argparse
import gc
import json
import os
import struct
import sys
import time

KW = 16
BATCH = 1000


def statm():
    with open("/proc/self/statm") as f:
        size, resident, shared = (int(x) for x in f.read().split()[:3])
    kb = os.sysconf("SC_PAGESIZE") // 1024
    return {"rss": resident * kb, "file": shared * kb, "anon": (resident - shared) * kb}


def stream(d, name, limit=None):
    with open(os.path.join(d, name), "rb") as f:
        raw = f.read()
    count = len(raw) // KW if limit is None else min(limit, len(raw) // KW)
    return [raw[i * KW:(i + 1) * KW].rstrip(b"\0").decode() for i in range(count)]


def pct(sorted_values, p):
    idx = p * (len(sorted_values) - 1)
    lo = int(idx)
    frac = idx - lo
    if lo + 1 < len(sorted_values):
        return sorted_values[lo] * (1 - frac) + sorted_values[lo + 1] * frac
    return sorted_values[lo]


def stats(samples):
    s = sorted(samples)
    return {"p50": round(pct(s, 0.5), 2), "p90": round(pct(s, 0.9), 2), "p99": round(pct(s, 0.99), 2),
            "mean": round(sum(s) / len(s), 2), "min": round(s[0], 2)}


def measure(fn, keys, reps, hit_check=None, before_batch=None):
    """Timed batches of BATCH calls of fn(key) after one warm-up pass; ns per call. With
    before_batch, no warm-up: it runs (not timed) before every batch instead (a memo's forget)."""
    nb = len(keys) // BATCH
    batches = [keys[b * BATCH:(b + 1) * BATCH] for b in range(nb)]
    if before_batch is None:
        for k in keys[:nb * BATCH]:
            fn(k)
    samples, rep_p50 = [], []
    clock = time.perf_counter_ns
    gc.disable()
    for _ in range(reps):
        rs = []
        for batch in batches:
            if before_batch is not None:
                before_batch()
            t0 = clock()
            for k in batch:
                fn(k)
            rs.append((clock() - t0) / BATCH)
        samples += rs
        rep_p50.append(round(pct(sorted(rs), 0.5), 2))
    gc.enable()
    hits = sum(1 for k in keys[:nb * BATCH] if hit_check(k)) if hit_check else None
    return stats(samples), rep_p50, nb * BATCH, len(samples), hits


def interleaved(theirs, ours, keys, reps):
    """ns per call of theirs(key) and ours(key) over the same batches, taking turns batch for batch
    (the order alternating), after a warm-up pass of each: the machine's changes of speed fall on
    both alike. Returns both engines' per-batch samples and the per-batch ratios ours / theirs."""
    nb = len(keys) // BATCH
    batches = [keys[b * BATCH:(b + 1) * BATCH] for b in range(nb)]
    for k in keys[:nb * BATCH]:
        theirs(k)
        ours(k)
    a_samples, b_samples, ratios = [], [], []
    clock = time.perf_counter_ns
    gc.disable()
    for rep in range(reps):
        for i, batch in enumerate(batches):
            times = {}
            for name, fn in ((("theirs", theirs), ("ours", ours)) if (i + rep) % 2 == 0 else
                             (("ours", ours), ("theirs", theirs))):
                t0 = clock()
                for k in batch:
                    fn(k)
                times[name] = (clock() - t0) / BATCH
            a_samples.append(times["theirs"])
            b_samples.append(times["ours"])
            ratios.append(times["ours"] / times["theirs"])
    gc.enable()
    return a_samples, b_samples, ratios


def emit(**kw):
    print(json.dumps(kw, ensure_ascii=False), flush=True)


def python_printf(tr):
    """Python's printf dialect: the .mo's plural forms say %lld (C's), which % refuses; a Python
    project would ship %d. Rewritten once, after open, in the parsed catalog."""
    for ck, text in list(tr._catalog.items()):
        if isinstance(ck, tuple):
            tr._catalog[ck] = text.replace("%lld", "%d")


def gettext_plural(tr, plural_key):
    """plural-format through a GNUTranslations: ngettext + % (after python_printf)."""
    def plural(count):
        return tr.ngettext(plural_key, plural_key, count) % count
    return plural


def plural_counts(d, limit):
    """The counts of plural-format, the same as the C driver's."""
    with open(os.path.join(d, "plural_n.bin"), "rb") as f:
        raw = f.read()
    k = min(limit, len(raw) // 4)
    return list(struct.unpack(f"<{k}I", raw[:k * 4]))


def check_plural(engine, plural):
    """The Russian forms of a few counts, or exit."""
    for count, word in ((1, "файл "), (3, "файла "), (5, "файлов "), (11, "файлов "), (21, "файл ")):
        if not plural(count).startswith(f"{count} {word}"):
            print(f"{engine} plural({count}) = {plural(count)!r}", file=sys.stderr)
            sys.exit(1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dir")
    ap.add_argument("n", type=int)
    ap.add_argument("engine")
    ap.add_argument("--ops", type=int, default=200_000)
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--opens", type=int, default=50)
    a = ap.parse_args()
    d, n = a.dir, a.n
    uniform = stream(d, "ops_uniform.bin", a.ops)
    zipf = stream(d, "ops_zipf.bin", a.ops)
    miss = stream(d, "ops_miss.bin", a.ops)
    touch = stream(d, "ops_touch.bin")
    with open(os.path.join(d, "meta.json"), encoding="utf-8") as f:
        plural_key = json.load(f)["plural_key"]
    common = {"n": n, "reps": a.reps, "batch": BATCH,
              "python": sys.version.split()[0]}

    if a.engine == "ctypes-floor":
        import ctypes
        import lokale  # noqa: F401 (the same library the binding loads)
        lib = ctypes.CDLL(os.environ["LOKALE_LIBRARY"])
        f = lib.lokale_version_number
        f.restype = ctypes.c_int
        f.argtypes = []
        keys = uniform
        st, rp, ops, cnt, _ = measure(lambda k: f(), keys, a.reps)
        emit(engine="ctypes-floor", case="call", ns_per_op=st, rep_p50=rp, ops_per_rep=ops, samples=cnt,
             what="lokale_version_number() through ctypes, from a Python loop", **common)

        def noop(k):
            return k
        st, rp, ops, cnt, _ = measure(noop, keys, a.reps)
        emit(engine="python-call-floor", case="call", ns_per_op=st, rep_p50=rp, ops_per_rep=ops,
             samples=cnt, what="a Python function call, from the same loop", **common)
        d0 = {k: k for k in set(uniform)}
        st, rp, ops, cnt, _ = measure(d0.get, keys, a.reps)
        emit(engine="python-dict-floor", case="call", ns_per_op=st, rep_p50=rp, ops_per_rep=ops,
             samples=cnt, what="dict.get from the same loop", **common)
        return

    if a.engine == "python-side-by-side":
        # GNUTranslations.gettext against Bundle.string with the accelerator, in one process.
        import gettext
        import lokale
        with open(os.path.join(d, "mo", "ru", "LC_MESSAGES", "bench.mo"), "rb") as f:
            tr = gettext.GNUTranslations(f)
        b = lokale.Runtime(["ru"], settings_path="").open(os.path.join(d, "bench.lokale"))
        if not lokale.accelerated():
            print("python-side-by-side: the accelerator is not built", file=sys.stderr)
            sys.exit(1)
        for case, keys in (("plain-hit-uniform", uniform), ("plain-hit-zipf", zipf), ("plain-miss", miss)):
            wrong = [k for k in keys[:1000] if tr.gettext(k) != b.string(k)]
            if wrong:
                print(f"python-side-by-side {case}: answers differ, e.g. {wrong[0]!r}", file=sys.stderr)
                sys.exit(1)
            theirs, ours, ratios = interleaved(tr.gettext, b.string, keys, a.reps)
            emit(engine="python-side-by-side", case=case, ns_per_op=stats(ours), gettext_ns_per_op=stats(theirs),
                 ratio=stats(ratios), samples=len(ratios),
                 what="Bundle.string (accelerator) and GNUTranslations.gettext in one process, batch for batch; "
                      "ratio: lokale / gettext per batch pair", **common)
        # plural-format: Bundle.format against ngettext + % (as the python-gettext engine does it)
        python_printf(tr)
        theirs_plural = gettext_plural(tr, plural_key)

        def ours_plural(count):
            return b.format(plural_key, count)
        check_plural("python-side-by-side gettext", theirs_plural)
        check_plural("python-side-by-side lokale", ours_plural)
        theirs, ours, ratios = interleaved(theirs_plural, ours_plural, plural_counts(d, a.ops // 4), a.reps)
        emit(engine="python-side-by-side", case="plural-format", ns_per_op=stats(ours), gettext_ns_per_op=stats(theirs),
             ratio=stats(ratios), samples=len(ratios),
             what="Bundle.format (accelerator) and ngettext + % in one process, batch for batch; "
                  "ratio: lokale / gettext per batch pair", **common)
        return

    m0 = statm()
    extra = {}
    if a.engine == "python-gettext":
        import gettext
        path = os.path.join(d, "mo", "ru", "LC_MESSAGES", "bench.mo")

        def opener():
            with open(path, "rb") as f:
                return gettext.GNUTranslations(f)
        t0 = time.perf_counter_ns()
        tr = opener()
        tr.gettext(uniform[0])
        first_open = time.perf_counter_ns() - t0
        lookup = tr.gettext

        def hit(k):
            return tr.gettext(k) != k

        def open_first(k):
            t = opener()
            t.gettext(k)

        python_printf(tr)
        plural = gettext_plural(tr, plural_key)
    else:
        accelerated_expected = a.engine == "lokale-python"
        t0 = time.perf_counter_ns()
        import lokale
        rt = lokale.Runtime(["ru"], settings_path="")
        path = os.path.join(d, "bench.lokale")
        b = rt.open(path)
        b.string(uniform[0])
        first_open = time.perf_counter_ns() - t0
        accelerated = bool(lokale.accelerated()) if hasattr(lokale, "accelerated") else False
        extra["accelerated"] = accelerated
        if accelerated != accelerated_expected:
            print(f"{a.engine}: accelerator loaded: {accelerated}, expected {accelerated_expected}",
                  file=sys.stderr)
            sys.exit(1)
        lookup = b.string
        step_translation = lokale.Step.TRANSLATION if hasattr(lokale, "Step") else None

        def hit(k):
            return b.lookup(k).step == step_translation

        copies = os.path.join(d, "open_pylokale")
        os.makedirs(copies, exist_ok=True)
        opened = [0]

        def open_first(k):
            # a distinct name per open, as in the C driver: no cache keyed on the path can answer
            copy = os.path.join(copies, f"b{opened[0]}.lokale")
            opened[0] += 1
            if not os.path.lexists(copy):
                os.symlink(path, copy)
            bb = rt.open(copy)
            bb.string(k)
            bb.close()

        def plural(count):
            return b.format(plural_key, count)
    m1 = statm()
    for k in touch:
        lookup(k)
    m2 = statm()
    emit(engine=a.engine, case="memory", lookups=len(touch),
         rss_kb={"baseline": m0["rss"], "after_open": m1["rss"], "after_lookups": m2["rss"]},
         anon_kb={"baseline": m0["anon"], "after_open": m1["anon"], "after_lookups": m2["anon"]},
         file_kb={"baseline": m0["file"], "after_open": m1["file"], "after_lookups": m2["file"]},
         **extra, **common)
    for case, keys, expect in (("plain-hit-uniform", uniform, True), ("plain-hit-zipf", zipf, True),
                               ("plain-miss", miss, False)):
        st, rp, ops, cnt, hits = measure(lookup, keys, a.reps, hit)
        if hits != (ops if expect else 0):
            print(f"{a.engine} {case} N={n}: {hits} hits of {ops}", file=sys.stderr)
            sys.exit(1)
        emit(engine=a.engine, case=case, ns_per_op=st, rep_p50=rp, ops_per_rep=ops, samples=cnt,
             hits=hits, **extra, **common)
    # plural-format: the Russian plural message with one integer, the same counts as the C driver
    counts = plural_counts(d, a.ops)
    check_plural(a.engine, plural)
    st, rp, ops, cnt, _ = measure(plural, counts, a.reps)
    emit(engine=a.engine, case="plural-format", ns_per_op=st, rep_p50=rp, ops_per_rep=ops, samples=cnt,
         **extra, **common)
    if a.engine == "lokale-python-ctypes":
        # A memo miss, as a program meets it: Bundle.string of a key its memo does not hold (a
        # translation the table has). Batches of distinct keys, the memo emptied before each one
        # (outside the timing).
        distinct = list(dict.fromkeys(uniform))[:100 * BATCH]
        st, rp, ops, cnt, _ = measure(lookup, distinct, a.reps, before_batch=b._memo.forget)
        emit(engine=a.engine, case="plain-memo-miss", ns_per_op=st, rep_p50=rp, ops_per_rep=ops, samples=cnt,
             what="Bundle.string of a key the memo does not hold (one foreign call: lokale_bundle_text)",
             **extra, **common)
        # What of that is the foreign call itself: lokale_bundle_text through ctypes (the same
        # function object the binding calls) on the same keys, encoded beforehand.
        from lokale import _backend_ctypes
        text_call, handle = _backend_ctypes._text_by_address, b._memo.handle
        encoded = {k: k.encode() for k in distinct}
        st, rp, ops, cnt, _ = measure(lambda k: text_call(handle, encoded[k], None), distinct, a.reps)
        emit(engine=a.engine, case="text-call", ns_per_op=st, rep_p50=rp, ops_per_rep=ops, samples=cnt,
             what="lokale_bundle_text(bundle, key, NULL) through ctypes alone, keys encoded beforehand "
                  "(plus a lambda and a dict read)", **extra, **common)
    # open + first lookup; Python's gettext parses the whole file, so fewer opens at large N
    opens = a.opens if n <= 100_000 else max(3, a.opens // 10)
    times = []
    for i in range(opens):
        t0 = time.perf_counter_ns()
        open_first(uniform[i])
        times.append(time.perf_counter_ns() - t0)
        gc.collect()
    emit(engine=a.engine, case="open", ns_per_op=stats(times), opens=opens, first_open_ns=first_open,
         **extra, **common)


if __name__ == "__main__":
    main()
