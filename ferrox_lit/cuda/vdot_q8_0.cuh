static __device__ __forceinline__ float ferrox_vdot_q8_0(
    const unsigned char* __restrict__ wb, const unsigned char* __restrict__ ab, int j
) {
    (void)j;  // a Q8_0 block is one 32-element chunk: j is always 0
    const float d = ferrox_vdot_f16(ferrox_vdot_u16(wb));
    const float da = ferrox_vdot_f16(ferrox_vdot_u16(ab));
    int sumi = 0;
#pragma unroll
    for (int i = 0; i < 8; i++) {
        sumi = __dp4a(ferrox_vdot_i32(wb + 2 + 4 * i), ferrox_vdot_a32(ab + 4 + 4 * i), sumi);
    }
    return (d * da) * (float)sumi;
}
