__device__ __forceinline__ void ferrox_dequant_q1_0(
    const unsigned char* xb, int il, float* reg
) {
    const float d = ferrox_f16_to_f32(
        (unsigned short)xb[0] | ((unsigned short)xb[1] << 8));
    const unsigned char* qs = xb + 2 + 2 * il;
    const unsigned int bits = (unsigned int)qs[0] | ((unsigned int)qs[1] << 8);
#pragma unroll
    for (int i = 0; i < 16; i++) {
        reg[i] = ((bits >> i) & 1u) ? d : -d;
    }
}
