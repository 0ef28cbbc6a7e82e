static __device__ __forceinline__ float ferrox_vdot_q2_k(
    const unsigned char* __restrict__ wb, const unsigned char* __restrict__ ab, int j
) {
    const float d = ferrox_vdot_f16(ferrox_vdot_u16(wb + 80));
    const float dmin = ferrox_vdot_f16(ferrox_vdot_u16(wb + 82));
    const float da = ferrox_vdot_f16(ferrox_vdot_u16(ab));
    const unsigned char* q = wb + 16 + 32 * (j / 4);   // the 32 bytes whose 2-bit field (j % 4) holds chunk j
    const int shift = 2 * (j % 4);
    int sumi_d = 0, sumi_m = 0;
#pragma unroll
    for (int h = 0; h < 2; h++) {                       // two 16-element sub-blocks, each with its own scale and min
        const unsigned char sc = wb[2 * j + h];         // low nibble: scale, high nibble: min
        int dot = 0, asum = 0;
#pragma unroll
        for (int i = 0; i < 4; i++) {
            const int u = ferrox_vdot_a32(ab + 4 + 16 * h + 4 * i);
            dot = __dp4a((ferrox_vdot_i32(q + 16 * h + 4 * i) >> shift) & 0x03030303, u, dot);   // codes 0..3
            asum = __dp4a(0x01010101, u, asum);
        }
        sumi_d += dot * (sc & 0xF);                      // |sumi_d| <= 2 * 16 * 3 * 127 * 15 < 2^18: exact
        sumi_m += asum * (sc >> 4);                      // |sumi_m| <= 2 * 16 * 127 * 15 < 2^16
    }
    const float sum_d = da * (float)sumi_d;
    const float sum_m = da * (float)sumi_m;
    return __fmul_rn(d, sum_d) - __fmul_rn(dmin, sum_m);
}
