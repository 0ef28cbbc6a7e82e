// dequantize.cu: one dequantization kernel per GGUF kind, templated over the output type dst_t
// (float or half), in the style of llama.cpp's convert.cu. Each kernel is derived from the
// element map on ferrox_lit's format page for its kind (nbs/1*_*.ipynb) and writes, for every
// element, the same float32 operations in the same order as that page's twin: with dst_t = half
// the float result is rounded once.
//
// Launches (n elements, nb blocks of the kind):
//   32-element kinds  dequantize_block_<kind><dst_t>  grid cdiv(n, 512), block 256, args (x, y, n)
//   K-quants, IQ4_XS  dequantize_block_<kind><dst_t>  grid nb, block 64 (Q2_K, Q3_K, Q6_K) or 32,
//                                                     args (x, y)
#include "common.cuh"

// ---- 32-element blocks: two elements per thread ---------------------------------------
// v.x and v.y: elements iqs and iqs + 1 (qr == 1) or iqs and iqs + 16 (qr == 2) of block ib
typedef void (*dequantize_kernel_t)(const void * vx, const int64_t ib, const int iqs, float2 & v);

static __device__ __forceinline__ void dequantize_q8_0(const void * vx, const int64_t ib, const int iqs, float2 & v) {
    const block_q8_0 * x = (const block_q8_0 *) vx;
    const float d = __half2float(x[ib].d);
    v.x = d * x[ib].qs[iqs + 0];
    v.y = d * x[ib].qs[iqs + 1];
}

static __device__ __forceinline__ void dequantize_q4_0(const void * vx, const int64_t ib, const int iqs, float2 & v) {
    const block_q4_0 * x = (const block_q4_0 *) vx;
    const float d = __half2float(x[ib].d);
    const uint8_t q = x[ib].qs[iqs];
    v.x = d * ((q & 0xF) - 8);
    v.y = d * ((q >>  4) - 8);
}

static __device__ __forceinline__ void dequantize_q5_0(const void * vx, const int64_t ib, const int iqs, float2 & v) {
    const block_q5_0 * x = (const block_q5_0 *) vx;
    const float d = __half2float(x[ib].d);
    uint32_t qh;
    memcpy(&qh, x[ib].qh, sizeof(qh));             // little-endian: bit e belongs to element e
    const uint8_t q = x[ib].qs[iqs];
    const int c0 = (q & 0xF) | (((qh >> (iqs +  0)) & 1) << 4);
    const int c1 = (q >>  4) | (((qh >> (iqs + 16)) & 1) << 4);
    v.x = d * (c0 - 16);
    v.y = d * (c1 - 16);
}

static __device__ __forceinline__ void dequantize_iq4_nl(const void * vx, const int64_t ib, const int iqs, float2 & v) {
    const block_iq4_nl * x = (const block_iq4_nl *) vx;
    const float d = __half2float(x[ib].d);
    const uint8_t q = x[ib].qs[iqs];
    v.x = d * kvalues_iq4nl[q & 0xF];
    v.y = d * kvalues_iq4nl[q >>  4];
}

static __device__ __forceinline__ void dequantize_mxfp4(const void * vx, const int64_t ib, const int iqs, float2 & v) {
    const block_mxfp4 * x = (const block_mxfp4 *) vx;
    const float d = e8m0_to_float(x[ib].e);
    const uint8_t q = x[ib].qs[iqs];
    v.x = d * kvalues_mxfp4[q & 0xF];
    v.y = d * kvalues_mxfp4[q >>  4];
}

template <int qk, int qr, dequantize_kernel_t dequantize_kernel, typename dst_t>
static __device__ __forceinline__ void dequantize_pairs(const void * __restrict__ vx, dst_t * __restrict__ y, const int64_t k) {
    const int64_t i = 2 * ((int64_t) blockDim.x * blockIdx.x + threadIdx.x);   // this thread's first element
    if (i >= k) {
        return;
    }
    const int64_t ib   = i / qk;              // block index
    const int     iqs  = (i % qk) / qr;       // quant index within the block
    const int64_t iybs = i - i % qk;          // the block's first output
    const int y_offset = qr == 1 ? 1 : qk / 2;

    float2 v;
    dequantize_kernel(vx, ib, iqs, v);
    y[iybs + iqs + 0]        = v.x;
    y[iybs + iqs + y_offset] = v.y;
}

template <typename dst_t>
static __global__ void dequantize_block_q8_0(const void * __restrict__ vx, dst_t * __restrict__ y, const int64_t k) {
    dequantize_pairs<QK8_0, QR8_0, dequantize_q8_0>(vx, y, k);
}

template <typename dst_t>
static __global__ void dequantize_block_q4_0(const void * __restrict__ vx, dst_t * __restrict__ y, const int64_t k) {
    dequantize_pairs<QK4_0, QR4_0, dequantize_q4_0>(vx, y, k);
}

template <typename dst_t>
static __global__ void dequantize_block_q5_0(const void * __restrict__ vx, dst_t * __restrict__ y, const int64_t k) {
    dequantize_pairs<QK5_0, QR5_0, dequantize_q5_0>(vx, y, k);
}

template <typename dst_t>
static __global__ void dequantize_block_iq4_nl(const void * __restrict__ vx, dst_t * __restrict__ y, const int64_t k) {
    dequantize_pairs<QK4_NL, QR4_NL, dequantize_iq4_nl>(vx, y, k);
}

template <typename dst_t>
static __global__ void dequantize_block_mxfp4(const void * __restrict__ vx, dst_t * __restrict__ y, const int64_t k) {
    dequantize_pairs<QK_MXFP4, QR_MXFP4, dequantize_mxfp4>(vx, y, k);
}

// ---- 256-element super-blocks: one CUDA block per super-block -------------------------

// 64 threads: thread (n, l) = (tid / 32, tid % 32) writes elements 128*n + 32*k + l, k = 0..3,
// whose codes all sit in byte qs[32*n + l], two bits each
template <typename dst_t>
static __global__ void dequantize_block_q2_K(const void * __restrict__ vx, dst_t * __restrict__ yy) {
    const int64_t i = blockIdx.x;
    const block_q2_K * x = (const block_q2_K *) vx + i;
    const int n  = threadIdx.x / 32;
    const int l  = threadIdx.x % 32;
    const int is = 8*n + l/16;                 // sub-block (16 elements) of element 128*n + l

    const float dall = __low2half(x->dm);
    const float dmin = __high2half(x->dm);
    const uint8_t q = x->qs[32*n + l];
    dst_t * y = yy + i*QK_K + 128*n + l;
#pragma unroll
    for (int k = 0; k < 4; ++k) {
        const uint8_t sc = x->scales[is + 2*k];
        y[32*k] = dall * (sc & 0xF) * ((q >> 2*k) & 3) - dmin * (sc >> 4);
    }
}

// 64 threads, mapped as Q2_K's; the scale of sub-block j has its low four bits in the nibble j/8
// of byte j%8 and its top two bits in bits 2*(j/4) of byte 8 + j%4, biased by 32
template <typename dst_t>
static __global__ void dequantize_block_q3_K(const void * __restrict__ vx, dst_t * __restrict__ yy) {
    const int64_t i = blockIdx.x;
    const block_q3_K * x = (const block_q3_K *) vx + i;
    const int n = threadIdx.x / 32;
    const int l = threadIdx.x % 32;

    const float d = x->d;
    const uint8_t q = x->qs[32*n + l];
    const uint8_t h = x->hmask[l];
    dst_t * y = yy + i*QK_K + 128*n + l;
#pragma unroll
    for (int k = 0; k < 4; ++k) {
        const int j  = 8*n + 2*k + l/16;
        const int lo = (x->scales[j % 8] >> 4*(j / 8)) & 0xF;
        const int hi = (x->scales[8 + j % 4] >> 2*(j / 4)) & 3;
        const float dl = d * ((lo | hi << 4) - 32);
        const int ql = (q >> 2*k) & 3;
        y[32*k] = dl * (ql - ((h >> (4*n + k)) & 1 ? 0 : 4));
    }
}

// 32 threads: lane l writes elements 64*g + l (low nibble of qs[32*g + l]) and 64*g + 32 + l
// (its high nibble), g = 0..3, with the scales and mins of sub-blocks 2*g and 2*g + 1
template <typename dst_t>
static __global__ void dequantize_block_q4_K(const void * __restrict__ vx, dst_t * __restrict__ yy) {
    const int64_t i = blockIdx.x;
    const block_q4_K * x = (const block_q4_K *) vx + i;
    const int l = threadIdx.x;

    const float dall = __low2float(x->dm);
    const float dmin = __high2float(x->dm);
    dst_t * y = yy + i*QK_K + l;
#pragma unroll
    for (int g = 0; g < 4; ++g) {
        uint8_t sc, m;
        get_scale_min_k4(2*g + 0, x->scales, sc, m);
        const float d1 = dall * sc; const float m1 = dmin * m;
        get_scale_min_k4(2*g + 1, x->scales, sc, m);
        const float d2 = dall * sc; const float m2 = dmin * m;
        const uint8_t q = x->qs[32*g + l];
        y[64*g +  0] = d1 * (q & 0xF) - m1;
        y[64*g + 32] = d2 * (q >>  4) - m2;
    }
}

// 32 threads, mapped as Q4_K's; the fifth bit of element r is bit r/32 of qh[r%32]
template <typename dst_t>
static __global__ void dequantize_block_q5_K(const void * __restrict__ vx, dst_t * __restrict__ yy) {
    const int64_t i = blockIdx.x;
    const block_q5_K * x = (const block_q5_K *) vx + i;
    const int l = threadIdx.x;

    const float2 dm = __half22float2(x->dm);
    const uint8_t qh = x->qh[l];
    dst_t * y = yy + i*QK_K + l;
#pragma unroll
    for (int g = 0; g < 4; ++g) {
        uint8_t sc, m;
        get_scale_min_k4(2*g + 0, x->scales, sc, m);
        const float d1 = dm.x * sc; const float m1 = dm.y * m;
        get_scale_min_k4(2*g + 1, x->scales, sc, m);
        const float d2 = dm.x * sc; const float m2 = dm.y * m;
        const uint8_t q = x->qs[32*g + l];
        y[64*g +  0] = d1 * ((q & 0xF) | (((qh >> (2*g + 0)) & 1) << 4)) - m1;
        y[64*g + 32] = d2 * ((q >>  4) | (((qh >> (2*g + 1)) & 1) << 4)) - m2;
    }
}

// 64 threads: thread (ip, l) writes elements 128*ip + 32*g + l, g = 0..3: the low four bits in
// nibble g/2 of ql[64*ip + 32*(g%2) + l], the high two in bits 2*g of qh[32*ip + l]; code - 32
template <typename dst_t>
static __global__ void dequantize_block_q6_K(const void * __restrict__ vx, dst_t * __restrict__ yy) {
    const int64_t i = blockIdx.x;
    const block_q6_K * x = (const block_q6_K *) vx + i;
    const int ip = threadIdx.x / 32;
    const int l  = threadIdx.x % 32;

    const float d = x->d;
    const uint8_t qh = x->qh[32*ip + l];
    const int8_t * sc = x->scales + 8*ip + l/16;
    dst_t * y = yy + i*QK_K + 128*ip + l;
#pragma unroll
    for (int g = 0; g < 4; ++g) {
        const int lo = (x->ql[64*ip + 32*(g % 2) + l] >> 4*(g / 2)) & 0xF;
        const int hi = (qh >> 2*g) & 3;
        y[32*g] = d * sc[2*g] * ((lo | hi << 4) - 32);
    }
}

// 32 threads: thread (ib, il) = (tid / 4, tid % 4) writes group ib's elements 4*il + j and
// 4*il + j + 16, j = 0..3, from bytes qs[16*ib + 4*il + j]
template <typename dst_t>
static __global__ void dequantize_block_iq4_xs(const void * __restrict__ vx, dst_t * __restrict__ yy) {
    const int64_t i = blockIdx.x;
    const block_iq4_xs * x = (const block_iq4_xs *) vx + i;
    const int ib = threadIdx.x / 4;
    const int il = threadIdx.x % 4;

    const int ls = ((x->scales_l[ib / 2] >> 4*(ib % 2)) & 0xF) | (((x->scales_h >> 2*ib) & 3) << 4);
    const float dl = __half2float(x->d) * (ls - 32);
    const uint8_t * q4 = x->qs + 16*ib + 4*il;
    dst_t * y = yy + i*QK_K + 32*ib + 4*il;
#pragma unroll
    for (int j = 0; j < 4; ++j) {
        y[j +  0] = dl * kvalues_iq4nl[q4[j] & 0xF];
        y[j + 16] = dl * kvalues_iq4nl[q4[j] >>  4];
    }
}
