// The hook itself: malloc and friends defined in the test executable take precedence over libc's for every
// library in the process (ELF symbol interposition), and forward to glibc's own entry points (__libc_malloc
// and the rest are exported for exactly this), so no dlsym and no recursion. Counting is a thread-local
// flag and two thread-local counters: nothing here allocates or locks.
#define _GNU_SOURCE
#include <stddef.h>
#include <errno.h>
#include <execinfo.h>
#include <dlfcn.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <link.h>
#include <stdint.h>
#include "AllocationCounter.h"

#if defined(__linux__) && defined(__GLIBC__)

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

static __thread int counting;
static __thread int64_t allocations;
static __thread int64_t frees;
static __thread int64_t coroutine_frames;

// The unoptimized (debug) build's coroutine frames: unspecialized generic code reads a collection through
// `Collection.subscript.read` and friends, yield-once coroutines whose frames do not fit the caller's buffer,
// so each `for x in array`, `contains(where:)` or `first(where:)` mallocs a frame (about 60 a one-finger move,
// 800 at ten fingers), and the optimized build, specialized and inlined, makes none. They are told apart by
// malloc's caller: every Swift object, array, set, dictionary and box comes through `swift_slowAlloc`;
// a frame is malloc'd directly by the Swift runtime library (a witness) or by the test executable's own
// Swift code (a `modify` coroutine). Anything else (libzmq, libc) is counted as it is.
static uintptr_t main_base;
#define TP_CALLERS 2048
static void *caller_address[TP_CALLERS];
static unsigned char caller_is_frame[TP_CALLERS];

static int classify_caller(void *caller) {
    Dl_info info;
    const ElfW(Sym) *symbol = NULL;
    if (!dladdr1(caller, &info, (void **)&symbol, RTLD_DL_SYMENT) || !info.dli_fname) return 0;
    if (info.dli_sname && strncmp(info.dli_sname, "swift_slowAlloc", 15) == 0 && symbol
        && (uintptr_t)caller < (uintptr_t)info.dli_saddr + symbol->st_size) {
        return 0;
    }
    if (strstr(info.dli_fname, "libswiftCore")) return 1;
    return main_base != 0 && (uintptr_t)info.dli_fbase == main_base;
}

static int is_coroutine_frame(void *caller) {
    size_t start = ((uintptr_t)caller >> 3) & (TP_CALLERS - 1);
    for (size_t i = 0; i < TP_CALLERS; i++) {
        size_t slot = (start + i) & (TP_CALLERS - 1);
        if (caller_address[slot] == caller) return caller_is_frame[slot];
        if (caller_address[slot] == NULL) {
            caller_is_frame[slot] = (unsigned char)classify_caller(caller);
            caller_address[slot] = caller;
            return caller_is_frame[slot];
        }
    }
    return classify_caller(caller);
}
// Finding the sites (TP_ALLOCATION_BACKTRACES=FILE): every counted allocation appends one line to FILE, its
// call stack as `object+0xoffset` frames (deploy/allocation-sites symbolizes and groups them). `tracing`
// keeps the hook's own work (backtrace's first call loads libgcc_s) out of the count and out of the file.
static int trace_fd = -1;
static __thread int tracing;

static void trace_allocation(void) {
    if (trace_fd < 0 || tracing) return;
    tracing = 1;
    void *frames[32];
    int depth = backtrace(frames, 32);
    char line[4096];
    size_t used = 0;
    for (int i = 1; i < depth && used + 300 < sizeof line; i++) {
        Dl_info info;
        if (dladdr(frames[i], &info) && info.dli_fname) {
            used += (size_t)snprintf(line + used, sizeof line - used, "%s+0x%lx ", info.dli_fname,
                                     (unsigned long)((char *)frames[i] - (char *)info.dli_fbase) - 1);
        } else {
            used += (size_t)snprintf(line + used, sizeof line - used, "?+%p ", frames[i]);
        }
    }
    line[used++] = '\n';
    ssize_t ignored = write(trace_fd, line, used);
    (void)ignored;
    tracing = 0;
}

void tp_allocation_counting_begin(void) {
    const char *path = getenv("TP_ALLOCATION_BACKTRACES");
    if (path && trace_fd < 0) {
        tracing = 1;
        void *warm[2];
        backtrace(warm, 2);  // loads the unwinder now, outside any count
        trace_fd = open(path, O_WRONLY | O_CREAT | O_APPEND, 0644);
        tracing = 0;
    }
    if (main_base == 0) {
        Dl_info info;
        if (dladdr((void *)&tp_allocation_counting_begin, &info)) main_base = (uintptr_t)info.dli_fbase;
    }
    allocations = 0;
    frees = 0;
    coroutine_frames = 0;
    counting = 1;
}

int64_t tp_allocation_counting_end(void) {
    counting = 0;
    return allocations;
}

int64_t tp_allocation_counting_frees(void) { return frees; }

int64_t tp_allocation_counting_coroutine_frames(void) { return coroutine_frames; }

int tp_allocation_counting_is_hooked(void) {
    tp_allocation_counting_begin();
    void *volatile probe = calloc(1, 16);  // volatile: an optimizer may drop an unused calloc/free pair
    int64_t counted = tp_allocation_counting_end();
    free(probe);
    return counted == 1;
}

#ifdef TP_ALLOCATION_PRELOAD
// Built as a preload library (deploy/measure --sites): counting starts as the process loads, on its main thread
// (the run loop's), and with TP_ALLOCATION_BACKTRACES set every main-thread allocation is traced.
__attribute__((constructor)) static void tp_allocation_preload(void) { tp_allocation_counting_begin(); }
#endif

void *malloc(size_t size) {
    if (counting && !tracing) {
#ifdef TP_ALLOCATION_PRELOAD
        int frame = 0;  // an optimized process's frames are real: deploy/measure --sites traces them all
#else
        tracing = 1;
        int frame = is_coroutine_frame(__builtin_return_address(0));
        tracing = 0;
#endif
        if (frame) {
            coroutine_frames++;
        } else {
            allocations++;
            trace_allocation();
        }
    }
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    if (counting && !tracing) {
        allocations++;
        trace_allocation();
    }
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    if (counting && !tracing) {
        allocations++;
        trace_allocation();
    }
    return __libc_realloc(pointer, size);
}

void *memalign(size_t alignment, size_t size) {
    if (counting && !tracing) {
        allocations++;
        trace_allocation();
    }
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    if (counting && !tracing) {
        allocations++;
        trace_allocation();
    }
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) return EINVAL;
    if (counting && !tracing) {
        allocations++;
        trace_allocation();
    }
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    *result = pointer;
    return 0;
}

void free(void *pointer) {
    if (counting && pointer != NULL) frees++;
    __libc_free(pointer);
}

#else

// Elsewhere nothing is hooked: the counts stay zero and the tests that need them skip.
void tp_allocation_counting_begin(void) {}
int64_t tp_allocation_counting_end(void) { return -1; }
int64_t tp_allocation_counting_frees(void) { return -1; }
int64_t tp_allocation_counting_coroutine_frames(void) { return -1; }

#endif
