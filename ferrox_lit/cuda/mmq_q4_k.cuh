// MMQ pieces for Q4_K: the unpack (sub-block j -> 8 words of its 32 codes, unsigned and < 128, so also valid
// int8 lanes) and the epilogue (ferrox_vdot_q4_k's float tail on the chunk's integer sums: dot = sum of code x
// activation quant, asum = sum of the activation quants, both exact in the mma and in the kernel's activation load).
static __device__ __forceinline__ void ferrox_mmq_unpack_q4_k(const unsigned char* __restrict__ wb, int j, int* __restrict__ q) {
    const unsigned char* qs = wb + 16 + 32 * (j / 2);   // the 32 bytes of the 64-weight group holding sub-block j
    const int shift = 4 * (j % 2);                       // low nibbles for even j, high for odd
#pragma unroll
    for (int i = 0; i < 8; i++) {
        q[i] = (ferrox_vdot_i32(qs + 4 * i) >> shift) & 0x0F0F0F0F;   // codes 0..15
    }
}
static __device__ __forceinline__ float ferrox_mmq_epi_q4_k(const unsigned char* __restrict__ wb, int j, float da, int sumi, int asum) {
    const float d = ferrox_vdot_f16(ferrox_vdot_u16(wb));
    const float dmin = ferrox_vdot_f16(ferrox_vdot_u16(wb + 2));
    unsigned char sc, m;
    ferrox_k_scale_min(j, wb + 4, &sc, &m);
    const float sum_d = da * (float)(sumi * (int)sc);   // < 2^24 in magnitude: converts exactly (see ferrox_vdot_q4_k)
    const float sum_m = da * (float)(asum * (int)m);
    return __fmul_rn(d, sum_d) - __fmul_rn(dmin, sum_m);
}
