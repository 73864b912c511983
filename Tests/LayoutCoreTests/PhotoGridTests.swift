@testable import LayoutCore
import ScrollworkTestSupport
import Testing

/// The photo grid: the seed's geometry of both modes, columns, the index
/// against brute force, and bad input.
@Suite struct PhotoGridTests {
  static let viewport = Viewport(width: 390, height: 844)
  static let photo = Size(width: 4000, height: 3000)

  static func grid(_ mode: PhotoGridLayout.Mode, _ counts: [Int]) throws -> PreparedPhotoGridLayout {
    try PhotoGridLayout.photosMonths.with(mode: mode).prepare(
      items: LayoutItems(sections: counts.map { .uniform(photo, count: $0) }), viewport: viewport)
  }

  func frame(_ g: PreparedPhotoGridLayout, _ item: Int, _ section: Int) -> Rect? {
    g.attributes(for: .cell(item, section: section), at: ScrollState())?.frame
  }

  @Test func allPhotosMatchesTheSeed() throws {
    let g = try Self.grid(.allPhotos, [7, 5])
    // Large: W × W slot inset 2 all round; small: W/3 squares inset 2 left and right.
    #expect(isClose(frame(g, 0, 0)!, Rect(x: 2, y: 2, width: 386, height: 386)))
    #expect(isClose(frame(g, 1, 0)!, Rect(x: 2, y: 390, width: 126, height: 130)))
    #expect(isClose(frame(g, 2, 0)!, Rect(x: 132, y: 390, width: 126, height: 130)))
    #expect(isClose(frame(g, 3, 0)!, Rect(x: 262, y: 390, width: 126, height: 130)))
    #expect(isClose(frame(g, 4, 0)!, Rect(x: 2, y: 522, width: 386, height: 386)))
    #expect(isClose(frame(g, 6, 0)!, Rect(x: 132, y: 910, width: 126, height: 130)))
    // Sections follow one another without a break: section 1's first photo
    // is the 8th (global 7), the last small slot of the second group.
    #expect(g.top(ofSection: 1) == 520)
    #expect(isClose(frame(g, 0, 1)!, Rect(x: 262, y: 910, width: 126, height: 130)))
    #expect(isClose(frame(g, 1, 1)!, Rect(x: 2, y: 1042, width: 386, height: 386)))
    // 12 photos: three full groups, no short row where section 0 ends.
    #expect(isClose(g.contentHeight, 3 * 520))
    let one = try Self.grid(.allPhotos, [1, 1, 1, 1, 1])
    #expect(isClose(one.contentHeight, 520 + 390), "five one-photo months: a group and a large photo, no gaps")
    #expect(g.attributes(for: ElementID(kind: .header, section: 0, item: 0), at: ScrollState()) == nil)
    let large = try #require(g.attributes(for: .cell(0, section: 0), at: ScrollState()))
    #expect(large.extras.cornerRadius == 0 && large.extras.styleProgress == 0)
    // 4000 × 3000 aspect-filled into 386 × 386, centred.
    let content = try #require(large.extras.contentRect)
    #expect(isClose(content, Rect(x: (386 - 386 * 4 / 3) / 2, y: 0, width: 386 * 4 / 3, height: 386)))
  }

  @Test func monthsMatchesTheSeed() throws {
    let g = try Self.grid(.months, [7, 0, 3])
    let header = try #require(g.attributes(for: ElementID(kind: .header, section: 0, item: 0), at: ScrollState()))
    #expect(isClose(header.frame, Rect(x: 0, y: 0, width: 390, height: 44)))
    let summary = try #require(g.attributes(for: .cell(0, section: 0), at: ScrollState()))
    // 0.8·W slot, inset 16 left and right, 2 top and bottom.
    #expect(isClose(summary.frame, Rect(x: 16, y: 46, width: 358, height: 308)))
    #expect(summary.extras.cornerRadius == 16 && summary.extras.styleProgress == 1)
    #expect(frame(g, 1, 0) == nil)
    #expect(frame(g, 6, 0) == nil)
    // An empty section is its header alone.
    #expect(g.top(ofSection: 1) == 356)
    #expect(g.top(ofSection: 2) == 400)
    #expect(isClose(frame(g, 0, 2)!, Rect(x: 16, y: 446, width: 358, height: 308)))
    #expect(isClose(g.contentHeight, 400 + 356))
    let visible = g.attributes(in: Rect(x: 0, y: 0, width: 390, height: 10_000), at: ScrollState())
    #expect(visible.count == 3 + 2)
  }

  @Test func columnsAreContinuousSquares() throws {
    let g = try Self.grid(.columns(3), [7, 12])
    let side = (390.0 - 4) / 3
    #expect(isClose(frame(g, 0, 0)!, Rect(x: 0, y: 0, width: side, height: side)))
    // Section 1's first photo is global photo 7: line 2, column 1.
    #expect(isClose(frame(g, 0, 1)!, Rect(x: side + 2, y: 2 * (side + 2), width: side, height: side)))
    #expect(isClose(g.contentHeight, 7 * (side + 2) - 2))
    #expect(g.attributes(for: ElementID(kind: .header, section: 0, item: 0), at: ScrollState()) == nil)
  }

  @Test func modesParseAndPrint() {
    #expect(PhotoGridLayout.Mode(parsing: "all") == .allPhotos)
    #expect(PhotoGridLayout.Mode(parsing: "months") == .months)
    #expect(PhotoGridLayout.Mode(parsing: "columns:5") == .columns(5))
    #expect(PhotoGridLayout.Mode(parsing: "columns:x") == nil)
    #expect(PhotoGridLayout.Mode.columns(7).description == "columns:7")
  }

  static let modes: [PhotoGridLayout.Mode] = [.allPhotos, .months, .columns(1), .columns(3), .columns(5), .columns(15)]

  @Test func indexReturnsExactlyTheBruteForceSet() throws {
    for index in 0..<300 {
      let seed = propertySeed(index, base: 0x9A07_0611)
      var rng = SplitMix64(seed: seed)
      let counts = (0..<rng.int(in: 0...8)).map { _ in rng.chance(0.2) ? 0 : rng.int(in: 1...30) }
      let viewport = Viewport(width: rng.double(in: 100...800), height: rng.double(in: 100...1000))
      var layout = PhotoGridLayout.photosMonths.with(mode: Self.modes[rng.int(in: 0...(Self.modes.count - 1))])
      layout.columnSpacing = rng.double(in: 0...3)
      let items = LayoutItems(
        sections: counts.map { n in
          rng.chance(0.5)
            ? .uniform(Size(width: rng.double(in: 0...5000), height: rng.double(in: 1...5000)), count: n)
            : .each((0..<n).map { _ in Size(width: rng.double(in: 1...5000), height: rng.double(in: 0...5000)) })
        })
      let g = try layout.prepare(items: items, viewport: viewport)
      let all = g.allAttributes(at: ScrollState())
      for a in all {
        #expect(g.attributes(for: a.id, at: ScrollState()) == a, "seed \(seed)")
        #expect(a.isFinite && a.size.width > 0 && a.size.height > 0, "seed \(seed)")
      }
      #expect(Set(all.map(\.id)).count == all.count, "seed \(seed)")
      for _ in 0..<6 {
        let rect = Rect(
          x: rng.double(in: -100...800), y: rng.double(in: -500...(g.contentHeight + 500)),
          width: rng.double(in: 0...800), height: rng.chance(0.1) ? 0 : rng.double(in: 0...2000))
        #expect(g.attributes(in: rect, at: ScrollState()).sortedByID == bruteForce(all, in: rect), "seed \(seed)")
      }
    }
  }

  @Test func aMillionPhotosInTenThousandSections() throws {
    for mode in Self.modes {
      let g = try Self.grid(mode, Array(repeating: 100, count: 10_000))
      #expect(g.totalCount == 1_000_000)
      let y = g.contentHeight * 0.73
      let found = g.attributes(in: Rect(x: 0, y: y, width: 390, height: 844), at: ScrollState())
      #expect(!found.isEmpty && found.count < 2000, "\(mode)")
      // Everything found lies in the rectangle and is what attributes(for:) says.
      for a in found {
        #expect(a.frame.intersects(Rect(x: 0, y: y, width: 390, height: 844)))
        #expect(g.attributes(for: a.id, at: ScrollState()) == a)
      }
    }
  }

  @Test func badInputThrows() {
    let items = LayoutItems(count: 3, size: Self.photo)
    #expect(throws: LayoutError.self) {
      try PhotoGridLayout.photosMonths.with(mode: .columns(0)).prepare(items: items, viewport: Self.viewport)
    }
    #expect(throws: LayoutError.self) {
      try PhotoGridLayout.photosMonths.with(mode: .columns(31)).prepare(items: items, viewport: Self.viewport)
    }
    #expect(throws: LayoutError.self) {
      try PhotoGridLayout.photosMonths.prepare(
        items: LayoutItems(sections: [.uniform(Self.photo, count: Int.max), .uniform(Self.photo, count: Int.max)]),
        viewport: Self.viewport)
    }
    #expect(throws: LayoutError.self) {
      try PhotoGridLayout.photosMonths.prepare(items: items, viewport: Viewport(width: .nan, height: 800))
    }
    #expect(throws: LayoutError.self) {
      try PhotoGridLayout(smallInsets: EdgeInsets(left: -1)).prepare(items: items, viewport: Self.viewport)
    }
    #expect(throws: LayoutError.self) {
      // Insets wider than a small slot leave no room.
      try PhotoGridLayout(smallInsets: EdgeInsets(left: 70, right: 70)).prepare(items: items, viewport: Self.viewport)
    }
    #expect(throws: LayoutError.self) {
      try PhotoGridLayout(columnSpacing: .infinity).prepare(items: items, viewport: Self.viewport)
    }
  }

  @Test func oddQueriesReturnNothingOrClamp() throws {
    let g = try Self.grid(.allPhotos, [9])
    #expect(g.attributes(in: Rect(x: 0, y: .nan, width: 390, height: 800), at: ScrollState()).isEmpty)
    #expect(g.attributes(in: Rect(x: 0, y: -1e300, width: 390, height: 1e300), at: ScrollState()).isEmpty)
    #expect(g.attributes(for: .cell(9, section: 0), at: ScrollState()) == nil)
    #expect(g.attributes(for: .cell(-1, section: 0), at: ScrollState()) == nil)
    #expect(g.attributes(for: .cell(0, section: 1), at: ScrollState()) == nil)
    let empty = try Self.grid(.columns(3), [])
    #expect(empty.contentHeight == 0)
    #expect(empty.visibleAttributes(at: ScrollState()).isEmpty)
    // A photo without an aspect ratio is a square.
    let square = try PhotoGridLayout.photosMonths.prepare(
      items: LayoutItems([Size(width: 0, height: 0)]), viewport: Self.viewport)
    let cell = try #require(square.attributes(for: .cell(0), at: ScrollState()))
    #expect(isClose(cell.extras.contentRect!, Rect(x: 0, y: 0, width: 386, height: 386)))
  }
}

/// Which mode a pinch leads to.
@Suite struct PhotoGridPinchTargetTests {
  @Test func pinchesStepThroughTheZoomLevels() {
    typealias Mode = PhotoGridLayout.Mode
    #expect(Mode.columns(3).pinchTarget(scale: 0.7) == .columns(5))
    #expect(Mode.columns(5).pinchTarget(scale: 1.4) == .columns(3))
    #expect(Mode.columns(15).pinchTarget(scale: 0.5) == nil)
    #expect(Mode.columns(1).pinchTarget(scale: 2) == nil)
    #expect(Mode.columns(4).pinchTarget(scale: 0.5) == .columns(5))
    #expect(Mode.allPhotos.pinchTarget(scale: 0.8) == .columns(5))
    #expect(Mode.months.pinchTarget(scale: 0.8) == .columns(3))
    #expect(Mode.allPhotos.pinchTarget(scale: 1.5) == nil)
    #expect(Mode.columns(3).pinchTarget(scale: .nan) == nil)
    #expect(isClose(PinchProgress(from: .columns(3), to: .columns(5)).targetScale, 0.6))
    #expect(isClose(PinchProgress(from: .allPhotos, to: .columns(5)).targetScale, 0.6))
  }
}

/// Columns mode finds a photo's line and column by a multiply; it must be
/// the division's answer for every count and index, at the edges too.
@Suite struct ColumnDivisionTests {
  @Test func lineAndColumnAreTheDivisionsQuotientAndRemainder() throws {
    var rng = SplitMix64(seed: 0xD1F)
    let edges: [Int] = [
      0, 1, 2, 3, 4, 5, 6, 7, 15, 16, 17, 255, 999_999, 1 << 31, (1 << 32) - 2, (1 << 32) - 1, 1 << 32,
    ]
    for c in 1...30 {
      let grid = try PhotoGridLayout.photosMonths.with(mode: .columns(c)).prepare(
        items: LayoutItems(count: 10, size: Size(width: 4, height: 3)), viewport: Viewport(width: 390, height: 844))
      var indices = edges
      for e in edges { indices += [e &+ c, e &- c, e &* c, e &* c &- 1, e &* c &+ c &- 1] }
      for _ in 0..<2000 { indices.append(rng.int(in: 0...(1 << 33))) }
      for g in indices where g >= 0 {
        let (line, column) = grid.lineAndColumn(of: g)
        #expect(line == g / c && column == g % c, "g \(g) c \(c)")
      }
    }
  }
}
