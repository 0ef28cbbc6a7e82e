__device__ __forceinline__ void ferrox_dequant_q4_1(
    const unsigned char* xb, int il, float* reg
) {
    const float d = ferrox_f16_to_f32(
        (unsigned short)xb[0] | ((unsigned short)xb[1] << 8));
    const float m = ferrox_f16_to_f32(
        (unsigned short)xb[2] | ((unsigned short)xb[3] << 8));
    const unsigned char* qs = xb + 4;
    const int shift = 4 * il;
#pragma unroll
    for (int i = 0; i < 16; i++) {
        reg[i] = d * (float)((qs[i] >> shift) & 0xF) + m;
    }
}
