__device__ __forceinline__ void ferrox_dequant_q4_k(
    const unsigned char* xb, int il, float* reg
) {
    const float d = ferrox_f16_to_f32(
        (unsigned short)xb[0] | ((unsigned short)xb[1] << 8));
    const float dmin = ferrox_f16_to_f32(
        (unsigned short)xb[2] | ((unsigned short)xb[3] << 8));
    const int is = il / 2;
    const unsigned char* q = xb + 16 + 32 * (il / 4) + 16 * (il % 2);
    const int shift = 4 * ((il / 2) % 2);
    unsigned char sc, m;
    ferrox_k_scale_min(is, xb + 4, &sc, &m);
    const float dl = d * (float)sc;
    const float ml = dmin * (float)m;
#pragma unroll
    for (int i = 0; i < 16; i++) {
        reg[i] = __fmul_rn(dl, (float)((q[i] >> shift) & 0xF)) - ml;
    }
}
