// ferrox_lit CPU runtime: CUDA's cuda_fp8.h for g++, bit-exact. Include after host_shim.h.
// Two formats, 1 sign bit each:
//   E4M3: 4 exponent bits (bias 7), 3 mantissa bits; no infinity; S.1111.111 is NaN, so the largest is 448 (S.1111.110).
//   E5M2: 5 exponent bits (bias 15), 2 mantissa bits; IEEE-like: S.11111.00 is infinity, the largest finite is 57344.
// Conversions to fp8 round to nearest even, as if the exponent were unbounded; a result past the largest finite
// overflows: __NV_SATFINITE gives the largest finite (an infinity included), __NV_NOSAT gives NaN (E4M3) or infinity
// (E5M2). A NaN becomes the canonical 0x7F. fp8 -> half is exact; an fp8 NaN becomes half's canonical 0x7fff.
// The C++ types (__nv_fp8_e4m3, ..._x2, ..._x4) construct with __NV_SATFINITE, as CUDA's do.
#ifndef FX_CUDA_FP8_H
#define FX_CUDA_FP8_H
#ifndef __global__
#error "cuda_fp8.h (ferrox_lit CPU runtime): include host_shim.h first"
#endif
#include <cstdint>
#include <cstring>
#include "cuda_fp16.h"
#include "cuda_bf16.h"

typedef unsigned char __nv_fp8_storage_t;
typedef unsigned short __nv_fp8x2_storage_t;
typedef unsigned int __nv_fp8x4_storage_t;
enum __nv_saturation_t { __NV_NOSAT, __NV_SATFINITE };
enum __nv_fp8_interpretation_t { __NV_E4M3, __NV_E5M2 };

// The magnitude code of finite, non-NaN |x| (its bits `a`: MB mantissa bits, exponent bias EB) in an fp8 format of
// M mantissa bits and bias B, rounded to nearest even; 0x100 if it is past `maxcode`. The code of a normal result is
// ((e + B) << M) + kept - 2^M, and of a subnormal one kept itself, so a rounding carry runs on into the exponent.
template <class U, int MB, int EB>
static inline unsigned fx_fp8_magnitude(U a, int M, int B, unsigned maxcode) {
    const int ef = (int)(a >> MB);
    if (ef == 0) return 0;                                       // a subnormal float or double: far below half fp8's least
    const U sig = (a & (((U)1 << MB) - 1)) | ((U)1 << MB);       // value = sig * 2^(e - MB)
    const int e = ef - EB, emin = 1 - B;
#ifdef FX_SABOTAGE_FP8_NO_SUBNORMAL
    const int shift = MB - M;
#else
    const int shift = MB - M + (e < emin ? emin - e : 0);      // the bits rounded off (more below the least normal)
#endif
    if (shift > MB + 1) return 0;                                // under half the least subnormal: rounds to zero
    const U kept0 = sig >> shift, rem = sig & (((U)1 << shift) - 1), half = (U)1 << (shift - 1);
#ifdef FX_SABOTAGE_FP8_TIES_AWAY
    const unsigned kept = (unsigned)kept0 + (rem >= half);
#else
    const unsigned kept = (unsigned)kept0 + (rem > half || (rem == half && (kept0 & 1)));
#endif
    if (e < emin) return kept;                                   // subnormal (kept == 2^M is the least normal's code)
    const long code = ((long)(e + B) << M) + (long)kept - (1L << M);
    return code > (long)maxcode ? 0x100u : (unsigned)code;
}

static inline __nv_fp8_storage_t fx_fp8_finish(unsigned sign, unsigned mag, __nv_saturation_t sat, __nv_fp8_interpretation_t k) {
    const bool e4 = k == __NV_E4M3;
#ifdef FX_SABOTAGE_FP8_NOSAT_AS_SAT
    sat = __NV_SATFINITE;
#endif
    if (mag == 0x100u) mag = sat == __NV_SATFINITE ? (e4 ? 0x7Eu : 0x7Bu) : (e4 ? 0x7Fu : 0x7Cu);   // past the largest finite
    return (__nv_fp8_storage_t)(sign | mag);
}

__device__ __forceinline__ __nv_fp8_storage_t __nv_cvt_float_to_fp8(const float x, const __nv_saturation_t sat,
                                                                    const __nv_fp8_interpretation_t k) {
    uint32_t u; std::memcpy(&u, &x, 4);
    const uint32_t a = u & 0x7fffffffu;
    if (a > 0x7f800000u) return 0x7F;                            // NaN: the canonical one, sign dropped
    const bool e4 = k == __NV_E4M3;
    const unsigned mag = a == 0x7f800000u ? 0x100u : fx_fp8_magnitude<uint32_t, 23, 127>(a, e4 ? 3 : 2, e4 ? 7 : 15, e4 ? 0x7Eu : 0x7Bu);
    return fx_fp8_finish((u >> 24) & 0x80u, mag, sat, k);
}
__device__ __forceinline__ __nv_fp8_storage_t __nv_cvt_double_to_fp8(const double x, const __nv_saturation_t sat,
                                                                     const __nv_fp8_interpretation_t k) {
    uint64_t u; std::memcpy(&u, &x, 8);
    const uint64_t a = u & 0x7fffffffffffffffull;
    const bool e4 = k == __NV_E4M3;
    if (a > 0x7ff0000000000000ull)   // a double NaN keeps its sign (a float's is made canonical first): E5M2 keeps its top 2 bits
        return (__nv_fp8_storage_t)(((u >> 56) & 0x80u) | (e4 ? 0x7Fu : 0x7Eu | (unsigned)((a >> 50) & 3u)));
    const unsigned mag = a == 0x7ff0000000000000ull ? 0x100u
                       : fx_fp8_magnitude<uint64_t, 52, 1023>(a, e4 ? 3 : 2, e4 ? 7 : 15, e4 ? 0x7Eu : 0x7Bu);
    return fx_fp8_finish((unsigned)(u >> 56) & 0x80u, mag, sat, k);
}
__device__ __forceinline__ __nv_fp8_storage_t __nv_cvt_halfraw_to_fp8(const __half_raw x, const __nv_saturation_t sat,
                                                                      const __nv_fp8_interpretation_t k) {
    return __nv_cvt_float_to_fp8(__half2float(__half(x)), sat, k);            // half -> float is exact
}
__device__ __forceinline__ __nv_fp8_storage_t __nv_cvt_bfloat16raw_to_fp8(const __nv_bfloat16_raw x, const __nv_saturation_t sat,
                                                                          const __nv_fp8_interpretation_t k) {
    return __nv_cvt_float_to_fp8(__bfloat162float(__nv_bfloat16(x)), sat, k);  // bf16 -> float is exact
}
// pairs: .x in the low byte, .y in the high byte
__device__ __forceinline__ __nv_fp8x2_storage_t __nv_cvt_float2_to_fp8x2(const float2 x, const __nv_saturation_t sat,
                                                                         const __nv_fp8_interpretation_t k) {
    return (__nv_fp8x2_storage_t)(__nv_cvt_float_to_fp8(x.x, sat, k) | (__nv_cvt_float_to_fp8(x.y, sat, k) << 8));
}
__device__ __forceinline__ __nv_fp8x2_storage_t __nv_cvt_double2_to_fp8x2(const double2 x, const __nv_saturation_t sat,
                                                                          const __nv_fp8_interpretation_t k) {
    return (__nv_fp8x2_storage_t)(__nv_cvt_double_to_fp8(x.x, sat, k) | (__nv_cvt_double_to_fp8(x.y, sat, k) << 8));
}
__device__ __forceinline__ __nv_fp8x2_storage_t __nv_cvt_halfraw2_to_fp8x2(const __half2_raw x, const __nv_saturation_t sat,
                                                                           const __nv_fp8_interpretation_t k) {
    return (__nv_fp8x2_storage_t)(__nv_cvt_halfraw_to_fp8(__half_raw{x.x}, sat, k) | (__nv_cvt_halfraw_to_fp8(__half_raw{x.y}, sat, k) << 8));
}
__device__ __forceinline__ __nv_fp8x2_storage_t __nv_cvt_bfloat16raw2_to_fp8x2(const __nv_bfloat162_raw x, const __nv_saturation_t sat,
                                                                               const __nv_fp8_interpretation_t k) {
    return (__nv_fp8x2_storage_t)(__nv_cvt_bfloat16raw_to_fp8(__nv_bfloat16_raw{x.x}, sat, k)
                                  | (__nv_cvt_bfloat16raw_to_fp8(__nv_bfloat16_raw{x.y}, sat, k) << 8));
}

// fp8 -> half, exactly. E5M2 is half's top byte. An E4M3 normal moves its exponent from bias 7 to 15; an E4M3
// subnormal m * 2^-9 is a half normal, its leading bit made implicit.
__device__ __forceinline__ __half_raw __nv_cvt_fp8_to_halfraw(const __nv_fp8_storage_t x, const __nv_fp8_interpretation_t k) {
    const unsigned s = (x & 0x80u) << 8;
    if (k == __NV_E5M2) return __half_raw{(unsigned short)(((x & 0x7Fu) > 0x7Cu) ? 0x7fffu : (unsigned)x << 8)};
    const unsigned ef = (x >> 3) & 0xFu, m = x & 7u;
    if ((x & 0x7Fu) == 0x7Fu) return __half_raw{0x7fff};
#ifdef FX_SABOTAGE_FP8_DECODE_BIAS
    if (ef) return __half_raw{(unsigned short)(s | ((ef + 7) << 10) | (m << 7))};   // bias 15 - 7 = 8, off by one
#else
    if (ef) return __half_raw{(unsigned short)(s | ((ef + 8) << 10) | (m << 7))};   // the exponent from bias 7 to bias 15
#endif
    if (!m) return __half_raw{(unsigned short)s};
    const int p = m >= 4 ? 2 : m >= 2 ? 1 : 0;                   // the leading bit: the value is 2^(p - 9) * 1.f
    return __half_raw{(unsigned short)(s | ((unsigned)(p + 6) << 10) | ((m - (1u << p)) << (10 - p)))};
}
__device__ __forceinline__ __half2_raw __nv_cvt_fp8x2_to_halfraw2(const __nv_fp8x2_storage_t x, const __nv_fp8_interpretation_t k) {
    return __half2_raw{__nv_cvt_fp8_to_halfraw((__nv_fp8_storage_t)x, k).x, __nv_cvt_fp8_to_halfraw((__nv_fp8_storage_t)(x >> 8), k).x};
}

#define FX_FP8_SCALAR(NAME, K)                                                                                                  \
struct __attribute__((aligned(1))) NAME {                                                                                       \
    __nv_fp8_storage_t __x;                                                                                                     \
    NAME() = default;                                                                                                           \
    __device__ explicit NAME(const float f) : __x(__nv_cvt_float_to_fp8(f, __NV_SATFINITE, K)) {}                              \
    __device__ explicit NAME(const double f) : __x(__nv_cvt_double_to_fp8(f, __NV_SATFINITE, K)) {}                            \
    __device__ explicit NAME(const __half f) : __x(__nv_cvt_halfraw_to_fp8(__half_raw(f), __NV_SATFINITE, K)) {}               \
    __device__ explicit NAME(const __nv_bfloat16 f) : __x(__nv_cvt_bfloat16raw_to_fp8(__nv_bfloat16_raw{f.__x}, __NV_SATFINITE, K)) {} \
    __device__ explicit NAME(const int v) : __x(__nv_cvt_double_to_fp8((double)v, __NV_SATFINITE, K)) {}                       \
    __device__ explicit NAME(const unsigned int v) : __x(__nv_cvt_double_to_fp8((double)v, __NV_SATFINITE, K)) {}              \
    __device__ explicit NAME(const long long v) : __x(__nv_cvt_double_to_fp8((double)v, __NV_SATFINITE, K)) {}                 \
    __device__ explicit NAME(const unsigned long long v) : __x(__nv_cvt_double_to_fp8((double)v, __NV_SATFINITE, K)) {}        \
    __device__ explicit operator __half_raw() const { return __nv_cvt_fp8_to_halfraw(__x, K); }                                 \
    __device__ explicit operator __half() const { return __half(__nv_cvt_fp8_to_halfraw(__x, K)); }                            \
    __device__ explicit operator float() const { return __half2float(__half(__nv_cvt_fp8_to_halfraw(__x, K))); }               \
    __device__ explicit operator double() const { return (double)(float)*this; }                                                \
    __device__ explicit operator __nv_bfloat16() const { return __float2bfloat16((float)*this); }  /* exact: 3 or 2 mantissa bits */ \
    __device__ explicit operator bool() const { return (__x & 0x7Fu) != 0; }                                                    \
};
FX_FP8_SCALAR(__nv_fp8_e4m3, __NV_E4M3)
FX_FP8_SCALAR(__nv_fp8_e5m2, __NV_E5M2)
#undef FX_FP8_SCALAR

#define FX_FP8_PAIR(NAME, K)                                                                                                    \
struct __attribute__((aligned(2))) NAME {                                                                                       \
    __nv_fp8x2_storage_t __x;                                                                                                   \
    NAME() = default;                                                                                                           \
    __device__ explicit NAME(const float2 f) : __x(__nv_cvt_float2_to_fp8x2(f, __NV_SATFINITE, K)) {}                          \
    __device__ explicit NAME(const double2 f) : __x(__nv_cvt_double2_to_fp8x2(f, __NV_SATFINITE, K)) {}                        \
    __device__ explicit NAME(const __half2 f) : __x(__nv_cvt_halfraw2_to_fp8x2(__half2_raw{f.x.__x, f.y.__x}, __NV_SATFINITE, K)) {} \
    __device__ explicit NAME(const __nv_bfloat162 f)                                                                            \
        : __x(__nv_cvt_bfloat16raw2_to_fp8x2(__nv_bfloat162_raw{f.x.__x, f.y.__x}, __NV_SATFINITE, K)) {}                      \
    __device__ explicit operator __half2_raw() const { return __nv_cvt_fp8x2_to_halfraw2(__x, K); }                             \
    __device__ explicit operator __half2() const {                                                                              \
        const __half2_raw r = __nv_cvt_fp8x2_to_halfraw2(__x, K); return __half2(__half(__half_raw{r.x}), __half(__half_raw{r.y})); } \
    __device__ explicit operator float2() const {                                                                               \
        const __half2_raw r = __nv_cvt_fp8x2_to_halfraw2(__x, K);                                                               \
        return float2{__half2float(__half(__half_raw{r.x})), __half2float(__half(__half_raw{r.y}))}; }                        \
};
FX_FP8_PAIR(__nv_fp8x2_e4m3, __NV_E4M3)
FX_FP8_PAIR(__nv_fp8x2_e5m2, __NV_E5M2)
#undef FX_FP8_PAIR

#define FX_FP8_QUAD(NAME, PAIR, K)                                                                                              \
struct __attribute__((aligned(4))) NAME {                                                                                       \
    __nv_fp8x4_storage_t __x;                                                                                                   \
    NAME() = default;                                                                                                           \
    __device__ explicit NAME(const float4 f)                                                                                    \
        : __x(__nv_cvt_float2_to_fp8x2(float2{f.x, f.y}, __NV_SATFINITE, K)                                                     \
              | ((__nv_fp8x4_storage_t)__nv_cvt_float2_to_fp8x2(float2{f.z, f.w}, __NV_SATFINITE, K) << 16)) {}                 \
    __device__ explicit NAME(const __half2 lo, const __half2 hi)                                                                \
        : __x(PAIR(lo).__x | ((__nv_fp8x4_storage_t)PAIR(hi).__x << 16)) {}                                                    \
    __device__ explicit NAME(const __nv_bfloat162 lo, const __nv_bfloat162 hi)                                                  \
        : __x(PAIR(lo).__x | ((__nv_fp8x4_storage_t)PAIR(hi).__x << 16)) {}                                                    \
    __device__ explicit operator float4() const {                                                                               \
        PAIR lo, hi; lo.__x = (__nv_fp8x2_storage_t)__x; hi.__x = (__nv_fp8x2_storage_t)(__x >> 16);                            \
        const float2 a = (float2)lo, b = (float2)hi; return float4{a.x, a.y, b.x, b.y}; }                                      \
};
FX_FP8_QUAD(__nv_fp8x4_e4m3, __nv_fp8x2_e4m3, __NV_E4M3)
FX_FP8_QUAD(__nv_fp8x4_e5m2, __nv_fp8x2_e5m2, __NV_E5M2)
#undef FX_FP8_QUAD

typedef __nv_fp8_e4m3 nv_fp8_e4m3;
typedef __nv_fp8_e5m2 nv_fp8_e5m2;
static_assert(sizeof(__nv_fp8_e4m3) == 1 && sizeof(__nv_fp8x2_e4m3) == 2 && alignof(__nv_fp8x2_e4m3) == 2, "fp8: CUDA's sizes");
static_assert(sizeof(__nv_fp8x4_e5m2) == 4 && alignof(__nv_fp8x4_e5m2) == 4, "fp8x4: 4 bytes, 4-aligned as in CUDA");
#endif
