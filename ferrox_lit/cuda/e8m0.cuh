__device__ __forceinline__ float ferrox_e8m0_to_f32(unsigned char e) {
    return e == 0 ? __int_as_float(0x00400000)
                  : __int_as_float((int)((unsigned int)e << 23));
}
