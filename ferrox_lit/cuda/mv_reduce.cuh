extern "C" __global__ void ferrox_mv_reduce(
    const float* __restrict__ partials,
    float* __restrict__ dst,
    int n_rows,
    int n_split
) {
    const int row = blockIdx.x * MV_REDUCE_THREADS + threadIdx.x;
    if (row >= n_rows) {
        return;
    }
    float acc = partials[row];
    for (int s = 1; s < n_split; s++) {
        acc += partials[(size_t)s * (size_t)n_rows + (size_t)row];
    }
    dst[row] = acc;
}
