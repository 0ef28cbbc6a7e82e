extern "C" __global__ void FX_FN_NAME(
    const unsigned char* __restrict__ src0,
    const float* __restrict__ x,
    float* __restrict__ dst,
    int n_rows,
    int n_cols,
    int row_bytes,
    int n_split
) {
    __shared__ float red[MV_THREADS];

    const int tid = threadIdx.x;
    const int lane = tid % MV_TPR;
    const int row = blockIdx.x * MV_ROWS + tid / MV_TPR;
    const int split = blockIdx.y;
    const int n_sub = n_cols / FX_SUB;
    const int s_begin = (int)(((long long)split * n_sub) / n_split);
    const int s_end = (int)(((long long)(split + 1) * n_sub) / n_split);

    float acc = 0.0f;
    if (row < n_rows) {
        const unsigned char* rp = src0 + (size_t)row * (size_t)row_bytes;
        for (int s = s_begin + lane; s < s_end; s += MV_TPR) {
            float reg[FX_SUB];
            FX_DEQUANT(rp + (size_t)(s / FX_NL) * (size_t)FX_BLOCK_BYTES, s % FX_NL, reg);
            const float* xs = x + (size_t)s * FX_SUB;
#pragma unroll
            for (int i = 0; i < FX_SUB; i++) {
                acc += reg[i] * xs[i];
            }
        }
    }

    red[tid] = acc;
    __syncthreads();
    for (int st = MV_TPR / 2; st > 0; st >>= 1) {
        if (lane < st) {
            red[tid] += red[tid + st];
        }
        __syncthreads();
    }
    if (lane == 0 && row < n_rows) {
        dst[(size_t)split * (size_t)n_rows + (size_t)row] = red[tid];
    }
}
