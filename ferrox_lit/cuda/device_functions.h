// ferrox_lit CPU runtime: CUDA's built-in device functions for g++ (included by host_shim.h): bit casts, warpSize,
// the integer intrinsics (PTX dp4a, dp2a, vadd4.., prmt, shf, mul.hi, mul24, sad, popc, clz, bfind/ffs, brev) and the float
// intrinsics. Exact ones are bit-exact (every rounding mode done once, from an error-free double form); approximate ones
// (__expf, __sinf, ...) call libm and are listed with their documented error bounds in ferrox_lit/intrinsics.py.
// Sabotage macros FX_SABOTAGE_* exist only for the checks of nbs/34_intrinsics.
#pragma once
#include <cstring>
#include <cstdint>
#include <cmath>
static const int warpSize = 32;  // CUDA's built-in: a read-only int, usable in expressions

// ---- bit casts
static inline float __int_as_float(int i) { float f; std::memcpy(&f, &i, 4); return f; }
static inline int __float_as_int(float f) { int i; std::memcpy(&i, &f, 4); return i; }
static inline float __uint_as_float(unsigned int i) { float f; std::memcpy(&f, &i, 4); return f; }
static inline unsigned int __float_as_uint(float f) { unsigned int i; std::memcpy(&i, &f, 4); return i; }
static inline double __longlong_as_double(long long i) { double f; std::memcpy(&f, &i, 8); return f; }
static inline long long __double_as_longlong(double f) { long long i; std::memcpy(&i, &f, 8); return i; }
static inline int __double2hiint(double d) { return (int)(__double_as_longlong(d) >> 32); }
static inline int __double2loint(double d) { return (int)(unsigned int)(unsigned long long)__double_as_longlong(d); }
static inline double __hiloint2double(int hi, int lo) {
    return __longlong_as_double((long long)(((unsigned long long)(unsigned int)hi << 32) | (unsigned int)lo));
}

// ---- integer intrinsics (all arithmetic unsigned: wraps like the hardware, never C++ overflow UB)
static inline int fx_sbyte(unsigned int x, int i) { return (int)(signed char)(x >> (8 * i)); }
static inline int fx_ubyte(unsigned int x, int i) { return (int)((x >> (8 * i)) & 0xffu); }
static inline int __dp4a(int a, int b, int c) {             // dp4a.s32.s32: four signed byte products + c
    unsigned int s = (unsigned int)c;
    for (int i = 0; i < 4; ++i)
#ifdef FX_SABOTAGE_DP4A_UNSIGNED
        s += (unsigned int)(fx_ubyte((unsigned)a, i) * fx_ubyte((unsigned)b, i));
#else
        s += (unsigned int)(fx_sbyte((unsigned)a, i) * fx_sbyte((unsigned)b, i));
#endif
    return (int)s;
}
static inline unsigned int __dp4a(unsigned int a, unsigned int b, unsigned int c) {   // dp4a.u32.u32
    unsigned int s = c;
    for (int i = 0; i < 4; ++i) s += (unsigned int)(fx_ubyte(a, i) * fx_ubyte(b, i));
    return s;
}
static inline int __dp4a(char4 a, char4 b, int c) {
    unsigned int x, y; std::memcpy(&x, &a, 4); std::memcpy(&y, &b, 4); return __dp4a((int)x, (int)y, c);
}
static inline unsigned int __dp4a(uchar4 a, uchar4 b, unsigned int c) {
    unsigned int x, y; std::memcpy(&x, &a, 4); std::memcpy(&y, &b, 4); return __dp4a(x, y, c);
}
// dp2a.lo/.hi: a's two 16-bit halves times b's bytes 0,1 (lo) or 2,3 (hi), + c
static inline int fx_dp2a(unsigned int a, unsigned int b, unsigned int c, int hi, int sgn) {
    unsigned int s = c;
    for (int i = 0; i < 2; ++i) {
        const int ah = sgn ? (int)(short)(a >> (16 * i)) : (int)((a >> (16 * i)) & 0xffffu);
        const int bb = sgn ? fx_sbyte(b, 2 * hi + i) : fx_ubyte(b, 2 * hi + i);
        s += (unsigned int)ah * (unsigned int)bb;
    }
    return (int)s;
}
static inline int __dp2a_lo(int a, int b, int c) { return fx_dp2a((unsigned)a, (unsigned)b, (unsigned)c, 0, 1); }
static inline int __dp2a_hi(int a, int b, int c) { return fx_dp2a((unsigned)a, (unsigned)b, (unsigned)c, 1, 1); }
static inline unsigned int __dp2a_lo(unsigned int a, unsigned int b, unsigned int c) { return (unsigned)fx_dp2a(a, b, c, 0, 0); }
static inline unsigned int __dp2a_hi(unsigned int a, unsigned int b, unsigned int c) { return (unsigned)fx_dp2a(a, b, c, 1, 0); }

// per-byte SIMD (PTX vadd4, vsub4, vabsdiff4, vmin4/vmax4, vset4 with CUDA's 0xff-per-true-byte results)
#define FX_BYTEWISE(name, expr) static inline unsigned int name(unsigned int a, unsigned int b) { \
    unsigned int r = 0; \
    for (int i = 0; i < 4; ++i) { const int sa = fx_sbyte(a, i), sb = fx_sbyte(b, i), ua = fx_ubyte(a, i), ub = fx_ubyte(b, i); \
        (void)sa; (void)sb; (void)ua; (void)ub; r |= ((unsigned int)(expr) & 0xffu) << (8 * i); } \
    return r; }
static inline int fx_clamp(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }
FX_BYTEWISE(__vadd4, ua + ub)
FX_BYTEWISE(__vsub4, ua - ub)
FX_BYTEWISE(__vaddss4, fx_clamp(sa + sb, -128, 127))
FX_BYTEWISE(__vaddus4, fx_clamp(ua + ub, 0, 255))
FX_BYTEWISE(__vsubss4, fx_clamp(sa - sb, -128, 127))
FX_BYTEWISE(__vsubus4, fx_clamp(ua - ub, 0, 255))
FX_BYTEWISE(__vabsdiffu4, ua > ub ? ua - ub : ub - ua)
FX_BYTEWISE(__vabsdiffs4, sa > sb ? sa - sb : sb - sa)
FX_BYTEWISE(__vavgu4, (ua + ub + 1) >> 1)
FX_BYTEWISE(__vmaxs4, sa > sb ? sa : sb)
FX_BYTEWISE(__vmaxu4, ua > ub ? ua : ub)
FX_BYTEWISE(__vmins4, sa < sb ? sa : sb)
FX_BYTEWISE(__vminu4, ua < ub ? ua : ub)
FX_BYTEWISE(__vcmpeq4, ua == ub ? 0xff : 0)
FX_BYTEWISE(__vcmpne4, ua != ub ? 0xff : 0)
FX_BYTEWISE(__vcmpges4, sa >= sb ? 0xff : 0)
FX_BYTEWISE(__vcmpgeu4, ua >= ub ? 0xff : 0)
FX_BYTEWISE(__vcmpgts4, sa > sb ? 0xff : 0)
FX_BYTEWISE(__vcmpgtu4, ua > ub ? 0xff : 0)
FX_BYTEWISE(__vcmples4, sa <= sb ? 0xff : 0)
FX_BYTEWISE(__vcmpleu4, ua <= ub ? 0xff : 0)
FX_BYTEWISE(__vcmplts4, sa < sb ? 0xff : 0)
FX_BYTEWISE(__vcmpltu4, ua < ub ? 0xff : 0)
#undef FX_BYTEWISE
static inline unsigned int __vabsdiff4(unsigned int a, unsigned int b) { return __vabsdiffu4(a, b); }  // older name, unsigned
static inline unsigned int __vadd2(unsigned int a, unsigned int b) { return ((a & 0xffff0000u) + (b & 0xffff0000u)) | ((a + b) & 0xffffu); }
static inline unsigned int __vsub2(unsigned int a, unsigned int b) { return ((a & 0xffff0000u) - (b & 0xffff0000u)) | ((a - b) & 0xffffu); }

// __byte_perm as the CUDA Math API defines it: byte n of the result is byte s<4n+2:4n> of {y:x}; bit 3 of each nibble and
// the upper 16 bits of s are not used. The compiler makes it so: NVRTC emits `and.b32 s, s, 0x7777` before the `prmt.b32`
// (whose default mode would read bit 3 as "replicate the picked byte's sign"). ggml's IQ4_NL/IQ4_XS/MXFP4 table lookups
// rely on the masking. Inline `prmt` is PTX's instruction, not this function.
static inline unsigned int __byte_perm(unsigned int x, unsigned int y, unsigned int s) {
    const unsigned long long v = ((unsigned long long)y << 32) | x;
    unsigned int r = 0;
    for (int i = 0; i < 4; ++i) {
#ifdef FX_SABOTAGE_PRMT_OFF_BY_ONE
        const unsigned int sel = ((s >> (4 * i)) + 1) & 0xfu;
#else
        const unsigned int sel = (s >> (4 * i)) & 0xfu;
#endif
        unsigned int byte = (unsigned int)(v >> (8 * (sel & 7u))) & 0xffu;
#ifdef FX_SABOTAGE_PRMT_SIGN   // PTX prmt's reading of bit 3, which the intrinsic does not have
        if (sel & 8u) byte = (byte & 0x80u) ? 0xffu : 0u;
#endif
        r |= byte << (8 * i);
    }
    return r;
}
// shf.l/.r: the 64-bit {hi:lo} shifted by n (wrap: n mod 32; c: clamped to 32), the upper (l) or lower (r) 32 bits
static inline unsigned int __funnelshift_l(unsigned int lo, unsigned int hi, unsigned int n) {
#ifdef FX_SABOTAGE_SHF_NOWRAP
    n = n > 32 ? 32 : n;
#else
    n &= 31u;
#endif
    return (unsigned int)(((((unsigned long long)hi << 32) | lo) << n) >> 32);
}
static inline unsigned int __funnelshift_lc(unsigned int lo, unsigned int hi, unsigned int n) {
    n = n > 32 ? 32 : n; return (unsigned int)(((((unsigned long long)hi << 32) | lo) << n) >> 32);
}
static inline unsigned int __funnelshift_r(unsigned int lo, unsigned int hi, unsigned int n) {
    n &= 31u; return (unsigned int)((((unsigned long long)hi << 32) | lo) >> n);
}
static inline unsigned int __funnelshift_rc(unsigned int lo, unsigned int hi, unsigned int n) {
    n = n > 32 ? 32 : n; return (unsigned int)((((unsigned long long)hi << 32) | lo) >> n);
}
static inline int __popc(unsigned int x) { return __builtin_popcount(x); }
static inline int __popcll(unsigned long long x) { return __builtin_popcountll(x); }
static inline int __clz(int x) { return x ? __builtin_clz((unsigned int)x) : 32; }
static inline int __clzll(long long x) { return x ? __builtin_clzll((unsigned long long)x) : 64; }
static inline int __ffs(int x) { return __builtin_ffs(x); }
static inline int __ffsll(long long x) { return __builtin_ffsll(x); }
static inline unsigned int __brev(unsigned int x) {
    x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1); x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
    x = ((x >> 4) & 0x0f0f0f0fu) | ((x & 0x0f0f0f0fu) << 4); x = ((x >> 8) & 0x00ff00ffu) | ((x & 0x00ff00ffu) << 8);
    return (x >> 16) | (x << 16);
}
static inline unsigned long long __brevll(unsigned long long x) { return ((unsigned long long)__brev((unsigned int)x) << 32) | __brev((unsigned int)(x >> 32)); }
static inline unsigned int __umulhi(unsigned int a, unsigned int b) { return (unsigned int)(((unsigned long long)a * b) >> 32); }
static inline int __mulhi(int a, int b) { return (int)(((long long)a * b) >> 32); }
static inline unsigned long long __umul64hi(unsigned long long a, unsigned long long b) { return (unsigned long long)(((unsigned __int128)a * b) >> 64); }
static inline long long __mul64hi(long long a, long long b) { return (long long)(((__int128)a * b) >> 64); }
static inline int __mul24(int a, int b) {                  // mul24.lo.s32: low 32 bits of the sign-extended 24-bit product
    const long long x = (long long)((int)((unsigned int)a << 8) >> 8), y = (long long)((int)((unsigned int)b << 8) >> 8);
    return (int)(unsigned int)(unsigned long long)(x * y);
}
static inline unsigned int __umul24(unsigned int a, unsigned int b) { return (unsigned int)((unsigned long long)(a & 0xffffffu) * (b & 0xffffffu)); }
static inline unsigned int __sad(int a, int b, unsigned int c) { return c + (unsigned int)(a > b ? (long long)a - b : (long long)b - a); }
static inline unsigned int __usad(unsigned int a, unsigned int b, unsigned int c) { return c + (a > b ? a - b : b - a); }
static inline int __hadd(int a, int b) { return (int)(((long long)a + b) >> 1); }       // integer halving add (not the half one)
static inline int __rhadd(int a, int b) { return (int)(((long long)a + b + 1) >> 1); }
static inline unsigned int __uhadd(unsigned int a, unsigned int b) { return (unsigned int)(((unsigned long long)a + b) >> 1); }
static inline unsigned int __urhadd(unsigned int a, unsigned int b) { return (unsigned int)(((unsigned long long)a + b + 1) >> 1); }

// ---- float intrinsics, exact. fx_round_d: the value d + t (t: a tail smaller than half an ulp of d, of sign dir) rounded
// once to a format with float's exponent range and M fraction bits (23: float, 7: bfloat16); mode 0 rn, 1 rz, 2 rd, 3 ru.
// NaN -> the canonical NaN (all exponent and fraction bits set: 0x7fffffff, 0x7fff), as the GPU returns.
static inline uint32_t fx_round_d(double d, int dir, int mode, int M) {
    uint64_t u; std::memcpy(&u, &d, 8);
    const int neg = (int)(u >> 63);
    const uint32_t sbit = (uint32_t)neg << (8 + M), inf = 0xffu << M;
    const uint64_t a = u & 0x7fffffffffffffffull;
    if (a > 0x7ff0000000000000ull) return (1u << (8 + M)) - 1u;
    if (a == 0x7ff0000000000000ull) return sbit | inf;
    const int mdir = neg ? -dir : dir;                    // the tail's direction in magnitude
    const bool away = (mode == 3 && !neg) || (mode == 2 && neg), toward = mode == 1 || (mode == 3 && neg) || (mode == 2 && !neg);
    if (a == 0) return sbit | (uint32_t)(away && mdir > 0);
    int e = (int)(a >> 52) - 1023;
    uint64_t m = a & 0xfffffffffffffull;
    if (a >> 52) m |= 1ull << 52; else e = -1022;
    if (e > 127) return sbit | (toward ? inf - 1u : inf);
    int shift = e >= -126 ? 52 - M : 52 - M + (-126 - e);
    uint64_t kept, rem, half;
    if (shift > 62) { kept = 0; rem = m; half = 1ull << 62; }    // below half the smallest subnormal
    else { kept = m >> shift; rem = m & ((1ull << shift) - 1ull); half = 1ull << (shift - 1); }
    uint32_t bits = e >= -126 ? (uint32_t)(((uint64_t)(e + 127) << M) + kept - (1ull << M)) : (uint32_t)kept;
    if (mode == 0) bits += rem > half || (rem == half && (mdir > 0 || (mdir == 0 && (kept & 1u))));
    else if (away) bits += rem != 0 || mdir > 0;
    else bits -= rem == 0 && mdir < 0;                    // the tail takes an exact value just below it
    return sbit | bits;
}
static inline float fx_round_f(double d, int dir, int mode) { return __uint_as_float(fx_round_d(d, dir, mode, 23)); }
static inline int fx_sgn(double x) { return (x > 0) - (x < 0); }
// a + b + (c): the sum s and its exact error (TwoSum) in double, rounded once; an exact zero takes IEEE's sign rule
static inline float fx_sum_r(double p, double q, int mode) {
    const double s = p + q;
    if (std::isnan(s)) return __uint_as_float(0x7fffffffu);
    if (std::isinf(s)) return (float)s;
    if (s == 0) return (p == 0 && q == 0 && std::signbit(p) == std::signbit(q)) ? (float)p : (mode == 2 ? -0.0f : 0.0f);
    const double bb = s - p, err = (p - (s - bb)) + (q - bb);
    return fx_round_f(s, fx_sgn(err), mode);
}
static inline float fx_fma_r(float a, float b, float c, int mode) { return fx_sum_r((double)a * (double)b, (double)c, mode); }
static inline float fx_mul_r(float a, float b, int mode) {
    const double p = (double)a * (double)b;              // exact: 48 bits
    if (std::isnan(p)) return __uint_as_float(0x7fffffffu);
    return fx_round_f(p, 0, mode);
}
static inline float fx_div_r(float a, float b, int mode) {
    const double q = (double)a / (double)b;
    if (std::isnan(q)) return __uint_as_float(0x7fffffffu);
    if (std::isinf(q) || q == 0) return (float)q;         // b = 0 or an infinity: exact
    const double r = std::fma(-q, (double)b, (double)a);  // a - q*b, exact
    return fx_round_f(q, fx_sgn(r) * fx_sgn((double)b), mode);
}
static inline float fx_sqrt_r(float x, int mode) {
    if (std::isnan(x) || x < 0) return __uint_as_float(0x7fffffffu);
    if (x == 0 || std::isinf(x)) return x;
    const double q = std::sqrt((double)x), r = std::fma(-q, q, (double)x);
    return fx_round_f(q, fx_sgn(r), mode);
}
static inline float fx_add_r(float a, float b, int mode) { return fx_sum_r(a, b, mode); }
static inline float fx_sub_r(float a, float b, int mode) { return fx_sum_r(a, -(double)b, mode); }
static inline float fx_rcp_r(float a, int mode) { return fx_div_r(1.0f, a, mode); }
#define FX_MODES1(name, impl) static inline float name##_rn(float a) { return impl(a, 0); } \
    static inline float name##_rz(float a) { return impl(a, 1); } static inline float name##_rd(float a) { return impl(a, 2); } \
    static inline float name##_ru(float a) { return impl(a, 3); }
#define FX_MODES2(name, impl) static inline float name##_rn(float a, float b) { return impl(a, b, 0); } \
    static inline float name##_rz(float a, float b) { return impl(a, b, 1); } \
    static inline float name##_rd(float a, float b) { return impl(a, b, 2); } \
    static inline float name##_ru(float a, float b) { return impl(a, b, 3); }
FX_MODES2(__fadd, fx_add_r) FX_MODES2(__fsub, fx_sub_r) FX_MODES2(__fdiv, fx_div_r)
FX_MODES1(__frcp, fx_rcp_r) FX_MODES1(__fsqrt, fx_sqrt_r)
#ifdef FX_SABOTAGE_FMUL_RD_AS_RZ
static inline float fx_mul_r_sab(float a, float b, int mode) { return fx_mul_r(a, b, mode == 2 ? 1 : mode); }
FX_MODES2(__fmul, fx_mul_r_sab)
#else
FX_MODES2(__fmul, fx_mul_r)
#endif
#undef FX_MODES1
#undef FX_MODES2
#ifdef FX_SABOTAGE_FMA_UNFUSED
static inline float __fmaf_rn(float a, float b, float c) { return fx_add_r(fx_mul_r(a, b, 0), c, 0); }  // two roundings
#else
static inline float __fmaf_rn(float a, float b, float c) { return fx_fma_r(a, b, c, 0); }
#endif
static inline float __fmaf_rz(float a, float b, float c) { return fx_fma_r(a, b, c, 1); }
static inline float __fmaf_rd(float a, float b, float c) { return fx_fma_r(a, b, c, 2); }
static inline float __fmaf_ru(float a, float b, float c) { return fx_fma_r(a, b, c, 3); }
static inline float __fmaf_ieee_rn(float a, float b, float c) { return fx_fma_r(a, b, c, 0); }
// 1/sqrt(x) rounded once: the double estimate picks two neighbouring floats; the sign of m*m*x - 1 (one fma, exact in
// sign: m has 25 bits, m*m 50) says on which side of their midpoint m the true value lies.
static inline float __frsqrt_rn(float x) {
    if (std::isnan(x) || x < 0) return __uint_as_float(0x7fffffffu);
    if (x == 0) return std::signbit(x) ? -INFINITY : INFINITY;
    if (std::isinf(x)) return 0.0f;
    const double d = 1.0 / std::sqrt((double)x);
    float lo = (float)d;
    if ((double)lo > d) lo = std::nextafter(lo, 0.0f);
    const double mid = ((double)lo + (double)std::nextafter(lo, INFINITY)) / 2;
    return std::fma(mid * mid, (double)x, -1.0) > 0 ? lo : std::nextafter(lo, INFINITY);
}

// ---- float -> integer (PTX cvt.rni/rzi/rmi/rpi: NaN -> 0, out of range saturates; never C++ UB), integer -> float
static inline double fx_rint_mode(double x, int mode) {   // x rounded to an integer (no libm call, no FP-environment use)
    if (!(std::fabs(x) < 4503599627370496.0)) return x;      // |x| >= 2^52 (or NaN): already an integer
    if (mode == 0) { const double big = std::signbit(x) ? -4503599627370496.0 : 4503599627370496.0; return (x + big) - big; }
    const double t = (double)(long long)x;                   // toward zero
    return mode == 1 ? t : mode == 2 ? (t > x ? t - 1 : t) : (t < x ? t + 1 : t);
}
static inline long long fx_f2i(float f, int mode, double lo, double hi) {   // lo, hi: the range's ends, exact in double
    if (std::isnan(f)) return 0;
#ifdef FX_SABOTAGE_F2I_RN_TRUNC
    if (mode == 0) mode = 1;
#endif
    const double r = fx_rint_mode((double)f, mode);
    if (r <= lo) return (long long)lo;
    if (r >= hi) return hi >= 9.2e18 ? (long long)0x7fffffffffffffffll : (long long)hi;
    return (long long)r;
}
static inline unsigned long long fx_f2u64(float f, int mode) {
    if (std::isnan(f)) return 0;
    const double r = fx_rint_mode((double)f, mode);
    if (r <= 0) return 0;
    if (r >= 18446744073709551616.0) return 0xffffffffffffffffull;
    return (unsigned long long)r;
}
#define FX_F2I(suffix, mode) \
    static inline int __float2int_##suffix(float f) { return (int)fx_f2i(f, mode, -2147483648.0, 2147483647.0); } \
    static inline unsigned int __float2uint_##suffix(float f) { return (unsigned int)fx_f2i(f, mode, 0.0, 4294967295.0); } \
    static inline long long __float2ll_##suffix(float f) { return fx_f2i(f, mode, -9223372036854775808.0, 9223372036854775808.0); } \
    static inline unsigned long long __float2ull_##suffix(float f) { return fx_f2u64(f, mode); } \
    static inline float __int2float_##suffix(int i) { return fx_round_f((double)i, 0, mode); } \
    static inline float __uint2float_##suffix(unsigned int i) { return fx_round_f((double)i, 0, mode); }
FX_F2I(rn, 0) FX_F2I(rz, 1) FX_F2I(rd, 2) FX_F2I(ru, 3)
#undef FX_F2I
// 64-bit integers -> float: the value's top bits are exact in double and the rest is a sticky tail
static inline float fx_ll2f(unsigned long long mag, int neg, int mode) {
    const double hi = (double)(mag & ~0x7ffull), t = (double)(mag & 0x7ffull);   // hi exact (53 bits), t: exact, < 2^11
    if (mag >> 53) return fx_round_f(neg ? -hi : hi, t != 0 ? (neg ? -1 : 1) : 0, mode == 0 ? 0 : mode);
    return fx_round_f(neg ? -(double)mag : (double)mag, 0, mode);
}
static inline float __ll2float_rn(long long i) { return fx_ll2f(i < 0 ? 0ull - (unsigned long long)i : (unsigned long long)i, i < 0, 0); }
static inline float __ll2float_rz(long long i) { return fx_ll2f(i < 0 ? 0ull - (unsigned long long)i : (unsigned long long)i, i < 0, 1); }
static inline float __ll2float_rd(long long i) { return fx_ll2f(i < 0 ? 0ull - (unsigned long long)i : (unsigned long long)i, i < 0, 2); }
static inline float __ll2float_ru(long long i) { return fx_ll2f(i < 0 ? 0ull - (unsigned long long)i : (unsigned long long)i, i < 0, 3); }
static inline float __ull2float_rn(unsigned long long i) { return fx_ll2f(i, 0, 0); }
static inline float __ull2float_rz(unsigned long long i) { return fx_ll2f(i, 0, 1); }
static inline float __ull2float_rd(unsigned long long i) { return fx_ll2f(i, 0, 2); }
static inline float __ull2float_ru(unsigned long long i) { return fx_ll2f(i, 0, 3); }
static inline double __int2double_rn(int i) { return (double)i; }
static inline double __uint2double_rn(unsigned int i) { return (double)i; }
// __saturatef: clamp to [+0, 1]; NaN -> +0 (libdevice __nv_saturatef)
static inline float __saturatef(float x) {
#ifdef FX_SABOTAGE_SATURATEF_NAN
    return x < 0 ? 0.0f : x > 1 ? 1.0f : x;
#else
    return x >= 1.0f ? 1.0f : x > 0 ? x : 0.0f;
#endif
}
// fminf/fmaxf as PTX min.f32/max.f32: one NaN -> the other operand (a signaling one too, where glibc's would give NaN),
// two NaNs -> the canonical NaN, -0 below +0. The names are macros onto fx_fminf/fx_fmaxf (also in namespace std, so
// std::fminf works). roundf (halfway away from zero), rintf (to even), truncf, floorf, ceilf are <cmath>'s, as CUDA's.
static inline float fx_fminf(float a, float b) {
#ifdef FX_SABOTAGE_FMINF_NAN
    if (std::isnan(a)) return a;                          // sabotage: a NaN first operand propagates
#endif
    if (std::isnan(a)) return std::isnan(b) ? __uint_as_float(0x7fffffffu) : b;
    if (std::isnan(b)) return a;
    if (a == 0 && b == 0) return std::signbit(a) ? a : b;
    return a < b ? a : b;
}
static inline float fx_fmaxf(float a, float b) {
    if (std::isnan(a)) return std::isnan(b) ? __uint_as_float(0x7fffffffu) : b;
    if (std::isnan(b)) return a;
    if (a == 0 && b == 0) return std::signbit(a) ? b : a;
    return a > b ? a : b;
}
namespace std { using ::fx_fminf; using ::fx_fmaxf; }
#define fminf(a, b) fx_fminf(a, b)
#define fmaxf(a, b) fx_fmaxf(a, b)
// CUDA's min/max overloads (math_functions.hpp): int, unsigned int, long long, unsigned long long, and the mixed
// signed/unsigned pairs, which compare as unsigned, C++'s usual conversion (CUDA's own mixed overloads do the same);
// float and double go to fminf/fmin's PTX rules above. Also the named forms umin .. ullmax. In the global namespace, as
// CUDA's are, so `std::min` is untouched.
#define FX_MINMAX(T) static inline T min(T a, T b) { return a < b ? a : b; } static inline T max(T a, T b) { return a < b ? b : a; }
#ifdef FX_SABOTAGE_MIN_UNSIGNED
static inline int min(int a, int b) { return (unsigned)a < (unsigned)b ? a : b; }
static inline int max(int a, int b) { return a < b ? b : a; }
#else
FX_MINMAX(int)
#endif
FX_MINMAX(unsigned int) FX_MINMAX(long) FX_MINMAX(unsigned long) FX_MINMAX(long long) FX_MINMAX(unsigned long long)
#undef FX_MINMAX
#define FX_MINMAX_MIXED(S, U) \
    static inline U min(S a, U b) { return min((U)a, b); } static inline U min(U a, S b) { return min(a, (U)b); } \
    static inline U max(S a, U b) { return max((U)a, b); } static inline U max(U a, S b) { return max(a, (U)b); }
FX_MINMAX_MIXED(int, unsigned int) FX_MINMAX_MIXED(long, unsigned long) FX_MINMAX_MIXED(long long, unsigned long long)
#undef FX_MINMAX_MIXED
static inline float min(float a, float b) { return fx_fminf(a, b); }
static inline float max(float a, float b) { return fx_fmaxf(a, b); }
static inline double min(double a, double b) { return fmin(a, b); }
static inline double max(double a, double b) { return fmax(a, b); }
static inline unsigned int umin(unsigned int a, unsigned int b) { return min(a, b); }
static inline unsigned int umax(unsigned int a, unsigned int b) { return max(a, b); }
static inline long long llmin(long long a, long long b) { return min(a, b); }
static inline long long llmax(long long a, long long b) { return max(a, b); }
static inline unsigned long long ullmin(unsigned long long a, unsigned long long b) { return min(a, b); }
static inline unsigned long long ullmax(unsigned long long a, unsigned long long b) { return max(a, b); }
static inline float __fmul_ieee_rn(float a, float b) { return fx_mul_r(a, b, 0); }
static inline float __fadd_ieee_rn(float a, float b) { return fx_add_r(a, b, 0); }

// ---- approximate intrinsics: libm here; on the GPU they err by up to the bound in ferrox_lit.intrinsics.APPROX_INTRINSICS
// glibc's <cmath> already declares __expf, __logf, __sinf, ... (its own names for expf, logf, sinf), exp10f and sincosf:
// they are used as they are; elsewhere they are defined here.
#ifndef __GLIBC__
static inline float __expf(float x) { return std::exp(x); }
static inline float __exp10f(float x) { return std::pow(10.0f, x); }
static inline float __logf(float x) { return std::log(x); }
static inline float __log2f(float x) { return std::log2(x); }
static inline float __log10f(float x) { return std::log10(x); }
static inline float __sinf(float x) { return std::sin(x); }
static inline float __cosf(float x) { return std::cos(x); }
static inline void __sincosf(float x, float* s, float* c) { *s = std::sin(x); *c = std::cos(x); }
static inline float __tanf(float x) { return std::tan(x); }
static inline float __powf(float x, float y) { return std::pow(x, y); }
static inline float exp10f(float x) { return std::pow(10.0f, x); }
static inline void sincosf(float x, float* s, float* c) { *s = std::sin(x); *c = std::cos(x); }
#endif
static inline float __fdividef(float x, float y) { return x / y; }
static inline float rsqrtf(float x) { return (float)(1.0 / std::sqrt((double)x)); }
static inline double rsqrt(double x) { return 1.0 / std::sqrt(x); }
