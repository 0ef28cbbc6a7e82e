__device__ __forceinline__ void ferrox_dequant_iq2_xs(
    const unsigned char* xb, int il, float* reg
) {
    const float d = ferrox_f16_to_f32(
        (unsigned short)xb[0] | ((unsigned short)xb[1] << 8));
    const int ib = il / 2;                                      // group of 32
    const unsigned char* q = xb + 2 + 8 * ib + 4 * (il & 1);    // this half's two u16: 9-bit index | 7 sign bits
    const unsigned int ls = (xb[66 + ib] >> (4 * (il & 1))) & 0xF;   // the half's own 4-bit scale
    const float db = d * (0.5f + (float)ls) * 0.25f;
#pragma unroll
    for (int l = 0; l < 2; l++) {
        const unsigned int v = (unsigned int)q[2 * l] | ((unsigned int)q[2 * l + 1] << 8);
        const unsigned long long g = ferrox_iq2xs_grid[v & 511];
        const unsigned int signs = ferrox_ksigns_iq2xs[v >> 9];
#pragma unroll
        for (int j = 0; j < 8; j++) {
            const float w = db * (float)((g >> (8 * j)) & 0xFF);
            reg[8 * l + j] = (signs & ferrox_kmask_iq2xs[j]) ? -w : w;
        }
    }
}
