static __device__ __forceinline__ float ferrox_vdot_q4_k(
    const unsigned char* __restrict__ wb, const unsigned char* __restrict__ ab, int j
) {
    const float d = ferrox_vdot_f16(ferrox_vdot_u16(wb));
    const float dmin = ferrox_vdot_f16(ferrox_vdot_u16(wb + 2));
    const float da = ferrox_vdot_f16(ferrox_vdot_u16(ab));
    unsigned char sc, m;
    ferrox_k_scale_min(j, wb + 4, &sc, &m);
    const unsigned char* q = wb + 16 + 32 * (j / 2);   // the 32 bytes of the 64-weight group holding sub-block j
    const int shift = 4 * (j % 2);                      // low nibbles for even j, high for odd
    int dot = 0, asum = 0;
#pragma unroll
    for (int i = 0; i < 8; i++) {
        const int u = ferrox_vdot_a32(ab + 4 + 4 * i);
        dot = __dp4a((ferrox_vdot_i32(q + 4 * i) >> shift) & 0x0F0F0F0F, u, dot);  // codes 0..15
        asum = __dp4a(0x01010101, u, asum);                                        // sum of the activation quants
    }
    const float D = d * (float)sc;       // exact: an fp16 significand (11 bits) times a 6-bit integer
    const float M = dmin * (float)m;     // likewise
    const float A = da * (float)asum;    // |asum| <= 127 * 32: converts exactly; one rounding
    return (D * da) * (float)dot - M * A;   // |dot| <= 15 * 127 * 32 < 2^24: converts exactly
}
