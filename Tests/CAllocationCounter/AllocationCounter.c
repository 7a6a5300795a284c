// The hook itself: malloc and friends defined in the test executable take precedence over libc's for every
// library in the process (ELF symbol interposition), and forward to glibc's own entry points (__libc_malloc
// and the rest are exported for exactly this), so no dlsym and no recursion. Counting is a thread-local
// flag and two thread-local counters: nothing here allocates or locks.
#define _GNU_SOURCE
#include <stddef.h>
#include <errno.h>
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

void tp_allocation_counting_begin(void) {
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
    if (counting) allocations++;
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    if (counting) allocations++;
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    if (counting) allocations++;
    return __libc_realloc(pointer, size);
}

void *memalign(size_t alignment, size_t size) {
    if (counting) allocations++;
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    if (counting) allocations++;
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) return EINVAL;
    if (counting) allocations++;
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
