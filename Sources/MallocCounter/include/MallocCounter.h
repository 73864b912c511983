#ifndef SCROLLWORK_MALLOC_COUNTER_H
#define SCROLLWORK_MALLOC_COUNTER_H

/// The number of heap allocations (malloc, calloc, realloc, aligned
/// allocations) made by this process since it started. The benchmark reads
/// it before and after a query to count the query's allocations.
long scrollwork_allocation_count(void);

/// The bytes currently allocated on the heap (glibc's mallinfo2: in-use
/// arena bytes plus mmapped blocks), or -1 where not available.
long scrollwork_heap_bytes(void);

#endif
