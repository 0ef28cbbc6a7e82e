// ferrox_lit CPU runtime: CUDA's built-in vector types for g++ (included by host_shim.h), with CUDA's sizes and
// alignments (vector_types.h of the CUDA toolkit: a 2-vector is aligned to its size, a 4-vector to its size up to 16,
// a 3-vector to its element) and the make_* functions.
#pragma once
#define FX_VEC2(T, N, A) struct __attribute__((aligned(A))) N { T x, y; }; \
    static inline N make_##N(T x, T y) { N v; v.x = x; v.y = y; return v; }
#define FX_VEC3(T, N) struct N { T x, y, z; }; \
    static inline N make_##N(T x, T y, T z) { N v; v.x = x; v.y = y; v.z = z; return v; }
#define FX_VEC4(T, N, A) struct __attribute__((aligned(A))) N { T x, y, z, w; }; \
    static inline N make_##N(T x, T y, T z, T w) { N v; v.x = x; v.y = y; v.z = z; v.w = w; return v; }
FX_VEC2(signed char, char2, 2)      FX_VEC4(signed char, char4, 4)
FX_VEC2(unsigned char, uchar2, 2)   FX_VEC4(unsigned char, uchar4, 4)
FX_VEC2(short, short2, 4)           FX_VEC4(short, short4, 8)
FX_VEC2(unsigned short, ushort2, 4) FX_VEC4(unsigned short, ushort4, 8)
FX_VEC2(int, int2, 8)               FX_VEC3(int, int3)                  FX_VEC4(int, int4, 16)
FX_VEC2(unsigned int, uint2, 8)                                         FX_VEC4(unsigned int, uint4, 16)
FX_VEC2(float, float2, 8)           FX_VEC3(float, float3)              FX_VEC4(float, float4, 16)
FX_VEC2(long long, longlong2, 16)   FX_VEC2(unsigned long long, ulonglong2, 16)
FX_VEC2(double, double2, 16)
#undef FX_VEC2
#undef FX_VEC4
struct uint3 { unsigned int x, y, z; };
static inline uint3 make_uint3(unsigned int x, unsigned int y, unsigned int z) { uint3 v; v.x = x; v.y = y; v.z = z; return v; }
#undef FX_VEC3
// dim3: uint3 whose unspecified components default to 1, as CUDA's does
struct dim3 {
    unsigned int x, y, z;
    constexpr dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1) : x(vx), y(vy), z(vz) {}
    constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
    constexpr operator uint3() const { return uint3{x, y, z}; }
};
#define FX_SIZE_ALIGN(N, S, A) static_assert(sizeof(N) == S && alignof(N) == A, #N ": CUDA's size and alignment");
FX_SIZE_ALIGN(char2, 2, 2) FX_SIZE_ALIGN(char4, 4, 4) FX_SIZE_ALIGN(uchar2, 2, 2) FX_SIZE_ALIGN(uchar4, 4, 4)
FX_SIZE_ALIGN(short2, 4, 4) FX_SIZE_ALIGN(ushort2, 4, 4) FX_SIZE_ALIGN(short4, 8, 8) FX_SIZE_ALIGN(int2, 8, 8)
FX_SIZE_ALIGN(int3, 12, 4) FX_SIZE_ALIGN(int4, 16, 16) FX_SIZE_ALIGN(uint2, 8, 8) FX_SIZE_ALIGN(uint3, 12, 4)
FX_SIZE_ALIGN(uint4, 16, 16) FX_SIZE_ALIGN(float2, 8, 8) FX_SIZE_ALIGN(float3, 12, 4) FX_SIZE_ALIGN(float4, 16, 16)
FX_SIZE_ALIGN(double2, 16, 16) FX_SIZE_ALIGN(longlong2, 16, 16) FX_SIZE_ALIGN(dim3, 12, 4)
#undef FX_SIZE_ALIGN
