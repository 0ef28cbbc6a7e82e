"""Time `ferrox_lit.vet.vet` on one dequant kernel over all fixtures: without mutants (target < 30 s on 2 cores) and with
mutation analysis (target < 3 minutes); and the same for our Q4_K int8 matvec (MMVQ) through the `mmvq` family, and our Q4_K
int8 tensor-core GEMM (MMQ) through the `mmq` family without mutants.
Cold: every case runs with a fresh, empty cache ($FERROX_LIT_CACHE), so the CPU
builds, the NVRTC compiles and the judged mutants are all paid for in the figure; then the first case once more, warm.

Not a test: minutes of CPU.

    python benchmarks/bench_vet.py [--jobs 2] [--mutant-limit 200] [--json docs/measurements/bench_vet.json]
"""
import argparse, json, os, platform, tempfile, time
from pathlib import Path

TARGETS = {False: 30.0, True: 180.0}   # seconds: issue 14's targets without / with mutation analysis

def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument('--jobs', type=int, default=2)
    p.add_argument('--mutant-limit', type=int, default=200)
    p.add_argument('--json', default=str(Path(__file__).resolve().parent.parent / 'docs' / 'measurements' / 'bench_vet.json'))
    a = p.parse_args()
    os.environ['FERROX_LIT_JOBS'] = str(a.jobs)
    from ferrox_lit.vet import vet, vet_digest, Q4_0_SRC
    from ferrox_lit.matvec import dequant_src
    from ferrox_lit.mmvq import mmvq_src, MMVQ_ROWS
    q4k, q4k_fn = dequant_src('Q4_K')
    mq, mq_fn = mmvq_src('Q4_K')
    mq_launch = (f'cdiv(n_rows, {MMVQ_ROWS})', f'32, {MMVQ_ROWS}', 'w,a,y,n_rows,n_cols,batch,row_bytes')
    from ferrox_lit.mmq import mmq_src, ROWS, COLS, WARPS
    gq, gq_fn = mmq_src('Q4_K')
    gq_launch = (f'cdiv(n_rows, {ROWS}), cdiv(batch, {COLS})', 32 * WARPS, 'w,a,y,n_rows,n_cols,batch,row_bytes')
    cases = [  # (label, source, kernel, kind, grid, block, args, mutants, cold, family)
        ('running example Q4_0, no mutants', Q4_0_SRC, 'dequant_q4_0<float>', 'Q4_0', 'nb', 32, 'x,y,nb', False, True, 'dequant'),
        ('running example Q4_0, no mutants (warm cache)', Q4_0_SRC, 'dequant_q4_0<float>', 'Q4_0', 'nb', 32, 'x,y,nb', False, False,
         'dequant'),
        ('running example Q4_0, with mutants', Q4_0_SRC, 'dequant_q4_0<float>', 'Q4_0', 'nb', 32, 'x,y,nb', True, True, 'dequant'),
        ('our Q4_K dequant, no mutants', q4k, q4k_fn, 'Q4_K', 'cdiv(n, 4096)', 256, 'x,y,nb', False, True, 'dequant'),
        ('our Q4_K dequant, with mutants', q4k, q4k_fn, 'Q4_K', 'cdiv(n, 4096)', 256, 'x,y,nb', True, True, 'dequant'),
        ('our Q4_K MMVQ, no mutants', mq, mq_fn, 'Q4_K', *mq_launch, False, True, 'mmvq'),
        ('our Q4_K MMVQ, with mutants', mq, mq_fn, 'Q4_K', *mq_launch, True, True, 'mmvq'),
        ('our Q4_K MMQ, no mutants', gq, gq_fn, 'Q4_K', *gq_launch, False, True, 'mmq'),
    ]
    rows, cache = [], None
    for label, src, kernel, kind, grid, block, args, mutants, cold, family in cases:
        if cold or cache is None:
            cache = tempfile.mkdtemp(prefix='bench-vet-')
            os.environ['FERROX_LIT_CACHE'] = cache
        load0 = os.getloadavg()[0]
        t = time.perf_counter()
        r = vet(src, kernel, kind, family, grid, block, args, mutants=mutants, mutant_limit=a.mutant_limit, jobs=a.jobs)
        secs = round(time.perf_counter() - t, 1)
        m = r['mutants']
        rows.append(dict(case=label, kernel=kernel, kind=kind, family=family, mutants=mutants, cold=cold, seconds=secs,
                         target_s=TARGETS[mutants],
                         within_target=secs < TARGETS[mutants], verdict=r['verdict'], fixtures=len(r['fixtures']),
                         elements=r['elements'], mutants_total=m.get('total', 0), killed=m.get('killed', 0),
                         stillborn=m.get('stillborn', 0), kill_rate=m.get('kill_rate'), load_avg_1min=[round(load0, 2),
                                                                                                    round(os.getloadavg()[0], 2)]))
        print(f"{label:48} {secs:7.1f} s (target {TARGETS[mutants]:.0f} s)  {r['verdict']}  "
              f"mutants {m.get('killed', 0)}/{m.get('total', 0)}", flush=True)
    meta = dict(vet=vet_digest(), machine=platform.processor() or platform.machine(), cpus=os.cpu_count(), jobs=a.jobs,
                mutant_limit=a.mutant_limit, when=time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime()))
    Path(a.json).write_text(json.dumps(dict(**meta, rows=rows), indent=1) + '\n')
    print('wrote', a.json)

if __name__ == '__main__': main()
