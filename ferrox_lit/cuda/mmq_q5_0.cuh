// MMQ pieces for Q5_0: the unpack (chunk j of a block -> 8 words of 32 int8 weights, element e in byte e % 4
// of word e / 4: the values ferrox_vdot_q5_0 feeds __dp4a) and the epilogue (the float tail of ferrox_vdot_q5_0 on
// the chunk's integer sum). With the mma's exact sumi, the epilogue's float is ferrox_vdot_q5_0's, bit for bit.
static __device__ __forceinline__ void ferrox_mmq_unpack_q5_0(const unsigned char* __restrict__ wb, int j, int* __restrict__ q) {
    (void)j;  // one chunk per block: j is always 0
    const unsigned int qh = (unsigned int)ferrox_vdot_i32(wb + 2);   // fifth bit of element r is bit r
#pragma unroll
    for (int i = 0; i < 4; i++) {
        const int v = ferrox_vdot_i32(wb + 6 + 4 * i);        // elements 4i.. (low nibbles) and 16+4i.. (high)
        q[i] = __vsub4((v & 0x0F0F0F0F) | ferrox_vdot_q5_0_hbits(qh >> (4 * i)), 0x10101010);             // q - 16
        q[4 + i] = __vsub4(((v >> 4) & 0x0F0F0F0F) | ferrox_vdot_q5_0_hbits(qh >> (16 + 4 * i)), 0x10101010);
    }
}
static __device__ __forceinline__ float ferrox_mmq_epi_q5_0(const unsigned char* __restrict__ wb, int j, float da, int sumi, int asum) {
    (void)j; (void)asum;  // no per-chunk scale, no min
    const float d = ferrox_vdot_f16(ferrox_vdot_u16(wb));
    return (d * da) * (float)sumi;
}
