"""Dequantize throughput of ferrox_lit's two CPU engines, the numpy twin and the C engine, against gguf-py and libgguf, same run.

Not a test: a measurement (issue 13, "Real-file speed"). Two parts:

1. the whole real model (default: the embedded Gemma 3 270M Q4_K_M), through our reader: every quantized
   tensor from `open_gguf(...).rows(t)`, per type and the whole model in one pass (every output kept until
   the pass ends, as a loader keeps them);
2. 16 MiB of random blocks (sane scales) per registered kind, in memory.

Sides: the numpy twin (`kind.dequantize`), the C engine (`ferrox_lit.cengine.dequantize`, default thread
count, and 1 thread), gguf-py's `gguf.quants.dequantize`, libgguf's `dequantize_rows`, all on the same
bytes. Before timing, the C engine's output is compared bit for bit with the twin's and with libgguf's on
every element timed. Sides are interleaved, order rotating, best of N samples of >= min-sample seconds
each, one process. The machine may be shared: the load average is recorded before and after; read the
ratios (same run), not the absolute MiB/s.

    python benchmarks/bench_engines.py [--gguf PATH] [--repeats 5] [--json docs/measurements/bench_engines_cpu.json]
"""
import argparse, json, os, platform, time
import numpy as np
import gguf, libgguf
from ferrox_lit import cengine
from ferrox_lit.core import mismatches
from ferrox_lit.kinds import KINDS
from ferrox_lit.kind import random_blocks
from ferrox_lit.gguf_file import open_gguf, default_model_path
from bench_real_file import race   # one copy of the interleaved best-of-N timer (same folder)

SIDES = ('numpy twin', 'C engine', 'C engine, 1 thread', 'gguf-py', 'libgguf')

def sides_for(pairs) -> dict:
    "The five sides over (kind, raw uint8 [rows, row_bytes]) pairs: each returns every output (kept alive for the pass)."
    qts = [int(gguf.GGMLQuantizationType(k.ggml_type)) for k, _ in pairs]
    return {'numpy twin': lambda: [k.dequantize(r) for k, r in pairs],
            'C engine': lambda: [cengine.dequantize(k, r) for k, r in pairs],
            'C engine, 1 thread': lambda: [cengine.dequantize(k, r, threads=1) for k, r in pairs],
            'gguf-py': lambda: [gguf.quants.dequantize(r, q) for (_, r), q in zip(pairs, qts)],
            'libgguf': lambda: [libgguf.dequantize_rows(r, q) for (_, r), q in zip(pairs, qts)]}

def agreement(pairs) -> dict:
    "The C engine against the twin and libgguf on every element of `pairs`: element count and mismatch counts."
    out = {'elements': 0, 'mismatches vs twin': 0, 'mismatches vs libgguf': 0}
    for k, r in pairs:
        y = cengine.dequantize(k, r)
        with np.errstate(all='ignore'): tw = k.dequantize(r)
        out['elements'] += y.size
        out['mismatches vs twin'] += mismatches(y, tw)
        out['mismatches vs libgguf'] += mismatches(y, libgguf.dequantize_rows(r, int(gguf.GGMLQuantizationType(k.ggml_type))))
    return out

def row(label, pairs, repeats, min_sample, **extra) -> dict:
    mib = sum(r.nbytes for _, r in pairs) / 2**20
    best = race(sides_for(pairs), repeats, min_sample)
    r = dict(type=label, **extra, mib=round(mib, 2), **{f'{s} MiB/s': round(mib / best[s], 1) for s in SIDES})
    for s, name in [('C engine', 'C engine'), ('C engine, 1 thread', 'C engine, 1 thread'), ('numpy twin', 'twin')]:
        r[f'{name} / libgguf'] = round(best['libgguf'] / best[s], 3)
    r['C engine / gguf-py'] = round(best['gguf-py'] / best['C engine'], 3)
    r['C engine / twin'] = round(best['numpy twin'] / best['C engine'], 3)
    r.update(agreement(pairs))
    print({k: v for k, v in r.items()}, flush=True)
    return r

def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument('--gguf'); p.add_argument('--repeats', type=int, default=5); p.add_argument('--min-sample', type=float, default=0.5)
    p.add_argument('--synthetic-mib', type=float, default=16); p.add_argument('--json')
    a = p.parse_args()
    load_before = [round(x, 2) for x in os.getloadavg()]
    cengine.prebuild(KINDS)
    f = open_gguf(a.gguf or default_model_path())
    tensors = [t for t in f if t.kind is not None]
    groups = {}
    for t in tensors: groups.setdefault(t.type_name, []).append(t)
    model = [row(ty, [(t.kind, f.rows(t)) for t in ts], a.repeats, a.min_sample, tensors=len(ts)) for ty, ts in groups.items()]
    model.append(row('whole model', [(t.kind, f.rows(t)) for t in tensors], a.repeats, a.min_sample, tensors=len(tensors)))
    synth = []
    for k in KINDS:
        n = int(a.synthetic_mib * 2**20) // k.block_bytes // 8 * 8
        raw = random_blocks(k, n, 1).reshape(n // 8, 8 * k.block_bytes)      # rows of 8 blocks
        synth.append(row(k.name, [(k, raw)], a.repeats, a.min_sample, tensors=1))
    out = dict(file=f.path.name, file_bytes=f.size, repeats=a.repeats, min_sample_s=a.min_sample, sides=list(SIDES),
               threads=cengine.threads_for(1 << 40), cpus=os.cpu_count(), load_before=load_before,
               load_after=[round(x, 2) for x in os.getloadavg()], model=model, synthetic=synth,
               timing='best of N interleaved samples (order rotating), each >= min_sample s; single process; '
                      'every output of a pass kept until the pass ends; rows from open_gguf (a plain view of one mmap); '
                      'the C engine with its default thread count (one per 256 KiB '
                      'of input, at most the CPUs this process may use) and with 1 thread',
               cxxflags=list(cengine.CXXFLAGS), gguf_version=__import__('importlib.metadata').metadata.version('gguf'),
               libgguf_version=__import__('importlib.metadata').metadata.version('libgguf'), numpy_version=np.__version__,
               machine=platform.machine(), date=time.strftime('%Y-%m-%d'),
               command='python benchmarks/bench_engines.py' + (f' --gguf {a.gguf}' if a.gguf else '') + f' --repeats {a.repeats}')
    if a.json:
        with open(a.json, 'w') as fh: json.dump(out, fh, indent=1); fh.write('\n')

if __name__ == '__main__': main()
