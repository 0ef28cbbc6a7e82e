__device__ __forceinline__ void ferrox_dequant_q2_k(
    const unsigned char* xb, int il, float* reg
) {
    const float d = ferrox_f16_to_f32(
        (unsigned short)xb[80] | ((unsigned short)xb[81] << 8));
    const float dmin = ferrox_f16_to_f32(
        (unsigned short)xb[82] | ((unsigned short)xb[83] << 8));
    const unsigned char sc = xb[il];
    const float dl = d * (float)(sc & 0xF);
    const float ml = dmin * (float)(sc >> 4);
    const unsigned char* q = xb + 16 + 32 * (il / 8) + 16 * (il % 2);
    const int shift = 2 * ((il / 2) % 4);
#pragma unroll
    for (int i = 0; i < 16; i++) {
        reg[i] = __fmul_rn(dl, (float)((q[i] >> shift) & 3)) - ml;
    }
}
