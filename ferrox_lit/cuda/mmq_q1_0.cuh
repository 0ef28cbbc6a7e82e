// MMQ pieces for Q1_0: the unpack (chunk j of the 128-element block = its sign bits 32j..32j+31, bytes 2 + 4j .. 5 + 4j,
// element e = bit e % 8 of byte e / 8, least significant first -> 8 words of 32 int8 lanes, +1 where the bit is set and
// -1 where it is clear, element e in byte e % 4 of word e / 4) and the epilogue (the block's one fp16 scale times the
// chunk's exact integer sum). The chunk's four bytes, read as one little-endian word, put element e at bit e.
static __device__ __forceinline__ void ferrox_mmq_unpack_q1_0(const unsigned char* __restrict__ wb, int j, int* __restrict__ q) {
    const unsigned int bits = (unsigned int)ferrox_vdot_i32(wb + 2 + 4 * j);   // the chunk's 32 sign bits
#pragma unroll
    for (int i = 0; i < 8; i++) {
        const unsigned int nib = (bits >> (4 * i)) & 0xFu;                        // elements 4i .. 4i + 3
        const unsigned int s = (nib | (nib << 7) | (nib << 14) | (nib << 21)) & 0x01010101u;   // bit k -> bit 0 of byte k
        q[i] = __vsub4(s << 1, 0x01010101);                                      // 2 s - 1 per byte: +1 set, -1 clear
    }
}
static __device__ __forceinline__ float ferrox_mmq_epi_q1_0(const unsigned char* __restrict__ wb, int j, float da, int sumi, int asum) {
    (void)j; (void)asum;  // one scale for the whole block, no min
    const float d = ferrox_vdot_f16(ferrox_vdot_u16(wb));
    return (d * da) * (float)sumi;
}
