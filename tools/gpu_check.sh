#!/usr/bin/env bash
# One prepared GPU run: the GPU tests, the device evidence and the benchmark, everything written under $OUT.
#
#   OUT=gpu_out tools/gpu_check.sh            on a machine with an NVIDIA GPU and CuPy (12.x or 13.x)
#   OUT=dry_out tools/gpu_check.sh --dry-run  anywhere: CuPy replaced by ferrox_lit.dryrun's CPU stand-in,
#                                             toy benchmark shapes; proves the script runs to the end
#
# Installs nothing from the network. The lent H200 image has Python 3.12, CuPy (cupy-cuda13x), numpy,
# matplotlib, pytest, pyyaml and tqdm, but not gguf-py: carry its wheel in .whl/ (gitignored), made here with
#   python3 -m pip download --no-deps --only-binary=:all: --python-version 3.12 -d .whl 'gguf==0.19.0'   (needs numpy, pyyaml, requests, tqdm: all there)
# Budget on one GPU: well under 8 minutes. About 95 kernels compile, ~1 s each on a 2-core CPU through CuPy's
# NVRTC binding (22 mul_mm cubins in 24.3 s with cupy-cuda13x 14.2 and NVRTC 13.5, no GPU), cached on disk
# for the later steps; the tests and the evidence are expected to take one to two minutes (not yet run on a
# GPU); the benchmark starts no new step after BENCH_BUDGET seconds (default 150) and records what it skipped.
# Worst case: 200 + 100 + 250 = 550 s (each step at its timeout), inside the device tool's 600 s per command.
#
# Writes: env.txt, pytest_cuda.txt, evidence_gpu.json, evidence.txt, bench_gpu.json, bench.txt
# (the device tool brings back at most 8 files: keep it at that). Exit status: 0 only if every step passed.
# After a GPU run, the docs render the two JSON files once they are committed:
#   cp $OUT/evidence_gpu.json $OUT/bench_gpu.json docs/measurements/ && python tools/run_nbs.py && python tools/make_readme.py
# (50_gpu renders the evidence, 51_bench the timings, plots, targets and which limit binds.)
set -uo pipefail
cd "$(dirname "$0")/.."
DRY=""; [ "${1:-}" = "--dry-run" ] && DRY="--dry-run"
OUT=${OUT:-gpu_out}; mkdir -p "$OUT"
PY=${PYTHON:-python3}
export PYTHONPATH="$PWD${PYTHONPATH:+:$PYTHONPATH}" PYTHONUNBUFFERED=1 MPLBACKEND=Agg
if ls .whl/*.whl >/dev/null 2>&1; then
  "$PY" -m pip install -q --no-index --no-deps --no-compile --target /tmp/fx_site .whl/*.whl && export PYTHONPATH="/tmp/fx_site:$PYTHONPATH"
fi
t0=$(date +%s)
step() { echo "[gpu_check $(( $(date +%s) - t0 )) s] $*"; }

{ date -u; uname -a; [ -z "$DRY" ] && nvidia-smi; "$PY" -c "import sys, numpy; print(sys.version); print('numpy', numpy.__version__)"
  [ -z "$DRY" ] && "$PY" -c "import cupy; print('cupy', cupy.__version__); print(cupy.cuda.runtime.getDeviceProperties(0)['name'])"; } > "$OUT/env.txt" 2>&1
if [ -z "$DRY" ]; then
  "$PY" -c "from ferrox_lit.gpu import device; device(); print('GPU ok')" >> "$OUT/env.txt" 2>&1 \
    || { echo "no usable GPU: see $OUT/env.txt"; cat "$OUT/env.txt"; exit 1; }
  PLUGIN=(); BENCH_ARGS=(--budget "${BENCH_BUDGET:-150}" --model-shapes docs/measurements/model_shapes.json)
else
  PLUGIN=(-p ferrox_lit.dryrun); BENCH_ARGS=(--kinds Q8_0,Q4_K --shapes 128x512 --batches 1,8 --repeats 2)
fi
rc=0

step "pytest: the cuda-marked tests"
timeout 200 "$PY" -m pytest -q -rs -p no:cacheprovider "${PLUGIN[@]}" -m cuda tests/test_nb_gpu.py tests/test_nb_bench.py 2>&1 \
  | tee "$OUT/pytest_cuda.txt" || rc=1
grep -qE '[0-9]+ passed' "$OUT/pytest_cuda.txt" && ! grep -qE 'skipped|failed|error' "$OUT/pytest_cuda.txt" || { echo "the cuda tests did not all run and pass"; rc=1; }

step "gpu-check: the device evidence, every kind"
timeout 100 "$PY" -c "import sys; from ferrox_lit.cli import main; sys.exit(main(sys.argv[1:]))" \
  gpu-check $DRY --json "$OUT/evidence_gpu.json" 2>&1 | tee "$OUT/evidence.txt" || rc=1

step "bench: the throughput harness"
timeout 250 "$PY" -c "import sys; from ferrox_lit.cli import main; sys.exit(main(sys.argv[1:]))" \
  bench $DRY "${BENCH_ARGS[@]}" --json "$OUT/bench_gpu.json" 2>&1 | tee "$OUT/bench.txt" || rc=1

step "done: exit $rc"; exit $rc
