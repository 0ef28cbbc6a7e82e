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
    // d == 0 (amax == 0, or amax below 127 times the smallest subnormal, where amax / 127 underflows) would give x / 0:
    // inf or NaN; an infinite or NaN activation gives a NaN quotient. All store 0, explicitly: a float-to-int
    // conversion of NaN or inf is undefined in C++ (a GPU's cvt gives 0 for NaN and saturates inf).
    // The clamp matters only where d is subnormal and so coarsely rounded that |x / d| can pass 127 (amax = 143
    // subnormal units gives d = 1 unit, x / d = 143): without it the conversion to signed char is undefined too.
    const signed char q = (d == 0.0f || r != r) ? (signed char)0 : (signed char)fminf(fmaxf(r, -127.0f), 127.0f);
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
