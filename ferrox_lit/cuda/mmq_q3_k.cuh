// MMQ pieces for Q3_K (FX_MMQ_HALVES: a 6-bit scale per 16 elements). The unpack: sub-block j -> 8 words of its 32
// codes -4..3 (low 2 bits minus 4 where the hmask bit is clear), element order. The epilogue: ferrox_vdot_q3_k's
// combination of the two halves' sums with their scales, then its float tail. The scale cannot be folded into the int8
// tile: code -4 x scale -32 = 128 is not an int8.
static __device__ __forceinline__ void ferrox_mmq_unpack_q3_k(const unsigned char* __restrict__ wb, int j, int* __restrict__ q) {
    const unsigned char* qs = wb + 32 + 32 * (j / 4);   // low 2 bits: field (j % 4) of these 32 bytes
    const int shift = 2 * (j % 4);
#pragma unroll
    for (int i = 0; i < 8; i++) {
        const int ql = (ferrox_vdot_i32(qs + 4 * i) >> shift) & 0x03030303;
        const int hm = ((~ferrox_vdot_i32(wb + 4 * i) >> j) & 0x01010101) << 2;   // 4 where hmask bit j is clear
        q[i] = (int)__vsub4(ql, hm);                                             // codes -4..3
    }
}
static __device__ __forceinline__ int ferrox_mmq_q3_k_scale(const unsigned char* __restrict__ wb, int is) {
    const unsigned char* s = wb + 96;
    const int lo = is < 8 ? (s[is] & 0xF) : (s[is - 8] >> 4);
    const int hi = (s[8 + is % 4] >> (2 * (is / 4))) & 3;
    return (lo | (hi << 4)) - 32;
}
static __device__ __forceinline__ float ferrox_mmq_epi_q3_k(const unsigned char* __restrict__ wb, int j, float da,
                                                            int dot0, int dot1, int asum0, int asum1) {
    (void)asum0; (void)asum1;  // no min
    const float d = ferrox_vdot_f16(ferrox_vdot_u16(wb + 108));
    const int sumi = dot0 * ferrox_mmq_q3_k_scale(wb, 2 * j) + dot1 * ferrox_mmq_q3_k_scale(wb, 2 * j + 1);   // exact
    return (d * da) * (float)sumi;
}
