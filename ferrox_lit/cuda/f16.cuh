__device__ __forceinline__ float ferrox_f16_to_f32(unsigned short bits) {
#ifdef __CUDACC__
    float f;   // a CUDA compiler: the hardware's exact conversion (HADD2.F32 on sm_80+, F2F.F32.F16 before); no header needed
    asm("cvt.f32.f16 %0, %1;" : "=f"(f) : "h"(bits));
    return f;
#else
    unsigned int sign = (bits >> 15) & 0x1u;
    unsigned int exp = (bits >> 10) & 0x1Fu;
    unsigned int mant = bits & 0x3FFu;
    float scale;
    if (exp == 0) {
        scale = ldexpf((float)mant, -24);
    } else if (exp == 31) {
        scale = mant ? __int_as_float(0x7fc00000) : __int_as_float(0x7f800000);
    } else {
        scale = ldexpf((float)(mant | 0x400), (int)exp - 25);
    }
    return sign ? -scale : scale;
#endif
}
