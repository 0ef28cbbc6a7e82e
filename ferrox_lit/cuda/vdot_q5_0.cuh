// bits 0..3 of h moved to bit 4 of bytes 0..3: the fifth bits of four consecutive elements, one per lane
static __device__ __forceinline__ int ferrox_vdot_q5_0_hbits(unsigned int h) {
    return (int)(((h << 4) & 0x10u) | ((h << 11) & 0x1000u) | ((h << 18) & 0x100000u) | ((h << 25) & 0x10000000u));
}
static __device__ __forceinline__ float ferrox_vdot_q5_0(
    const unsigned char* __restrict__ wb, const unsigned char* __restrict__ ab, int j
) {
    (void)j;  // a Q5_0 block is one 32-element chunk: j is always 0
    const float d = ferrox_vdot_f16(ferrox_vdot_u16(wb));
    const float da = ferrox_vdot_f16(ferrox_vdot_u16(ab));
    const unsigned int qh = (unsigned int)ferrox_vdot_i32(wb + 2);   // fifth bit of element r is bit r
    int sumi = 0;
#pragma unroll
    for (int i = 0; i < 4; i++) {
        const int v = ferrox_vdot_i32(wb + 6 + 4 * i);               // elements 4i.. (low nibbles) and 16+4i.. (high)
        const int lo = __vsub4((v & 0x0F0F0F0F) | ferrox_vdot_q5_0_hbits(qh >> (4 * i)), 0x10101010);         // q - 16
        const int hi = __vsub4(((v >> 4) & 0x0F0F0F0F) | ferrox_vdot_q5_0_hbits(qh >> (16 + 4 * i)), 0x10101010);
        sumi = __dp4a(lo, ferrox_vdot_a32(ab + 4 + 4 * i), sumi);
        sumi = __dp4a(hi, ferrox_vdot_a32(ab + 4 + 16 + 4 * i), sumi);
    }
    return (d * da) * (float)sumi;
}
