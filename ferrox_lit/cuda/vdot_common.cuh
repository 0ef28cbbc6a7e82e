// Shared by every ferrox_vdot_<kind>: little-endian loads of a 16- and a 32-bit word, byte by byte.
// Byte by byte because nothing stronger than 1-byte alignment holds for every block: Q8_0 (34 B) and IQ4_NL (18 B)
// blocks are 2-byte aligned at best, MXFP4 (17 B) 1-byte; a 32-bit load of a misaligned address faults on the GPU.
static __device__ __forceinline__ unsigned short ferrox_vdot_u16(const unsigned char* p) {
    return (unsigned short)(p[0] | (p[1] << 8));
}
static __device__ __forceinline__ int ferrox_vdot_i32(const unsigned char* p) {
    return (int)((unsigned int)p[0] | ((unsigned int)p[1] << 8) | ((unsigned int)p[2] << 16) | ((unsigned int)p[3] << 24));
}
// Codebook kinds: four 4-bit codes, one in the low nibble of each byte of v, looked up in a 16-entry int8 table and packed
// back as four int8 lanes (byte k of the result is t[code of byte k]).
static __device__ __forceinline__ __attribute__((unused)) int ferrox_vdot_lut4(const signed char* t, unsigned int v) {
    return (int)((unsigned int)(unsigned char)t[v & 15u] | ((unsigned int)(unsigned char)t[(v >> 8) & 15u] << 8)
               | ((unsigned int)(unsigned char)t[(v >> 16) & 15u] << 16) | ((unsigned int)(unsigned char)t[(v >> 24) & 15u] << 24));
}
