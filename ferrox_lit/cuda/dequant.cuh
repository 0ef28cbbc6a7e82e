extern "C" __global__ void FX_FN_NAME(const unsigned char* __restrict__ src, float* __restrict__ dst, int n_blocks) {
    const int sub = blockIdx.x * blockDim.x + threadIdx.x;
    if (sub >= n_blocks * FX_NL) {
        return;
    }
    float reg[16];
    FX_DEQUANT(src + (size_t)(sub / FX_NL) * (size_t)FX_BLOCK_BYTES, sub % FX_NL, reg);
#pragma unroll
    for (int i = 0; i < 16; i++) {
        dst[(size_t)sub * 16 + i] = reg[i];
    }
}
