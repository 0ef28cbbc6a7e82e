// ferrox_lit CPU runtime: cuda.h for g++. The driver API's names as declarations that compile and never run (see
// cuda_runtime_api.h): a .cu file that includes it for its host code builds as written.
#ifndef FX_CUDA_H
#define FX_CUDA_H
#include "cuda_runtime_api.h"
#define CUDA_VERSION CUDART_VERSION
enum cudaError_enum { CUDA_SUCCESS = 0, CUDA_ERROR_INVALID_VALUE = 1, CUDA_ERROR_OUT_OF_MEMORY = 2, CUDA_ERROR_NOT_SUPPORTED = 801 };
typedef enum cudaError_enum CUresult;
typedef int CUdevice;
typedef unsigned long long CUdeviceptr;
typedef unsigned long long CUmemGenericAllocationHandle;
typedef struct CUctx_st* CUcontext;
typedef struct CUstream_st* CUstream;
enum CUdevice_attribute { CU_DEVICE_ATTRIBUTE_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED = 102,
                          CU_DEVICE_ATTRIBUTE_VIRTUAL_ADDRESS_MANAGEMENT_SUPPORTED = 102 };
FX_HOST_API(CUresult, cuGetErrorString)   FX_HOST_API(CUresult, cuDeviceGet)
FX_HOST_API(CUresult, cuDeviceGetAttribute) FX_HOST_API(CUresult, cuMemCreate)
FX_HOST_API(CUresult, cuMemAddressReserve) FX_HOST_API(CUresult, cuMemAddressFree)
FX_HOST_API(CUresult, cuMemMap)           FX_HOST_API(CUresult, cuMemUnmap)
FX_HOST_API(CUresult, cuMemRelease)       FX_HOST_API(CUresult, cuMemSetAccess)
FX_HOST_API(CUresult, cuMemGetAllocationGranularity)
#endif
