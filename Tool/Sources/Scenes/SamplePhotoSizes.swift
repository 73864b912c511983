import LayoutCore
import ScrollworkTestSupport

/// The sizes of a phone's photo library, for commands and benches that
/// need many photos without files: `waterfall --photos-like N`, `replay
/// waterfall`'s default sizes, the album's benches.
package enum SamplePhotoSizes {
  /// A phone camera's shapes: 4:3 landscape and portrait, 16:9 both ways,
  /// square, a 3:1 panorama.
  package static let shapes = [
    Size(width: 4032, height: 3024), Size(width: 3024, height: 4032), Size(width: 1920, height: 1080),
    Size(width: 1080, height: 1920), Size(width: 3000, height: 3000), Size(width: 6000, height: 2000),
  ]

  /// `n` of those shapes drawn at random, the same for the same `n`.
  ///
  /// - Complexity: O(n).
  package static func sizes(_ n: Int) -> [Size] {
    var rng = SplitMix64(seed: 42)
    var sizes: [Size] = []
    sizes.reserveCapacity(Swift.max(0, n))
    for _ in 0..<Swift.max(0, n) { sizes.append(shapes[Int(rng.next() % UInt64(shapes.count))]) }
    return sizes
  }
}
