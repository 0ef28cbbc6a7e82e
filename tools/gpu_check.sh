#!/usr/bin/env bash
# One prepared GPU run: a pytest smoke test, the device evidence for every kind and the benchmark, all written under $OUT.
#
#   OUT=gpu_out tools/gpu_check.sh                 on a machine with an NVIDIA GPU and CuPy (12.x or 13.x)
#   OUT=dry_out tools/gpu_check.sh --dry-run       anywhere: CuPy replaced by ferrox_lit.dryrun's CPU stand-in, every kind,
#                                                  toy benchmark shapes; proves the script runs to the end
#   tools/gpu_check.sh --plan                      print each step's timeout and the worst case, run nothing
#   tools/gpu_check.sh [--dry-run] --probe-only    the environment probe alone
#
# WHAT THE RUN MUST CARRY. The lent H200 image has Python 3.12, CuPy (cupy-cuda13x), numpy, matplotlib, pytest, pyyaml,
# requests and tqdm, but not gguf-py, which `import ferrox_lit` needs. Its wheel is in .whl/ (gitignored, so it travels
# only when named): make it here with
#   python3 -m pip download --no-deps --only-binary=:all: --python-version 3.12 -d .whl 'gguf==0.19.0'
# and start the run with the device tool as
#   command: OUT=$OUT tools/gpu_check.sh     carry: [".whl"]     timeout_s: 480
# The probe names each missing piece on its own line (numpy, gguf, CuPy, a device) before anything else runs.
#
# BUDGET. Every command below runs under `timeout` with a KILL after $KILL s; the worst case is the sum, printed by
# --plan and at the start of env.txt: (20 + 10 + 20) set-up + 55 + 205 + 135 steps + 6 x 5 kill grace = 475 s (7 min 55 s),
# under 480 s, inside the device tool's 600 s per command, leaving room in a 15-minute lease for the machine's start.
# A step that times out (a hung kernel hangs the next steps too) skips every later step.
#   1. pytest -m cuda: the cuda-marked tests (one kind's device check, GEMM, matvec, MMVQ and MMQ: the pytest route)  55 s
#   2. the device evidence, every kind, evidence_gpu.json rewritten atomically after each kind                205 s
#      (GEMM, matvec and the int8 paths: Q8_1 + MMVQ in both modes, 18 dispatches per kind; Q8_1 + MMQ in both
#      modes, 8 dispatches per kind (batch 1 to 33, up to 70 x 4,096); their sabotages for Q4_K and Q8_0. NVRTC
#      measured on 2 shared cores at load 5: the 68 GEMM/matvec modules 42 s, the 29 Q8_1/MMVQ ones 33 s (MMVQ
#      ~1.1 s each); the 26 MMQ modules (11 kinds x 2 modes + 4 sabotages) at 0.4-0.8 s each at load 3, ~20 s, and
#      the MMQ rows' twins and fp64 references ~1 s per kind on the host: hence +30 s here, +5 s for step 1 (Q4_K's
#      MMQ modules, which this step reuses); cached on disk in $FERROX_LIT_CACHE, default build/fx_cache here: a
#      rerun on a warm machine compiles nothing)
#   3. the benchmark: starts no new step after BENCH_BUDGET s (default 75), bench_gpu.json rewritten after each  135 s
#      (MMVQ rows of Q4_K and Q8_0 first, at batch 1/2/4/8: they carry the 85%-of-copy target; then their MMQ rows
#      at batch 16..2048, which carry the >= 1.0x dequant + cuBLAS fp16 target at batch 128; then the GEMM rows.
#      The 35 s taken from this step pay for step 2's MMQ rows: the budget keeps the 60 s a last step may need)
# The dry run uses DRY_SCALE (default 4) times each step's timeout: the CPU runner is no GPU. Its evidence step gives
# MMQ rows to Q4_K and Q8_0 only (mma.sync is emulated, ~50-95 us per warp mma on a CPU); its benchmark, at toy shapes
# and batches 1 and 8, takes MMQ at those batches for Q4_K and Q8_0 only (bench.run_bench: a toy run rehearses the targets).
# The dry run starts steps 2 and 3 side by side (one CPU core each); on a GPU they run in turn.
#
# Writes: env.txt, pytest_cuda.txt, evidence_gpu.json, evidence.txt, bench_gpu.json, bench.txt (at most 8 files come
# back from the device tool: keep it at that). Exit status: 0 only if every step ran and passed.
# After a GPU run, the docs render the two JSON files once they are committed:
#   cp $OUT/evidence_gpu.json $OUT/bench_gpu.json docs/measurements/ && python tools/run_nbs.py && python tools/make_readme.py
set -uo pipefail
cd "$(dirname "$0")/.."
DRY=""; PLAN=""; PROBE_ONLY=""
for a in "$@"; do case "$a" in
  --dry-run) DRY=1 ;; --plan) PLAN=1 ;; --probe-only) PROBE_ONLY=1 ;;
  *) echo "gpu_check.sh: unknown argument $a (expected --dry-run, --plan, --probe-only)"; exit 2 ;; esac; done

KILL=5                                   # seconds between a step's TERM and its KILL
T_PIP=20 T_SMI=10 T_PROBE=20             # set-up: the wheel's install, nvidia-smi, the probe
T_TESTS=${FX_T_TESTS:-55} T_EVIDENCE=${FX_T_EVIDENCE:-205} T_BENCH=${FX_T_BENCH:-135}
BENCH_BUDGET=${BENCH_BUDGET:-75}
WORST=$(( T_PIP + T_SMI + T_PROBE + T_TESTS + T_EVIDENCE + T_BENCH + 6 * KILL ))
if [ -n "$PLAN" ]; then
  echo "set-up: pip $T_PIP s, nvidia-smi $T_SMI s, probe $T_PROBE s"
  echo "steps: pytest $T_TESTS s, evidence $T_EVIDENCE s, bench $T_BENCH s (budget $BENCH_BUDGET s)"
  echo "kill grace: 6 x $KILL s"
  echo "worst case: $WORST s"; exit 0
fi
SCALE=1; [ -n "$DRY" ] && SCALE=${DRY_SCALE:-4}

OUT=${OUT:-gpu_out}; mkdir -p "$OUT"
PY=${PYTHON:-python3}
export PYTHONPATH="$PWD${PYTHONPATH:+:$PYTHONPATH}" PYTHONUNBUFFERED=1 MPLBACKEND=Agg
[ -z "$DRY" ] && export FERROX_LIT_CACHE=${FERROX_LIT_CACHE:-$PWD/build/fx_cache}
t0=$(date +%s)
step() { echo "[gpu_check $(( $(date +%s) - t0 )) s] $*"; }
bounded() { local t=$1; shift; timeout -k "$KILL" "$(( t * SCALE ))" "$@"; }   # a command under its step's timeout

{ echo "worst case by construction: $WORST s (timeouts x $SCALE here)"; date -u; uname -a; } > "$OUT/env.txt"
if ls .whl/*.whl >/dev/null 2>&1; then
  bounded "$T_PIP" "$PY" -m pip install -q --no-index --no-deps --no-compile --target /tmp/fx_site .whl/*.whl >> "$OUT/env.txt" 2>&1 \
    && export PYTHONPATH="/tmp/fx_site:$PYTHONPATH"
fi
if [ -z "$DRY" ]; then
  bounded "$T_SMI" nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem,clocks.max.mem,temperature.gpu,power.draw --format=csv >> "$OUT/env.txt" 2>&1
fi

# The probe: each missing piece named on its own, before anything that imports ferrox_lit (which imports gguf).
bounded "$T_PROBE" "$PY" - "$DRY" >> "$OUT/env.txt" 2>&1 <<'EOF'
import importlib, importlib.metadata, json, sys
dry = sys.argv[1] == '1'
need = [('numpy', 'numpy is missing: the image is not the one expected (it should have numpy)'),
        ('gguf', 'gguf-py is missing: carry its wheel (.whl/, see the header of tools/gpu_check.sh)')]
if not dry: need.append(('cupy', 'CuPy is missing: install cupy-cuda12x or cupy-cuda13x to match the driver'))
for i, (mod, why) in enumerate(need):
    try: m = importlib.import_module(mod)
    except Exception as e: print(f'probe: {why} ({type(e).__name__}: {e})'); sys.exit(10 + i)
    try: v = getattr(m, '__version__', None) or importlib.metadata.version(mod)
    except Exception: v = '?'
    print(f'probe: {mod} {v}')
print('probe: python', sys.version.split()[0])
if dry: sys.exit(0)
import cupy
try: n = cupy.cuda.runtime.getDeviceCount()
except Exception as e: print(f'probe: CuPy is installed but no CUDA device is usable: {type(e).__name__}: {e}'); sys.exit(20)
if n < 1: print('probe: CuPy is installed but no CUDA device is visible'); sys.exit(20)
from ferrox_lit.gpu import device_info
print('probe: ' + json.dumps(device_info()))
EOF
prc=$?
grep '^probe:' "$OUT/env.txt"
if [ "$prc" -ne 0 ]; then
  [ "$prc" -ge 124 ] && echo "probe: timed out after $(( T_PROBE * SCALE )) s"
  echo "the environment is not ready (exit $prc): see the probe lines above and $OUT/env.txt"; exit 1
fi
[ -n "$PROBE_ONLY" ] && { step "probe only: done"; exit 0; }

if [ -z "$DRY" ]; then
  PLUGIN=(); BENCH_ARGS=(--budget "$BENCH_BUDGET" --model-shapes docs/measurements/model_shapes.json)
else
  PLUGIN=(-p ferrox_lit.dryrun); BENCH_ARGS=(--budget "$(( BENCH_BUDGET * SCALE ))" --shapes 128x512 --batches 1,8 --repeats 2)
fi
rc=0; SKIP=""
run_step() {  # name, timeout, output file, command...: runs it unless an earlier step timed out; a timeout skips the rest
  local name=$1 t=$2 log=$3; shift 3
  if [ -n "$SKIP" ]; then step "$name: skipped ($SKIP timed out)"; echo "skipped: $SKIP timed out" > "$log"; rc=1; return 1; fi
  step "$name (timeout $(( t * SCALE )) s)"
  bounded "$t" "$@" 2>&1 | tee "$log"
  local s=${PIPESTATUS[0]}
  if [ "$s" -eq 124 ] || [ "$s" -eq 137 ]; then
    step "$name: TIMED OUT after $(( t * SCALE )) s: skipping the later steps"; echo "TIMED OUT after $(( t * SCALE )) s" >> "$log"; SKIP=$name; rc=1
  elif [ "$s" -ne 0 ]; then rc=1; fi
  [ "$s" -eq 0 ]
}

run_step "pytest: the cuda-marked tests" "$T_TESTS" "$OUT/pytest_cuda.txt" \
  "$PY" -m pytest -q -rs -p no:cacheprovider "${PLUGIN[@]}" -m cuda tests/test_nb_gpu.py tests/test_nb_bench.py
[ -n "$SKIP" ] || { grep -qE '[0-9]+ passed' "$OUT/pytest_cuda.txt" && ! grep -qE 'skipped|failed|error' "$OUT/pytest_cuda.txt"; } \
  || { echo "the cuda tests did not all run and pass"; rc=1; }

# On a GPU the two steps run in turn (a hung kernel must not overlap the next step). The dry run starts them side by side:
# they share nothing but the disk caches (whose writes are atomic), and on the CPU runner each keeps one core busy.
BG=""; [ -n "$DRY" ] && BG=1
evidence() { run_step "gpu-check: the device evidence, every kind" "$T_EVIDENCE" "$OUT/evidence.txt" "$PY" -c '
import contextlib, sys
from ferrox_lit.gpu import device_check
dry = sys.argv[2] == "1"
if dry: from ferrox_lit.dryrun import stand_in
with (stand_in() if dry else contextlib.nullcontext()):   # dry: MMQ rows for Q4_K and Q8_0 only (mma.sync emulated: slow on a CPU)
    res = device_check(out=sys.argv[1], mmq_kinds=("Q4_K", "Q8_0") if dry else None)
print(res["device"] + ": " + ("all kinds ok" if res["ok"] else "FAILED: " + ", ".join(f["kind"] for f in res["failures"])))
sys.exit(0 if res["ok"] else 1)' "$OUT/evidence_gpu.json" "$DRY"; }
bench() { run_step "bench: the throughput harness" "$T_BENCH" "$OUT/bench.txt" \
  "$PY" -c "import sys; from ferrox_lit.cli import main; sys.exit(main(sys.argv[1:]))" bench ${DRY:+--dry-run} "${BENCH_ARGS[@]}" --json "$OUT/bench_gpu.json"; }
if [ -z "$BG" ]; then evidence; bench
else
  evidence & ev_pid=$!; bench & bench_pid=$!
  wait "$ev_pid" || rc=1; wait "$bench_pid" || rc=1
fi

step "done: exit $rc"; exit $rc
