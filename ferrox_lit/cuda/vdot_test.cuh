// The test kernel of ferrox_lit.vdot: one thread per (weight block, 32-element chunk), each writing that chunk's
// contribution FX_VDOT(block, its Q8_1 block, chunk) to out[t]. FX_NCHUNK = block_elems / 32, FX_BLOCK_BYTES the
// kind's block stride; the Q8_1 blocks are laid out [block][chunk] with a 36-byte stride.
extern "C" __global__ void FX_ENTRY(const unsigned char* w, const unsigned char* a, float* out, int n) {
    const int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    out[t] = FX_VDOT(w + (size_t)(t / FX_NCHUNK) * FX_BLOCK_BYTES, a + (size_t)t * 36, t % FX_NCHUNK);
}
