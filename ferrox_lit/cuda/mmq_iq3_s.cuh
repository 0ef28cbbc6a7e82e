// MMQ pieces for IQ3_S (a 4-bit scale per 32 elements: five-parameter epilogue). The unpack: group j -> 8 words, word l
// = the grid entry of slot l (index qs[l] | 9th bit l of qh: four odd magnitudes 1..15, element order), each lane negated
// where its stored sign bit is set (sign byte l / 2: bits 0..3 for even slots, 4..7 for odd): int8 lanes in [-15, 15].
// The epilogue: the odd scale d (1 + 2 s) on the exact integer sum, the odd factor kept in the integer.
static __device__ __forceinline__ void ferrox_mmq_unpack_iq3_s(const unsigned char* __restrict__ wb, int j, int* __restrict__ q) {
    const unsigned char* qs = wb + 2 + 8 * j;        // low 8 index bits of the group's 8 slots
    const unsigned int qh = wb[66 + j];              // bit l: the 9th index bit of slot l
    const unsigned char* signs = wb + 74 + 4 * j;    // byte k: the signs of weights 8k .. 8k + 7
#pragma unroll
    for (int k = 0; k < 4; k++) {
        const unsigned int s = signs[k] * 0x01010101u;                // the 8 signs in every byte
        const unsigned int m0 = __vcmpne4(s & 0x08040201u, 0u);       // 0xFF in byte e where weight 8k + e is negative
        const unsigned int m1 = __vcmpne4(s & 0x80402010u, 0u);       // weights 8k + 4 .. 8k + 7
        const unsigned int g0 = ferrox_iq3s_grid[qs[2 * k] | (((qh >> (2 * k)) & 1u) << 8)];
        const unsigned int g1 = ferrox_iq3s_grid[qs[2 * k + 1] | (((qh >> (2 * k + 1)) & 1u) << 8)];
        q[2 * k] = (int)__vsub4(g0 ^ m0, m0);                         // (g ^ m) - m: -g where m = 0xFF
        q[2 * k + 1] = (int)__vsub4(g1 ^ m1, m1);
    }
}
static __device__ __forceinline__ float ferrox_mmq_epi_iq3_s(const unsigned char* __restrict__ wb, int j, float da, int sumi, int asum) {
    (void)asum;  // no min
    const float d = ferrox_vdot_f16(ferrox_vdot_u16(wb));
    const int s = (wb[106 + j / 2] >> (4 * (j & 1))) & 0xF;   // group j's nibble, low first
    return (d * da) * (float)(sumi * (1 + 2 * s));              // |sumi (1 + 2 s)| <= 32 * 15 * 127 * 31 < 2^21: exact
}
