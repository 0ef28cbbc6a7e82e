__device__ __forceinline__ void ferrox_dequant_iq1_s(
    const unsigned char* xb, int il, float* reg
) {
    const float d = ferrox_f16_to_f32(
        (unsigned short)xb[0] | ((unsigned short)xb[1] << 8));

    const int ib = il / 2;                          // group of 32: four qs bytes, one qh word
    const int h = il & 1;                           // which half of the group: grid slots 2h, 2h + 1
    const unsigned char* qs = xb + 2 + 4 * ib + 2 * h;
    const unsigned int qh =
        (unsigned int)xb[34 + 2 * ib] | ((unsigned int)xb[35 + 2 * ib] << 8);

    const float dl = d * (float)(2 * ((qh >> 12) & 7u) + 1);
    const float delta = (qh & 0x8000u) ? -0.125f : 0.125f;
#pragma unroll
    for (int l = 0; l < 2; l++) {
        const unsigned int idx = qs[l] | (((qh >> (3 * (2 * h + l))) & 7u) << 8);
        const unsigned long long g = ferrox_iq1s_grid[idx];
#pragma unroll
        for (int j = 0; j < 8; j++) {
            reg[8 * l + j] = dl * ((float)(signed char)(g >> (8 * j)) + delta);
        }
    }
}
