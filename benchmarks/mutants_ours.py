"""Mutation analysis of our own kernels: every one-token mutant of the dequant snippets and helpers, the GEMM body and the
matvec bodies, judged on the CPU against the twins over the fixtures; writes docs/measurements/mutants_cpu.json.

    python benchmarks/mutants_ours.py [--jobs 2] [--limit 300] [--only FILE] [--add-missing]

--add-missing keeps the committed rows (their kernel files and the judges' code must be unchanged: the measurement's digest
over its own files still matches) and measures only the targets it has no row for, e.g. the snippets of kinds registered
after it was made; the file then covers every target with one digest.

Rendered by nbs/38_mutants.ipynb; `ferrox-lit check --mutants` reads it (refused once the kernels or judges change).
"""
import argparse, json, os, sys, time
from pathlib import Path
from ferrox_lit.mutants import targets, analyse_target, judges_digest, kernel_files, MUTANTS_JSON, live_lines, judge_for
from ferrox_lit.mutants import mutants, target_limit
from ferrox_lit.source import cuda_path

def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--jobs', type=int, default=2, help='parallel judges (the machine has 2 cores)')
    ap.add_argument('--limit', type=int, default=120, help='at most this many mutants per dequant snippet or helper (seeded sample)')
    ap.add_argument('--body-limit', type=int, default=50, help='at most this many per shared body and kind (each kind its own seed)')
    ap.add_argument('--only', default=None, help='only targets of this file (a partial run; not written)')
    ap.add_argument('--out', default=str(MUTANTS_JSON))
    ap.add_argument('--add-missing', action='store_true', help='keep the current rows, measure only the targets without one')
    a = ap.parse_args()
    kept = []
    if a.add_missing:
        m = json.loads(Path(a.out).read_text())
        if m.get('digest') != judges_digest(m.get('files')) or (m['limit'], m['body_limit']) != (a.limit, a.body_limit):
            sys.exit(f'{a.out}: its kernels, judges or limits changed since it was measured: rerun without --add-missing')
        kept = m['rows']; a.only = None
        print(f'keeping {len(kept)} measured rows ({m["seconds"]:.0f} s when measured)', flush=True)
    done = {(r['family'], r['kind'], r['variant'], r['file']) for r in kept}
    todo = [t for t in targets() if (a.only is None or t[3] == a.only) and tuple(t) not in done]
    counts = []
    for t in todo:
        j = judge_for(*t)
        counts.append(len(mutants(cuda_path(t[3]).read_text(), t[3], live_lines(j.tu(), t[3]), *target_limit(*t, a.limit, a.body_limit))))
    print(f'{len(todo)} targets, {sum(counts):,} mutants (limits {a.limit} / {a.body_limit} per target), jobs {a.jobs}', flush=True)
    rows, t0 = [], time.perf_counter()
    for t, n in zip(todo, counts):
        last = [0.0]
        def progress(done, total):
            if time.perf_counter() - last[0] > 20 or done == total:
                last[0] = time.perf_counter()
                print(f'  {done}/{total}  ({time.perf_counter() - t0:.0f} s in all)', flush=True)
        print(f'{"/".join(t)}: {n} mutants', flush=True)
        lim, seed = target_limit(*t, a.limit, a.body_limit)
        r = analyse_target(*t, limit=lim, jobs=a.jobs, progress=progress, seed=seed)
        print(f'  killed {r.killed}, survived {r.survived}, stillborn {r.stillborn}, kill rate {r.kill_rate:.1%}, {r.seconds:.0f} s',
              flush=True)
        rows.append(dict(family=t[0], kind=t[1], variant=t[2], seed=seed, **r.to_json()))
    total = time.perf_counter() - t0
    print(f'{sum(r["total"] for r in rows):,} mutants in {total:.0f} s', flush=True)
    if a.only: return
    if kept: total += m['seconds']   # the kept rows' measuring time, so `seconds` stays the whole measurement's
    by = {tuple(t): i for i, t in enumerate(targets())}
    rows = sorted(kept + rows, key=lambda r: by.get((r['family'], r['kind'], r['variant'], r['file']), len(by)))
    out = dict(digest=judges_digest(), files=kernel_files(), jobs=a.jobs, limit=a.limit, body_limit=a.body_limit, cpus=os.cpu_count(),
               seconds=round(total, 1), rows=rows)
    if kept:
        out['note'] = (m.get('note', '') + f" {len(todo)} targets were added later by --add-missing: {total - m['seconds']:.0f} s with"
                       f" {a.jobs} jobs ({', '.join(sorted({t[1] for t in todo}))}).").strip()
    Path(a.out).write_text(json.dumps(out, indent=1) + '\n')
    print('wrote', a.out)

if __name__ == '__main__':
    sys.exit(main())
