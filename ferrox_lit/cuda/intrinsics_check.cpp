// ferrox_lit: runs the CPU runtime's intrinsics (device_functions.h, as host_shim.h gives them to kernels) for numpy to
// check, and sweeps float -> integer conversions over every float against a reference written here from the bits.
//   intrinsics_check int|float IN OUT OP...   IN: three uint32 arrays a, b, c of equal length; OUT: each OP's results
//                                             in turn (4 or 8 bytes each); prints "op NAME BYTES" per OP
//   intrinsics_check f2i|f2x STRIDE           every STRIDE-th float through __float2int_* and __saturatef (f2i) or
//                                             __float2uint_* and __float2ll_* (f2x),
//                                             prints: check <name> <checked> <mismatches> <seconds>
#include "host_shim.h"
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>
typedef unsigned long long u64;
typedef long long i64;
static float F(uint32_t u) { return __uint_as_float(u); }
static uint32_t U(float f) { return __float_as_uint(f); }
static u64 J(uint32_t lo, uint32_t hi) { return ((u64)hi << 32) | lo; }
using Op = u64 (*)(uint32_t, uint32_t, uint32_t);   // captureless lambdas
struct Entry { int bytes; Op f; };
static std::map<std::string, Entry> int_ops() {
    std::map<std::string, Entry> m;
#define I4(name, expr) m[name] = Entry{4, [](uint32_t a, uint32_t b, uint32_t c) -> u64 { (void)a; (void)b; (void)c; return (uint32_t)(expr); }};
#define I8(name, expr) m[name] = Entry{8, [](uint32_t a, uint32_t b, uint32_t c) -> u64 { (void)a; (void)b; (void)c; return (u64)(expr); }};
    I4("dp4a", __dp4a((int)a, (int)b, (int)c)) I4("dp4a_u", __dp4a(a, b, c))
    I4("dp4a_char4", __dp4a(make_char4((signed char)a, (signed char)(a >> 8), (signed char)(a >> 16), (signed char)(a >> 24)),
                            make_char4((signed char)b, (signed char)(b >> 8), (signed char)(b >> 16), (signed char)(b >> 24)), (int)c))
    I4("dp2a_lo", __dp2a_lo((int)a, (int)b, (int)c)) I4("dp2a_hi", __dp2a_hi((int)a, (int)b, (int)c))
    I4("dp2a_lo_u", __dp2a_lo(a, b, c)) I4("dp2a_hi_u", __dp2a_hi(a, b, c))
    I4("vadd4", __vadd4(a, b)) I4("vsub4", __vsub4(a, b)) I4("vaddss4", __vaddss4(a, b)) I4("vaddus4", __vaddus4(a, b))
    I4("vsubss4", __vsubss4(a, b)) I4("vsubus4", __vsubus4(a, b)) I4("vabsdiff4", __vabsdiff4(a, b))
    I4("vabsdiffu4", __vabsdiffu4(a, b)) I4("vabsdiffs4", __vabsdiffs4(a, b)) I4("vavgu4", __vavgu4(a, b))
    I4("vmaxs4", __vmaxs4(a, b)) I4("vmaxu4", __vmaxu4(a, b)) I4("vmins4", __vmins4(a, b)) I4("vminu4", __vminu4(a, b))
    I4("vcmpeq4", __vcmpeq4(a, b)) I4("vcmpne4", __vcmpne4(a, b)) I4("vcmpges4", __vcmpges4(a, b)) I4("vcmpgeu4", __vcmpgeu4(a, b))
    I4("vcmpgts4", __vcmpgts4(a, b)) I4("vcmpgtu4", __vcmpgtu4(a, b)) I4("vcmples4", __vcmples4(a, b)) I4("vcmpleu4", __vcmpleu4(a, b))
    I4("vcmplts4", __vcmplts4(a, b)) I4("vcmpltu4", __vcmpltu4(a, b)) I4("vadd2", __vadd2(a, b)) I4("vsub2", __vsub2(a, b))
    I4("byte_perm", __byte_perm(a, b, c))
    I4("funnelshift_l", __funnelshift_l(a, b, c)) I4("funnelshift_lc", __funnelshift_lc(a, b, c))
    I4("funnelshift_r", __funnelshift_r(a, b, c)) I4("funnelshift_rc", __funnelshift_rc(a, b, c))
    I4("popc", __popc(a)) I4("popcll", __popcll(J(a, b))) I4("clz", __clz((int)a)) I4("clzll", __clzll((i64)J(a, b)))
    I4("ffs", __ffs((int)a)) I4("ffsll", __ffsll((i64)J(a, b))) I4("brev", __brev(a)) I8("brevll", __brevll(J(a, b)))
    I4("umulhi", __umulhi(a, b)) I4("mulhi", __mulhi((int)a, (int)b)) I8("umul64hi", __umul64hi(J(a, b), J(b, c)))
    I8("mul64hi", __mul64hi((i64)J(a, b), (i64)J(b, c))) I4("mul24", __mul24((int)a, (int)b)) I4("umul24", __umul24(a, b))
    I4("sad", __sad((int)a, (int)b, c)) I4("usad", __usad(a, b, c))
    I4("warp_lane", a % (unsigned)warpSize + 64u * (a / (unsigned)warpSize))   // warpSize in an expression, as kernels use it
    I4("hadd", __hadd((int)a, (int)b)) I4("rhadd", __rhadd((int)a, (int)b)) I4("uhadd", __uhadd(a, b)) I4("urhadd", __urhadd(a, b))
    I4("min", min((int)a, (int)b)) I4("max", max((int)a, (int)b)) I4("umin", umin(a, b)) I4("umax", umax(a, b))
    I4("min_mixed", min((int)a, b)) I4("max_mixed", max(a, (int)b))   // int with unsigned: compared as unsigned
    I8("llmin", llmin((i64)J(a, b), (i64)J(b, c))) I8("llmax", max((i64)J(a, b), (i64)J(b, c)))
    I8("ullmin", ullmin(J(a, b), J(b, c))) I8("ullmax", max(J(a, b), J(b, c)))
    return m;
}
static std::map<std::string, Entry> float_ops() {
    std::map<std::string, Entry> m;
#define M4(base, call) I4(base "_rn", call##_rn) I4(base "_rz", call##_rz) I4(base "_rd", call##_rd) I4(base "_ru", call##_ru)
#define FM(sfx) I4("fmaf_" #sfx, U(__fmaf_##sfx(F(a), F(b), F(c)))) I4("fadd_" #sfx, U(__fadd_##sfx(F(a), F(b)))) \
    I4("fsub_" #sfx, U(__fsub_##sfx(F(a), F(b)))) I4("fmul_" #sfx, U(__fmul_##sfx(F(a), F(b)))) \
    I4("fdiv_" #sfx, U(__fdiv_##sfx(F(a), F(b)))) I4("frcp_" #sfx, U(__frcp_##sfx(F(a)))) I4("fsqrt_" #sfx, U(__fsqrt_##sfx(F(a)))) \
    I4("float2int_" #sfx, __float2int_##sfx(F(a))) I4("float2uint_" #sfx, __float2uint_##sfx(F(a))) \
    I8("float2ll_" #sfx, __float2ll_##sfx(F(a))) I8("float2ull_" #sfx, __float2ull_##sfx(F(a))) \
    I4("int2float_" #sfx, U(__int2float_##sfx((int)a))) I4("uint2float_" #sfx, U(__uint2float_##sfx(a))) \
    I4("ll2float_" #sfx, U(__ll2float_##sfx((i64)J(a, b)))) I4("ull2float_" #sfx, U(__ull2float_##sfx(J(a, b))))
    FM(rn) FM(rz) FM(rd) FM(ru)
    I4("float_as_uint", __float_as_uint(F(a))) I4("uint_as_float", U(__uint_as_float(a))) I4("float_as_int", (uint32_t)__float_as_int(F(a)))
    I4("int_as_float", U(__int_as_float((int)a))) I8("double_as_longlong", __double_as_longlong(__longlong_as_double((i64)J(a, b))))
    I4("double2hiint", (uint32_t)__double2hiint(__longlong_as_double((i64)J(a, b))))
    I4("double2loint", (uint32_t)__double2loint(__longlong_as_double((i64)J(a, b))))
    I8("hiloint2double", __double_as_longlong(__hiloint2double((int)b, (int)a)))
    I4("frsqrt_rn", U(__frsqrt_rn(F(a)))) I4("saturatef", U(__saturatef(F(a))))
    I4("roundf", U(roundf(F(a)))) I4("rintf", U(rintf(F(a)))) I4("truncf", U(truncf(F(a)))) I4("floorf", U(floorf(F(a))))
    I4("ceilf", U(ceilf(F(a)))) I4("fminf", U(fminf(F(a), F(b)))) I4("fmaxf", U(fmaxf(F(a), F(b))))
    I4("min_float", U(min(F(a), F(b)))) I4("max_float", U(max(F(a), F(b))))   // the float overloads: fminf/fmaxf's rules
    return m;
}
static double now() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }

// float -> integer reference from the bits: value = sig * 2^x; rounded in each mode (0 rn, 1 rz, 2 rd, 3 ru); NaN -> 0
static void ref_round_int(uint32_t u, __int128 out[4]) {
    const int neg = u >> 31, ef = (u >> 23) & 0xff; const uint32_t fr = u & 0x7fffff;
    if (ef == 0xff) {                                       // infinities: far out of range; NaN: 0
        const __int128 v = fr ? 0 : (neg ? -((__int128)1 << 100) : ((__int128)1 << 100));
        for (int m = 0; m < 4; ++m) out[m] = v;
        return;
    }
    const u64 sig = ef ? (fr | 0x800000u) : fr; const int x = ef ? ef - 150 : -149;
    if (x >= 0) { const __int128 mag = x > 70 ? ((__int128)1 << 100) : (__int128)sig << x; for (int m = 0; m < 4; ++m) out[m] = neg ? -mag : mag; return; }
    const int s = -x; const u64 kept = s >= 64 ? 0 : sig >> s, rem = s >= 64 ? sig : sig & ((1ull << s) - 1);
    const u64 half = s >= 64 ? ~0ull : 1ull << (s - 1);   // s >= 64: sig < 2^24 <= half
    const bool up[4] = {rem > half || (rem == half && (kept & 1)), false, rem && neg, rem && !neg};
    for (int m = 0; m < 4; ++m) { const __int128 mag = (__int128)(kept + up[m]); out[m] = neg ? -mag : mag; }
}
static __int128 sat(__int128 v, __int128 lo, __int128 hi) { return v < lo ? lo : v > hi ? hi : v; }
struct Count { std::string name; u64 n = 0, bad = 0; };
static void sweep_f2i(u64 stride, bool wide) {   // wide: the uint and 64-bit forms instead of int and saturatef
    std::vector<Count> c = {{"float2int_rn"}, {"float2int_rz"}, {"float2int_rd"}, {"float2int_ru"}, {"float2uint_rn"}, {"float2uint_rz"},
                            {"float2uint_rd"}, {"float2uint_ru"}, {"float2ll_rn"}, {"float2ll_rz"}, {"float2ll_rd"}, {"float2ll_ru"},
                            {"saturatef"}};
    const double t0 = now();
    const __int128 I32MIN = -((__int128)1 << 31), I32MAX = ((__int128)1 << 31) - 1, U32MAX = ((__int128)1 << 32) - 1;
    const __int128 I64MIN = -((__int128)1 << 63), I64MAX = ((__int128)1 << 63) - 1;
    auto one = [&](uint32_t u) {
        const float f = F(u); const bool nan = (u & 0x7fffffff) > 0x7f800000;
        __int128 r[4]; ref_round_int(u, r);
        if (wide) {
            const u64 gu[4] = {__float2uint_rn(f), __float2uint_rz(f), __float2uint_rd(f), __float2uint_ru(f)};
            const i64 gl[4] = {__float2ll_rn(f), __float2ll_rz(f), __float2ll_rd(f), __float2ll_ru(f)};
            for (int m = 0; m < 4; ++m) {
                c[4 + m].n++; c[4 + m].bad += (__int128)gu[m] != sat(r[m], 0, U32MAX);
                c[8 + m].n++; c[8 + m].bad += (__int128)gl[m] != sat(r[m], I64MIN, I64MAX);
            }
            return;
        }
        const i64 gi[4] = {__float2int_rn(f), __float2int_rz(f), __float2int_rd(f), __float2int_ru(f)};
        for (int m = 0; m < 4; ++m) { c[m].n++; c[m].bad += (__int128)gi[m] != sat(r[m], I32MIN, I32MAX); }
        // __saturatef: +0 for NaN and for everything <= 0 (-0 included), 1 for >= 1, else x itself (bits)
        const uint32_t want = nan || (u >> 31) ? 0u : u >= 0x3f800000u ? 0x3f800000u : u;
        c[12].n++; c[12].bad += U(__saturatef(f)) != want;
    };
    for (u64 i = 0; i < (1ull << 32); i += stride) one((uint32_t)i);
    if (stride > 1) for (int k = -2048; k <= 2048; ++k) for (uint32_t s : {0u, 0x80000000u}) {   // around 0.5 steps and 2^31, 2^32, 2^63
        one(U((float)k * 0.25f) ^ s);
        for (float p : {2147483648.0f, 4294967296.0f, 9223372036854775808.0f}) one((U(p) + k) ^ s);
    }
    for (auto& x : c) if (x.n) std::printf("check %s %llu %llu %.3f\n", x.name.c_str(), x.n, x.bad, now() - t0);
}
int main(int argc, char** argv) {
    if (argc < 3) { std::fprintf(stderr, "usage: %s int|float IN OUT OP... | f2i STRIDE\n", argv[0]); return 2; }
    const std::string what = argv[1];
    if (what == "f2i" || what == "f2x") { sweep_f2i(std::strtoull(argv[2], nullptr, 10), what == "f2x"); return 0; }
    if (what == "list") { for (auto* m : {&int_ops, &float_ops}) for (auto& kv : (*m)()) std::printf("op %s %d\n", kv.first.c_str(), kv.second.bytes); return 0; }
    if (argc < 5 || (what != "int" && what != "float")) { std::fprintf(stderr, "unknown check %s\n", what.c_str()); return 2; }
    const auto ops = what == "int" ? int_ops() : float_ops();
    FILE* f = std::fopen(argv[2], "rb");
    if (!f) { std::fprintf(stderr, "cannot read %s\n", argv[2]); return 2; }
    std::vector<uint32_t> in; uint32_t v;
    while (std::fread(&v, 4, 1, f) == 1) in.push_back(v);
    std::fclose(f);
    const size_t n = in.size() / 3;
    FILE* o = std::fopen(argv[3], "wb");
    std::vector<u64> out8(n); std::vector<uint32_t> out4(n);
    for (int k = 4; k < argc; ++k) {
        auto it = ops.find(argv[k]);
        if (it == ops.end()) { std::fprintf(stderr, "unknown op %s\n", argv[k]); return 2; }
        const Entry& e = it->second;
        if (e.bytes == 8) { for (size_t i = 0; i < n; ++i) out8[i] = e.f(in[i], in[n + i], in[2 * n + i]); std::fwrite(out8.data(), 8, n, o); }
        else { for (size_t i = 0; i < n; ++i) out4[i] = (uint32_t)e.f(in[i], in[n + i], in[2 * n + i]); std::fwrite(out4.data(), 4, n, o); }
        std::printf("op %s %d\n", argv[k], e.bytes);
    }
    std::fclose(o);
    return 0;
}
