import FuzzSupport
import LayoutCore
import LayoutHost
import ScrollworkTestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Every layout of `RandomLayouts` (the registry: adding a layout there
/// adds it here), its configuration drawn by the catalog's own generator
/// from a seed in the bytes, in hostile mode three inputs in four (NaN,
/// ±∞, huge, negative values; counts up to `Int.max`; the whole
/// configuration space): the host's `prepare` succeeds or refuses with an
/// error (never an empty message); a prepared layout reports only finite
/// values; the query returns no duplicates, every element whose frame meets
/// the rectangle (brute force over all elements), nothing that neither its
/// frame nor its drawn bounds meet, and the same attributes as the
/// all-elements query. A layout that takes measured sizes is then measured
/// (partly, with hostile sizes and identities that do not exist), maybe
/// resized to another viewport, and checked again.
///
/// `FUZZ_LAYOUTS` (a comma-separated list of catalog names: album, flow,
/// photos, carousel, prominent, sticky, mosaic, waterfall, tags, tag-table;
/// default all) limits the layouts tried.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLayouts(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  guard let data else { return 0 }
  var input = FuzzInput(UnsafeBufferPointer(start: data, count: size))
  let layouts = loadLayouts()
  guard !layouts.isEmpty else { return 0 }
  let layout = layouts[input.int(in: 0...layouts.count - 1)]
  fuzzContext = layout.name
  var random = SplitMix64(seed: input.u64(), hostile: input.byte() % 4 != 0)
  let drawn = layout.random(&random)
  if verbose { report("\(layout.name): \(drawn), counts \(drawn.counts), bounds \(drawn.bounds)") }
  var host = drawn.host
  do throws(HostError) {
    try host.prepare(bounds: drawn.bounds, counts: drawn.counts)
  } catch {
    if error.description.isEmpty { fuzzFail("empty error message") }
    return 0
  }
  guard let prepared = host.erasedLayout else { fuzzFail("a prepared host has no layout") }
  check(prepared, &input)
  if var sizing = prepared.base as? any SelfSizingLayout {
    measure(&sizing, &input)
  }
  return 0
}

/// Measures some of `layout`'s elements (hostile sizes, identities that do
/// not exist), maybe resizes it, and checks it again.
func measure<S: SelfSizingLayout>(_ layout: inout S, _ input: inout FuzzInput) {
  if input.bool() {
    // Everything unmeasured down to y, each given a size or left alone.
    let y = input.double(typical: -100...3000)
    var ids: [ElementID] = []
    layout.forEachUnmeasured(in: Rect(x: -1e9, y: -1e9, width: 2e9, height: 1e9 + (y.isFinite ? y : 0))) {
      if ids.count < 2000 { ids.append($0) }
    }
    for id in ids where !input.bool() { layout.setMeasuredSize(input.size(typical: 0...500), for: id) }
  }
  for _ in 0..<input.int(in: 0...12) {
    let id = ElementID.cell(input.int(in: -1...40), section: input.int(in: -1...4))
    layout.setMeasuredSize(input.size(typical: 0...500), for: id)
  }
  if input.byte() % 8 == 0 {
    do throws(LayoutError) {
      layout = try layout.resized(to: Viewport(size: input.size(typical: 1...1500)))
    } catch {
      if error.description.isEmpty { fuzzFail("empty error message") }
      return
    }
  }
  if let cloud = layout as? PreparedTagCloudLayout, cloud.measuredCount < 0 { fuzzFail("negative measured count") }
  check(layout, &input)
}

nonisolated(unsafe) var cachedLayouts: [RandomLayout]?

/// The catalog's layouts, narrowed by `FUZZ_LAYOUTS`.
nonisolated func loadLayouts() -> [RandomLayout] {
  if let cachedLayouts { return cachedLayouts }
  var layouts = RandomLayouts.all
  if let raw = getenv("FUZZ_LAYOUTS"), raw.pointee != 0 {
    let wanted = String(cString: raw).split(separator: ",").map(String.init)
    layouts = layouts.filter { wanted.contains($0.name) }
  }
  cachedLayouts = layouts
  return layouts
}

/// `FUZZ_VERBOSE=1` prints each input's items and viewport (and a tag
/// cloud's configuration), to read a finding.
let verbose = getenv("FUZZ_VERBOSE").map { String(cString: $0) == "1" } ?? false

/// Writes a line to standard error (unbuffered: seen before a crash).
func report(_ line: String) {
  var text = line + "\n"
  text.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
}

/// Whether two values agree to a relative 1e-9 (`attributes(for:)` and the
/// query may reach a frame through different arithmetic).
func close(_ x: Double, _ y: Double) -> Bool {
  x == y || abs(x - y) <= 1e-9 * max(1, abs(x), abs(y))
}

func close(_ a: LayoutAttributes, _ b: LayoutAttributes) -> Bool {
  let t = (a.transform, b.transform)
  return a.id == b.id && a.zIndex == b.zIndex && close(a.center.x, b.center.x) && close(a.center.y, b.center.y)
    && close(a.size.width, b.size.width) && close(a.size.height, b.size.height) && close(a.alpha, b.alpha)
    && close(t.0.a, t.1.a) && close(t.0.b, t.1.b) && close(t.0.c, t.1.c) && close(t.0.d, t.1.d)
    && close(t.0.tx, t.1.tx) && close(t.0.ty, t.1.ty)
}

func finite(_ a: LayoutAttributes) -> Bool {
  a.center.isFinite && a.size.isFinite && a.transform.isFinite && a.alpha.isFinite
}

/// The checks every prepared layout passes.
func check<P: PreparedLayout>(_ p: P, _ input: inout FuzzInput) where P.State == ScrollState {
  var total = 0
  for s in 0..<p.numberOfSections {
    let (sum, overflow) = total.addingReportingOverflow(p.numberOfItems(inSection: s))
    total = overflow ? Int.max : sum
  }
  // Range queries return every element they meet: only bounded for a
  // bounded count (the huge counts test `prepare` and the O(1) queries).
  let queries = total <= 100_000
  for _ in 0..<3 {
    let state = ScrollState(contentOffset: input.point(typical: -2000...20000))
    let size = p.contentSize(at: state)
    let inset = p.contentInset(at: state)
    if !size.isFinite || !inset.isFinite { fuzzFail("non-finite content size \(size) or inset \(inset)") }
    let rect = Rect(origin: input.point(typical: -2000...20000), size: input.size(typical: 0...3000))
    for section in 0..<min(p.numberOfSections, 3) {
      let id = ElementID.cell(input.int(in: -1...3), section: section)
      if let a = p.attributes(for: id, at: state), !finite(a) { fuzzFail("non-finite attributes for \(id)") }
    }
    guard queries else { continue }
    var found: [LayoutAttributes] = []
    p.attributes(in: rect, at: state, into: &found)
    for a in found where !finite(a) { fuzzFail("non-finite attributes \(a)") }
    if Set(found.map(\.id)).count != found.count { fuzzFail("duplicate elements in a query") }
    // `attributes(for:)` gives what the query gave, for every element found.
    for a in found.prefix(200) {
      guard let b = p.attributes(for: a.id, at: state) else {
        fuzzFail("query returns \(a.id), attributes(for:) gives nil")
      }
      if !close(a, b) { fuzzFail("attributes(for: \(a.id)) \(b) differs from the query's \(a)") }
    }
    let target = p.targetContentOffset(
      proposed: input.point(typical: -2000...20000), velocity: input.point(typical: -5000...5000), at: state)
    if !target.isFinite { fuzzFail("non-finite target \(target)") }
    // Brute force only when it is cheap and the rectangle and state are
    // ordinary. Rectangles of zero extent (width 0, or so thin that
    // maxX == minX) are included: they meet what `Rect.intersects` says.
    guard total <= 5000, rect.isFinite, state.contentOffset.isFinite,
      abs(rect.minX) < 1e12, abs(rect.minY) < 1e12, rect.width < 1e12, rect.height < 1e12
    else { continue }
    let all = p.allAttributes(at: state)
    for a in all where !finite(a) { fuzzFail("non-finite attributes \(a)") }
    var byID: [ElementID: LayoutAttributes] = [:]
    for a in all { byID[a.id] = a }
    let foundIDs = Set(found.map(\.id))
    for a in all where a.frame.intersects(rect) && !foundIDs.contains(a.id) {
      fuzzFail("query misses \(a.id) (frame \(a.frame)) in \(rect)")
    }
    for a in found {
      guard let b = byID[a.id] else { fuzzFail("query returns \(a.id), absent from all elements") }
      if a != b { fuzzFail("query and all-elements disagree on \(a.id)") }
      if !a.frame.intersects(rect) && !a.transformedFrame.intersects(rect) {
        fuzzFail("query returns \(a.id) whose frame \(a.frame) is outside \(rect)")
      }
    }
  }
}
