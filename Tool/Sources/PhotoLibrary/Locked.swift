import Foundation

/// A value behind a lock, shared between threads (the scan's progress,
/// a result handed from a background thread to the frame loop).
public final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  public init(_ value: Value) { self.value = value }

  /// Runs `body` on the value with the lock held.
  public func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
