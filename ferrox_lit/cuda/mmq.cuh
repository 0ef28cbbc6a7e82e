// MMQ: the int8 tensor-core GEMM. y[col][row] = sum over 32-element chunks c of epilogue(weight block of (row, c), sumi, ...)
// where sumi = the int8 dot of the chunk's 32 weights with column col's Q8_1 quants, from one mma.sync m16n8k32 (K = 32 is
// exactly one chunk, so every mma yields one chunk's integer sums for a 16 x 8 tile, and the per-chunk float tail of the
// kind's vdot runs on them). Needs FX_MMQ_UNPACK, FX_MMQ_EPI, FX_NCHUNK (chunks per weight block), FX_BLOCK_BYTES and
// FX_MMQ_HALVES (1 for kinds with a scale per 16 elements: two m16n8k16 per chunk, one sum per half, instead of one k32).
// Optional, per kind (ferrox_lit.mmq.mmq_src reads them off the kind's pieces): FX_MMQ_PREP (the scale words of a (row,
// chunk), staged in shared memory by the weight stage and read by FX_MMQ_EPI_P, so the epilogue touches no global memory),
// FX_MMQ_GROUP (consecutive chunks one thread unpacks, so the bytes they share are loaded once) and FX_MMQ_PARTS (2: a
// thread unpacks one 16-element half of each, FX_MMQ_UNPACK_HALF) and FX_MMQ_SCALED_ASUM (the activation stage stores a
// float A beside da, one 8-byte pair, and a staged epilogue takes A in place of asum: 1, A = da * asum, one rounding, for
// tails written on it; 2, A = asum, exact, for tails that scale the integer sum themselves).
//
// A CUDA block is MMQ_WARPS warps and owns a tile of MMQ_ROWS weight rows x MMQ_COLS activation columns. Per stage of
// MMQ_KC chunks: the block unpacks its weight rows to int8 in shared memory (ws) and copies the Q8_1 quants of its columns
// (as), with each (column, chunk)'s scale da and quant sum asum; then warp w multiplies rows 16w..16w+15 by the
// MMQ_NT n8 tiles of the columns, one mma per (n8 tile, chunk), and adds each chunk's float term to its accumulators in
// chunk order.
// Below sm_80 (no int8 m16n8k32) each lane makes the same four sums with __dp4a instead: same tiles, same twin.
#define MMQ_WARPS 8                  // 256 threads: 16 rows per warp (the mma's M) x 8 = 128 rows share one activation tile
#define MMQ_ROWS (16 * MMQ_WARPS)    // weight rows per CUDA block
#define MMQ_COLS 128                 // activation columns per CUDA block: sixteen n8 mma tiles, so each A fragment (and each
                                     // unpacked weight tile) serves 128 columns; at 16 a batch of 128 unpacked every weight 8
                                     // times. 128 x 128 is llama.cpp's tile too: fewer global bytes per mma need a larger one
#define MMQ_NT (MMQ_COLS / 8)        // n8 mma tiles per CUDA block
#define MMQ_KC 4                     // chunks per shared-memory stage: 128 int8 per row, 4 mmas per (warp, n8 tile) per stage
#define MMQ_LD (32 * MMQ_KC + 16)    // row stride of ws/as in bytes: 36 words, so lane (g, t)'s fragment word is in bank
                                     // (4g + t) % 32, all 32 lanes distinct; 128 bytes (32 words) would put every g in one
                                     // bank group: 8-way conflicts on every fragment load
extern "C" __global__ void __launch_bounds__(32 * MMQ_WARPS, 1) FX_ENTRY(
    const unsigned char* __restrict__ w,   // weights: n_rows rows of row_bytes bytes (whole blocks of the kind)
    const unsigned char* __restrict__ a,   // Q8_1 activations: batch columns of n_cols / 32 blocks of 36 bytes
    float* __restrict__ y,                 // output: batch x n_rows floats
    int n_rows, int n_cols, int batch, int row_bytes) {
    __shared__ __align__(16) signed char ws[MMQ_ROWS * MMQ_LD];   // int8 weights of the stage: row r, chunk k at r*LD + 32k
    __shared__ __align__(16) signed char as[MMQ_COLS * MMQ_LD];   // int8 activation quants: column n, chunk k at n*LD + 32k
#if FX_MMQ_SCALED_ASUM
    __shared__ float2 das[MMQ_KC][MMQ_COLS];                      // (Q8_1 scale, scale * quant sum) of (chunk, column):
                                                                  // one 128-bit load serves a lane's two columns
#else
    __shared__ float das[MMQ_KC][MMQ_COLS];                       // Q8_1 scale of (chunk, column), as float
#endif
#if FX_MMQ_SCALED_ASUM
    static_assert(!FX_MMQ_HALVES, "a scaled quant sum is the chunk's: one per (chunk, column)");
#else
    __shared__ int asums[2][MMQ_KC][MMQ_COLS];                    // sums of the quants of (half, chunk, column)
#endif
#ifdef FX_MMQ_PREP
    __shared__ int2 ps[MMQ_KC][MMQ_ROWS];                         // the scale words of (chunk, row): 4 KB, 47,104 B in all
#endif
    const int tid = threadIdx.x, lane = tid % 32, warp = tid / 32;
    const int g = lane / 4, t = lane % 4;  // the mma's groupID and threadID_in_group
    const int row0 = blockIdx.x * MMQ_ROWS, col0 = blockIdx.y * MMQ_COLS;
    const int n_chunk = n_cols / 32;       // the host requires whole blocks of the kind, hence whole chunks
    float acc[MMQ_NT][4];                  // [n8 tile][C register]: rows g, g, g+8, g+8 x columns 2t, 2t+1, 2t, 2t+1
#pragma unroll
    for (int h = 0; h < MMQ_NT; h++) {
#pragma unroll
        for (int e = 0; e < 4; e++) {
            acc[h][e] = 0.0f;
        }
    }
    for (int c0 = 0; c0 < n_chunk; c0 += MMQ_KC) {
        // Weight stage: MMQ_ROWS x MMQ_KC (row, chunk) units, each unpacked to 8 words, FX_MMQ_GROUP consecutive chunks of
        // a row in one thread (FX_MMQ_PARTS 2: one half of each). Rows past n_rows and chunks past n_chunk (the K tail of a
        // one-chunk-block kind) store zeros: their mma products are 0 and their terms are never stored, but the mma reads
        // the whole tile, so it must hold defined values. A group never straddles the K tail: n_chunk is whole blocks and a
        // group lies in one block. Consecutive threads take consecutive rows of one chunk and store 16 bytes at a time: a
        // 128-bit store is served 8 lanes per phase, and 8 rows 36 words apart start in banks 4r, so each phase covers the
        // 32 banks once (with r = u / MMQ_KC, 4-way conflicts: measured).
        constexpr int G = FX_MMQ_GROUP, P = FX_MMQ_PARTS, S = 2 / P;   // chunks a unit, parts a chunk, 16-byte stores a part
        static_assert(MMQ_KC % G == 0 && FX_NCHUNK % G == 0 && (P == 1 || P == 2), "a group lies in one stage and one block");
        static_assert(MMQ_ROWS * MMQ_KC / G * P % (32 * MMQ_WARPS) == 0 && MMQ_COLS * MMQ_KC % (32 * MMQ_WARPS) == 0,
                      "whole passes of the block's threads over each stage: a fixed trip count, unrolled");
#pragma unroll
        for (int i = 0; i < MMQ_ROWS * MMQ_KC / G * P / (32 * MMQ_WARPS); i++) {
            const int u = tid + 32 * MMQ_WARPS * i;
            const int r = u % MMQ_ROWS, p = u / MMQ_ROWS % P, k = G * (u / (MMQ_ROWS * P)), row = row0 + r, c = c0 + k;
            int q[G][8 / P];
#ifdef FX_MMQ_PREP
            int2 pw[G];
#endif
            if (row < n_rows && c < n_chunk) {
                const unsigned char* wb = w + (size_t)row * (size_t)row_bytes + (size_t)(c / FX_NCHUNK) * FX_BLOCK_BYTES;
                const int j0 = (int)((unsigned)c % FX_NCHUNK / G * G);   // = c % FX_NCHUNK, written so that the compiler knows it
                    // is a non-negative multiple of G, so that it sees the group's chunks address the same bytes (and loads them once)
#pragma unroll
                for (int e = 0; e < G; e++) {   // every load of the group before any store: shared bytes load once
#if FX_MMQ_PARTS == 2
                    FX_MMQ_UNPACK_HALF(wb, j0 + e, p, q[e]);
#else
                    FX_MMQ_UNPACK(wb, j0 + e, q[e]);
#endif
                }
#ifdef FX_MMQ_PREP
#pragma unroll
                for (int e = 0; e < G; e++) {   // after the unpacks: a prep's branches (Q4_K's scale decoding) between two
                    pw[e] = FX_MMQ_PREP(wb, j0 + e);   // unpacks kept the compiler from loading their shared bytes once
                }
#endif
            } else {
#pragma unroll
                for (int e = 0; e < G; e++) {
#pragma unroll
                    for (int i = 0; i < 8 / P; i++) {
                        q[e][i] = 0;
                    }
#ifdef FX_MMQ_PREP
                    pw[e] = make_int2(0, 0);
#endif
                }
            }
#pragma unroll
            for (int e = 0; e < G; e++) {
#pragma unroll
                for (int s = 0; s < S; s++) {   // 16-byte aligned: MMQ_LD % 16 == 0
                    const int* v = &q[e][4 * s];
                    *(int4*)&ws[r * MMQ_LD + 32 * (k + e) + 16 * (S * p + s)] = make_int4(v[0], v[1], v[2], v[3]);
                }
#ifdef FX_MMQ_PREP
                if (p == 0) {   // warp-uniform: a warp's 32 units share p
                    ps[k + e][r] = pw[e];
                }
#endif
            }
        }
        // Activation stage: MMQ_COLS x MMQ_KC Q8_1 blocks: 32 quants, the scale, and the quant sum (exact in int).
        // Consecutive threads take consecutive columns of one chunk, as for the weights (same banks argument).
#pragma unroll
        for (int i = 0; i < MMQ_COLS * MMQ_KC / (32 * MMQ_WARPS); i++) {
            const int u = tid + 32 * MMQ_WARPS * i;
            const int n = u % MMQ_COLS, k = u / MMQ_COLS, col = col0 + n, c = c0 + k;
            int v[8];
            float da = 0.0f;
            int s[2] = {0, 0};
            if (col < batch && c < n_chunk) {
                const unsigned char* ab = a + ((size_t)col * (size_t)n_chunk + (size_t)c) * 36;
                da = ferrox_vdot_f16(ferrox_vdot_u16(ab));
#pragma unroll
                for (int i = 0; i < 8; i++) {
                    v[i] = ferrox_vdot_a32(ab + 4 + 4 * i);
                    s[i / 4] = __dp4a(0x01010101, v[i], s[i / 4]);
                }
            } else {
#pragma unroll
                for (int i = 0; i < 8; i++) {
                    v[i] = 0;
                }
            }
            *(int4*)&as[n * MMQ_LD + 32 * k] = make_int4(v[0], v[1], v[2], v[3]);
            *(int4*)&as[n * MMQ_LD + 32 * k + 16] = make_int4(v[4], v[5], v[6], v[7]);
#if FX_MMQ_SCALED_ASUM
#if FX_MMQ_SCALED_ASUM == 2
            das[k][n] = make_float2(da, (float)(s[0] + s[1]));        // |s| <= 127 * 32 converts exactly: A is asum
#else
            das[k][n] = make_float2(da, da * (float)(s[0] + s[1]));   // |s| <= 127 * 32 converts exactly: A's one rounding
#endif
#else
            das[k][n] = da;         // [chunk][column]: 32 lanes, 32 consecutive words
            asums[0][k][n] = s[0];
            asums[1][k][n] = s[1];
#endif
        }
        __syncthreads();  // tiles stored: every warp reads rows and columns other threads wrote
#pragma unroll
        for (int k = 0; k < MMQ_KC; k++) {
            if (c0 + k >= n_chunk) {  // uniform (the K tail of the last stage): no lane leaves the mma alone
                break;
            }
#ifndef FX_MMQ_PREP
            const int c = c0 + k, j = c % FX_NCHUNK;  // the chunk, and its index in its weight block (the unstaged epilogue's)
#endif
#if __CUDA_ARCH__ >= 800
            // A fragment (PTX ISA, m16n8k32 .s8): a0 = row g, k 4t..4t+3; a1 = row g+8, same k; a2, a3 = the same rows, k+16.
            const signed char* pa = &ws[(16 * warp + g) * MMQ_LD + 32 * k + 4 * t];
            const int a0 = *(const int*)pa;
            const int a1 = *(const int*)(pa + 8 * MMQ_LD);
            const int a2 = *(const int*)(pa + 16);
            const int a3 = *(const int*)(pa + 8 * MMQ_LD + 16);
#endif
#pragma unroll  // unrolled: acc[h] in registers (a rolled loop indexes acc by a variable, which puts it on the stack)
            for (int h = 0; h < MMQ_NT; h++) {
                // A fresh C per chunk: s0 = the four int32 sums of this lane's outputs over the chunk (FX_MMQ_HALVES 0), or
                // over its first 16 elements and s1 over the second (FX_MMQ_HALVES 1: kinds with a scale per 16 elements).
                int s0[4] = {0, 0, 0, 0};
#if FX_MMQ_HALVES || __CUDA_ARCH__ < 800
                int s1[4] = {0, 0, 0, 0};  // (the one-k32 mma form has no second sum: NVRTC warns of an unused array)
#endif
#if __CUDA_ARCH__ >= 800
                // B fragment (.col: column-major 32 x 8, i.e. row n of `as`): b0 = column g, k 4t..4t+3; b1 = k+16.
                const signed char* pb = &as[(8 * h + g) * MMQ_LD + 32 * k + 4 * t];
                const int b0 = *(const int*)pb;
                const int b1 = *(const int*)(pb + 16);
#if FX_MMQ_HALVES
                // m16n8k16 takes (a0, a1) x b0 for k 0..15 and (a2, a3) x b1 for k 16..31: the k32 registers split in halves
                asm volatile("mma.sync.aligned.m16n8k16.row.col.s32.s8.s8.s32 {%0, %1, %2, %3}, {%4, %5}, {%6}, {%0, %1, %2, %3};"
                             : "+r"(s0[0]), "+r"(s0[1]), "+r"(s0[2]), "+r"(s0[3]) : "r"(a0), "r"(a1), "r"(b0));
                asm volatile("mma.sync.aligned.m16n8k16.row.col.s32.s8.s8.s32 {%0, %1, %2, %3}, {%4, %5}, {%6}, {%0, %1, %2, %3};"
                             : "+r"(s1[0]), "+r"(s1[1]), "+r"(s1[2]), "+r"(s1[3]) : "r"(a2), "r"(a3), "r"(b1));
#else
                asm volatile("mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, "
                             "{%0, %1, %2, %3};"
                             : "+r"(s0[0]), "+r"(s0[1]), "+r"(s0[2]), "+r"(s0[3])
                             : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
#endif
#else
                // sm_61..75 (no int8 m16n8k32; m8n8k16 would need other tiles): the same four sums, the same C layout, by
                // __dp4a over the same shared tiles. Integer sums are exact in any order, so the twin is the same. A lane
                // reads rows g, g+8 and columns 2t, 2t+1 whole: words 36g + i and 36(2t) + i, banks 4g + i and 8t + i,
                // distinct across g (t) and the same word for the lanes that share them (a broadcast): no conflicts.
                const signed char* pr = &ws[(16 * warp + g) * MMQ_LD + 32 * k];
                const signed char* pn = &as[(8 * h + 2 * t) * MMQ_LD + 32 * k];
#pragma unroll
                for (int i = 0; i < 8; i++) {
                    const int r0 = *(const int*)(pr + 4 * i), r8 = *(const int*)(pr + 8 * MMQ_LD + 4 * i);
                    const int n0 = *(const int*)(pn + 4 * i), n1 = *(const int*)(pn + MMQ_LD + 4 * i);
                    int* s = (FX_MMQ_HALVES && i >= 4) ? s1 : s0;   // i is a constant once unrolled: registers, no pointer
                    s[0] = __dp4a(r0, n0, s[0]);
                    s[1] = __dp4a(r0, n1, s[1]);
                    s[2] = __dp4a(r8, n0, s[2]);
                    s[3] = __dp4a(r8, n1, s[3]);
                }
#endif
#pragma unroll
                for (int e = 0; e < 4; e++) {
                    const int n = 8 * h + 2 * t + e % 2;   // the output's column in the tile (its row: 16 warp + g + 8 (e / 2))
                    const int kd = k;   // the chunk whose activation scale the term takes
#if FX_MMQ_SCALED_ASUM
                    const float2 dA = das[kd][n];   // (da, da * asum)
                    const float da = dA.x;
#else
                    const float da = das[kd][n];
#endif
#ifdef FX_MMQ_PREP
                    // The epilogue reads the scale words the weight stage staged for its row and chunk: shared memory only.
                    const int2 pw = ps[k][16 * warp + g + 8 * (e / 2)];
#if FX_MMQ_HALVES
                    const float term = FX_MMQ_EPI_P(pw, da, s0[e], s1[e], asums[0][k][n], asums[1][k][n]);
#elif FX_MMQ_SCALED_ASUM
                    const float term = FX_MMQ_EPI_P(pw, da, s0[e], dA.y);
#else
                    const float term = FX_MMQ_EPI_P(pw, da, s0[e], asums[0][k][n] + asums[1][k][n]);   // exact: integers
#endif
#else
                    // The epilogue reads the weight block of its row, clamped to the last real row: so every term is computed
                    // without a branch, and the loads and decoding of one row's block (its scales) are the same expressions
                    // for every column of the lane, which the compiler computes once per chunk instead of once per output.
                    // A clamped row's output is never stored (the guard at the end), so it only has to read memory that exists.
                    const int row = row0 + 16 * warp + g + 8 * (e / 2);
                    const int rr = min(row, n_rows - 1);
                    const unsigned char* wb = w + (size_t)rr * (size_t)row_bytes + (size_t)(c / FX_NCHUNK) * FX_BLOCK_BYTES;
#if FX_MMQ_HALVES
                    const float term = FX_MMQ_EPI(wb, j, da, s0[e], s1[e], asums[0][k][n], asums[1][k][n]);
#else
                    const float term = FX_MMQ_EPI(wb, j, da, s0[e], asums[0][k][n] + asums[1][k][n]);   // exact: integers
#endif
#endif
                    acc[h][e] += term;   // unguarded: an output past the matrix (a clamped row, a column past the batch,
                                         // whose quants and scale are the stage's zeros) is accumulated but never stored
                }
            }
        }
        __syncthreads();  // tiles read: the next stage overwrites them
    }
#pragma unroll
    for (int h = 0; h < MMQ_NT; h++) {
#pragma unroll
        for (int e = 0; e < 4; e++) {
            const int row = row0 + 16 * warp + g + 8 * (e / 2), col = col0 + 8 * h + 2 * t + e % 2;
            if (row < n_rows && col < batch) {
                y[(size_t)col * (size_t)n_rows + (size_t)row] = acc[h][e];
            }
        }
    }
}
