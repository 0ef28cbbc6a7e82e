// ferrox_lit CPU runtime: cuda_runtime.h for g++ (include after host_shim.h): the fp16 and bf16 headers.
#ifndef FX_CUDA_RUNTIME_H
#define FX_CUDA_RUNTIME_H
#include "cuda_fp16.h"
#include "cuda_bf16.h"
#endif
