extern "C" __global__ void FX_FN_NAME(
    const unsigned int* __restrict__ quants,
    const unsigned int* __restrict__ high,
    const float* __restrict__ scales,
    const float* __restrict__ mins,
    const float* __restrict__ x,
    float* __restrict__ dst,
    int n_rows,
    int n_cols,
    int n_split
) {
    const int row = blockIdx.x * RQ_THREADS + threadIdx.x;
    if (row >= n_rows) {
        return;
    }
    const int split = blockIdx.y;
    const int n_chunks = n_cols / 32;
    const int c_begin = (int)(((long long)split * n_chunks) / n_split);
    const int c_end = (int)(((long long)(split + 1) * n_chunks) / n_split);
    const size_t g = (size_t)(row / RQ_G);
    const int lane = row % RQ_G;
    const unsigned int* q = quants + g * (size_t)n_chunks * RQ_QBITS * RQ_G + lane;
    const float* sc = scales + g * (size_t)n_chunks * (32 / RQ_SPAN) * RQ_G + lane;
#if RQ_HBITS
    const unsigned int* h = high + g * (size_t)n_chunks * RQ_HBITS * RQ_G + lane;
#else
    const unsigned int* h = high;
#endif
#if RQ_MIN
    const float* mn = mins + g * (size_t)n_chunks * (32 / RQ_SPAN) * RQ_G + lane;
#else
    const float* mn = mins;
#endif

    float acc = 0.0f;
    for (int c = c_begin; c < c_end; c++) {
        float reg[32];
        ferrox_rq_chunk(q, h, sc, mn, c, reg);
        const float* xc = x + (size_t)c * 32;
#pragma unroll
        for (int i = 0; i < 32; i++) {
            acc += reg[i] * xc[i];
        }
    }
    dst[(size_t)split * (size_t)n_rows + (size_t)row] = acc;
}
