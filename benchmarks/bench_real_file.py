"""Dequantize throughput through our GGUF reader: the numpy twin on memory-mapped rows against gguf-py and libgguf, same run.

Not a test: a measurement. Two parts:

1. the whole real model (default: the embedded Gemma 3 270M Q4_K_M), per quantized type, every tensor
   of that type from `open_gguf(...).rows(t)`: ferrox_lit's twin (`kind.dequantize`), the same twin on
   rows sliced from an `np.memmap` of the file (the reader's path before issue 13), gguf-py's
   `gguf.quants.dequantize` and libgguf's `dequantize_rows`, all on the same mapped bytes;
2. 16 MiB of random blocks (sane scales) per registered kind, in memory: twin, gguf-py, libgguf.

Before timing, the twin's output is compared with libgguf's bit for bit on every element timed
(and with gguf-py's, after the kind's documented gguf_fix, on the synthetic blocks). Sides are
interleaved, order alternating, best of N samples of >= min-sample seconds each, one process.

    python benchmarks/bench_real_file.py [--gguf PATH] [--repeats 3] [--json docs/measurements/bench_real_file_cpu.json]
"""
import argparse, json, os, platform, time
import numpy as np
import gguf, libgguf
from ferrox_lit.core import mismatches
from ferrox_lit.kinds import KINDS
from ferrox_lit.kind import random_blocks, gguf_dequantize
from ferrox_lit.gguf_file import open_gguf, default_model_path

def per_pass(fn, loops):
    t = time.perf_counter()
    for _ in range(loops): fn()
    return (time.perf_counter() - t) / loops

def race(sides:dict, repeats:int, min_sample:float) -> dict:
    "Best seconds per pass of each side: interleaved, order rotating, each sample >= min_sample seconds."
    loops = {k: max(1, int(np.ceil(min_sample / max(per_pass(fn, 1), 1e-4)))) for k, fn in sides.items()}
    best = {k: np.inf for k in sides}
    names = list(sides)
    for rep in range(repeats):
        for k in names[rep % len(names):] + names[:rep % len(names)]:
            best[k] = min(best[k], per_pass(sides[k], loops[k]))
    return best

def row(label, mib, best, base='gguf-py') -> dict:
    r = dict(type=label, mib=round(mib, 2), **{f'{k} MiB/s': round(mib / s, 1) for k, s in best.items()})
    r['twin / gguf-py'] = round(best['gguf-py'] / best['ferrox twin'], 3)
    r['twin / libgguf'] = round(best['libgguf'] / best['ferrox twin'], 3)
    return r

def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument('--gguf'); p.add_argument('--repeats', type=int, default=3); p.add_argument('--min-sample', type=float, default=0.5)
    p.add_argument('--synthetic-mib', type=float, default=16); p.add_argument('--json')
    a = p.parse_args()
    f = open_gguf(a.gguf or default_model_path())
    old = np.memmap(f.path, np.uint8, mode='r')                       # the pre-issue-13 path: np.memmap slices
    groups = {}
    for t in f:
        if t.kind is not None: groups.setdefault(t.type_name, []).append(t)
    model_rows, tot = [], {}
    for ty, ts in groups.items():
        k, qt = ts[0].kind, gguf.GGMLQuantizationType(ts[0].ggml_type)
        bad = sum(mismatches(k.dequantize(f.rows(t)), libgguf.dequantize_rows(f.rows(t), int(qt))) for t in ts)
        sides = {'ferrox twin': lambda: [k.dequantize(f.rows(t)) for t in ts],
                 'ferrox twin, np.memmap rows (before)':
                     lambda: [k.dequantize(old[t.offset:t.offset + t.n_bytes].reshape(t.n_rows, t.row_bytes)) for t in ts],
                 'gguf-py': lambda: [gguf.quants.dequantize(f.rows(t), qt) for t in ts],
                 'libgguf': lambda: [libgguf.dequantize_rows(f.rows(t), int(qt)) for t in ts]}
        best = race(sides, a.repeats, a.min_sample)
        mib = sum(t.n_bytes for t in ts) / 2**20
        for s, v in best.items(): tot[s] = tot.get(s, 0) + v
        model_rows.append(dict(row(ty, mib, best), tensors=len(ts), twin_vs_libgguf_mismatches=bad))
        print(model_rows[-1], flush=True)
    mib = sum(r['mib'] for r in model_rows)
    model_rows.append(dict(row('whole model', mib, tot), tensors=sum(r['tensors'] for r in model_rows),
                           twin_vs_libgguf_mismatches=sum(r['twin_vs_libgguf_mismatches'] for r in model_rows)))
    print(model_rows[-1], flush=True)
    synth = []
    for k in KINDS:
        n = int(a.synthetic_mib * 2**20) // k.block_bytes // 8 * 8
        raw = random_blocks(k, n, 1).reshape(-1, 8 * k.block_bytes)[: n // 8]    # rows of 8 blocks
        qt = int(gguf.GGMLQuantizationType(k.ggml_type))
        tw = k.dequantize(raw)
        g = gguf_dequantize(k, raw)
        if k.gguf_fix is not None:
            g = np.asarray(k.gguf_fix(raw.reshape(-1, k.block_bytes), g.reshape(-1, k.block_elems)), np.float32).reshape(tw.shape)
        best = race({'ferrox twin': lambda: k.dequantize(raw), 'gguf-py': lambda: gguf.quants.dequantize(raw, qt),
                     'libgguf': lambda: libgguf.dequantize_rows(raw, qt)}, a.repeats, a.min_sample)
        synth.append(dict(row(k.name, raw.nbytes / 2**20, best), twin_vs_gguf_mismatches=mismatches(tw, g),
                          twin_vs_libgguf_mismatches=mismatches(tw, libgguf.dequantize_rows(raw, qt))))
        print(synth[-1], flush=True)
    out = dict(file=f.path.name, file_bytes=f.size, repeats=a.repeats, min_sample_s=a.min_sample, model=model_rows, synthetic=synth,
               timing='best of N interleaved samples (order rotating), each >= min_sample s; single process; '
                      'rows from open_gguf (a plain view of one mmap) unless labelled np.memmap',
               gguf_version=__import__('importlib.metadata').metadata.version('gguf'),
               libgguf_version=__import__('importlib.metadata').metadata.version('libgguf'),
               numpy_version=np.__version__, cpus=os.cpu_count(), machine=platform.machine(), date=time.strftime('%Y-%m-%d'),
               command='python benchmarks/bench_real_file.py' + (f' --gguf {a.gguf}' if a.gguf else '') + f' --repeats {a.repeats}')
    if a.json:
        with open(a.json, 'w') as fh: json.dump(out, fh, indent=1); fh.write('\n')

if __name__ == '__main__': main()
