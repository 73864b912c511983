import LayoutCore

/// Reads typed values from a fuzzer's bytes, front to back; past the end
/// every read gives zero, so any input is a complete case.
public struct FuzzInput {
  let bytes: UnsafeBufferPointer<UInt8>
  var position = 0

  public init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  /// Whether bytes remain.
  public var isEmpty: Bool { position >= bytes.count }

  public mutating func byte() -> UInt8 {
    guard position < bytes.count else { return 0 }
    defer { position += 1 }
    return bytes[position]
  }

  public mutating func u64() -> UInt64 {
    var value: UInt64 = 0
    for _ in 0..<8 { value = value << 8 | UInt64(byte()) }
    return value
  }

  public mutating func bool() -> Bool { byte() & 1 == 1 }

  /// An integer in `range`.
  public mutating func int(in range: ClosedRange<Int>) -> Int {
    let span = UInt64(bitPattern: Int64(range.upperBound &- range.lowerBound))
    guard span > 0, span < UInt64.max else { return range.lowerBound }
    return range.lowerBound &+ Int(truncatingIfNeeded: u64() % (span + 1))
  }

  /// A count: usually small, sometimes huge (up to Int.max), sometimes negative.
  public mutating func count(typical: Int) -> Int {
    switch byte() % 16 {
    case 0: return [Int.max, Int.max - 1, Int.min, -1, 1 << 48, 1 << 62, 0][int(in: 0...6)]
    case 1: return int(in: 0...10_000_000)
    default: return int(in: 0...typical)
    }
  }

  /// A Double: usually an ordinary value in `typical`, sometimes one of the
  /// hostile values (NaN, ±∞, huge, tiny, negative, the extent limit), or
  /// a raw bit pattern.
  public mutating func double(typical: ClosedRange<Double>) -> Double {
    switch byte() % 32 {
    case 0:
      let specials: [Double] = [
        .nan, .infinity, -.infinity, 0, -0.0, -1, 1e-300, 1e300, -1e300, .greatestFiniteMagnitude,
        LayoutLimits.maximumExtent, LayoutLimits.maximumExtent * 2, .leastNonzeroMagnitude,
      ]
      return specials[int(in: 0...specials.count - 1)]
    case 1:
      return Double(bitPattern: u64())
    default:
      let unit = Double(u64() >> 11) / Double(1 << 53)
      return typical.lowerBound + (typical.upperBound - typical.lowerBound) * unit
    }
  }

  public mutating func size(typical: ClosedRange<Double>) -> Size {
    Size(width: double(typical: typical), height: double(typical: typical))
  }

  public mutating func point(typical: ClosedRange<Double>) -> Point {
    Point(x: double(typical: typical), y: double(typical: typical))
  }
}

/// Stops the process with a message: libFuzzer records the input as a
/// crasher.
public func fuzzFail(_ message: String) -> Never {
  fatalError("fuzz check failed: \(fuzzContext): " + message)
}

/// What the current input is testing (a layout's name), for messages.
nonisolated(unsafe) public var fuzzContext = ""
