// dot.cu: Q8_0 weights times int8 activations with __dp4a, in the style of llama.cpp's
// vecdotq.cuh / mmvq.cu. The activations come as int8 codes xq (ncols of them, 4-byte aligned)
// with one float scale xd per 32. Block ib of a row contributes d_w * xd[ib] * sumi, sumi the
// integer dot of the 32 weight codes with the 32 activation codes, taken four bytes at a time.
// One warp per row; lane l takes blocks l, l + 32, ...; the 32 partials meet in warp_reduce_sum.
// Launch: block (32, MMV_NWARPS), grid cdiv(nrows, MMV_NWARPS).
#include "common.cuh"

#define MMV_NWARPS 4

// the integer dot of one Q8_0 block's codes with 32 activation codes (8 words)
static __device__ __forceinline__ int vec_dot_q8_0_i8(const block_q8_0 * bq, const int * xi) {
    int sumi = 0;
#pragma unroll
    for (int j = 0; j < QK8_0/4; ++j) {
        sumi = __dp4a(get_int_b2(bq->qs, j), xi[j], sumi);   // qs starts at byte 2: two 16-bit loads
    }
    return sumi;
}

static __global__ void mul_mat_vec_q8_0_dp4a(const void * __restrict__ vx, const int8_t * __restrict__ xq,
                                             const float * __restrict__ xd, float * __restrict__ dst,
                                             const int ncols, const int nrows) {
    const int row  = blockIdx.x * blockDim.y + threadIdx.y;
    const int lane = threadIdx.x;
    if (row >= nrows) {
        return;
    }
    const int nb = ncols / QK8_0;
    const block_q8_0 * w = (const block_q8_0 *) vx + (int64_t) row * nb;
    const int * xi = (const int *) xq;

    float sum = 0.0f;
    for (int ib = lane; ib < nb; ib += WARP_SIZE) {
        const int sumi = vec_dot_q8_0_i8(w + ib, xi + ib*(QK8_0/4));
        sum += __half2float(w[ib].d) * xd[ib] * (float) sumi;
    }
    sum = warp_reduce_sum(sum);
    if (lane == 0) {
        dst[row] = sum;
    }
}
