// MMQ pieces for Q6_K (FX_MMQ_HALVES: an int8 scale per 16 elements). The unpack: sub-block j -> 8 words of its 32 codes
// -32..31, element order. The epilogue: ferrox_vdot_q6_k's combination of the two halves' sums with their scales, then
// its float tail (code x scale reaches 32 x 128: the scales stay out of the int8 tile).
static __device__ __forceinline__ void ferrox_mmq_unpack_q6_k(const unsigned char* __restrict__ wb, int j, int* __restrict__ q) {
    const unsigned char* ql = wb + 64 * (j / 4) + 32 * (j % 2);   // low 4 bits: nibble (j / 2) % 2 of these 32 bytes
    const unsigned char* qh = wb + 128 + 32 * (j / 4);            // high 2 bits: field (j % 4) of these 32 bytes
    const int shl = 4 * ((j / 2) % 2);
    const int shh = 2 * (j % 4);
#pragma unroll
    for (int i = 0; i < 8; i++) {
        const int lo = (ferrox_vdot_i32(ql + 4 * i) >> shl) & 0x0F0F0F0F;
        const int hi = ((ferrox_vdot_i32(qh + 4 * i) >> shh) & 0x03030303) << 4;
        q[i] = (int)__vsub4(lo | hi, 0x20202020);                  // codes -32..31
    }
}
static __device__ __forceinline__ float ferrox_mmq_epi_q6_k(const unsigned char* __restrict__ wb, int j, float da,
                                                            int dot0, int dot1, int asum0, int asum1) {
    (void)asum0; (void)asum1;  // no min
    const float d = ferrox_vdot_f16(ferrox_vdot_u16(wb + 208));
    const int sumi = dot0 * (signed char)wb[192 + 2 * j] + dot1 * (signed char)wb[192 + 2 * j + 1];   // exact
    return (d * da) * (float)sumi;
}
