// ferrox_lit CPU runtime: CUDA's cuda_bf16.h for g++, bit-exact. Include after host_shim.h.
#ifndef FX_CUDA_BF16_H
#define FX_CUDA_BF16_H
#ifndef __global__
#error "cuda_bf16.h (ferrox_lit CPU runtime): include host_shim.h first"
#endif
#include <cstdint>
#include <cstring>

// float -> bfloat16 bits, round-to-nearest-even (the carry runs into the exponent and up to infinity); NaN -> 0x7fff.
static inline unsigned short fx_f2bf_bits(float f) {
    uint32_t u; std::memcpy(&u, &f, 4);
    if ((u & 0x7fffffffu) > 0x7f800000u) return 0x7fffu;
#ifdef FX_SABOTAGE_BF16_TRUNC
    return (unsigned short)(u >> 16);
#else
    return (unsigned short)((u + 0x7fffu + ((u >> 16) & 1u)) >> 16);
#endif
}
static inline float fx_bf2f_bits(unsigned short b) { uint32_t u = (uint32_t)b << 16; float f; std::memcpy(&f, &u, 4); return f; }

struct __nv_bfloat16_raw { unsigned short x; };
struct __attribute__((aligned(2))) __nv_bfloat16 {
    unsigned short __x;
    __nv_bfloat16() = default;
    __device__ __nv_bfloat16(const __nv_bfloat16_raw& r) : __x(r.x) {}
    __device__ __nv_bfloat16(float f) : __x(fx_f2bf_bits(f)) {}
    __device__ operator float() const { return fx_bf2f_bits(__x); }
};
struct __attribute__((aligned(4))) __nv_bfloat162 {
    __nv_bfloat16 x, y;
    __nv_bfloat162() = default;
    __device__ __nv_bfloat162(__nv_bfloat16 a, __nv_bfloat16 b) : x(a), y(b) {}
};
typedef __nv_bfloat16 nv_bfloat16;
typedef __nv_bfloat162 nv_bfloat162;
static_assert(sizeof(__nv_bfloat16) == 2 && alignof(__nv_bfloat16) == 2, "bf16: 2 bytes, 2-aligned as in CUDA");
static_assert(sizeof(__nv_bfloat162) == 4 && alignof(__nv_bfloat162) == 4, "bf162: 4 bytes, 4-aligned as in CUDA");

__device__ __forceinline__ __nv_bfloat16 __float2bfloat16(float f) { return __nv_bfloat16(__nv_bfloat16_raw{fx_f2bf_bits(f)}); }
__device__ __forceinline__ __nv_bfloat16 __float2bfloat16_rn(float f) { return __float2bfloat16(f); }
__device__ __forceinline__ float __bfloat162float(__nv_bfloat16 b) { return fx_bf2f_bits(b.__x); }
__device__ __forceinline__ __nv_bfloat162 __floats2bfloat162_rn(float a, float b) { return __nv_bfloat162(__float2bfloat16(a), __float2bfloat16(b)); }
__device__ __forceinline__ float __low2float(__nv_bfloat162 a) { return __bfloat162float(a.x); }
__device__ __forceinline__ float __high2float(__nv_bfloat162 a) { return __bfloat162float(a.y); }
__device__ __forceinline__ unsigned short __bfloat16_as_ushort(__nv_bfloat16 b) { return b.__x; }
#endif
