__device__ __forceinline__ float ferrox_e4m3_to_f32(unsigned char x) {
    if ((x & 0x7F) == 0x7F) return 0.0f;          // S.1111.111 is E4M3's NaN (both signs): +0.0, as ggml's CUDA decodes it
    const unsigned int e = (x >> 3) & 0xF;        // 4 exponent bits, bias 7
    const unsigned int m = x & 0x7;               // 3 mantissa bits
    const float mag = e == 0 ? (float)m * 0.001953125f                              // subnormal: m * 2^-9, exact
                             : __int_as_float((int)(((e + 120u) << 23) | (m << 20))); // (1 + m/8) * 2^(e-7): float32 exponent e - 7 + 127
    return (x & 0x80) ? -mag : mag;               // bit 7 is the sign, as in OCP E4M3 and ggml's CUDA (__nv_fp8_e4m3)
}
