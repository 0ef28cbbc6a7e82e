#!/usr/bin/env bash
# One prepared GPU run: every GPU test and the benchmark, everything written under $OUT.
# Installs nothing from the network. On a machine that lacks gguf-py (the lent H200 image has
# CuPy, numpy, matplotlib and pytest, not gguf), carry its wheel in .whl/ (gitignored):
#   python3 -m pip download --no-deps --only-binary=:all: --python-version 3.12 -d .whl gguf
# Budget: well under 8 minutes on one GPU (the tests ~1 min, the benchmark ~3 min).
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-gpu_out}; mkdir -p "$OUT"
export PYTHONPATH="$PWD${PYTHONPATH:+:$PYTHONPATH}" PYTHONUNBUFFERED=1
if ls .whl/*.whl >/dev/null 2>&1; then
  python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/fx_site .whl/*.whl && export PYTHONPATH="/tmp/fx_site:$PYTHONPATH"
fi
{ nvidia-smi; python3 -c "import cupy, numpy; print('cupy', cupy.__version__, 'numpy', numpy.__version__)"; } > "$OUT/env.txt" 2>&1
python3 -c "from ferrox_lit.gpu import device; device(); print('GPU ok')" 2>&1 | tee -a "$OUT/env.txt" | grep -q 'GPU ok' || { echo "no usable GPU: see $OUT/env.txt"; cat "$OUT/env.txt"; exit 1; }
rc=0
timeout 240 python3 -m pytest -q -rs -m cuda tests/test_nb_gpu.py tests/test_nb_bench.py 2>&1 | tee "$OUT/pytest_cuda.txt" || rc=1
timeout 360 python3 -c "
import json, sys
from ferrox_lit.bench import run_bench
run_bench(out='$OUT/bench_gpu.json', progress=lambda m: print(m, flush=True))
print('bench written')
" 2>&1 | tee "$OUT/bench.txt" || rc=1
echo "gpu_check exit $rc"; exit $rc
