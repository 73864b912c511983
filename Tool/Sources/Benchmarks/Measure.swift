import LayoutCore
import MallocCounter

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Monotonic time in nanoseconds.
@inline(__always) package func nanoseconds() -> UInt64 {
  var ts = timespec()
  clock_gettime(CLOCK_MONOTONIC, &ts)
  return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
}

/// Bytes currently allocated on the heap (glibc's `mallinfo2`), or nil
/// where that is not available.
package func heapBytes() -> Int? {
  let bytes = scrollwork_heap_bytes()
  return bytes < 0 ? nil : bytes
}

/// Heap allocations since the process started, or nil where not counted.
package func allocationCount() -> Int? {
  let count = scrollwork_allocation_count()
  return count < 0 ? nil : count
}

/// Keeps the optimiser from discarding a result.
@inline(never) package func blackHole<T>(_ value: T) { withExtendedLifetime(value) {} }

/// Order statistics of a sample of durations.
package struct Stats {
  package var median: Double
  package var p99: Double

  package init(_ values: [Double]) {
    let sorted = values.sorted()
    guard !sorted.isEmpty else {
      median = 0
      p99 = 0
      return
    }
    median = sorted[sorted.count / 2]
    p99 = sorted[min(sorted.count - 1, Int((Double(sorted.count) * 0.99).rounded(.up)) - 1)]
  }
}

/// Times `body` over every sample index: each sample's figure is the mean of
/// `repeats` runs, in nanoseconds.
package func timeSamples(count: Int, repeats: Int, _ body: (Int) -> Void) -> [Double] {
  var result: [Double] = []
  result.reserveCapacity(count)
  for i in 0..<count {
    let start = nanoseconds()
    for _ in 0..<repeats { body(i) }
    let end = nanoseconds()
    result.append(Double(end - start) / Double(repeats))
  }
  return result
}
