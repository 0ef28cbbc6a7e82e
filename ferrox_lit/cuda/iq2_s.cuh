__device__ __forceinline__ void ferrox_dequant_iq2_s(
    const unsigned char* xb, int il, float* reg
) {
    const float d = ferrox_f16_to_f32(
        (unsigned short)xb[0] | ((unsigned short)xb[1] << 8));
    const int ib = il / 2;                                 // 32-weight group
    const int h = il & 1;                                  // its half: grid slots 2h, 2h + 1
    const unsigned char* qs = xb + 2 + 4 * ib + 2 * h;     // low 8 bits of each slot's grid index
    const unsigned char* signs = xb + 34 + 4 * ib + 2 * h; // one sign byte per slot, all 8 bits stored
    const unsigned int qh = xb[66 + ib];                   // 2 high index bits per slot of the group
    const unsigned int s = (xb[74 + ib] >> (4 * h)) & 0xFu;
    const float dl = d * (0.5f + (float)s) * 0.25f;
#pragma unroll
    for (int k = 0; k < 2; k++) {
        const int slot = 2 * h + k;
        const unsigned long long g =
            ferrox_iq2s_grid[qs[k] | (((qh >> (2 * slot)) & 3u) << 8)];
#pragma unroll
        for (int j = 0; j < 8; j++) {
            const float v = dl * (float)((g >> (8 * j)) & 0xFFu);
            reg[8 * k + j] = (signs[k] & ferrox_kmask_iq2xs[j]) ? -v : v;
        }
    }
}
