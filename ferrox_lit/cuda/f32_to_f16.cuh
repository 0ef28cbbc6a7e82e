__device__ __forceinline__ unsigned short ferrox_f32_to_f16(float f) {
    const unsigned int x = (unsigned int)__float_as_int(f);
    const unsigned int sign = (x >> 16) & 0x8000u;
    const unsigned int mag = x & 0x7FFFFFFFu;
    if (mag > 0x7F800000u) {
        return (unsigned short)(sign | 0x7E00u);
    }
    if (mag >= 0x477FF000u) {
        return (unsigned short)(sign | 0x7C00u);
    }
    if (mag < 0x38800000u) {
        const unsigned int e = mag >> 23;
        if (e < 102u) {
            return (unsigned short)sign;
        }
        const unsigned int m = (mag & 0x7FFFFFu) | 0x800000u;
        const unsigned int shift = 126u - e;
        const unsigned int rem = m & ((1u << shift) - 1u), half = 1u << (shift - 1u);
        unsigned int h = m >> shift;
        h += (rem > half || (rem == half && (h & 1u))) ? 1u : 0u;
        return (unsigned short)(sign | h);
    }
    const unsigned int r = mag - 0x38000000u;
    unsigned int h = r >> 13;
    const unsigned int rem = r & 0x1FFFu;
    h += (rem > 0x1000u || (rem == 0x1000u && (h & 1u))) ? 1u : 0u;
    return (unsigned short)(sign | h);
}
