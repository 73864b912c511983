import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Time since the process started, for `view --stats` ("first frame at
/// N ms"): the kernel's start time of the process (`/proc/self/stat`, in
/// clock ticks since boot, usually 10 ms) against `CLOCK_BOOTTIME`; where
/// that cannot be read, since this type was first used (the command's
/// start).
package enum ProcessClock {
  private static let fallbackStart = monotonicNow()

  private static func monotonicNow() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
  }

  /// The process's start, seconds since boot, from `/proc/self/stat`.
  private static let bootStart: Double? = {
    guard let text = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
      let close = text.lastIndex(of: ")")
    else { return nil }
    // Fields after the command name start at field 3; starttime is field 22.
    let fields = text[text.index(after: close)...].split(separator: " ")
    guard fields.count > 19, let ticks = Double(fields[19]) else { return nil }
    let hz = Double(sysconf(Int32(_SC_CLK_TCK)))
    return hz > 0 ? ticks / hz : nil
  }()

  /// Whole milliseconds since the process started.
  package static func milliseconds() -> Int {
    _ = fallbackStart
    if let start = bootStart {
      var spec = timespec()
      clock_gettime(CLOCK_BOOTTIME, &spec)
      let now = Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
      if now >= start { return Int(((now - start) * 1000).rounded()) }
    }
    return Int(((monotonicNow() - fallbackStart) * 1000).rounded())
  }
}
