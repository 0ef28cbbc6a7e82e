"""vet every kernel this project emits, every kind x family (issue 14 §3: "vet is green on every kernel the project emits").

For each kind: the dequant kernel with float32 and with fp16 output, the native matvec, the mul_mm GEMM, the int8 MMVQ
and the int8 tensor-core GEMM (MMQ, built for sm_90: its mma.sync path);
and once the Q8_1 quantizer (it reads no weights: its row's kind is '-'); each through
`ferrox_lit.vet.vet_ours` (the same door a user's kernel goes through: fixtures, twin comparison or bound, the race and
sanitizer builds, NVRTC for sm_70..sm_90, nvcc for sm_75..sm_90 where installed),
without mutation analysis (that is `benchmarks/mutants_ours.py`). Writes
docs/measurements/vet_ours_cpu.json, which the vet page renders; the JSON carries `vet_digest()`, so a page that reads a
measurement older than vet.py says so.

    python benchmarks/vet_ours.py [--jobs 2] [--json docs/measurements/vet_ours_cpu.json] [--add-missing [--redo KINDS]]

--add-missing keeps the measured rows (the measurement's vet digest must still be current) and vets only the
(kind, family, output) kernels it has no row for, e.g. a family that took new kinds; --redo also re-vets every kernel
of the named kinds (comma-separated), e.g. after a change to their fixtures.
"""
import argparse, json, os, platform, time
from pathlib import Path

FAMILIES = (('dequant', 'f32'), ('dequant', 'f16'), ('matvec', 'f32'), ('mul_mm', 'f32'), ('mmvq', 'f32'),
            ('mmq', 'f32'))  # (family, output) pairs vetted

def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument('--jobs', type=int, default=2)
    p.add_argument('--json', default=str(Path(__file__).resolve().parent.parent / 'docs' / 'measurements' / 'vet_ours_cpu.json'))
    p.add_argument('--add-missing', action='store_true', help='keep the current rows, vet only the kernels without one')
    p.add_argument('--redo', default='', help='with --add-missing: kinds whose rows are re-vetted too (comma-separated)')
    a = p.parse_args()
    os.environ['FERROX_LIT_JOBS'] = str(a.jobs)
    from ferrox_lit.kinds import KINDS
    from ferrox_lit.vet import vet_ours, ours_row, vet_digest
    kept, before = {}, 0.0
    if a.add_missing:
        m = json.loads(Path(a.json).read_text())
        if m['vet'] != vet_digest(): raise SystemExit(f"{a.json}: measured with another vet.py: rerun without --add-missing")
        redo = set(filter(None, a.redo.split(',')))
        kept = {(r['kind'], r['family'], r['output']): r for r in m['rows'] if r['kind'] not in redo}
        before = m['seconds']
        print(f"keeping {len(kept)} measured rows ({before:.0f} s when measured)", flush=True)
    rows, t0 = [], time.perf_counter()
    from ferrox_lit.families import FAMILIES as ROWS
    for k in KINDS:
        for family, out in FAMILIES:
            if ROWS[family].refuses(k): continue   # no kernel of that family for the kind (the int8 families without its int8 dot)
            key = (k.name, family, 'fp16' if out == 'f16' else 'float32')
            if key in kept: rows.append(kept[key]); continue
            r = ours_row(vet_ours(k, family, out, mutants=False, jobs=a.jobs))
            r['output'] = 'fp16' if out == 'f16' else 'float32'
            rows.append(r)
            print(f"{k.name:7} {family:8} {r['output']:8} {r['verdict']:5} {r['comparison']:9} {r['elements']:>9,} elements "
                  f"{r['mismatches']} mismatches, {r['detectors']} detectors, nvrtc {r['nvrtc']}, nvcc {r['nvcc']}, {r['seconds']:.1f} s"
                  + (f"  ({r['why']})" if r.get('why') else ''), flush=True)
    if ('-', 'quantize_q8_1', 'bytes') in kept: rows.append(kept['-', 'quantize_q8_1', 'bytes'])
    else:
        r = ours_row(vet_ours(KINDS[0], 'quantize_q8_1', mutants=False, jobs=a.jobs))
        r.update(kind='-', output='bytes')
        rows.append(r)
        print(f"Q8_1 quantizer {r['verdict']} {r['comparison']} {r['elements']:,} fields {r['mismatches']} mismatches, "
          f"{r['detectors']} detectors, nvrtc {r['nvrtc']}, nvcc {r['nvcc']}, {r['seconds']:.1f} s", flush=True)
    meta = dict(vet=vet_digest(), machine=platform.processor() or platform.machine(), cpus=os.cpu_count(), jobs=a.jobs,
                seconds=round(before + time.perf_counter() - t0, 1), when=time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime()))
    if kept: meta['note'] = (f"{len(kept)} rows kept from the measurement of {m['when']}; {len(rows) - len(kept)} vetted by --add-missing"
                             f" in {time.perf_counter() - t0:.0f} s" + (f" (re-vetted: {a.redo})" if a.redo else ''))
    Path(a.json).write_text(json.dumps(dict(**meta, rows=rows), indent=1) + '\n')
    bad = [r for r in rows if r['verdict'] != 'pass']
    print(f"{len(rows) - len(bad)} of {len(rows)} pass; wrote {a.json}")
    return 1 if bad else 0

if __name__ == '__main__':
    raise SystemExit(main())
