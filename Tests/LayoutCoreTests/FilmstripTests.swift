import LayoutCore
import ScrollworkTestSupport
import Testing

@Suite struct FilmstripTests {
  let viewport = Viewport(width: 390, height: 44)
  let nW = 30.0
  let nS = 2.0
  let fS = 15.0

  func prepare(_ photos: [Size], _ layout: FilmstripLayout = .photosLab) throws -> PreparedFilmstripLayout {
    try layout.prepare(items: LayoutItems(photos), viewport: viewport)
  }

  func frames(_ strip: PreparedFilmstripLayout, _ state: FilmstripState) -> [Rect] {
    strip.allAttributes(at: state).sortedByID.map(\.frame)
  }

  @Test func photosLabPresetKeepsTheSeedConstants() {
    let p = FilmstripLayout.photosLab
    #expect(p.normalWidth == 30 && p.maximumWidth == 160 && p.normalSpacing == 2 && p.fullSpacing == 15)
  }

  @Test func unfoldedWidthIsTheAspectAtTheStripHeightClamped() throws {
    let strip = try prepare([
      Size(width: 4, height: 3), Size(width: 1, height: 5), Size(width: 10, height: 1), Size(width: 0, height: 0),
    ])
    #expect(isClose(strip.unfoldedWidth(0), 44 * 4 / 3))
    #expect(strip.unfoldedWidth(1) == 30)
    #expect(strip.unfoldedWidth(2) == 160)
    #expect(strip.unfoldedWidth(3) == 44)
  }

  @Test func accordionGeometryGoesLinearlyWithProgress() throws {
    var rng = SplitMix64(seed: propertySeed(10))
    for case_ in 0..<400 {
      let n = rng.int(in: 1...40)
      let strip = try prepare(randomPhotos(n, &rng))
      let a = rng.int(in: 0...(n - 1))
      let p = rng.double(in: 0...1)
      let f = frames(strip, .accordion(index: a, progress: p))
      let width = nW + p * (strip.unfoldedWidth(a) - nW)
      let spacing = nS + p * (fS - nS)
      #expect(isClose(f[a].width, width), "case \(case_)")
      for k in 0..<a {
        #expect(isClose(f[k].minX, nS + Double(k) * 32), "case \(case_): cells before keep their places")
      }
      if a > 0 {
        #expect(isClose(f[a].minX - f[a - 1].maxX, spacing), "case \(case_)")
      } else {
        #expect(isClose(f[a].minX, spacing))
      }
      if a + 1 < n { #expect(isClose(f[a + 1].minX - f[a].maxX, spacing), "case \(case_)") }
      for k in (a + 1)..<max(a + 1, n - 1) { #expect(isClose(f[k + 1].minX - f[k].maxX, nS), "case \(case_)") }
      for k in 0..<n where k != a { #expect(f[k].width == nW) }
      // Equal insets that centre the animated cell at either end.
      let state = FilmstripState.accordion(index: a, progress: p)
      let inset = strip.contentInset(at: state)
      #expect(isClose(inset.left, inset.right, tolerance: 1e-12))
      #expect(isClose(inset.left, 195 - spacing - width / 2), "case \(case_)")
      let bounds = strip.offsetBounds(at: state)
      let centred = strip.centeredOffset(ofThumbnail: a, at: state)
      #expect(centred >= bounds.min.x - 1e-9 && centred <= bounds.max.x + 1e-9, "case \(case_)")
      if a == 0 { #expect(isClose(centred, bounds.min.x)) }
      if a == n - 1 { #expect(isClose(centred, bounds.max.x)) }
    }
  }

  /// Seed quirk fixed: cells before the animated one sat 2 pt left of where
  /// the others put them, so moving the (folded) animated cell moved cells.
  @Test func changingTheFoldedAnimatedCellMovesNothing() throws {
    var rng = SplitMix64(seed: propertySeed(11))
    let strip = try prepare(randomPhotos(30, &rng))
    let reference = frames(strip, .accordion(index: 0, progress: 0))
    for a in 0..<30 {
      let f = frames(strip, .accordion(index: a, progress: 0))
      for (x, y) in zip(f, reference) { #expect(isClose(x, y), "animated \(a)") }
    }
  }

  @Test func followingMirrorsThePagersFraction() throws {
    var rng = SplitMix64(seed: propertySeed(12))
    for case_ in 0..<400 {
      let n = rng.int(in: 2...40)
      let strip = try prepare(randomPhotos(n, &rng))
      let i = rng.int(in: 0...(n - 2))
      let fr = rng.double(in: 0...1)
      let state = FilmstripState.following(index: i, fraction: fr)
      let f = frames(strip, state)
      #expect(isClose(f[i].width, strip.unfoldedWidth(i) + fr * (nW - strip.unfoldedWidth(i))), "case \(case_)")
      #expect(isClose(f[i + 1].width, nW + fr * (strip.unfoldedWidth(i + 1) - nW)), "case \(case_)")
      #expect(isClose(f[i + 1].minX - f[i].maxX, fS), "case \(case_): the gap between stays full")
      // The centre moves from the focused cell's centre to the next one's.
      let x = strip.contentX(atThumbnailCoordinate: Double(i) + fr, at: state)
      let atStart = strip.contentX(atThumbnailCoordinate: Double(i), at: .following(index: i, fraction: 0))
      let atEnd = strip.contentX(atThumbnailCoordinate: Double(i + 1), at: .following(index: i, fraction: 1))
      #expect(isClose(atStart, strip.center(ofThumbnail: i, at: .following(index: i, fraction: 0))))
      #expect(isClose(atEnd, strip.center(ofThumbnail: i + 1, at: .following(index: i, fraction: 1))))
      #expect(x.isFinite)
      // The insets keep that offset in bounds, exactly at the ends.
      let bounds = strip.offsetBounds(at: state)
      #expect(x - 195 >= bounds.min.x - 1e-9 && x - 195 <= bounds.max.x + 1e-9, "case \(case_)")
      if i == 0 && fr == 0 { #expect(isClose(x - 195, bounds.min.x)) }
      // Following(i, 1) is following(i + 1, 0): no jump when the page turns.
      let a = frames(strip, .following(index: i, fraction: 1))
      let b = frames(strip, .following(index: i + 1, fraction: 0))
      for (p, q) in zip(a, b) { #expect(isClose(p, q, tolerance: 1e-9), "case \(case_)") }
      // Following at rest is the accordion fully unfolded.
      let c = frames(strip, .accordion(index: i, progress: 1))
      for (p, q) in zip(frames(strip, .following(index: i, fraction: 0)), c) { #expect(isClose(p, q)) }
    }
  }

  @Test func thumbnailCoordinateIsContinuousMonotonicAndInvertible() throws {
    var rng = SplitMix64(seed: propertySeed(13))
    for case_ in 0..<300 {
      let n = rng.int(in: 1...30)
      let strip = try prepare(randomPhotos(n, &rng))
      let state = randomState(n, &rng)
      var previous = -Double.infinity
      let length = strip.contentSize(at: state).width
      for step in 0...200 {
        let x = -100 + (length + 200) * Double(step) / 200
        let t = strip.thumbnailCoordinate(atContentX: x, at: state)
        #expect(t.isFinite && t >= previous - 1e-12, "case \(case_)")
        previous = t
        #expect(isClose(strip.contentX(atThumbnailCoordinate: t, at: state), x, tolerance: 1e-9), "case \(case_)")
      }
      for k in 0..<n {
        let t = strip.thumbnailCoordinate(atContentX: strip.center(ofThumbnail: k, at: state), at: state)
        #expect(isClose(t, Double(k), tolerance: 1e-9), "case \(case_)")
        // The thumbnail under a point inside cell k is k.
        let cell = try #require(strip.attributes(for: .cell(k), at: state))
        #expect(strip.thumbnail(atContentX: cell.frame.minX + cell.size.width * 0.01, at: state) == k)
        #expect(strip.thumbnail(atContentX: cell.frame.maxX - cell.size.width * 0.01, at: state) == k)
      }
    }
  }

  func randomState(_ n: Int, _ rng: inout SplitMix64) -> FilmstripState {
    var unfolded: [Unfold] = []
    for _ in 0..<rng.int(in: 0...5) {
      let amount = rng.chance(0.1) ? [Double.nan, -1, 3, .infinity].randomElement(using: &rng)! : rng.double(in: 0...1)
      unfolded.append(Unfold(index: rng.int(in: -2...(n + 2)), amount: amount))
    }
    return FilmstripState(contentOffset: Point(x: rng.double(in: -300...3000), y: 0), unfolded: unfolded)
  }

  @Test func visibleCellsEqualBruteForce() throws {
    var rng = SplitMix64(seed: propertySeed(14))
    for case_ in 0..<400 {
      let n = rng.chance(0.05) ? rng.int(in: 1000...10_000) : rng.int(in: 0...60)
      let layout = FilmstripLayout(
        normalWidth: rng.double(in: 1...60), maximumWidth: rng.double(in: 60...300),
        normalSpacing: rng.double(in: 0...10), fullSpacing: rng.double(in: 0...40))
      let strip = try prepare(randomPhotos(n, &rng), layout)
      var state = randomState(n, &rng)
      state.contentOffset.x = rng.double(in: -500...(Double(n) * layout.normalWidth + 500))
      let rect = Rect(
        x: state.contentOffset.x + rng.double(in: -200...200), y: rng.double(in: -50...50),
        width: rng.double(in: 0...900), height: rng.double(in: 1...100))
      let found = strip.attributes(in: rect, at: state).sortedByID
      let expected = bruteForce(strip.allAttributes(at: state), in: rect)
      #expect(found == expected, "case \(case_) seed \(propertySeed(14))")
      #expect(found.allSatisfy { $0.isFinite })
    }
  }

  @Test func badStatesStayFiniteAndInTheAlbum() throws {
    var rng = SplitMix64(seed: propertySeed(15))
    let strip = try prepare(randomPhotos(12, &rng))
    let junk = FilmstripState(
      contentOffset: Point(x: .nan, y: .infinity),
      unfolded: (0..<100).map { Unfold(index: $0 % 20 - 4, amount: $0 % 3 == 0 ? .nan : Double($0) / 10) })
    let all = strip.allAttributes(at: junk)
    #expect(all.count == 12)
    #expect(all.allSatisfy { $0.isFinite && (0..<12).contains($0.id.item) })
    #expect(strip.resolvedUnfolded(junk).count <= FilmstripState.maximumUnfolded)
    #expect(strip.contentInset(at: junk).isFinite)
    #expect(strip.contentSize(at: junk).isFinite)
    #expect(strip.thumbnailCoordinate(atContentX: .nan, at: junk).isFinite)
    #expect(throws: LayoutError.self) {
      try FilmstripLayout(normalWidth: 0).prepare(items: .empty, viewport: viewport)
    }
    #expect(throws: LayoutError.self) {
      try FilmstripLayout(normalWidth: 50, maximumWidth: 40).prepare(items: .empty, viewport: viewport)
    }
    let empty = try prepare([])
    #expect(empty.allAttributes(at: .accordion(index: 0, progress: 1)).isEmpty)
    #expect(empty.thumbnail(atContentX: 10, at: FilmstripState()) == nil)
  }

  /// The shared checker over random strips and states (accordion,
  /// following, blends and junk).
  @Test func sharedCheckerPassesOnRandomFilmstrips() throws {
    for index in 0..<300 {
      let seed = propertySeed(index, base: 0xF1_C4EC)
      var rng = SplitMix64(seed: seed)
      let n = rng.chance(0.05) ? rng.int(in: 1000...2000) : rng.int(in: 0...60)
      let layout = FilmstripLayout(
        normalWidth: rng.double(in: 1...60), maximumWidth: rng.double(in: 60...300),
        normalSpacing: rng.double(in: 0...10), fullSpacing: rng.double(in: 0...40))
      let strip = try prepare(randomPhotos(n, &rng), layout)
      let failures = LayoutChecker(strip) { rng in
        var state = randomState(n, &rng)
        state.contentOffset.x = rng.double(in: -500...(Double(n) * layout.normalWidth + 500))
        return state
      }.failures(using: &rng)
      #expect(failures.isEmpty, "seed \(seed): \(failures)")
    }
  }
}
