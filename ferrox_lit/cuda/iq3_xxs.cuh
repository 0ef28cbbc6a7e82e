__device__ __forceinline__ void ferrox_dequant_iq3_xxs(
    const unsigned char* xb, int il, float* reg
) {
    const float d = ferrox_f16_to_f32(
        (unsigned short)xb[0] | ((unsigned short)xb[1] << 8));
    const int ib = il / 2;                                // group of 32
    const unsigned char* qs = xb + 2 + 8 * ib;            // its 8 grid indices, 4 weights each
    const unsigned char* sc = xb + 66 + 4 * ib;           // its aux32: 4 sign fields, 4-bit scale
    const unsigned int aux = (unsigned int)sc[0] | ((unsigned int)sc[1] << 8)
                           | ((unsigned int)sc[2] << 16) | ((unsigned int)sc[3] << 24);
    const float db = d * (0.5f + (float)(aux >> 28)) * 0.5f;
#pragma unroll
    for (int l = 0; l < 2; l++) {
        const int k = 2 * (il & 1) + l;                   // which 8 of the group's 32
        const unsigned int g1 = ferrox_iq3xxs_grid[qs[2 * k]];
        const unsigned int g2 = ferrox_iq3xxs_grid[qs[2 * k + 1]];
        const unsigned int signs = ferrox_ksigns_iq2xs[(aux >> (7 * k)) & 127];
#pragma unroll
        for (int j = 0; j < 4; j++) {
            const float w1 = db * (float)((g1 >> (8 * j)) & 0xFF);
            const float w2 = db * (float)((g2 >> (8 * j)) & 0xFF);
            reg[8 * l + j] = (signs & ferrox_kmask_iq2xs[j]) ? -w1 : w1;
            reg[8 * l + 4 + j] = (signs & ferrox_kmask_iq2xs[4 + j]) ? -w2 : w2;
        }
    }
}
