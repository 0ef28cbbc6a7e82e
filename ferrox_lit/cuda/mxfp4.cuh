__device__ __forceinline__ void ferrox_dequant_mxfp4(
    const unsigned char* xb, int il, float* reg
) {
    const float d = ferrox_e8m0_to_f32(xb[0]);
    const unsigned char* qs = xb + 1;
    const int shift = il ? 4 : 0;
#pragma unroll
    for (int i = 0; i < 16; i++) {
        reg[i] = d * ferrox_kvalues_mxfp4[(qs[i] >> shift) & 0xF];
    }
}
