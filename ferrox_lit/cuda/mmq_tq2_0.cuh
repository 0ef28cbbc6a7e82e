// MMQ pieces for TQ2_0: the unpack (chunk j = elements 32j..32j+31 of the block -> 8 words of 32 int8 lanes in
// {-1, 0, +1}, element e in byte e % 4 of word e / 4) and the epilogue (the block's one fp16 scale times the chunk's
// exact integer sum). Chunk j is half h = j / 4 of the block and bit pair l = j % 4 of its 32 bytes: element e of the
// chunk is bits 2l, 2l + 1 of byte 32h + e, so word i of the chunk is the word at byte 32h + 4i, shifted by 2l.
static __device__ __forceinline__ void ferrox_mmq_unpack_tq2_0(const unsigned char* __restrict__ wb, int j, int* __restrict__ q) {
    const unsigned char* qs = wb + 32 * (j / 4);   // the 32 bytes of half j / 4
    const int shift = 2 * (j % 4);                  // the chunk's bit pair
#pragma unroll
    for (int i = 0; i < 8; i++) {
        const int codes = (ferrox_vdot_i32(qs + 4 * i) >> shift) & 0x03030303;   // four 2-bit codes 0..3, one per byte
        q[i] = __vsub4(codes, 0x01010101);                                        // code - 1 per byte: -1..2, no borrow
    }
}
static __device__ __forceinline__ float ferrox_mmq_epi_tq2_0(const unsigned char* __restrict__ wb, int j, float da, int sumi, int asum) {
    (void)j; (void)asum;  // one scale for the whole block, no min
    const float d = ferrox_vdot_f16(ferrox_vdot_u16(wb + 64));
    return (d * da) * (float)sumi;
}
