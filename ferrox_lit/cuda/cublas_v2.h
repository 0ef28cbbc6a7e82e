// ferrox_lit CPU runtime: cublas_v2.h for g++, and vet's nvcc rung's stand-in where the real header is not installed (the
// nvidia-cublas wheel carries the whole library for a header a kernel file includes only for its host code). cuBLAS's names as
// declarations that compile and never run (see cuda_runtime_api.h): a .cu file whose host code calls cuBLAS builds as written.
#ifndef FX_CUBLAS_V2_H
#define FX_CUBLAS_V2_H
#include <cuda_runtime_api.h>   // the runtime's stand-in under g++, CUDA's own under nvcc
#include <library_types.h>
#ifndef FX_HOST_API             // under nvcc (CUDA's cuda_runtime_api.h): the same never-run declarations, here
#define FX_HOST_API(ret, name) \
    template <class... A> inline ret name(A&&...) { __builtin_trap(); }
#endif
enum cublasStatus_t { CUBLAS_STATUS_SUCCESS = 0, CUBLAS_STATUS_NOT_INITIALIZED = 1, CUBLAS_STATUS_ALLOC_FAILED = 3,
                      CUBLAS_STATUS_INVALID_VALUE = 7, CUBLAS_STATUS_ARCH_MISMATCH = 8, CUBLAS_STATUS_MAPPING_ERROR = 11,
                      CUBLAS_STATUS_EXECUTION_FAILED = 13, CUBLAS_STATUS_INTERNAL_ERROR = 14, CUBLAS_STATUS_NOT_SUPPORTED = 15 };
enum cublasOperation_t { CUBLAS_OP_N = 0, CUBLAS_OP_T = 1, CUBLAS_OP_C = 2 };
enum cublasMath_t { CUBLAS_DEFAULT_MATH = 0, CUBLAS_TENSOR_OP_MATH = 1, CUBLAS_TF32_TENSOR_OP_MATH = 3 };
enum cublasComputeType_t { CUBLAS_COMPUTE_16F = 64, CUBLAS_COMPUTE_32F = 68, CUBLAS_COMPUTE_32F_FAST_16F = 74,
                           CUBLAS_COMPUTE_32F_FAST_TF32 = 77 };
enum cublasGemmAlgo_t { CUBLAS_GEMM_DEFAULT = -1, CUBLAS_GEMM_DEFAULT_TENSOR_OP = 99 };
typedef struct cublasContext* cublasHandle_t;
FX_HOST_API(cublasStatus_t, cublasCreate)       FX_HOST_API(cublasStatus_t, cublasDestroy)
FX_HOST_API(cublasStatus_t, cublasSetStream)    FX_HOST_API(cublasStatus_t, cublasSetMathMode)
FX_HOST_API(const char*, cublasGetStatusString) FX_HOST_API(cublasStatus_t, cublasGemmEx)
FX_HOST_API(cublasStatus_t, cublasGemmBatchedEx) FX_HOST_API(cublasStatus_t, cublasGemmStridedBatchedEx)
FX_HOST_API(cublasStatus_t, cublasSgemm)
#endif
