"""Exhaustive check of the CPU runtime's fp16/bf16 headers and float -> integer intrinsics: every float bit pattern through
each conversion, every pair of halves and of bfloat16s.

Not a test: about 18 minutes of CPU in all (half pairs ~5.5, bfloat16 pairs ~4.5, floats -> half ~3, floats -> fp8 ~2.5,
floats -> int ~2, floats -> bfloat16 ~0.5). All 2^32 floats through __float2half (rn, rz, rd, ru)
and __float2bfloat16; all 2^32 ordered pairs of halves through __hadd, __hsub, __hmul and the comparisons; all 2^32
ordered pairs of bfloat16s through __hadd, __hsub, __hmul; N random and all edge triples through __hfma (half) and N/10
through the bfloat16 __hfma; the bfloat162 forms and directed bfloat16 conversions on N/10 draws; each against the
driver's integer reference (ferrox_lit/cuda/runtime_check.cpp). Then all 2^32 floats through __float2int_rn/rz/rd/ru and
__saturatef against ferrox_lit/cuda/intrinsics_check.cpp's bit-level reference. And all 2^32 floats through
__nv_cvt_float_to_fp8 (E4M3 and E5M2, __NV_SATFINITE and __NV_NOSAT), every half and bfloat16 to fp8, every fp8 back to
half, and N/10 doubles and C++ fp8 types. Each sweep is one process on one core;
--jobs of them run at once, longest first.

    python benchmarks/runtime_exhaustive.py [--fma 100000000] [--jobs 2] [--json docs/measurements/runtime_fp16_cpu.json]
        [--intrinsics-json docs/measurements/runtime_intrinsics_cpu.json]
"""
import argparse, json, os, platform, time
from concurrent.futures import ThreadPoolExecutor
from ferrox_lit.runtime import run_check, build_check, sources_digest, EXHAUSTIVE_JSON
from ferrox_lit.intrinsics import run_sweep, build_driver, intrinsics_digest, INTRINSICS_JSON

def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument('--fma', type=int, default=100_000_000, help='random __hfma triples (half); a tenth of it for bfloat16')
    p.add_argument('--jobs', type=int, default=2); p.add_argument('--json', default=str(EXHAUSTIVE_JSON))
    p.add_argument('--intrinsics-json', default=str(INTRINSICS_JSON))
    a = p.parse_args()
    build_check(); build_driver()
    sweeps = [('binop', 1), ('f2h', 1), ('bf16binop', 1), ('fp8', 1), ('f2i', 1), ('bf16', 1), ('fma', a.fma), ('bf16fma', a.fma // 10),
              ('bf16forms', a.fma // 10), ('fp8forms', a.fma // 10)]   # longest first
    def one(s):
        what, arg = s
        return run_sweep(what, arg) if what == 'f2i' else run_check(what, arg)
    t0 = time.time()
    with ThreadPoolExecutor(a.jobs) as ex: results = list(ex.map(one, sweeps))
    wall = round(time.time() - t0, 1)
    rows = [dict(sweep=what, **r) for (what, _), rs in zip(sweeps, results) for r in rs]
    for r in rows: print(f"{r['check']:>24} {r['checked']:>14,} checked {r['mismatches']:>6} mismatches {r['seconds']:8.1f} s")
    meta = dict(machine=platform.processor() or platform.machine(), cpus=os.cpu_count(), jobs=a.jobs, wall_s=wall, load_avg=os.getloadavg())
    half_rows = [r for r in rows if r['sweep'] != 'f2i']
    with open(a.json, 'w') as f: json.dump(dict(sources=sources_digest(), **meta, rows=half_rows), f, indent=1)
    with open(a.intrinsics_json, 'w') as f:
        json.dump(dict(sources=intrinsics_digest(), **meta, rows=[r for r in rows if r['sweep'] == 'f2i']), f, indent=1)
    print('wrote', a.json, 'and', a.intrinsics_json)

if __name__ == '__main__': main()
