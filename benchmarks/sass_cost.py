"""The static cost rung, ours beside llama.cpp's: our int8 kernels (MMVQ, MMQ) and ggml 0.15.3's (`mmvq.cu`'s
`mul_mat_vec_q`, `mmq.cuh`'s `mul_mat_q`, from the pinned ggml-python sdist, fetched at run time into the cache; none of
its text is kept) built by the same nvcc with llama.cpp's `-use_fast_math`, for sm_90 and sm_86, each instantiated as its
launch instantiates it; per kernel `sass_cost.kernel_cost` (registers, spills, shared memory, the main loop's longest
pass by class, per unit of work, global bytes per unit) plus occupancy and the predicted issue time of a 4096 x 4096
launch on an H200 (`sass_cost.predicted`); and each kind's dequantizer (ours: `gpu.dequant_src`; llama.cpp's: `convert.cu`'s, as
`dequantize_row_*_cuda` launches it), per weight a thread writes (`sass_cost.straight_cost`). Every figure is predicted
(static); no GPU is used.

Not a test: about 15 minutes of CPU on 2 cores (each of ggml's files is a long nvcc build).

    python benchmarks/sass_cost.py [--kinds Q4_0,Q8_0,Q4_K,Q6_K | all] [--arches 90,86] [--families mmvq,mmq,dequant]
                                   [--jobs 2] [--json docs/measurements/sass_cost.json] [--merge]

--merge keeps the committed file's rows of other kinds, arches or families (say, every kind at sm_90 beside the four at sm_86).
"""
import argparse, json, platform, threading, time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

KINDS = ('Q4_0', 'Q8_0', 'Q4_K', 'Q6_K')   # the four; `--kinds all` takes every kind both sides have
N = 4096                                   # rows and columns of the predicted launch
MMVQ_BATCHES, MMQ_BATCHES = (1, 8), (128, 512)
MMQ_X = 128                                # llama.cpp's mmq_x at 128+ columns on sm_80..sm_90 (get_mmq_x_max_device, mma path)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument('--kinds', default=','.join(KINDS))
    p.add_argument('--arches', default='90,86')
    p.add_argument('--families', default='mmvq,mmq,dequant')
    p.add_argument('--jobs', type=int, default=2)
    p.add_argument('--merge', action='store_true', help='keep the file\'s rows of the kinds and arches not measured now')
    p.add_argument('--json', default=str(Path(__file__).resolve().parent.parent / 'docs' / 'measurements' / 'sass_cost.json'))
    a = p.parse_args()
    from ferrox_lit.kinds import require_kind
    from ferrox_lit.nvrtc import occupancy, nvcc_path
    from ferrox_lit.sass_cost import kernel_cost, predicted
    from ferrox_lit.bench import INT8_OPS
    from ferrox_lit.mmvq import mmvq_src, INT8_KINDS, MMVQ_ROWS, MAX_BATCH
    from ferrox_lit.mmq import mmq_src, mmq_grid, WARPS, MMQ_KINDS
    from ferrox_lit.gpu import dequant_src, DEQUANT_THREADS
    from ferrox_lit import vet_ggml
    arches = [int(x) for x in a.arches.split(',')]
    fams = set(a.families.split(','))
    if fams - {'mmvq', 'mmq', 'dequant'}: p.error(f"--families {a.families}: expected some of mmvq, mmq, dequant")
    ours_mmvq = [k.name for k in INT8_KINDS]
    kinds = ([k for k in ours_mmvq] if a.kinds == 'all' else [require_kind(k).name for k in a.kinds.split(',')])
    try:
        root, ggml_error = vet_ggml.ggml_tree(), None
        ggml_src = {f: (root / 'src' / 'ggml-cuda' / f).read_text() for f in ('mmvq.cu', 'mmq.cuh', 'convert.cu')}
        inc = [str(root / d) for d in vet_ggml.GGML_INCLUDES]
    except vet_ggml.GgmlUnavailable as e:
        root, ggml_error, ggml_src, inc = None, str(e), {}, []
    print(f"nvcc: {nvcc_path()}; ggml: {root or ggml_error}", flush=True)

    jobs = []   # (row template, build thunk); one build per (side, family, kind, arch, kernel), rows per batch
    for kind in kinds:
        k = require_kind(kind)
        wbytes = k.block_bytes / k.block_elems
        for arch in arches:
            if 'dequant' in fams:
                src, fn = dequant_src(kind)   # one thread per 16-weight sub-block (FX_NL of them a block): 16 weights a thread
                jobs.append((dict(side='ours', family='dequant', kind=kind, arch=f'sm_{arch}', kernel=fn, threads=DEQUANT_THREADS,
                                  launches=[dict(batch=None, warps=N * N // (32 * 16), blocks=N * N // (16 * DEQUANT_THREADS))],
                                  wbytes=wbytes),
                             lambda src=src, fn=fn, arch=arch: kernel_cost(src, fn, 'dequant', 16, arch)))
                if kind in vet_ggml.CONVERT:
                    L = vet_ggml.CONVERT[kind]; threads = int(L.block)
                    per_block = {'nb': k.block_elems, 'cdiv(n, 256)': 256, 'cdiv(n, 512)': 512}[L.grid]   # elements a CUDA block writes
                    wpt = per_block // threads
                    jobs.append((dict(side='llama.cpp', family='dequant', kind=kind, arch=f'sm_{arch}', kernel=L.kernel, threads=threads,
                                      launches=[dict(batch=None, warps=N * N // (32 * wpt), blocks=N * N // per_block)], wbytes=wbytes),
                                 (lambda L=L, wpt=wpt, arch=arch: kernel_cost(ggml_src['convert.cu'], L.kernel, 'dequant', wpt, arch, inc,
                                                                              filename='convert.cu')) if root else ggml_error))
            for batch in (MMVQ_BATCHES if 'mmvq' in fams else ()):
                if kind in ours_mmvq:
                    src, fn = mmvq_src(kind, batch=batch)   # the batch's own instantiation, as the GPU path builds it
                    jobs.append((dict(side='ours', family='mmvq', kind=kind, arch=f'sm_{arch}', kernel=fn, threads=32 * MMVQ_ROWS,
                                      launches=[dict(batch=batch, warps=N, blocks=-(-N // MMVQ_ROWS))], wbytes=wbytes),
                                 lambda src=src, fn=fn, batch=batch, arch=arch: kernel_cost(src, fn, 'mmvq', batch, arch)))
                L = vet_ggml.mmvq_launch(kind, batch)
                threads = 32 * (2 if batch == 8 else 4)
                warps = (-(-N // 2) * 2) if batch == 8 else N * 4   # calc_rows_per_block / calc_nwarps: 2 rows of 2 warps, 1 row of 4
                jobs.append((dict(side='llama.cpp', family='mmvq', kind=kind, arch=f'sm_{arch}', kernel=L.kernel, threads=threads,
                                  launches=[dict(batch=batch, warps=warps, blocks=-(-N // 2) if batch == 8 else N)], wbytes=wbytes),
                             (lambda L=L, batch=batch, arch=arch: kernel_cost(ggml_src['mmvq.cu'], L.kernel, 'mmvq', batch, arch, inc,
                                                                              filename='mmvq.cu')) if root else ggml_error))
            if kind in MMQ_KINDS and 'mmq' in fams:
                src, fn = mmq_src(kind)
                jobs.append((dict(side='ours', family='mmq', kind=kind, arch=f'sm_{arch}', kernel=fn, threads=32 * WARPS,
                                  launches=[dict(batch=b, warps=mmq_grid(N, b)[0] * mmq_grid(N, b)[1] * WARPS,
                                                blocks=mmq_grid(N, b)[0] * mmq_grid(N, b)[1]) for b in MMQ_BATCHES],
                                  wbytes=wbytes),
                             lambda src=src, fn=fn, arch=arch: kernel_cost(src, fn, 'mmq', 1, arch)))
            if kind in vet_ggml.MMQ_LAYOUT_OF and 'mmq' in fams:
                kernel = f'mul_mat_q<GGML_TYPE_{kind}, {MMQ_X}, false>'   # need_check false: 4096 rows are whole 128-row tiles
                jobs.append((dict(side='llama.cpp', family='mmq', kind=kind, arch=f'sm_{arch}', kernel=kernel, threads=32 * 8,
                                  # 8 warps a tile of mmq_y 128 rows by mmq_x columns; stream-k spreads the tiles' K over every
                                  # SM (blocks None: evenly), its fixup pass not counted
                                  launches=[dict(batch=b, warps=-(-N // 128) * -(-b // MMQ_X) * 8, blocks=None) for b in MMQ_BATCHES],
                                  wbytes=wbytes, dynamic_shared=kind),
                             (lambda kernel=kernel, arch=arch: kernel_cost(ggml_src['mmq.cuh'], kernel, 'mmq', 1, arch, inc,
                                                                           filename='mmq.cuh')) if root else ggml_error))

    locks = {}

    def run(job):
        tmpl, thunk = job
        t = time.perf_counter()
        cost = thunk() if callable(thunk) else dict(status='n/a', detail=f'ggml sources unavailable: {thunk}')
        if cost['status'] == 'ok' and tmpl.get('dynamic_shared'):
            with locks.setdefault(tmpl['kind'], threading.Lock()):   # one shape build per kind (lru_cached), not one per arch
                try: cost['dynamic_smem'] = vet_ggml.ggml_mmq_shape(tmpl['dynamic_shared'], 90)['shared']
                except Exception as e: cost['dynamic_smem_error'] = f'{type(e).__name__}: {e}'
        secs = round(time.perf_counter() - t, 1)
        print(f"{tmpl['side']:9} {tmpl['family']:4} {tmpl['kind']:7} {tmpl['arch']} {tmpl['kernel'][:44]:44} {cost['status']:4} "
              f"{cost.get('per_unit', cost.get('detail', ''))!s:.60} ({secs} s)", flush=True)
        return tmpl, cost, secs

    t0 = time.perf_counter()
    print(f"{len(jobs)} builds, {a.jobs} at a time", flush=True)
    with ThreadPoolExecutor(a.jobs) as ex: done = list(ex.map(run, jobs))
    rows = []
    for tmpl, cost, secs in done:
        for l in tmpl['launches']:
            r = dict(side=tmpl['side'], family=tmpl['family'], kind=tmpl['kind'], batch=l['batch'], arch=tmpl['arch'],
                     kernel=tmpl['kernel'], threads=tmpl['threads'], warps=l['warps'], build_s=secs,
                     **{k: v for k, v in cost.items() if k != 'arch'})
            if cost['status'] == 'ok':
                smem = cost['smem'] + cost.get('dynamic_smem', 0)
                r['occupancy'] = round(occupancy(cost['registers'], smem, tmpl['threads'], int(tmpl['arch'][3:]))['occupancy'], 3)
                r['blocks'] = l['blocks']
                r['predicted'] = {f'{N}x{N}': predicted(cost, tmpl['family'], N, N, l['batch'], l['warps'], tmpl['wbytes'],
                                                        int8_ops=INT8_OPS['H200 SXM'], blocks=l['blocks'])}
            rows.append(r)
    out = dict(
        benchmark='sass_cost', what='predicted (static): SASS of one warp along the main loop, no GPU',
        flags=['-use_fast_math'], ggml=dict(zip(('sdist', 'version', 'sha256'), vet_ggml.GGML_SDIST)) | dict(ggml='0.15.3'),
        compiler=next((r['compiler'] for r in rows if r.get('compiler')), None),
        shape=f'{N} x {N}', mmvq_batches=list(MMVQ_BATCHES), mmq_batches=list(MMQ_BATCHES),
        arch_note=('sm_90 and sm_86 builds are both priced at the H200 SXM rates (132 SMs, boost clock, 4.8 TB/s, 1,979 dense int8 '
                   "TOPS): one yardstick for the ratio. llama.cpp's MMQ dynamic shared memory is its sm_90 shape (ggml_mmq_shape), "
                   'the same constexpr branch (the Turing+ mma path, mmq_x 128) at sm_86. Issue time is the busiest SM\'s: a launch '
                   "of `blocks` equal CUDA blocks runs ceil(blocks / 132) of them on one SM; llama.cpp's MMQ is stream-k, counted as "
                   'evenly spread over the SMs (its fixup pass not counted)'),
        ours_note=(f'our MMVQ is built as the GPU path builds it, one instantiation per batch (mmvq_src(kind, batch=b)); '
                   f'the all-batch build (1..{MAX_BATCH} behind a switch) that the CPU rungs run has the same loops'),
        host=dict(machine=platform.machine(), python=platform.python_version()), seconds=round(time.perf_counter() - t0, 1),
        rows=rows)
    if a.merge and Path(a.json).exists():   # the rows of (kind, arch) pairs not measured now stay as they were measured
        now = {(r['kind'], r['arch'], r['family']) for r in rows}
        rows += [r for r in json.loads(Path(a.json).read_text())['rows'] if (r['kind'], r['arch'], r['family']) not in now]
        out['rows'] = rows
        out['merged'] = True
    Path(a.json).write_text(json.dumps(out, indent=1) + '\n')
    ok = sum(r['status'] == 'ok' for r in rows)
    print(f"{ok} of {len(rows)} rows ok in {out['seconds']} s -> {a.json}")


if __name__ == '__main__':
    main()
