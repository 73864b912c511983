import LayoutCore
import LayoutHost
import ScrollworkTestSupport
import Testing

/// A waterfall's column change through the host: the new host lays out
/// the sizes the old one learnt (measured items stay measured), the
/// transition by identity keeps the item under the fingers at its height
/// on screen at any progress (across, it slides to its new column), back and forth, and cancelling rests where it started.
@Suite struct WaterfallColumnChangeHostTests {
  static func host() throws -> LayoutHost<PreparedWaterfallLayout> {
    var host = LayoutHost(
      WaterfallLayout(columnCount: 2, columnSpacing: 8, itemSpacing: 8),
      itemSizes: .uniform(Size(width: 3, height: 4)), estimated: true)
    try host.prepare(bounds: Rect(x: 0, y: 0, width: 390, height: 844), counts: [600])
    try host.setBounds(Rect(x: 0, y: 3000, width: 390, height: 844))
    return host
  }

  @Test(arguments: [1, 3, 4])
  func theNewColumnsKeepLearntSizesAndTheItemUnderTheFingers(_ columns: Int) throws {
    var host = try Self.host()
    let shown = host.elements(in: host.bounds).filter { $0.id.kind == .cell }.map(\.id).sorted()
    let learnt = Array(shown.prefix(3))
    let sizes = [Size(width: 4, height: 3), Size(width: 1, height: 2), Size(width: 16, height: 9)]
    for (id, size) in zip(learnt, sizes) {
      let context = host.invalidationContext(forPreferredSize: size, of: id)
      host.invalidate(with: context)
    }
    var target = host.changingColumns(to: columns)
    let fingers = Point(x: 120, y: 300)
    var transition = try #require(try host.columnTransition(to: &target, anchoredAt: fingers))
    let prepared = try #require(target.prepared)
    let width = (390 - Double(columns - 1) * 8) / Double(columns)
    for (id, size) in zip(learnt, sizes) {
      #expect(prepared.isMeasured(id))
      let frame = try #require(prepared.attributes(for: id, at: ScrollState())?.frame)
      #expect(isClose(frame.width, width) && isClose(frame.height, width * size.height / size.width), "\(id)")
    }
    #expect(!prepared.isMeasured(.cell(599)))
    let anchor = try #require(transition.transition.anchor)
    var screen: Point?
    for progress in [0.1, 0.8, 0.3, 1, 0.6] {
      transition.progress = progress
      let a = try #require(transition.attributes(for: anchor))
      let now = a.center - transition.presentedOffset
      // Kept along the scroll axis; across, it slides to its new column.
      if let screen { #expect(isClose(now.y, screen.y, tolerance: 1e-9), "progress \(progress)") }
      screen = now
    }
    #expect(transition.restingOffset(completed: false) == host.bounds.origin)
    let rest = transition.restingOffset(completed: true)
    let end = try #require(prepared.attributes(for: anchor, at: ScrollState()))
    #expect(isClose((end.center - rest).y, screen!.y, tolerance: 1e-9), "rests with the item where the fingers hold it")
  }

  @Test func aColumnCountOutOfRangeIsRefusedByName() throws {
    let host = try Self.host()
    for columns in [0, -1, WaterfallLayout.maximumColumnCount + 1] {
      var target = host.changingColumns(to: columns)
      #expect(throws: HostError.self) { try host.columnTransition(to: &target, anchoredAt: nil) }
    }
  }
}
