import Foundation

/// A small, fast, seeded random number generator (SplitMix64), so property
/// tests repeat exactly: print the seed on failure, rerun with it.
public struct SplitMix64: RandomNumberGenerator, Sendable {
  public private(set) var state: UInt64

  public init(seed: UInt64) { state = seed }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A uniformly random double in `range`.
  public mutating func double(in range: ClosedRange<Double>) -> Double {
    Double.random(in: range, using: &self)
  }

  /// A uniformly random integer in `range`.
  public mutating func int(in range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }

  /// `true` with probability `p`.
  public mutating func chance(_ p: Double) -> Bool { double(in: 0...1) < p }
}

/// The seed for a property test's case `index`: fixed, so every run checks
/// the same cases and a failure's printed seed replays it; setting the
/// `SCROLLWORK_SEED` environment variable to a number shifts every seed, to
/// explore other cases.
public func propertySeed(_ index: Int, base: UInt64 = 0x5C20_11D0) -> UInt64 {
  (base &+ seedShift) &+ UInt64(truncatingIfNeeded: index) &* 0x9E37_79B9
}

/// `SCROLLWORK_SEED`, read once.
let seedShift: UInt64 = ProcessInfo.processInfo.environment["SCROLLWORK_SEED"].flatMap { UInt64($0) } ?? 0
