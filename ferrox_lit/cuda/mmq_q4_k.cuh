// MMQ pieces for Q4_K: the unpack (sub-block j -> 8 words of its 32 codes, unsigned and < 128, so also valid
// int8 lanes) and the epilogue (ferrox_vdot_q4_k's float tail on the chunk's integer sums: dot = sum of code x
// activation quant, asum = sum of the activation quants, both exact in the mma and in the kernel's activation load).
// FERROX_MMQ_GROUP_Q4_K: MMQ's weight stage unpacks sub-blocks 2i and 2i + 1 in one thread, so their shared 32 bytes
// (low and high nibbles) are loaded once; one sub-block a thread loads every byte twice, using half of each.
#define FERROX_MMQ_GROUP_Q4_K 2
static __device__ __forceinline__ void ferrox_mmq_unpack_q4_k(const unsigned char* __restrict__ wb, int j, int* __restrict__ q) {
    const unsigned char* qs = wb + 16 + 32 * (j / 2);   // the 32 bytes of the 64-weight group holding sub-block j
    const int shift = 4 * (j % 2);                       // low nibbles for even j, high for odd
#pragma unroll
    for (int i = 0; i < 8; i++) {
        q[i] = (ferrox_vdot_i32(qs + 4 * i) >> shift) & 0x0F0F0F0F;   // codes 0..15
    }
}
// The scale words (FX_MMQ_PREP), staged once per (row, sub-block) in shared memory by the weight stage: the float bits of
// D = d sc (x) and M = dmin m (y), both exact. FERROX_MMQ_SCALED_ASUM_Q4_K: the activation stage stages A = da asum, so
// the epilogue gets A where an unstaged one gets asum, and computes ferrox_vdot_q4_k's tail, (D da) dot - M A, from
// shared memory alone.
#define FERROX_MMQ_SCALED_ASUM_Q4_K 1
static __device__ __forceinline__ int2 ferrox_mmq_prep_q4_k(const unsigned char* __restrict__ wb, int j) {
    unsigned char sc, m;
    ferrox_k_scale_min(j, wb + 4, &sc, &m);
    const float D = ferrox_vdot_f16(ferrox_vdot_u16(wb)) * (float)sc;       // exact (see ferrox_vdot_q4_k)
    const float M = ferrox_vdot_f16(ferrox_vdot_u16(wb + 2)) * (float)m;
    return make_int2(__float_as_int(D), __float_as_int(M));
}
static __device__ __forceinline__ float ferrox_mmq_epi_p_q4_k(int2 p, float da, int sumi, float A) {
    return (__int_as_float(p.x) * da) * (float)sumi - __int_as_float(p.y) * A;
}
static __device__ __forceinline__ __attribute__((unused)) float ferrox_mmq_epi_q4_k(const unsigned char* __restrict__ wb, int j, float da,
                                                                             int sumi, int asum) {
    return ferrox_mmq_epi_p_q4_k(ferrox_mmq_prep_q4_k(wb, j), da, sumi, da * (float)asum);   // one copy of the float tail
}
