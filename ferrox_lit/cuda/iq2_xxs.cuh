__device__ __forceinline__ void ferrox_dequant_iq2_xxs(
    const unsigned char* xb, int il, float* reg
) {
    const float d = ferrox_f16_to_f32(
        (unsigned short)xb[0] | ((unsigned short)xb[1] << 8));
    const unsigned char* q = xb + 2 + 8 * (il / 2);   // group il / 2: 4 grid indices, then aux32
    const unsigned int aux = (unsigned int)q[4] | ((unsigned int)q[5] << 8)
                           | ((unsigned int)q[6] << 16) | ((unsigned int)q[7] << 24);
    const float db = d * (0.5f + (float)(aux >> 28)) * 0.25f;
#pragma unroll
    for (int l = 0; l < 2; l++) {
        const int k = 2 * (il & 1) + l;                // which 8 of the group's 32
        const unsigned long long g = ferrox_iq2xxs_grid[q[k]];
        const unsigned int signs = ferrox_ksigns_iq2xs[(aux >> (7 * k)) & 127];
#pragma unroll
        for (int j = 0; j < 8; j++) {
            const float w = db * (float)((g >> (8 * j)) & 0xFF);
            reg[8 * l + j] = (signs & ferrox_kmask_iq2xs[j]) ? -w : w;
        }
    }
}
