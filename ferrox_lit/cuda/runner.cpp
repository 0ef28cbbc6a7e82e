// ferrox_lit host runner: launches a CUDA kernel translation unit, compiled for the CPU against
// the shim, one block at a time; each CUDA thread of a block is a ucontext fiber on ONE OS thread,
// scheduled in ascending thread order; __syncthreads() switches to the next fiber. A warp collective
// (__shfl_sync, __ballot_sync, __syncwarp, ...) also switches back: the scheduler resolves it once
// every lane its mask names has arrived at the same collective (warp-synchronous semantics).
#include <ucontext.h>
#include <dlfcn.h>
#include <unistd.h>
#include <signal.h>
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <cstring>
#include <vector>
#include <string>
#include <cstdarg>
#include <algorithm>
#include <assert.h>
#if defined(__x86_64__) || defined(__i386__)
#include <xmmintrin.h>
#include <pmmintrin.h>
#endif
#ifdef FX_ASAN
#include <sanitizer/common_interface_defs.h>
#include <sanitizer/asan_interface.h>
#endif
#include <sys/mman.h>

struct fx_dim3 { unsigned int x, y, z; };
#ifndef FX_TLS
#define FX_TLS
#endif
extern "C" {
FX_TLS fx_dim3 fx_threadIdx;
fx_dim3 fx_blockIdx, fx_blockDim, fx_gridDim;
void fx_entry(void** args);
const char* fx_signature() __attribute__((weak));  // a trampoline may describe the kernel's parameters
size_t fx_dyn_shared_bytes = 0;                      // the launch's dynamic (extern __shared__) size
extern char __start_fx_shared[] __attribute__((weak));
extern char __stop_fx_shared[] __attribute__((weak));
}

static const char* g_kernel = "?";
static void fail(const char* kind, const char* fmt, ...) __attribute__((noreturn, format(printf, 2, 3)));
static void fail(const char* kind, const char* fmt, ...) {
    fflush(stdout);
    va_list ap; va_start(ap, fmt);
    fprintf(stderr, "FXERR %s kernel %s, block (%u,%u,%u): ", kind, g_kernel, fx_blockIdx.x, fx_blockIdx.y, fx_blockIdx.z);
    vfprintf(stderr, fmt, ap); fprintf(stderr, "\n"); va_end(ap);
    fflush(stderr); _exit(3);
}

// ---- dynamic shared memory (extern __shared__) ----
// host.build rewrites `extern __shared__ T name[];` into `T* const name = (T*)fx_dyn_shared();`: every
// such array starts at one address, as on the GPU. The storage is reserved once at CUDA's largest
// dynamic size; the launch's size N (the job's last header word) is what the kernel may touch. The
// race build tracks bytes [0, N) like static shared memory and reports an access past N; the
// sanitizer build poisons everything past N, so AddressSanitizer reports it.
static const size_t FX_DYN_CAP = 232448;  // 227 KiB: sm_90's largest dynamic shared allocation
static char* g_dyn = nullptr;
extern "C" char* fx_dyn_shared() {
    if (!g_dyn) {
        void* p = mmap(nullptr, FX_DYN_CAP, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p == MAP_FAILED) fail("HOST", "cannot reserve dynamic shared memory");
        g_dyn = (char*)p;
    }
    return g_dyn;
}

enum { RUNNABLE = 0, AT_BARRIER = 1, DONE = 2, AT_COLLECTIVE = 3 };
// A fiber starts on its own stack with makecontext/setcontext. After that, switches use
// _setjmp/_longjmp, which (unlike swapcontext) do not save and restore the signal mask with a
// system call: two switches per thread per barrier is the runner's hot path. The sanitizer build
// keeps swapcontext, which AddressSanitizer's fiber annotations are written for.
#ifdef FX_ASAN
#define FX_SWAPCONTEXT 1
#endif
#include <setjmp.h>
// A fiber waiting at a warp collective keeps what it brought (op, call site, mask, value, argument)
// and receives its result there when the scheduler resolves the collective.
struct Fiber {
    ucontext_t ctx; jmp_buf jb; bool started; char* stack; int state; int line; unsigned x, y, z;
    int op, arg, width; const char* file; unsigned mask; uint64_t value, result; int pred;
    int bar_pred, bar_result;  // __syncthreads_count/and/or: this thread's predicate; the block's count of true ones
};
static ucontext_t g_sched;
static jmp_buf g_sched_jb;
static std::vector<Fiber> g_fibers;
static int g_cur = -1;
static void** g_args;
static size_t g_stack = 256 * 1024;
#ifdef FX_ASAN
static void* g_fake_stack = nullptr;
static const void* g_main_bottom = nullptr; static size_t g_main_size = 0;
#endif

static void switch_to_fiber(int t) {
    g_cur = t;
    Fiber& f = g_fibers[t];
    fx_threadIdx = fx_dim3{f.x, f.y, f.z};
#ifdef FX_ASAN
    __sanitizer_start_switch_fiber(&g_fake_stack, f.stack, g_stack);
#endif
#ifdef FX_SWAPCONTEXT
    swapcontext(&g_sched, &f.ctx);
#else
    if (!_setjmp(g_sched_jb)) {
        if (!f.started) { f.started = true; setcontext(&f.ctx); }
        _longjmp(f.jb, 1);
    }
#endif
#ifdef FX_ASAN
    __sanitizer_finish_switch_fiber(g_fake_stack, &g_main_bottom, &g_main_size);
#endif
    g_cur = -1;
}

static void back_to_scheduler() {
    Fiber& f = g_fibers[g_cur];
#ifdef FX_ASAN
    void* fake = nullptr;
    __sanitizer_start_switch_fiber(f.state == DONE ? nullptr : &fake, g_main_bottom, g_main_size);
#endif
#ifdef FX_SWAPCONTEXT
    swapcontext(&f.ctx, &g_sched);
#else
    if (!_setjmp(f.jb)) _longjmp(g_sched_jb, 1);
#endif
#ifdef FX_ASAN
    __sanitizer_finish_switch_fiber(fake, nullptr, nullptr);
#endif
}

// ---- shared-memory race and uninitialised-read detection (race mode) ----
static uint32_t g_epoch = 1;
static std::vector<uint32_t> g_w_epoch, g_r_epoch;
static std::vector<int> g_writer, g_reader;  // reader: first reader tid, -2 if several
static std::vector<uint8_t> g_init;
static std::vector<uint32_t> g_w_sync, g_r_sync, g_a_epoch;  // the accessing lane's __syncwarp id; atomic epoch
static std::vector<int> g_atomic, g_first_atomic;              // thread of the atomics in g_a_epoch (-2 if several), the first
static std::vector<uint32_t> g_lane_sync;   // per thread: id of the last __syncwarp it took part in (0: none)
static uint32_t g_sync_serial = 0;
static size_t g_sh = 0;                     // static shared bytes (the fx_shared section)
static bool g_race = false;
static FILE* g_trace = nullptr;
static uint32_t g_block_linear = 0;

// ---- warp collectives ----
// Opcodes shared with host_shim.h; shuffles and match carry the value's size in bits 8 and up.
enum { FX_SHFL_IDX, FX_SHFL_UP, FX_SHFL_DOWN, FX_SHFL_BFLY, FX_BALLOT, FX_ANY, FX_ALL, FX_SYNCWARP, FX_RED_ADD,
       FX_RED_MIN_U, FX_RED_MAX_U, FX_RED_MIN_S, FX_RED_MAX_S, FX_RED_AND, FX_RED_OR, FX_RED_XOR, FX_MATCH_ANY,
       FX_MATCH_ALL, FX_ACTIVEMASK, FX_NOPS };
static const char* const g_op_names[FX_NOPS] = {
    "__shfl_sync", "__shfl_up_sync", "__shfl_down_sync", "__shfl_xor_sync", "__ballot_sync", "__any_sync", "__all_sync",
    "__syncwarp", "__reduce_add_sync", "__reduce_min_sync", "__reduce_max_sync", "__reduce_min_sync", "__reduce_max_sync",
    "__reduce_and_sync", "__reduce_or_sync", "__reduce_xor_sync", "__match_any_sync", "__match_all_sync", "__activemask"};
static int g_n_coll = 0;  // fibers waiting at a collective
static const char* op_name(int op) { return g_op_names[(op & 0xff) < FX_NOPS ? (op & 0xff) : 0]; }

#ifdef FX_OSTHREADS
// The baseline the fibers are measured against: one OS thread per CUDA thread and a pthread
// barrier. No detectors: it exists only so the benchmark can compare like with like.
#include <pthread.h>
static pthread_barrier_t g_barrier;
extern "C" void fx_syncthreads(int) { pthread_barrier_wait(&g_barrier); }
extern "C" int fx_syncthreads_count(int line, int) { fail("HOST", "__syncthreads_count/and/or on line %d: not in the OS-thread baseline", line); }
extern "C" uint64_t fx_warp(int op, const char*, int line, unsigned, uint64_t, int, int, int*) {
    fail("HOST", "%s on line %d: warp collectives are not implemented in the OS-thread baseline", op_name(op), line);
}
struct OsArg { unsigned x, y, z; };
static void* os_thread(void* p) { OsArg* a = (OsArg*)p; fx_threadIdx = fx_dim3{a->x, a->y, a->z}; fx_entry(g_args); return nullptr; }
static void run_block_os(int nthreads) {
    pthread_barrier_init(&g_barrier, nullptr, nthreads);
    std::vector<pthread_t> th(nthreads); std::vector<OsArg> a(nthreads);
    pthread_attr_t attr; pthread_attr_init(&attr); pthread_attr_setstacksize(&attr, 256 * 1024);
    for (int t = 0; t < nthreads; t++) {
        a[t] = OsArg{t % fx_blockDim.x, (t / fx_blockDim.x) % fx_blockDim.y, t / (fx_blockDim.x * fx_blockDim.y)};
        if (pthread_create(&th[t], &attr, os_thread, &a[t])) fail("HOST", "pthread_create failed for thread %d", t);
    }
    for (int t = 0; t < nthreads; t++) pthread_join(th[t], nullptr);
    pthread_barrier_destroy(&g_barrier);
}
#else
extern "C" void fx_syncthreads(int line) {
    if (g_cur < 0) fail("HOST", "__syncthreads() called outside a kernel");
    g_fibers[g_cur].state = AT_BARRIER;
    g_fibers[g_cur].line = line;
    g_fibers[g_cur].bar_pred = 0;
    back_to_scheduler();
}

// __syncthreads_count(p) (and, via the shim, _and and _or): a barrier that also counts the threads whose p is true.
extern "C" int fx_syncthreads_count(int line, int pred) {
    if (g_cur < 0) fail("HOST", "__syncthreads_count() called outside a kernel");
    Fiber& f = g_fibers[g_cur];
    f.state = AT_BARRIER; f.line = line; f.bar_pred = pred != 0;
    back_to_scheduler();
    return f.bar_result;
}

// A warp collective: the calling lane records what it brings and waits; the scheduler resolves the
// collective (resolve_collectives) and the lane resumes with its result.
extern "C" uint64_t fx_warp(int op, const char* file, int line, unsigned mask, uint64_t value, int arg, int width, int* pred) {
    if (g_cur < 0) fail("HOST", "%s called outside a kernel", op_name(op));
    Fiber& f = g_fibers[g_cur];
    int lane = g_cur % 32;
    if ((op & 0xff) != FX_ACTIVEMASK && !(mask >> lane & 1u))
        fail("WARP_INACTIVE", "warp %d, lane %d (thread %d) calls %s at %s:%d with mask 0x%08x, which does not name its own lane",
             g_cur / 32, lane, g_cur, op_name(op), file, line, mask);
    if ((op & 0xff) <= FX_SHFL_BFLY && (width < 1 || width > 32 || (width & (width - 1))))
        fail("WARP_WIDTH", "warp %d, lane %d calls %s at %s:%d with width %d: CUDA needs a power of two in [1, 32]",
             g_cur / 32, lane, op_name(op), file, line, width);
    f.state = AT_COLLECTIVE; f.op = op; f.file = file; f.line = line; f.mask = mask; f.value = value; f.arg = arg; f.width = width;
    g_n_coll++;
    back_to_scheduler();
    if (pred) *pred = f.pred;
    return f.result;
}
#endif

static void fiber_main() {
#ifdef FX_ASAN
    __sanitizer_finish_switch_fiber(nullptr, &g_main_bottom, &g_main_size);
#endif
    fx_entry(g_args);
    g_fibers[g_cur].state = DONE;
    back_to_scheduler();
}

static void describe_barriers(char* buf, size_t n) {
    // "threads 0-127 wait at line 52; threads 128-255 exited"
    size_t used = 0; buf[0] = 0;
    int nt = (int)g_fibers.size(), start = 0;
    for (int t = 1; t <= nt; t++) {
        bool brk = t == nt || g_fibers[t].state != g_fibers[start].state ||
                   (g_fibers[t].state == AT_BARRIER && g_fibers[t].line != g_fibers[start].line);
        if (!brk) continue;
        const Fiber& f = g_fibers[start];
        int w = snprintf(buf + used, n - used, "%sthreads %d-%d %s", used ? "; " : "", start, t - 1,
                         f.state == DONE ? "exited" : "wait at __syncthreads() on line ");
        used += w > 0 ? (size_t)w : 0;
        if (f.state == AT_BARRIER && used < n) used += snprintf(buf + used, n - used, "%d", f.line);
        if (used >= n) return;
        start = t;
    }
}

static void lane_ranges(unsigned bits, char* buf, size_t n) {  // "0-15, 17"
    size_t used = 0; buf[0] = 0;
    for (int i = 0; i < 32 && used < n; i++) {
        if (!(bits >> i & 1u)) continue;
        int j = i; while (j + 1 < 32 && (bits >> (j + 1) & 1u)) j++;
        int w = j > i ? snprintf(buf + used, n - used, "%s%d-%d", used ? ", " : "", i, j) : snprintf(buf + used, n - used, "%s%d", used ? ", " : "", i);
        used += w > 0 ? (size_t)w : 0; i = j;
    }
}

static bool same_site(const Fiber& a, const Fiber& b) {
    return a.op == b.op && a.line == b.line && a.mask == b.mask && (a.file == b.file || !strcmp(a.file, b.file));
}

// Compute every lane's result of the collective that lanes `m` of warp `w` (n lanes) all wait at, as the
// PTX ISA defines shfl.sync, vote.sync, redux.sync, match.sync and bar.warp.sync; make them runnable.
static void complete(int w, int n, unsigned m) {
    Fiber* L = &g_fibers[w * 32];
    int lead = __builtin_ctz(m), kind = L[lead].op & 0xff;
    uint32_t acc = 0; unsigned ballot = 0; bool all_eq = true;
    for (int i = 0; i < n; i++) if (m >> i & 1u) {
        uint32_t v = (uint32_t)L[i].value;
        if (L[i].value) ballot |= 1u << i;
        if (L[i].value != L[lead].value) all_eq = false;
        if (i == lead) { acc = v; continue; }
        switch (kind) {
        case FX_RED_ADD: acc += v; break;
        case FX_RED_MIN_U: acc = std::min(acc, v); break;
        case FX_RED_MAX_U: acc = std::max(acc, v); break;
        case FX_RED_MIN_S: acc = (uint32_t)std::min((int32_t)acc, (int32_t)v); break;
        case FX_RED_MAX_S: acc = (uint32_t)std::max((int32_t)acc, (int32_t)v); break;
        case FX_RED_AND: acc &= v; break;
        case FX_RED_OR: acc |= v; break;
        case FX_RED_XOR: acc ^= v; break;
        }
    }
    if (kind == FX_SYNCWARP) { g_sync_serial++; for (int i = 0; i < n; i++) if (m >> i & 1u) g_lane_sync[w * 32 + i] = g_sync_serial; }
    for (int i = 0; i < n; i++) if (m >> i & 1u) {
        Fiber& f = L[i];
        f.pred = 0;
        switch (kind) {
        case FX_SHFL_IDX: case FX_SHFL_UP: case FX_SHFL_DOWN: case FX_SHFL_BFLY: {
            // shfl.sync: c = ((32 - width) << 8) | (up ? 0 : 31); segmask = c[12:8]; b[4:0] the lane or offset
            int c = ((32 - f.width) << 8) | (kind == FX_SHFL_UP ? 0 : 0x1f);
            int segmask = (c >> 8) & 31, cval = c & 31, bval = f.arg & 31;
            int maxLane = (i & segmask) | (cval & ~segmask), minLane = i & segmask, j; bool p;
            if (kind == FX_SHFL_UP) { j = i - bval; p = j >= maxLane; }
            else if (kind == FX_SHFL_DOWN) { j = i + bval; p = j <= maxLane; }
            else if (kind == FX_SHFL_BFLY) { j = i ^ bval; p = j <= maxLane; }
            else { j = minLane | (bval & ~segmask); p = j <= maxLane; }
            if (!p) j = i;  // source outside the segment: the lane keeps its own value
            if (j >= n || !(m >> j & 1u)) {
                char nm[160]; lane_ranges(m, nm, sizeof nm);
                fail("WARP_INACTIVE", "warp %d, lane %d (thread %d): %s at %s:%d (mask 0x%08x, lanes %s) reads lane %d, which %s",
                     w, i, w * 32 + i, op_name(f.op), f.file, f.line, m, nm, j,
                     j >= n ? "does not exist (partial warp)" : "is not in the mask: on a GPU it reads an undefined value");
            }
            f.result = L[j].value; break;
        }
        case FX_BALLOT: f.result = ballot; break;
        case FX_ANY: f.result = ballot != 0; break;
        case FX_ALL: f.result = ballot == m; break;
        case FX_SYNCWARP: f.result = 0; break;
        case FX_MATCH_ANY: {
            unsigned r = 0;
            for (int j = 0; j < n; j++) if ((m >> j & 1u) && L[j].value == f.value) r |= 1u << j;
            f.result = r; break;
        }
        case FX_MATCH_ALL: f.result = all_eq ? m : 0; f.pred = all_eq; break;
        default: f.result = acc;  // the reductions
        }
        f.state = RUNNABLE; g_n_coll--;
    }
}

// Resolve every collective whose named lanes have all arrived at it; true if any was.
static bool resolve_collectives(int nthreads) {
    bool progress = false;
    for (int w = 0; w * 32 < nthreads; w++) {
        int n = std::min(32, nthreads - w * 32);
        Fiber* L = &g_fibers[w * 32];
        for (int l = 0; l < n; l++) {
            const Fiber& f = L[l];
            if (f.state != AT_COLLECTIVE || (f.op & 0xff) == FX_ACTIVEMASK) continue;
            unsigned m = f.mask;
            bool ok = n == 32 || !(m >> n);
            for (int j = 0; ok && j < n; j++) if (m >> j & 1u) ok = L[j].state == AT_COLLECTIVE && same_site(L[j], f);
            if (ok) { complete(w, n, m); progress = true; }
        }
    }
    return progress;
}

// __activemask(): resolved only when nothing else can move; the lanes of the warp waiting at the same
// __activemask() call are the active ones (the lanes that took the same path to it).
static bool resolve_activemask(int nthreads) {
    bool progress = false;
    for (int t = 0; t < nthreads; t++) {
        Fiber& f = g_fibers[t];
        if (f.state != AT_COLLECTIVE || (f.op & 0xff) != FX_ACTIVEMASK) continue;
        int w = t / 32, n = std::min(32, nthreads - w * 32);
        unsigned m = 0;
        for (int j = 0; j < n; j++) {
            const Fiber& g = g_fibers[w * 32 + j];
            if (g.state == AT_COLLECTIVE && (g.op & 0xff) == FX_ACTIVEMASK && g.line == f.line && !strcmp(g.file, f.file)) m |= 1u << j;
        }
        for (int j = 0; j < n; j++) if (m >> j & 1u) {
            Fiber& g = g_fibers[w * 32 + j]; g.result = m; g.pred = 0; g.state = RUNNABLE; g_n_coll--;
        }
        progress = true;
    }
    return progress;
}

static int describe_lane(const Fiber& f, char* buf, size_t n) {
    if (f.state == DONE) return snprintf(buf, n, "exited");
    if (f.state == AT_BARRIER) return snprintf(buf, n, "wait at __syncthreads() on line %d", f.line);
    return snprintf(buf, n, "wait at %s (%s:%d, mask 0x%08x)", op_name(f.op), f.file, f.line, f.mask);
}

// Nothing can move and some lanes wait at a collective: name the first stuck one and why.
static void collective_deadlock(int nthreads) {
    for (int w = 0; w * 32 < nthreads; w++) {
        int n = std::min(32, nthreads - w * 32);
        Fiber* L = &g_fibers[w * 32];
        for (int l = 0; l < n; l++) {
            const Fiber& f = L[l];
            if (f.state != AT_COLLECTIVE) continue;
            unsigned m = f.mask, waiting = 0, exited = n == 32 ? 0u : (m & ~((1u << n) - 1u)), other = 0;
            for (int j = 0; j < n; j++) if (m >> j & 1u) {
                if (L[j].state == DONE) exited |= 1u << j;
                else if (L[j].state == AT_COLLECTIVE && same_site(L[j], f)) waiting |= 1u << j;
                else other |= 1u << j;
            }
            char a[160], b[160], c[1200]; lane_ranges(waiting, a, sizeof a);
            if (exited) {
                lane_ranges(exited, b, sizeof b);
                fail("WARP_EXITED", "warp %d (threads %d-%d): lanes %s wait at %s (%s:%d, mask 0x%08x), but lanes %s named by the mask %s: "
                     "on a GPU this hangs or is undefined", w, w * 32, w * 32 + n - 1, a, op_name(f.op), f.file, f.line, m, b,
                     (exited >> n) && n < 32 ? "have exited or do not exist (partial warp)" : "have exited");
            }
            // lanes of this warp at a different collective or at __syncthreads: list every lane's position
            size_t used = 0; c[0] = 0;
            for (int j = 0; j < n && used < sizeof c - 200;) {
                int k = j;
                while (k + 1 < n && L[k + 1].state == L[j].state && (L[j].state != AT_COLLECTIVE || same_site(L[k + 1], L[j]))
                       && (L[j].state != AT_BARRIER || L[k + 1].line == L[j].line)) k++;
                int wr = snprintf(c + used, sizeof c - used, "%slanes %d-%d ", used ? "; " : "", j, k);
                used += wr > 0 ? (size_t)wr : 0;
                wr = describe_lane(L[j], c + used, sizeof c - used); used += wr > 0 ? (size_t)wr : 0;
                j = k + 1;
            }
            fail("WARP_MISMATCH", "warp %d (threads %d-%d): the lanes a collective names wait at different calls: %s", w, w * 32, w * 32 + n - 1, c);
        }
    }
}

// The section holds the sanitizer build's redzones too: ASan instruments a `static` kernel template's __shared__ arrays (ggml's
// kernels are static), and its memset interceptor would report the fill of the redzone between two arrays. Byte stores from an
// uninstrumented function leave the redzones' shadow poisoned, so the kernel's own overflows are still reported.
__attribute__((no_sanitize_address)) static void fill_shared(char* p, size_t n) {
    volatile char* v = p;
    for (size_t i = 0; i < n; i++) v[i] = (char)0xFF;
}

// A write to a shared byte another thread wrote in the same barrier interval is judged when the interval ends (the next
// barrier, or the block's end), once both stores have landed: a byte that no longer holds the first writer's value is a race
// on the value (RACE, fatal). One still holding it was written twice with one value: ggml's need_check tile loads clamp the
// row index, and the destination row with it, so threads past the last row store the last row's bytes again. That is counted,
// not fatal, so the run goes on looking for races on a value; the first such write and the total are reported at the end
// (FXNOTE RACE_SAME), and the caller decides (host.launch raises SameValueRace unless asked to report it).
struct FxWaw { volatile unsigned char* addr; size_t off; unsigned char first; int t1, t2; };
static std::vector<FxWaw> g_waw;
static size_t g_same_bytes = 0;       // bytes written twice with one value, over every interval of every block
static char g_same_first[320] = "";   // the first of them: kernel, block, threads, offset
static void check_waw() {
    if (g_waw.empty()) return;
    for (auto& w : g_waw)
        if (*w.addr != w.first)
            fail("RACE", "shared-memory race: thread %d writes shared offset %zu, already written by thread %d in the same barrier interval, "
                 "with another value", w.t2, w.off, w.t1);
    const FxWaw& w = g_waw[0];
    if (!g_same_bytes)
        snprintf(g_same_first, sizeof g_same_first, "kernel %s, block (%u,%u,%u): thread %d writes shared offset %zu, already written by "
                 "thread %d in the same barrier interval, with the same bytes", g_kernel, fx_blockIdx.x, fx_blockIdx.y, fx_blockIdx.z,
                 w.t2, w.off, w.t1);
    g_same_bytes += g_waw.size();
    g_waw.clear();
}

static void run_block(int nthreads) {
    for (int t = 0; t < nthreads; t++) {
        Fiber& f = g_fibers[t];
        f.state = RUNNABLE; f.line = 0; f.started = false; f.file = "";
        f.x = t % fx_blockDim.x; f.y = (t / fx_blockDim.x) % fx_blockDim.y; f.z = t / (fx_blockDim.x * fx_blockDim.y);
        getcontext(&f.ctx);
        f.ctx.uc_stack.ss_sp = f.stack; f.ctx.uc_stack.ss_size = g_stack; f.ctx.uc_link = nullptr;
        makecontext(&f.ctx, fiber_main, 0);
    }
    size_t sh = (size_t)(__stop_fx_shared - __start_fx_shared);
    if (sh) fill_shared(__start_fx_shared, sh);  // shared memory starts as garbage, as on the GPU
    if (fx_dyn_shared_bytes) memset(g_dyn, 0xFF, fx_dyn_shared_bytes);
    std::fill(g_lane_sync.begin(), g_lane_sync.end(), 0u); g_n_coll = 0;
    if (!g_init.empty()) std::fill(g_init.begin(), g_init.end(), 0);
    g_epoch++;
    for (;;) {
        for (int t = 0; t < nthreads; t++)
            if (g_fibers[t].state == RUNNABLE) switch_to_fiber(t);
        if (g_n_coll) {  // warp collectives first: a barrier is reached only once no collective can resolve
            if (resolve_collectives(nthreads) || resolve_activemask(nthreads)) continue;
            collective_deadlock(nthreads);
        }
        int done = 0, waiting = 0, line = -1; bool same = true;
        for (int t = 0; t < nthreads; t++) {
            if (g_fibers[t].state == DONE) done++;
            else { waiting++; if (line < 0) line = g_fibers[t].line; else if (g_fibers[t].line != line) same = false; }
        }
        if (done == nthreads) { check_waw(); return; }
        if (done > 0 || !same) {
            char buf[1024]; describe_barriers(buf, sizeof buf);
            fail("DIVERGENCE", "barrier divergence: %s", buf);
        }
        int count = 0;
        for (int t = 0; t < nthreads; t++) count += g_fibers[t].bar_pred;
        for (int t = 0; t < nthreads; t++) { g_fibers[t].state = RUNNABLE; g_fibers[t].bar_result = count; }
        check_waw();
        g_epoch++;  // a new barrier interval
    }
}

// Offset of `a` in the tracked shared bytes (static section, then the launch's dynamic bytes); -1 if
// `a` is not shared memory. An access past the dynamic size is reported here (race build).
static long shared_offset(char* a, int size) {
    if (a >= __start_fx_shared && a < __stop_fx_shared) return (long)(a - __start_fx_shared);
    if (g_dyn && a >= g_dyn && a < g_dyn + FX_DYN_CAP) {
        size_t d = (size_t)(a - g_dyn);
        if (d + (size_t)size > fx_dyn_shared_bytes)
            fail("SHARED_BOUNDS", "thread %d accesses %d bytes at dynamic shared offset %zu, past the %zu bytes the launch gave (shared_bytes)",
                 g_cur, size, d, fx_dyn_shared_bytes);
        return (long)(g_sh + d);
    }
    return -1;
}

// Lanes t and `other` of one warp both took part in one __syncwarp() after other's access (made with
// sync id `at`): the access is ordered before t's, as bar.warp.sync orders memory among its lanes.
static bool warp_ordered(int t, int other, uint32_t at) {
    return other >= 0 && t / 32 == other / 32 && g_lane_sync[t] && g_lane_sync[t] == g_lane_sync[other] && g_lane_sync[other] != at;
}

static void shared_access(void* addr, int size, bool write, void* pc) {
    if (g_cur < 0 || !g_race) return;
    long so = shared_offset((char*)addr, size);
    if (so < 0) return;
    size_t off = (size_t)so;
    int t = g_cur;
    if (g_trace) {
        Dl_info info; uintptr_t rel = (uintptr_t)pc;
        if (dladdr(pc, &info) && info.dli_fbase) rel -= (uintptr_t)info.dli_fbase;
        uint32_t rec[6] = {g_block_linear, (uint32_t)t, (uint32_t)size, (uint32_t)write, (uint32_t)off, g_epoch};
        uint64_t r = rel;
        fwrite(rec, sizeof rec, 1, g_trace); fwrite(&r, sizeof r, 1, g_trace);
    }
    for (int i = 0; i < size && off + i < g_w_epoch.size(); i++) {
        size_t o = off + i;
        if (g_a_epoch[o] == g_epoch && g_atomic[o] != t)
            fail("RACE", "shared-memory race: thread %d %s shared offset %zu, updated atomically by %s %d in the same barrier interval",
                 t, write ? "writes" : "reads", o, g_atomic[o] == -2 ? "several threads, the first" : "thread", g_atomic[o] == -2 ? g_first_atomic[o] : g_atomic[o]);
        if (write) {
            if (g_w_epoch[o] == g_epoch && g_writer[o] != t && !warp_ordered(t, g_writer[o], g_w_sync[o]))
                g_waw.push_back(FxWaw{(volatile unsigned char*)addr + i, o, ((volatile unsigned char*)addr)[i], g_writer[o], t});
            if (g_r_epoch[o] == g_epoch && (g_reader[o] == -2 || g_reader[o] != t) && !warp_ordered(t, g_reader[o], g_r_sync[o]))
                fail("RACE", "shared-memory race: thread %d writes shared offset %zu, read by thread %d in the same barrier interval", t, o, g_reader[o] == -2 ? -1 : g_reader[o]);
            g_w_epoch[o] = g_epoch; g_writer[o] = t; g_w_sync[o] = g_lane_sync[t]; g_init[o] = 1;
        } else {
            if (g_w_epoch[o] == g_epoch && g_writer[o] != t && !warp_ordered(t, g_writer[o], g_w_sync[o]))
                fail("RACE", "shared-memory race: thread %d reads shared offset %zu, written by thread %d in the same barrier interval", t, o, g_writer[o]);
            if (!g_init[o])
                fail("UNINIT", "thread %d reads shared offset %zu, which no thread of this block has written", t, o);
            // a later reader that a __syncwarp orders after the recorded one replaces it (ordering is transitive)
            if (g_r_epoch[o] != g_epoch || g_reader[o] == t || warp_ordered(t, g_reader[o], g_r_sync[o])) {
                g_r_epoch[o] = g_epoch; g_reader[o] = t; g_r_sync[o] = g_lane_sync[t];
            } else g_reader[o] = -2;
        }
    }
}

// Atomics (host_shim.h) are compiled without TSan instrumentation and call this in the race build: an
// atomic on shared memory must read initialised bytes, must not meet a plain access of another thread
// in the same barrier interval, and any number of threads may update the same bytes atomically.
extern "C" void fx_shared_atomic(void* addr, int size) {
    if (g_cur < 0 || !g_race) return;
    long so = shared_offset((char*)addr, size);
    if (so < 0) return;
    int t = g_cur;
    for (int i = 0; i < size && (size_t)so + i < g_w_epoch.size(); i++) {
        size_t o = (size_t)so + i;
        if (!g_init[o]) fail("UNINIT", "thread %d updates shared offset %zu atomically, but no thread of this block has written it", t, o);
        if (g_w_epoch[o] == g_epoch && g_writer[o] != t && !warp_ordered(t, g_writer[o], g_w_sync[o]))
            fail("RACE", "shared-memory race: thread %d updates shared offset %zu atomically, written by thread %d in the same barrier interval", t, o, g_writer[o]);
        if (g_r_epoch[o] == g_epoch && (g_reader[o] == -2 || g_reader[o] != t) && !warp_ordered(t, g_reader[o], g_r_sync[o]))
            fail("RACE", "shared-memory race: thread %d updates shared offset %zu atomically, read by thread %d in the same barrier interval", t, o, g_reader[o] == -2 ? -1 : g_reader[o]);
        if (g_a_epoch[o] != g_epoch) { g_a_epoch[o] = g_epoch; g_atomic[o] = t; g_first_atomic[o] = t; }
        else if (g_atomic[o] != t) g_atomic[o] = -2;
    }
}

// ---- assert, __trap and integer division by zero: named errors with block, thread and line ----
static void thread_str(char* buf, size_t n) { snprintf(buf, n, "thread (%u,%u,%u)", fx_threadIdx.x, fx_threadIdx.y, fx_threadIdx.z); }
extern "C" void __assert_fail(const char* expr, const char* file, unsigned line, const char* fn) noexcept {
    char th[64]; thread_str(th, sizeof th);
    fail("ASSERT", "%s: assert(%s) failed at %s:%u in %s", th, expr, file, line, fn);
}
extern "C" void fx_trap(const char* file, int line) {
    char th[64]; thread_str(th, sizeof th);
    fail("TRAP", "%s: __trap() at %s:%d", th, file, line);
}
// Every build compiles kernels with -fsanitize=integer-divide-by-zero; these are the handlers it calls
// (GCC's UBSan ABI: a source location, then the operands), defined here so no sanitizer runtime is needed.
struct FxSrcLoc { const char* file; uint32_t line, column; };
struct FxDivData { FxSrcLoc loc; const void* type; };
extern "C" void __ubsan_handle_divrem_overflow_abort(FxDivData* d, uintptr_t lhs, uintptr_t rhs) {
    char th[64]; thread_str(th, sizeof th);
    if (rhs == 0) fail("DIVZERO", "%s: integer division or remainder by zero at %s:%u:%u", th, d->loc.file, d->loc.line, d->loc.column);
    fail("UBSAN", "%s: integer division overflow (the most negative value divided by -1) at %s:%u:%u", th, d->loc.file, d->loc.line, d->loc.column);
}
extern "C" void __ubsan_handle_divrem_overflow(FxDivData* d, uintptr_t lhs, uintptr_t rhs) { __ubsan_handle_divrem_overflow_abort(d, lhs, rhs); }

#define FX_TSAN_RW(n) \
    extern "C" void __tsan_read##n(void* a) { shared_access(a, n, false, __builtin_return_address(0)); } \
    extern "C" void __tsan_write##n(void* a) { shared_access(a, n, true, __builtin_return_address(0)); } \
    extern "C" void __tsan_unaligned_read##n(void* a) { shared_access(a, n, false, __builtin_return_address(0)); } \
    extern "C" void __tsan_unaligned_write##n(void* a) { shared_access(a, n, true, __builtin_return_address(0)); }
FX_TSAN_RW(1) FX_TSAN_RW(2) FX_TSAN_RW(4) FX_TSAN_RW(8) FX_TSAN_RW(16)
extern "C" void __tsan_read_range(void* a, unsigned long n) { shared_access(a, (int)n, false, __builtin_return_address(0)); }
extern "C" void __tsan_write_range(void* a, unsigned long n) { shared_access(a, (int)n, true, __builtin_return_address(0)); }
extern "C" void __tsan_func_entry(void*) {}
extern "C" void __tsan_func_exit() {}
extern "C" void __tsan_init() {}
extern "C" void __tsan_vptr_update(void**, void*) {}
extern "C" void __tsan_vptr_read(void**) {}

#ifdef FX_ASAN
static void asan_context() {
    fprintf(stderr, "FXCTX kernel %s, block (%u,%u,%u), thread (%u,%u,%u)\n", g_kernel, fx_blockIdx.x, fx_blockIdx.y, fx_blockIdx.z,
            fx_threadIdx.x, fx_threadIdx.y, fx_threadIdx.z);
}
#else
// Without ASan a bad pointer is a bare SIGSEGV: say which block and thread was running, then die of the same signal
// (the exit status stays the signal's). On a stack of its own, so a fiber that overflowed its stack is reported too.
static void crash_context(int sig) {
    char buf[192];
    int n = snprintf(buf, sizeof buf, "FXCTX kernel %s, block (%u,%u,%u), thread (%u,%u,%u): %s\n", g_kernel, fx_blockIdx.x,
                     fx_blockIdx.y, fx_blockIdx.z, fx_threadIdx.x, fx_threadIdx.y, fx_threadIdx.z, strsignal(sig));
    if (n > 0) { ssize_t w = write(2, buf, (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1); (void)w; }
    signal(sig, SIG_DFL); raise(sig);
}
static void catch_crashes() {
    static char alt[1 << 16];
    stack_t ss{}; ss.ss_sp = alt; ss.ss_size = sizeof alt; sigaltstack(&ss, nullptr);
    struct sigaction sa{}; sa.sa_handler = crash_context; sa.sa_flags = SA_ONSTACK | SA_RESETHAND; sigemptyset(&sa.sa_mask);
    for (int sig : {SIGSEGV, SIGBUS, SIGFPE, SIGILL}) {   // only where nothing else handles it (table_trace.cpp's SIGSEGV tracer does)
        struct sigaction old{};
        if (sigaction(sig, nullptr, &old) == 0 && old.sa_handler == SIG_DFL && !(old.sa_flags & SA_SIGINFO)) sigaction(sig, &sa, nullptr);
    }
}
#endif

// ---- the job file ----
static void rd(FILE* f, void* p, size_t n) { if (fread(p, 1, n, f) != n) fail("HOST", "truncated job file"); }

int main(int argc, char** argv) {
    if (argc == 2 && !strcmp(argv[1], "--signature")) {  // print the parameter list the trampoline deduced
        if (!fx_signature) { fprintf(stderr, "this kernel's trampoline has no signature\n"); return 2; }
        printf("%s\n", fx_signature()); return 0;
    }
    if (argc < 3) { fprintf(stderr, "usage: %s JOB OUT [TRACE]\n", argv[0]); return 2; }
    if (getenv("FX_FTZ")) {  // emulate a GPU build with flush-to-zero: subnormal inputs and results become zero (set before any fiber exists)
#if defined(__x86_64__) || defined(__i386__)
        _MM_SET_FLUSH_ZERO_MODE(_MM_FLUSH_ZERO_ON); _MM_SET_DENORMALS_ZERO_MODE(_MM_DENORMALS_ZERO_ON);
#else
        fail("HOST", "FX_FTZ is implemented for x86 only");
#endif
    }
#ifdef FX_ASAN
    __sanitizer_set_death_callback(asan_context);  // a sanitizer report then says which block and thread
#else
    catch_crashes();                               // a crash then says which block and thread
#endif
    FILE* jf = fopen(argv[1], "rb"); if (!jf) fail("HOST", "cannot open job file %s", argv[1]);
    char magic[4]; rd(jf, magic, 4); if (memcmp(magic, "FXJ2", 4)) fail("HOST", "bad job file magic");
    uint32_t hdr[9]; rd(jf, hdr, sizeof hdr);  // grid xyz, block xyz, nargs, race, dynamic shared bytes
    fx_gridDim = fx_dim3{hdr[0], hdr[1], hdr[2]}; fx_blockDim = fx_dim3{hdr[3], hdr[4], hdr[5]};
    uint32_t nargs = hdr[6], race = hdr[7]; fx_dyn_shared_bytes = hdr[8];
    uint32_t nlen; rd(jf, &nlen, 4); static char name[256]; rd(jf, name, nlen < 255 ? nlen : 255); g_kernel = name;
    std::vector<void*> slots(nargs), args(nargs);
    std::vector<uint64_t> sizes(nargs); std::vector<uint32_t> kinds(nargs), outs(nargs);
    std::vector<char*> ptrs(nargs, nullptr);
    std::vector<int64_t> ints(nargs); std::vector<float> flts(nargs);
    for (uint32_t i = 0; i < nargs; i++) {
        rd(jf, &kinds[i], 4); rd(jf, &outs[i], 4); rd(jf, &sizes[i], 8);
        if (kinds[i] == 0 || kinds[i] == 4) {   // pointer: exactly sized heap buffer, so AddressSanitizer sees its end
            uint32_t off = 0;   // kind 4: the data starts `off` bytes past a 256-byte boundary (an unaligned base address)
            if (kinds[i] == 4) rd(jf, &off, 4);
            void* p = nullptr;
            if (posix_memalign(&p, 256, off + (sizes[i] ? sizes[i] : 1))) fail("HOST", "out of memory");
            ptrs[i] = (char*)p + off;
            rd(jf, ptrs[i], sizes[i]);
            slots[i] = ptrs[i]; args[i] = &slots[i];
        } else if (kinds[i] == 1) { int32_t v; rd(jf, &v, 4); ints[i] = v; args[i] = &ints[i]; }
        else if (kinds[i] == 3) { rd(jf, &ints[i], 8); args[i] = &ints[i]; }  // 64-bit integer (int64_t, uint64_t, size_t)
        else if (kinds[i] == 2) { rd(jf, &flts[i], 4); args[i] = &flts[i]; }
        else if (kinds[i] == 5) {   // by value: a struct, a vector type (uint3, float4), a double; the trampoline copies its bytes
            void* p = nullptr;
            if (posix_memalign(&p, 64, sizes[i] ? sizes[i] : 1)) fail("HOST", "out of memory");
            rd(jf, p, sizes[i]); ptrs[i] = (char*)p; args[i] = p;
        }
        else fail("HOST", "bad argument kind %u", kinds[i]);
    }
    fclose(jf);
    g_args = args.data();
    int nthreads = (int)(fx_blockDim.x * fx_blockDim.y * fx_blockDim.z);
    g_fibers.resize(nthreads);
    for (auto& f : g_fibers) f.stack = (char*)malloc(g_stack);
    size_t sh = (size_t)(__stop_fx_shared - __start_fx_shared);
    g_sh = sh;
    g_lane_sync.assign(nthreads, 0u);
    if (fx_dyn_shared_bytes > FX_DYN_CAP) fail("HOST", "dynamic shared memory of %zu bytes exceeds %zu", fx_dyn_shared_bytes, FX_DYN_CAP);
    fx_dyn_shared();
#ifdef FX_ASAN
    ASAN_POISON_MEMORY_REGION(g_dyn + fx_dyn_shared_bytes, FX_DYN_CAP - fx_dyn_shared_bytes);  // past the launch's size
#endif
    if (race) {
        size_t tr = sh + fx_dyn_shared_bytes;
        g_race = true;
        g_w_epoch.assign(tr, 0); g_r_epoch.assign(tr, 0); g_writer.assign(tr, -1); g_reader.assign(tr, -1); g_init.assign(tr, 0);
        g_w_sync.assign(tr, 0); g_r_sync.assign(tr, 0); g_a_epoch.assign(tr, 0); g_atomic.assign(tr, -1); g_first_atomic.assign(tr, -1);
        if (argc > 3) g_trace = fopen(argv[3], "wb");
    }
    for (unsigned z = 0; z < fx_gridDim.z; z++)
        for (unsigned y = 0; y < fx_gridDim.y; y++)
            for (unsigned x = 0; x < fx_gridDim.x; x++) {
                fx_blockIdx = fx_dim3{x, y, z};
                g_block_linear = x + fx_gridDim.x * (y + fx_gridDim.y * z);
#ifdef FX_OSTHREADS
                run_block_os(nthreads);
#else
                run_block(nthreads);
#endif
            }
    if (g_trace) fclose(g_trace);
    FILE* of = fopen(argv[2], "wb"); if (!of) fail("HOST", "cannot write %s", argv[2]);
    for (uint32_t i = 0; i < nargs; i++) if ((kinds[i] == 0 || kinds[i] == 4) && outs[i]) fwrite(ptrs[i], 1, sizes[i], of);
    fclose(of);
    if (g_same_bytes) fprintf(stderr, "FXNOTE RACE_SAME %s (%zu bytes written so in the launch)\n", g_same_first, g_same_bytes);
    fprintf(stderr, "FXOK blocks %u threads %d shared %zu\n", fx_gridDim.x * fx_gridDim.y * fx_gridDim.z, nthreads, sh);
    return 0;
}
