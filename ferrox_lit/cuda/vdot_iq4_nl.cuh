static __device__ __forceinline__ float ferrox_vdot_iq4_nl(
    const unsigned char* __restrict__ wb, const unsigned char* __restrict__ ab, int j
) {
    (void)j;  // an IQ4_NL block is one 32-element chunk: j is always 0
    const float d = ferrox_vdot_f16(ferrox_vdot_u16(wb));
    const float da = ferrox_vdot_f16(ferrox_vdot_u16(ab));
    int sumi = 0;
#pragma unroll
    for (int i = 0; i < 4; i++) {
        const unsigned int v = (unsigned int)ferrox_vdot_i32(wb + 2 + 4 * i);   // elements 4i.. (low) and 16+4i.. (high)
        sumi = __dp4a(ferrox_vdot_lut4(ferrox_kvalues_iq4nl_i8, v), ferrox_vdot_a32(ab + 4 + 4 * i), sumi);
        sumi = __dp4a(ferrox_vdot_lut4(ferrox_kvalues_iq4nl_i8, v >> 4), ferrox_vdot_a32(ab + 4 + 16 + 4 * i), sumi);
    }
    return (d * da) * (float)sumi;
}
