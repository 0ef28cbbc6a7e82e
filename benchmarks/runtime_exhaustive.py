"""Exhaustive check of the CPU runtime's fp16/bf16 headers: every float bit pattern through each conversion, every pair of halves.

Not a test: minutes of CPU. All 2^32 floats through __float2half (rn, rz, rd, ru) and __float2bfloat16; all 2^32
ordered pairs of halves through __hadd, __hsub, __hmul and the comparisons; N random and all edge triples through
__hfma; each against the driver's integer reference (ferrox_lit/cuda/runtime_check.cpp). Each sweep is one process
on one core; --jobs of them run at once.

    python benchmarks/runtime_exhaustive.py [--fma 100000000] [--jobs 2] [--json docs/measurements/runtime_fp16_cpu.json]
"""
import argparse, json, os, platform, time
from concurrent.futures import ThreadPoolExecutor
from ferrox_lit.runtime import run_check, build_check, sources_digest, EXHAUSTIVE_JSON

def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument('--fma', type=int, default=100_000_000, help='random __hfma triples')
    p.add_argument('--jobs', type=int, default=2); p.add_argument('--json', default=str(EXHAUSTIVE_JSON))
    a = p.parse_args()
    build_check()
    sweeps = [('binop', 1), ('f2h', 1), ('bf16', 1), ('fma', a.fma)]
    t0 = time.time()
    with ThreadPoolExecutor(a.jobs) as ex: results = list(ex.map(lambda s: run_check(*s), sweeps))
    rows = [dict(sweep=what, **r) for (what, _), rs in zip(sweeps, results) for r in rs]
    for r in rows: print(f"{r['check']:>24} {r['checked']:>14,} checked {r['mismatches']:>6} mismatches {r['seconds']:8.1f} s")
    out = dict(sources=sources_digest(), machine=platform.processor() or platform.machine(), cpus=os.cpu_count(), jobs=a.jobs,
               wall_s=round(time.time() - t0, 1),
               load_avg=os.getloadavg(), rows=rows)
    with open(a.json, 'w') as f: json.dump(out, f, indent=1)
    print('wrote', a.json)

if __name__ == '__main__': main()
