// MMQ pieces for Q5_K: the unpack (sub-block j -> 8 words of its 32 codes, unsigned and < 128, so also valid
// int8 lanes) and the epilogue (ferrox_vdot_q5_k's float tail on the chunk's integer sums: dot = sum of code x
// activation quant, asum = sum of the activation quants, both exact in the mma and in the kernel's activation load).
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
static __device__ __forceinline__ float ferrox_mmq_epi_q5_k(const unsigned char* __restrict__ wb, int j, float da, int sumi, int asum) {
    const float d = ferrox_vdot_f16(ferrox_vdot_u16(wb));
    const float dmin = ferrox_vdot_f16(ferrox_vdot_u16(wb + 2));
    unsigned char sc, m;
    ferrox_k_scale_min(j, wb + 4, &sc, &m);
    const float sum_d = da * (float)(sumi * (int)sc);   // < 2^24 in magnitude: converts exactly (see ferrox_vdot_q5_k)
    const float sum_m = da * (float)(asum * (int)m);
    return __fmul_rn(d, sum_d) - __fmul_rn(dmin, sum_m);
}
