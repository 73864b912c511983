import LayoutCore
import ScrollworkTestSupport
import Testing

/// Random photo sizes: aspect ratios from 1:5 to 5:1, with a few degenerate
/// sizes (no aspect ratio) among them.
func randomPhotos(_ n: Int, _ rng: inout SplitMix64) -> [Size] {
  (0..<n).map { _ in
    if rng.chance(0.02) { return Size(width: 0, height: rng.double(in: 0...100)) }
    let aspect = rng.double(in: 0.2...5)
    let height = rng.double(in: 100...4000)
    return Size(width: aspect * height, height: height)
  }
}

@Suite struct AlbumPagerTests {
  let viewport = Viewport(width: 390, height: 600)

  func prepare(_ photos: [Size], _ layout: AlbumPagerLayout = .photosLab) throws -> PreparedAlbumPagerLayout {
    try layout.prepare(items: LayoutItems(photos), viewport: viewport)
  }

  @Test func photosLabPresetKeepsTheSeedConstants() {
    #expect(AlbumPagerLayout.photosLab.spacing == 100)
    #expect(AlbumPagerLayout.photosLab.minimumWidth == 40)
  }

  @Test func currentAndNextWidthsFollowTheFraction() throws {
    var rng = SplitMix64(seed: propertySeed(1))
    for case_ in 0..<500 {
      let photos = randomPhotos(rng.int(in: 2...30), &rng)
      let pager = try prepare(photos)
      let x = rng.double(in: 0...(Double(photos.count - 1) * 390))
      let p = try #require(pager.position(atOffset: x))
      let i = p.index
      let f = p.fraction
      #expect(f >= 0 && f < 1 + 1e-12, "case \(case_)")
      let state = ScrollState(x: x, y: 0)
      let current = try #require(pager.attributes(for: .cell(i), at: state))
      let fit = pager.fittedSize(i)
      #expect(isClose(current.size.width, max(40, fit.width - 100 * f)), "case \(case_)")
      #expect(isClose(current.size.height, fit.height))
      #expect(isClose(current.center.x, Double(i) * 390 + 195))
      #expect(isClose(current.center.y, 300))
      if i + 1 < photos.count {
        let next = try #require(pager.attributes(for: .cell(i + 1), at: state))
        #expect(isClose(next.size.width, max(40, pager.fittedSize(i + 1).width - 100 * (1 - f))), "case \(case_)")
        #expect(isClose(next.center.x, Double(i + 1) * 390 + 195))
      }
    }
  }

  @Test func photosAreCroppedAroundTheirCentre() throws {
    var rng = SplitMix64(seed: propertySeed(2))
    for case_ in 0..<300 {
      let photos = randomPhotos(5, &rng)
      let pager = try prepare(photos)
      let x = rng.double(in: -200...2000)
      for a in pager.allAttributes(at: ScrollState(x: x, y: 0)) {
        let c = try #require(a.extras.contentRect)
        // Covers the cell, centred on it, with the photo's aspect ratio.
        #expect(c.minX <= 1e-9 && c.maxX >= a.size.width - 1e-9, "case \(case_)")
        #expect(c.minY <= 1e-9 && c.maxY >= a.size.height - 1e-9, "case \(case_)")
        #expect(isClose(c.midX, a.size.width / 2, tolerance: 1e-9) && isClose(c.midY, a.size.height / 2))
        let photo = photos[a.id.item].isPositive ? photos[a.id.item] : Size(width: 1, height: 1)
        #expect(isClose(c.width / c.height, photo.width / photo.height, tolerance: 1e-9), "case \(case_)")
      }
    }
  }

  /// Seed bug: negative offsets (and empty albums) indexed page -1.
  @Test func indicesAreClampedBelowAndEmptyAlbumsHaveNone() throws {
    let pager = try prepare([Size(width: 4, height: 3), Size(width: 3, height: 4)])
    #expect(pager.position(atOffset: -50)?.index == 0)
    #expect(pager.position(atOffset: -50).map { isClose($0.fraction, -50.0 / 390) } == true)
    #expect(pager.position(atOffset: 5000)?.index == 1)
    #expect(pager.position(atOffset: .nan)?.index == 0)
    let empty = try prepare([])
    #expect(empty.position(atOffset: -10) == nil)
    #expect(empty.allAttributes(at: ScrollState(x: -10, y: 0)).isEmpty)
    #expect(empty.contentSize(at: ScrollState()) == Size(width: 0, height: 600))
  }

  @Test func rubberBandingNeitherJumpsNorIndexesOutside() throws {
    let pager = try prepare([Size(width: 4, height: 3), Size(width: 3, height: 4), Size(width: 1, height: 1)])
    let end = 2.0 * 390
    for edge in [0.0, end] {
      let before = pager.allAttributes(at: ScrollState(x: edge - 1e-7, y: 0)).sortedByID
      let after = pager.allAttributes(at: ScrollState(x: edge + 1e-7, y: 0)).sortedByID
      #expect(before.count == after.count)
      for (a, b) in zip(before, after) { #expect(isClose(a.frame, b.frame, tolerance: 1e-6)) }
    }
    for x in stride(from: -400.0, through: 1200, by: 7) {
      for a in pager.visibleAttributes(at: ScrollState(x: x, y: 0)) {
        #expect((0..<3).contains(a.id.item))
        #expect(a.isFinite && a.size.width >= 40 - 1e-9 && a.size.width <= 390 + 1e-9)
      }
    }
  }

  @Test func pagingLandsExactlyOnPages() throws {
    var rng = SplitMix64(seed: propertySeed(4))
    let pager = try prepare(randomPhotos(10, &rng))
    for proposed in stride(from: -500.0, through: 5000, by: 33) {
      let target = pager.targetContentOffset(proposed: Point(x: proposed, y: 0), velocity: .zero, at: ScrollState())
      let page = target.x / 390
      #expect(page == page.rounded() && page >= 0 && page <= 9)
    }
  }

  @Test func visibleCellsEqualBruteForce() throws {
    var rng = SplitMix64(seed: propertySeed(3))
    for case_ in 0..<300 {
      let n = rng.chance(0.05) ? rng.int(in: 1000...10_000) : rng.int(in: 0...40)
      let layout = AlbumPagerLayout(spacing: rng.double(in: 0...300), minimumWidth: rng.double(in: 0...500))
      let pager = try prepare(randomPhotos(n, &rng), layout)
      let x = rng.double(in: -500...(Double(n) * 390 + 500))
      let state = ScrollState(x: x, y: 0)
      let rect = Rect(
        x: x + rng.double(in: -300...300), y: rng.double(in: -100...500), width: rng.double(in: 0...1200),
        height: rng.double(in: 1...700))
      let expected =
        n > 200
        ? bruteForce(
          (max(0, Int(x / 390) - 6)..<min(n, Int(x / 390) + 8)).compactMap {
            pager.attributes(for: .cell($0), at: state)
          }, in: rect)
        : bruteForce(pager.allAttributes(at: state), in: rect)
      #expect(pager.attributes(in: rect, at: state).sortedByID == expected, "case \(case_) seed \(propertySeed(3))")
    }
  }

  @Test func badInputThrowsOrClamps() {
    #expect(throws: LayoutError.self) {
      try AlbumPagerLayout.photosLab.prepare(items: LayoutItems(sections: [.each([]), .each([])]), viewport: viewport)
    }
    #expect(throws: LayoutError.self) { try AlbumPagerLayout(spacing: .nan).prepare(items: .empty, viewport: viewport) }
    #expect(throws: LayoutError.self) {
      try AlbumPagerLayout.photosLab.prepare(items: .empty, viewport: Viewport(width: 0, height: 10))
    }
    #expect(throws: LayoutError.self) {
      try AlbumPagerLayout.photosLab.prepare(items: LayoutItems([Size(width: -1, height: 2)]), viewport: viewport)
    }
  }

  /// The shared checker over random albums and pager offsets.
  @Test func sharedCheckerPassesOnRandomPagers() throws {
    for index in 0..<300 {
      let seed = propertySeed(index, base: 0xA1B_C4EC)
      var rng = SplitMix64(seed: seed)
      let n = rng.chance(0.05) ? rng.int(in: 1000...5000) : rng.int(in: 0...40)
      let layout = AlbumPagerLayout(spacing: rng.double(in: 0...300), minimumWidth: rng.double(in: 0...500))
      let pager = try prepare(randomPhotos(n, &rng), layout)
      let failures = LayoutChecker(pager) { rng in
        ScrollState(x: rng.double(in: -500...(Double(n) * 390 + 500)), y: rng.chance(0.1) ? .nan : 0)
      }.failures(using: &rng)
      #expect(failures.isEmpty, "seed \(seed): \(failures)")
    }
  }
}
