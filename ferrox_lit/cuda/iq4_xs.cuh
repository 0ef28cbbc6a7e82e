__device__ __forceinline__ void ferrox_dequant_iq4_xs(
    const unsigned char* xb, int il, float* reg
) {
    const float d = ferrox_f16_to_f32(
        (unsigned short)xb[0] | ((unsigned short)xb[1] << 8));
    const unsigned int scales_h =
        (unsigned int)xb[2] | ((unsigned int)xb[3] << 8);
    const unsigned char* scales_l = xb + 4;

    const int ib = il / 2;
    const unsigned char* qs = xb + 8 + 16 * ib;
    const int shift = (il & 1) ? 4 : 0;

    const unsigned int ls =
        ((unsigned int)(scales_l[ib / 2] >> (4 * (ib & 1))) & 0xFu)
        | (((scales_h >> (2 * ib)) & 3u) << 4);
    const float dl = d * ((float)ls - 32.0f);
#pragma unroll
    for (int i = 0; i < 16; i++) {
        reg[i] = dl * ferrox_kvalues_iq4nl[(qs[i] >> shift) & 0xF];
    }
}
