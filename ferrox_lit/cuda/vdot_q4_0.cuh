static __device__ __forceinline__ float ferrox_vdot_q4_0(
    const unsigned char* __restrict__ wb, const unsigned char* __restrict__ ab, int j
) {
    (void)j;  // a Q4_0 block is one 32-element chunk: j is always 0
    const float d = ferrox_vdot_f16(ferrox_vdot_u16(wb));
    const float da = ferrox_vdot_f16(ferrox_vdot_u16(ab));
    int sumi = 0;
#pragma unroll
    for (int i = 0; i < 4; i++) {
        const int v = ferrox_vdot_i32(wb + 2 + 4 * i);                     // codes of elements 4i..4i+3 (low) and 16+4i.. (high)
        const int lo = __vsub4(v & 0x0F0F0F0F, 0x08080808);                // q - 8 per byte: int8 in [-8, 7]
        const int hi = __vsub4((v >> 4) & 0x0F0F0F0F, 0x08080808);
        sumi = __dp4a(lo, ferrox_vdot_a32(ab + 4 + 4 * i), sumi);          // activations 4i..4i+3
        sumi = __dp4a(hi, ferrox_vdot_a32(ab + 4 + 16 + 4 * i), sumi);     // activations 16+4i..16+4i+3
    }
    return (d * da) * (float)sumi;
}
