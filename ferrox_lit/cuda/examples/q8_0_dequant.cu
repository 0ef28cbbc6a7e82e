// A Q8_0 dequantizer written the way llama.cpp's ggml-cuda writes its kernels (convert.cu): the block
// struct with a half scale, a kernel templated over the output type dst_t, one CUDA thread per element
// pair. Device code only: the host launches it as dequantize_block_q8_0<float> or <half>.
#include <cuda_fp16.h>
#include <cstdint>

#define QK8_0 32

typedef struct {
    half   d;            // delta (the block's scale)
    int8_t qs[QK8_0];    // quants
} block_q8_0;
static_assert(sizeof(block_q8_0) == sizeof(half) + QK8_0, "wrong q8_0 block size/padding");

template<typename dst_t>
static __device__ __forceinline__ dst_t convert_out(const float v) { return v; }

template<>
__device__ __forceinline__ half convert_out<half>(const float v) { return __float2half(v); }

// Each CUDA thread writes two consecutive elements; blockDim.x * 2 elements per CUDA block.
template<typename dst_t>
static __global__ void dequantize_block_q8_0(const void * __restrict__ vx, dst_t * __restrict__ y, const int64_t k) {
    const int64_t i = 2 * ((int64_t) blockDim.x * blockIdx.x + threadIdx.x);   // first element of this thread
    if (i >= k) {
        return;
    }

    const block_q8_0 * x = (const block_q8_0 *) vx;
    const int64_t ib  = i / QK8_0;     // block index
    const int     iqs = i % QK8_0;     // quant index within the block

    const float d = __half2float(x[ib].d);

    y[i + 0] = convert_out<dst_t>(d * x[ib].qs[iqs + 0]);
    y[i + 1] = convert_out<dst_t>(d * x[ib].qs[iqs + 1]);
}
