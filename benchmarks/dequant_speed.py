"""Dequantize speed per format: 16 MiB of random blocks per kind through our numpy twin (`kind.dequantize`), gguf-py
(`gguf.quants.dequantize`) and libgguf (`dequantize_rows`, ggml's C), in the same process, best of a few interleaved passes.

Not a test: a measurement the requant page (nbs/40a_requant.ipynb) renders. Before timing, the twin's output is compared
with gguf-py's (where gguf-py dequantizes the type) and libgguf's on every element timed. Ratios are the other side's
seconds over the twin's (above 1: the twin is faster). Each row records a digest of the twin's sources
(`ferrox_lit.requant.twin_digest`) so the page can say when a row is stale, and its own date and load.
`twin_vs_libgguf_fixed` applies the kind's `gguf_fix` to libgguf's values too (libgguf is ggml's CPU code, which gguf-py
transcribes: NVFP4's unsigned reading of the E4M3 scale is the same in both).
--merge re-measures only the kinds named (with --kinds) and keeps the other rows of the existing file.

Kinds: every registered kind (`KINDS`), plus the rows named by `ready_<KIND>` files in --ready DIR (formats written but not
registered yet), optionally filtered by --kinds.

    python benchmarks/dequant_speed.py [--ready DIR] [--kinds Q4_1,IQ2_S [--merge]] [--mib 16] [--repeats 3]
        [--json docs/measurements/dequant_speed.json]
"""
import argparse, importlib.metadata, json, os, platform, time
import numpy as np
import gguf, libgguf
from ferrox_lit.core import mismatches
from ferrox_lit.kind import random_blocks
from ferrox_lit.kinds import KINDS
from ferrox_lit.requant import best_seconds, gguf_py_dequantize, twin_digest, ready_kinds, DEQUANT_SPEED_JSON

ROW_ELEMS = 4096  # elements per row handed to the three sides: whole blocks of every format (32, 64, 128, 256)

def measure(k, mib:float, repeats:int) -> dict:
    "One kind: mismatch counts, then the best seconds of each side on the same `mib` MiB of random blocks."
    per_row = ROW_ELEMS // k.block_elems * k.block_bytes
    n_rows = int(mib * 2**20) // per_row
    raw = random_blocks(k, n_rows * ROW_ELEMS // k.block_elems, 1).reshape(n_rows, per_row)
    qt = gguf.GGMLQuantizationType(k.ggml_type)
    tw, g = k.dequantize(raw), gguf_py_dequantize(k, raw)
    lg = libgguf.dequantize_rows(raw, int(qt)).reshape(tw.shape)
    lg_fixed = lg if k.gguf_fix is None else np.asarray(k.gguf_fix(raw.reshape(-1, k.block_bytes), lg.reshape(-1, k.block_elems)),
                                                        np.float32).reshape(tw.shape)
    sides = {'twin': lambda: k.dequantize(raw), 'libgguf': lambda: libgguf.dequantize_rows(raw, int(qt))}
    if g is not None: sides['gguf-py'] = lambda: gguf.quants.dequantize(raw, qt)
    best = best_seconds(sides, repeats)
    mb = raw.nbytes / 2**20
    r = dict(kind=k.name, registered=k in KINDS, bpw=round(8 * k.block_bytes / k.block_elems, 4), mib=round(mb, 2),
             twin_mib_s=round(mb / best['twin'], 1), gguf_py_mib_s=round(mb / best['gguf-py'], 1) if g is not None else None,
             libgguf_mib_s=round(mb / best['libgguf'], 1),
             twin_over_gguf_py=round(best['gguf-py'] / best['twin'], 3) if g is not None else None,
             twin_over_libgguf=round(best['libgguf'] / best['twin'], 3),
             twin_vs_gguf_py=mismatches(tw, g) if g is not None else None, twin_vs_libgguf=mismatches(tw, lg),
             twin_vs_libgguf_fixed=mismatches(tw, lg_fixed), sources=twin_digest(k), date=time.strftime('%Y-%m-%d %H:%M'),
             load_avg=round(os.getloadavg()[0], 2))
    return r

def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument('--ready', help='directory of ready_<KIND> files naming rows not registered yet')
    p.add_argument('--kinds', help='comma-separated names to measure (default: all)')
    p.add_argument('--mib', type=float, default=16); p.add_argument('--repeats', type=int, default=3)
    p.add_argument('--json', default=str(DEQUANT_SPEED_JSON))
    p.add_argument('--merge', action='store_true', help='keep the rows of --json for the kinds not measured in this run')
    a = p.parse_args()
    kinds = list(KINDS) + (ready_kinds(a.ready) if a.ready else [])
    if a.kinds:
        want = a.kinds.split(',')
        missing = sorted(set(want) - {k.name for k in kinds})
        if missing: p.error(f"--kinds: {missing} are neither registered nor ready; have {[k.name for k in kinds]}")
        kinds = [k for k in kinds if k.name in want]
    t0, rows = time.time(), []
    for k in kinds:
        rows.append(measure(k, a.mib, a.repeats))
        print(json.dumps(rows[-1]), flush=True)
    if a.merge and os.path.exists(a.json):
        with open(a.json) as fh: old = {r['kind']: r for r in json.load(fh)['rows']}
        new = {r['kind']: r for r in rows}
        order = [k.name for k in list(KINDS) + (ready_kinds(a.ready) if a.ready else [])]
        rows = [new.get(n) or old[n] for n in order if n in new or n in old]
        rows += [r for n, r in old.items() if n not in order and n not in new]
    cmd = 'python benchmarks/dequant_speed.py' + (f' --ready {a.ready}' if a.ready else '') + (f' --kinds {a.kinds}' if a.kinds else '')
    out = dict(command=cmd + f' --mib {a.mib:g} --repeats {a.repeats}' + (' --merge' if a.merge else ''),
               date=time.strftime('%Y-%m-%d %H:%M'), wall_s=round(time.time() - t0, 1), cpus=os.cpu_count(), machine=platform.machine(),
               load_avg=[round(x, 2) for x in os.getloadavg()], repeats=a.repeats, mib=a.mib,
               timing='best of N single passes per side, interleaved with the order rotating; one process',
               versions={n: importlib.metadata.version(n) for n in ('numpy', 'gguf', 'libgguf')}, rows=rows)
    with open(a.json, 'w') as fh: json.dump(out, fh, indent=1); fh.write('\n')
    print('wrote', a.json)

if __name__ == '__main__': main()
