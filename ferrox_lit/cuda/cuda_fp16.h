// ferrox_lit CPU runtime: CUDA's cuda_fp16.h for g++, bit-exact. Include after host_shim.h (it owns
// __device__, __forceinline__ and float2). Every op rounds once to binary16, round-to-nearest-even.
#ifndef FX_CUDA_FP16_H
#define FX_CUDA_FP16_H
#ifndef __global__
#error "cuda_fp16.h (ferrox_lit CPU runtime): include host_shim.h first"
#endif
#include <cstdint>
#include <cstring>
#include <cmath>

// float -> binary16 bits in mode 0 = rn, 1 = rz, 2 = rd, 3 = ru; NaN -> 0x7fff as CUDA.
static inline unsigned short fx_f2h_bits(float f, int mode) {
    uint32_t u; std::memcpy(&u, &f, 4);
    const unsigned short sign = (u >> 16) & 0x8000u;
    const uint32_t a = u & 0x7fffffffu;
    if (a > 0x7f800000u) return 0x7fffu;
    if (a == 0x7f800000u) return sign | 0x7c00u;
    int e = (int)(a >> 23) - 127;
    uint32_t m = a & 0x7fffffu;
    if (a >> 23) m |= 0x800000u; else e = -126;       // float subnormal: no hidden bit
    if (e >= 16) {                                     // |f| >= 65536: beyond every finite half
        bool inf = mode == 0 || (mode == 3 && !sign) || (mode == 2 && sign);
        return sign | (inf ? 0x7c00u : 0x7bffu);
    }
    int shift = e >= -14 ? 13 : -1 - e;                // bits of m below the half's last place
    if (shift > 31) shift = 31;
    const uint32_t kept = m >> shift, rem = m & ((1u << shift) - 1u), halfway = 1u << (shift - 1);
    bool up = false;
    if (mode == 0) up = rem > halfway || (rem == halfway && (kept & 1u));
    else if (mode == 2) up = rem && sign;
    else if (mode == 3) up = rem && !sign;
    uint32_t bits = e >= -14 ? ((uint32_t)(e + 15) << 10) + kept - 0x400u : kept;  // a carry moves into the exponent
    bits += up;
    return sign | (unsigned short)bits;               // rounding up past 65504 gives 0x7c00: infinity
}

// binary16 bits -> float (exact).
static inline float fx_h2f_bits(unsigned short h) {
    const uint32_t sign = (uint32_t)(h & 0x8000u) << 16;
    uint32_t e = (h >> 10) & 0x1fu, m = h & 0x3ffu, u;
    if (e == 0x1f) u = sign | 0x7f800000u | (m << 13);
    else if (e) u = sign | ((e + 112) << 23) | (m << 13);
    else if (!m) u = sign;
    else { int s = 0; while (!(m & 0x400u)) { m <<= 1; ++s; } u = sign | ((uint32_t)(113 - s) << 23) | ((m & 0x3ffu) << 13); }
    float f; std::memcpy(&f, &u, 4); return f;
}

// double -> binary16 bits, rn, for a value known to be d + t with |t| tiny (dir = sign of t; 0 if exact).
static inline unsigned short fx_d2h_bits(double d, int dir) {
    uint64_t u; std::memcpy(&u, &d, 8);
    const unsigned short sign = (u >> 48) & 0x8000u;
    const uint64_t a = u & 0x7fffffffffffffffull;
    if (a > 0x7ff0000000000000ull) return 0x7fffu;
    if (a == 0x7ff0000000000000ull) return sign | 0x7c00u;
    if (!a) return sign;                               // dir != 0 cannot happen at an exact 0 from halves
    int e = (int)(a >> 52) - 1023;
    uint64_t m = (a & 0xfffffffffffffull) | (1ull << 52);
    if (e >= 16) return sign | 0x7c00u;
    int shift = e >= -14 ? 42 : 28 - e;
    if (shift > 63) shift = 63;
    const uint64_t kept = m >> shift, rem = m & ((1ull << shift) - 1), halfway = 1ull << (shift - 1);
    const int mdir = sign ? -dir : dir;                // the tail's direction in magnitude
    bool up = rem > halfway || (rem == halfway && (mdir > 0 || (mdir == 0 && (kept & 1))));
    uint64_t bits = e >= -14 ? ((uint64_t)(e + 15) << 10) + kept - 0x400u : kept;
    return sign | (unsigned short)(bits + up);
}

struct __half_raw { unsigned short x; };
struct __half2_raw { unsigned short x, y; };   // two halves' bits (.x low), as cuda_fp8.h passes them
struct __attribute__((aligned(2))) __half {
    unsigned short __x;
    __half() = default;
    __device__ __half(const __half_raw& r) : __x(r.x) {}
    __device__ __half(float f) : __x(fx_f2h_bits(f, 0)) {}
    __device__ __half(double d) : __x(fx_d2h_bits(d, 0)) {}
    __device__ __half(int i) : __x(fx_d2h_bits((double)i, 0)) {}          // integers: exact in double, rounded once
    __device__ __half(unsigned int i) : __x(fx_d2h_bits((double)i, 0)) {}
    __device__ __half(short i) : __x(fx_d2h_bits((double)i, 0)) {}
    __device__ __half(unsigned short i) : __x(fx_d2h_bits((double)i, 0)) {}
    __device__ __half(long long i) : __x(fx_d2h_bits((double)i, 0)) {}  // beyond 2^53 the result is infinity either way
    __device__ __half(unsigned long long i) : __x(fx_d2h_bits((double)i, 0)) {}
    __device__ operator float() const { return fx_h2f_bits(__x); }
    __device__ operator __half_raw() const { return __half_raw{__x}; }
};
struct __attribute__((aligned(4))) __half2 {
    __half x, y;
    __half2() = default;
    __device__ __half2(__half a, __half b) : x(a), y(b) {}
};
typedef __half half;
typedef __half2 half2;
static_assert(sizeof(__half) == 2 && alignof(__half) == 2, "half: 2 bytes, 2-aligned as in CUDA");
static_assert(sizeof(__half2) == 4 && alignof(__half2) == 4, "half2: 4 bytes, 4-aligned as in CUDA");

static inline __half fx_hbits(unsigned short b) { return __half(__half_raw{b}); }

#ifdef FX_SABOTAGE_F2H_RZ
#define FX_F2H_MODE 1
#else
#define FX_F2H_MODE 0
#endif
__device__ __forceinline__ __half __float2half(float f) { return fx_hbits(fx_f2h_bits(f, FX_F2H_MODE)); }
__device__ __forceinline__ __half __float2half_rn(float f) { return fx_hbits(fx_f2h_bits(f, 0)); }
__device__ __forceinline__ __half __float2half_rz(float f) { return fx_hbits(fx_f2h_bits(f, 1)); }
__device__ __forceinline__ __half __float2half_rd(float f) { return fx_hbits(fx_f2h_bits(f, 2)); }
__device__ __forceinline__ __half __float2half_ru(float f) { return fx_hbits(fx_f2h_bits(f, 3)); }
__device__ __forceinline__ float __half2float(__half h) { return fx_h2f_bits(h.__x); }
__device__ __forceinline__ float2 __half22float2(__half2 h) { return float2{__half2float(h.x), __half2float(h.y)}; }
__device__ __forceinline__ __half2 __floats2half2_rn(float a, float b) { return __half2(__float2half_rn(a), __float2half_rn(b)); }
__device__ __forceinline__ __half2 __float2half2_rn(float a) { return __half2(__float2half_rn(a), __float2half_rn(a)); }
__device__ __forceinline__ __half2 __float22half2_rn(float2 a) { return __floats2half2_rn(a.x, a.y); }
__device__ __forceinline__ __half2 make_half2(__half a, __half b) { return __half2(a, b); }
__device__ __forceinline__ __half2 __halves2half2(__half a, __half b) { return __half2(a, b); }
__device__ __forceinline__ __half2 __half2half2(__half a) { return __half2(a, a); }
__device__ __forceinline__ __half __low2half(__half2 a) { return a.x; }
__device__ __forceinline__ __half __high2half(__half2 a) { return a.y; }
__device__ __forceinline__ float __low2float(__half2 a) { return __half2float(a.x); }
__device__ __forceinline__ float __high2float(__half2 a) { return __half2float(a.y); }
__device__ __forceinline__ __half2 __lows2half2(__half2 a, __half2 b) { return __half2(a.x, b.x); }
__device__ __forceinline__ __half2 __highs2half2(__half2 a, __half2 b) { return __half2(a.y, b.y); }
__device__ __forceinline__ unsigned short __half_as_ushort(__half h) { return h.__x; }
__device__ __forceinline__ __half __ushort_as_half(unsigned short b) { return fx_hbits(b); }

// + - * of two halves: float's 24 bits >= 2*11+2, so rounding to float then to half is one correct rounding.
#if defined(FX_SABOTAGE_HADD_RZ)
__device__ __forceinline__ __half __hadd(__half a, __half b) { return __float2half_rz(__half2float(a) + __half2float(b)); }
#elif defined(FX_SABOTAGE_HADD_NARROW)
static inline float fx_round13(float f) {           // round-to-nearest-even to 13 significand bits (p' < 2p + 2)
    uint32_t u; std::memcpy(&u, &f, 4);
    if ((u & 0x7f800000u) == 0x7f800000u || !(u & 0x7f800000u)) return f;
    u = (u + 0x3ffu + ((u >> 11) & 1u)) & ~0x7ffu;
    std::memcpy(&f, &u, 4); return f;
}
__device__ __forceinline__ __half __hadd(__half a, __half b) { return __float2half_rn(fx_round13(__half2float(a) + __half2float(b))); }
#else
__device__ __forceinline__ __half __hadd(__half a, __half b) { return __float2half_rn(__half2float(a) + __half2float(b)); }
#endif
__device__ __forceinline__ __half __hsub(__half a, __half b) { return __float2half_rn(__half2float(a) - __half2float(b)); }
__device__ __forceinline__ __half __hmul(__half a, __half b) { return __float2half_rn(__half2float(a) * __half2float(b)); }
__device__ __forceinline__ __half __hdiv(__half a, __half b) { return __float2half_rn(__half2float(a) / __half2float(b)); }
// a*b+c: the product is exact in double (22 bits); the sum's rounding error is recovered (TwoSum) and rounded with.
__device__ __forceinline__ __half __hfma(__half a, __half b, __half c) {
#ifdef FX_SABOTAGE_HFMA_FLOAT
    return __float2half_rn(std::fma(__half2float(a), __half2float(b), __half2float(c)));
#else
    const double p = (double)__half2float(a) * (double)__half2float(b), q = __half2float(c), s = p + q;
    if (!std::isfinite(s)) return fx_hbits(fx_d2h_bits(s, 0));
    const double bb = s - p, err = (p - (s - bb)) + (q - bb);
    return fx_hbits(fx_d2h_bits(s, (err > 0) - (err < 0)));
#endif
}
__device__ __forceinline__ bool __hisnan(__half a) { return (a.__x & 0x7fffu) > 0x7c00u; }
__device__ __forceinline__ __half __hneg(__half a) { return fx_hbits(a.__x ^ 0x8000u); }
__device__ __forceinline__ __half __habs(__half a) { return fx_hbits(a.__x & 0x7fffu); }
// __hmax/__hmin: the other operand if one is NaN, canonical NaN if both; +0 > -0 as CUDA.
__device__ __forceinline__ __half __hmax(__half a, __half b) {
    if (__hisnan(a) && __hisnan(b)) return fx_hbits(0x7fffu);
    if (__hisnan(a)) return b;
    if (__hisnan(b)) return a;
    const float x = __half2float(a), y = __half2float(b);
    if (x == y) return (a.__x & 0x8000u) ? b : a;
    return x > y ? a : b;
}
__device__ __forceinline__ __half __hmin(__half a, __half b) {
    if (__hisnan(a) && __hisnan(b)) return fx_hbits(0x7fffu);
    if (__hisnan(a)) return b;
    if (__hisnan(b)) return a;
    const float x = __half2float(a), y = __half2float(b);
    if (x == y) return (a.__x & 0x8000u) ? a : b;
    return x < y ? a : b;
}
__device__ __forceinline__ bool __heq(__half a, __half b) { return __half2float(a) == __half2float(b); }
// ordered comparisons are false for a NaN operand (__hne too); the unordered __h*u forms are true for one
__device__ __forceinline__ bool __hne(__half a, __half b) { return !__hisnan(a) && !__hisnan(b) && __half2float(a) != __half2float(b); }
__device__ __forceinline__ bool __hneu(__half a, __half b) { return __half2float(a) != __half2float(b); }
__device__ __forceinline__ bool __hlt(__half a, __half b) { return __half2float(a) < __half2float(b); }
__device__ __forceinline__ bool __hle(__half a, __half b) { return __half2float(a) <= __half2float(b); }
__device__ __forceinline__ bool __hgt(__half a, __half b) { return __half2float(a) > __half2float(b); }
__device__ __forceinline__ bool __hge(__half a, __half b) { return __half2float(a) >= __half2float(b); }
#define FX_HCMPU(uname, name) \
__device__ __forceinline__ bool uname(__half a, __half b) { return __hisnan(a) || __hisnan(b) || name(a, b); }
FX_HCMPU(__hequ, __heq) FX_HCMPU(__hltu, __hlt) FX_HCMPU(__hleu, __hle) FX_HCMPU(__hgtu, __hgt) FX_HCMPU(__hgeu, __hge)
#undef FX_HCMPU
__device__ __forceinline__ int __hisinf(__half a) { return (a.__x & 0x7fffu) == 0x7c00u ? ((a.__x & 0x8000u) ? -1 : 1) : 0; }
__device__ __forceinline__ __half __hmax_nan(__half a, __half b) { return __hisnan(a) || __hisnan(b) ? fx_hbits(0x7fffu) : __hmax(a, b); }
__device__ __forceinline__ __half __hmin_nan(__half a, __half b) { return __hisnan(a) || __hisnan(b) ? fx_hbits(0x7fffu) : __hmin(a, b); }
__device__ __forceinline__ __half __hadd_rn(__half a, __half b) { return __hadd(a, b); }
__device__ __forceinline__ __half __hsub_rn(__half a, __half b) { return __hsub(a, b); }
__device__ __forceinline__ __half __hmul_rn(__half a, __half b) { return __hmul(a, b); }
// _sat: the result clamped to [+0, 1]; NaN -> +0
static inline __half fx_hsat(__half r) { return __hisnan(r) || (r.__x & 0x8000u) ? fx_hbits(0) : __half2float(r) > 1.0f ? fx_hbits(0x3c00u) : r; }
__device__ __forceinline__ __half __hadd_sat(__half a, __half b) { return fx_hsat(__hadd(a, b)); }
__device__ __forceinline__ __half __hsub_sat(__half a, __half b) { return fx_hsat(__hsub(a, b)); }
__device__ __forceinline__ __half __hmul_sat(__half a, __half b) { return fx_hsat(__hmul(a, b)); }
__device__ __forceinline__ __half __hfma_sat(__half a, __half b, __half c) { return fx_hsat(__hfma(a, b, c)); }
__device__ __forceinline__ short __half_as_short(__half h) { return (short)h.__x; }
__device__ __forceinline__ __half __short_as_half(short b) { return fx_hbits((unsigned short)b); }
__device__ __forceinline__ __half2 __low2half2(__half2 a) { return __half2(a.x, a.x); }
__device__ __forceinline__ __half2 __high2half2(__half2 a) { return __half2(a.y, a.y); }
__device__ __forceinline__ __half2 __lowhigh2highlow(__half2 a) { return __half2(a.y, a.x); }

#define FX_H2(name, op) \
__device__ __forceinline__ __half2 name(__half2 a, __half2 b) { return __half2(op(a.x, b.x), op(a.y, b.y)); }
FX_H2(__hadd2, __hadd) FX_H2(__hsub2, __hsub) FX_H2(__hmul2, __hmul) FX_H2(__h2div, __hdiv)
FX_H2(__hmax2, __hmax) FX_H2(__hmin2, __hmin) FX_H2(__hmax2_nan, __hmax_nan) FX_H2(__hmin2_nan, __hmin_nan)
FX_H2(__hadd2_rn, __hadd) FX_H2(__hsub2_rn, __hsub) FX_H2(__hmul2_rn, __hmul) FX_H2(__hadd2_sat, __hadd_sat) FX_H2(__hsub2_sat, __hsub_sat)
FX_H2(__hmul2_sat, __hmul_sat)
#undef FX_H2
__device__ __forceinline__ __half2 __hfma2(__half2 a, __half2 b, __half2 c) { return __half2(__hfma(a.x, b.x, c.x), __hfma(a.y, b.y, c.y)); }
__device__ __forceinline__ __half2 __hneg2(__half2 a) { return __half2(__hneg(a.x), __hneg(a.y)); }
__device__ __forceinline__ __half2 __habs2(__half2 a) { return __half2(__habs(a.x), __habs(a.y)); }
__device__ __forceinline__ __half2 __hfma2_sat(__half2 a, __half2 b, __half2 c) { return __half2(__hfma_sat(a.x, b.x, c.x), __hfma_sat(a.y, b.y, c.y)); }
// half-wise comparisons: __h<op>2 gives 1.0 or 0.0 per half, __hb<op>2 true when both halves are, __h<op>2_mask 0xffff per true half
#define FX_HCMP2(op) \
__device__ __forceinline__ __half2 __h##op##2(__half2 a, __half2 b) { \
    return __half2(fx_hbits(__h##op(a.x, b.x) ? 0x3c00u : 0u), fx_hbits(__h##op(a.y, b.y) ? 0x3c00u : 0u)); } \
__device__ __forceinline__ bool __hb##op##2(__half2 a, __half2 b) { return __h##op(a.x, b.x) && __h##op(a.y, b.y); } \
__device__ __forceinline__ unsigned int __h##op##2_mask(__half2 a, __half2 b) { \
    return (__h##op(a.x, b.x) ? 0xffffu : 0u) | (__h##op(a.y, b.y) ? 0xffff0000u : 0u); }
FX_HCMP2(eq) FX_HCMP2(ne) FX_HCMP2(lt) FX_HCMP2(le) FX_HCMP2(gt) FX_HCMP2(ge)
FX_HCMP2(equ) FX_HCMP2(neu) FX_HCMP2(ltu) FX_HCMP2(leu) FX_HCMP2(gtu) FX_HCMP2(geu)
#undef FX_HCMP2
__device__ __forceinline__ __half2 __hisnan2(__half2 a) { return __half2(fx_hbits(__hisnan(a.x) ? 0x3c00u : 0u), fx_hbits(__hisnan(a.y) ? 0x3c00u : 0u)); }

inline __half operator+(const __half& a, const __half& b) { return __hadd(a, b); }
inline __half operator-(const __half& a, const __half& b) { return __hsub(a, b); }
inline __half operator*(const __half& a, const __half& b) { return __hmul(a, b); }
inline __half operator/(const __half& a, const __half& b) { return __hdiv(a, b); }
inline __half operator-(const __half& a) { return __hneg(a); }
inline __half operator+(const __half& a) { return a; }
inline __half& operator+=(__half& a, const __half& b) { return a = __hadd(a, b); }
inline __half& operator-=(__half& a, const __half& b) { return a = __hsub(a, b); }
inline __half& operator*=(__half& a, const __half& b) { return a = __hmul(a, b); }
inline __half& operator/=(__half& a, const __half& b) { return a = __hdiv(a, b); }
inline bool operator==(const __half& a, const __half& b) { return __heq(a, b); }
inline bool operator!=(const __half& a, const __half& b) { return __hneu(a, b); }
inline bool operator<(const __half& a, const __half& b) { return __hlt(a, b); }
inline bool operator<=(const __half& a, const __half& b) { return __hle(a, b); }
inline bool operator>(const __half& a, const __half& b) { return __hgt(a, b); }
inline bool operator>=(const __half& a, const __half& b) { return __hge(a, b); }
inline __half2 operator+(const __half2& a, const __half2& b) { return __hadd2(a, b); }
inline __half2 operator-(const __half2& a, const __half2& b) { return __hsub2(a, b); }
inline __half2 operator*(const __half2& a, const __half2& b) { return __hmul2(a, b); }
inline __half2 operator/(const __half2& a, const __half2& b) { return __h2div(a, b); }
inline __half2 operator-(const __half2& a) { return __hneg2(a); }
inline __half2& operator+=(__half2& a, const __half2& b) { return a = __hadd2(a, b); }
inline __half2& operator-=(__half2& a, const __half2& b) { return a = __hsub2(a, b); }
inline __half2& operator*=(__half2& a, const __half2& b) { return a = __hmul2(a, b); }
inline bool operator==(const __half2& a, const __half2& b) { return __hbeq2(a, b); }
inline bool operator!=(const __half2& a, const __half2& b) { return __hbneu2(a, b); }
#endif
