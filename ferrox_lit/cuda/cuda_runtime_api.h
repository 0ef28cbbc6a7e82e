// ferrox_lit CPU runtime: cuda_runtime_api.h for g++. The host half of CUDA's runtime API as declarations that compile and never run.
// A .cu file's host code (launch wrappers, error checks, streams) is compiled so the file builds as it is written, but the runner
// calls only the kernel it launches itself: a host API call reached at run time stops the run with its name (fx_host_never_runs).
// Device-side runtime calls (cudaGridDependencySynchronize) are real: this runtime runs one grid at a time, so they return at once.
#ifndef FX_CUDA_RUNTIME_API_H
#define FX_CUDA_RUNTIME_API_H
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include "library_types.h"
// The CUDA release whose headers this runtime stands in for: fp8 (11.8) yes, fp4 (12.8, cuda_fp4.h) no, so a file's
// `#if CUDART_VERSION >= 12080` branches take their pre-12.8 path here (the nvcc rung builds the CUDA 13 path).
#define CUDART_VERSION 12060

[[noreturn]] inline void fx_host_never_runs(const char* what) {
    std::fprintf(stderr, "ferrox_lit: host code reached at run time (%s): the CPU runtime compiles a file's host code but "
                         "runs only the kernel it launches\n", what);
    std::abort();
}

enum cudaError { cudaSuccess = 0, cudaErrorInvalidValue = 1, cudaErrorMemoryAllocation = 2, cudaErrorInitializationError = 3,
                 cudaErrorInvalidConfiguration = 9, cudaErrorInvalidDevice = 101, cudaErrorNotReady = 600,
                 cudaErrorPeerAccessAlreadyEnabled = 704, cudaErrorNotSupported = 801, cudaErrorUnknown = 999 };
typedef enum cudaError cudaError_t;
enum cudaMemcpyKind { cudaMemcpyHostToHost = 0, cudaMemcpyHostToDevice = 1, cudaMemcpyDeviceToHost = 2,
                      cudaMemcpyDeviceToDevice = 3, cudaMemcpyDefault = 4 };
enum cudaFuncAttribute { cudaFuncAttributeMaxDynamicSharedMemorySize = 8, cudaFuncAttributePreferredSharedMemoryCarveout = 9 };
enum cudaStreamCaptureStatus { cudaStreamCaptureStatusNone = 0, cudaStreamCaptureStatusActive = 1,
                               cudaStreamCaptureStatusInvalidated = 2 };
enum cudaStreamCaptureMode { cudaStreamCaptureModeGlobal = 0, cudaStreamCaptureModeThreadLocal = 1,
                             cudaStreamCaptureModeRelaxed = 2 };
enum cudaLaunchAttributeID { cudaLaunchAttributeProgrammaticStreamSerialization = 6 };
typedef struct CUstream_st* cudaStream_t;
typedef struct CUevent_st* cudaEvent_t;
typedef struct CUgraph_st* cudaGraph_t;
typedef struct CUgraphNode_st* cudaGraphNode_t;
typedef struct CUgraphExec_st* cudaGraphExec_t;
typedef struct CUfunc_st* cudaFunction_t;
#define cudaStreamDefault 0x00
#define cudaStreamNonBlocking 0x01
#define cudaEventDefault 0x00
#define cudaEventDisableTiming 0x02
#define cudaHostAllocDefault 0x00
#define cudaHostRegisterPortable 0x01
#define cudaHostRegisterReadOnly 0x08
#define cudaMemAttachGlobal 0x01
#define cudaDevAttrMemoryPoolsSupported 115
struct cudaDeviceProp { char name[256]; size_t totalGlobalMem, sharedMemPerBlock, sharedMemPerBlockOptin, sharedMemPerMultiprocessor;
                        int regsPerBlock, warpSize, maxThreadsPerBlock, maxThreadsDim[3], maxGridSize[3], major, minor,
                        multiProcessorCount, integrated, computeMode, l2CacheSize, pciBusID, pciDeviceID, pciDomainID;
                        size_t textureAlignment; };
struct cudaFuncAttributes { size_t sharedSizeBytes, constSizeBytes, localSizeBytes; int maxThreadsPerBlock, numRegs, ptxVersion,
                            binaryVersion, maxDynamicSharedSizeBytes; };
struct cudaLaunchAttributeValue { int programmaticStreamSerializationAllowed; };
struct cudaLaunchAttribute { cudaLaunchAttributeID id; cudaLaunchAttributeValue val; };
struct cudaLaunchConfig_t { dim3 gridDim, blockDim; size_t dynamicSmemBytes; cudaStream_t stream; cudaLaunchAttribute* attrs;
                            unsigned int numAttrs; };

// Every host API function takes any arguments (the nvcc rung checks them against CUDA's real declarations) and never runs.
#define FX_HOST_API(ret, name) \
    template <class... A> inline ret name(A&&...) { fx_host_never_runs(#name); }
FX_HOST_API(cudaError_t, cudaGetLastError)        FX_HOST_API(cudaError_t, cudaPeekAtLastError)
FX_HOST_API(const char*, cudaGetErrorString)      FX_HOST_API(const char*, cudaGetErrorName)
FX_HOST_API(cudaError_t, cudaGetDevice)           FX_HOST_API(cudaError_t, cudaSetDevice)
FX_HOST_API(cudaError_t, cudaGetDeviceCount)      FX_HOST_API(cudaError_t, cudaGetDeviceProperties)
FX_HOST_API(cudaError_t, cudaDeviceGetAttribute)  FX_HOST_API(cudaError_t, cudaDeviceSynchronize)
FX_HOST_API(cudaError_t, cudaMalloc)              FX_HOST_API(cudaError_t, cudaMallocManaged)
FX_HOST_API(cudaError_t, cudaMallocHost)          FX_HOST_API(cudaError_t, cudaMallocAsync)
FX_HOST_API(cudaError_t, cudaFree)                FX_HOST_API(cudaError_t, cudaFreeHost)
FX_HOST_API(cudaError_t, cudaFreeAsync)           FX_HOST_API(cudaError_t, cudaMemGetInfo)
FX_HOST_API(cudaError_t, cudaMemcpy)              FX_HOST_API(cudaError_t, cudaMemcpyAsync)
FX_HOST_API(cudaError_t, cudaMemcpy2DAsync)       FX_HOST_API(cudaError_t, cudaMemcpyPeerAsync)
FX_HOST_API(cudaError_t, cudaMemset)              FX_HOST_API(cudaError_t, cudaMemsetAsync)
FX_HOST_API(cudaError_t, cudaStreamCreateWithFlags) FX_HOST_API(cudaError_t, cudaStreamDestroy)
FX_HOST_API(cudaError_t, cudaStreamSynchronize)   FX_HOST_API(cudaError_t, cudaStreamWaitEvent)
FX_HOST_API(cudaError_t, cudaStreamBeginCapture)  FX_HOST_API(cudaError_t, cudaStreamEndCapture)
FX_HOST_API(cudaError_t, cudaStreamIsCapturing)   FX_HOST_API(cudaError_t, cudaEventCreate)
FX_HOST_API(cudaError_t, cudaEventCreateWithFlags) FX_HOST_API(cudaError_t, cudaEventDestroy)
FX_HOST_API(cudaError_t, cudaEventRecord)         FX_HOST_API(cudaError_t, cudaEventSynchronize)
FX_HOST_API(cudaError_t, cudaFuncSetAttribute)    FX_HOST_API(cudaError_t, cudaFuncGetAttributes)
FX_HOST_API(cudaError_t, cudaLaunchKernel)        FX_HOST_API(cudaError_t, cudaLaunchKernelEx)
FX_HOST_API(cudaError_t, cudaOccupancyMaxActiveBlocksPerMultiprocessor)
FX_HOST_API(cudaError_t, cudaGraphDestroy)        FX_HOST_API(cudaError_t, cudaGraphExecDestroy)
FX_HOST_API(cudaError_t, cudaGraphInstantiate)    FX_HOST_API(cudaError_t, cudaGraphLaunch)
FX_HOST_API(cudaError_t, cudaGraphGetNodes)       FX_HOST_API(cudaError_t, cudaGraphExecUpdate)
FX_HOST_API(cudaError_t, cudaHostRegister)        FX_HOST_API(cudaError_t, cudaHostUnregister)
FX_HOST_API(cudaError_t, cudaDeviceCanAccessPeer) FX_HOST_API(cudaError_t, cudaDeviceEnablePeerAccess)
FX_HOST_API(cudaError_t, cudaDeviceDisablePeerAccess)

// The launch a `<<<...>>>` in host code becomes (device.rewrite_launches): it names the kernel and never runs.
inline void fx_host_launch_never_runs(const char* kernel) { fx_host_never_runs(kernel); }

// Device-side runtime calls: programmatic dependent launch orders one grid after another; the CPU runtime runs one grid at a
// time, with the previous one finished, so waiting for it and signalling the next are both immediate (as griddepcontrol is).
inline void cudaGridDependencySynchronize() {}
inline void cudaTriggerProgrammaticLaunchCompletion() {}
#endif
