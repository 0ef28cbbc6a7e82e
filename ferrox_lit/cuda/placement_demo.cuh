// A synthetic grid kernel for the table-placement page: one thread turns one index byte into 8 outputs by looking up
// a 256 x u64 grid (the shape of IQ2_XXS's), the way the IQ formats' snippets do. With `uniform` set, every thread of
// a block reads the entry the block's first byte names (one address per warp: what the constant cache is built for);
// otherwise each thread reads the entry its own byte names (data-indexed: up to 32 addresses per warp).
// The grid's declaration (`ferrox_demo_grid`, from its Table) is emitted before this text.
extern "C" __global__ void placement_demo(const unsigned char* __restrict__ q, float* __restrict__ y, int n, int uniform) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const unsigned long long g = ferrox_demo_grid[uniform ? q[blockIdx.x * blockDim.x] : q[i]];
#pragma unroll
    for (int k = 0; k < 8; k++) y[8 * i + k] = (float)(unsigned int)((g >> (8 * k)) & 0xFFu);
}
