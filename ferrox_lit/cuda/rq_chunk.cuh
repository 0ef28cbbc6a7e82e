__device__ __forceinline__ void ferrox_rq_chunk(
    const unsigned int* q, const unsigned int* h, const float* sc, const float* mn, int c, float* reg
) {
    int code[32];
#pragma unroll
    for (int w = 0; w < RQ_QBITS; w++) {
        const unsigned int qw = q[(size_t)(c * RQ_QBITS + w) * RQ_G];
#pragma unroll
        for (int e = 0; e < 32 / RQ_QBITS; e++) {
            code[w * (32 / RQ_QBITS) + e] = (int)((qw >> (RQ_QBITS * e)) & ((1u << RQ_QBITS) - 1u));
        }
    }
#if RQ_HBITS
#pragma unroll
    for (int w = 0; w < RQ_HBITS; w++) {
        const unsigned int hw = h[(size_t)(c * RQ_HBITS + w) * RQ_G];
#pragma unroll
        for (int e = 0; e < 32 / RQ_HBITS; e++) {
            code[w * (32 / RQ_HBITS) + e] |= (int)((hw >> (RQ_HBITS * e)) & ((1u << RQ_HBITS) - 1u)) << RQ_QBITS;
        }
    }
#endif
#pragma unroll
    for (int j = 0; j < 32 / RQ_SPAN; j++) {
        const float s = sc[(size_t)(c * (32 / RQ_SPAN) + j) * RQ_G];
#if RQ_MIN
        const float m = mn[(size_t)(c * (32 / RQ_SPAN) + j) * RQ_G];
#endif
#pragma unroll
        for (int e = 0; e < RQ_SPAN; e++) {
            int cd = code[j * RQ_SPAN + e];
#if RQ_SIGNED
            cd = (cd ^ 0x80) - 0x80;
#endif
#if RQ_CODEBOOK
            const float v = RQ_TABLE[cd];
#else
            const float v = (float)(cd - RQ_BIAS);
#endif
#if RQ_MIN
            reg[j * RQ_SPAN + e] = __fmul_rn(s, v) - m;
#else
            reg[j * RQ_SPAN + e] = s * v;
#endif
        }
    }
}
