// MMQ pieces for IQ1_M (FX_MMQ_HALVES: a 3-bit scale per 16 elements; a delta sign per 8, finer than any sum the epilogue
// gets, so the delta is folded into the lanes). The unpack: chunk j -> its four grid slots, each lane 8 (g + delta) =
// 8g +- 1 in {-9, ..., 9}, element order. The epilogue: each half's exact sum times its odd scale, then the float tail
// and an exact x 1/8 that undoes the fold.
static __device__ __forceinline__ void ferrox_mmq_unpack_iq1_m(const unsigned char* __restrict__ wb, int j, int* __restrict__ q) {
    const unsigned int qh = ferrox_vdot_u16(wb + 32 + 2 * j);          // slots 4j .. 4j + 3, nibble l: 3 index bits, delta sign
#pragma unroll
    for (int l = 0; l < 4; l++) {
        const unsigned int n = qh >> (4 * l);
        const unsigned long long g = ferrox_iq1s_grid[wb[4 * j + l] | ((n & 7u) << 8)];   // eight signed bytes in {-1, 0, 1}
        const unsigned int m = (n & 8u) ? 0x01010101u : 0xFFFFFFFFu;   // per byte: minus 8 delta (delta -1/8 when bit 3 is set)
        q[2 * l] = (int)__vsub4(((unsigned int)g << 3) & 0xF8F8F8F8u, m);                  // 8g per byte, then 8g +- 1
        q[2 * l + 1] = (int)__vsub4(((unsigned int)(g >> 32) << 3) & 0xF8F8F8F8u, m);
    }
}
static __device__ __forceinline__ float ferrox_mmq_epi_iq1_m(const unsigned char* __restrict__ wb, int j, float da,
                                                             int dot0, int dot1, int asum0, int asum1) {
    (void)asum0; (void)asum1;  // the deltas are in the lanes
    const unsigned short dbits = (unsigned short)(                     // fp16 d from the scale words' top nibbles (the dequant's)
        (wb[49] >> 4) | (wb[51] & 0xF0) | ((wb[53] >> 4) << 8) | ((wb[55] & 0xF0) << 8));
    const float d = ferrox_vdot_f16(dbits);
    const unsigned int sc = (unsigned int)ferrox_vdot_u16(wb + 48 + 2 * (j / 2)) >> (6 * (j % 2));   // sub-blocks 2j, 2j + 1
    const int t = dot0 * (int)(2 * (sc & 7u) + 1) + dot1 * (int)(2 * ((sc >> 3) & 7u) + 1);   // |t| <= 2 * 16 * 9 * 128 * 15 < 2^20
    return (d * da) * ((float)t * 0.125f);                             // x 1/8: a power of two, exact
}
