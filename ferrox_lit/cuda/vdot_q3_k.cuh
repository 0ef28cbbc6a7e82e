static __device__ __forceinline__ float ferrox_vdot_q3_k(
    const unsigned char* __restrict__ wb, const unsigned char* __restrict__ ab, int j
) {
    const float d = ferrox_vdot_f16(ferrox_vdot_u16(wb + 108));
    const float da = ferrox_vdot_f16(ferrox_vdot_u16(ab));
    const unsigned char* s = wb + 96;
    const unsigned char* q = wb + 32 + 32 * (j / 4);   // low 2 bits: field (j % 4) of these 32 bytes
    const int shift = 2 * (j % 4);
    int sumi = 0;
#pragma unroll
    for (int h = 0; h < 2; h++) {                       // two 16-element sub-blocks, each with its own 6-bit scale
        const int is = 2 * j + h;
        const int lo = is < 8 ? (s[is] & 0xF) : (s[is - 8] >> 4);
        const int hi = (s[8 + is % 4] >> (2 * (is / 4))) & 3;
        int dot = 0;
#pragma unroll
        for (int i = 0; i < 4; i++) {
            const int ql = (ferrox_vdot_i32(q + 16 * h + 4 * i) >> shift) & 0x03030303;
            const int hm = ((~ferrox_vdot_i32(wb + 16 * h + 4 * i) >> j) & 0x01010101) << 2;   // 4 where hmask bit j is clear
            dot = __dp4a((int)__vsub4(ql, hm), ferrox_vdot_a32(ab + 4 + 16 * h + 4 * i), dot);     // codes -4..3
        }
        sumi += dot * ((lo | (hi << 4)) - 32);          // |sumi| <= 2 * 16 * 4 * 127 * 32 < 2^19: exact
    }
    return (d * da) * (float)sumi;
}
