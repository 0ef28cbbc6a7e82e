// ferrox_vdot_KIND built from the kind's MMQ pieces (ferrox_mmq_unpack_KIND, ferrox_mmq_epi_KIND), so the kind's int8
// arithmetic has one copy that both the matvec (MMVQ) and the tensor-core GEMM (MMQ) run. The unpack turns chunk j of
// the weight block into 8 words of 32 int8 lanes (element e in byte e % 4 of word e / 4); __dp4a dots them with the Q8_1
// quants, one integer sum per 16-element half (a kind with a scale per 16 needs both), and the quants' own sums (the
// min or delta terms); the epilogue turns those exact integers into the chunk's float, the same call MMQ makes on its
// mma sums. ferrox_lit.vdot.pieces_vdot fills in KIND and EPI_ARGS (the halves' sums, or their totals).
static __device__ __forceinline__ float ferrox_vdot_KIND(
    const unsigned char* __restrict__ wb, const unsigned char* __restrict__ ab, int j
) {
    int q[8];
    ferrox_mmq_unpack_KIND(wb, j, q);
    const float da = ferrox_vdot_f16(ferrox_vdot_u16(ab));
    int dot[2] = {0, 0}, asum[2] = {0, 0};
#pragma unroll
    for (int i = 0; i < 8; i++) {
        const int u = ferrox_vdot_a32(ab + 4 + 4 * i);    // Q8_1 quants 4i..4i+3: half i / 4
        dot[i / 4] = __dp4a(q[i], u, dot[i / 4]);        // |dot| <= 16 * 128 * 128 = 2^18: exact
        asum[i / 4] = __dp4a(0x01010101, u, asum[i / 4]);
    }
    return ferrox_mmq_epi_KIND(wb, j, da, EPI_ARGS);
}
