__device__ __forceinline__ void ferrox_dequant_nvfp4(
    const unsigned char* xb, int il, float* reg
) {
    const float d = ferrox_e4m3_to_f32(xb[il]);          // sub-block il's own scale: byte il of d[4]
    const unsigned char* qs = xb + 4 + 8 * il;           // its 8 code bytes
#pragma unroll
    for (int i = 0; i < 8; i++) {
        reg[i]     = d * ferrox_kvalues_mxfp4[qs[i] & 0xF];  // element i: low nibble of byte i
        reg[i + 8] = d * ferrox_kvalues_mxfp4[qs[i] >> 4];   // element i + 8: high nibble of byte i
    }
}
