// MMQ pieces for Q5_1 (w = d q + m: codes 0..31, an fp16 step d and an fp16 minimum m per 32 weights, the fifth bits
// in a 32-bit qh). The unpack gives chunk j's 32 codes as int8 lanes (element e in byte e % 4 of word e / 4); the
// epilogue turns the exact sums into the chunk's float: d da sumi + m da asum, asum the sum of the Q8_1 quants.
// ferrox_vdot_q5_1 (vdot_pieces.cuh) and the MMQ kernel both run these functions.

// bits 0..3 of h to bit 4 of bytes 0..3, in one multiply: bit k times 2^(7k) lands on bit 8k, and no two of the 16
// partial products k + 7n (k, n in 0..3) share a bit, so nothing carries; the mask keeps the four wanted ones
static __device__ __forceinline__ int ferrox_mmq_q5_1_hbits(unsigned int h) {
    return (int)((((h & 0xFu) * 0x00204081u) & 0x01010101u) << 4);
}
static __device__ __forceinline__ void ferrox_mmq_unpack_q5_1(const unsigned char* __restrict__ wb, int j, int* __restrict__ q) {
    (void)j;  // one chunk per block: j is always 0
    const unsigned int qh = (unsigned int)ferrox_vdot_i32(wb + 4);   // bit e: the fifth bit of element e
#pragma unroll
    for (int i = 0; i < 4; i++) {
        const int v = ferrox_vdot_i32(wb + 8 + 4 * i);   // qs bytes 4i..4i+3: elements 4i.. (low nibbles), 16+4i.. (high)
        q[i] = (v & 0x0F0F0F0F) | ferrox_mmq_q5_1_hbits(qh >> (4 * i));               // codes 0..31: int8 lanes as they stand
        q[4 + i] = ((v >> 4) & 0x0F0F0F0F) | ferrox_mmq_q5_1_hbits(qh >> (16 + 4 * i));
    }
}
// The scale words (FX_MMQ_PREP): the block's d and m, decoded once per (row, chunk) by the weight stage and staged in
// shared memory as float bits, so the epilogue reads 8 bytes of shared memory per output row where it read and decoded the
// block header from global memory per chunk and column pair.
static __device__ __forceinline__ int2 ferrox_mmq_prep_q5_1(const unsigned char* __restrict__ wb, int j) {
    (void)j;  // one chunk per block
    return make_int2(__float_as_int(ferrox_vdot_f16(ferrox_vdot_u16(wb))), __float_as_int(ferrox_vdot_f16(ferrox_vdot_u16(wb + 2))));
}
// FERROX_MMQ_SCALED_ASUM_Q5_1 2: the activation stage stages asum as its (exact) float beside da, one 8-byte pair
// per (chunk, token); the tail below is the same expression either way.
#define FERROX_MMQ_SCALED_ASUM_Q5_1 2
static __device__ __forceinline__ float ferrox_mmq_epi_p_q5_1(int2 p, float da, int sumi, float asum) {
    const float d = __int_as_float(p.x), m = __int_as_float(p.y);
    // d * da and m * da: two 11-bit significands, exact in float32; |sumi| <= 32*31*127 and |asum| <= 32*127 convert
    // exactly. So each product below is one rounding, the sum a third; __fmul_rn keeps a fast build from fusing them.
    return __fmul_rn(d * da, (float)sumi) + __fmul_rn(m * da, asum);
}
static __device__ __forceinline__ __attribute__((unused)) float ferrox_mmq_epi_q5_1(const unsigned char* __restrict__ wb, int j, float da,
                                                                             int sumi, int asum) {
    return ferrox_mmq_epi_p_q5_1(ferrox_mmq_prep_q5_1(wb, j), da, sumi, (float)asum);   // one copy of the float tail
}
