// MMQ pieces for IQ4_XS: the unpack (sub-block j -> 8 words of 32 int8 codebook values in element order) and the
// epilogue (ferrox_vdot_iq4_xs's float tail: the 6-bit sub-block scale applied to the integer sum, then d * da).
static __device__ __forceinline__ void ferrox_mmq_unpack_iq4_xs(const unsigned char* __restrict__ wb, int j, int* __restrict__ q) {
    const unsigned char* qs = wb + 8 + 16 * j;          // chunk j: 16 bytes, low nibbles elements 0..15, high 16..31
#pragma unroll
    for (int i = 0; i < 4; i++) {
        const unsigned int v = (unsigned int)ferrox_vdot_i32(qs + 4 * i);
        q[i] = ferrox_vdot_lut4(ferrox_kvalues_iq4nl_i8, v);
        q[4 + i] = ferrox_vdot_lut4(ferrox_kvalues_iq4nl_i8, v >> 4);
    }
}
static __device__ __forceinline__ float ferrox_mmq_epi_iq4_xs(const unsigned char* __restrict__ wb, int j, float da, int sumi, int asum) {
    (void)asum;  // no min
    const float d = ferrox_vdot_f16(ferrox_vdot_u16(wb));
    const unsigned int scales_h = ferrox_vdot_u16(wb + 2);
    const int ls = (int)(((wb[4 + j / 2] >> (4 * (j & 1))) & 0xF) | (((scales_h >> (2 * j)) & 3u) << 4));   // 6-bit scale
    return (d * da) * (float)(sumi * (ls - 32));        // |sumi * (ls - 32)| < 2^24: exact, as in ferrox_vdot_iq4_xs
}
