// Q8_1 activation quantization: one warp per block of 32 activations, one activation per lane.
// Needs ferrox_f32_to_f16 (f32_to_f16.cuh) before it.
extern "C" __global__ void ferrox_quantize_q8_1(const float* __restrict__ x, unsigned char* __restrict__ y, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;  // the activation this lane quantizes
    // The host requires n % 32 == 0 and blockDim.x % 32 == 0, so a warp is wholly in or wholly out here: a warp
    // with some lanes returned would leave the full-mask shuffles below naming lanes that never arrive.
    if (i >= n) {
        return;
    }
    const float xi = x[i];
    float amax = fabsf(xi);
    float sum = xi;
    // xor butterfly: after offsets 16, 8, 4, 2, 1 every lane holds the same max and the same sum (IEEE add and fmaxf
    // are commutative, so lanes i and i^o compute identical bits); the twin sums in exactly this tree order.
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) {
        amax = fmaxf(amax, __shfl_xor_sync(0xFFFFFFFFu, amax, o));
        sum += __shfl_xor_sync(0xFFFFFFFFu, sum, o);
    }
    const float d = amax / 127.0f;  // 127, not 128: the int8 range used is symmetric, so -128 never appears
    const float r = roundf(xi / d);  // a division, rounded once (ggml's CPU reference multiplies by 1/d: two roundings)
    // amax == 0 would give 0/0 = NaN; an infinite or NaN activation gives a NaN quotient. Both store 0, explicitly:
    // a float-to-int conversion of NaN is undefined in C++ and 0 on the GPU.
    const signed char q = (amax == 0.0f || r != r) ? (signed char)0 : (signed char)r;
    unsigned char* blk = y + (size_t)(i / 32) * 36;
    blk[4 + i % 32] = (unsigned char)q;
    if (i % 32 == 0) {  // one lane writes the block header: half d, then half sum (a half2 (d, s))
        const unsigned short hd = ferrox_f32_to_f16(d), hs = ferrox_f32_to_f16(sum);
        blk[0] = (unsigned char)(hd & 0xFF);
        blk[1] = (unsigned char)(hd >> 8);
        blk[2] = (unsigned char)(hs & 0xFF);
        blk[3] = (unsigned char)(hs >> 8);
    }
}
