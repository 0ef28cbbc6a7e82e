// ferrox_lit table tracer: appended to a kernel's translation unit by ferrox_lit.placement (never on a GPU).
// Every lookup table the text declares is page-aligned and its pages are made unreadable before main runs. A read of
// a table faults: the SIGSEGV handler records (table, block, thread, byte offset, instruction), makes the pages
// readable and sets the x86 trap flag; the instruction runs once, and the SIGTRAP that follows protects the pages
// again. So every load of a table is seen, whatever the code does with the table's address (an index, a pointer
// passed to a helper, a u64 entry read as bytes), at the instruction the compiler emitted for it.
// Before this text, placement.py defines FXPL_N (tables) and FXPL_TABLES(X): X(name) once per table.
#include <signal.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>
#include <fcntl.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

namespace fxpl {
struct Rec { uint32_t table, block, thread, offset; uint64_t pc; };   // 24 bytes, numpy TABLE_REC in placement.py
struct Tab { char* lo; char* hi; char* plo; char* phi; const char* name; size_t elem; };
static Tab tabs[FXPL_N];
static int ntab = 0;
static Rec* buf = nullptr;
static size_t nrec = 0, cap = 0;
static int fd = -1;
static bool stepping[FXPL_N];
static const size_t PAGE = 4096;

__attribute__((no_sanitize_thread)) static void flush() {
    if (fd >= 0 && nrec) { ssize_t w = write(fd, buf, nrec * sizeof(Rec)); (void)w; }
    nrec = 0;
}

__attribute__((no_sanitize_thread)) static void on_segv(int sig, siginfo_t* si, void* ucv) {
    ucontext_t* uc = (ucontext_t*)ucv;
    char* a = (char*)si->si_addr;
    int hit = -1;
    for (int i = 0; i < ntab; i++) if (a >= tabs[i].plo && a < tabs[i].phi) { hit = i; break; }
    if (hit < 0) { signal(sig, SIG_DFL); return; }   // not a table: the fault is real, let it kill the run
    if (a >= tabs[hit].lo && a < tabs[hit].hi) {
        if (nrec == cap) flush();
        uint32_t bl = fx_blockIdx.x + fx_gridDim.x * (fx_blockIdx.y + fx_gridDim.y * fx_blockIdx.z);
        uint32_t th = fx_threadIdx.x + fx_blockDim.x * (fx_threadIdx.y + fx_blockDim.y * fx_threadIdx.z);
        buf[nrec++] = Rec{(uint32_t)hit, bl, th, (uint32_t)(a - tabs[hit].lo), (uint64_t)uc->uc_mcontext.gregs[REG_RIP]};
    }
    mprotect(tabs[hit].plo, tabs[hit].phi - tabs[hit].plo, PROT_READ | PROT_WRITE);
    stepping[hit] = true;
    uc->uc_mcontext.gregs[REG_EFL] |= 0x100;           // trap flag: stop after the one instruction
}

__attribute__((no_sanitize_thread)) static void on_trap(int, siginfo_t*, void* ucv) {
    ucontext_t* uc = (ucontext_t*)ucv;
    for (int i = 0; i < ntab; i++)
        if (stepping[i]) { mprotect(tabs[i].plo, tabs[i].phi - tabs[i].plo, PROT_NONE); stepping[i] = false; }
    uc->uc_mcontext.gregs[REG_EFL] &= ~(greg_t)0x100;
}

__attribute__((no_sanitize_thread)) static void add(const void* p, size_t n, size_t elem, const char* name) {
    Tab& t = tabs[ntab++];
    t.lo = (char*)p; t.hi = t.lo + n; t.name = name; t.elem = elem;
    t.plo = (char*)((uintptr_t)t.lo & ~(uintptr_t)(PAGE - 1));
    t.phi = (char*)(((uintptr_t)t.hi + PAGE - 1) & ~(uintptr_t)(PAGE - 1));
}

extern "C" __attribute__((noinline, used)) void fxpl_anchor() {}

__attribute__((constructor, no_sanitize_thread)) static void start() {
    const char* dir = getenv("FXPL_DIR");
    if (!dir) return;                                  // not a traced run: tables stay readable, nothing is recorded
#define FXPL_ADD(name) add(name, sizeof(name), sizeof(name[0]), #name);
    FXPL_TABLES(FXPL_ADD)
    char path[4096];
    snprintf(path, sizeof path, "%s/%d.txt", dir, (int)getpid());
    FILE* h = fopen(path, "w");
    if (!h) return;
    char exe[4096]; ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1); exe[n > 0 ? n : 0] = 0;
    fprintf(h, "%s\n%llu\n", exe, (unsigned long long)(uintptr_t)&fxpl_anchor);
    for (int i = 0; i < ntab; i++) fprintf(h, "%s %zu %zu\n", tabs[i].name, (size_t)(tabs[i].hi - tabs[i].lo), tabs[i].elem);
    fclose(h);
    snprintf(path, sizeof path, "%s/%d.bin", dir, (int)getpid());
    fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    cap = 1 << 20;
    buf = (Rec*)mmap(nullptr, cap * sizeof(Rec), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    struct sigaction sa; memset(&sa, 0, sizeof sa);
    sa.sa_flags = SA_SIGINFO; sa.sa_sigaction = on_segv; sigaction(SIGSEGV, &sa, nullptr);
    sa.sa_sigaction = on_trap; sigaction(SIGTRAP, &sa, nullptr);
    for (int i = 0; i < ntab; i++) mprotect(tabs[i].plo, tabs[i].phi - tabs[i].plo, PROT_NONE);
}

__attribute__((destructor, no_sanitize_thread)) static void stop() {
    for (int i = 0; i < ntab; i++) mprotect(tabs[i].plo, tabs[i].phi - tabs[i].plo, PROT_READ | PROT_WRITE);
    flush();
    if (fd >= 0) close(fd);
}
}  // namespace fxpl
