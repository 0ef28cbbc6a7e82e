"""Throughput of ferrox_lit's twin dequantize against gguf-py's, on the same random blocks.

Not a test: a measurement. Both run in this process, samples interleaved, best of N, so the ratio is
meaningful on a noisy shared machine even when the absolute MB/s are not; each row records the
1-minute load average when it finished. The committed docs/measurements/bench_dequant_cpu.json
comes from `--mb 16 --repeats 7` (rows of 4096 elements, the default: gguf-py dequantizes
in groups of 16 rows, so rows of one block would time its Python loop rather than its arithmetic).

    python benchmarks/bench_dequant.py [--mb 16] [--repeats 5] [--row-elems 4096] [--kinds Q4_K,Q8_0] [--json out.json]
"""
import argparse, json, os, time
import numpy as np
import gguf
from ferrox_lit.kinds import KINDS, require_kind
from ferrox_lit.kind import random_blocks
from ferrox_lit.core import mismatches

def race(fns, repeats):
    "Best wall seconds of each of `fns`, their samples interleaved so a change of machine load hits both."
    best = [float('inf')] * len(fns)
    for _ in range(repeats):
        for i, fn in enumerate(fns):
            t = time.perf_counter(); fn(); best[i] = min(best[i], time.perf_counter() - t)
    return best

def bench(kind, mb, repeats, row_elems):
    per_row = max(1, row_elems // kind.block_elems)                  # blocks per row: rows as wide as a real tensor's
    n_rows = int(mb * 2**20) // (per_row * kind.block_bytes)
    raw = random_blocks(kind, n_rows * per_row, seed=0).reshape(n_rows, per_row * kind.block_bytes)
    ours, theirs = kind.dequantize(raw), kind.gguf_dequantize(raw)
    if kind.gguf_fix is not None:                                     # where gguf deviates by design (MXFP4's -0.0); the fix takes blocks
        fixed = kind.gguf_fix(raw.reshape(-1, kind.block_bytes), theirs.reshape(-1, kind.block_elems))
        theirs = np.asarray(fixed, np.float32).reshape(theirs.shape)
    bad = mismatches(ours, theirs)            # a fast wrong answer is not a result
    qt = gguf.GGMLQuantizationType(kind.ggml_type)             # gguf-py called on the rows as a user would (its own grouping of rows)
    t_ours, t_gguf = race([lambda: kind.dequantize(raw), lambda: gguf.quants.dequantize(raw, qt)], repeats)
    mbytes = raw.nbytes / 2**20
    return dict(kind=kind.name, mb=round(mbytes, 1), row_elems=per_row * kind.block_elems, ours_mb_s=round(mbytes / t_ours, 1),
                gguf_mb_s=round(mbytes / t_gguf, 1), ratio=round(t_gguf / t_ours, 3), mismatches=bad,
                load_1m=round(os.getloadavg()[0], 2))   # the machine is shared: the 1-minute load average when this row finished

def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument('--mb', type=float, default=16, help='MiB of raw blocks per kind')
    p.add_argument('--repeats', type=int, default=5)
    p.add_argument('--row-elems', type=int, default=4096,
                   help='elements per row (gguf-py works in groups of 16 rows: one-block rows time its Python loop, not its arithmetic)')
    p.add_argument('--kinds', help='comma-separated names (default: all)')
    p.add_argument('--json', help='also write the rows to this file')
    a = p.parse_args()
    kinds = [require_kind(n) for n in a.kinds.split(',')] if a.kinds else KINDS
    rows = []
    print(f"{'kind':6} {'MiB':>6} {'ferrox MB/s':>12} {'gguf MB/s':>10} {'ratio':>6}  mismatches")
    for k in kinds:
        r = bench(k, a.mb, a.repeats, a.row_elems); rows.append(r)
        flag = '' if r['ratio'] >= 1.0 else '  (below 1.0x)'
        print(f"{r['kind']:6} {r['mb']:6.1f} {r['ours_mb_s']:12.1f} {r['gguf_mb_s']:10.1f} {r['ratio']:5.2f}x  {r['mismatches']}{flag}")
    if a.json: json.dump(rows, open(a.json, 'w'), indent=1)

if __name__ == '__main__': main()
