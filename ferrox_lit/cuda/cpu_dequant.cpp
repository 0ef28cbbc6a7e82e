// ferrox_lit C engine: the dequant kernel's grid as a plain, multi-threaded host loop.
// The emitter (ferrox_lit.cengine.engine_sources) writes beside this file:
//   shim.h    ferrox_lit/cuda/host_shim.h, unmodified
//   kind.cuh  #define FX_NL, FX_BLOCK_BYTES, FX_FN_NAME, FX_MAX_THREADS, then mul_mm.kind_prelude(kind)
//             unmodified: fp16 decode, helpers, table, the kind's snippet, #define FX_DEQUANT <snippet>
// and compiles it with g++ -O3 -ffp-contract=off -fno-fast-math into a shared library.
#include "shim.h"
#include <pthread.h>

// CUDA's device ldexpf, for the CPU: x * 2^e is one correctly rounded multiply when 2^e is a normal
// float (e in [-126, 127]), which is exactly what ldexpf returns; any other e goes to libm's ldexpf.
static inline float fx_ldexpf(float x, int e) {
    if (e >= -126 && e <= 127) {
        const float p = __int_as_float((e + 127) << 23);
        return x * p;
    }
    return ::ldexpf(x, e);
}
#define ldexpf fx_ldexpf

#include "kind.cuh"

// fx_ldexpf itself, element by element, so it can be compared with libm's ldexpf on any arguments.
extern "C" void fx_ldexpf_probe(const float* x, const int* e, float* out, int64_t n) {
    for (int64_t i = 0; i < n; i++) out[i] = fx_ldexpf(x[i], e[i]);
}

// Blocks [b0, b1): every sub-block il of every block, in ascending order, as the GPU kernel's
// thread `sub = block * FX_NL + il` writes it: FX_DEQUANT into 16 registers, then dst[sub * 16 + i].
static void fx_cpu_range(const unsigned char* __restrict__ src, float* __restrict__ dst, int64_t b0, int64_t b1) {
    for (int64_t b = b0; b < b1; b++) {
        const unsigned char* xb = src + b * FX_BLOCK_BYTES;
        float* out = dst + b * (FX_NL * 16);
        for (int il = 0; il < FX_NL; il++) {
            float reg[16];
            FX_DEQUANT(xb, il, reg);
            for (int i = 0; i < 16; i++) {
                out[16 * il + i] = reg[i];
            }
        }
    }
}

struct fx_cpu_job { const unsigned char* src; float* dst; int64_t b0, b1; };

static void* fx_cpu_worker(void* p) {
    const fx_cpu_job* j = (const fx_cpu_job*)p;
    fx_cpu_range(j->src, j->dst, j->b0, j->b1);
    return nullptr;
}

// n_blocks blocks from src into n_blocks * FX_NL * 16 floats at dst, split into n_threads
// contiguous ranges of blocks: ranges 1.. on new threads, range 0 on the caller's thread.
// A thread that cannot be started runs its range on the caller's thread instead.
extern "C" void FX_FN_NAME(const unsigned char* src, float* dst, int64_t n_blocks, int n_threads) {
    if (n_threads > FX_MAX_THREADS) n_threads = FX_MAX_THREADS;
    if (n_threads < 2 || n_blocks < n_threads) {
        fx_cpu_range(src, dst, 0, n_blocks);
        return;
    }
    const int64_t step = (n_blocks + n_threads - 1) / n_threads;
    fx_cpu_job jobs[FX_MAX_THREADS];
    pthread_t tid[FX_MAX_THREADS];
    bool started[FX_MAX_THREADS] = {};
    for (int t = 1; t < n_threads; t++) {
        const int64_t b0 = t * step, b1 = b0 + step < n_blocks ? b0 + step : n_blocks;
        jobs[t] = fx_cpu_job{src, dst, b0, b0 < b1 ? b1 : b0};
        started[t] = pthread_create(&tid[t], nullptr, fx_cpu_worker, &jobs[t]) == 0;
        if (!started[t]) fx_cpu_worker(&jobs[t]);
    }
    fx_cpu_range(src, dst, 0, step < n_blocks ? step : n_blocks);
    for (int t = 1; t < n_threads; t++) {
        if (started[t]) pthread_join(tid[t], nullptr);
    }
}
