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
struct __nv_bfloat162_raw { unsigned short x, y; };
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

static inline __nv_bfloat16 fx_bfbits(unsigned short b) { return __nv_bfloat16(__nv_bfloat16_raw{b}); }
__device__ __forceinline__ __nv_bfloat16 __float2bfloat16(float f) { return fx_bfbits(fx_f2bf_bits(f)); }
__device__ __forceinline__ __nv_bfloat16 __float2bfloat16_rn(float f) { return __float2bfloat16(f); }
// directed modes: the float is exact in double, rounded once to 7 fraction bits (device_functions.h's fx_round_d)
__device__ __forceinline__ __nv_bfloat16 __float2bfloat16_rz(float f) { return fx_bfbits((unsigned short)fx_round_d(f, 0, 1, 7)); }
__device__ __forceinline__ __nv_bfloat16 __float2bfloat16_rd(float f) { return fx_bfbits((unsigned short)fx_round_d(f, 0, 2, 7)); }
__device__ __forceinline__ __nv_bfloat16 __float2bfloat16_ru(float f) { return fx_bfbits((unsigned short)fx_round_d(f, 0, 3, 7)); }
__device__ __forceinline__ float __bfloat162float(__nv_bfloat16 b) { return fx_bf2f_bits(b.__x); }
__device__ __forceinline__ unsigned short __bfloat16_as_ushort(__nv_bfloat16 b) { return b.__x; }
__device__ __forceinline__ __nv_bfloat16 __ushort_as_bfloat16(unsigned short b) { return fx_bfbits(b); }
__device__ __forceinline__ short __bfloat16_as_short(__nv_bfloat16 b) { return (short)b.__x; }
__device__ __forceinline__ __nv_bfloat16 __short_as_bfloat16(short b) { return fx_bfbits((unsigned short)b); }
__device__ __forceinline__ __nv_bfloat162 __floats2bfloat162_rn(float a, float b) { return __nv_bfloat162(__float2bfloat16(a), __float2bfloat16(b)); }
__device__ __forceinline__ __nv_bfloat162 __float2bfloat162_rn(float a) { return __nv_bfloat162(__float2bfloat16(a), __float2bfloat16(a)); }
__device__ __forceinline__ __nv_bfloat162 __float22bfloat162_rn(float2 a) { return __floats2bfloat162_rn(a.x, a.y); }
__device__ __forceinline__ float2 __bfloat1622float2(__nv_bfloat162 a) { return float2{__bfloat162float(a.x), __bfloat162float(a.y)}; }
__device__ __forceinline__ __nv_bfloat162 make_bfloat162(__nv_bfloat16 a, __nv_bfloat16 b) { return __nv_bfloat162(a, b); }
__device__ __forceinline__ __nv_bfloat162 __halves2bfloat162(__nv_bfloat16 a, __nv_bfloat16 b) { return __nv_bfloat162(a, b); }
__device__ __forceinline__ __nv_bfloat162 __bfloat162bfloat162(__nv_bfloat16 a) { return __nv_bfloat162(a, a); }
__device__ __forceinline__ __nv_bfloat16 __low2bfloat16(__nv_bfloat162 a) { return a.x; }
__device__ __forceinline__ __nv_bfloat16 __high2bfloat16(__nv_bfloat162 a) { return a.y; }
__device__ __forceinline__ float __low2float(__nv_bfloat162 a) { return __bfloat162float(a.x); }
__device__ __forceinline__ float __high2float(__nv_bfloat162 a) { return __bfloat162float(a.y); }
__device__ __forceinline__ __nv_bfloat162 __lows2bfloat162(__nv_bfloat162 a, __nv_bfloat162 b) { return __nv_bfloat162(a.x, b.x); }
__device__ __forceinline__ __nv_bfloat162 __highs2bfloat162(__nv_bfloat162 a, __nv_bfloat162 b) { return __nv_bfloat162(a.y, b.y); }
__device__ __forceinline__ __nv_bfloat162 __low2bfloat162(__nv_bfloat162 a) { return __nv_bfloat162(a.x, a.x); }
__device__ __forceinline__ __nv_bfloat162 __high2bfloat162(__nv_bfloat162 a) { return __nv_bfloat162(a.y, a.y); }
__device__ __forceinline__ __nv_bfloat162 __lowhigh2highlow(__nv_bfloat162 a) { return __nv_bfloat162(a.y, a.x); }

// + - * /: float's 24 bits >= 2*8 + 2, so the float result rounded to bfloat16 is the exact result rounded once
// (bfloat16 and float share the exponent range; a bfloat16 sum or product is exact in float at the subnormal end).
#ifdef FX_SABOTAGE_BF16_HADD_RZ
__device__ __forceinline__ __nv_bfloat16 __hadd(__nv_bfloat16 a, __nv_bfloat16 b) { return __float2bfloat16_rz(__bfloat162float(a) + __bfloat162float(b)); }
#else
__device__ __forceinline__ __nv_bfloat16 __hadd(__nv_bfloat16 a, __nv_bfloat16 b) { return __float2bfloat16(__bfloat162float(a) + __bfloat162float(b)); }
#endif
__device__ __forceinline__ __nv_bfloat16 __hsub(__nv_bfloat16 a, __nv_bfloat16 b) { return __float2bfloat16(__bfloat162float(a) - __bfloat162float(b)); }
#ifdef FX_SABOTAGE_BF16_HMUL_TRUNC
__device__ __forceinline__ __nv_bfloat16 __hmul(__nv_bfloat16 a, __nv_bfloat16 b) { return fx_bfbits((unsigned short)(__float_as_uint(__bfloat162float(a) * __bfloat162float(b)) >> 16)); }
#else
__device__ __forceinline__ __nv_bfloat16 __hmul(__nv_bfloat16 a, __nv_bfloat16 b) { return __float2bfloat16(__bfloat162float(a) * __bfloat162float(b)); }
#endif
__device__ __forceinline__ __nv_bfloat16 __hdiv(__nv_bfloat16 a, __nv_bfloat16 b) { return __float2bfloat16(__bfloat162float(a) / __bfloat162float(b)); }
__device__ __forceinline__ __nv_bfloat16 __hadd_rn(__nv_bfloat16 a, __nv_bfloat16 b) { return __hadd(a, b); }
__device__ __forceinline__ __nv_bfloat16 __hsub_rn(__nv_bfloat16 a, __nv_bfloat16 b) { return __hsub(a, b); }
__device__ __forceinline__ __nv_bfloat16 __hmul_rn(__nv_bfloat16 a, __nv_bfloat16 b) { return __hmul(a, b); }
// a*b+c: the product is exact in double; the sum's rounding error (TwoSum) is the tail rounded with, once, to 7 bits
__device__ __forceinline__ __nv_bfloat16 __hfma(__nv_bfloat16 a, __nv_bfloat16 b, __nv_bfloat16 c) {
#ifdef FX_SABOTAGE_BF16_HFMA_FLOAT
    return __float2bfloat16(std::fma(__bfloat162float(a), __bfloat162float(b), __bfloat162float(c)));   // two roundings
#endif
    const double p = (double)__bfloat162float(a) * (double)__bfloat162float(b), q = __bfloat162float(c), s = p + q;
    if (!std::isfinite(s)) return fx_bfbits((unsigned short)fx_round_d(s, 0, 0, 7));
    if (s == 0) return fx_bfbits((p == 0 && q == 0 && std::signbit(p) && std::signbit(q)) ? 0x8000u : 0u);
    const double bb = s - p, err = (p - (s - bb)) + (q - bb);
    return fx_bfbits((unsigned short)fx_round_d(s, (err > 0) - (err < 0), 0, 7));
}
__device__ __forceinline__ bool __hisnan(__nv_bfloat16 a) { return (a.__x & 0x7fffu) > 0x7f80u; }
__device__ __forceinline__ int __hisinf(__nv_bfloat16 a) { return (a.__x & 0x7fffu) == 0x7f80u ? ((a.__x & 0x8000u) ? -1 : 1) : 0; }
__device__ __forceinline__ __nv_bfloat16 __hneg(__nv_bfloat16 a) { return fx_bfbits(a.__x ^ 0x8000u); }
__device__ __forceinline__ __nv_bfloat16 __habs(__nv_bfloat16 a) { return fx_bfbits(a.__x & 0x7fffu); }
// __hmax/__hmin: the other operand if one is NaN, canonical NaN if both; +0 > -0. The _nan forms: NaN if either is.
__device__ __forceinline__ __nv_bfloat16 __hmax(__nv_bfloat16 a, __nv_bfloat16 b) {
    if (__hisnan(a)) return __hisnan(b) ? fx_bfbits(0x7fffu) : b;
    if (__hisnan(b)) return a;
    const float x = __bfloat162float(a), y = __bfloat162float(b);
    if (x == y) return (a.__x & 0x8000u) ? b : a;
    return x > y ? a : b;
}
__device__ __forceinline__ __nv_bfloat16 __hmin(__nv_bfloat16 a, __nv_bfloat16 b) {
    if (__hisnan(a)) return __hisnan(b) ? fx_bfbits(0x7fffu) : b;
    if (__hisnan(b)) return a;
    const float x = __bfloat162float(a), y = __bfloat162float(b);
    if (x == y) return (a.__x & 0x8000u) ? a : b;
    return x < y ? a : b;
}
__device__ __forceinline__ __nv_bfloat16 __hmax_nan(__nv_bfloat16 a, __nv_bfloat16 b) { return __hisnan(a) || __hisnan(b) ? fx_bfbits(0x7fffu) : __hmax(a, b); }
__device__ __forceinline__ __nv_bfloat16 __hmin_nan(__nv_bfloat16 a, __nv_bfloat16 b) { return __hisnan(a) || __hisnan(b) ? fx_bfbits(0x7fffu) : __hmin(a, b); }
#define FX_BFCMP(name, uname, op) \
__device__ __forceinline__ bool name(__nv_bfloat16 a, __nv_bfloat16 b) { return __bfloat162float(a) op __bfloat162float(b); } \
__device__ __forceinline__ bool uname(__nv_bfloat16 a, __nv_bfloat16 b) { return __hisnan(a) || __hisnan(b) || name(a, b); }
FX_BFCMP(__heq, __hequ, ==) FX_BFCMP(__hlt, __hltu, <) FX_BFCMP(__hle, __hleu, <=) FX_BFCMP(__hgt, __hgtu, >) FX_BFCMP(__hge, __hgeu, >=)
#undef FX_BFCMP
__device__ __forceinline__ bool __hne(__nv_bfloat16 a, __nv_bfloat16 b) { return !__hisnan(a) && !__hisnan(b) && __bfloat162float(a) != __bfloat162float(b); }
__device__ __forceinline__ bool __hneu(__nv_bfloat16 a, __nv_bfloat16 b) { return __bfloat162float(a) != __bfloat162float(b); }

#define FX_BF2(name, op) \
__device__ __forceinline__ __nv_bfloat162 name(__nv_bfloat162 a, __nv_bfloat162 b) { return __nv_bfloat162(op(a.x, b.x), op(a.y, b.y)); }
FX_BF2(__hadd2, __hadd) FX_BF2(__hsub2, __hsub) FX_BF2(__hmul2, __hmul) FX_BF2(__h2div, __hdiv) FX_BF2(__hmax2, __hmax) FX_BF2(__hmin2, __hmin)
FX_BF2(__hmax2_nan, __hmax_nan) FX_BF2(__hmin2_nan, __hmin_nan) FX_BF2(__hadd2_rn, __hadd) FX_BF2(__hsub2_rn, __hsub) FX_BF2(__hmul2_rn, __hmul)
#undef FX_BF2
__device__ __forceinline__ __nv_bfloat162 __hfma2(__nv_bfloat162 a, __nv_bfloat162 b, __nv_bfloat162 c) { return __nv_bfloat162(__hfma(a.x, b.x, c.x), __hfma(a.y, b.y, c.y)); }
__device__ __forceinline__ __nv_bfloat162 __hneg2(__nv_bfloat162 a) { return __nv_bfloat162(__hneg(a.x), __hneg(a.y)); }
__device__ __forceinline__ __nv_bfloat162 __habs2(__nv_bfloat162 a) { return __nv_bfloat162(__habs(a.x), __habs(a.y)); }
// half-wise comparisons: __h<op>2 gives 1.0 or 0.0 per half, __hb<op>2 true when both halves are, __h<op>2_mask 0xffff per true half
#define FX_BFCMP2(op) \
__device__ __forceinline__ __nv_bfloat162 __h##op##2(__nv_bfloat162 a, __nv_bfloat162 b) { \
    return __nv_bfloat162(fx_bfbits(__h##op(a.x, b.x) ? 0x3f80u : 0u), fx_bfbits(__h##op(a.y, b.y) ? 0x3f80u : 0u)); } \
__device__ __forceinline__ bool __hb##op##2(__nv_bfloat162 a, __nv_bfloat162 b) { return __h##op(a.x, b.x) && __h##op(a.y, b.y); } \
__device__ __forceinline__ unsigned int __h##op##2_mask(__nv_bfloat162 a, __nv_bfloat162 b) { \
    return (__h##op(a.x, b.x) ? 0xffffu : 0u) | (__h##op(a.y, b.y) ? 0xffff0000u : 0u); }
FX_BFCMP2(eq) FX_BFCMP2(ne) FX_BFCMP2(lt) FX_BFCMP2(le) FX_BFCMP2(gt) FX_BFCMP2(ge)
FX_BFCMP2(equ) FX_BFCMP2(neu) FX_BFCMP2(ltu) FX_BFCMP2(leu) FX_BFCMP2(gtu) FX_BFCMP2(geu)
#undef FX_BFCMP2

inline __nv_bfloat16 operator+(const __nv_bfloat16& a, const __nv_bfloat16& b) { return __hadd(a, b); }
inline __nv_bfloat16 operator-(const __nv_bfloat16& a, const __nv_bfloat16& b) { return __hsub(a, b); }
inline __nv_bfloat16 operator*(const __nv_bfloat16& a, const __nv_bfloat16& b) { return __hmul(a, b); }
inline __nv_bfloat16 operator/(const __nv_bfloat16& a, const __nv_bfloat16& b) { return __hdiv(a, b); }
inline __nv_bfloat16 operator-(const __nv_bfloat16& a) { return __hneg(a); }
inline __nv_bfloat16 operator+(const __nv_bfloat16& a) { return a; }
inline __nv_bfloat16& operator+=(__nv_bfloat16& a, const __nv_bfloat16& b) { return a = __hadd(a, b); }
inline __nv_bfloat16& operator-=(__nv_bfloat16& a, const __nv_bfloat16& b) { return a = __hsub(a, b); }
inline __nv_bfloat16& operator*=(__nv_bfloat16& a, const __nv_bfloat16& b) { return a = __hmul(a, b); }
inline __nv_bfloat16& operator/=(__nv_bfloat16& a, const __nv_bfloat16& b) { return a = __hdiv(a, b); }
inline bool operator==(const __nv_bfloat16& a, const __nv_bfloat16& b) { return __heq(a, b); }
inline bool operator!=(const __nv_bfloat16& a, const __nv_bfloat16& b) { return __hneu(a, b); }
inline bool operator<(const __nv_bfloat16& a, const __nv_bfloat16& b) { return __hlt(a, b); }
inline bool operator<=(const __nv_bfloat16& a, const __nv_bfloat16& b) { return __hle(a, b); }
inline bool operator>(const __nv_bfloat16& a, const __nv_bfloat16& b) { return __hgt(a, b); }
inline bool operator>=(const __nv_bfloat16& a, const __nv_bfloat16& b) { return __hge(a, b); }
inline __nv_bfloat162 operator+(const __nv_bfloat162& a, const __nv_bfloat162& b) { return __hadd2(a, b); }
inline __nv_bfloat162 operator-(const __nv_bfloat162& a, const __nv_bfloat162& b) { return __hsub2(a, b); }
inline __nv_bfloat162 operator*(const __nv_bfloat162& a, const __nv_bfloat162& b) { return __hmul2(a, b); }
inline __nv_bfloat162 operator/(const __nv_bfloat162& a, const __nv_bfloat162& b) { return __h2div(a, b); }
inline __nv_bfloat162 operator-(const __nv_bfloat162& a) { return __hneg2(a); }
inline __nv_bfloat162& operator+=(__nv_bfloat162& a, const __nv_bfloat162& b) { return a = __hadd2(a, b); }
inline __nv_bfloat162& operator-=(__nv_bfloat162& a, const __nv_bfloat162& b) { return a = __hsub2(a, b); }
inline __nv_bfloat162& operator*=(__nv_bfloat162& a, const __nv_bfloat162& b) { return a = __hmul2(a, b); }
inline __nv_bfloat162& operator/=(__nv_bfloat162& a, const __nv_bfloat162& b) { return a = __h2div(a, b); }
inline bool operator==(const __nv_bfloat162& a, const __nv_bfloat162& b) { return __hbeq2(a, b); }
inline bool operator!=(const __nv_bfloat162& a, const __nv_bfloat162& b) { return __hbneu2(a, b); }
#endif
