// ferrox_lit host shim: the CUDA keywords and built-ins the project's kernels use, for g++.
#pragma once
#include <cmath>
#include <cstdint>
#include <cstddef>
#include <cstring>
#define __global__
#define __device__
#define __host__
#define __forceinline__ inline
#define __restrict__ __restrict
#define __align__(n) __attribute__((aligned(n)))
#define __shared__ static __attribute__((section("fx_shared")))
#define __constant__ static const
struct fx_dim3 { unsigned int x, y, z; };
struct __attribute__((aligned(16))) float4 { float x, y, z, w; };
struct __attribute__((aligned(8))) float2 { float x, y; };
#ifndef FX_TLS
#define FX_TLS
#endif
extern "C" {
extern FX_TLS fx_dim3 fx_threadIdx;
extern fx_dim3 fx_blockIdx, fx_blockDim, fx_gridDim;
void fx_syncthreads(int line);
}
#define threadIdx fx_threadIdx
#define blockIdx fx_blockIdx
#define blockDim fx_blockDim
#define gridDim fx_gridDim
#define __syncthreads() fx_syncthreads(__LINE__)
static inline float __int_as_float(int i) { float f; std::memcpy(&f, &i, 4); return f; }
static inline int __float_as_int(float f) { int i; std::memcpy(&i, &f, 4); return i; }
static inline float __fmul_rn(float a, float b) { return a * b; }
static inline float __fadd_rn(float a, float b) { return a + b; }
static inline float4 make_float4(float x, float y, float z, float w) { return float4{x, y, z, w}; }
template <class T> static inline T __ldg(const T* p) { return *p; }
static inline float atomicAdd(float* p, float v) { float o = *p; *p = o + v; return o; }
