__device__ __forceinline__ void ferrox_dequant_iq1_m(
    const unsigned char* xb, int il, float* reg
) {
    const unsigned short dbits = (unsigned short)(
        (xb[49] >> 4) | (xb[51] & 0xF0) | ((xb[53] >> 4) << 8) | ((xb[55] & 0xF0) << 8));
    const float d = ferrox_f16_to_f32(dbits);

    const int w = 48 + 2 * (il / 4);                // the 16-bit word holding this sub-block's 3-bit scale
    const unsigned int sc = (unsigned int)xb[w] | ((unsigned int)xb[w + 1] << 8);
    const float dl = d * (float)(2 * ((sc >> (3 * (il % 4))) & 7u) + 1);

    const unsigned char* qs = xb + 2 * il;          // two grid slots of 8 weights each
    const unsigned int qh = xb[32 + il];            // one nibble per slot: 3 index bits, then the delta's sign
#pragma unroll
    for (int l = 0; l < 2; l++) {
        const unsigned int n = qh >> (4 * l);
        const unsigned int idx = qs[l] | ((n & 7u) << 8);
        const float delta = (n & 8u) ? -0.125f : 0.125f;
        const unsigned long long g = ferrox_iq1s_grid[idx];
#pragma unroll
        for (int j = 0; j < 8; j++) {
            reg[8 * l + j] = dl * ((float)(signed char)(g >> (8 * j)) + delta);
        }
    }
}
