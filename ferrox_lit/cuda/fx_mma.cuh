// ferrox_lit fx_mma.cuh: the warp-level matrix instructions the int8 GEMM uses, for the CPU runtime.
//
// ferrox_lit.device rewrites the inline-PTX statements
//     mma.sync.aligned.{m16n8k32,m16n8k16,m8n8k16}.row.col.s32.{s8,u8}.{s8,u8}.s32
//     ldmatrix.sync.aligned.m8n8.{x1,x2,x4}{.trans}.b16   (generic address, "l" operand)
// into calls of the functions below, with the same operands and the asm statement's file and line.
// Each lane computes its own registers: it fetches the registers it needs from the lanes that own
// them with __shfl_sync over the full warp (mask 0xffffffff), exactly as the PTX ISA distributes the
// fragments (section "Matrix Fragments for mma.m16n8k32" and neighbours; ldmatrix, Figure "ldmatrix
// fragment layout"). Because they are the runtime's own shuffles, a partial warp, an exited lane or
// lanes calling different mma statements are the runtime's named warp errors, reported at the asm's
// line. Integer accumulation is exact, then wraps modulo 2^32 (no .satfinite: the CUDA guide says an
// overflowing integer accumulation wraps); the sums are done in uint32_t so wrapping is defined in C++.
#pragma once
#include <cstdint>
#include <cstring>
#include <type_traits>

// ---- register operands ----
// "r": a 32-bit register. An integer operand converts (as nvcc does for a narrower integer); any other
// 4-byte type (float, half2) moves its bits.
template <class T> static inline uint32_t fx_r32(const T& v) {
    if constexpr (std::is_integral<T>::value || std::is_enum<T>::value) return (uint32_t)v;
    else {
        static_assert(sizeof(T) == 4, "an \"r\" asm operand is a 32-bit register");
        uint32_t b; std::memcpy(&b, &v, 4); return b;
    }
}
// "=r" / "+r": the register's 32 bits are stored into the 4-byte lvalue.
template <class T> static inline void fx_set_r32(T& d, uint32_t v) {
    static_assert(sizeof(T) == 4, "an \"=r\" or \"+r\" asm operand is a 32-bit register");
    std::memcpy(&d, &v, 4);
}
// "l": a 64-bit register (an address, for ldmatrix's generic form).
template <class T> static inline uint64_t fx_l64(const T& v) {
    if constexpr (std::is_pointer<T>::value) return (uint64_t)(uintptr_t)v;
    else if constexpr (std::is_integral<T>::value) return (uint64_t)v;
    else {
        static_assert(sizeof(T) == 8, "an \"l\" asm operand is a 64-bit register");
        uint64_t b; std::memcpy(&b, &v, 8); return b;
    }
}

// ---- the PTX ISA's fragment layouts (g = laneid >> 2, t = laneid % 4), for int8 A/B and s32 C/D ----
// One formula per operand covers m16n8k32, m16n8k16 and m8n8k16 (a shape uses only its own i range):
//   A element i (byte i % 4 of register i / 4): row g + 8 * ((i >> 2) & 1), col 4t + (i & 3) + 16 * (i >> 3)
//   B element i:                                row (k) 4t + (i & 3) + 16 * (i >> 2), col g
//   C/D element i (register i):                 row g + 8 * (i >> 1), col 2t + (i & 1)
static inline int fx_mma_a_row(int lane, int i) { return (lane >> 2) + 8 * ((i >> 2) & 1); }
static inline int fx_mma_a_col(int lane, int i) { return 4 * (lane & 3) + (i & 3) + 16 * (i >> 3); }
static inline int fx_mma_b_row(int lane, int i) { return 4 * (lane & 3) + (i & 3) + 16 * (i >> 2); }
static inline int fx_mma_b_col(int lane, int) { return lane >> 2; }
static inline int fx_mma_c_row(int lane, int i) { return (lane >> 2) + 8 * (i >> 1); }
static inline int fx_mma_c_col(int lane, int i) { return 2 * (lane & 3) + (i & 1); }

// The rewritten statement asserts the architecture the instruction needs (ptxas: m8n8k16 and ldmatrix need sm_75,
// m16n8k16 and m16n8k32 with .s8/.u8 need sm_80), dependent on the statement's operand type so that only code the
// preprocessor kept and the compiler instantiates is checked, as ptxas checks only the PTX it is given.
template <class T> constexpr bool fx_sm(int need) { return __CUDA_ARCH__ >= need; }

static inline int fx_lane() {   // %laneid: the runtime numbers a block's threads x-fastest, 32 to a warp
    return (int)((threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z)) & 31u);
}
static inline int fx_s8_or_u8(uint32_t reg, int byte, bool is_signed) {
    uint8_t v = (uint8_t)(reg >> (8 * byte));
    return is_signed ? (int)(int8_t)v : (int)v;
}

// D = A (M x K) * B (K x 8) + C, s32, for one lane: a[] NA = M*K/128 registers, b[] NB = K/16, c[]/d[] NC = M/4.
template <int M, int K, bool A_SIGNED, bool B_SIGNED>
static inline void fx_mma_s32(uint32_t* d, const uint32_t* a, const uint32_t* b, const uint32_t* c, const char* f, int l) {
    static_assert((M == 16 && (K == 32 || K == 16)) || (M == 8 && K == 16), "shapes: m16n8k32, m16n8k16, m8n8k16");
    constexpr int NA = M * K / 128, NB = K / 16, NC = M / 4;
    const unsigned full = 0xffffffffu;
    const int lane = fx_lane(), g = lane >> 2, t = lane & 3;
    int arow[2][K], bcol[2][K];   // rows g, g + 8 of A; columns 2t, 2t + 1 of B
    // A: every register of the four lanes of this lane's group (they hold rows g and g + 8), two per shuffle
    for (int u = 0; u < 4; u++) {
        const int src = 4 * g + u;
        for (int j = 0; j < NA; j += 2) {
            uint32_t r[2];
            if (j + 1 < NA) {
                uint64_t v = __shfl_sync(full, (uint64_t)a[j] | (uint64_t)a[j + 1] << 32, src, 32, f, l);
                r[0] = (uint32_t)v; r[1] = (uint32_t)(v >> 32);
            } else r[0] = __shfl_sync(full, a[j], src, 32, f, l);
            for (int jj = j; jj < j + 2 && jj < NA; jj++)
                for (int byte = 0; byte < 4; byte++) {
                    const int i = 4 * jj + byte;
                    arow[(fx_mma_a_row(src, i) - g) >> 3][fx_mma_a_col(src, i)] = fx_s8_or_u8(r[jj - j], byte, A_SIGNED);
                }
        }
    }
    // B: every register of the lanes holding columns 2t and 2t + 1 (groups 2t, 2t + 1)
    for (int cc = 0; cc < 2; cc++)
        for (int u = 0; u < 4; u++) {
            const int src = 4 * (2 * t + cc) + u;
            uint32_t r[2];
            if (NB == 2) {
                uint64_t v = __shfl_sync(full, (uint64_t)b[0] | (uint64_t)b[NB - 1] << 32, src, 32, f, l);
                r[0] = (uint32_t)v; r[1] = (uint32_t)(v >> 32);
            } else r[0] = __shfl_sync(full, b[0], src, 32, f, l);
            for (int j = 0; j < NB; j++)
                for (int byte = 0; byte < 4; byte++) {
                    const int i = 4 * j + byte;
                    bcol[fx_mma_b_col(src, i) - 2 * t][fx_mma_b_row(src, i)] = fx_s8_or_u8(r[j], byte, B_SIGNED);
                }
        }
    for (int i = 0; i < NC; i++) {
        const int* ar = arow[(fx_mma_c_row(lane, i) - g) >> 3];
        const int* bc = bcol[fx_mma_c_col(lane, i) - 2 * t];
        int32_t dot = 0;   // |dot| <= 32 * 255 * 255 < 2^31: exact
        for (int k = 0; k < K; k++) dot += ar[k] * bc[k];
        d[i] = c[i] + (uint32_t)dot;   // the accumulation wraps modulo 2^32
    }
}

// The entry points the rewritten asm calls: outputs by reference (any 4-byte lvalue), inputs as registers.
template <int M, int K, bool AS, bool BS, class D0, class D1, class D2, class D3>
static inline void fx_mma_4(D0& d0, D1& d1, D2& d2, D3& d3, const uint32_t (&a)[M * K / 128], const uint32_t (&b)[K / 16],
                            uint32_t c0, uint32_t c1, uint32_t c2, uint32_t c3, const char* f, int l) {
    const uint32_t c[4] = {c0, c1, c2, c3}; uint32_t d[4];
    fx_mma_s32<M, K, AS, BS>(d, a, b, c, f, l);
    fx_set_r32(d0, d[0]); fx_set_r32(d1, d[1]); fx_set_r32(d2, d[2]); fx_set_r32(d3, d[3]);
}
template <bool AS, bool BS, class D0, class D1>
static inline void fx_mma_m8n8k16(D0& d0, D1& d1, uint32_t a0, uint32_t b0, uint32_t c0, uint32_t c1, const char* f, int l) {
    const uint32_t a[1] = {a0}, b[1] = {b0}, c[2] = {c0, c1}; uint32_t d[2];
    fx_mma_s32<8, 16, AS, BS>(d, a, b, c, f, l);
    fx_set_r32(d0, d[0]); fx_set_r32(d1, d[1]);
}

// ---- ldmatrix.sync.aligned.m8n8.{x1,x2,x4}{.trans}.b16 ----
// Lanes 8m .. 8m + 7 give the row addresses of matrix m (16 bytes each, 16-byte aligned, in shared memory).
// Without .trans lane L receives, of matrix m, row L / 4, 16-bit columns 2(L % 4) and 2(L % 4) + 1 (low half first);
// with .trans the transpose: rows 2(L % 4) and 2(L % 4) + 1 of column L / 4.
extern "C" size_t fx_dyn_shared_bytes;
extern "C" char __start_fx_shared[] __attribute__((weak));
extern "C" char __stop_fx_shared[] __attribute__((weak));
static inline bool fx_in_shared(uint64_t p, size_t n) {
    const char* q = (const char*)(uintptr_t)p;
    if (__start_fx_shared && q >= __start_fx_shared && q + n <= __stop_fx_shared) return true;
    const char* dyn = fx_dyn_shared();
    return q >= dyn && q + n <= dyn + fx_dyn_shared_bytes;
}
template <int NUM, bool TRANS>
static inline void fx_ldmatrix_b16(uint32_t* r, uint64_t addr, const char* f, int l) {
    static_assert(NUM == 1 || NUM == 2 || NUM == 4, "ldmatrix .num: x1, x2 or x4");
    const unsigned full = 0xffffffffu;
    const int lane = fx_lane(), g = lane >> 2, t = lane & 3;
    if (lane < 8 * NUM) {   // the lanes whose addresses the instruction uses check them
        if (addr & 15) __assert_fail("ldmatrix: a row address is not 16-byte aligned", f, (unsigned)l, "ldmatrix");
        if (!fx_in_shared(addr, 16)) __assert_fail("ldmatrix: a row address is not in shared memory", f, (unsigned)l, "ldmatrix");
    }
    for (int m = 0; m < NUM; m++) {
        if (!TRANS) {
            const uint64_t row = __shfl_sync(full, addr, 8 * m + g, 32, f, l);
            uint32_t v; std::memcpy(&v, (const char*)(uintptr_t)row + 4 * t, 4);
            r[m] = v;
        } else {
            const uint64_t lo = __shfl_sync(full, addr, 8 * m + 2 * t, 32, f, l);
            const uint64_t hi = __shfl_sync(full, addr, 8 * m + 2 * t + 1, 32, f, l);
            uint16_t a, b;
            std::memcpy(&a, (const char*)(uintptr_t)lo + 2 * g, 2);
            std::memcpy(&b, (const char*)(uintptr_t)hi + 2 * g, 2);
            r[m] = (uint32_t)a | (uint32_t)b << 16;
        }
    }
}
template <int NUM, bool TRANS, class... R>
static inline void fx_ldmatrix(uint64_t addr, const char* f, int l, R&... out) {
    static_assert(sizeof...(R) == NUM, "ldmatrix: one destination register per matrix");
    uint32_t r[NUM];
    fx_ldmatrix_b16<NUM, TRANS>(r, addr, f, l);
    int i = 0;
    (fx_set_r32(out, r[i++]), ...);
}
