// MMQ pieces for TQ1_0: the unpack (chunk j = elements 32j..32j+31 -> 8 words of 32 int8 lanes in {-1, 0, +1}, element
// e in byte e % 4 of word e / 4) and the epilogue (the block's one fp16 scale times the chunk's exact integer sum).
// Every word of a chunk is four consecutive bytes that share one trit position n (the element map, word by word):
//   j < 5:            qs[4i .. 4i+3],            n = j                (the 32-byte run, trit j)
//   j = 5, 6; j = 7, i < 4: qs[32 + 4(i % 4) ..], n = 2(j - 5) + i / 4 (the 16-byte run, two trits per chunk)
//   j = 7, i >= 4:    qh[0 .. 3],                n = i - 4            (qh: trit n of byte e % 4)
// so the dequant's decode, trit n of byte b = (((b * 3^n) mod 256) * 3) >> 8, runs on four bytes at once in 32-bit words.
static __device__ __forceinline__ void ferrox_mmq_unpack_tq1_0(const unsigned char* __restrict__ wb, int j, int* __restrict__ q) {
#pragma unroll
    for (int i = 0; i < 8; i++) {
        const bool run16 = j < 7 || i < 4;
        const int off = j < 5 ? 4 * i : (run16 ? 32 + 4 * (i % 4) : 48);
        const int n = j < 5 ? j : (run16 ? 2 * (j - 5) + i / 4 : i - 4);
        const unsigned int p = (unsigned int)((0x511B090301ull >> (8 * n)) & 0xFF);   // 3^n, n = 0..4
        const unsigned int b = (unsigned int)ferrox_vdot_i32(wb + off);
        // b * 3^n mod 256 per byte: bytes 0, 2 (then 1, 3) multiplied in 16-bit slots (b * 81 < 2^15), low bytes kept
        const unsigned int r = (((b & 0x00FF00FFu) * p) & 0x00FF00FFu) | (((b & 0xFF00FF00u) * p) & 0xFF00FF00u);
        // (r * 3) >> 8 per byte, the trit 0..2: r * 3 < 768 in a 16-bit slot, the trit in the slot's bits 8..9
        const unsigned int t = ((((r & 0x00FF00FFu) * 3u) >> 8) & 0x00030003u) | ((((r >> 8) & 0x00FF00FFu) * 3u) & 0x03000300u);
        q[i] = __vsub4(t, 0x01010101);   // trit - 1 per byte: -1, 0, +1
    }
}
static __device__ __forceinline__ float ferrox_mmq_epi_tq1_0(const unsigned char* __restrict__ wb, int j, float da, int sumi, int asum) {
    (void)j; (void)asum;  // one scale for the whole block, no min
    const float d = ferrox_vdot_f16(ferrox_vdot_u16(wb + 52));
    return (d * da) * (float)sumi;
}
