// mmvq.cu: the int8 decode matvec on Q8_1 activations, in the style of llama.cpp's mmvq.cu and vecdotq.cuh.
// The activations come quantized to block_q8_1 (32 int8 quants and a half2 (d, s) per 32 values); each weight block
// is dotted with them on __dp4a, and the float scales are applied to the exact integer sums.
//
// Work split (llama.cpp's mul_mat_vec_q): one CUDA block of MMVQ_NWARPS warps per weight row. Thread
// tid = 32*warp + lane takes the row's work items tid, tid + 128, ... (an item is one Q8_0 block, or one 64-weight
// group of a Q4_K super-block); warps 1..3 then leave their partial sums in shared memory, warp 0 adds them to its
// own in warp order and its 32 lanes meet in warp_reduce_sum. That is another summation order than ferrox_lit's MMVQ
// (a warp per row, lanes striding over 32-weight chunks, a butterfly only), and the Q4_K dot adds two sub-blocks'
// terms before the super-block's scales, as llama.cpp's does: the float results differ from ferrox_lit's twin in the
// last bits, and vet holds this kernel to the a-priori bound of the int8 matvec instead of the twin's bits.
//
// Launch: grid nrows, block (32, MMVQ_NWARPS); ncols a multiple of the kind's block; ncols_y (activation columns)
// 1..MMVQ_MAX_BATCH. vy holds ncols_y columns of ncols/32 block_q8_1 each; dst ncols_y columns of nrows floats.
#include "common.cuh"

#define MMVQ_NWARPS 4
#define MMVQ_MAX_BATCH 8
#define QK8_1 32

typedef struct {
    half2 ds;               // x: the scale d, y: the sum of the block's 32 float activations (unused here)
    int8_t qs[QK8_1];       // activation i = d * qs[i]
} block_q8_1;
static_assert(sizeof(block_q8_1) == 36, "block_q8_1: 36 bytes");

// a 32-bit word of 4-byte-aligned data (a block_q8_1's quants start at byte 4 of a 36-byte block)
static __device__ __forceinline__ int get_int_b4(const void * x, const int i32) {
    return ((const int *) x)[i32];
}

// Q8_0 x Q8_1, one 32-weight block (item p is always 0)
static __device__ __forceinline__ float vec_dot_q8_0_q8_1(const block_q8_0 * bq, const block_q8_1 * by, const int p) {
    (void) p;
    int sumi = 0;
#pragma unroll
    for (int i = 0; i < QK8_0/4; ++i) {
        sumi = __dp4a(get_int_b2(bq->qs, i), get_int_b4(by->qs, i), sumi);
    }
    return __half2float(bq->d) * __low2float(by->ds) * (float) sumi;
}

// Q4_K x Q8_1, item p (0..3) of a super-block: sub-blocks 2p (low nibbles of qs[32p .. 32p+31]) and 2p + 1 (high
// nibbles) against Q8_1 blocks 2p and 2p + 1. Both sub-blocks' scaled sums are added before dm.x (the scales'
// super-scale) and dm.y (the mins') are applied; the min term takes the integer sum of the activation quants.
static __device__ __forceinline__ float vec_dot_q4_K_q8_1(const block_q4_K * bq, const block_q8_1 * by, const int p) {
    float sumf_d = 0.0f;
    float sumf_m = 0.0f;
#pragma unroll
    for (int s = 0; s < 2; ++s) {
        const block_q8_1 * b8 = by + 2*p + s;
        uint8_t sc, m;
        get_scale_min_k4(2*p + s, bq->scales, sc, m);
        int dot = 0, asum = 0;
#pragma unroll
        for (int i = 0; i < 8; ++i) {
            const int u = get_int_b4(b8->qs, i);
            dot  = __dp4a((get_int_b2(bq->qs + 32*p, i) >> (4*s)) & 0x0F0F0F0F, u, dot);
            asum = __dp4a(0x01010101, u, asum);
        }
        const float d8 = __low2float(b8->ds);
        sumf_d += d8 * (float) (dot * sc);
        sumf_m += d8 * (float) (asum * m);
    }
    const float2 dm = __half22float2(bq->dm);
    return dm.x * sumf_d - dm.y * sumf_m;
}

// the body shared by the kernels: items per thread, the cross-warp sum through shared memory, the warp's reduction
template <typename block_t, int qk, int items_per_block, float (*vec_dot)(const block_t *, const block_q8_1 *, const int)>
static __device__ __forceinline__ void mul_mat_vec_q(const void * __restrict__ vx, const void * __restrict__ vy,
                                                     float * __restrict__ dst, const int ncols, const int nrows,
                                                     const int ncols_y, float (*tmp_shared)[MMVQ_MAX_BATCH][WARP_SIZE]) {
    const int row = blockIdx.x;
    const int tid = threadIdx.y * WARP_SIZE + threadIdx.x;
    const int nb  = ncols / qk;         // weight blocks per row
    const int nb8 = ncols / QK8_1;      // Q8_1 blocks per activation column
    const block_t * x = (const block_t *) vx + (int64_t) row * nb;
    const block_q8_1 * y = (const block_q8_1 *) vy;

    float tmp[MMVQ_MAX_BATCH];
#pragma unroll
    for (int j = 0; j < MMVQ_MAX_BATCH; ++j) {
        tmp[j] = 0.0f;
    }
    for (int it = tid; it < nb * items_per_block; it += MMVQ_NWARPS * WARP_SIZE) {
        const int ib = it / items_per_block;
        const int p  = it % items_per_block;
#pragma unroll
        for (int j = 0; j < MMVQ_MAX_BATCH; ++j) {
            if (j < ncols_y) {
                tmp[j] += vec_dot(x + ib, y + (int64_t) j * nb8 + ib * (qk / QK8_1), p);
            }
        }
    }

    if (threadIdx.y > 0) {
#pragma unroll
        for (int j = 0; j < MMVQ_MAX_BATCH; ++j) {
            tmp_shared[threadIdx.y - 1][j][threadIdx.x] = tmp[j];
        }
    }
    __syncthreads(); // the partial sums of warps 1.. are stored
    if (threadIdx.y > 0) {
        return;
    }
    for (int j = 0; j < ncols_y; ++j) {   // ncols_y is the same for every lane: the full-mask shuffles stay uniform
#pragma unroll
        for (int w = 0; w < MMVQ_NWARPS - 1; ++w) {
            tmp[j] += tmp_shared[w][j][threadIdx.x];
        }
        tmp[j] = warp_reduce_sum(tmp[j]);
        if (threadIdx.x == 0) {
            dst[(int64_t) j * nrows + row] = tmp[j];
        }
    }
}

static __global__ void mul_mat_vec_q8_0_q8_1(const void * __restrict__ vx, const void * __restrict__ vy, float * __restrict__ dst,
                                             const int ncols, const int nrows, const int ncols_y) {
    __shared__ float tmp_shared[MMVQ_NWARPS - 1][MMVQ_MAX_BATCH][WARP_SIZE];
    mul_mat_vec_q<block_q8_0, QK8_0, 1, vec_dot_q8_0_q8_1>(vx, vy, dst, ncols, nrows, ncols_y, tmp_shared);
}

static __global__ void mul_mat_vec_q4_K_q8_1(const void * __restrict__ vx, const void * __restrict__ vy, float * __restrict__ dst,
                                             const int ncols, const int nrows, const int ncols_y) {
    __shared__ float tmp_shared[MMVQ_NWARPS - 1][MMVQ_MAX_BATCH][WARP_SIZE];
    mul_mat_vec_q<block_q4_K, QK_K, 4, vec_dot_q4_K_q8_1>(vx, vy, dst, ncols, nrows, ncols_y, tmp_shared);
}
