"""vet on ggml's own ggml-cuda files (issue 28 §6): every convert.cu dequantizer, mmvq.cu's mul_mat_vec_q at batch 1 and 8
for every type, mmq.cuh's mul_mat_q for Q4_0, Q8_0, Q4_K and Q6_K on its mma path (sm_90) and its __dp4a path (sm_61),
quantize.cu's quantize_q8_1 and quantize_mmq_q8_1 (its three layouts), and the mutation analysis of the Q4_K matvec. The
matvecs and GEMMs are judged with accept='nmse': a kernel whose formula differs from ours (Q4_0's offset through the
activations' stored sum) passes at tier (c) and says so.
The files come unmodified from the pinned ggml-python sdist (`ferrox_lit.vet_ggml.ggml_tree`, fetched into the cache);
none of their text is written here, only figures. Cold: a fresh, empty cache per run unless --warm.

Per kernel: the tier reached, outputs compared, mismatches per class, detector findings, NVRTC and nvcc figures, wall time.
Writes docs/measurements/vet_ggml.json, which page 39a renders. Not a test: minutes of CPU.

    python benchmarks/vet_ggml.py [--jobs 2] [--mutant-limit 40] [--only dequant|mmvq|mmvq8|mmq|quantize|mutants] [--skip-mutants]
"""
import argparse, json, os, platform, re, tempfile, time
from pathlib import Path

MMQ_KINDS = ('Q4_0', 'Q8_0', 'Q4_K', 'Q6_K')   # the kinds mul_mat_q is judged on (the issue's)
MMQ_SMS = (90, 61)                             # mul_mat_q's mma path and its __dp4a path

UBSAN = re.compile(r'([\w.+-]+:\d+):\d+: runtime error: (.*)')   # UBSan's own line: the file and line where it happened

def detector(d:dict) -> dict:
    "One detector finding: its first line, and where UBSan reports one, the header line it happened at and what it was."
    m = UBSAN.search(d['message'])
    return dict(mode=d['mode'], fixture=d['fixture'], error=d['error'], message=d['message'].splitlines()[0][:300],
                where=m.group(1) if m else None, ub=m.group(2)[:160] if m else None)

def row(kind, launch, r) -> dict:
    "The figures of one vet report."
    cc, nv = r.get('nvcc', {}), r['nvrtc']
    sm90 = next((x for x in cc.get('rows', []) if x['arch'] == 'sm_90'), {})
    return dict(kind=kind, file=launch.file, family=launch.family, kernel=launch.kernel, batch=launch.batch, sm=launch.sm,
                verdict=r['verdict'],
                tier=r['tier'], fixtures=len(r['fixtures']), elements=r['elements'], mismatches=r['mismatches'],
                fixture_tiers={t: sum(f.get('tier') == t for f in r['fixtures']) for t in ('bit-exact', 'bound', 'nmse', 'none')},
                off_tier=[dict(fixture=f['fixture'], nmse=f.get('nmse')) for f in r['fixtures'] if f.get('tier') == 'none'][:6],
                classes={k: v for k, v in r['mismatch_classes'].items() if v},
                detectors=[detector(d) for d in r['detectors']],
                nvrtc=nv['status'], nvrtc_detail=nv.get('detail', '')[:200], nvcc=cc.get('status'), nvcc_detail=cc.get('detail', '')[:200],
                nvcc_sm90=dict(registers=sm90.get('registers'), spill_stores=sm90.get('spill_stores'),
                               instructions=sm90.get('sass', {}).get('instructions')) if sm90 else None,
                mutants={k: r['mutants'].get(k) for k in ('status', 'total', 'killed', 'survived', 'kill_rate')},
                survivors=[dict(line=s.get('line'), op=s.get('op'))   # where and which operator: ggml's own text is not kept
                           for s in r['mutants'].get('survivors', [])][:40],
                seconds=r['seconds'])

def _key(r) -> tuple: return (r['file'], r['kind'], r['batch'], r.get('sm', 90), r['mutation_run'])

def merged(path:Path, rows:list, meta:dict, only:str|None) -> tuple:
    """With --only, this run's rows in place of the same kernels' rows of the file already there, when that file was
    measured with the same vet (else this run's rows alone, said). Each part keeps its own time in `parts`."""
    part = dict(seconds=meta['seconds'], when=meta['when'], cold=meta['cold'], jobs=meta['jobs'], cxx_flags=meta['cxx_flags'])
    old = json.loads(path.read_text()) if only and path.exists() else None
    if old is not None and old.get('vet') != meta['vet']:
        print(f"{path.name} was measured with vet {old.get('vet')}, this run with {meta['vet']}: its other rows are dropped")
        old = None
    if old is None: return rows, meta | dict(parts={only or 'all': part})
    new = {_key(r) for r in rows}
    keep = [r for r in old['rows'] if _key(r) not in new]
    parts = old.get('parts') or {'earlier': dict(seconds=old['seconds'], when=old['when'], cold=old['cold'], jobs=old['jobs'])}
    parts = parts | {only: part}
    return keep + rows, meta | dict(parts=parts, seconds=round(sum(p['seconds'] for p in parts.values()), 1),
                                    cold=all(p['cold'] for p in parts.values()))

def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument('--jobs', type=int, default=2)
    p.add_argument('--mutant-limit', type=int, default=40)
    p.add_argument('--only', choices=('dequant', 'mmvq', 'mmvq8', 'mmq', 'quantize', 'mutants'),
                   help='one part, merged into the file already there (mmvq: batch 1 and 8; mmvq8: batch 8 alone)')
    p.add_argument('--skip-mutants', action='store_true', help='leave out the Q4_K mutation analysis')
    p.add_argument('--kinds', default='', help='with --only: just these kinds (comma-separated), merged into the file')
    p.add_argument('--warm', action='store_true', help='reuse the cache (the figures are then not cold)')
    p.add_argument('--json', default=str(Path(__file__).resolve().parent.parent / 'docs' / 'measurements' / 'vet_ggml.json'))
    a = p.parse_args()
    os.environ['FERROX_LIT_JOBS'] = str(a.jobs)
    from ferrox_lit.vet_ggml import ggml_tree, CONVERT, mmvq_launch, mmq_launch, GGML_SDIST, QUANTIZE_Q8_1
    from ferrox_lit.vet_ggml import quantize_mmq_launch, QUANTIZE_MMQ_KINDS
    from ferrox_lit.vet import vet, vet_digest, VetError
    from ferrox_lit.kinds import KINDS
    from ferrox_lit.core import FerroxError
    root = ggml_tree()   # fetched once into the default cache, outside the timings
    cases = []
    if a.only in (None, 'dequant'): cases += [(k, l, False) for k, l in CONVERT.items()]
    if a.only in (None, 'mmvq'): cases += [(k.name, mmvq_launch(k.name, 1), False) for k in KINDS]
    if a.only in (None, 'mmvq', 'mmvq8'): cases += [(k.name, mmvq_launch(k.name, 8), False) for k in KINDS]
    if a.only in (None, 'mmq'): cases += [(k, mmq_launch(k, sm), False) for sm in MMQ_SMS for k in MMQ_KINDS]
    if a.only in (None, 'quantize'):
        cases.append(('Q8_1', QUANTIZE_Q8_1, False))
        cases += [(k, quantize_mmq_launch(k), False) for k in QUANTIZE_MMQ_KINDS]   # one per block_q8_1_mmq layout
    if a.only in (None, 'mutants') and not a.skip_mutants: cases.append(('Q4_K', mmvq_launch('Q4_K', 1), True))
    if a.kinds: cases = [c for c in cases if c[0] in a.kinds.split(',')]
    rows, t0 = [], time.time()
    for kind, launch, mut in cases:
        with tempfile.TemporaryDirectory(prefix='fx-vet-ggml-') as cache:
            if not a.warm: os.environ['FERROX_LIT_CACHE'] = cache
            t = time.perf_counter()
            try:
                src = (root / 'src' / 'ggml-cuda' / launch.file).read_text()
                r = vet(src, kind='Q8_0' if kind == 'Q8_1' else kind, **launch.kw(root), mutants=mut, mutant_limit=a.mutant_limit,
                        accept='nmse' if launch.family in ('mmvq', 'mmq') else 'bound')   # Q8_1: the quantizer reads no weights; any kind
                r['kind'] = kind
                out = row(kind, launch, r)
            except (FerroxError, VetError) as e:   # refused before it ran: said as the row's verdict
                out = dict(kind=kind, file=launch.file, family=launch.family, kernel=launch.kernel, batch=launch.batch, sm=launch.sm,
                           verdict='refused', error=type(e).__name__, message=str(e).splitlines()[0][:300],
                           seconds=round(time.perf_counter() - t, 2))
            out['mutation_run'] = mut
            rows.append(out)
            print(f"{kind:8} {launch.file:10} b={launch.batch or '-'} sm={launch.sm} {out['verdict']:7} "
                  f"{out.get('tier', out.get('error', ''))!s:10} {out['seconds']:6.1f} s {out.get('classes', out.get('message', ''))}",
                  flush=True)
    from ferrox_lit.runtime import _COMMON
    meta = dict(vet=vet_digest(), sdist=list(GGML_SDIST), machine=platform.machine(), cpus=os.cpu_count(), jobs=a.jobs,
                cxx_flags=' '.join(_COMMON),   # the CPU runtime's compile flags: a runtime fix changes results, not vet's digest
                cold=not a.warm, mutant_limit=a.mutant_limit, seconds=round(time.time() - t0, 1),
                when=time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime()))
    rows, meta = merged(Path(a.json), rows, meta, a.only and a.only + (f' {a.kinds}' if a.kinds else ''))
    Path(a.json).write_text(json.dumps(dict(meta, rows=rows), indent=1) + '\n')
    print(f"wrote {a.json}: {len(rows)} kernels, {meta['seconds']} s")

if __name__ == '__main__': main()
