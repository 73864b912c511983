// Counts heap allocations by defining the allocator entry points in the
// executable and forwarding to glibc's own implementations. The executable's
// definitions take precedence over libc's for every library in the process,
// so allocations made by the Swift runtime are counted too. Used only by
// `scrollwork bench` to check that steady-state queries allocate nothing.
#include "MallocCounter.h"
#include <stdlib.h>

// Sanitizers bring their own allocator, which must see every allocation:
// under them (Scripts/sanitize.sh, Scripts/fuzz.sh) the counter is off.
#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define SCROLLWORK_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define SCROLLWORK_SANITIZED 1
#endif

#if defined(__linux__) && defined(__GLIBC__) && !defined(SCROLLWORK_SANITIZED)
#include <stdatomic.h>
#include <stddef.h>
#include <errno.h>
#include <malloc.h>

long scrollwork_heap_bytes(void) {
  struct mallinfo2 info = mallinfo2();
  return (long)(info.uordblks + info.hblkhd);
}

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

static atomic_long allocations;

long scrollwork_allocation_count(void) { return atomic_load_explicit(&allocations, memory_order_relaxed); }

static inline void count(void) { atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed); }

void *malloc(size_t size) {
  count();
  return __libc_malloc(size);
}

void *calloc(size_t n, size_t size) {
  count();
  return __libc_calloc(n, size);
}

void *realloc(void *pointer, size_t size) {
  count();
  return __libc_realloc(pointer, size);
}

void free(void *pointer) { __libc_free(pointer); }

void *memalign(size_t alignment, size_t size) {
  count();
  return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
  count();
  return __libc_memalign(alignment, size);
}

int posix_memalign(void **out, size_t alignment, size_t size) {
  count();
  void *p = __libc_memalign(alignment, size);
  if (!p && size) return ENOMEM;
  *out = p;
  return 0;
}
#else
// Elsewhere (or under a sanitizer) the counter is not available: -1 tells
// the benchmark so.
long scrollwork_allocation_count(void) { return -1; }
long scrollwork_heap_bytes(void) { return -1; }
#endif
