static __device__ __forceinline__ float ferrox_vdot_q5_k(
    const unsigned char* __restrict__ wb, const unsigned char* __restrict__ ab, int j
) {
    const float d = ferrox_vdot_f16(ferrox_vdot_u16(wb));
    const float dmin = ferrox_vdot_f16(ferrox_vdot_u16(wb + 2));
    const float da = ferrox_vdot_f16(ferrox_vdot_u16(ab));
    unsigned char sc, m;
    ferrox_k_scale_min(j, wb + 4, &sc, &m);
    const unsigned char* q = wb + 48 + 32 * (j / 2);   // low 4 bits: nibble (j % 2) of these 32 bytes
    const int shift = 4 * (j % 2);
    int dot = 0, asum = 0;
#pragma unroll
    for (int i = 0; i < 8; i++) {
        const int u = ferrox_vdot_a32(ab + 4 + 4 * i);
        const int lo = (ferrox_vdot_i32(q + 4 * i) >> shift) & 0x0F0F0F0F;
        const int hi = ((ferrox_vdot_i32(wb + 16 + 4 * i) >> j) & 0x01010101) << 4;   // fifth bit: bit j of qh[i]
        dot = __dp4a(lo | hi, u, dot);                   // codes 0..31
        asum = __dp4a(0x01010101, u, asum);
    }
    const float D = d * (float)sc;       // exact: an fp16 significand (11 bits) times a 6-bit integer
    const float M = dmin * (float)m;     // likewise
    const float A = da * (float)asum;    // |asum| <= 127 * 32: converts exactly; one rounding
    return (D * da) * (float)dot - M * A;   // |dot| <= 31 * 127 * 32 < 2^17: converts exactly
}
