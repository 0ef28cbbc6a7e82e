__device__ __forceinline__ void ferrox_dequant_q5_1(
    const unsigned char* xb, int il, float* reg
) {
    const float d = ferrox_f16_to_f32(
        (unsigned short)xb[0] | ((unsigned short)xb[1] << 8));
    const float m = ferrox_f16_to_f32(
        (unsigned short)xb[2] | ((unsigned short)xb[3] << 8));
    const unsigned int qh = (unsigned int)xb[4] | ((unsigned int)xb[5] << 8)
                          | ((unsigned int)xb[6] << 16) | ((unsigned int)xb[7] << 24);
    const unsigned char* qs = xb + 8;
    const int shift = 4 * il;
    const int hbase = 16 * il;
#pragma unroll
    for (int i = 0; i < 16; i++) {
        const int lo = (qs[i] >> shift) & 0xF;
        const int hi = ((qh >> (hbase + i)) & 1u) << 4;
        reg[i] = d * (float)(lo | hi) + m;
    }
}
