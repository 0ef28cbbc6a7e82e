static __device__ __forceinline__ float ferrox_vdot_q6_k(
    const unsigned char* __restrict__ wb, const unsigned char* __restrict__ ab, int j
) {
    const float d = ferrox_vdot_f16(ferrox_vdot_u16(wb + 208));
    const float da = ferrox_vdot_f16(ferrox_vdot_u16(ab));
    const unsigned char* ql = wb + 64 * (j / 4) + 32 * (j % 2);   // low 4 bits: nibble (j / 2) % 2 of these 32 bytes
    const unsigned char* qh = wb + 128 + 32 * (j / 4);            // high 2 bits: field (j % 4) of these 32 bytes
    const int shl = 4 * ((j / 2) % 2);
    const int shh = 2 * (j % 4);
    int sumi = 0;
#pragma unroll
    for (int h = 0; h < 2; h++) {                                  // two 16-element sub-blocks, int8 scale each
        const int sc = (signed char)wb[192 + 2 * j + h];
        int dot = 0;
#pragma unroll
        for (int i = 0; i < 4; i++) {
            const int lo = (ferrox_vdot_i32(ql + 16 * h + 4 * i) >> shl) & 0x0F0F0F0F;
            const int hi = ((ferrox_vdot_i32(qh + 16 * h + 4 * i) >> shh) & 0x03030303) << 4;
            dot = __dp4a((int)__vsub4(lo | hi, 0x20202020), ferrox_vdot_a32(ab + 4 + 16 * h + 4 * i), dot);   // codes -32..31
        }
        sumi += dot * sc;                                          // |sumi| <= 2 * 16 * 32 * 127 * 128 < 2^24: exact
    }
    return (d * da) * (float)sumi;
}
