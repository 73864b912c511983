@testable import LayoutCore
import ScrollworkTestSupport
import Testing

/// The self-sizing waterfall: measured sizes through the host's path
/// (`recordPreferredSize`) keep the anchor on screen, never open a hole
/// between two items of a column, never move an item sideways and never
/// move what is on screen below the anchor; the slack they leave at the
/// top is found (`needsSettle`) and settled by an identity transition that
/// keeps the anchor; the count limit is refused before allocating.
@Suite struct WaterfallSelfSizingTests {
  static let viewport = Viewport(width: 390, height: 844)

  /// Photo-like aspect ratios (landscape, portrait, square, panorama).
  static func photo(_ k: Int) -> Size {
    let shapes = [
      Size(width: 4032, height: 3024), Size(width: 3024, height: 4032), Size(width: 1920, height: 1080),
      Size(width: 1080, height: 1920), Size(width: 3000, height: 3000), Size(width: 6000, height: 2000),
    ]
    return shapes[(k &* 7 &+ k / 3) % shapes.count]
  }

  /// A feed of `n` estimates (3×4), `columns` columns.
  static func feed(_ n: Int, columns: Int = 2, spacing: Double = 8) throws -> PreparedWaterfallLayout {
    try WaterfallLayout(columnCount: columns, columnSpacing: spacing, itemSpacing: spacing).prepare(
      estimated: LayoutItems(count: n, size: Size(width: 3, height: 4)), viewport: viewport)
  }

  /// Scrolling up through estimates, each item measured just above the
  /// screen, as a self-sizing scroller measures ahead: after every
  /// measurement the anchor is where it was on screen (to 0.5 pt; in fact
  /// to rounding), the columns are packed, and no element on screen moved.
  @Test(arguments: [2, 3, 4])
  func scrollingUpThroughEstimatesKeepsTheScreenStill(_ columns: Int) throws {
    var layout = try Self.feed(3000, columns: columns)
    var offset = Point(x: 0, y: layout.contentHeight * 0.6)
    var rng = SplitMix64(seed: UInt64(columns))
    for step in 0..<120 {
      offset.y -= rng.double(in: 20...160)
      let screen = Rect(origin: offset, size: Self.viewport.size)
      let shown = layout.attributes(in: screen, at: ScrollState()).sortedByID
      // What the scroller measures: the visible rect and a viewport above.
      var pending: [ElementID] = []
      layout.forEachUnmeasured(in: Rect(x: 0, y: offset.y - 844, width: 390, height: 844 * 2)) { pending.append($0) }
      for id in pending {
        let mark = layout.mark(.firstVisible, at: offset)
        let size = Self.photo(id.item)
        let recorded = layout.recordPreferredSize(size, for: id, anchoredAt: offset)
        let next = try #require(recorded)
        if case .element(let anchor, let position) = mark {
          let frame = try #require(layout.attributes(for: anchor, at: ScrollState())?.frame)
          #expect(abs(frame.minY - next.y - position) <= 1e-6 * (1 + abs(next.y)), "step \(step) \(anchor)")
        }
        offset = next
      }
      // Nothing that was on screen moved on screen (already-measured
      // elements only: an element measured now changes its own size).
      for before in shown where layout.isMeasured(before.id) && !pending.contains(before.id) {
        let after = try #require(layout.attributes(for: before.id, at: ScrollState()))
        let shift = after.frame.minY - before.frame.minY
        let drift = shift - (offset.y - screen.minY)
        #expect(abs(drift) <= 1e-6 * (1 + abs(offset.y)), "step \(step) \(before.id) moved \(drift) on screen")
        #expect(after.frame.minX == before.frame.minX)
      }
      WaterfallLayoutTests.expectPackedColumns(layout, "step \(step)")
      guard offset.y > 844 * 2 else { break }
    }
  }

  /// Measured far above the anchor, the slack collects at the top;
  /// `needsSettle` finds it when a rectangle meets it (not elsewhere), and
  /// `settled()` removes it, keeping sizes and which items are measured.
  @Test func slackAtTheTopIsFoundAndSettled() throws {
    var layout = try Self.feed(400)
    let anchorID = ElementID.cell(300)
    let anchor = try #require(layout.attributes(for: anchorID, at: ScrollState())?.frame)
    #expect(layout.topSlack(inSection: 0) == 0)
    #expect(!layout.needsSettle(in: Rect(x: 0, y: 0, width: 390, height: 844)))
    for i in 0..<300 { layout.setMeasuredSize(Self.photo(i), for: .cell(i), keepingLinesFrom: anchorID) }
    let slack = layout.topSlack(inSection: 0)
    #expect(slack > 1)
    WaterfallLayoutTests.expectPackedColumns(layout, "measured")
    // The anchor did not move relative to the items after it.
    let after = try #require(layout.attributes(for: anchorID, at: ScrollState())?.frame)
    let next = try #require(layout.attributes(for: .cell(301), at: ScrollState())?.frame)
    let nextBefore = try Self.feed(400).attributes(for: .cell(301), at: ScrollState())!.frame
    #expect(isClose(next.minY - after.minY, nextBefore.minY - anchor.minY, tolerance: 1e-9))
    #expect(layout.needsSettle(in: Rect(x: 0, y: 0, width: 390, height: 10)))
    #expect(!layout.needsSettle(in: Rect(x: 0, y: slack + 1, width: 390, height: 844)))
    #expect(!layout.needsSettle(in: Rect(x: 0, y: .nan, width: 390, height: 844)))
    let settled = try layout.settled()
    #expect(settled.topSlack(inSection: 0) == 0)
    #expect(!settled.needsSettle(in: Rect(x: 0, y: 0, width: 390, height: 844)))
    #expect(settled.isEstimated && settled.isMeasured(.cell(10)) && !settled.isMeasured(.cell(350)))
    for i in [0, 17, 299, 350] {
      let a = try #require(layout.attributes(for: .cell(i), at: ScrollState())?.frame)
      let b = try #require(settled.attributes(for: .cell(i), at: ScrollState())?.frame)
      #expect(isClose(a.size, b.size), "\(i): sizes kept")
    }
  }

  /// The settle's frames: at its start, what the layout before showed (at
  /// the offset it was shown at); at its end, the settled layout at the
  /// anchored offset; the anchor's screen position the same all the way,
  /// each element moving monotonically (once) from one to the other.
  @Test func theSettleMovesEveryElementOnceAndKeepsTheAnchor() throws {
    var layout = try Self.feed(400)
    let anchorID = ElementID.cell(20)
    for i in 0..<20 { layout.setMeasuredSize(Self.photo(i), for: .cell(i), keepingLinesFrom: anchorID) }
    let offset = try #require(layout.attributes(for: anchorID, at: ScrollState())?.frame.minY) - 100
    let mark = layout.mark(.item(anchorID, distanceFromStart: 100), at: Point(x: 0, y: offset))
    let settled = try layout.settled()
    let target = settled.offset(keeping: mark, from: Point(x: 0, y: offset))
    let settle = WaterfallSettle(
      from: layout, at: Point(x: 0, y: offset), to: settled, at: target, startTime: 2, duration: 0.3)
    func shown(_ time: Double) -> [LayoutAttributes] {
      var result: [LayoutAttributes] = []
      settle.elements(at: time, offset: target, into: &result)
      return result.sortedByID
    }
    // Start: the old frames, moved by the offset correction.
    let start = shown(2)
    let old = layout.attributes(in: Rect(x: 0, y: offset, width: 390, height: 844), at: ScrollState()).sortedByID
    #expect(start.map(\.id) == old.map(\.id))
    for (a, b) in zip(start, old) { #expect(isClose(a.frame.minY - target.y, b.frame.minY - offset, tolerance: 1e-9)) }
    // End: the settled layout.
    let end = shown(2.3)
    let new = settled.attributes(in: Rect(origin: target, size: Self.viewport.size), at: ScrollState()).sortedByID
    #expect(end.map(\.id) == new.map(\.id))
    for (a, b) in zip(end, new) { #expect(isClose(a.frame, b.frame, tolerance: 1e-9)) }
    #expect(settle.isFinished(at: 2.3) && !settle.isFinished(at: 2.2) && settle.progress(at: 1) == 0)
    // The anchor stays put on screen; others move one way only.
    var last: [ElementID: Double] = [:]
    var direction: [ElementID: Double] = [:]
    for k in 0...30 {
      let frames = shown(2 + 0.01 * Double(k))
      let a = try #require(frames.first { $0.id == anchorID })
      #expect(abs(a.frame.minY - target.y - 100) < 0.5, "t \(k)")
      for e in frames {
        // Steps below a micro-point are rounding of a still element.
        if let y = last[e.id], abs(e.frame.minY - y) > 1e-6 {
          let d = e.frame.minY - y
          if let was = direction[e.id] { #expect(was * d >= 0, "\(e.id) moved back") }
          direction[e.id] = d
        }
        last[e.id] = e.frame.minY
      }
    }
  }

  /// A count the waterfall cannot allocate is refused before anything is
  /// allocated, with the limit and the layout named, estimated or not.
  @Test func countsPastTheLimitAreRefusedBeforeAllocating() {
    let layout = WaterfallLayout()
    for count in [1 << 40, WaterfallLayout.maximumItemCount + 1, Int.max] {
      for estimated in [false, true] {
        let items = LayoutItems(count: count, size: Size(width: 3, height: 4))
        do {
          _ =
            estimated
            ? try layout.prepare(estimated: items, viewport: Self.viewport)
            : try layout.prepare(items: items, viewport: Self.viewport)
          Issue.record("\(count) accepted")
        } catch {
          guard case .invalidConfiguration(let message) = error else {
            Issue.record("\(error)")
            continue
          }
          #expect(
            message.contains("waterfall") && message.contains("\(WaterfallLayout.maximumItemCount)"), "\(message)")
        }
      }
    }
    #expect(WaterfallLayout.maximumItemCount * 27 < 2_000_000_000)
  }

  /// Bad measured sizes and identities change nothing.
  @Test func badMeasurementsChangeNothing() throws {
    var layout = try Self.feed(50)
    let before = layout.allAttributes(at: ScrollState()).sortedByID
    var accepted: [Bool] = []
    for size in [Size(width: 1, height: .nan), Size(width: -1, height: 3), Size(width: 1e-300, height: 1e300)] {
      accepted.append(layout.setMeasuredSize(size, for: .cell(3), keepingLinesFrom: .cell(10)))
    }
    let square = Size(width: 3, height: 4)
    accepted.append(layout.setMeasuredSize(square, for: .cell(50), keepingLinesFrom: nil))
    accepted.append(layout.setMeasuredSize(square, for: .cell(0, section: 1), keepingLinesFrom: nil))
    accepted.append(
      layout.setMeasuredSize(square, for: ElementID(kind: .header, section: 0, item: 0), keepingLinesFrom: nil))
    #expect(accepted == Array(repeating: false, count: 6))
    #expect(layout.allAttributes(at: ScrollState()).sortedByID == before)
    #expect(!layout.isMeasured(.cell(3)))
  }
}
