// MMQ pieces for IQ1_S (one scale and one delta sign per 32 elements: the chunk's totals). The unpack: group j -> its four
// grid slots, each a 64-bit entry of eight signed bytes in {-1, 0, 1}, element order, copied out as two words: the grid
// lanes are int8 already. The epilogue: the delta (+-1/8 of the group's scale) meets the activation quants' sum, so
// 8 x (sum(g qa) +- sum(qa) / 8) is one exact integer; times the odd scale, then the float tail and an exact x 1/8.
static __device__ __forceinline__ void ferrox_mmq_unpack_iq1_s(const unsigned char* __restrict__ wb, int j, int* __restrict__ q) {
    const unsigned int qh = ferrox_vdot_u16(wb + 34 + 2 * j);          // group j: index high bits, scale, delta sign
#pragma unroll
    for (int l = 0; l < 4; l++) {
        const unsigned int idx = wb[2 + 4 * j + l] | (((qh >> (3 * l)) & 7u) << 8);   // slot 4j + l: 11 bits
        const unsigned long long g = ferrox_iq1s_grid[idx];
        q[2 * l] = (int)(unsigned int)g;                                // elements 8l .. 8l + 3
        q[2 * l + 1] = (int)(unsigned int)(g >> 32);                    // elements 8l + 4 .. 8l + 7
    }
}
static __device__ __forceinline__ float ferrox_mmq_epi_iq1_s(const unsigned char* __restrict__ wb, int j, float da, int sumi, int asum) {
    const unsigned int qh = ferrox_vdot_u16(wb + 34 + 2 * j);
    const float d = ferrox_vdot_f16(ferrox_vdot_u16(wb));
    const int sum8 = 8 * sumi + ((qh & 0x8000u) ? -asum : asum);     // 8 sum((g +- 1/8) qa): |.| <= 9 * 32 * 128
    const int t = sum8 * (int)(2 * ((qh >> 12) & 7u) + 1);           // x the odd scale 1..15: |t| < 2^20, exact as a float
    return (d * da) * ((float)t * 0.125f);                            // x 1/8: a power of two, exact
}
