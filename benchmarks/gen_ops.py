#!/usr/bin/env python3
"""Pre-generates the key streams every engine replays (the same bytes for all of them).

usage: gen_ops.py DATADIR N [--ops 200000] [--touch 1000000] [--seed 42]

Writes fixed-width records of 16 bytes (NUL-padded keys):
  ops_uniform.bin  uniformly random present keys
  ops_zipf.bin     Zipf(s=1) present keys; ranks mapped to keys by a random permutation
  ops_miss.bin     absent keys of the same shape (msg.NNNNNN.x, among the present ones)
  ops_touch.bin    --touch lookups over a random permutation of all N keys, cycled (the memory case)
and plural_n.bin: --ops little-endian uint32 arguments in [0, 1000) for the plural case.
"""
import argparse
import bisect
import itertools
import os
import random
import struct

W = 16


def rec(k: str) -> bytes:
    b = k.encode()
    assert len(b) < W
    return b + b"\0" * (W - len(b))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("dir")
    ap.add_argument("n", type=int)
    ap.add_argument("--ops", type=int, default=200_000)
    ap.add_argument("--touch", type=int, default=1_000_000)
    ap.add_argument("--seed", type=int, default=42)
    a = ap.parse_args()
    n, rng = a.n, random.Random(a.seed)
    keys = [rec(f"msg.{i:06d}") for i in range(n)]
    with open(os.path.join(a.dir, "ops_uniform.bin"), "wb") as f:
        f.write(b"".join(keys[rng.randrange(n)] for _ in range(a.ops)))
    perm = list(range(n))
    rng.shuffle(perm)
    cdf = list(itertools.accumulate(1.0 / (r + 1) for r in range(n)))
    total = cdf[-1]
    with open(os.path.join(a.dir, "ops_zipf.bin"), "wb") as f:
        f.write(b"".join(keys[perm[min(bisect.bisect_left(cdf, rng.random() * total), n - 1)]]
                         for _ in range(a.ops)))
    with open(os.path.join(a.dir, "ops_miss.bin"), "wb") as f:
        # "msg.000123.x" sorts right after the present "msg.000123": a sorted table searches to
        # full depth, along a different path each time
        f.write(b"".join(rec(f"msg.{rng.randrange(n):06d}.x") for _ in range(a.ops)))
    rng.shuffle(perm)
    with open(os.path.join(a.dir, "ops_touch.bin"), "wb") as f:
        f.write(b"".join(keys[perm[i % n]] for i in range(a.touch)))
    with open(os.path.join(a.dir, "plural_n.bin"), "wb") as f:
        f.write(struct.pack(f"<{a.ops}I", *(rng.randrange(1000) for _ in range(a.ops))))


if __name__ == "__main__":
    main()
