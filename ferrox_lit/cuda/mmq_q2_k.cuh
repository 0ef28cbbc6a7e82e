// MMQ pieces for Q2_K (FX_MMQ_HALVES: a scale and a min per 16 elements). The unpack: sub-block j -> 8 words of its 32
// 2-bit codes (0..3, valid int8 lanes), element order. The epilogue: ferrox_vdot_q2_k's integer combination of the two
// halves' sums (dot0, dot1 from the two m16n8k16, asum0, asum1 from the activation tile) and its float tail.
static __device__ __forceinline__ void ferrox_mmq_unpack_q2_k(const unsigned char* __restrict__ wb, int j, int* __restrict__ q) {
    const unsigned char* qs = wb + 16 + 32 * (j / 4);   // the 32 bytes whose 2-bit field (j % 4) holds chunk j
    const int shift = 2 * (j % 4);
#pragma unroll
    for (int i = 0; i < 8; i++) {
        q[i] = (ferrox_vdot_i32(qs + 4 * i) >> shift) & 0x03030303;   // codes 0..3
    }
}
// The scale words (FX_MMQ_PREP), staged once per (row, sub-block) by the weight stage: d as float bits (x), and dmin's
// fp16 bits with the two halves' scale/min bytes (y: dmin | sc0 << 16 | sc1 << 24), every value the tail reads, exactly.
static __device__ __forceinline__ int2 ferrox_mmq_prep_q2_k(const unsigned char* __restrict__ wb, int j) {
    const unsigned int sc = (unsigned int)wb[2 * j] | ((unsigned int)wb[2 * j + 1] << 8);   // low nibble: scale, high: min
    return make_int2(__float_as_int(ferrox_vdot_f16(ferrox_vdot_u16(wb + 80))), (int)(ferrox_vdot_u16(wb + 82) | (sc << 16)));
}
static __device__ __forceinline__ float ferrox_mmq_epi_p_q2_k(int2 p, float da, int dot0, int dot1, int asum0, int asum1) {
    const float d = __int_as_float(p.x);
    const float dmin = ferrox_vdot_f16((unsigned short)(p.y & 0xFFFF));
    const unsigned int sc0 = ((unsigned int)p.y >> 16) & 0xFF, sc1 = (unsigned int)p.y >> 24;
    const int sumi_d = dot0 * (int)(sc0 & 0xF) + dot1 * (int)(sc1 & 0xF);   // the vdot's sums, in its order: exact integers
    const int sumi_m = asum0 * (int)(sc0 >> 4) + asum1 * (int)(sc1 >> 4);
    const float sum_d = da * (float)sumi_d;
    const float sum_m = da * (float)sumi_m;
    return __fmul_rn(d, sum_d) - __fmul_rn(dmin, sum_m);
}
static __device__ __forceinline__ __attribute__((unused)) float ferrox_mmq_epi_q2_k(const unsigned char* __restrict__ wb, int j, float da,
                                                                             int dot0, int dot1, int asum0, int asum1) {
    return ferrox_mmq_epi_p_q2_k(ferrox_mmq_prep_q2_k(wb, j), da, dot0, dot1, asum0, asum1);   // one copy of the float tail
}
