import Album
import GestureScripting
import LayoutCore
import ScrollPhysics
import ScrollworkTestSupport
import Testing

@Suite struct AlbumCoordinatorTests {
  let size = Size(width: 390, height: 644)  // pager 390×600, strip 390×44

  /// The seed's album with the thumbnail-coordinate follower rule: the
  /// invariants below (the thumbnail under the centre line is the pager's
  /// page, nothing moves at a leader switch, continuity across page turns)
  /// are that rule's; the seed's rule is tested in
  /// `AlbumFollowerOffsetTests`.
  func album(_ photos: [Size], photo: Int = 0, debug: Bool = false) throws -> AlbumCoordinator {
    try AlbumCoordinator(
      photos: LayoutItems(photos), viewport: size,
      configuration: .photosLab(stripHeight: 44, debug: debug, followerOffset: .thumbnailCoordinate), photo: photo)
  }

  func mixedPhotos(_ n: Int, seed: Int) -> [Size] {
    var rng = SplitMix64(seed: propertySeed(seed))
    return randomPhotos(n, &rng)
  }

  /// The strip's centre line, in its content coordinates.
  func centre(_ f: AlbumFrame) -> Double { f.stripOffset.x + f.stripViewport.width / 2 }

  @Test func startsWithThePhotoUnfoldedAndCentred() throws {
    let a = try album(mixedPhotos(20, seed: 1), photo: 7)
    let f = a.frame()
    #expect(f.pagerOffset.x == 7 * 390)
    #expect(f.pagerPosition == PagerPosition(index: 7, fraction: 0))
    #expect(f.centredThumbnail == 7 && f.animatedThumbnail == 7 && f.progress == 1)
    #expect(abs(centre(f) - a.strip.center(ofThumbnail: 7, at: f.stripState)) < 1e-9)
  }

  /// Seed bug: the follower's inset was written from inside its query, so
  /// the leader read last frame's inset and the strip lagged a frame.
  @Test func followerIsPlacedInTheSameFrameWithInsetsFromTheQuery() throws {
    var a = try album(mixedPhotos(6, seed: 2))
    let frames = try record(&a, "pager drag 120 0.3; pager drag -2600 1.2; pager drag -600 0.3; pager release; wait 1")
    var sawRubberBand = [false, false]
    for f in frames {
      #expect(f.leader == .pager)
      let t = a.position(pagerOffset: f.pagerOffset.x)
      #expect(abs(f.position - t) < 1e-12)
      let expected = a.strip.contentX(atThumbnailCoordinate: t, at: f.stripState)
      #expect(abs(centre(f) - expected) < 1e-9, "time \(f.time)")
      if f.pagerOffset.x < 0 { sawRubberBand[0] = true }
      if f.pagerOffset.x > 5 * 390 { sawRubberBand[1] = true }
    }
    #expect(sawRubberBand == [true, true])
    // The surface's insets are the layout's answer for the state shown.
    let last = try #require(frames.last)
    #expect(a.stripSurface.contentInset == a.strip.contentInset(at: last.stripState))
  }

  /// Pager → strip is continuous in the fraction, rubber-band ends included.
  @Test func pagerToStripIsContinuous() throws {
    var a = try album(mixedPhotos(5, seed: 3))
    let frames = try record(&a, "pager drag 150 0.5; pager drag -2300 2; pager drag -300 0.5", fps: 240)
    for (p, q) in zip(frames, frames.dropFirst()) {
      let pagerStep = abs(q.pagerOffset.x - p.pagerOffset.x)
      // One page of the pager is at most a pitch plus two unfolded cells and gaps of the strip.
      // A page is wider than any step between thumbnail centres; past the
      // ends the strip is pulled point for point.
      #expect(abs(q.stripOffset.x - p.stripOffset.x) <= pagerStep + 1e-9)
      #expect(largestDifference(p, q) < 40, "time \(q.time)")
    }
  }

  /// Seed bugs: the unfolded thumbnail ended 1 pt off centre, and the last
  /// animation tick never applied its offset.
  @Test func unfoldEndsExactlyCentredWithTheOffsetMovingAlong() throws {
    var a = try album(mixedPhotos(30, seed: 4), photo: 3)
    let frames = try record(&a, "strip drag -47 0.3; strip hold 0.2; strip release; wait 1.5", fps: 120)
    let unfolding = frames.filter { $0.accordion == .unfolding }
    #expect(!unfolding.isEmpty)
    let rest = try #require(frames.first { $0.accordion == .resting && $0.time > unfolding[0].time })
    let b = try #require(rest.centredThumbnail)
    #expect(rest.animatedThumbnail == b && rest.progress == 1)
    #expect(abs(centre(rest) - a.strip.center(ofThumbnail: b, at: rest.stripState)) < 0.01)
    #expect(abs(rest.pagerOffset.x - Double(b) * 390) < 0.01)
    // The offset moved in every unfolding frame, the last one included.
    for (p, q) in zip(unfolding, unfolding.dropFirst()) { #expect(p.stripOffset.x != q.stripOffset.x) }
    let lastUnfolding = try #require(unfolding.last)
    #expect(lastUnfolding.stripOffset.x != rest.stripOffset.x || lastUnfolding.progress == 1)
    #expect(frames.last.map { abs(centre($0) - a.strip.center(ofThumbnail: b, at: $0.stripState)) < 0.01 } == true)
  }

  /// While the strip folds under a still finger, the point under its
  /// centre line stays there (and so does the pager).
  @Test func foldKeepsThePointUnderTheCentreLine() throws {
    var a = try album(mixedPhotos(30, seed: 12).map { _ in Size(width: 3, height: 1) }, photo: 10)
    let frames = try record(&a, "strip drag -0.5 0.01; strip hold 0.6", fps: 120)
    let folding = frames.filter { $0.accordion == .folding }
    #expect(folding.count > 30)
    let start = try #require(frames.first)
    for f in frames {
      #expect(abs(f.position - start.position) < 1e-9, "time \(f.time)")
      #expect(abs(f.pagerOffset.x - start.pagerOffset.x) < 1e-6)
      // The thumbnail under the centre line keeps its screen centre.
      let cell = try #require(f.stripAttributes.first { $0.id.item == 10 })
      #expect(abs(cell.center.x - f.stripOffset.x - (195 - 0.5)) < 0.51, "time \(f.time)")
    }
    #expect(frames.last.map { $0.progress == 0 && $0.accordion == .resting } == true)
  }

  /// Seed bug: restarting a fold or unfold jumped to 0 or 1.
  @Test func interruptedFoldAndUnfoldContinueFromCurrentProgress() throws {
    var a = try album(mixedPhotos(30, seed: 5).map { _ in Size(width: 4, height: 1) }, photo: 4)
    // Fold starts, is interrupted by the rest (unfold), which a new drag interrupts.
    let frames = try record(
      &a,
      "strip drag -20 0.15; strip hold 0.15; strip release; wait 0.12; "
        + "strip drag -10 0.1; strip hold 0.15; strip release; wait 1",
      fps: 120)
    let fastest = 1.0 / AccordionTiming.photosLab.duration(width: 160) / 120  // progress per frame
    var sawBoth = Set<AccordionPhase>()
    for (p, q) in zip(frames, frames.dropFirst()) {
      sawBoth.insert(q.accordion)
      let amounts = { (f: AlbumFrame) in
        Dictionary(uniqueKeysWithValues: a.strip.resolvedUnfolded(f.stripState).map { ($0.index, $0.amount) })
      }
      let x = amounts(p)
      let y = amounts(q)
      for k in Set(x.keys).union(y.keys) {
        #expect(abs((x[k] ?? 0) - (y[k] ?? 0)) <= fastest + 1e-9, "time \(q.time), thumbnail \(k)")
      }
    }
    #expect(sawBoth.isSuperset(of: [.folding, .unfolding, .resting]))
  }

  /// Seed bug: the thumbnail-to-pager mapping jumped whole pages.
  @Test func stripToPagerIsContinuousAndShowsTheThumbnailUnderTheCentre() throws {
    var a = try album(mixedPhotos(40, seed: 6))
    let frames = try record(&a, "strip drag -300 3; strip hold 0.2; strip release; wait 1", fps: 120)
    var betweenPages = 0
    for (p, q) in zip(frames, frames.dropFirst()) {
      #expect(abs(q.pagerOffset.x - p.pagerOffset.x) < 0.25 * 390, "time \(q.time)")
      #expect(nearestPage(q, a) == q.centredThumbnail || abs(q.position - q.position.rounded(.down) - 0.5) < 1e-6)
      let fraction = q.pagerOffset.x / 390 - (q.pagerOffset.x / 390).rounded(.down)
      if fraction > 0.05 && fraction < 0.95 { betweenPages += 1 }
    }
    #expect(betweenPages > 10)
  }

  /// Seed bug: the duration came from the previously animated cell.
  @Test func durationComesFromTheCellThatAnimates() throws {
    // Thumbnail 1 is wide (160 pt unfolded), the others narrow (30 pt).
    var photos = Array(repeating: Size(width: 1, height: 5), count: 12)
    photos[1] = Size(width: 5, height: 1)
    var a = try album(photos)
    var frames: [AlbumFrame] = []
    for k in [1, 2] {
      let x = a.strip.centeredOffset(ofThumbnail: k, at: a.frame().stripState)
      frames += try record(&a, "strip jump \(x),0; wait 1", fps: 1000)
    }
    let durations = [0.0, 1.0].map { start in
      let end = frames.first { $0.time > start && $0.accordion == .resting }?.time ?? .infinity
      return end - start
    }
    #expect(abs(durations[0] - 0.5) < 0.003, "wide cell 1 unfolds in 160/80·0.25 s: \(durations[0])")
    #expect(abs(durations[1] - 0.25) < 0.003, "narrow cell 2 unfolds in 0.25 s: \(durations[1])")
  }

  /// Seed bug: progress was read from the wall clock at each call.
  @Test func framesAreAFunctionOfInjectedTime() throws {
    let script = "strip drag -80 0.2; strip release; wait 0.3; pager drag -150 0.2; pager release; wait 0.5"
    var a = try album(mixedPhotos(25, seed: 7), photo: 2)
    var b = a
    let first = try record(&a, script)
    let second = try record(&b, script)
    #expect(first == second)
    #expect(a.frame() == a.frame())
  }

  @Test func leaderSwitchMovesNothing() throws {
    var rng = SplitMix64(seed: propertySeed(8))
    for case_ in 0..<100 {
      let n = rng.int(in: 1...30)
      var a = try album(randomPhotos(n, &rng), photo: rng.int(in: 0...(n - 1)))
      let prefix = randomScript(&rng, steps: rng.int(in: 1...6), settle: rng.double(in: 0...0.4))
      _ = try record(&a, prefix, attributes: false)
      for _ in 0..<3 {
        let before = a.frame()
        let other = before.leader == .pager ? "strip" : "pager"
        try a.touchDown(other, at: a.time)
        let after = a.frame()
        #expect(after.leader.rawValue == other)
        #expect(largestDifference(before, after) < 0.5, "case \(case_) seed \(propertySeed(8))")
        // The frames after the switch go on smoothly.
        try a.drag(other, translation: Point(x: rng.double(in: -3...3), y: 0), at: a.time + 1.0 / 120)
        a.advance(to: a.time)
        let next = a.frame()
        #expect(largestDifference(after, next) < 0.5 * 390, "case \(case_) seed \(propertySeed(8))\n\(prefix)")
        try a.release(other, at: a.time)
        a.advance(to: a.time + rng.double(in: 0...0.3))
      }
    }
  }

  @Test func rotationMidAnimationKeepsTheCurrentPhoto() throws {
    for script in ["strip drag -60 0.3; strip release; wait 0.1", "pager drag -150 0.2"] {
      var a = try album(mixedPhotos(30, seed: 9), photo: 5)
      _ = try record(&a, script)
      let before = a.frame()
      try a.resize(to: Size(width: 844, height: 390), at: a.time)
      let after = a.frame()
      #expect(abs(after.position - before.position) < 1e-9, "\(script)")
      #expect(after.pagerPosition?.index == before.pagerPosition?.index)
      #expect(after.centredThumbnail == before.centredThumbnail)
      #expect(after.pagerViewport == Size(width: 844, height: 346))
      #expect(throws: LayoutError.self) { try a.resize(to: Size(width: 844, height: 30), at: a.time) }
      // A new script does not know the old one's fingers: lift them here.
      try a.release("pager", at: a.time)
      try a.release("strip", at: a.time)
      let end = try #require(try record(&a, "wait 8").last)
      let b = try #require(end.centredThumbnail)
      #expect(abs(centre(end) - a.strip.center(ofThumbnail: b, at: end.stripState)) < 0.01)
      #expect(abs(end.pagerOffset.x - Double(b) * 844) < 0.01)
    }
  }

  /// A finger held on one strip past its edge (rubber-banding) while the
  /// other strip leads: touching it again moves nothing.
  @Test func heldRubberBandingFingerDoesNotJumpOnSwitch() throws {
    var a = try album([
      Size(width: 4000, height: 3000), Size(width: 3000, height: 4000), Size(width: 1000, height: 1000),
      Size(width: 16000, height: 1000),
    ])
    let frames = try record(&a, "strip drag 150 0.3; pager drag -300 0.2; strip hold 0.05", fps: 120)
    // The pager finger moves 12.5 pt a frame; nothing moves more, and once
    // the held strip finger leads (it does not move) nothing moves at all.
    for (previous, next) in zip(frames, frames.dropFirst()) where next.time > 0.3 {
      let limit = next.leader == .strip ? 0.5 : 12.5 + 1e-9
      #expect(abs(next.pagerOffset.x - previous.pagerOffset.x) <= limit, "t \(next.time)")
      #expect(abs(next.stripOffset.x - previous.stripOffset.x) <= limit, "t \(next.time)")
    }
    #expect(frames.last?.leader == .strip)
  }

  /// A rotation while the pager settles on a page: it still lands exactly
  /// on that page at the new width, and the strip unfolds it.
  @Test func rotationWhilePagingLandsOnThePage() throws {
    var a = try album(mixedPhotos(10, seed: 10), photo: 1)
    _ = try record(&a, "pager drag -240 0.1; pager release", fps: 120)
    a.advance(to: a.time + 0.05)
    let resting = try #require(a.frame().pagerPosition)
    try a.resize(to: Size(width: 844, height: 390), at: a.time)
    let end = try #require(try record(&a, "wait 6").last)
    #expect(end.pagerOffset.x == 2 * 844)
    #expect(end.pagerPosition == PagerPosition(index: 2, fraction: 0))
    #expect(end.centredThumbnail == 2 && end.animatedThumbnail == 2 && abs(end.progress - 1) < 1e-9)
    _ = resting
  }

  @Test func emptyAndOnePhotoAlbumsWork() throws {
    var empty = try album([])
    for f in try record(&empty, "strip drag -100 0.2; strip release; pager drag 80 0.2; pager release; wait 1") {
      #expect(isFinite(f) && f.pagerPosition == nil && f.centredThumbnail == nil && f.stripAttributes.isEmpty)
    }
    var one = try album([Size(width: 3, height: 2)])
    let frames = try record(
      &one, "strip drag -100 0.2; strip release; wait 1; pager drag 80 0.2; pager release; wait 1")
    for f in frames { #expect(isFinite(f) && f.pagerPosition?.index == 0 && f.centredThumbnail == 0) }
    let end = try #require(frames.last)
    #expect(end.pagerOffset.x == 0 && end.progress == 1)
    #expect(abs(centre(end) - one.strip.center(ofThumbnail: 0, at: end.stripState)) < 0.01)
  }

  @Test func debugFlagReachesTheRenderer() throws {
    #expect(try album([Size(width: 1, height: 1)], debug: true).frame().debug)
    #expect(try !album([Size(width: 1, height: 1)]).frame().debug)
  }

  @Test func badInputThrows() {
    #expect(throws: LayoutError.self) { try AlbumCoordinator(photos: .empty, viewport: Size(width: 390, height: 40)) }
    #expect(throws: LayoutError.self) { try AlbumCoordinator(photos: .empty, viewport: Size(width: .nan, height: 400)) }
    var a = try? album([Size(width: 1, height: 1)])
    #expect(throws: ScriptError.self) { try a?.touchDown("thumbnails", at: 0) }
  }

  /// Random albums (0 to 10,000 photos) and random gestures on both strips.
  @Test func randomGesturesKeepEveryInvariant() throws {
    var rng = SplitMix64(seed: propertySeed(100))
    for case_ in 0..<120 {
      let n = randomCount(&rng)
      let photos = randomPhotos(n, &rng)
      var a = try album(photos, photo: n == 0 ? 0 : rng.int(in: 0...(n - 1)))
      let script = randomScript(&rng, steps: rng.int(in: 2...10))
      let frames = try record(&a, script, fps: 60)
      let label = "case \(case_) seed \(propertySeed(100)) n \(n)"
      var previous: AlbumFrame?
      for f in frames {
        #expect(isFinite(f), "\(label) time \(f.time)")
        guard n > 0 else { continue }
        // The pager's page and the strip's centre agree.
        if abs(f.position - f.position.rounded(.down) - 0.5) > 1e-6 {
          #expect(nearestPage(f, a) == f.centredThumbnail, "\(label) time \(f.time)")
        }
        // No strip cell moves more than the offset and the animated widths explain.
        if let p = previous {
          let allowed = abs(f.stripOffset.x - p.stripOffset.x) + geometryChange(p, f, a) + 1e-6
          let ys = Dictionary(uniqueKeysWithValues: f.stripAttributes.map { ($0.id, $0) })
          for x in p.stripAttributes {
            guard let y = ys[x.id] else { continue }
            let moved = abs((y.center.x - f.stripOffset.x) - (x.center.x - p.stripOffset.x))
            #expect(moved <= allowed, "\(label) time \(f.time) thumbnail \(x.id.item)")
          }
        }
        previous = f
      }
      // Every settle ends with one thumbnail unfolded and centred.
      guard n > 0, let end = frames.last else { continue }
      let b = try #require(end.centredThumbnail)
      let unfolded = a.strip.resolvedUnfolded(end.stripState)
      #expect(
        unfolded.count == 1 && unfolded.first?.index == b && unfolded.first.map { $0.amount > 1 - 1e-12 } == true,
        "\(label) \(unfolded) \(end.leader) \(end.accordion) b \(b) x \(end.pagerOffset.x)\n\(script)"
      )
      #expect(abs(centre(end) - a.strip.center(ofThumbnail: b, at: end.stripState)) < 0.01, "\(label)")
      #expect(abs(end.pagerOffset.x - Double(b) * 390) < 0.01, "\(label)")
      #expect(end.accordion == .resting || end.accordion == .following)
    }
  }
}
