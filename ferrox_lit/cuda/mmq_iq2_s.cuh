// MMQ pieces for IQ2_S (a 4-bit scale per 16 elements: seven-parameter epilogue). The unpack: group j -> 8 words; slot k
// (weights 8k .. 8k + 7) indexes the 1024-entry grid with qs[k] | 2 high bits of qh, and its 8 magnitudes (8, 25, 43:
// element order, low word first) become words 2k, 2k + 1, each lane negated where bit e of sign byte k is set: int8 lanes
// in [-43, 43]. The epilogue: the halves' odd factors 2 s + 1 on the exact integer sums, then d / 8 (a power of two).
static __device__ __forceinline__ void ferrox_mmq_unpack_iq2_s(const unsigned char* __restrict__ wb, int j, int* __restrict__ q) {
    const unsigned char* qs = wb + 2 + 4 * j;        // low 8 index bits of the group's 4 slots
    const unsigned char* signs = wb + 34 + 4 * j;    // byte k: the signs of slot k's 8 weights
    const unsigned int qh = wb[66 + j];              // bits 2k, 2k + 1: the high index bits of slot k
#pragma unroll
    for (int k = 0; k < 4; k++) {
        const unsigned long long g = ferrox_iq2s_grid[qs[k] | (((qh >> (2 * k)) & 3u) << 8)];
        const unsigned int s = signs[k] * 0x01010101u;                // the 8 signs in every byte
        const unsigned int m0 = __vcmpne4(s & 0x08040201u, 0u);       // 0xFF in byte e where weight 8k + e is negative
        const unsigned int m1 = __vcmpne4(s & 0x80402010u, 0u);       // weights 8k + 4 .. 8k + 7
        q[2 * k] = (int)__vsub4((unsigned int)g ^ m0, m0);            // (g ^ m) - m: -g where m = 0xFF
        q[2 * k + 1] = (int)__vsub4((unsigned int)(g >> 32) ^ m1, m1);
    }
}
static __device__ __forceinline__ float ferrox_mmq_epi_iq2_s(const unsigned char* __restrict__ wb, int j, float da,
                                                             int dot0, int dot1, int asum0, int asum1) {
    (void)asum0; (void)asum1;  // no min
    const float d = ferrox_vdot_f16(ferrox_vdot_u16(wb));
    const int sc = wb[74 + j];                                  // low nibble: half 0's s, high nibble: half 1's
    const int sumi = dot0 * (2 * (sc & 0xF) + 1) + dot1 * (2 * (sc >> 4) + 1);   // |sumi| <= 2 * 16 * 43 * 127 * 31 < 2^23
    return ((d * da) * (float)sumi) * 0.125f;                  // d (0.5 + s) 0.25 = d (2 s + 1) / 8
}
