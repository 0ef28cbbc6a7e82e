// ferrox_lit host shim: the CUDA keywords and built-ins the project's kernels use, for g++.
#pragma once
#include <cmath>
#include <cstdint>
#include <cstddef>
#include <cstring>
#include <cstdio>       // printf in a kernel: the runner's stdout, returned as LaunchResult.printed
#include <cassert>      // assert in a kernel: the runner reports a failure as a named error (KernelAssert)
#include <type_traits>
#include <memory>       // before __noinline__ is a macro: libstdc++ 12's shared_ptr_base.h spells __attribute__((__noinline__)),
                        // which the macro would break; included here first, a user's later #include <memory> is a no-op
#define __global__
#define __device__
#define __host__
#define __forceinline__ inline
#define __noinline__ __attribute__((noinline))
#define __launch_bounds__(...)
#define __restrict__ __restrict
#define __align__(n) __attribute__((aligned(n)))
#define __shared__ static __attribute__((section("fx_shared")))
#define __constant__ const   // const at namespace scope: internal linkage, as `static __constant__` spells it too
#ifndef __CUDA_ARCH__
#define __CUDA_ARCH__ 900    // host.build passes -D__CUDA_ARCH__=<arch>
#endif
#include "vector_types.h"  // CUDA's built-in vector types (float2, float4, ...): a .cu file has them without an include
#ifndef FX_TLS
#define FX_TLS
#endif
extern "C" {
extern FX_TLS uint3 fx_threadIdx;  // the runner's variables (plain {x, y, z} structs of the same layout)
extern uint3 fx_blockIdx;
extern dim3 fx_blockDim, fx_gridDim;
void fx_syncthreads(int line);
int fx_syncthreads_count(int line, int pred);
uint64_t fx_warp(int op, const char* file, int line, unsigned mask, uint64_t value, int arg, int width, int* pred);
char* fx_dyn_shared(void);              // extern __shared__ storage (host.build rewrites the declarations)
void fx_shared_atomic(void* p, int n);  // race build: tells the detector about an atomic on shared memory
void fx_trap(const char* file, int line) __attribute__((noreturn));
}
#define threadIdx fx_threadIdx
#define blockIdx fx_blockIdx
#define blockDim fx_blockDim
#define gridDim fx_gridDim
#define __syncthreads() fx_syncthreads(__LINE__)
#define __syncthreads_count(p) fx_syncthreads_count(__LINE__, (p) ? 1 : 0)
#define __syncthreads_and(p) (fx_syncthreads_count(__LINE__, (p) ? 1 : 0) == (int)(blockDim.x * blockDim.y * blockDim.z))
#define __syncthreads_or(p) (fx_syncthreads_count(__LINE__, (p) ? 1 : 0) != 0)
#include "cuda_runtime_api.h"  // nvcc includes the runtime API in every .cu: host code's names, declared, never run
#include "device_functions.h"  // CUDA's built-in device functions (bit casts, _rn float ops, integer intrinsics)

template <class T> static inline T __ldg(const T* p) { return *p; }

#ifdef __SANITIZE_THREAD__
// The race build: GCC's TSan instrumentation leaves memcpy/memset calls to the TSan runtime's interceptors,
// which the runner does not link; these report the ranges to the runner's callbacks, then copy.
extern "C" void __tsan_read_range(void* a, unsigned long n);
extern "C" void __tsan_write_range(void* a, unsigned long n);
static inline void* fx_memcpy(void* d, const void* s, size_t n) {
    if (n) { __tsan_read_range(const_cast<void*>(s), n); __tsan_write_range(d, n); }
    return __builtin_memcpy(d, s, n);
}
static inline void* fx_memset(void* d, int c, size_t n) { if (n) __tsan_write_range(d, n); return __builtin_memset(d, c, n); }
namespace std { using ::fx_memcpy; using ::fx_memset; }
#define memcpy fx_memcpy
#define memset fx_memset
#endif

// Fences: the fibers of a block run on one OS thread and blocks run one after another, so every
// memory access is already visible to every later one: the fences have nothing to order.
static inline void __threadfence() {}
static inline void __threadfence_block() {}
static inline void __threadfence_system() {}
static inline __attribute__((noreturn)) void __trap(const char* fx_f = __builtin_FILE(), int fx_l = __builtin_LINE()) { fx_trap(fx_f, fx_l); }

// ---- warp collectives (runner.cpp resolves them; opcodes as there) ----
enum { FX_SHFL_IDX, FX_SHFL_UP, FX_SHFL_DOWN, FX_SHFL_BFLY, FX_BALLOT, FX_ANY, FX_ALL, FX_SYNCWARP, FX_RED_ADD,
       FX_RED_MIN_U, FX_RED_MAX_U, FX_RED_MIN_S, FX_RED_MAX_S, FX_RED_AND, FX_RED_OR, FX_RED_XOR, FX_MATCH_ANY,
       FX_MATCH_ALL, FX_ACTIVEMASK };
// Any trivially copyable value of at most 8 bytes travels as its bits (int, float, double, half, half2, ...).
template <class T> static inline uint64_t fx_bits(const T& v) {
    static_assert(sizeof(T) <= 8 && std::is_trivially_copyable<T>::value, "warp collectives move values of at most 8 bytes");
    uint64_t b = 0; std::memcpy(&b, &v, sizeof(T)); return b;
}
template <class T> static inline T fx_from_bits(uint64_t b) { T v; std::memcpy(&v, &b, sizeof(T)); return v; }
// The call site is part of a collective's identity: every intrinsic takes it as default arguments
// (__builtin_FILE/__builtin_LINE give the caller's file and line), never spelled by the kernel.
#define FX_SITE const char* fx_f = __builtin_FILE(), int fx_l = __builtin_LINE()
static inline uint64_t fx_w(int op, const char* f, int l, unsigned m, uint64_t v, int arg = 0, int width = 32) {
    return fx_warp(op, f, l, m, v, arg, width, nullptr);
}
template <class T> static inline T fx_shfl(int op, const char* f, int l, unsigned m, T v, int arg, int w) {
    return fx_from_bits<T>(fx_w(op | (int)(sizeof(T) << 8), f, l, m, fx_bits(v), arg, w));
}
template <class T> static inline T __shfl_sync(unsigned m, T v, int src, int width = 32, FX_SITE) { return fx_shfl(FX_SHFL_IDX, fx_f, fx_l, m, v, src, width); }
template <class T> static inline T __shfl_up_sync(unsigned m, T v, unsigned d, int width = 32, FX_SITE) { return fx_shfl(FX_SHFL_UP, fx_f, fx_l, m, v, (int)d, width); }
template <class T> static inline T __shfl_down_sync(unsigned m, T v, unsigned d, int width = 32, FX_SITE) { return fx_shfl(FX_SHFL_DOWN, fx_f, fx_l, m, v, (int)d, width); }
template <class T> static inline T __shfl_xor_sync(unsigned m, T v, int lm, int width = 32, FX_SITE) { return fx_shfl(FX_SHFL_BFLY, fx_f, fx_l, m, v, lm, width); }
static inline unsigned __ballot_sync(unsigned m, int p, FX_SITE) { return (unsigned)fx_w(FX_BALLOT, fx_f, fx_l, m, p != 0); }
static inline int __any_sync(unsigned m, int p, FX_SITE) { return (int)fx_w(FX_ANY, fx_f, fx_l, m, p != 0); }
static inline int __all_sync(unsigned m, int p, FX_SITE) { return (int)fx_w(FX_ALL, fx_f, fx_l, m, p != 0); }
static inline unsigned __activemask(FX_SITE) { return (unsigned)fx_w(FX_ACTIVEMASK, fx_f, fx_l, 0u, 0u); }
static inline void __syncwarp(unsigned m = 0xffffffffu, FX_SITE) { fx_w(FX_SYNCWARP, fx_f, fx_l, m, 0u); }
static inline unsigned __reduce_add_sync(unsigned m, unsigned v, FX_SITE) { return (unsigned)fx_w(FX_RED_ADD, fx_f, fx_l, m, v); }
static inline int __reduce_add_sync(unsigned m, int v, FX_SITE) { return (int)(uint32_t)fx_w(FX_RED_ADD, fx_f, fx_l, m, (uint32_t)v); }
static inline unsigned __reduce_min_sync(unsigned m, unsigned v, FX_SITE) { return (unsigned)fx_w(FX_RED_MIN_U, fx_f, fx_l, m, v); }
static inline int __reduce_min_sync(unsigned m, int v, FX_SITE) { return (int)(uint32_t)fx_w(FX_RED_MIN_S, fx_f, fx_l, m, (uint32_t)v); }
static inline unsigned __reduce_max_sync(unsigned m, unsigned v, FX_SITE) { return (unsigned)fx_w(FX_RED_MAX_U, fx_f, fx_l, m, v); }
static inline int __reduce_max_sync(unsigned m, int v, FX_SITE) { return (int)(uint32_t)fx_w(FX_RED_MAX_S, fx_f, fx_l, m, (uint32_t)v); }
static inline unsigned __reduce_and_sync(unsigned m, unsigned v, FX_SITE) { return (unsigned)fx_w(FX_RED_AND, fx_f, fx_l, m, v); }
static inline unsigned __reduce_or_sync(unsigned m, unsigned v, FX_SITE) { return (unsigned)fx_w(FX_RED_OR, fx_f, fx_l, m, v); }
static inline unsigned __reduce_xor_sync(unsigned m, unsigned v, FX_SITE) { return (unsigned)fx_w(FX_RED_XOR, fx_f, fx_l, m, v); }
template <class T> static inline unsigned __match_any_sync(unsigned m, T v, FX_SITE) {
    return (unsigned)fx_w(FX_MATCH_ANY | (int)(sizeof(T) << 8), fx_f, fx_l, m, fx_bits(v));
}
template <class T> static inline unsigned __match_all_sync(unsigned m, T v, int* pred, FX_SITE) {
    int p = 0; unsigned r = (unsigned)fx_warp(FX_MATCH_ALL | (int)(sizeof(T) << 8), fx_f, fx_l, m, fx_bits(v), 0, 32, &p);
    *pred = p; return r;
}

// ---- atomics ----
// Fibers never switch inside one of these calls (no barrier or collective in them), and blocks run one
// after another, so each read-modify-write is atomic with respect to every other CUDA thread. They are
// compiled without TSan instrumentation (the race build would otherwise report every contended atomic
// as a race); in the race build they report to the detector instead (fx_shared_atomic), which checks
// atomics on shared memory against plain accesses of other threads.
#ifdef __SANITIZE_THREAD__
#define FX_ATOMIC_NOTE(p) fx_shared_atomic((void*)(p), (int)sizeof(*(p)))
#else
#define FX_ATOMIC_NOTE(p) ((void)0)
#endif
#define FX_ATOMIC static inline __attribute__((no_sanitize_thread))
#define FX_ATOMIC_RMW(name, expr)                                                                              \
    template <class T> FX_ATOMIC T name(T* p, T v) { FX_ATOMIC_NOTE(p); T o = *p; *p = (expr); return o; }  \
    FX_ATOMIC int name(int* p, int v) { return name<int>(p, v); }                                            \
    FX_ATOMIC unsigned name(unsigned* p, unsigned v) { return name<unsigned>(p, v); }                        \
    FX_ATOMIC unsigned long long name(unsigned long long* p, unsigned long long v) { return name<unsigned long long>(p, v); }
FX_ATOMIC_RMW(atomicAdd, o + v)
FX_ATOMIC_RMW(atomicSub, o - v)
FX_ATOMIC_RMW(atomicExch, v)
FX_ATOMIC_RMW(atomicMax, o < v ? v : o)
FX_ATOMIC_RMW(atomicMin, v < o ? v : o)
FX_ATOMIC_RMW(atomicAnd, o & v)
FX_ATOMIC_RMW(atomicOr, o | v)
FX_ATOMIC_RMW(atomicXor, o ^ v)
FX_ATOMIC float atomicAdd(float* p, float v) { return atomicAdd<float>(p, v); }
FX_ATOMIC double atomicAdd(double* p, double v) { return atomicAdd<double>(p, v); }
FX_ATOMIC float atomicExch(float* p, float v) { return atomicExch<float>(p, v); }
FX_ATOMIC long long atomicMax(long long* p, long long v) { return atomicMax<long long>(p, v); }
FX_ATOMIC long long atomicMin(long long* p, long long v) { return atomicMin<long long>(p, v); }
FX_ATOMIC unsigned atomicInc(unsigned* p, unsigned v) { FX_ATOMIC_NOTE(p); unsigned o = *p; *p = o >= v ? 0u : o + 1u; return o; }
FX_ATOMIC unsigned atomicDec(unsigned* p, unsigned v) { FX_ATOMIC_NOTE(p); unsigned o = *p; *p = (o == 0u || o > v) ? v : o - 1u; return o; }
template <class T> FX_ATOMIC T atomicCAS(T* p, T c, T v) { FX_ATOMIC_NOTE(p); T o = *p; if (o == c) *p = v; return o; }
FX_ATOMIC int atomicCAS(int* p, int c, int v) { return atomicCAS<int>(p, c, v); }
FX_ATOMIC unsigned atomicCAS(unsigned* p, unsigned c, unsigned v) { return atomicCAS<unsigned>(p, c, v); }
FX_ATOMIC unsigned long long atomicCAS(unsigned long long* p, unsigned long long c, unsigned long long v) {
    return atomicCAS<unsigned long long>(p, c, v);
}
FX_ATOMIC unsigned short atomicCAS(unsigned short* p, unsigned short c, unsigned short v) { return atomicCAS<unsigned short>(p, c, v); }
// the _block and _system scopes are the same operation here (one block at a time, one address space)
#define atomicAdd_block atomicAdd
#define atomicAdd_system atomicAdd
#define atomicCAS_block atomicCAS
#define atomicExch_block atomicExch
#define atomicMax_block atomicMax
#define atomicMin_block atomicMin
