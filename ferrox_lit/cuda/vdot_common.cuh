// Shared by every ferrox_vdot_<kind>: little-endian loads of a weight block's 16- and 32-bit words and of a Q8_1 block's
// words, each as wide as its alignment allows (a load of a misaligned address faults on the GPU).
// - Weights: every block but MXFP4's (17 B) is an even number of bytes and every field ggml reads as a word starts at an
//   even offset, so a weight word is 2-byte aligned, and no more: Q4_0 (18 B), Q8_0 (34 B) and Q6_K (210 B) blocks put
//   every other block at 2 mod 4. A weight word is therefore two 16-bit loads (LDG.U16), as llama.cpp's get_int_b2.
// - Activations: a Q8_1 block is 36 B and the activation buffer starts 4-aligned, so each of its words is one 32-bit load.
// - MXFP4 (17 B blocks: any alignment) reads its words byte by byte.
static __device__ __forceinline__ __attribute__((unused)) unsigned short ferrox_vdot_u16(const unsigned char* p) {   // p 2-byte aligned
    return *(const unsigned short*)p;
}
static __device__ __forceinline__ __attribute__((unused)) int ferrox_vdot_i32(const unsigned char* p) {              // p 2-byte aligned
    const unsigned short* h = (const unsigned short*)p;
    return (int)((unsigned int)h[0] | ((unsigned int)h[1] << 16));
}
static __device__ __forceinline__ __attribute__((unused)) int ferrox_vdot_a32(const unsigned char* p) {              // p 4-byte aligned (Q8_1)
    return *(const int*)p;
}
static __device__ __forceinline__ __attribute__((unused)) int ferrox_vdot_i32_b1(const unsigned char* p) {   // any alignment
    return (int)((unsigned int)p[0] | ((unsigned int)p[1] << 8) | ((unsigned int)p[2] << 16) | ((unsigned int)p[3] << 24));
}
// fp16 bits -> float, exact (the int8 path's scales: the weights' d/dmin, Q8_1's d). On a CUDA compiler, the hardware's
// conversion, PTX cvt.f32.f16 (one HADD2.F32 on sm_80 and later, F2F.F32.F16 before), as the prelude's ferrox_f16_to_f32
// also takes there. On the CPU runtime (g++, no __CUDACC__), the same map in branch-free integer steps (the prelude's CPU
// form is the seed's ldexpf derivation, about 20 instructions and 4 branches), checked against the fp16 twin on all 65,536 inputs (45_vdot). A NaN comes out as a NaN
// (payloads are not part of any twin's contract: two NaNs agree).
static __device__ __forceinline__ __attribute__((unused)) float ferrox_vdot_f16(unsigned short h) {
#ifdef __CUDACC__
    float f;
    asm("cvt.f32.f16 %0, %1;" : "=f"(f) : "h"(h));
    return f;
#else
    const unsigned int em = h & 0x7fffu;                        // exponent and mantissa, the sign set aside
    const float sub = (float)em * 5.9604644775390625e-08f;      // exponent 0: m * 2^-24, exact (m < 2^10, the product normal)
    unsigned int bits = em >= 0x7c00u ? (em > 0x7c00u ? 0x7fc00000u : 0x7f800000u)   // exponent 31: NaN, infinity
                                      : (em << 13) + 0x38000000u;                    // else: exponent rebiased 15 -> 127
    bits = em < 0x0400u ? __float_as_uint(sub) : bits;
    return __uint_as_float(bits | ((unsigned int)(h & 0x8000u) << 16));
#endif
}
// Codebook kinds: four 4-bit codes, one in the low nibble of each byte of v, looked up in a 16-entry int8 table and packed
// back as four int8 lanes (byte k of the result is t[code of byte k]).
static __device__ __forceinline__ __attribute__((unused)) int ferrox_vdot_lut4(const signed char* t, unsigned int v) {
    return (int)((unsigned int)(unsigned char)t[v & 15u] | ((unsigned int)(unsigned char)t[(v >> 8) & 15u] << 8)
               | ((unsigned int)(unsigned char)t[(v >> 16) & 15u] << 16) | ((unsigned int)(unsigned char)t[(v >> 24) & 15u] << 24));
}
