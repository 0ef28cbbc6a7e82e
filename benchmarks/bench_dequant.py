"""Throughput of ferrox_lit's twin dequantize against gguf-py's, on the same random blocks.

Not a test: a measurement. Both run in this process, interleaved, best of N, so the ratio is
meaningful on a noisy shared machine even when the absolute MB/s are not.

    python benchmarks/bench_dequant.py [--mb 32] [--repeats 5] [--kinds Q4_K,Q8_0] [--json out.json]
"""
import argparse, json, time
import numpy as np
from ferrox_lit.kinds import KINDS, require_kind
from ferrox_lit.kind import random_blocks
from ferrox_lit.core import mismatches

def best_of(fn, repeats):
    best = float('inf')
    for _ in range(repeats):
        t = time.perf_counter(); fn(); best = min(best, time.perf_counter() - t)
    return best

def bench(kind, mb, repeats):
    n_blocks = int(mb * 2**20) // kind.block_bytes
    raw = random_blocks(kind, n_blocks, seed=0)
    ours, theirs = kind.dequantize(raw), kind.gguf_dequantize(raw)
    if kind.gguf_fix is not None: theirs = kind.gguf_fix(raw, theirs).reshape(theirs.shape)  # where gguf deviates by design (MXFP4's -0.0)
    bad = mismatches(ours, theirs)            # a fast wrong answer is not a result
    t_ours = best_of(lambda: kind.dequantize(raw), repeats)
    t_gguf = best_of(lambda: kind.gguf_dequantize(raw), repeats)
    mbytes = raw.nbytes / 2**20
    return dict(kind=kind.name, mb=round(mbytes, 1), ours_mb_s=round(mbytes / t_ours, 1),
                gguf_mb_s=round(mbytes / t_gguf, 1), ratio=round(t_gguf / t_ours, 3), mismatches=bad)

def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument('--mb', type=float, default=32, help='MiB of raw blocks per kind')
    p.add_argument('--repeats', type=int, default=5)
    p.add_argument('--kinds', help='comma-separated names (default: all)')
    p.add_argument('--json', help='also write the rows to this file')
    a = p.parse_args()
    kinds = [require_kind(n) for n in a.kinds.split(',')] if a.kinds else KINDS
    rows = []
    print(f"{'kind':6} {'MiB':>6} {'ferrox MB/s':>12} {'gguf MB/s':>10} {'ratio':>6}  mismatches")
    for k in kinds:
        r = bench(k, a.mb, a.repeats); rows.append(r)
        flag = '' if r['ratio'] >= 1.0 else '  (below 1.0x)'
        print(f"{r['kind']:6} {r['mb']:6.1f} {r['ours_mb_s']:12.1f} {r['gguf_mb_s']:10.1f} {r['ratio']:5.2f}x  {r['mismatches']}{flag}")
    if a.json: json.dump(rows, open(a.json, 'w'), indent=1)

if __name__ == '__main__': main()
