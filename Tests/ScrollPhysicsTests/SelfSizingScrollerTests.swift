import GestureScripting
import LayoutCore
import ScrollPhysics
import ScrollworkTestSupport
import Testing

@Suite struct SelfSizingScrollerTests {
  struct Case {
    var layout: TagCloudLayout
    var estimates: [Size]
    var truth: [Size]
    var viewport: Viewport
  }

  static func randomCase(_ rng: inout SplitMix64, count: Int) -> Case {
    var layout = TagCloudLayout()
    layout.lineSpacing = rng.double(in: 0...12)
    layout.itemSpacing = rng.double(in: 0...12)
    layout.headerHeight = 0
    layout.paragraphLength = rng.chance(0.5) ? 0 : rng.int(in: 4...64)
    let viewport = Viewport(width: rng.double(in: 200...420), height: rng.double(in: 300...800))
    let widthsKnown = rng.chance(0.5)
    let estimate = Size(width: rng.double(in: 40...120), height: rng.double(in: 15...60))
    let truth = (0..<count).map { _ in Size(width: rng.double(in: 20...260), height: rng.double(in: 12...120)) }
    let estimates = truth.map { Size(width: widthsKnown ? $0.width : estimate.width, height: estimate.height) }
    return Case(layout: layout, estimates: estimates, truth: truth, viewport: viewport)
  }

  static func randomScript(_ rng: inout SplitMix64) -> String {
    var steps: [String] = []
    for _ in 0..<rng.int(in: 2...6) {
      switch rng.int(in: 0...5) {
      case 0, 1:
        steps.append("drag 0,\(Int(rng.double(in: -2500...1500))) \(rng.double(in: 0.1...0.4))")
        steps.append("release")
        steps.append("wait \(rng.double(in: 0.1...1.2))")
      case 2:
        steps.append("drag 0,\(Int(rng.double(in: -600...600))) 0.2")
        steps.append("hold 0.1")
        steps.append("drag 0,\(Int(rng.double(in: -600...600))) 0.2")
        steps.append("release")
        steps.append("wait 0.3")
      case 3:
        steps.append("jump 0,\(Int(rng.double(in: 0...30_000)))")
        steps.append("wait 0.05")
      case 4:
        steps.append("scroll 0,\(Int(rng.double(in: 0...20_000)))")
        steps.append("wait 0.4")
      default:
        steps.append("drag 0,\(Int(rng.double(in: 500...3000))) 0.2")  // towards the top
        steps.append("release")
        steps.append("wait 0.8")
      }
    }
    return steps.joined(separator: "; ")
  }

  /// The anchor keeps its screen position to 0.5 pt in every frame (unless
  /// the content ended above the viewport's bottom at rest), a dragged
  /// element moves exactly with the finger, an element stays put across
  /// frames except for the scroll motion, and nothing is measured twice.
  @Test func noScrollJump() throws {
    for index in 0..<40 {
      let seed = propertySeed(index, base: 0x00_1A_4F)
      var rng = SplitMix64(seed: seed)
      let c = Self.randomCase(&rng, count: 3000)
      let cloud = try c.layout.prepare(estimated: LayoutItems(c.estimates), viewport: c.viewport)
      var scroller = SelfSizingScroller(layout: cloud)
      let script = try GestureScript(Self.randomScript(&rng))
      var measured = Set<Int>()
      var previous:
        (id: ElementID, screenY: Double, offset: Double, translation: Double, dragging: Bool, inBounds: Bool)?
      var buffer: [LayoutAttributes] = []
      var rotated = false
      try script.run(on: &scroller) { scroller, time in
        buffer.removeAll(keepingCapacity: true)
        let currentMax = scroller.layout.maxItemWidth
        let frame = scroller.layoutFrame(
          measure: { id, maxWidth in
            // After the rotation, tags as wide as a line are measured again.
            #expect(measured.insert(id.item).inserted || rotated, "measured twice: \(id) seed \(seed)")
            #expect(maxWidth == currentMax)
            return c.truth[id.item]
          }, into: &buffer)
        if case .element(_, let screenY) = frame.anchor, !frame.clamped {
          let now = frame.anchorScreenPosition ?? .nan
          #expect(abs(now - screenY) <= 0.5, "anchor moved \(screenY) → \(now) seed \(seed) t \(time)")
        }
        let surface = scroller.surface
        let offset = surface.contentOffset.y
        // The anchor of the last frame, when it still anchors, moved only by
        // the scroll motion (and, under a finger, exactly with it).
        if let p = previous, p.id == frame.anchor.id, let a = scroller.layout.attributes(for: p.id, at: scroller.state),
          !frame.clamped
        {
          let moved = (a.frame.minY - offset) - p.screenY
          let motion = -(offset - frame.correction - p.offset)
          #expect(abs(moved - motion) <= 0.5, "\(p.id) jumped by \(moved - motion) seed \(seed) t \(time)")
          if p.dragging && p.inBounds && surface.phase == .dragging && !surface.isOutOfBounds {
            #expect(
              abs(moved - (surface.lastTranslation.y - p.translation)) <= 0.5,
              "not under the finger: \(moved) vs \(surface.lastTranslation.y - p.translation) seed \(seed) t \(time) offset \(offset) max \(surface.maxOffset.y)"
            )
          }
        }
        if let id = frame.anchor.id, let a = scroller.layout.attributes(for: id, at: scroller.state) {
          previous = (
            id, a.frame.minY - offset, offset, surface.lastTranslation.y, surface.phase == .dragging,
            !surface.isOutOfBounds
          )
        } else {
          previous = nil
        }
        // Every visible tag has its real size before it is drawn.
        for a in buffer { #expect(scroller.layout.isMeasured(a.id), "\(a.id) drawn unmeasured seed \(seed)") }
        // A rotation half-way, once.
        if !rotated && time > 0.5 {
          rotated = true
          let rotation = try? scroller.setViewport(
            Viewport(width: c.viewport.size.height, height: c.viewport.size.width))
          if let rotation, case .element(_, let screenY) = rotation.anchor, !rotation.clamped {
            #expect(
              abs((rotation.anchorScreenPosition ?? .nan) - screenY) <= 0.5, "rotation moved the anchor seed \(seed)")
          }
          previous = nil
        }
      }
      // Never measured what was never on screen: a few screens' worth.
      #expect(measured.count < 1500, "measured \(measured.count) seed \(seed)")
      #expect(!scroller.surface.isOutOfBounds || scroller.surface.phase != .idle, "rests out of bounds seed \(seed)")
    }
  }

  /// Scrolling up into tags that are taller than estimated: the tags on
  /// screen do not move; the content above grows.
  @Test func scrollingUpIntoTallerTagsKeepsTheScreenStill() throws {
    let layout = TagCloudLayout(lineSpacing: 10, itemSpacing: 10, sectionInset: .zero)
    let cloud = try layout.prepare(
      estimated: LayoutItems(count: 10_000, size: Size(width: 90, height: 30)),
      viewport: Viewport(width: 300, height: 400))
    var scroller = SelfSizingScroller(layout: cloud, offset: Point(x: 0, y: 40_000))
    // No measuring ahead: the drag itself brings the unmeasured lines in.
    scroller.lookahead = 0
    var buffer: [LayoutAttributes] = []
    let measure: (ElementID, Double) -> Size? = { _, _ in Size(width: 90, height: 70) }
    _ = scroller.layoutFrame(measure: measure, into: &buffer)
    let top = try #require(buffer.min { $0.frame.minY < $1.frame.minY })
    let screenY = top.frame.minY - scroller.surface.contentOffset.y
    try scroller.drag(nil, translation: Point(x: 0, y: 200), at: 0.1)
    buffer.removeAll()
    let frame = scroller.layoutFrame(measure: measure, into: &buffer)
    let after = try #require(scroller.layout.attributes(for: top.id, at: scroller.state))
    #expect(abs(after.frame.minY - scroller.surface.contentOffset.y - (screenY + 200)) <= 0.5)
    #expect(frame.correction > 0)  // the new lines above grew by 40 each
    #expect(frame.measured > 0)
    #expect(buffer.allSatisfy { $0.size.height == 70 })
  }

  /// A fling into the end of content that is shorter than estimated stops
  /// at the real end.
  @Test func aFlingEndsAtTheRealBottom() throws {
    let layout = TagCloudLayout(lineSpacing: 0, itemSpacing: 0, sectionInset: .zero)
    let cloud = try layout.prepare(
      estimated: LayoutItems(count: 200, size: Size(width: 300, height: 60)),
      viewport: Viewport(width: 300, height: 400))
    var scroller = SelfSizingScroller(layout: cloud)
    var buffer: [LayoutAttributes] = []
    let script = try GestureScript("drag 0,-3000 0.2; release; wait 3")
    try script.run(on: &scroller) { scroller, _ in
      buffer.removeAll(keepingCapacity: true)
      _ = scroller.layoutFrame(measure: { _, _ in Size(width: 300, height: 20) }, into: &buffer)
    }
    let bounds = scroller.layout.offsetBounds(at: scroller.state)
    #expect(scroller.surface.phase == .idle)
    #expect(scroller.surface.contentOffset.y <= bounds.max.y + 1e-6)
    #expect(scroller.surface.contentOffset.y >= bounds.min.y)
  }
}
