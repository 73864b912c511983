import LayoutCore

/// One property check for any prepared layout: its visible-rect query
/// against a brute-force filter, at random states and rectangles, plus the
/// checks every layout owes (finite values, identities that agree, its own
/// invariants).
///
/// For each of `states` random states (drawn by the closure you pass) it
/// checks that:
/// - `contentSize` is finite and not negative, `contentInset` and
///   `offsetBounds` finite;
/// - every cell named by `numberOfSections`/`numberOfItems` has attributes
///   (`attributes(for:)`) and they are the ones the query returns for the
///   whole plane (skipped above `maximumEnumeratedItems` items);
/// - for `rectsPerState` random rectangles (around the viewport, the
///   content, element edges, some of zero width or height) the query
///   returns exactly the elements of the whole plane that `meets` the
///   rectangle (by default `bruteForce(all, in: rect)`), with no identity
///   twice; an element whose edge touches the rectangle's to within
///   `tolerance` may go either way (edges read back from centre and size
///   differ from computed ones in the last bits);
/// - every returned value is finite, and `attributes(for:)` agrees with
///   what the query returned for the same identity;
/// - identities that do not exist give `nil` and 0 items;
/// - `invariantViolations()` is empty, when the layout is `InvariantChecking`.
///
/// It returns what failed, as text, so a test can print its seed:
///
/// ```swift
/// @Test func queryMatchesBruteForce() throws {
///   for index in 0..<200 {
///     let seed = propertySeed(index, base: 0x3A1C)
///     var rng = SplitMix64(seed: seed)
///     let prepared = try MosaicLayout().prepare(items: randomItems(&rng), viewport: randomViewport(&rng))
///     let failures = LayoutChecker(prepared).failures(using: &rng)
///     #expect(failures.isEmpty, "seed \(seed): \(failures)")
///   }
/// }
/// ```
///
/// A layout with its own state type passes a closure that draws one:
///
/// ```swift
/// let checker = LayoutChecker(strip) { rng in
///   FilmstripState.accordion(index: rng.int(in: 0...9), progress: rng.double(in: 0...1),
///                            contentOffset: Point(x: rng.double(in: -400...800), y: 0))
/// }
/// ```
///
/// Everything is drawn from the generator you pass: the same seed repeats
/// the same checks.
public struct LayoutChecker<Prepared: PreparedLayout> {
  /// The geometry under test.
  public let prepared: Prepared
  /// Draws a random state (offsets, and whatever else the state holds).
  public let randomState: (inout SplitMix64) -> Prepared.State
  /// How many states to draw per call.
  public var states = 4
  /// How many random rectangles to query per state.
  public var rectsPerState = 8
  /// Above this many cells the per-cell enumeration is skipped (the
  /// rectangle checks still run).
  public var maximumEnumeratedItems = 20_000
  /// The tolerance for `attributes(for:)` against the query (they may take
  /// different arithmetic paths).
  public var tolerance = 1e-9
  /// Whether an element meets a rectangle, as the layout's query decides:
  /// by its untransformed frame (the engine's convention) unless the
  /// layout documents otherwise (a carousel also returns elements whose
  /// drawn, transformed frame meets the rectangle).
  public var meets: (LayoutAttributes, Rect) -> Bool = { $0.frame.intersects($1) }

  /// A checker drawing states with `randomState`.
  public init(_ prepared: Prepared, randomState: @escaping (inout SplitMix64) -> Prepared.State) {
    self.prepared = prepared
    self.randomState = randomState
  }

  /// Runs every check; returns a description of each failure (empty when
  /// all pass). Stops collecting after 20 failures.
  public func failures(using rng: inout SplitMix64) -> [String] {
    var failures: [String] = []
    func fail(_ message: @autoclosure () -> String) {
      if failures.count < 20 { failures.append(message()) }
    }
    if let checking = prepared as? any InvariantChecking {
      for problem in checking.invariantViolations() { fail("invariant: \(problem)") }
    }
    checkIdentitiesThatDoNotExist(fail)
    for _ in 0..<states {
      let state = randomState(&rng)
      check(at: state, using: &rng, fail)
      if failures.count >= 20 { break }
    }
    return failures
  }

  func check(at state: Prepared.State, using rng: inout SplitMix64, _ fail: (@autoclosure () -> String) -> Void) {
    let size = prepared.contentSize(at: state)
    if !(size.width.isFinite && size.height.isFinite && size.width >= 0 && size.height >= 0) {
      fail("contentSize \(size) at \(state)")
    }
    let inset = prepared.contentInset(at: state)
    if !(inset.top.isFinite && inset.left.isFinite && inset.bottom.isFinite && inset.right.isFinite) {
      fail("contentInset \(inset) at \(state)")
    }
    let bounds = prepared.offsetBounds(at: state)
    if !(bounds.min.isFinite && bounds.max.isFinite) { fail("offsetBounds \(bounds) at \(state)") }

    // Everything, through the query over the whole plane.
    let all = prepared.allAttributes(at: state)
    var seen = Set<ElementID>()
    for a in all {
      if !seen.insert(a.id).inserted { fail("\(a.id) returned twice for the whole plane at \(state)") }
      if !a.isFinite { fail("\(a.id) not finite at \(state): \(a)") }
      agree(a, state, fail)
    }
    // Every cell the counts name, by identity.
    var total = 0
    for s in 0..<prepared.numberOfSections {
      let (sum, overflow) = total.addingReportingOverflow(Swift.max(0, prepared.numberOfItems(inSection: s)))
      total = overflow ? Int.max : sum
    }
    if total <= maximumEnumeratedItems {
      var cells = 0
      for s in 0..<prepared.numberOfSections {
        for i in 0..<prepared.numberOfItems(inSection: s) {
          let id = ElementID.cell(i, section: s)
          if prepared.attributes(for: id, at: state) == nil { fail("no attributes for \(id) at \(state)") }
          if !seen.contains(id) { fail("\(id) missing from the whole-plane query at \(state)") }
          cells += 1
        }
      }
      let returnedCells = all.filter { $0.id.kind == .cell }.count
      if returnedCells != cells { fail("\(returnedCells) cells returned, \(cells) counted at \(state)") }
    }

    // Random rectangles against the brute-force filter.
    let viewport = prepared.viewport.size
    let offset = state.contentOffset.sanitized
    for _ in 0..<rectsPerState {
      let rect = randomRect(near: offset, viewport: viewport, content: size, edges: all, using: &rng)
      let found = prepared.attributes(in: rect, at: state).sortedByID
      let expected = all.filter { meets($0, rect) }.sortedByID
      let foundIDs = Set(found.map(\.id))
      let expectedIDs = Set(expected.map(\.id))
      if foundIDs.count != found.count { fail("query \(rect) at \(state) returned an identity twice") }
      if foundIDs != expectedIDs {
        // An element whose edge touches the rectangle's, to rounding, may
        // go either way: frames are stored as centre and size, so an edge
        // read back may differ from the computed one in the last bits.
        let byID = Dictionary(all.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let differing = foundIDs.symmetricDifference(expectedIDs).filter { id in
          guard let a = byID[id] else { return true }
          return !isBorderline(a, rect)
        }
        if !differing.isEmpty {
          let extra = foundIDs.subtracting(expectedIDs).intersection(differing).sorted()
          let missing = expectedIDs.subtracting(foundIDs).intersection(differing).sorted()
          fail("query \(rect) at \(state): extra \(extra.prefix(5)), missing \(missing.prefix(5))")
        }
      }
      let expectedByID = Dictionary(expected.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
      for a in found {
        if let b = expectedByID[a.id], !isClose(a, b) {
          fail("query \(rect) at \(state): \(a.id) differs from the whole-plane query: \(a) vs \(b)")
          break
        }
      }
      for a in found where !a.isFinite { fail("\(a.id) not finite at \(state) in \(rect)") }
    }
  }

  /// Whether an edge of `a`'s frame or drawn bounds touches an edge of
  /// `rect` it is compared with, within the tolerance.
  func isBorderline(_ a: LayoutAttributes, _ rect: Rect) -> Bool {
    func near(_ x: Double, _ y: Double) -> Bool {
      abs(x - y) <= tolerance * Swift.max(1, abs(x), abs(y))
    }
    for f in [a.frame, a.transformedFrame] {
      if near(f.minX, rect.maxX) || near(f.maxX, rect.minX) || near(f.minY, rect.maxY) || near(f.maxY, rect.minY) {
        return true
      }
    }
    return false
  }

  /// `attributes(for:)` agrees with what a query returned.
  func agree(_ a: LayoutAttributes, _ state: Prepared.State, _ fail: (@autoclosure () -> String) -> Void) {
    guard let b = prepared.attributes(for: a.id, at: state) else {
      fail("attributes(for: \(a.id)) is nil but the query returned it at \(state)")
      return
    }
    if !isClose(a, b) { fail("attributes(for: \(a.id)) \(b) differs from the query's \(a) at \(state)") }
  }

  func isClose(_ a: LayoutAttributes, _ b: LayoutAttributes) -> Bool {
    guard a.id == b.id, a.zIndex == b.zIndex, a.isHidden == b.isHidden,
      (a.extras.contentRect == nil) == (b.extras.contentRect == nil)
    else { return false }
    let t = tolerance
    let transforms =
      ScrollworkTestSupport.isClose(a.transform.a, b.transform.a, tolerance: t)
      && ScrollworkTestSupport.isClose(a.transform.b, b.transform.b, tolerance: t)
      && ScrollworkTestSupport.isClose(a.transform.c, b.transform.c, tolerance: t)
      && ScrollworkTestSupport.isClose(a.transform.d, b.transform.d, tolerance: t)
      && ScrollworkTestSupport.isClose(a.transform.tx, b.transform.tx, tolerance: t)
      && ScrollworkTestSupport.isClose(a.transform.ty, b.transform.ty, tolerance: t)
    let content: Bool
    if let x = a.extras.contentRect, let y = b.extras.contentRect {
      content = ScrollworkTestSupport.isClose(x, y, tolerance: t)
    } else {
      content = true
    }
    return ScrollworkTestSupport.isClose(a.center, b.center, tolerance: t)
      && ScrollworkTestSupport.isClose(a.size, b.size, tolerance: t)
      && ScrollworkTestSupport.isClose(a.alpha, b.alpha, tolerance: t)
      && ScrollworkTestSupport.isClose(a.extras.overlayAlpha, b.extras.overlayAlpha, tolerance: t) && transforms
      && content
  }

  func checkIdentitiesThatDoNotExist(_ fail: (@autoclosure () -> String) -> Void) {
    let sections = prepared.numberOfSections
    if prepared.numberOfItems(inSection: -1) != 0 { fail("items in section -1") }
    if prepared.numberOfItems(inSection: sections) != 0 { fail("items in section \(sections) (past the end)") }
    // Any state will do: identities that do not exist have no attributes.
    let ids: [ElementID] = [
      .cell(-1, section: 0), .cell(0, section: -1), .cell(0, section: sections),
      .cell(Swift.max(0, sections > 0 ? prepared.numberOfItems(inSection: 0) : 0), section: 0),
      .cell(Int.max, section: 0), .cell(0, section: Int.min),
    ]
    guard let state = anyState else { return }
    for id in ids where prepared.attributes(for: id, at: state) != nil {
      fail("attributes for \(id), which does not exist")
    }
  }

  /// A state to ask identity questions at.
  var anyState: Prepared.State? {
    var rng = SplitMix64(seed: 1)
    return randomState(&rng)
  }

  /// A rectangle around the viewport at `offset`, or anywhere over the
  /// content, or with an edge on an element's edge; some have zero width
  /// or height.
  func randomRect(
    near offset: Point, viewport: Size, content: Size, edges all: [LayoutAttributes], using rng: inout SplitMix64
  ) -> Rect {
    let width = content.width.isFinite ? Swift.max(content.width, viewport.width) : viewport.width
    let height = content.height.isFinite ? Swift.max(content.height, viewport.height) : viewport.height
    var x: Double
    var y: Double
    switch rng.int(in: 0...2) {
    case 0:
      x = offset.x + rng.double(in: -0.5...0.5) * viewport.width
      y = offset.y + rng.double(in: -0.5...0.5) * viewport.height
    case 1:
      x = rng.double(in: -viewport.width...(width + viewport.width))
      y = rng.double(in: -viewport.height...(height + viewport.height))
    default:
      if let a = all.randomElement(using: &rng) {
        let f = a.frame
        x = rng.chance(0.5) ? f.minX : f.maxX
        y = rng.chance(0.5) ? f.minY : f.maxY
      } else {
        x = offset.x
        y = offset.y
      }
    }
    var w = rng.chance(0.1) ? 0 : rng.double(in: 0...(1.5 * viewport.width))
    var h = rng.chance(0.1) ? 0 : rng.double(in: 0...(1.5 * viewport.height))
    if rng.chance(0.2) {
      // End on an element's edge instead.
      if let a = all.randomElement(using: &rng) {
        w = Swift.max(0, (rng.chance(0.5) ? a.frame.minX : a.frame.maxX) - x)
        h = Swift.max(0, (rng.chance(0.5) ? a.frame.minY : a.frame.maxY) - y)
      }
    }
    if !x.isFinite { x = 0 }
    if !y.isFinite { y = 0 }
    return Rect(x: x, y: y, width: w, height: h)
  }
}

extension LayoutChecker where Prepared.State == ScrollState {
  /// A checker for a layout whose state is a plain content offset: offsets
  /// anywhere from a viewport before the content to a viewport past it,
  /// now and then exactly at an edge, or junk (NaN, ±infinity).
  public init(_ prepared: Prepared) {
    self.init(prepared) { rng in LayoutChecker.randomOffset(for: prepared, using: &rng) }
  }

  /// A random plain scroll state for `prepared` (see `init(_:)`).
  public static func randomOffset(for prepared: Prepared, using rng: inout SplitMix64) -> ScrollState {
    let size = prepared.contentSize(at: ScrollState())
    let viewport = prepared.viewport.size
    func coordinate(_ content: Double, _ visible: Double) -> Double {
      let content = content.isFinite ? content : 0
      switch rng.int(in: 0...19) {
      case 0: return [Double.nan, .infinity, -.infinity][rng.int(in: 0...2)]
      case 1: return 0
      case 2: return Swift.max(0, content - visible)
      default: return rng.double(in: (-visible)...(Swift.max(content, visible) + visible))
      }
    }
    return ScrollState(x: coordinate(size.width, viewport.width), y: coordinate(size.height, viewport.height))
  }
}
