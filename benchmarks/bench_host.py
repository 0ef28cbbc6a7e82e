"""Cost of running the mul_mm kernel on the CPU: the fiber runner against one OS thread per CUDA thread.

Not a test: a measurement. Both runners are built from the same shim and the same emitted
translation unit; only the scheduler differs (ucontext fibers on one OS thread vs. one pthread per
CUDA thread with a pthread barrier). The fixed cost of a launch (process start, job I/O) is
removed by timing two grids and taking the difference per block. Best of N. Both wall time (the
runner as a user waits for it) and the runner's CPU time (user + system, all its threads) are
recorded: on a loaded machine the OS-thread baseline's 256 threads take a larger share of the cores
than the one fiber thread, which moves the wall-time ratio; the CPU-time ratio is the work each does.

It also measures what one warp collective costs on the fiber runner: a kernel runs R rounds of the
five-step __shfl_xor_sync butterfly (and, for comparison, the same loop with __syncthreads()) at two
values of R; the difference in the runner's CPU time divided by the lane-steps added is the cost per lane per step
(ferrox_lit.warp.collective_cost).

With --before REV it also times the fiber runner built from the runner.cpp and host_shim.h of git
revision REV (e.g. 96bf095, before warp collectives), same kernel and flags otherwise, so the cost of
the new runtime to code that does not use it is measured rather than assumed.

    python benchmarks/bench_host.py [--kind Q4_K] [--k 2048] [--repeats 3] [--before REV] [--json docs/measurements/bench_host_cpu.json]
"""
import argparse, json, resource, subprocess
from contextlib import contextmanager, nullcontext
import ferrox_lit.host as host
import numpy as np
from ferrox_lit.kinds import require_kind
from ferrox_lit.kind import random_blocks
from ferrox_lit.mul_mm import BM, BN, kernel_src, grid_dims, THREADS
from ferrox_lit.runtime import launch, build
from ferrox_lit.twin import mul_mm_twin
from ferrox_lit.core import mismatches
from ferrox_lit.warp import collective_cost

def timed(kind, mode, n_rows, batch, n_cols, repeats):
    w = random_blocks(kind, n_rows * n_cols // kind.block_elems, 0).reshape(n_rows, -1)
    x = np.random.default_rng(0).standard_normal((batch, n_cols)).astype(np.float32)
    src, best, best_cpu, y = kernel_src(kind), float('inf'), float('inf'), None
    build(src, kind.fn_name, mode)
    for _ in range(repeats):
        dst = np.empty((batch, n_rows), np.float32)
        t0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        r = launch(src, kind.fn_name, grid_dims(n_rows, batch), THREADS,
                   [w, x, dst, n_rows, n_cols, batch, w.shape[1]], mode=mode, timeout=600)
        t1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        best = min(best, r.seconds); y = dst
        best_cpu = min(best_cpu, t1.ru_utime + t1.ru_stime - t0.ru_utime - t0.ru_stime)
    assert mismatches(y, mul_mm_twin(kind, w, x)) == 0, f'{mode}: result differs from the twin'
    return best, best_cpu, r.blocks

@contextmanager
def runner_from(rev):
    "Build with runner.cpp and host_shim.h as they were at git revision `rev` (fast mode flags of that time: none)."
    show = lambda f: subprocess.run(['git', 'show', f'{rev}:ferrox_lit/cuda/{f}'], capture_output=True, text=True, check=True).stdout
    saved = host.RUNNER_CPP, host.SHIM_H, host._MODE_FLAGS['fast']
    host.RUNNER_CPP, host.SHIM_H, host._MODE_FLAGS['fast'] = show('runner.cpp'), show('host_shim.h'), ([], [])
    try: yield
    finally: host.RUNNER_CPP, host.SHIM_H, host._MODE_FLAGS['fast'] = saved

def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument('--kind', default='Q4_K'); p.add_argument('--k', type=int, default=2048)
    p.add_argument('--blocks', type=int, default=4, help='row tiles in the large grid')
    p.add_argument('--repeats', type=int, default=3); p.add_argument('--json')
    p.add_argument('--before', help='git revision whose runner.cpp/host_shim.h to time as well (fast mode)')
    a = p.parse_args()
    kind, rows = require_kind(a.kind), []
    for mode in ('fast', 'osthreads') + (('before',) if a.before else ()):
        with runner_from(a.before) if mode == 'before' else nullcontext():
            m = 'fast' if mode == 'before' else mode
            t1, c1, b1 = timed(kind, m, BM, BN, a.k, a.repeats)
            tn, cn, bn = timed(kind, m, BM * a.blocks, BN, a.k, a.repeats)
        per_block, cpu_per_block = (tn - t1) / (bn - b1), (cn - c1) / (bn - b1)
        rows.append(dict(mode=mode if mode != 'before' else f'fast at {a.before}', kind=kind.name, k=a.k, threads=THREADS,
                         ms_per_block=round(1e3 * per_block, 2),
                         cpu_ms_per_block=round(1e3 * cpu_per_block, 2), launch_overhead_ms=round(1e3 * (t1 - per_block), 1)))
        print(f"{mode:10} {kind.name} K={a.k}: {1e3 * per_block:8.2f} ms per block of {THREADS} threads, {1e3 * cpu_per_block:8.2f} ms "
              f"CPU time (fixed launch cost {1e3 * (t1 - per_block):.1f} ms)")
    ratio = rows[1]['ms_per_block'] / rows[0]['ms_per_block']
    ratio_cpu = rows[1]['cpu_ms_per_block'] / rows[0]['cpu_ms_per_block']
    print(f"fibers are {ratio:.1f}x faster per block than one OS thread per CUDA thread (wall time; {ratio_cpu:.1f}x in CPU time)")
    before = rows[2]['cpu_ms_per_block'] / rows[0]['cpu_ms_per_block'] if a.before else None
    if before: print(f"the runner at {a.before} takes {before:.2f}x the CPU time of today's per block")
    shfl = collective_cost('shfl_xor', repeats=a.repeats)
    sync = collective_cost('syncthreads', repeats=a.repeats)
    print(f"one __shfl_xor_sync: {shfl:.1f} ns per lane; one __syncthreads(): {sync:.1f} ns per thread (fiber runner)")
    if a.json:
        json.dump(dict(rows=rows, fiber_speedup=round(ratio, 2), fiber_speedup_cpu=round(ratio_cpu, 2), before=a.before,
                       before_cpu_ratio=round(before, 3) if before else None, shfl_xor_ns_per_lane=round(shfl, 1),
                       syncthreads_ns_per_thread=round(sync, 1)), open(a.json, 'w'), indent=1)

if __name__ == '__main__': main()
