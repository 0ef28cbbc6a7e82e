// MMVQ: the decode matvec on Q8_1 activations. One warp per output row (threadIdx.y picks the warp's row, blockDim.x is
// 32); lane l accumulates the row's 32-element chunks l, l+32, l+64, ... against each activation column, in float, in
// that order, then an xor butterfly adds the 32 lanes' partial sums. Needs FX_VDOT, FX_NCHUNK (chunks per weight
// block), FX_BLOCK_BYTES and FX_MAX_BATCH defined before it.
//
// One instantiation per batch (1..FX_MAX_BATCH), chosen once per launch: with the column count a constant, the column
// loop has no guards, and the FX_MAX_BATCH calls of FX_VDOT on one weight chunk read and unpack the same words, so the
// compiler loads and decodes each chunk once for all columns (a runtime batch would keep every column's copy behind its
// own `b < batch` branch).
template <int B>
static __device__ __forceinline__ void fx_mmvq_row(const unsigned char* __restrict__ wr, const unsigned char* __restrict__ a,
                                                   float* __restrict__ y, int lane, int row, int n_rows, int n_chunk) {
    float acc[B];                     // one partial sum per activation column, in registers
#pragma unroll
    for (int b = 0; b < B; b++) {
        acc[b] = 0.0f;
    }
    for (int c = lane; c < n_chunk; c += 32) {  // consecutive lanes read consecutive chunks: coalesced Q8_1 loads
        const unsigned char* wb = wr + (size_t)(c / FX_NCHUNK) * FX_BLOCK_BYTES;
#pragma unroll
        for (int b = 0; b < B; b++) {
            acc[b] += FX_VDOT(wb, a + ((size_t)b * (size_t)n_chunk + (size_t)c) * 36, c % FX_NCHUNK);
        }
    }
#pragma unroll
    for (int b = 0; b < B; b++) {
#pragma unroll
        for (int o = 16; o > 0; o >>= 1) {
            acc[b] += __shfl_xor_sync(0xFFFFFFFFu, acc[b], o);
        }
        if (lane == 0) {
            y[(size_t)b * (size_t)n_rows + (size_t)row] = acc[b];
        }
    }
}

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
#ifdef FX_ONE_BATCH  // the static cost rung's build: only the instantiation its launch runs (the host checks batch)
    fx_mmvq_row<FX_ONE_BATCH>(wr, a, y, lane, row, n_rows, n_chunk);
#else
    static_assert(FX_MAX_BATCH == 8, "one case per batch 1..FX_MAX_BATCH below");
    switch (batch) {  // uniform across the launch: every warp takes the same case; the host refuses batch outside 1..8
    case 1: fx_mmvq_row<1>(wr, a, y, lane, row, n_rows, n_chunk); break;
    case 2: fx_mmvq_row<2>(wr, a, y, lane, row, n_rows, n_chunk); break;
    case 3: fx_mmvq_row<3>(wr, a, y, lane, row, n_rows, n_chunk); break;
    case 4: fx_mmvq_row<4>(wr, a, y, lane, row, n_rows, n_chunk); break;
    case 5: fx_mmvq_row<5>(wr, a, y, lane, row, n_rows, n_chunk); break;
    case 6: fx_mmvq_row<6>(wr, a, y, lane, row, n_rows, n_chunk); break;
    case 7: fx_mmvq_row<7>(wr, a, y, lane, row, n_rows, n_chunk); break;
    case 8: fx_mmvq_row<8>(wr, a, y, lane, row, n_rows, n_chunk); break;
    default: break;
    }
#endif
}
