// MMQ pieces for IQ2_XXS. The unpack: group j (32 elements) -> 8 words of int8 lanes, element order: per eight k, the
// grid entry's 8 magnitudes (8, 25 or 43) with the eight's 8 signs applied byte-wise. The epilogue: the group's 4-bit
// scale as the odd integer 2 ls + 1 on the exact sum, the 1/8 folded into d (exact), then two float roundings.
static __device__ __forceinline__ void ferrox_mmq_unpack_iq2_xxs(const unsigned char* __restrict__ wb, int j, int* __restrict__ q) {
    const unsigned char* g8 = wb + 2 + 8 * j;                        // group j: 4 grid indices, then aux32
    const unsigned int aux = (unsigned int)ferrox_vdot_i32(g8 + 4);  // sign fields at bits 7k..7k+6, scale at 28..31
#pragma unroll
    for (int k = 0; k < 4; k++) {
        const unsigned long long g = ferrox_iq2xxs_grid[g8[k]];                  // byte e: magnitude of element 8k + e
        const unsigned int s = ferrox_ksigns_iq2xs[(aux >> (7 * k)) & 127];     // bit e: sign of element 8k + e (parity in bit 7)
#pragma unroll
        for (int h = 0; h < 2; h++) {
            const unsigned int m = (((s >> (4 * h)) & 15u) * 0x00204081u & 0x01010101u) * 0xFFu;   // bit e -> byte e = 0xFF
            q[2 * k + h] = (int)__vsub4((unsigned int)(g >> (32 * h)) ^ m, m);   // (g ^ m) - m: -g where m is 0xFF, g elsewhere
        }
    }
}
static __device__ __forceinline__ float ferrox_mmq_epi_iq2_xxs(const unsigned char* __restrict__ wb, int j, float da, int sumi, int asum) {
    (void)asum;  // no min, no delta
    const float d = ferrox_vdot_f16(ferrox_vdot_u16(wb));
    const int ls = wb[2 + 8 * j + 7] >> 4;                              // bits 28..31 of aux32: the high nibble of its last byte
    return ((d * 0.125f) * da) * (float)(sumi * (2 * ls + 1));         // d (0.5 + ls) / 4 = d / 8 (2 ls + 1); |sumi (2 ls + 1)| < 2^23
}
