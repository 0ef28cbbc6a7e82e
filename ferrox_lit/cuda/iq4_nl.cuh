__device__ __forceinline__ void ferrox_dequant_iq4_nl(
    const unsigned char* xb, int il, float* reg
) {
    const float d = ferrox_f16_to_f32(
        (unsigned short)xb[0] | ((unsigned short)xb[1] << 8));
    const unsigned char* qs = xb + 2;
    const int shift = il ? 4 : 0;
#pragma unroll
    for (int i = 0; i < 16; i++) {
        reg[i] = d * ferrox_kvalues_iq4nl[(qs[i] >> shift) & 0xF];
    }
}
