// mmv.cu: matrix-vector products over dequantized weights, one warp per row, in the style of
// llama.cpp's mul_mat_vec kernels. dst[row] = sum_c w[row, c] * x[c] with w dequantized in
// float exactly as dequantize.cu does; each lane keeps a partial sum and the warp adds the 32
// partials with warp_reduce_sum (__shfl_xor_sync). Launch: block (32, MMV_NWARPS), grid
// cdiv(nrows, MMV_NWARPS); ncols a multiple of the kind's block size.
#include "common.cuh"

#define MMV_NWARPS 4

// Q8_0: per step the warp reads one block of the row, lane l taking element l
static __global__ void mul_mat_vec_q8_0(const void * __restrict__ vx, const float * __restrict__ x, float * __restrict__ dst,
                                        const int ncols, const int nrows) {
    const int row  = blockIdx.x * blockDim.y + threadIdx.y;
    const int lane = threadIdx.x;
    if (row >= nrows) {
        return;
    }
    const int nb = ncols / QK8_0;
    const block_q8_0 * w = (const block_q8_0 *) vx + (int64_t) row * nb;

    float sum = 0.0f;
    for (int ib = 0; ib < nb; ++ib) {
        const float d = __half2float(w[ib].d);
        sum += d * w[ib].qs[lane] * x[ib*QK8_0 + lane];
    }
    sum = warp_reduce_sum(sum);
    if (lane == 0) {
        dst[row] = sum;
    }
}

// Q4_K: per step the warp stages the super-block's 256 activations in shared memory with
// coalesced loads, then lane (g, r) = (lane / 8, lane % 8) dequantizes bytes qs[32*g + 4*r + t],
// t = 0..3: elements 64*g + 4*r + t (low nibble) and 64*g + 32 + 4*r + t (high nibble)
static __global__ void mul_mat_vec_q4_K(const void * __restrict__ vx, const float * __restrict__ x, float * __restrict__ dst,
                                        const int ncols, const int nrows) {
    __shared__ float xs[MMV_NWARPS][QK_K];

    const int row  = blockIdx.x * blockDim.y + threadIdx.y;
    const int lane = threadIdx.x;
    if (row >= nrows) {
        return;
    }
    const int nb = ncols / QK_K;
    const block_q4_K * w = (const block_q4_K *) vx + (int64_t) row * nb;
    float * xw = xs[threadIdx.y];
    const int g = lane / 8;
    const int r = lane % 8;

    float sum = 0.0f;
    for (int ib = 0; ib < nb; ++ib) {
#pragma unroll
        for (int k = 0; k < QK_K/WARP_SIZE; ++k) {
            xw[k*WARP_SIZE + lane] = x[ib*QK_K + k*WARP_SIZE + lane];
        }
        __syncwarp(); // the slice is staged

        const float dall = __low2float(w[ib].dm);
        const float dmin = __high2float(w[ib].dm);
        uint8_t sc, m;
        get_scale_min_k4(2*g + 0, w[ib].scales, sc, m);
        const float d1 = dall * sc; const float m1 = dmin * m;
        get_scale_min_k4(2*g + 1, w[ib].scales, sc, m);
        const float d2 = dall * sc; const float m2 = dmin * m;
        const uint8_t * q  = w[ib].qs + 32*g + 4*r;
        const float   * xv = xw + 64*g + 4*r;
#pragma unroll
        for (int t = 0; t < 4; ++t) {
            sum += (d1 * (q[t] & 0xF) - m1) * xv[t];
            sum += (d2 * (q[t] >>  4) - m2) * xv[t + 32];
        }
        __syncwarp(); // every lane is done with the slice before the next one overwrites it
    }
    sum = warp_reduce_sum(sum);
    if (lane == 0) {
        dst[row] = sum;
    }
}
