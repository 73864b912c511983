import Foundation

/// Working memory shared by every decoder of a process: what keeps the
/// memory of all decodes together bounded, not only each one's.
///
/// A decode that needs more working memory than `unreservedBytes` (a
/// progressive JPEG's coefficients, libheif's whole image, a very wide
/// PNG's row) reserves it here first and gives it back when done. When
/// the budget cannot hold it beside what other decodes hold, it waits
/// until they finish; a need above `totalBytes` is never admitted
/// (`ImageDecoder` refuses it with `.overBudget`). Small decodes (row
/// buffers only: every baseline JPEG, PNG and WebP decoded to the size on
/// screen) do not reserve, so thumbnails never wait behind a big decode.
/// With n decoders running at once, all of them together take at most
/// `totalBytes` + n × `unreservedBytes` of working memory.
///
/// ```swift
/// let budget = DecodeBudget(totalBytes: 64 << 20)
/// let decoder = ImageDecoder(budget: budget)
/// ```
///
/// Thread-safe: a lock and a condition guard the count. Reservations are
/// admitted in no particular order (a small one may pass a large one that
/// waits).
public final class DecodeBudget: @unchecked Sendable {
  /// The budget every `ImageDecoder` uses unless given another: 256 MiB,
  /// enough for a 50-megapixel progressive JPEG with 4:2:0 or 4:2:2
  /// chroma, and under `render`'s and `view`'s 500 MB with the rest.
  public static let shared = DecodeBudget(totalBytes: 256 << 20)

  /// Working memory a decode may take without reserving it: 16 MiB, a
  /// few rows of the widest image a decoder reads row by row.
  public static let unreservedBytes = 16 << 20

  /// The most working memory all reserving decodes hold at once.
  public let totalBytes: Int

  private let condition = NSCondition()
  private var reserved = 0
  private var peak = 0

  /// A budget of `totalBytes` (at least 1 MiB).
  public init(totalBytes: Int) {
    self.totalBytes = Swift.max(1 << 20, totalBytes)
  }

  /// The bytes held now.
  public var reservedBytes: Int {
    condition.lock()
    defer { condition.unlock() }
    return reserved
  }

  /// The most bytes held at once so far.
  public var peakReserved: Int {
    condition.lock()
    defer { condition.unlock() }
    return peak
  }

  /// Runs `body` with `bytes` reserved, waiting until the budget holds
  /// them beside the other reservations; `bytes` above `totalBytes` are
  /// clamped to it (a caller refuses those first).
  ///
  /// - Complexity: O(1) besides the wait and `body`.
  public func withReservation<R, E: Error>(_ bytes: Int, _ body: () throws(E) -> R) throws(E) -> R {
    let bytes = Swift.min(Swift.max(0, bytes), totalBytes)
    condition.lock()
    while reserved + bytes > totalBytes { condition.wait() }
    reserved += bytes
    peak = Swift.max(peak, reserved)
    condition.unlock()
    defer {
      condition.lock()
      reserved -= bytes
      condition.broadcast()
      condition.unlock()
    }
    return try body()
  }
}
