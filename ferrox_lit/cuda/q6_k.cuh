__device__ __forceinline__ void ferrox_dequant_q6_k(
    const unsigned char* xb, int il, float* reg
) {
    const float d = ferrox_f16_to_f32(
        (unsigned short)xb[208] | ((unsigned short)xb[209] << 8));
    const unsigned char* ql = xb + 64 * (il / 8) + 32 * ((il / 2) % 2) + 16 * (il % 2);
    const unsigned char* qh = xb + 128 + 32 * (il / 8) + 16 * (il % 2);
    const int shl = 4 * ((il / 4) % 2);
    const int shh = 2 * ((il / 2) % 4);
    const float dl = d * (float)(signed char)xb[192 + il];
#pragma unroll
    for (int i = 0; i < 16; i++) {
        const int code = ((ql[i] >> shl) & 0xF) | (((qh[i] >> shh) & 3) << 4);
        reg[i] = dl * (float)(code - 32);
    }
}
