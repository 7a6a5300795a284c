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
    allocations = 0;
    frees = 0;
    counting = 1;
}

int64_t tp_allocation_counting_end(void) {
    counting = 0;
    return allocations;
}

int64_t tp_allocation_counting_frees(void) { return frees; }

void *malloc(size_t size) {
    if (counting && !tracing) {
        allocations++;
        trace_allocation();
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

#endif
