// ferrox_lit host runner: launches a CUDA kernel translation unit, compiled for the CPU against
// the shim, one block at a time; each CUDA thread of a block is a ucontext fiber on ONE OS thread,
// scheduled in ascending thread order; __syncthreads() switches to the next fiber.
#include <ucontext.h>
#include <dlfcn.h>
#include <unistd.h>
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <cstring>
#include <vector>
#include <string>
#include <cstdarg>
#include <algorithm>
#if defined(__x86_64__) || defined(__i386__)
#include <xmmintrin.h>
#include <pmmintrin.h>
#endif
#ifdef FX_ASAN
#include <sanitizer/common_interface_defs.h>
#endif

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
    va_list ap; va_start(ap, fmt);
    fprintf(stderr, "FXERR %s kernel %s, block (%u,%u,%u): ", kind, g_kernel, fx_blockIdx.x, fx_blockIdx.y, fx_blockIdx.z);
    vfprintf(stderr, fmt, ap); fprintf(stderr, "\n"); va_end(ap);
    fflush(stderr); _exit(3);
}

enum { RUNNABLE = 0, AT_BARRIER = 1, DONE = 2 };
// A fiber starts on its own stack with makecontext/setcontext. After that, switches use
// _setjmp/_longjmp, which (unlike swapcontext) do not save and restore the signal mask with a
// system call: two switches per thread per barrier is the runner's hot path. The sanitizer build
// keeps swapcontext, which AddressSanitizer's fiber annotations are written for.
#ifdef FX_ASAN
#define FX_SWAPCONTEXT 1
#endif
#include <setjmp.h>
struct Fiber { ucontext_t ctx; jmp_buf jb; bool started; char* stack; int state; int line; unsigned x, y, z; };
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
static FILE* g_trace = nullptr;
static uint32_t g_block_linear = 0;

#ifdef FX_OSTHREADS
// The baseline the fibers are measured against: one OS thread per CUDA thread and a pthread
// barrier. No detectors: it exists only so the benchmark can compare like with like.
#include <pthread.h>
static pthread_barrier_t g_barrier;
extern "C" void fx_syncthreads(int) { pthread_barrier_wait(&g_barrier); }
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
    back_to_scheduler();
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

static void run_block(int nthreads) {
    for (int t = 0; t < nthreads; t++) {
        Fiber& f = g_fibers[t];
        f.state = RUNNABLE; f.line = 0; f.started = false;
        f.x = t % fx_blockDim.x; f.y = (t / fx_blockDim.x) % fx_blockDim.y; f.z = t / (fx_blockDim.x * fx_blockDim.y);
        getcontext(&f.ctx);
        f.ctx.uc_stack.ss_sp = f.stack; f.ctx.uc_stack.ss_size = g_stack; f.ctx.uc_link = nullptr;
        makecontext(&f.ctx, fiber_main, 0);
    }
    size_t sh = (size_t)(__stop_fx_shared - __start_fx_shared);
    if (sh) memset(__start_fx_shared, 0xFF, sh);  // shared memory starts as garbage, as on the GPU
    if (!g_init.empty()) std::fill(g_init.begin(), g_init.end(), 0);
    g_epoch++;
    for (;;) {
        for (int t = 0; t < nthreads; t++)
            if (g_fibers[t].state == RUNNABLE) switch_to_fiber(t);
        int done = 0, waiting = 0, line = -1; bool same = true;
        for (int t = 0; t < nthreads; t++) {
            if (g_fibers[t].state == DONE) done++;
            else { waiting++; if (line < 0) line = g_fibers[t].line; else if (g_fibers[t].line != line) same = false; }
        }
        if (done == nthreads) return;
        if (done > 0 || !same) {
            char buf[1024]; describe_barriers(buf, sizeof buf);
            fail("DIVERGENCE", "barrier divergence: %s", buf);
        }
        for (int t = 0; t < nthreads; t++) g_fibers[t].state = RUNNABLE;
        g_epoch++;  // a new barrier interval
    }
}

static void shared_access(void* addr, int size, bool write, void* pc) {
    if (g_cur < 0 || g_w_epoch.empty()) return;
    char* a = (char*)addr;
    if (a < __start_fx_shared || a >= __stop_fx_shared) return;
    size_t off = (size_t)(a - __start_fx_shared);
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
        if (write) {
            if (g_w_epoch[o] == g_epoch && g_writer[o] != t)
                fail("RACE", "shared-memory race: thread %d writes shared offset %zu, already written by thread %d in the same barrier interval", t, o, g_writer[o]);
            if (g_r_epoch[o] == g_epoch && (g_reader[o] == -2 || g_reader[o] != t))
                fail("RACE", "shared-memory race: thread %d writes shared offset %zu, read by thread %d in the same barrier interval", t, o, g_reader[o] == -2 ? -1 : g_reader[o]);
            g_w_epoch[o] = g_epoch; g_writer[o] = t; g_init[o] = 1;
        } else {
            if (g_w_epoch[o] == g_epoch && g_writer[o] != t)
                fail("RACE", "shared-memory race: thread %d reads shared offset %zu, written by thread %d in the same barrier interval", t, o, g_writer[o]);
            if (!g_init[o])
                fail("UNINIT", "thread %d reads shared offset %zu, which no thread of this block has written", t, o);
            if (g_r_epoch[o] != g_epoch) { g_r_epoch[o] = g_epoch; g_reader[o] = t; }
            else if (g_reader[o] != t) g_reader[o] = -2;
        }
    }
}

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
        else fail("HOST", "bad argument kind %u", kinds[i]);
    }
    fclose(jf);
    g_args = args.data();
    int nthreads = (int)(fx_blockDim.x * fx_blockDim.y * fx_blockDim.z);
    g_fibers.resize(nthreads);
    for (auto& f : g_fibers) f.stack = (char*)malloc(g_stack);
    size_t sh = (size_t)(__stop_fx_shared - __start_fx_shared);
    if (race) {
        g_w_epoch.assign(sh, 0); g_r_epoch.assign(sh, 0); g_writer.assign(sh, -1); g_reader.assign(sh, -1); g_init.assign(sh, 0);
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
    fprintf(stderr, "FXOK blocks %u threads %d shared %zu\n", fx_gridDim.x * fx_gridDim.y * fx_gridDim.z, nthreads, sh);
    return 0;
}
