// MMQ pieces for NVFP4 (a 64-element block: four sub-blocks of 16, each an E4M3 scale byte and 8 bytes of E2M1 codes,
// element i of a sub-block in the low nibble of its byte i % 8 for i < 8, in the high nibble for i >= 8). Chunk j is
// sub-blocks 2j and 2j + 1, one per 16-element half, so the epilogue takes the halves' sums (7 parameters). The unpack
// looks the codes up in MXFP4's int8 table (E2M1 doubled: -12..12); the epilogue halves the scales to undo the doubling.
// ferrox_vdot_nvfp4 (vdot_pieces.cuh) and the MMQ kernel both run these two functions.
static __device__ __forceinline__ void ferrox_mmq_unpack_nvfp4(const unsigned char* __restrict__ wb, int j, int* __restrict__ q) {
#pragma unroll
    for (int h = 0; h < 2; h++) {
        const unsigned char* qs = wb + 4 + 8 * (2 * j + h);          // half h: sub-block 2j + h's 8 code bytes
        const unsigned int w0 = (unsigned int)ferrox_vdot_i32(qs);       // bytes 0..3: elements 0..3 (low), 8..11 (high nibbles)
        const unsigned int w1 = (unsigned int)ferrox_vdot_i32(qs + 4);   // bytes 4..7: elements 4..7 (low), 12..15 (high nibbles)
        q[4 * h + 0] = ferrox_vdot_lut4(ferrox_kvalues_mxfp4_i8, w0);
        q[4 * h + 1] = ferrox_vdot_lut4(ferrox_kvalues_mxfp4_i8, w1);
        q[4 * h + 2] = ferrox_vdot_lut4(ferrox_kvalues_mxfp4_i8, w0 >> 4);
        q[4 * h + 3] = ferrox_vdot_lut4(ferrox_kvalues_mxfp4_i8, w1 >> 4);
    }
}
static __device__ __forceinline__ float ferrox_mmq_epi_nvfp4(const unsigned char* __restrict__ wb, int j, float da,
                                                             int dot0, int dot1, int asum0, int asum1) {
    (void)asum0; (void)asum1;  // no min, no delta
    const float d0 = ferrox_e4m3_to_f32(wb[2 * j]) * 0.5f;       // sub-block 2j's scale, halved for the doubled table: exact
    const float d1 = ferrox_e4m3_to_f32(wb[2 * j + 1]) * 0.5f;   // sub-block 2j + 1's
    // d0, d1: at most 4 significant bits; |dot| <= 16 * 12 * 127 < 2^15: each product has at most 19 significant bits and
    // is exact. One rounding in the sum, one in * da. __fmul_rn: no FFMA in any build (it would round the same anyway).
    return (__fmul_rn(d0, (float)dot0) + __fmul_rn(d1, (float)dot1)) * da;
}
