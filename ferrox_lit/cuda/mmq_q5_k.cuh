// MMQ pieces for Q5_K: the unpack (sub-block j -> 8 words of its 32 codes, unsigned and < 128, so also valid
// int8 lanes) and the epilogue (ferrox_vdot_q5_k's float tail on the chunk's integer sums: dot = sum of code x
// activation quant, asum = sum of the activation quants, both exact in the mma and in the kernel's activation load).
// FERROX_MMQ_GROUP_Q5_K: MMQ's weight stage unpacks sub-blocks 2i and 2i + 1 in one thread, so their shared 32 low-bit
// bytes and the 32 qh bytes are loaded once for 64 weights; one sub-block a thread loads 64 bytes per 32 weights.
#define FERROX_MMQ_GROUP_Q5_K 2
static __device__ __forceinline__ void ferrox_mmq_unpack_q5_k(const unsigned char* __restrict__ wb, int j, int* __restrict__ q) {
    const unsigned char* qs = wb + 48 + 32 * (j / 2);   // low 4 bits: nibble (j % 2) of these 32 bytes
    const int shift = 4 * (j % 2);
#pragma unroll
    for (int i = 0; i < 8; i++) {
        const int lo = (ferrox_vdot_i32(qs + 4 * i) >> shift) & 0x0F0F0F0F;
        const int hi = ((ferrox_vdot_i32(wb + 16 + 4 * i) >> j) & 0x01010101) << 4;   // fifth bit: bit j of qh[i]
        q[i] = lo | hi;                                   // codes 0..31
    }
}
// The scale words (FX_MMQ_PREP), staged once per (row, sub-block) in shared memory by the weight stage: the float bits of
// D = d sc (x) and M = dmin m (y), both exact. FERROX_MMQ_SCALED_ASUM_Q5_K: the activation stage stages A = da asum, so
// the epilogue computes ferrox_vdot_q5_k's tail, (D da) dot - M A, from shared memory alone (as Q4_K's).
#define FERROX_MMQ_SCALED_ASUM_Q5_K 1
static __device__ __forceinline__ int2 ferrox_mmq_prep_q5_k(const unsigned char* __restrict__ wb, int j) {
    unsigned char sc, m;
    ferrox_k_scale_min(j, wb + 4, &sc, &m);
    const float D = ferrox_vdot_f16(ferrox_vdot_u16(wb)) * (float)sc;       // exact (see ferrox_vdot_q5_k)
    const float M = ferrox_vdot_f16(ferrox_vdot_u16(wb + 2)) * (float)m;
    return make_int2(__float_as_int(D), __float_as_int(M));
}
static __device__ __forceinline__ float ferrox_mmq_epi_p_q5_k(int2 p, float da, int sumi, float A) {
    return (__int_as_float(p.x) * da) * (float)sumi - __int_as_float(p.y) * A;
}
static __device__ __forceinline__ __attribute__((unused)) float ferrox_mmq_epi_q5_k(const unsigned char* __restrict__ wb, int j, float da,
                                                                             int sumi, int asum) {
    return ferrox_mmq_epi_p_q5_k(ferrox_mmq_prep_q5_k(wb, j), da, sumi, da * (float)asum);   // one copy of the float tail
}
