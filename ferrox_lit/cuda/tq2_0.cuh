__device__ __forceinline__ void ferrox_dequant_tq2_0(
    const unsigned char* xb, int il, float* reg
) {
    const float d = ferrox_f16_to_f32(
        (unsigned short)xb[64] | ((unsigned short)xb[65] << 8));
    const unsigned char* qs = xb + 32 * (il / 8) + 16 * (il % 2);
    const int shift = 2 * ((il / 2) % 4);
#pragma unroll
    for (int i = 0; i < 16; i++) {
        const int q = (qs[i] >> shift) & 3;
        reg[i] = (float)(q - 1) * d;
    }
}
