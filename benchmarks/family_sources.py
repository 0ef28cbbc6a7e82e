"""The emitted CUDA of every kernel family for every kind, as sha256 digests: the baseline the family seam is checked against.

    python benchmarks/family_sources.py            writes docs/measurements/family_sources.json

It calls each family's emitter function directly (the functions the family rows wrap), so it runs on the code before
the seam existed as well as after. The digests committed were taken at the last commit before the seam (recorded in the
file as `commit`); `nbs/29_families.ipynb` checks that every family row emits exactly these translation units."""
import hashlib, json, subprocess, sys, time
from pathlib import Path
from ferrox_lit import KINDS
from ferrox_lit.mul_mm import kernel_src
from ferrox_lit.matvec import matvec_src, rq_matvec_src, reduce_src
from ferrox_lit.matvec import dequant_src
from ferrox_lit.q8_1 import q8_1_src
from ferrox_lit.vdot import vdot_src
from ferrox_lit.mmvq import mmvq_src

OUT = Path(__file__).resolve().parent.parent / 'docs' / 'measurements' / 'family_sources.json'

EMITTERS = {  # family name -> kind -> (src, entry point); kind-free families ignore the kind
    'mul_mm': lambda k: (kernel_src(k), k.fn_name),
    'matvec': matvec_src,
    'rq_matvec': rq_matvec_src,
    'mv_reduce': reduce_src,
    'dequant': dequant_src,
    'dequant_f16': lambda k: dequant_src(k, 'f16'),
    'quantize_q8_1': lambda k: q8_1_src(),
    'vdot': vdot_src,
    'mmvq': mmvq_src,
}

def digest(src:str, fn:str) -> str: return hashlib.sha256(f'{fn}\0{src}'.encode()).hexdigest()

def main() -> int:
    t0 = time.time()
    commit = subprocess.run(['git', 'rev-parse', 'HEAD'], capture_output=True, text=True, cwd=OUT.parent).stdout.strip()
    dirty = bool(subprocess.run(['git', 'status', '--porcelain', '--', 'ferrox_lit'], capture_output=True, text=True,
                                cwd=OUT.parent).stdout)
    res = {f: {k.name: digest(*e(k)) for k in KINDS} for f, e in EMITTERS.items()}
    OUT.write_text(json.dumps(dict(commit=commit, library_dirty=dirty, kinds=[k.name for k in KINDS], digests=res), indent=1) + '\n')
    print(f'{sum(map(len, res.values()))} translation units of {len(res)} families digested in {time.time() - t0:.1f} s '
          f'at {commit[:7]}{" (library modified)" if dirty else ""} -> {OUT}')
    return 0

if __name__ == '__main__': sys.exit(main())
