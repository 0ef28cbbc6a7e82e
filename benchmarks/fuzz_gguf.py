"""The GGUF reader under hostile input, at scale: 100,000 fuzz cases, and issue 13's crafted worst cases at full size.

Not a test: a measurement (the CI test runs a few thousand fuzz cases and the crafted files at the
default limits). Every fuzz case is opened, every tensor read and dequantized, the census run
(`ferrox_lit.fuzz.exercise`); the outcomes are counted per class of named error, and any other
exception, any case over the time bound and any over the memory bound is listed with the mutations
that made it (replay one with `ferrox_lit.fuzz.replay(case, seed)`). Each crafted file is written at
the size issue 13 used and opened in a fresh Python process, whose wall time and peak RSS are recorded.

    python benchmarks/fuzz_gguf.py [--cases 100000] [--seed 0] [--json docs/measurements/fuzz_gguf_cpu.json]
"""
import argparse, json, os, subprocess, sys, tempfile, time
from pathlib import Path
from ferrox_lit.fuzz import fuzz, hostile_file, HOSTILE

BEFORE = {  # issue 13's figures for the same files, before the limits (fresh process each)
    'array of empty arrays': '36 s', 'array of empty strings': '40 s', 'zero-size tensors': '92 s, 1.9 GiB',
    'many keys': '19 s', 'huge key': '7 s, 2.6 GiB', 'huger key': 'MemoryError (1.5 GiB key)', 'huge string value': '(not in the issue)'}

CHILD = r'''
import json, sys, time
from ferrox_lit.fuzz import exercise
t0 = time.perf_counter(); out = exercise(sys.argv[1]); s = time.perf_counter() - t0
# this process's own peak (ru_maxrss inherits the parent's)
hwm = next(int(l.split()[1]) for l in open('/proc/self/status') if l.startswith('VmHWM'))
print(json.dumps(dict(outcome=out, seconds=s, max_rss_mib=hwm / 1024)))
'''

def hostile_rows(d) -> list:
    "Each crafted file at issue size, opened in a fresh process: outcome, seconds, peak RSS."
    rows = []
    for case, (_, n, _) in HOSTILE.items():
        p = hostile_file(d, case, 'full')
        size = p.stat().st_size
        r = subprocess.run([sys.executable, '-c', CHILD, str(p)], capture_output=True, text=True, timeout=600)
        p.unlink()
        if r.returncode:
            rows.append(
                dict(
                    case=case,
                    n=n,
                    file_mib=size / 2**20,
                    outcome='CRASH ' + r.stderr.strip().splitlines()[-1],
                    seconds=0,
                    max_rss_mib=0,
                    before=BEFORE[case],
                )
            )
            continue
        rows.append(dict(case=case, n=n, file_mib=size / 2**20, before=BEFORE[case], **json.loads(r.stdout)))
        print(f"{case}: {rows[-1]['outcome']} in {rows[-1]['seconds']:.3f} s, peak RSS {rows[-1]['max_rss_mib']:.0f} MiB", flush=True)
    return rows

def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument('--cases', type=int, default=100_000)
    p.add_argument('--seed', type=int, default=0)
    p.add_argument('--time-bound', type=float, default=2.0)
    p.add_argument('--mem-bound', type=float, default=512.0, help='MiB beyond the file size')
    p.add_argument('--json')
    a = p.parse_args()
    with tempfile.TemporaryDirectory() as d:
        host = hostile_rows(d)
        t = time.perf_counter()
        f = fuzz(a.cases, a.seed, time_bound=a.time_bound, mem_bound_mib=a.mem_bound, progress=10_000)
        secs = time.perf_counter() - t
    f['escaped'] = f['escaped'][:50]; f['slow'] = f['slow'][:50]; f['big'] = f['big'][:50]
    out = dict(fuzz=f, fuzz_seconds=secs, hostile=host, time_bound_s=a.time_bound, mem_bound_mib=a.mem_bound,
               cpus=os.cpu_count(), python=sys.version.split()[0], date=time.strftime('%Y-%m-%d'),
               command=' '.join(['python', 'benchmarks/fuzz_gguf.py'] + sys.argv[1:]))
    print(json.dumps({k: v for k, v in f.items() if k in ('cases', 'counts', 'worst_s', 'worst_mib', 'ok')}, indent=1))
    if a.json: Path(a.json).write_text(json.dumps(out, indent=1) + '\n')

if __name__ == '__main__': main()
