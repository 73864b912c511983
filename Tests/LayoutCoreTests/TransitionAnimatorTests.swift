import LayoutCore
import ScrollworkTestSupport
import Testing

/// The photo grid animator: mode changes, interruptions, pinches and data
/// updates driven by time values, frame by frame at 120 Hz.
@Suite struct TransitionAnimatorTests {
  static let viewport = Viewport(width: 390, height: 844)
  static let counts = [7, 12, 5, 30, 1, 0, 9, 40, 3, 17, 60, 8]

  static func grid(_ mode: PhotoGridLayout.Mode, _ counts: [Int] = counts) -> PreparedPhotoGridLayout {
    try! PhotoGridLayout.photosMonths.with(mode: mode).prepare(
      items: LayoutItems(sections: counts.map { .uniform(Size(width: 4000, height: 3000), count: $0) }),
      viewport: viewport)
  }

  func visible(_ animator: PhotoGridAnimator, _ time: Double) -> [LayoutAttributes] {
    var out: [LayoutAttributes] = []
    animator.visibleAttributes(at: time, into: &out)
    return out
  }

  /// Screen positions of the opaque-enough elements, by identity.
  func screen(_ animator: PhotoGridAnimator, _ time: Double) -> [ElementID: LayoutAttributes] {
    let o = animator.contentOffset(at: time)
    var out: [ElementID: LayoutAttributes] = [:]
    for var e in visible(animator, time) {
      e.center = e.center - o
      out[e.id] = e
    }
    return out
  }

  @Test func modeChangeSettlesOnTheTarget() {
    var animator = PhotoGridAnimator(grid: Self.grid(.allPhotos), offset: Point(x: 0, y: 5000))
    animator.change(to: Self.grid(.months), duration: 0.2, at: 1)
    #expect(animator.isTransitioning(at: 1.1))
    #expect(isClose(animator.progress(at: 1.1), 0.5, tolerance: 1e-6))
    animator.settle(at: 1.3)
    #expect(animator.transition == nil)
    #expect(animator.grid.layout.mode == .months)
    let rest = animator.grid.visibleAttributes(at: ScrollState(contentOffset: animator.restingOffset))
    #expect(sameElements(visible(animator, 2), rest))
  }

  @Test func interruptionsStartFromWhatIsOnScreen() {
    var animator = PhotoGridAnimator(grid: Self.grid(.allPhotos), offset: Point(x: 0, y: 6000))
    animator.change(to: Self.grid(.months), duration: 0.2, at: 0)
    var previous = screen(animator, 0)
    let events: [Int: (inout PhotoGridAnimator, Double) -> Void] = [
      10: { a, t in a.change(to: Self.grid(.allPhotos), duration: 0.2, at: t) },
      20: { a, t in a.change(to: Self.grid(.columns(3)), duration: 0.2, at: t) },
      30: { a, t in
        a.beginPinch(
          to: Self.grid(.columns(5)), progress: PinchProgress(fromColumns: 3, toColumns: 5), at: t, point: nil)
      },
      40: { a, t in a.pinchEnded(scaleVelocity: -0.5, at: t) },
      44: { a, t in
        a.beginPinch(
          to: Self.grid(.columns(5)), progress: PinchProgress(fromColumns: 3, toColumns: 5), at: t, point: nil)
      },
      50: { a, t in a.pinchEnded(scaleVelocity: 0, at: t) },
    ]
    for frame in 1...120 {
      let time = Double(frame) / 120
      if let event = events[frame] {
        let before = screen(animator, time)
        event(&animator, time)
        let after = screen(animator, time)
        // The same elements at the same places the instant a change starts.
        for (id, e) in before where e.alpha > 1e-9 {
          guard let f = after[id] else {
            Issue.record("frame \(frame): \(id) vanished")
            continue
          }
          #expect(
            isClose(e.center, f.center, tolerance: 1e-9) && isClose(e.alpha, f.alpha, tolerance: 1e-9),
            "frame \(frame) \(id)")
        }
      }
      // The fingers move gradually from frame 31 to 39: scale 1 → 0.8.
      if (31...39).contains(frame) { animator.pinchChanged(scale: 1 - 0.025 * Double(frame - 31), at: time) }
      let now = screen(animator, time)
      // No element jumps: between frames it moves less than a quarter screen.
      for (id, e) in now {
        if let old = previous[id] {
          #expect(abs(e.center.y - old.center.y) < 211 && abs(e.center.x - old.center.x) < 98, "frame \(frame) \(id)")
        }
        #expect(e.isFinite)
      }
      previous = now
    }
    animator.settle(at: 2)
    #expect(animator.transition == nil)
    #expect(animator.grid.layout.mode == .columns(5))
  }

  @Test func aSlowSmallPinchCancelsBackToTheSource() {
    var animator = PhotoGridAnimator(grid: Self.grid(.columns(3)), offset: Point(x: 0, y: 2000))
    animator.beginPinch(
      to: Self.grid(.columns(5)), progress: PinchProgress(fromColumns: 3, toColumns: 5), at: 0,
      point: Point(x: 100, y: 300))
    animator.pinchChanged(scale: 0.9, at: 0.1)
    #expect(isClose(animator.progress(at: 0.1), 0.25))
    #expect(animator.pinchEnded(scaleVelocity: 0, at: 0.2) == 0)
    animator.settle(at: 1)
    #expect(animator.grid.layout.mode == .columns(3))
    #expect(animator.restingOffset == Point(x: 0, y: 2000))
  }

  /// (All Photos flows across sections, so a whole number of 4-photo
  /// groups keeps every photo below in its slot.)
  @Test func insertedPhotosAboveKeepTheViewedOneInPlace() {
    typealias Snapshot = LibrarySnapshot<Int, Int>
    let old = Snapshot(
      sections: Self.counts.enumerated().map { s, n in .init(id: s, items: (0..<n).map { s * 1000 + $0 }) })
    var sections = old.sections
    sections[1].items.insert(contentsOf: 90_000..<90_012, at: 4)  // insert 12 at 4 in section 1
    let new = Snapshot(sections: sections)
    let change = SnapshotChange(from: old, to: new)
    var animator = PhotoGridAnimator(grid: Self.grid(.allPhotos), offset: Point(x: 0, y: 4000))
    let before = screen(animator, 0)
    animator.change(to: Self.grid(.allPhotos, new.itemCounts), mapping: .dataChange(change), duration: 0.3, at: 0)
    animator.settle(at: 1)
    let after = screen(animator, 1)
    var compared = 0
    for (id, e) in before {
      guard let newID = change.newID(forOld: id), let f = after[newID] else { continue }
      #expect(abs(e.center.y - f.center.y) <= 0.5, "\(id)")
      compared += 1
    }
    #expect(compared > 3)
  }
}
