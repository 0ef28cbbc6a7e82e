__device__ __forceinline__ void ferrox_dequant_q3_k(
    const unsigned char* xb, int il, float* reg
) {
    const float d = ferrox_f16_to_f32(
        (unsigned short)xb[108] | ((unsigned short)xb[109] << 8));
    const unsigned char* sc = xb + 96;
    const int lo = il < 8 ? (sc[il] & 0xF) : (sc[il - 8] >> 4);
    const int hi = (sc[8 + il % 4] >> (2 * (il / 4))) & 3;
    const float dl = d * (float)((lo | (hi << 4)) - 32);
    const unsigned char* q = xb + 32 + 32 * (il / 8) + 16 * (il % 2);
    const unsigned char* hm = xb + 16 * (il % 2);
    const int shift = 2 * ((il / 2) % 4);
    const unsigned char m = (unsigned char)(1 << (il / 2));
#pragma unroll
    for (int i = 0; i < 16; i++) {
        reg[i] = dl * (float)((int)((q[i] >> shift) & 3) - ((hm[i] & m) ? 0 : 4));
    }
}
