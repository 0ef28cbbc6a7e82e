// ferrox_lit CPU runtime: library_types.h for g++. CUDA's library data types (cuBLAS names its operands' types with them).
#ifndef FX_LIBRARY_TYPES_H
#define FX_LIBRARY_TYPES_H
typedef enum cudaDataType_t { CUDA_R_32F = 0, CUDA_R_16F = 2, CUDA_R_8I = 3, CUDA_R_32I = 10, CUDA_R_16BF = 14 } cudaDataType_t;
#endif
