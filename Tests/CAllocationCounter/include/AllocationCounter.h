// Counts heap allocations made by the calling thread between begin and end: the allocation-count tests'
// malloc hook (swift-nio's allocation-counter tests are the model: hook malloc in-process, warm up, then count
// a fixed burst). Only the thread that began counting is counted, so libzmq's I/O threads and XCTest's own
// work on other threads do not move the figure.
#ifndef TP_ALLOCATION_COUNTER_H
#define TP_ALLOCATION_COUNTER_H

#include <stdint.h>

/// Starts counting this thread's allocations from zero.
void tp_allocation_counting_begin(void);
/// Stops counting; returns the allocations (malloc, calloc, realloc, the aligned ones) since begin, the debug
/// build's coroutine frames left out.
int64_t tp_allocation_counting_end(void);
/// Frees since begin (read before end; end resets nothing but the flag).
int64_t tp_allocation_counting_frees(void);
/// The unoptimized build's coroutine frames malloc'd since begin, which `end` does not count (see the .c file).
int64_t tp_allocation_counting_coroutine_frames(void);
/// Whether this hook sees the process's allocations (glibc: yes), by counting one calloc'd probe; the tests skip
/// where it does not.
int tp_allocation_counting_is_hooked(void);

#endif
