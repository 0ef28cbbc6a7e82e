// A dequantizer for llama.cpp's block_q8_1 (the int8 activation blocks: a half2 holding the scale d and
// the block's sum s, then 32 quants) that reads the scale pair as ONE 4-byte word, the way the int8
// dot-product kernels load their operands. Correct on a GPU, where cudaMalloc returns 256-byte aligned
// memory and a 36-byte block keeps every ds 4-byte aligned; wrong for a buffer that starts 2 bytes
// past that, which a tensor view can.
#include <cuda_fp16.h>
#include <cstdint>

#define QK8_1 32

typedef struct {
    half2  ds;           // d (low half) and the block's sum s (high half)
    int8_t qs[QK8_1];    // quants
} block_q8_1;
static_assert(sizeof(block_q8_1) == 2 * sizeof(half) + QK8_1, "wrong q8_1 block size/padding");

template<typename dst_t>
static __global__ void dequantize_block_q8_1(const void * __restrict__ vx, dst_t * __restrict__ y, const int64_t k) {
    const int64_t i = (int64_t) blockDim.x * blockIdx.x + threadIdx.x;
    if (i >= k) {
        return;
    }

    const block_q8_1 * x = (const block_q8_1 *) vx;
    const int64_t ib = i / QK8_1;

    const int ds = *(const int *) &x[ib].ds;   // d and s in one 32-bit load
    const float d = __half2float(__ushort_as_half((unsigned short) (ds & 0xFFFF)));

    y[i] = d * x[ib].qs[i % QK8_1];
}
