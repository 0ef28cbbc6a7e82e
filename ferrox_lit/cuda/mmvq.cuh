// MMVQ: the decode matvec on Q8_1 activations. One warp per output row (threadIdx.y picks the warp's row, blockDim.x is
// 32); lane l accumulates the row's 32-element chunks l, l+32, l+64, ... against each activation column, in float, in
// that order, then an xor butterfly adds the 32 lanes' partial sums. Needs FX_VDOT, FX_NCHUNK (chunks per weight
// block), FX_BLOCK_BYTES and FX_MAX_BATCH defined before it.
extern "C" __global__ void FX_ENTRY(const unsigned char* __restrict__ w, const unsigned char* __restrict__ a,
                                    float* __restrict__ y, int n_rows, int n_cols, int batch, int row_bytes) {
    const int lane = threadIdx.x;
    const int row = blockIdx.x * blockDim.y + threadIdx.y;
    // A whole warp shares one row, so a warp is wholly in or wholly out here: the full-mask shuffles below never name
    // a lane that returned (a ragged last CUDA block drops whole warps).
    if (row >= n_rows) {
        return;
    }
    const int n_chunk = n_cols / 32;  // the host requires n_cols % (the kind's block) == 0, hence % 32 == 0
    const unsigned char* wr = w + (size_t)row * (size_t)row_bytes;
    float acc[FX_MAX_BATCH];          // one partial sum per activation column; FX_MAX_BATCH bounds the registers
#pragma unroll
    for (int b = 0; b < FX_MAX_BATCH; b++) {
        acc[b] = 0.0f;
    }
    for (int c = lane; c < n_chunk; c += 32) {  // consecutive lanes read consecutive chunks: coalesced Q8_1 loads
        const unsigned char* wb = wr + (size_t)(c / FX_NCHUNK) * FX_BLOCK_BYTES;
#pragma unroll
        for (int b = 0; b < FX_MAX_BATCH; b++) {
            if (b < batch) {
                acc[b] += FX_VDOT(wb, a + ((size_t)b * (size_t)n_chunk + (size_t)c) * 36, c % FX_NCHUNK);
            }
        }
    }
#pragma unroll
    for (int b = 0; b < FX_MAX_BATCH; b++) {
        if (b < batch) {  // uniform across the warp: every lane takes the same branch, so the full mask is right
#pragma unroll
            for (int o = 16; o > 0; o >>= 1) {
                acc[b] += __shfl_xor_sync(0xFFFFFFFFu, acc[b], o);
            }
            if (lane == 0) {
                y[(size_t)b * (size_t)n_rows + (size_t)row] = acc[b];
            }
        }
    }
}
