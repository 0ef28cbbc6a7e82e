// A user's int8 GEMM for Q8_0 weights and Q8_1 activations, written the plain way (neither ours nor llama.cpp's):
// a CUDA block of 4 warps takes 4 weight rows x 8 activation columns; per K tile of 32 chunks the block stages the
// 8 columns' Q8_1 blocks in shared memory, each lane takes one chunk of the tile (a __dp4a chain) and keeps a partial
// sum per column, and a butterfly adds the 32 lanes' partial sums at the end. Its chunk terms are ours; its order
// (lane-strided, then a tree) and its scale product (dw * (da * sumi)) are not, so vet holds it to the int8 bound.
//   grid (cdiv(n_rows, 4), cdiv(batch, 8)), block (32, 4), args w, a, y, n_rows, n_cols, batch
#include <cuda_fp16.h>
#include <cstdint>

#define QK 32          // elements per Q8_0 / Q8_1 block: one chunk
#define NWARPS 4       // weight rows per CUDA block, one warp each
#define NCOLS 8        // activation columns per CUDA block
#define KTILE 32       // chunks per shared-memory stage: one per lane

struct block_q8_0 { half d; int8_t qs[QK]; };      // 34 bytes: the quants only 2-byte aligned
struct block_q8_1 { half2 ds; int8_t qs[QK]; };    // 36 bytes: d and the sum, then 32 quants (4-byte aligned)

static __device__ __forceinline__ int get_int_b2(const void* p, int i) {   // quants 4i..4i+3 of a 2-byte aligned array
    const uint16_t* p16 = (const uint16_t*) p;
    return (int) ((uint32_t) p16[2 * i] | ((uint32_t) p16[2 * i + 1] << 16));
}

extern "C" __global__ void mul_mat_q8_0_q8_1(const void* __restrict__ vw, const void* __restrict__ va,
                                             float* __restrict__ y, int n_rows, int n_cols, int batch) {
    __shared__ int tile_q[NCOLS][KTILE][QK / 4 + 1];   // +1 word: lane k reads word 9k + j, 32 banks (stride 8: 4-way)
    __shared__ float tile_d[NCOLS][KTILE];
    const int lane = threadIdx.x, warp = threadIdx.y;
    const int row = blockIdx.x * NWARPS + warp;
    const int col0 = blockIdx.y * NCOLS;
    const int nb = n_cols / QK;
    const block_q8_1* a = (const block_q8_1*) va;
    const block_q8_0* w = (const block_q8_0*) vw + (int64_t) row * nb;
    float acc[NCOLS];
    for (int c = 0; c < NCOLS; c++) acc[c] = 0.0f;
    for (int k0 = 0; k0 < nb; k0 += KTILE) {
        for (int i = warp * 32 + lane; i < NCOLS * KTILE; i += NWARPS * 32) {   // the tile's Q8_1 blocks, zero past the edges
            const int c = i / KTILE, k = i % KTILE;
            const bool in = col0 + c < batch && k0 + k < nb;
            const block_q8_1* b = a + (int64_t) (col0 + c) * nb + k0 + k;
            tile_d[c][k] = in ? __low2float(b->ds) : 0.0f;
            for (int j = 0; j < QK / 4; j++) tile_q[c][k][j] = in ? ((const int*) b->qs)[j] : 0;
        }
        __syncthreads();
        const int k = k0 + lane;
        if (row < n_rows && k < nb) {
            const float dw = __half2float(w[k].d);
            int wq[QK / 4];
            for (int j = 0; j < QK / 4; j++) wq[j] = get_int_b2(w[k].qs, j);
            for (int c = 0; c < NCOLS; c++) {
                int sumi = 0;
                for (int j = 0; j < QK / 4; j++) sumi = __dp4a(wq[j], tile_q[c][lane][j], sumi);
                acc[c] += dw * (tile_d[c][lane] * (float) sumi);
            }
        }
        __syncthreads();
    }
    for (int c = 0; c < NCOLS; c++)
        for (int off = 16; off > 0; off >>= 1) acc[c] += __shfl_xor_sync(0xffffffff, acc[c], off);
    if (lane == 0 && row < n_rows)
        for (int c = 0; c < NCOLS && col0 + c < batch; c++) y[(int64_t) (col0 + c) * n_rows + row] = acc[c];
}
