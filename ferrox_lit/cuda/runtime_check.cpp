// ferrox_lit: checks the CPU runtime's cuda_fp16.h / cuda_bf16.h / cuda_fp8.h against a reference written here with
// integers only (exact values as sig * 2^x in 128 bits, rounded once). Prints: check <name> <checked> <mismatches> <seconds>
#include "host_shim.h"
#include "cuda_runtime.h"
#include "cuda_fp8.h"
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>
typedef unsigned __int128 u128;
typedef __int128 i128;

// Round (neg ? -1 : 1) * mag * 2^x to a binary format with E exponent and M fraction bits; mode 0 rn, 1 rz, 2 rd, 3 ru.
static uint32_t ref_round(int neg, u128 mag, int x, int E, int M, int mode) {
    const uint32_t sbit = (uint32_t)neg << (E + M), inf = ((1u << E) - 1) << M, maxf = inf - 1;
    if (mag == 0) return sbit;
    const uint64_t hi = (uint64_t)(mag >> 64);
    const int msb = hi ? 127 - __builtin_clzll(hi) : 63 - __builtin_clzll((uint64_t)mag);
    const int bias = (1 << (E - 1)) - 1, emin = 1 - bias, e = msb + x;
    int q = (e > emin ? e : emin) - M;                 // exponent of the result's last place
    const int shift = q - x;
    u128 kept; bool up = false;
    if (shift <= 0) kept = mag << -shift;
    else {
        u128 rem, halfway;
        if (shift >= 128) { kept = 0; rem = mag; halfway = ~(u128)0; }
        else { kept = mag >> shift; rem = mag & ((((u128)1) << shift) - 1); halfway = ((u128)1) << (shift - 1); }
        if (mode == 0) up = rem > halfway || (rem == halfway && (kept & 1));
        else if (mode == 2) up = rem != 0 && neg;
        else if (mode == 3) up = rem != 0 && !neg;
    }
    kept += up;
    const bool overflow_inf = mode == 0 || (mode == 3 && !neg) || (mode == 2 && neg);
    if (e < emin) return sbit | (uint32_t)kept;        // subnormal; kept == 2^M encodes the smallest normal
    if (kept == ((u128)2 << M)) { kept >>= 1; ++q; }
    const long long ef = (long long)q + M + bias;
    if (ef >= (1 << E) - 1 || kept >= ((u128)2 << M)) return sbit | (overflow_inf ? inf : maxf);
    return sbit | (uint32_t)(ef << M) | (uint32_t)(kept - ((u128)1 << M));
}
struct Val { int neg, nan, inf; u128 sig; int x; };
static Val dec_float(uint32_t u) {
    Val v{(int)(u >> 31), 0, 0, 0, 0}; uint32_t ef = (u >> 23) & 0xff, m = u & 0x7fffff;
    if (ef == 0xff) { v.nan = m != 0; v.inf = m == 0; return v; }
    v.sig = ef ? (m | 0x800000u) : m; v.x = ef ? (int)ef - 150 : -149; return v;
}
static Val dec_half(uint32_t h) {
    Val v{(int)((h >> 15) & 1), 0, 0, 0, 0}; uint32_t ef = (h >> 10) & 0x1f, m = h & 0x3ff;
    if (ef == 0x1f) { v.nan = m != 0; v.inf = m == 0; return v; }
    v.sig = ef ? (m | 0x400u) : m; v.x = ef ? (int)ef - 25 : -24; return v;
}
static i128 fixed(const Val& v, int scale) { i128 m = (i128)(v.sig << (v.x - scale)); return v.neg ? -m : m; }  // v * 2^-scale
static bool h_isnan(uint32_t h) { return (h & 0x7fff) > 0x7c00; }
static bool f_isnan(uint32_t u) { return (u & 0x7fffffff) > 0x7f800000; }
static uint32_t fbits(float f) { uint32_t u; std::memcpy(&u, &f, 4); return u; }
static float bitsf(uint32_t u) { float f; std::memcpy(&f, &u, 4); return f; }
static __half H(uint32_t b) { return __ushort_as_half((unsigned short)b); }
static uint32_t B(__half h) { return __half_as_ushort(h); }
// a result agrees with a reference: NaN-ness only when the reference is NaN, every bit otherwise
static bool agree16(uint32_t got, uint32_t ref, bool refnan, uint32_t nanmask) { return refnan ? (got & 0x7fff) > nanmask : got == ref; }

static uint32_t ref_f2h(uint32_t u, int mode) {
    Val v = dec_float(u);
    if (v.inf) return (v.neg << 15) | 0x7c00;
    return ref_round(v.neg, v.sig, v.x, 5, 10, mode);
}
static uint32_t ref_f2bf(uint32_t u) {
    Val v = dec_float(u);
    if (v.inf) return (v.neg << 15) | 0x7f80;
    return ref_round(v.neg, v.sig, v.x, 8, 7, 0);
}
static uint32_t ref_signed(i128 s, int scale, int zero_neg) {   // s * 2^-scale rounded to half (rn)
    if (s == 0) return zero_neg ? 0x8000 : 0;
    return ref_round(s < 0, (u128)(s < 0 ? -s : s), -scale, 5, 10, 0);
}
static uint32_t ref_from_double(double d) {          // for non-finite operands: infinities and NaNs
    if (std::isnan(d)) return 0x7fff;
    return (std::signbit(d) ? 0x8000 : 0) | 0x7c00;
}
static double hd(uint32_t h) { return (double)fx_h2f_bits((unsigned short)h); }
static const uint32_t EDGES[] = {0x0000, 0x8000, 0x0001, 0x8001, 0x0002, 0x0200, 0x03ff, 0x83ff, 0x0400, 0x8400, 0x0401, 0x1400, 0x3555,
                                 0x3bff, 0x3c00, 0xbc00, 0x3c01, 0x4000, 0xc000, 0x5bff, 0x6400, 0x77ff, 0x7bfe, 0x7bff, 0xfbff,
                                 0x7c00, 0xfc00, 0x7c01, 0x7e00, 0xfe00};
static const int NE = sizeof(EDGES) / sizeof(EDGES[0]);

struct Count { const char* name; unsigned long long n = 0, bad = 0; };
static double now() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }
static void report(const Count& c, double t0) { std::printf("check %s %llu %llu %.3f\n", c.name, c.n, c.bad, now() - t0); }

// every float bit pattern i*stride (stride 1: all 2^32), plus, when strided, each half's midpoints with its neighbours +-1 ulp
static std::vector<uint32_t> f2h_edges() {
    std::vector<uint32_t> out;
    for (uint32_t h = 0; h < 0x7c00; ++h) {
        double lo = hd(h), hi = h == 0x7bff ? 65536.0 : hd(h + 1);
        uint32_t mid = fbits((float)((lo + hi) / 2));
        for (uint32_t s : {0u, 0x80000000u}) for (int d = -1; d <= 1; ++d) out.push_back((mid + d) ^ s);
    }
    return out;
}
static void sweep_f2h(uint64_t stride) {
    Count c[5] = {{"float2half_rn"}, {"float2half_rz"}, {"float2half_rd"}, {"float2half_ru"}, {"float2half"}};
    double t0 = now();
    auto one = [&](uint32_t u) {
        float f = bitsf(u); bool nan = f_isnan(u);
        uint32_t got[5] = {B(__float2half_rn(f)), B(__float2half_rz(f)), B(__float2half_rd(f)), B(__float2half_ru(f)), B(__float2half(f))};
        for (int m = 0; m < 5; ++m) {
            uint32_t ref = nan ? 0 : ref_f2h(u, m == 4 ? 0 : m);
            c[m].n++; c[m].bad += !agree16(got[m], ref, nan, 0x7c00);
        }
    };
    for (uint64_t i = 0; i < (1ull << 32); i += stride) one((uint32_t)i);
    if (stride > 1) for (uint32_t u : f2h_edges()) one(u);
    for (auto& x : c) report(x, t0);
}
static void sweep_bf16(uint64_t stride) {
    Count c{"float2bfloat16"}, r{"bfloat162float"}; double t0 = now();
    auto one = [&](uint32_t u) {
        bool nan = f_isnan(u); uint32_t got = __bfloat16_as_ushort(__float2bfloat16(bitsf(u)));
        c.n++; c.bad += !agree16(got, nan ? 0 : ref_f2bf(u), nan, 0x7f80);
    };
    for (uint64_t i = 0; i < (1ull << 32); i += stride) one((uint32_t)i);
    if (stride > 1) for (uint32_t b = 0; b < 0x7f80; ++b) for (uint32_t s : {0u, 0x80000000u}) for (int d = -1; d <= 1; ++d)
        one(((b << 16) | 0x8000u) + d ^ s);        // every bf16's midpoint with its neighbour, +-1 ulp
    for (uint32_t b = 0; b < 65536; ++b) {          // bf16 -> float is exact: the bits move up
        r.n++; r.bad += fbits(__bfloat162float(__nv_bfloat16(__nv_bfloat16_raw{(unsigned short)b}))) != (b << 16);
    }
    report(c, t0); report(r, t0);
}
static void one_pair(uint32_t a, uint32_t b, Count* c) {
    Val va = dec_half(a), vb = dec_half(b); bool special = va.nan || va.inf || vb.nan || vb.inf;
    uint32_t ref[3]; bool nan[3];
    if (special) {
        double x = hd(a), y = hd(b), r[3] = {x + y, x - y, x * y};
        for (int k = 0; k < 3; ++k) { ref[k] = ref_from_double(r[k]); nan[k] = std::isnan(r[k]); }
    } else {
        i128 fa = fixed(va, -24), fb = fixed(vb, -24);
        ref[0] = ref_signed(fa + fb, 24, va.neg && vb.neg); ref[1] = ref_signed(fa - fb, 24, va.neg && !vb.neg);
        i128 p = (i128)(va.sig * vb.sig); if (va.neg != vb.neg) p = -p;
        ref[2] = p == 0 ? (uint32_t)(va.neg != vb.neg) << 15 : ref_round(va.neg != vb.neg, va.sig * vb.sig, va.x + vb.x, 5, 10, 0);
        nan[0] = nan[1] = nan[2] = false;
    }
    __half ha = H(a), hb = H(b);
    uint32_t got[3] = {B(__hadd(ha, hb)), B(__hsub(ha, hb)), B(__hmul(ha, hb))};
    for (int k = 0; k < 3; ++k) { c[k].n++; c[k].bad += !agree16(got[k], ref[k], nan[k], 0x7c00); }
    // comparisons against the exact values (NaN: unordered)
    bool un = va.nan || vb.nan; int cmp = 0;
    if (!un) {
        double x = hd(a), y = hd(b);   // infinities compare as doubles; finite ones as exact integers
        if (va.inf || vb.inf) cmp = (x > y) - (x < y);
        else { i128 fa = fixed(va, -24), fb = fixed(vb, -24); cmp = (fa > fb) - (fa < fb); }
    }
    bool want[8] = {!un && cmp == 0, !un && cmp != 0, !un && cmp < 0, !un && cmp <= 0, !un && cmp > 0, !un && cmp >= 0, va.nan != 0,
                    un || cmp != 0};
    bool have[8] = {__heq(ha, hb), __hne(ha, hb), __hlt(ha, hb), __hle(ha, hb), __hgt(ha, hb), __hge(ha, hb), __hisnan(ha), __hneu(ha, hb)};
    c[3].n++; for (int k = 0; k < 8; ++k) if (want[k] != have[k]) { c[3].bad++; break; }
}
static void sweep_binop(uint64_t stride) {
    Count c[4] = {{"hadd"}, {"hsub"}, {"hmul"}, {"compare"}}; double t0 = now();
    for (uint64_t i = 0; i < (1ull << 32); i += stride) one_pair((uint32_t)(i >> 16), (uint32_t)(i & 0xffff), c);
    if (stride > 1) for (int i = 0; i < NE; ++i) for (int j = 0; j < NE; ++j) one_pair(EDGES[i], EDGES[j], c);
    for (auto& x : c) report(x, t0);
}
// bfloat16 pairs: exact sums at a common scale (an operand more than 40 binades below the other is replaced by a nonzero
// tail 2^-40 of the larger's scale, which rounds the same way), exact products, each rounded once (8-bit exponent, 7 bits).
static Val dec_bf16(uint32_t b) { Val v = dec_float(b << 16); v.sig >>= 16; v.x += 16; return v; }   // 8-bit significand
static uint32_t ref_bf_sum3(int n1, u128 s1, int x1, int n2, u128 s2, int x2) {   // (-1)^n1 s1 2^x1 + (-1)^n2 s2 2^x2, s < 2^16
    if (s1 == 0 && s2 == 0) return (n1 && n2) ? 0x8000 : 0;
    if (s1 == 0 || (s2 != 0 && x2 > x1)) { std::swap(n1, n2); std::swap(s1, s2); std::swap(x1, x2); }   // 1: the larger scale
    const int scale = x1 - 40;                             // 40 guard bits; an operand further down is a nonzero tail
    const long long hv = (long long)((uint64_t)s1 << 40), lv = s2 == 0 ? 0 : x1 - x2 > 40 ? 1 : (long long)((uint64_t)s2 << (x2 - scale));
    const long long s = (n1 ? -hv : hv) + (n2 ? -lv : lv);
    if (s == 0) return 0;
    return ref_round(s < 0, (u128)(s < 0 ? -s : s), scale, 8, 7, 0);
}
static uint32_t ref_bf_sum(const Val& a, const Val& b, int bneg) { return ref_bf_sum3(a.neg, a.sig, a.x, b.neg ^ bneg, b.sig, b.x); }
static void one_bf_pair(uint32_t a, uint32_t b, Count* c) {
    Val va = dec_bf16(a), vb = dec_bf16(b); uint32_t ref[3]; bool nan[3];
    if (va.nan || va.inf || vb.nan || vb.inf) {
        double x = (double)fx_bf2f_bits((unsigned short)a), y = (double)fx_bf2f_bits((unsigned short)b), r[3] = {x + y, x - y, x * y};
        for (int k = 0; k < 3; ++k) { nan[k] = std::isnan(r[k]); ref[k] = nan[k] ? 0x7fff : ((std::signbit(r[k]) ? 0x8000 : 0) | 0x7f80); }
    } else {
        ref[0] = ref_bf_sum(va, vb, 0); ref[1] = ref_bf_sum(va, vb, 1);
        const int pn = va.neg != vb.neg; const u128 p = va.sig * vb.sig;
        ref[2] = p == 0 ? (uint32_t)pn << 15 : ref_round(pn, p, va.x + vb.x, 8, 7, 0);
        nan[0] = nan[1] = nan[2] = false;
    }
    const __nv_bfloat16 ha = __ushort_as_bfloat16((unsigned short)a), hb = __ushort_as_bfloat16((unsigned short)b);
    const uint32_t got[3] = {__bfloat16_as_ushort(__hadd(ha, hb)), __bfloat16_as_ushort(__hsub(ha, hb)), __bfloat16_as_ushort(__hmul(ha, hb))};
    for (int k = 0; k < 3; ++k) { c[k].n++; c[k].bad += nan[k] ? got[k] != 0x7fff : got[k] != ref[k]; }   // NaN: the canonical one
}
static const uint32_t BF_EDGES[] = {0x0000, 0x8000, 0x0001, 0x8001, 0x007f, 0x0080, 0x0081, 0x3f80, 0xbf80, 0x3f81, 0x3fff, 0x4000,
                                    0x7f7f, 0xff7f, 0x7f7e, 0x7f80, 0xff80, 0x7fc0, 0x7f81, 0x0100, 0x4b00, 0x3400, 0x2000};
static void sweep_bf16_binop(uint64_t stride) {
    Count c[3] = {{"bf16_hadd"}, {"bf16_hsub"}, {"bf16_hmul"}}; double t0 = now();
    for (uint64_t i = 0; i < (1ull << 32); i += stride) one_bf_pair((uint32_t)(i >> 16), (uint32_t)(i & 0xffff), c);
    const int ne = sizeof(BF_EDGES) / sizeof(BF_EDGES[0]);
    if (stride > 1) for (int i = 0; i < ne; ++i) for (int j = 0; j < ne; ++j) one_bf_pair(BF_EDGES[i], BF_EDGES[j], c);
    for (auto& x : c) report(x, t0);
}
static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint32_t next16() { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; return (uint32_t)(rng >> 24) & 0xffff; }
static void one_fma(uint32_t a, uint32_t b, uint32_t cc, Count& c) {
    Val va = dec_half(a), vb = dec_half(b), vc = dec_half(cc); uint32_t ref; bool nan = false;
    if (va.nan || va.inf || vb.nan || vb.inf || vc.nan || vc.inf) {
        double r = std::fma(hd(a), hd(b), hd(cc)); ref = ref_from_double(r); nan = std::isnan(r);
    } else {
        i128 p = (i128)(va.sig * vb.sig) << (va.x + vb.x + 48); if (va.neg != vb.neg) p = -p;   // scale 2^-48
        i128 s = p + fixed(vc, -48);
        bool pneg = (va.neg != vb.neg);
        ref = ref_signed(s, 48, p == 0 && pneg && vc.neg);
    }
    c.n++; c.bad += !agree16(B(__hfma(H(a), H(b), H(cc))), ref, nan, 0x7c00);
}
static void sweep_fma(uint64_t n) {
    Count c{"hfma"}; double t0 = now();
    for (uint64_t i = 0; i < n; ++i) {
        uint32_t a = next16(), b = next16(), d = next16();
        if (i & 1) {                                   // odd draws: c's exponent within 3 of a*b's, so the two overlap
            a &= 0xbfff; b &= 0xbfff;
            int f = (int)(a >> 10 & 0xf) + (int)(b >> 10 & 0xf) - 15 + (int)(d >> 10 & 7) - 3;
            f = f < 0 ? 0 : f > 30 ? 30 : f;
            d = (d & 0x83ff) | (uint32_t)f << 10;
        }
        one_fma(a, b, d, c);
    }
    for (int i = 0; i < NE; ++i) for (int j = 0; j < NE; ++j) for (int k = 0; k < NE; ++k) one_fma(EDGES[i], EDGES[j], EDGES[k], c);
    report(c, t0);
}
static __nv_bfloat16 BF(uint32_t b) { return __ushort_as_bfloat16((unsigned short)b); }
static uint32_t BB(__nv_bfloat16 h) { return __bfloat16_as_ushort(h); }
static double bd(uint32_t b) { return (double)fx_bf2f_bits((unsigned short)b); }
// bfloat16 a*b+c, random triples (odd draws: c near a*b so that they overlap), exact in 128-bit integers
static void sweep_bf16_fma(uint64_t n) {
    Count c{"bf16_hfma"}; double t0 = now();
    auto one = [&](uint32_t a, uint32_t b, uint32_t d) {
        Val va = dec_bf16(a), vb = dec_bf16(b), vc = dec_bf16(d); uint32_t ref; bool nan = false;
        if (va.nan || va.inf || vb.nan || vb.inf || vc.nan || vc.inf) {
            double r = std::fma(bd(a), bd(b), bd(d)); nan = std::isnan(r); ref = nan ? 0x7fff : ((std::signbit(r) ? 0x8000 : 0) | 0x7f80);
        } else ref = ref_bf_sum3(va.neg != vb.neg, va.sig * vb.sig, va.x + vb.x, vc.neg, vc.sig, vc.x);
        const uint32_t got = BB(__hfma(BF(a), BF(b), BF(d)));
        c.n++; c.bad += nan ? got != 0x7fff : got != ref;
    };
    for (uint64_t i = 0; i < n; ++i) {
        uint32_t a = next16(), b = next16(), d = next16();
        if (i & 1) {
            a = (a & 0x807f) | (uint32_t)(96 + (a >> 7) % 64) << 7; b = (b & 0x807f) | (uint32_t)(96 + (b >> 7) % 64) << 7;
            int f = (int)(a >> 7 & 0xff) + (int)(b >> 7 & 0xff) - 127 + (int)(d >> 7 & 7) - 3;
            d = (d & 0x807f) | (uint32_t)(f < 1 ? 1 : f > 254 ? 254 : f) << 7;
        }
        one(a, b, d);
    }
    const int ne = sizeof(BF_EDGES) / sizeof(BF_EDGES[0]);
    for (int i = 0; i < ne; ++i) for (int j = 0; j < ne; ++j) for (int k = 0; k < ne; ++k) one(BF_EDGES[i], BF_EDGES[j], BF_EDGES[k]);
    report(c, t0);
}
// the bfloat162 forms, comparisons, masks, operators, packing helpers and directed conversions, on random draws
static void sweep_bf16_forms(uint64_t n) {
    Count c{"bf162_forms_operators"}, k{"float2bfloat16_directed"}; double t0 = now();
    for (uint64_t i = 0; i < n; ++i) {
        const uint32_t ua = next16(), ub = next16(), ud = next16(), ue = next16();
        const __nv_bfloat16 a = BF(ua), b = BF(ub), d = BF(ud), e = BF(ue);
        const __nv_bfloat162 x = make_bfloat162(a, b), y = __halves2bfloat162(d, e);
        auto same = [](__nv_bfloat16 p, __nv_bfloat16 q) { return BB(p) == BB(q); };
        const Val va = dec_bf16(ua), vd = dec_bf16(ud); const bool un = va.nan || vd.nan;
        const double fa = bd(ua), fd = bd(ud);
        bool ok = same(__hadd2(x, y).x, __hadd(a, d)) && same(__hadd2(x, y).y, __hadd(b, e)) && same(__hsub2(x, y).y, __hsub(b, e))
            && same(__hmul2(x, y).x, __hmul(a, d)) && same(__h2div(x, y).y, __hdiv(b, e)) && same(__hfma2(x, y, x).y, __hfma(b, e, b))
            && same(__hmax2(x, y).x, __hmax(a, d)) && same(__hmin2(x, y).y, __hmin(b, e)) && same((x + y).y, __hadd(b, e))
            && same((x * y).x, __hmul(a, d)) && same(a + d, __hadd(a, d)) && same(a - d, __hsub(a, d)) && same(a * d, __hmul(a, d))
            && same(a / d, __hdiv(a, d)) && BB(-a) == (ua ^ 0x8000u) && BB(__habs(a)) == (ua & 0x7fffu) && BB(__habs2(x).y) == (ub & 0x7fffu)
            && __heq(a, d) == (!un && fa == fd) && __hne(a, d) == (!un && fa != fd) && __hneu(a, d) == (un || fa != fd)
            && __hlt(a, d) == (!un && fa < fd) && __hltu(a, d) == (un || fa < fd) && __hge(a, d) == (!un && fa >= fd)
            && (a == d) == __heq(a, d) && (a != d) == __hneu(a, d) && (a < d) == __hlt(a, d)
            && __hlt2_mask(x, y) == ((__hlt(a, d) ? 0xffffu : 0u) | (__hlt(b, e) ? 0xffff0000u : 0u))
            && __hbeq2(x, y) == (__heq(a, d) && __heq(b, e)) && BB(__hgt2(x, y).y) == (__hgt(b, e) ? 0x3f80u : 0u)
            && BB(__hmax_nan(a, d)) == (un ? 0x7fffu : BB(__hmax(a, d)))
            && BB(__low2bfloat16(x)) == ua && BB(__high2bfloat16(x)) == ub && BB(__lows2bfloat162(x, y).y) == ud
            && BB(__highs2bfloat162(x, y).x) == ub && BB(__bfloat162bfloat162(a).y) == ua && BB(__lowhigh2highlow(x).x) == ub
            && fbits(__low2float(x)) == fbits(__bfloat162float(a)) && fbits(__high2float(x)) == fbits(__bfloat162float(b))
            && fbits(__bfloat1622float2(x).y) == fbits(__bfloat162float(b)) && __hisinf(a) == (va.inf ? (va.neg ? -1 : 1) : 0);
        c.n++; c.bad += !ok;
        // a random float through the directed conversions, against the integer reference
        const uint32_t u = (ua << 16) | ue; const Val vf = dec_float(u);
        for (int m = 1; m < 4; ++m) {
            const float f = bitsf(u);
            const uint32_t got = BB(m == 1 ? __float2bfloat16_rz(f) : m == 2 ? __float2bfloat16_rd(f) : __float2bfloat16_ru(f));
            const uint32_t ref = vf.nan ? 0x7fff : vf.inf ? ((vf.neg << 15) | 0x7f80) : ref_round(vf.neg, vf.sig, vf.x, 8, 7, m);
            k.n++; k.bad += got != ref;
        }
    }
    report(c, t0); report(k, t0);
}
// the half2 forms, operators and packing helpers agree with the scalar ops they are defined by
static void sweep_forms(uint64_t n) {
    Count c{"half2_forms_operators"}; double t0 = now();
    for (uint64_t i = 0; i < n; ++i) {
        __half a = H(next16()), b = H(next16()), d = H(next16()), e = H(next16());
        __half2 x = make_half2(a, b), y = __halves2half2(d, e);
        auto same = [](__half p, __half q) { return B(p) == B(q) || (__hisnan(p) && __hisnan(q)); };
        bool ok = same(__hadd2(x, y).x, __hadd(a, d)) && same(__hadd2(x, y).y, __hadd(b, e)) && same(__hsub2(x, y).y, __hsub(b, e))
            && same(__hmul2(x, y).x, __hmul(a, d)) && same(__hfma2(x, y, x).y, __hfma(b, e, b)) && same(__hmax2(x, y).x, __hmax(a, d))
            && same(__hmin2(x, y).y, __hmin(b, e)) && same((x + y).y, __hadd(b, e)) && same((x * y).x, __hmul(a, d))
            && same(a + d, __hadd(a, d)) && same(a - d, __hsub(a, d)) && same(a * d, __hmul(a, d)) && same(-a, __hneg(a))
            && (a < d) == __hlt(a, d) && (a == d) == __heq(a, d) && (a >= d) == __hge(a, d)
            && B(__low2half(x)) == B(a) && B(__high2half(x)) == B(b) && B(__lows2half2(x, y).y) == B(d) && B(__highs2half2(x, y).x) == B(b)
            && B(__half2half2(a).y) == B(a) && fbits(__low2float(x)) == fbits(__half2float(a)) && fbits(__high2float(x)) == fbits(__half2float(b))
            && fbits(__half22float2(x).y) == fbits(__half2float(b))
            && B(__floats2half2_rn(__half2float(a), 1.0f).x) == (__hisnan(a) ? 0x7fffu : B(a))
            && B(__float2half2_rn(0.1f).y) == B(__float2half_rn(0.1f)) && B(__hneg2(x).y) == (B(b) ^ 0x8000u)
            && __hlt2_mask(x, y) == ((__hlt(a, d) ? 0xffffu : 0u) | (__hlt(b, e) ? 0xffff0000u : 0u))
            && __hbeq2(x, y) == (__heq(a, d) && __heq(b, e)) && B(__hge2(x, y).y) == (__hge(b, e) ? 0x3c00u : 0u)
            && __hneu(a, d) == (__hisnan(a) || __hisnan(d) || __half2float(a) != __half2float(d)) && (a != d) == __hneu(a, d)
            && __hltu(a, d) == (__hisnan(a) || __hisnan(d) || __hlt(a, d)) && B(__habs2(x).y) == (B(b) & 0x7fffu)
            && B(__hmax_nan(a, d)) == ((__hisnan(a) || __hisnan(d)) ? 0x7fffu : B(__hmax(a, d)))
            && B(__low2half2(x).y) == B(a) && B(__high2half2(x).x) == B(b) && B(__lowhigh2highlow(x).x) == B(b)
            && __hisinf(a) == ((B(a) & 0x7fffu) == 0x7c00u ? ((B(a) >> 15) ? -1 : 1) : 0)
            && B(__hadd_sat(a, d)) == (__hisnan(__hadd(a, d)) || __half2float(__hadd(a, d)) <= 0 ? 0u
                                       : __half2float(__hadd(a, d)) > 1 ? 0x3c00u : B(__hadd(a, d)));
        c.n++; c.bad += !ok;
    }
    report(c, t0);
}
// ---- fp8 (cuda_fp8.h) ----
// The reference rounds the exact value once with ref_round. E5M2 is IEEE-like: ref_round's format E = 5, M = 2, which
// overflows to infinity. E4M3 is not (no infinity; its top exponent holds numbers up to 448), so it is rounded as the
// format E = 5, M = 3 at 2^-8 of the value: that format's codes up to 0x7E are E4M3's (the same exponent field, and its
// subnormal floor 2^-14 is E4M3's 2^-6 scaled), and anything above overflows.
static uint32_t ref_fp8(const Val& v, bool e4, bool sat) {
    uint32_t mag;
    if (e4) { const uint32_t r = v.inf ? 0x100u : ref_round(0, v.sig, v.x - 8, 5, 3, 0); mag = r > 0x7Eu ? 0x100u : r; }
    else { const uint32_t r = v.inf ? 0x7Cu : ref_round(0, v.sig, v.x, 5, 2, 0); mag = r >= 0x7Cu ? 0x100u : r; }
    if (mag == 0x100u) mag = sat ? (e4 ? 0x7Eu : 0x7Bu) : (e4 ? 0x7Fu : 0x7Cu);
    return ((uint32_t)v.neg << 7) | mag;
}
static const __nv_fp8_interpretation_t FP8K[2] = {__NV_E5M2, __NV_E4M3};
static const __nv_saturation_t FP8S[2] = {__NV_NOSAT, __NV_SATFINITE};
// every float i*stride (and, strided, every fp8 value's midpoints with its neighbours, +-1 ulp), both formats and modes
static void sweep_fp8(uint64_t stride) {
    Count c[4] = {{"float2e5m2_nosat"}, {"float2e5m2_satfinite"}, {"float2e4m3_nosat"}, {"float2e4m3_satfinite"}};
    Count h{"half2fp8"}, b{"bfloat162fp8"}, d{"fp82half"};
    double t0 = now();
    auto one = [&](uint32_t u) {
        const Val v = dec_float(u); const float f = bitsf(u);
        for (int k = 0; k < 2; ++k) for (int s = 0; s < 2; ++s) {
            const uint32_t got = __nv_cvt_float_to_fp8(f, FP8S[s], FP8K[k]);
            c[2 * k + s].n++; c[2 * k + s].bad += got != (v.nan ? 0x7Fu : ref_fp8(v, k, s));
        }
    };
    for (uint64_t i = 0; i < (1ull << 32); i += stride) one((uint32_t)i);
    if (stride > 1) for (int k = 0; k < 2; ++k) for (uint32_t code = 0; code < 0x7F; ++code) {
        const float lo = __half2float(__half(__nv_cvt_fp8_to_halfraw(code, FP8K[k]))), hi = __half2float(__half(__nv_cvt_fp8_to_halfraw(code + 1, FP8K[k])));
        if (!(hi == hi) || !(lo == lo)) continue;
        const uint32_t mid = fbits((float)(((double)lo + (double)hi) / 2));
        for (uint32_t sg : {0u, 0x80000000u}) for (int e = -1; e <= 1; ++e) one((mid + e) ^ sg);
    }
    for (uint32_t x = 0; x < 65536; ++x) for (int k = 0; k < 2; ++k) for (int s = 0; s < 2; ++s) {   // every half and bfloat16
        const Val vh = dec_half(x), vb = dec_float(x << 16);
        h.n++; h.bad += __nv_cvt_halfraw_to_fp8(__half_raw{(unsigned short)x}, FP8S[s], FP8K[k]) != (vh.nan ? 0x7Fu : ref_fp8(vh, k, s));
        b.n++; b.bad += __nv_cvt_bfloat16raw_to_fp8(__nv_bfloat16_raw{(unsigned short)x}, FP8S[s], FP8K[k]) != (vb.nan ? 0x7Fu : ref_fp8(vb, k, s));
    }
    for (uint32_t code = 0; code < 256; ++code) for (int k = 0; k < 2; ++k) {   // every fp8 -> half: exact, NaN canonical
        const uint32_t a = code & 0x7Fu; const int neg = code >> 7; uint32_t ref;
        if (k == 1 ? a == 0x7Fu : a > 0x7Cu) ref = 0x7fffu;
        else if (k == 0 && a == 0x7Cu) ref = ((uint32_t)neg << 15) | 0x7c00u;
        else {
            const int mb = k ? 3 : 2, bias = k ? 7 : 15, ef = (int)(a >> mb), m = (int)(a & ((1u << mb) - 1));
            ref = ref_round(neg, (u128)(ef ? (m | (1 << mb)) : m), (ef ? ef : 1) - bias - mb, 5, 10, 0);   // exact in half
        }
        d.n++; d.bad += __nv_cvt_fp8_to_halfraw((__nv_fp8_storage_t)code, FP8K[k]).x != ref;
    }
    for (auto& x : c) report(x, t0);
    report(h, t0); report(b, t0); report(d, t0);
}
// doubles (random significands over the fp8 range and past it, and the specials), and the pair, quad and C++ forms
// against the scalar conversions they are defined by
static void sweep_fp8_forms(uint64_t n) {
    Count dc{"double2fp8"}, fc{"fp8_forms_types"}; double t0 = now();
    for (uint64_t i = 0; i < n; ++i) {
        const uint64_t r = ((uint64_t)next16() << 48) | ((uint64_t)next16() << 32) | ((uint64_t)next16() << 16) | next16();
        const int e = (int)(next16() % 64) - 40;                       // 2^-40 .. 2^23: subnormal, normal, overflow
        uint64_t bits = (r & 0x800fffffffffffffull) | ((uint64_t)(1023 + e) << 52);
        if (i % 97 == 0) bits = (r & 0x8000000000000000ull) | (i % 3 ? 0x7ff0000000000000ull : 0x7ff8000000000001ull);
        if (i % 89 == 0) bits = r & 0x800fffffffffffffull;             // a double subnormal (or zero)
        double x; std::memcpy(&x, &bits, 8);
        const int neg = (int)(bits >> 63); const uint64_t ab = bits & 0x7fffffffffffffffull;
        Val v{neg, ab > 0x7ff0000000000000ull, ab == 0x7ff0000000000000ull, 0, 0};
        if (!v.nan && !v.inf) { const int ef = (int)(ab >> 52); v.sig = (ab & 0xfffffffffffffull) | (ef ? 1ull << 52 : 0); v.x = (ef ? ef : 1) - 1075; }
        for (int k = 0; k < 2; ++k) for (int s = 0; s < 2; ++s) {
            const uint32_t nan_ref = ((uint32_t)neg << 7) | (k ? 0x7Fu : 0x7Eu | (uint32_t)((ab >> 50) & 3u));   // CUDA's: sign kept
            dc.n++; dc.bad += __nv_cvt_double_to_fp8(x, FP8S[s], FP8K[k]) != (v.nan ? nan_ref : ref_fp8(v, k, s));
        }
        const float a = (float)x, bb = bitsf(((uint32_t)next16() << 16) | next16()), cc = (float)(x * 0.37), dd = (float)-x;
        const __half ha = __float2half(a), hb = __float2half(cc);
        const auto e4 = [](float f) { return __nv_cvt_float_to_fp8(f, __NV_SATFINITE, __NV_E4M3); };
        const auto e5 = [](float f) { return __nv_cvt_float_to_fp8(f, __NV_SATFINITE, __NV_E5M2); };
        const auto hf = [](__nv_fp8_storage_t q, __nv_fp8_interpretation_t k) { return fbits(__half2float(__half(__nv_cvt_fp8_to_halfraw(q, k)))); };
        const __nv_fp8x2_e4m3 p2(float2{a, bb}); const __nv_fp8x4_e5m2 p4(float4{a, bb, cc, dd});
        const float2 f2 = (float2)p2; const float4 f4 = (float4)p4;
        const bool ok = __nv_fp8_e4m3(a).__x == e4(a) && __nv_fp8_e5m2(bb).__x == e5(bb) && __nv_fp8_e4m3(x).__x == __nv_cvt_double_to_fp8(x, __NV_SATFINITE, __NV_E4M3)
            && __nv_fp8_e5m2(ha).__x == __nv_cvt_halfraw_to_fp8(__half_raw(ha), __NV_SATFINITE, __NV_E5M2)
            && p2.__x == (e4(a) | (e4(bb) << 8)) && p4.__x == (e5(a) | (e5(bb) << 8) | ((uint32_t)e5(cc) << 16) | ((uint32_t)e5(dd) << 24))
            && __nv_cvt_float2_to_fp8x2(float2{a, bb}, __NV_NOSAT, __NV_E5M2) == (__nv_cvt_float_to_fp8(a, __NV_NOSAT, __NV_E5M2) | (__nv_cvt_float_to_fp8(bb, __NV_NOSAT, __NV_E5M2) << 8))
            && __nv_fp8x2_e5m2(__half2(ha, hb)).__x == (__nv_cvt_halfraw_to_fp8(__half_raw(ha), __NV_SATFINITE, __NV_E5M2) | (__nv_cvt_halfraw_to_fp8(__half_raw(hb), __NV_SATFINITE, __NV_E5M2) << 8))
            && fbits((float)__nv_fp8_e4m3(a)) == hf(e4(a), __NV_E4M3) && fbits(f2.x) == hf(e4(a), __NV_E4M3) && fbits(f2.y) == hf(e4(bb), __NV_E4M3)
            && fbits(f4.z) == hf(e5(cc), __NV_E5M2) && fbits(f4.w) == hf(e5(dd), __NV_E5M2)
            && (bool)__nv_fp8_e5m2(bb) == ((e5(bb) & 0x7Fu) != 0) && __nv_fp8_e4m3((int)(i % 1000) - 500).__x == e4((float)((int)(i % 1000) - 500));
        fc.n++; fc.bad += !ok;
    }
    report(dc, t0); report(fc, t0);
}
int main(int argc, char** argv) {
    if (argc < 3) { std::fprintf(stderr, "usage: %s h2f|conv|f2h|bf16|binop|bf16binop|bf16fma|forms|fp8|fp8forms ARG [OUT]\n", argv[0]); return 2; }
    std::string what = argv[1];
    if (what == "h2f") {                      // all 65,536 halves -> float bits, for numpy to compare
        FILE* f = std::fopen(argv[2], "wb");
        for (uint32_t h = 0; h < 65536; ++h) { uint32_t u = fbits(__half2float(H(h))); std::fwrite(&u, 4, 1, f); }
        std::fclose(f); return 0;
    }
    if (what == "conv") {                     // float bits from argv[2] -> half bits then bf16 bits to argv[3]
        FILE* f = std::fopen(argv[2], "rb"); std::vector<uint32_t> in; uint32_t u;
        while (std::fread(&u, 4, 1, f) == 1) in.push_back(u);
        std::fclose(f); f = std::fopen(argv[3], "wb");
        for (uint32_t v : in) { unsigned short h = B(__float2half(bitsf(v))); std::fwrite(&h, 2, 1, f); }
        for (uint32_t v : in) { unsigned short h = __bfloat16_as_ushort(__float2bfloat16(bitsf(v))); std::fwrite(&h, 2, 1, f); }
        std::fclose(f); return 0;
    }
    if (what == "fp8conv") {                  // float bits from argv[2] -> 4 fp8 codes each (E5M2 nosat, satfinite; E4M3 the same)
        FILE* f = std::fopen(argv[2], "rb"); std::vector<uint32_t> in; uint32_t u;
        while (std::fread(&u, 4, 1, f) == 1) in.push_back(u);
        std::fclose(f); f = std::fopen(argv[3], "wb");
        for (uint32_t v : in) for (int k = 0; k < 2; ++k) for (int s = 0; s < 2; ++s) {
            const unsigned char q = __nv_cvt_float_to_fp8(bitsf(v), FP8S[s], FP8K[k]); std::fwrite(&q, 1, 1, f);
        }
        std::fclose(f); return 0;
    }
    uint64_t arg = std::strtoull(argv[2], nullptr, 10);
    if (what == "f2h") sweep_f2h(arg);
    else if (what == "bf16") sweep_bf16(arg);
    else if (what == "binop") sweep_binop(arg);
    else if (what == "bf16binop") sweep_bf16_binop(arg);
    else if (what == "bf16fma") sweep_bf16_fma(arg);
    else if (what == "bf16forms") sweep_bf16_forms(arg);
    else if (what == "fma") sweep_fma(arg);
    else if (what == "forms") sweep_forms(arg);
    else if (what == "fp8") sweep_fp8(arg);
    else if (what == "fp8forms") sweep_fp8_forms(arg);
    else { std::fprintf(stderr, "unknown check %s\n", what.c_str()); return 2; }
    return 0;
}
