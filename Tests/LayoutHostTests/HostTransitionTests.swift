import LayoutCore
import LayoutHost
import ScrollworkTestSupport
import Testing

/// Layout switches through the host: the photo grid's pinch between modes.
@Suite struct HostTransitionTests {
  static func grid(_ mode: PhotoGridLayout.Mode, offset: Double) throws -> LayoutHost<PreparedPhotoGridLayout> {
    var host = LayoutHost(
      PhotoGridLayout.photosMonths.with(mode: mode), itemSizes: .uniform(Size(width: 4032, height: 3024)))
    try host.prepare(bounds: Rect(x: 0, y: offset, width: 390, height: 844), counts: [40, 120, 35])
    return host
  }

  @Test func thePinchedPhotoStaysUnderTheFingersAndTheProgressGoesBothWays() throws {
    let from = try Self.grid(.columns(3), offset: 2000)
    let to = try Self.grid(.columns(5), offset: 2000)
    let fingers = Point(x: 120, y: 400)
    var transition = try #require(HostTransition(from: from, to: to, anchoredAt: fingers))
    let anchor = try #require(transition.transition.anchor)
    let start = try #require(from.attributes(for: anchor))
    let end = try #require(
      transition.transition.to.attributes(for: anchor, at: ScrollState(contentOffset: transition.targetOffset)))
    // On screen, the anchor's centre is at the height it was, at the end of the pinch (a
    // vertical grid cannot scroll sideways to keep x).
    #expect(isClose(end.center.y - transition.targetOffset.y, start.center.y - from.contentOffset.y, tolerance: 1e-6))
    for p in [0.0, 0.3, 0.8, 0.5, 0.1, 1.0, 0.0] {
      transition.progress = p
      var presented: [LayoutAttributes] = []
      transition.elements(in: Rect(origin: transition.presentedOffset, size: from.bounds.size), into: &presented)
      #expect(!presented.isEmpty)
      #expect(Set(presented.map(\.id)).count == presented.count, "an element twice at \(p)")
      #expect(presented.allSatisfy { $0.isFinite })
    }
    transition.progress = .nan
    #expect(transition.progress == 0)
    transition.progress = 7
    #expect(transition.progress == 1)
    #expect(transition.restingOffset(completed: false) == from.contentOffset)
    #expect(transition.restingOffset(completed: true) == transition.targetOffset)
  }

  @Test func anUnpreparedHostMakesNoTransition() throws {
    let from = try Self.grid(.allPhotos, offset: 0)
    let to = LayoutHost(PhotoGridLayout.photosMonths, itemSizes: .uniform(Size(width: 4, height: 3)))
    #expect(HostTransition(from: from, to: to) == nil)
  }
}
