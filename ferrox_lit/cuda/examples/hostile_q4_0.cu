// hostile_q4_0.cu: a correct Q4_0 dequant (one CUDA block of 32 threads per quant block, thread t writes element t)
// with three holes, the upper-case names below (a statement, an offset added to the store's index, where x points),
// that the hostile-input tests and benchmarks/hostile_vet.py fill: an infinite loop, a 1 GiB __shared__ array, a trap,
// an out-of-bounds write, a null read.
#include <cuda_fp16.h>
#include <cstdint>
struct block_q4_0 { half d; uint8_t qs[16]; };
__global__ void dq(const void * __restrict__ vx, float * __restrict__ y, int64_t nb) {
    const int64_t i = blockIdx.x;
    const int t = threadIdx.x;
    if (i >= nb) return;
    const block_q4_0 * x = (const block_q4_0 *) X_SOURCE;
    const float d = __half2float(x[i].d);
    const int q = t < 16 ? (x[i].qs[t % 16] & 0xF) : (x[i].qs[t % 16] >> 4);
    BODY
    y[i * 32 + t + OFFSET] = d * (float) (q - 8);
}
