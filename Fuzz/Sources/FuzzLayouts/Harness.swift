import FuzzSupport
import LayoutCore

#if canImport(Glibc)
  import Glibc
#endif

/// Every layout's `prepare` and query from random bytes (sizes, counts,
/// configuration, offsets): `prepare` succeeds or throws a `LayoutError`;
/// a prepared layout reports only finite values; the query returns no
/// duplicates, every element whose frame meets the rectangle (brute force
/// over all elements), nothing that neither its frame nor its drawn bounds
/// meet, and the same attributes as the all-elements query.
///
/// `FUZZ_LAYOUTS` (a comma-separated list of carousel, prominent, flow,
/// sticky, pager, mosaic, waterfall, photos, tags; default all) limits the
/// layouts tried. `photos` draws each mode (all, months, columns:N with N
/// in and out of range); `tags` draws a cloud of known sizes, a cloud of
/// estimates some of which are then measured (and maybe resized to another
/// viewport), or a tag table.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLayouts(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  guard let data else { return 0 }
  var input = FuzzInput(UnsafeBufferPointer(start: data, count: size))
  let kinds = loadKinds()
  guard !kinds.isEmpty else { return 0 }
  let kind = kinds[input.int(in: 0...kinds.count - 1)]
  fuzzContext = kind
  let viewport = Viewport(
    size: input.size(typical: 1...1500),
    safeAreaInsets: input.bool() ? .zero : EdgeInsets(top: input.double(typical: 0...50)),
    scale: input.double(typical: 1...3))
  // The pager, the waterfall and tag clouds keep every item (O(n) prepare).
  let items = makeItems(&input, stored: ["pager", "waterfall", "tags"].contains(kind))
  if verbose { report("\(kind): items \(items) viewport \(viewport)") }
  do {
    switch kind {
    case "carousel":
      let presets = CarouselLayout.presets.map(\.layout)
      var layout = presets[input.int(in: 0...presets.count - 1)]
      if input.bool() {
        layout = CarouselLayout(
          itemSize: input.bool() ? nil : input.size(typical: 1...600), spacing: input.double(typical: -50...100),
          effect: makeEffect(&input), snapping: snapping(&input),
          preferredDecelerationRate: input.double(typical: 0.9...0.999))
      }
      try check(layout.prepare(items: items, viewport: viewport), &input)
    case "prominent":
      let layout = ProminentLayout(
        itemSize: input.size(typical: 1...600), lineSpacing: input.double(typical: -50...100),
        minScale: input.double(typical: 0...1), minAlpha: input.double(typical: 0...1), snapping: snapping(&input),
        preferredDecelerationRate: input.double(typical: 0.9...0.999))
      try check(layout.prepare(items: items, viewport: viewport), &input)
    case "flow":
      let layout = FlowLayout(
        axis: input.bool() ? .vertical : .horizontal, lineSpacing: input.double(typical: 0...50),
        interItemSpacing: input.double(typical: 0...50),
        sectionInset: EdgeInsets(
          top: input.double(typical: 0...40), left: input.double(typical: 0...40),
          bottom: input.double(typical: 0...40), right: input.double(typical: 0...40)),
        headerLength: input.double(typical: 0...80), footerLength: input.double(typical: 0...80),
        pinsHeaders: input.bool(), pinsFooters: input.bool(),
        alignment: FlowLayout.Alignment.allCases[input.int(in: 0...FlowLayout.Alignment.allCases.count - 1)])
      try check(layout.prepare(items: items, viewport: viewport), &input)
    case "sticky":
      let cell: StickyHeaderLayout.CellSize =
        switch input.int(in: 0...2) {
        case 0: .items
        case 1: .fullWidth(height: input.double(typical: 0...300))
        default: .fixed(input.size(typical: 0...400))
        }
      let layout = StickyHeaderLayout(
        headerHeight: input.double(typical: 0...1200), menuHeight: input.double(typical: 0...120),
        sectionHeaderHeight: input.double(typical: 0...120), sectionFooterHeight: input.double(typical: 0...120),
        cellSize: cell, lineSpacing: input.double(typical: 0...20), interItemSpacing: input.double(typical: 0...50),
        isHeaderStretchy: input.bool(), isHeaderOverlayEnabled: input.bool(),
        maxHeaderOverlayAlpha: input.double(typical: 0...1), isMenuSticky: input.bool(),
        areSectionHeadersSticky: input.bool(), isCellParallaxEnabled: input.bool(),
        maxCellParallax: input.double(typical: 0...100))
      if verbose { report("sticky: \(layout)") }
      try check(layout.prepare(items: items, viewport: viewport), &input)
    case "mosaic":
      let segments = MosaicLayout.Segment.allCases
      let opening = (0..<input.int(in: 0...3)).map { _ in segments[input.int(in: 0...segments.count - 1)] }
      let cycle = (0..<input.int(in: 0...4)).map { _ in segments[input.int(in: 0...segments.count - 1)] }
      let layout = MosaicLayout(
        segmentHeight: input.double(typical: 1...400), spacing: input.double(typical: 0...20), opening: opening,
        cycle: cycle)
      try check(layout.prepare(items: items, viewport: viewport), &input)
    case "waterfall":
      let stored = items
      var perSection: [Int: Int] = [:]
      for _ in 0..<input.int(in: 0...3) { perSection[input.int(in: -1...4)] = columnCount(&input) }
      let layout = WaterfallLayout(
        columnCount: columnCount(&input), columnSpacing: input.double(typical: 0...30),
        itemSpacing: input.double(typical: 0...30),
        sectionInset: EdgeInsets(
          top: input.double(typical: 0...40), left: input.double(typical: 0...40),
          bottom: input.double(typical: 0...40), right: input.double(typical: 0...40)),
        headerHeight: input.double(typical: 0...80), footerHeight: input.double(typical: 0...80),
        sectionColumnCounts: perSection, direction: input.bool() ? .leftToRight : .rightToLeft)
      if verbose { report("waterfall: \(layout)") }
      try check(layout.prepare(items: stored, viewport: viewport), &input)
    case "photos":
      let mode: PhotoGridLayout.Mode =
        switch input.int(in: 0...2) {
        case 0: .allPhotos
        case 1: .months
        default: .columns(input.byte() % 8 == 0 ? [0, -1, 31, Int.max, Int.min][input.int(in: 0...4)] : input.int(in: 1...30))
        }
      var layout = PhotoGridLayout.photosMonths.with(mode: mode)
      if input.bool() {
        layout = PhotoGridLayout(
          mode: mode, largeHeightFraction: input.double(typical: 0...2), largeInsets: insets(&input),
          smallInsets: insets(&input), headerHeight: input.double(typical: 0...80),
          summaryHeightFraction: input.double(typical: 0...2), summaryInsets: insets(&input),
          summaryCornerRadius: input.double(typical: 0...40), columnSpacing: input.double(typical: 0...20))
      }
      try check(layout.prepare(items: items, viewport: viewport), &input)
    case "tags":
      let stored = items
      let cloud = TagCloudLayout(
        lineSpacing: input.double(typical: 0...20), itemSpacing: input.double(typical: 0...20),
        sectionInset: insets(&input), headerHeight: input.double(typical: 0...60), isRightToLeft: input.bool(),
        paragraphLength: input.byte() % 8 == 0 ? [-1, Int.max, Int.min][input.int(in: 0...2)] : input.int(in: 0...12))
      if verbose { report("tags: \(cloud) items \(stored) viewport \(viewport)") }
      switch input.int(in: 0...2) {
      case 0:
        try check(cloud.prepare(items: stored, viewport: viewport), &input)
      case 1:
        // Estimated sizes, some of them then measured (some measurements
        // are hostile sizes or identities that do not exist).
        var prepared = try cloud.prepare(estimated: stored, viewport: viewport)
        if input.bool() {
          let y = input.double(typical: -100...3000)
          prepared.measure(through: y) { _ in input.bool() ? nil : input.size(typical: 0...500) }
        }
        for _ in 0..<input.int(in: 0...12) {
          let id = ElementID.cell(input.int(in: -1...40), section: input.int(in: -1...4))
          prepared.setMeasuredSize(input.size(typical: 0...500), for: id)
        }
        if input.byte() % 8 == 0 {
          let other = Viewport(size: input.size(typical: 1...1500))
          prepared = try prepared.resized(to: other)
        }
        if prepared.measuredCount < 0 { fuzzFail("negative measured count") }
        try check(prepared, &input)
      default:
        let table = TagTableLayout(
          cloud: cloud, rowSpacing: input.double(typical: 0...20), tableInset: insets(&input))
        let prepared = try table.prepare(items: stored, viewport: viewport)
        try check(prepared, &input)
      }
    default:
      let layout = AlbumPagerLayout(
        spacing: input.double(typical: 0...200), minimumWidth: input.double(typical: 1...100))
      try check(layout.prepare(items: items, viewport: viewport), &input)
    }
  } catch {
    if error.description.isEmpty { fuzzFail("empty error message") }
  }
  return 0
}

nonisolated let allKinds = [
  "carousel", "prominent", "flow", "sticky", "pager", "mosaic", "waterfall", "photos", "tags",
]

nonisolated(unsafe) var cachedKinds: [String]?

nonisolated func loadKinds() -> [String] {
  if let cachedKinds { return cachedKinds }
  var kinds = allKinds
  if let raw = getenv("FUZZ_LAYOUTS") {
    let wanted = String(cString: raw).split(separator: ",").map(String.init)
    kinds = allKinds.filter(wanted.contains)
  }
  cachedKinds = kinds
  return kinds
}

/// `FUZZ_VERBOSE=1` prints each input's items and viewport (and a tag
/// cloud's configuration), to read a finding.
nonisolated(unsafe) let verbose = getenv("FUZZ_VERBOSE").map { String(cString: $0) == "1" } ?? false

/// Writes a line to standard error (unbuffered: seen before a crash).
func report(_ line: String) {
  var text = line + "\n"
  text.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
}

func snapping(_ input: inout FuzzInput) -> CenteredStrip.Snapping {
  CenteredStrip.Snapping.allCases[input.int(in: 0...CenteredStrip.Snapping.allCases.count - 1)]
}

func makeEffect(_ input: inout FuzzInput) -> CenterEffect {
  if input.bool() {
    return CenterEffect(
      tolerance: input.double(typical: 0...0.2), slope: input.double(typical: 0...2),
      minScale: input.double(typical: 0...1), minAlpha: input.double(typical: 0...1))
  }
  let unit: CenterEffect.Unit =
    switch input.int(in: 0...2) {
    case 0: .pitch
    case 1: .halfViewport
    default: .points(input.double(typical: 1...400))
    }
  let shift: CenterEffect.Shift =
    switch input.int(in: 0...2) {
    case 0: .none
    case 1: .compress(fraction: input.double(typical: 0...1), reach: input.double(typical: 0...4))
    default: .stack(peek: input.double(typical: 0...40), depth: input.double(typical: 0...4))
    }
  return CenterEffect(
    unit: unit, plateau: input.double(typical: 0...1), span: input.double(typical: 0...3),
    minScale: input.double(typical: 0...1), minAlpha: input.double(typical: 0...1),
    side: input.bool() ? .both : .trailing, shift: shift, zOrder: input.bool() ? .nearestOnTop : .leadingOnTop)
}

/// Random sections of items. With `stored` (layouts that keep every item,
/// whose `prepare` is O(n)), a count the layout would accept but that is
/// slow to prepare under ASan (100,001 to 10,000,000) is cut to under
/// 2,000; the huge counts it must reject (up to `Int.max`) stay.
func makeItems(_ input: inout FuzzInput, stored: Bool = false) -> LayoutItems {
  var sections: [ItemSizes] = []
  for _ in 0..<input.int(in: 0...4) {
    if input.bool() {
      var count = input.count(typical: 60)
      if stored && count > 100_000 && count <= 10_000_000 { count %= 2000 }
      sections.append(.uniform(input.size(typical: 0...400), count: count))
    } else {
      sections.append(.each((0..<input.int(in: 0...12)).map { _ in input.size(typical: 0...400) }))
    }
  }
  return LayoutItems(sections: sections)
}

/// A column count: usually 1 to 6, sometimes out of range.
func columnCount(_ input: inout FuzzInput) -> Int {
  input.byte() % 8 == 0 ? [0, -1, 1025, 1024, Int.max, Int.min][input.int(in: 0...5)] : input.int(in: 1...6)
}

func insets(_ input: inout FuzzInput) -> EdgeInsets {
  EdgeInsets(
    top: input.double(typical: 0...20), left: input.double(typical: 0...40), bottom: input.double(typical: 0...20),
    right: input.double(typical: 0...40))
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
