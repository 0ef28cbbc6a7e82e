"""Compile every kernel family, for every kind, in both GPU modes, with another NVRTC: the one a GPU machine's CuPy uses.

    python tools/nvrtc_check.py                              # the NVRTC ferrox_lit finds (the pip cu12 wheel)
    python tools/nvrtc_check.py --lib /path/libnvrtc.so.13   # e.g. the CUDA 13 wheel:
        pip install --no-deps --target /tmp/nvrtc13 'nvidia-cuda-nvrtc>=13,<14'
        python tools/nvrtc_check.py --lib /tmp/nvrtc13/nvidia/cu13/lib/libnvrtc.so.13

The GPU layer compiles through CuPy with `gpu.MODE_OPTIONS` (the same sets as `nvrtc.OPTION_SETS`); a CuPy built
for CUDA 13 brings NVRTC 13. This compiles each (family, kind, mode) at sm_90 with those options, strictly (any
warning fails), and prints registers, shared memory and spills. Exit status 1 if anything failed.
"""
from __future__ import annotations
import argparse, os, sys, time
from concurrent.futures import ThreadPoolExecutor


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument('--lib', help='libnvrtc to use (sets $FERROX_LIT_NVRTC)')
    p.add_argument('--arch', default='90', help='target architecture (default: %(default)s, the H100/H200)')
    p.add_argument('--jobs', type=int, default=os.cpu_count() or 1, help='parallel compiles (default: the CPU count)')
    a = p.parse_args(argv)
    if a.lib:
        if not os.path.isfile(a.lib): p.error(f'--lib {a.lib}: no such file')
        os.environ['FERROX_LIT_NVRTC'] = a.lib
        os.environ.setdefault('FERROX_LIT_CACHE', os.path.join(os.path.expanduser('~/.cache'), 'ferrox_lit_' + os.path.basename(a.lib)))
    from ferrox_lit import nvrtc
    from ferrox_lit.gpu import MODE_OPTIONS
    from ferrox_lit.kinds import KINDS
    assert MODE_OPTIONS == nvrtc.OPTION_SETS, 'the GPU layer and the NVRTC layer disagree on the option sets'
    print(f'NVRTC {".".join(map(str, nvrtc.nvrtc_version()))} at {nvrtc.nvrtc_path()}; sm_{a.arch}; options {MODE_OPTIONS}')
    jobs = [(f, k, m) for f in nvrtc.FAMILIES.values() for k in KINDS if not f.refuses(k) for m in MODE_OPTIONS]

    def one(job):
        f, k, m = job
        src, fn = f(k)
        try:
            r = nvrtc.resources(nvrtc.compile_kernel(src, a.arch, mode=m, fn_name=fn))
            return f.name, k.name, m, None, r
        except Exception as e:
            return f.name, k.name, m, f'{type(e).__name__}: {str(e).splitlines()[0][:200]}', None

    t0 = time.perf_counter()
    with ThreadPoolExecutor(a.jobs) as ex: rows = list(ex.map(one, jobs))
    bad = [r for r in rows if r[3]]
    for fam in nvrtc.FAMILIES:
        sel = [r for r in rows if r[0] == fam and not r[3]]
        if sel:
            regs = sorted({r[4]['registers'] for r in sel})
            print(f'{fam:10} {len(sel):3} compiled: registers {regs[0]}-{regs[-1]}, shared {max(r[4]["smem"] for r in sel):,} B, '
                  f'spills {sum(r[4]["spill_stores"] + r[4]["spill_loads"] for r in sel)} B')
    for r in bad: print('FAILED', *r[:4])
    print(f'{len(rows) - len(bad)} of {len(rows)} compiled clean in {time.perf_counter() - t0:.1f} s')
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
