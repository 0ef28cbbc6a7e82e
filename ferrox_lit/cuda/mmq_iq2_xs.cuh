// MMQ pieces for IQ2_XS (FX_MMQ_HALVES: a 4-bit scale per 16 elements). The unpack: group j (32 elements) -> 8 words of
// int8 lanes, element order: per eight k, the grid entry named by the 9 low bits of its u16 (magnitudes 8, 25 or 43),
// signed byte-wise by the ksigns mask of its 7 high bits. The epilogue: each half's scale as the odd integer 2 ls + 1 on
// that half's exact sum, the 1/8 folded into d (exact), then two float roundings.
static __device__ __forceinline__ void ferrox_mmq_unpack_iq2_xs(const unsigned char* __restrict__ wb, int j, int* __restrict__ q) {
    const unsigned char* g8 = wb + 2 + 8 * j;                                    // group j: four u16, one per eight
#pragma unroll
    for (int k = 0; k < 4; k++) {
        const unsigned int v = ferrox_vdot_u16(g8 + 2 * k);                     // 9-bit grid index | 7 sign bits << 9
        const unsigned long long g = ferrox_iq2xs_grid[v & 511];                // byte e: magnitude of element 8k + e
        const unsigned int s = ferrox_ksigns_iq2xs[v >> 9];                     // bit e: sign of element 8k + e (parity in bit 7)
#pragma unroll
        for (int h = 0; h < 2; h++) {
            const unsigned int m = (((s >> (4 * h)) & 15u) * 0x00204081u & 0x01010101u) * 0xFFu;   // bit e -> byte e = 0xFF
            q[2 * k + h] = (int)__vsub4((unsigned int)(g >> (32 * h)) ^ m, m);   // (g ^ m) - m: -g where m is 0xFF, g elsewhere
        }
    }
}
static __device__ __forceinline__ float ferrox_mmq_epi_iq2_xs(const unsigned char* __restrict__ wb, int j, float da,
                                                             int dot0, int dot1, int asum0, int asum1) {
    (void)asum0; (void)asum1;  // no min, no delta
    const float d = ferrox_vdot_f16(ferrox_vdot_u16(wb));
    const int sc = wb[66 + j];                                                    // low nibble: elements 0..15, high: 16..31
    const int sumi = dot0 * (2 * (sc & 15) + 1) + dot1 * (2 * (sc >> 4) + 1);   // d (0.5 + ls) / 4 = d / 8 (2 ls + 1); < 2^23
    return ((d * 0.125f) * da) * (float)sumi;
}
