// MMQ pieces for IQ3_XXS (a 4-bit scale per 32 elements: five-parameter epilogue). The unpack: group j -> 8 words, word
// 2k + h = the grid entry of index byte qs[2k + h] (four magnitudes 4..62, element order), each lane negated where its
// sign bit (ksigns of the eight's 7-bit field) is set: int8 lanes in [-62, 62]. The epilogue: d (2 ls + 1) / 4 on the
// exact integer sum, the odd factor kept in the integer and the quarter applied last (a power of two: exact).
static __device__ __forceinline__ void ferrox_mmq_unpack_iq3_xxs(const unsigned char* __restrict__ wb, int j, int* __restrict__ q) {
    const unsigned char* qs = wb + 2 + 8 * j;                                 // the group's 8 grid indices
    const unsigned int aux = (unsigned int)ferrox_vdot_i32(wb + 66 + 4 * j);  // 4 sign fields of 7 bits, ls in bits 28..31
#pragma unroll
    for (int k = 0; k < 4; k++) {
        const unsigned int s = ferrox_ksigns_iq2xs[(aux >> (7 * k)) & 127u] * 0x01010101u;   // eight k's 8 signs, every byte
        const unsigned int m0 = __vcmpne4(s & 0x08040201u, 0u);   // 0xFF in byte e where weight e (0..3) is negative
        const unsigned int m1 = __vcmpne4(s & 0x80402010u, 0u);   // weights 4..7
        q[2 * k] = (int)__vsub4(ferrox_iq3xxs_grid[qs[2 * k]] ^ m0, m0);          // (g ^ m) - m: -g where m = 0xFF
        q[2 * k + 1] = (int)__vsub4(ferrox_iq3xxs_grid[qs[2 * k + 1]] ^ m1, m1);
    }
}
static __device__ __forceinline__ float ferrox_mmq_epi_iq3_xxs(const unsigned char* __restrict__ wb, int j, float da, int sumi, int asum) {
    (void)asum;  // no min
    const float d = ferrox_vdot_f16(ferrox_vdot_u16(wb));
    const int ls = wb[66 + 4 * j + 3] >> 4;                   // bits 28..31 of the group's aux32
    return ((d * da) * (float)(sumi * (2 * ls + 1))) * 0.25f;  // |sumi (2 ls + 1)| <= 32 * 62 * 127 * 31 < 2^23: exact
}
