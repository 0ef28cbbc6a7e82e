// ferrox_lit CPU runtime: CUDA's built-in vector types for g++ (included by host_shim.h).
#pragma once
struct __attribute__((aligned(16))) float4 { float x, y, z, w; };
struct __attribute__((aligned(8))) float2 { float x, y; };
static inline float4 make_float4(float x, float y, float z, float w) { return float4{x, y, z, w}; }
