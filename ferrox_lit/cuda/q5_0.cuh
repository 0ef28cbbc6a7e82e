__device__ __forceinline__ void ferrox_dequant_q5_0(
    const unsigned char* xb, int il, float* reg
) {
    const float d = ferrox_f16_to_f32(
        (unsigned short)xb[0] | ((unsigned short)xb[1] << 8));
    const unsigned int qh = (unsigned int)xb[2] | ((unsigned int)xb[3] << 8)
                          | ((unsigned int)xb[4] << 16) | ((unsigned int)xb[5] << 24);
    const unsigned char* qs = xb + 6;
    const int shift = 4 * il;
    const int hbase = 16 * il;
#pragma unroll
    for (int i = 0; i < 16; i++) {
        const int lo = (qs[i] >> shift) & 0xF;
        const int hi = ((qh >> (hbase + i)) & 1u) << 4;
        reg[i] = d * (float)((lo | hi) - 16);
    }
}
