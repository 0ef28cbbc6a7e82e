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
#include "vector_types.h"  // CUDA's built-in vector types (float2, float4, ...): a .cu file has them without an include
#ifndef FX_TLS
#define FX_TLS
#endif
extern "C" {
extern FX_TLS uint3 fx_threadIdx;  // the runner's variables (plain {x, y, z} structs of the same layout)
extern uint3 fx_blockIdx;
extern dim3 fx_blockDim, fx_gridDim;
void fx_syncthreads(int line);
}
#define threadIdx fx_threadIdx
#define blockIdx fx_blockIdx
#define blockDim fx_blockDim
#define gridDim fx_gridDim
#define __syncthreads() fx_syncthreads(__LINE__)
#include "device_functions.h"  // CUDA's built-in device functions (bit casts, _rn float ops, integer intrinsics)
template <class T> static inline T __ldg(const T* p) { return *p; }
static inline float atomicAdd(float* p, float v) { float o = *p; *p = o + v; return o; }
