import Foundation

/// The seed for a property test's case `index`: fixed, so every run checks
/// the same cases and a failure's printed seed replays it; setting the
/// `SCROLLWORK_SEED` environment variable to a number shifts every seed, to
/// explore other cases.
public func propertySeed(_ index: Int, base: UInt64 = 0x5C20_11D0) -> UInt64 {
  (base &+ seedShift) &+ UInt64(truncatingIfNeeded: index) &* 0x9E37_79B9
}

/// `SCROLLWORK_SEED`, read once.
let seedShift: UInt64 = ProcessInfo.processInfo.environment["SCROLLWORK_SEED"].flatMap { UInt64($0) } ?? 0
