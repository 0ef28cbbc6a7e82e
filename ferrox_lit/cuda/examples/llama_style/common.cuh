// common.cuh: block structs and helpers for the llama-style example kernels.
//
// Written for ferrox_lit in the style of llama.cpp's ggml-cuda (block structs with half/half2
// scale fields, device functions templated over the output type); derived from ferrox_lit's
// format pages (nbs/1*_*.ipynb), not copied from ggml. It compiles unchanged with nvcc and with
// ferrox_lit's CPU runtime.
#pragma once

#include <cstdint>
#include <cuda_fp16.h>

#define WARP_SIZE 32
#define QK_K 256            // elements per super-block of the K-quants and IQ4_XS

// ---- 32-element blocks ---------------------------------------------------------------
#define QK8_0 32
#define QR8_0 1             // one element per byte: pairs are neighbours
typedef struct {
    half d;                 // scale
    int8_t qs[QK8_0];       // element i = d * qs[i]
} block_q8_0;
static_assert(sizeof(block_q8_0) == 34, "block_q8_0: 34 bytes");

#define QK4_0 32
#define QR4_0 2             // two elements per byte: j (low nibble) and j + 16 (high nibble)
typedef struct {
    half d;
    uint8_t qs[QK4_0 / 2];  // element j: low nibble of qs[j]; element j + 16: high nibble; code - 8
} block_q4_0;
static_assert(sizeof(block_q4_0) == 18, "block_q4_0: 18 bytes");

#define QK5_0 32
#define QR5_0 2
typedef struct {
    half d;
    uint8_t qh[4];          // bit e (little-endian 32-bit word) is the fifth bit of element e
    uint8_t qs[QK5_0 / 2];  // low four bits, nibbles as Q4_0; code - 16
} block_q5_0;
static_assert(sizeof(block_q5_0) == 22, "block_q5_0: 22 bytes");

#define QK4_NL 32
#define QR4_NL 2
typedef struct {
    half d;
    uint8_t qs[QK4_NL / 2]; // nibbles as Q4_0, each an index into kvalues_iq4nl
} block_iq4_nl;
static_assert(sizeof(block_iq4_nl) == 18, "block_iq4_nl: 18 bytes");

#define QK_MXFP4 32
#define QR_MXFP4 2
typedef struct {
    uint8_t e;              // E8M0 scale: 2^(e - 127)
    uint8_t qs[QK_MXFP4 / 2]; // nibbles as Q4_0, each an E2M1 code
} block_mxfp4;
static_assert(sizeof(block_mxfp4) == 17, "block_mxfp4: 17 bytes");

// ---- 256-element super-blocks --------------------------------------------------------
typedef struct {
    uint8_t scales[QK_K / 16]; // sub-block j (16 elements): scale in the low nibble, min in the high nibble
    uint8_t qs[QK_K / 4];      // element r: byte 32*(r/128) + r%32, bits 2*((r%128)/32)
    half2 dm;                  // x: super-scale of the scales, y: super-scale of the mins
} block_q2_K;
static_assert(sizeof(block_q2_K) == 84, "block_q2_K: 84 bytes");

typedef struct {
    uint8_t hmask[QK_K / 8];   // element r: bit r/32 of hmask[r%32]; clear means subtract 4
    uint8_t qs[QK_K / 4];      // low two bits, laid out as Q2_K's
    uint8_t scales[12];        // 16 six-bit scales biased by 32, packed
    half d;
} block_q3_K;
static_assert(sizeof(block_q3_K) == 110, "block_q3_K: 110 bytes");

typedef struct {
    half2 dm;                  // x: super-scale of the 6-bit scales, y: of the 6-bit mins
    uint8_t scales[12];        // 8 scales and 8 mins, six bits each, packed
    uint8_t qs[QK_K / 2];      // element r: byte 32*(r/64) + r%32, low nibble if r%64 < 32
} block_q4_K;
static_assert(sizeof(block_q4_K) == 144, "block_q4_K: 144 bytes");

typedef struct {
    half2 dm;
    uint8_t scales[12];        // as Q4_K
    uint8_t qh[QK_K / 8];      // fifth bit of element r: bit r/32 of qh[r%32]
    uint8_t qs[QK_K / 2];      // low four bits, as Q4_K
} block_q5_K;
static_assert(sizeof(block_q5_K) == 176, "block_q5_K: 176 bytes");

typedef struct {
    uint8_t ql[QK_K / 2];      // low four bits
    uint8_t qh[QK_K / 4];      // high two bits
    int8_t scales[QK_K / 16];  // int8 scale of each 16 elements
    half d;
} block_q6_K;
static_assert(sizeof(block_q6_K) == 210, "block_q6_K: 210 bytes");

typedef struct {
    half d;
    uint16_t scales_h;         // bits 2*ib, 2*ib + 1: the top two bits of group ib's scale
    uint8_t scales_l[QK_K / 64]; // nibble ib%2 of byte ib/2: the low four bits
    uint8_t qs[QK_K / 2];      // group ib at qs[16*ib]: byte k holds codes k (low) and k + 16 (high)
} block_iq4_xs;
static_assert(sizeof(block_iq4_xs) == 136, "block_iq4_xs: 136 bytes");

// ---- tables ----------------------------------------------------------------------------
static const __device__ int8_t kvalues_iq4nl[16] = {
    -127, -104, -83, -65, -49, -35, -22, -10, 1, 13, 25, 38, 53, 69, 89, 113,
};

// E2M1 values; code 8 is negative zero, which an int8 table could not hold
static const __device__ float kvalues_mxfp4[16] = {
    0.0f, 0.5f, 1.0f, 1.5f, 2.0f, 3.0f, 4.0f, 6.0f,
    -0.0f, -0.5f, -1.0f, -1.5f, -2.0f, -3.0f, -4.0f, -6.0f,
};

// ---- helpers ---------------------------------------------------------------------------
// E8M0 -> float: 2^(e - 127); e == 0 is the subnormal 2^-127, e == 255 reads as infinity
static __device__ __forceinline__ float e8m0_to_float(uint8_t e) {
    const uint32_t bits = e == 0 ? 0x00400000u : (uint32_t) e << 23;
    float f;
    memcpy(&f, &bits, sizeof(float));
    return f;
}

// sub-block j (0..7) of Q4_K/Q5_K: its six-bit scale d and min m from the 12 packed bytes q.
// Bytes 0..3 hold scales 0..3, bytes 4..7 mins 0..3 (six bits each); scale and min 4 + k take
// their low four bits from byte 8 + k and their top two from the spare bits 6..7 of bytes k and 4 + k.
static __device__ __forceinline__ void get_scale_min_k4(int j, const uint8_t * q, uint8_t & d, uint8_t & m) {
    if (j < 4) {
        d = q[j] & 63;
        m = q[4 + j] & 63;
        return;
    }
    const int k = j - 4;
    d = (q[8 + k] & 0xF) | ((q[k] >> 6) << 4);
    m = (q[8 + k] >> 4) | ((q[4 + k] >> 6) << 4);
}

// a 32-bit word of 2-byte-aligned data (Q8_0's codes start at byte 2 of a 34-byte block)
static __device__ __forceinline__ int get_int_b2(const void * x, const int i32) {
    const uint16_t * x16 = (const uint16_t *) x;
    return (int) (x16[2*i32 + 0] | ((uint32_t) x16[2*i32 + 1] << 16));
}

// sum over the 32 lanes of a warp: five butterfly steps, after which every lane holds the sum
template <typename T>
static __device__ __forceinline__ T warp_reduce_sum(T x) {
#pragma unroll
    for (int offset = 16; offset > 0; offset >>= 1) {
        x += __shfl_xor_sync(0xffffffff, x, offset, WARP_SIZE);
    }
    return x;
}
