static __device__ __forceinline__ float ferrox_vdot_iq4_xs(
    const unsigned char* __restrict__ wb, const unsigned char* __restrict__ ab, int j
) {
    const float d = ferrox_vdot_f16(ferrox_vdot_u16(wb));
    const float da = ferrox_vdot_f16(ferrox_vdot_u16(ab));
    const unsigned int scales_h = ferrox_vdot_u16(wb + 2);
    const int ls = (int)(((wb[4 + j / 2] >> (4 * (j & 1))) & 0xF) | (((scales_h >> (2 * j)) & 3u) << 4));   // 6-bit scale
    const unsigned char* qs = wb + 8 + 16 * j;          // chunk j: 16 bytes, low nibbles elements 0..15, high 16..31
    int sumi = 0;
#pragma unroll
    for (int i = 0; i < 4; i++) {
        const unsigned int v = (unsigned int)ferrox_vdot_i32(qs + 4 * i);
        sumi = __dp4a(ferrox_vdot_lut4(ferrox_kvalues_iq4nl_i8, v), ferrox_vdot_a32(ab + 4 + 4 * i), sumi);
        sumi = __dp4a(ferrox_vdot_lut4(ferrox_kvalues_iq4nl_i8, v >> 4), ferrox_vdot_a32(ab + 4 + 16 + 4 * i), sumi);
    }
    return (d * da) * (float)(sumi * (ls - 32));        // |sumi * (ls - 32)| <= 32 * 127 * 127 * 32 < 2^24: exact
}
