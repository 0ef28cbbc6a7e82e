// MMQ pieces for Q8_0: the unpack (chunk j of a block -> 8 words of 32 int8 weights, element e in byte e % 4
// of word e / 4: the values ferrox_vdot_q8_0 feeds __dp4a) and the epilogue (the float tail of ferrox_vdot_q8_0 on
// the chunk's integer sum). With the mma's exact sumi, the epilogue's float is ferrox_vdot_q8_0's, bit for bit.
static __device__ __forceinline__ void ferrox_mmq_unpack_q8_0(const unsigned char* __restrict__ wb, int j, int* __restrict__ q) {
    (void)j;  // one chunk per block: j is always 0
#pragma unroll
    for (int i = 0; i < 8; i++) {
        q[i] = ferrox_vdot_i32(wb + 2 + 4 * i);               // int8 quants, elements 4i..4i+3
    }
}
// The scale words (FX_MMQ_PREP): the block's fp16 d, staged once per (row, chunk) in shared memory by the weight stage,
// so the epilogue reads 8 bytes of shared memory per row where it read the block header from global memory per chunk.
static __device__ __forceinline__ int2 ferrox_mmq_prep_q8_0(const unsigned char* __restrict__ wb, int j) {
    (void)j;  // one chunk per block
    return make_int2(ferrox_vdot_u16(wb), 0);
}
static __device__ __forceinline__ float ferrox_mmq_epi_p_q8_0(int2 p, float da, int sumi, int asum) {
    (void)asum;  // no per-chunk scale, no min
    const float d = ferrox_vdot_f16((unsigned short)p.x);
    return (d * da) * (float)sumi;
}
static __device__ __forceinline__ __attribute__((unused)) float ferrox_mmq_epi_q8_0(const unsigned char* __restrict__ wb, int j, float da,
                                                                             int sumi, int asum) {
    return ferrox_mmq_epi_p_q8_0(ferrox_mmq_prep_q8_0(wb, j), da, sumi, asum);   // one copy of the float tail
}
