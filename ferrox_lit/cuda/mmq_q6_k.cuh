// MMQ pieces for Q6_K (FX_MMQ_HALVES: an int8 scale per 16 elements). The unpack: sub-block j -> 8 words of its 32 codes
// -32..31, element order. The epilogue: ferrox_vdot_q6_k's combination of the two halves' sums with their scales, then
// its float tail (code x scale reaches 32 x 128: the scales stay out of the int8 tile).
// FERROX_MMQ_GROUP_Q6_K, FERROX_MMQ_PARTS_Q6_K: MMQ's weight stage gives one thread the same 16-byte half of sub-blocks
// 4i..4i+3, whose low bits share 64 bytes (two sub-blocks a nibble each) and high bits 32 (four 2-bit fields): it loads
// each byte once (48 B) where one sub-block a thread loaded 64 for 32 weights. Two halves a group: every thread has one.
#define FERROX_MMQ_GROUP_Q6_K 4
#define FERROX_MMQ_PARTS_Q6_K 2
static __device__ __forceinline__ void ferrox_mmq_unpack_half_q6_k(const unsigned char* __restrict__ wb, int j, int h,
                                                                   int* __restrict__ q) {   // elements 16h..16h+15: 4 words
    const unsigned char* ql = wb + 64 * (j / 4) + 32 * (j % 2) + 16 * h;   // low 4 bits: nibble (j / 2) % 2 of these bytes
    const unsigned char* qh = wb + 128 + 32 * (j / 4) + 16 * h;            // high 2 bits: field (j % 4) of these bytes
    const int shl = 4 * ((j / 2) % 2);
    const int shh = 2 * (j % 4);
#pragma unroll
    for (int i = 0; i < 4; i++) {
        const int lo = (ferrox_vdot_i32(ql + 4 * i) >> shl) & 0x0F0F0F0F;
        const int hi = ((ferrox_vdot_i32(qh + 4 * i) >> shh) & 0x03030303) << 4;
        q[i] = (int)__vsub4(lo | hi, 0x20202020);                  // codes -32..31
    }
}
static __device__ __forceinline__ __attribute__((unused)) void ferrox_mmq_unpack_q6_k(const unsigned char* __restrict__ wb, int j,
                                                                               int* __restrict__ q) {
    ferrox_mmq_unpack_half_q6_k(wb, j, 0, q);
    ferrox_mmq_unpack_half_q6_k(wb, j, 1, q + 4);
}
// The scale words (FX_MMQ_PREP), staged once per (row, sub-block) in shared memory by the weight stage: x = d's fp16
// bits, y = the two halves' int8 scales (bytes 0 and 1).
static __device__ __forceinline__ int2 ferrox_mmq_prep_q6_k(const unsigned char* __restrict__ wb, int j) {
    return make_int2(ferrox_vdot_u16(wb + 208), (int)ferrox_vdot_u16(wb + 192 + 2 * j));   // scales 2j, 2j + 1: one 16-bit load
}
static __device__ __forceinline__ float ferrox_mmq_epi_p_q6_k(int2 p, float da, int dot0, int dot1, int asum0, int asum1) {
    (void)asum0; (void)asum1;  // no min
    const float d = ferrox_vdot_f16((unsigned short)p.x);
    const int sumi = dot0 * (signed char)(p.y & 0xFF) + dot1 * (signed char)((p.y >> 8) & 0xFF);   // exact
    return (d * da) * (float)sumi;
}
static __device__ __forceinline__ __attribute__((unused)) float ferrox_mmq_epi_q6_k(const unsigned char* __restrict__ wb, int j, float da,
                                                                             int dot0, int dot1, int asum0, int asum1) {
    return ferrox_mmq_epi_p_q6_k(ferrox_mmq_prep_q6_k(wb, j), da, dot0, dot1, asum0, asum1);   // one copy of the float tail
}
