// MMQ pieces for IQ4_NL: the unpack (chunk j of a block -> 8 words of 32 int8 weights, element e in byte e % 4
// of word e / 4: the values ferrox_vdot_iq4_nl feeds __dp4a) and the epilogue (the float tail of ferrox_vdot_iq4_nl on
// the chunk's integer sum). With the mma's exact sumi, the epilogue's float is ferrox_vdot_iq4_nl's, bit for bit.
static __device__ __forceinline__ void ferrox_mmq_unpack_iq4_nl(const unsigned char* __restrict__ wb, int j, int* __restrict__ q) {
    (void)j;  // one chunk per block: j is always 0
#pragma unroll
    for (int i = 0; i < 4; i++) {
        const unsigned int v = (unsigned int)ferrox_vdot_i32(wb + 2 + 4 * i);   // elements 4i.. (low) and 16+4i.. (high)
        q[i] = ferrox_vdot_lut4(ferrox_kvalues_iq4nl_i8, v);
        q[4 + i] = ferrox_vdot_lut4(ferrox_kvalues_iq4nl_i8, v >> 4);
    }
}
static __device__ __forceinline__ float ferrox_mmq_epi_iq4_nl(const unsigned char* __restrict__ wb, int j, float da, int sumi, int asum) {
    (void)j; (void)asum;  // no per-chunk scale, no min
    const float d = ferrox_vdot_f16(ferrox_vdot_u16(wb));
    return (d * da) * (float)sumi;
}
