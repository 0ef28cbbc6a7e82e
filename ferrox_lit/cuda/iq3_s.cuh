__device__ __forceinline__ void ferrox_dequant_iq3_s(
    const unsigned char* xb, int il, float* reg
) {
    const float d = ferrox_f16_to_f32(
        (unsigned short)xb[0] | ((unsigned short)xb[1] << 8));
    const int ib = il / 2;                                 // 32-weight group
    const int h = il & 1;                                  // its half: grid slots 4h .. 4h + 3
    const unsigned char* qs = xb + 2 + 8 * ib + 4 * h;     // low 8 bits of each slot's grid index
    const unsigned int qh = xb[66 + ib];                   // bit l = the 9th index bit of slot l of the group
    const unsigned char* signs = xb + 74 + 4 * ib + 2 * h; // one sign byte per two slots (8 weights)
    const unsigned int s = (xb[106 + ib / 2] >> (4 * (ib & 1))) & 0xFu;
    const float dl = d * (float)(1 + 2 * s);               // odd scale: exact integer 1..31, one rounding
#pragma unroll
    for (int k = 0; k < 4; k++) {
        const unsigned int g =
            ferrox_iq3s_grid[qs[k] | (((qh >> (4 * h + k)) & 1u) << 8)];
#pragma unroll
        for (int j = 0; j < 4; j++) {
            const float v = dl * (float)((g >> (8 * j)) & 0xFFu);
            reg[4 * k + j] = (signs[k / 2] & ferrox_kmask_iq2xs[4 * (k & 1) + j]) ? -v : v;
        }
    }
}
