__device__ __forceinline__ void ferrox_dequant_q4_0(
    const unsigned char* xb, int il, float* reg
) {
    const float d = ferrox_f16_to_f32(
        (unsigned short)xb[0] | ((unsigned short)xb[1] << 8));
    const unsigned char* qs = xb + 2;
    const int shift = 4 * il;
#pragma unroll
    for (int i = 0; i < 16; i++) {
        reg[i] = d * (float)((int)((qs[i] >> shift) & 0xF) - 8);
    }
}
