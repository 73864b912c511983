@testable import LayoutCore
import ScrollworkTestSupport
import Testing

/// Measured sizes in the flow and sticky layouts move what follows them
/// through trees of shifts (`ExtentTree`, `SectionExtents`) instead of
/// rewriting it: random sequences of measurements on layouts of several
/// sections (stored and uniform, with headers and footers, pinned, both
/// axes, every alignment) give the frames a fresh prepare of the same
/// sizes gives, the queries stay exact, anchors hold, and nothing after
/// the re-broken lines is rewritten.
@Suite struct FlowMeasurementTreeTests {
  /// With `integral`, every spacing and inset is an integer: their sums
  /// are exact, so the comparison with a fresh prepare is too.
  static func randomFlow(_ rng: inout SplitMix64, integral: Bool) -> FlowLayout {
    func value(_ range: ClosedRange<Double>) -> Double {
      let v = rng.double(in: range)
      return integral ? v.rounded() : v
    }
    return FlowLayout(
      axis: rng.chance(0.5) ? .vertical : .horizontal, lineSpacing: value(0...12), interItemSpacing: value(0...12),
      sectionInset: EdgeInsets(top: value(0...20), left: value(0...20), bottom: value(0...20), right: value(0...20)),
      headerLength: rng.chance(0.5) ? value(10...40) : 0, footerLength: rng.chance(0.4) ? value(10...40) : 0,
      pinsHeaders: rng.chance(0.5), pinsFooters: rng.chance(0.3), alignment: rng.pick(FlowLayout.Alignment.allCases))
  }

  /// A section: stored sizes, or `nil` for a uniform section of `count`.
  struct Section {
    var sizes: [Size]
    var uniform: Size?
    var items: ItemSizes { uniform.map { .uniform($0, count: sizes.count) } ?? .each(sizes) }
  }

  static func randomSize(_ rng: inout SplitMix64, integral: Bool) -> Size {
    let size = Size(width: rng.double(in: 0...260), height: rng.double(in: 0...160))
    return integral ? Size(width: size.width.rounded(), height: size.height.rounded()) : size
  }

  static func randomSections(_ rng: inout SplitMix64, integral: Bool) -> [Section] {
    (0..<rng.int(in: 1...6)).map { _ in
      let count = rng.int(in: 0...90)
      if rng.chance(0.25) {
        let size = randomSize(&rng, integral: integral)
        return Section(sizes: Array(repeating: size, count: count), uniform: size)
      }
      return Section(sizes: (0..<count).map { _ in randomSize(&rng, integral: integral) }, uniform: nil)
    }
  }

  /// Every element of `a` equals `b`'s to a relative 1e-9, sorted by
  /// identity, and the content sizes agree.
  static func expectSame<A: PreparedLayout, B: PreparedLayout>(
    _ a: A, _ b: B, at state: ScrollState, exact: Bool, _ message: @autoclosure () -> String
  ) where A.State == ScrollState, B.State == ScrollState {
    let x = a.allAttributes(at: state).sortedByID
    let y = b.allAttributes(at: state).sortedByID
    #expect(x.count == y.count, "\(message())")
    for (p, q) in zip(x, y) {
      let same = exact ? p.frame == q.frame : isClose(p.frame, q.frame, tolerance: 1e-9)
      #expect(p.id == q.id && same, "\(message()): \(p) vs \(q)")
    }
    #expect(isClose(a.contentSize(at: state), b.contentSize(at: state), tolerance: 1e-9), "\(message())")
  }

  /// Random measurements (some cells measured again and again, sizes
  /// growing and shrinking along and across the lines, to nothing too)
  /// without an anchor: after each batch the flow equals a fresh prepare
  /// of the same sizes, exactly when every input is an integer; its query
  /// matches brute force and its invariants hold.
  @Test func flowMeasurementsEqualAFreshPrepare() throws {
    for index in 0..<120 {
      let seed = propertySeed(index, base: 0xF7EE)
      var rng = SplitMix64(seed: seed)
      let integral = rng.chance(0.6)
      let layout = Self.randomFlow(&rng, integral: integral)
      var sections = Self.randomSections(&rng, integral: integral)
      let viewport = Viewport(
        width: rng.double(in: 200...500).rounded(), height: rng.double(in: 200...800).rounded())
      var flow = try layout.prepare(items: LayoutItems(sections: sections.map(\.items)), viewport: viewport)
      let stored = sections.indices.filter { sections[$0].uniform == nil && !sections[$0].sizes.isEmpty }
      guard !stored.isEmpty else { continue }
      for batch in 0..<12 {
        for _ in 0..<rng.int(in: 1...25) {
          let s = rng.pick(stored)
          let item = rng.int(in: 0...(sections[s].sizes.count - 1))
          let size = Self.randomSize(&rng, integral: integral)
          let accepted1 = flow.setMeasuredSize(size, for: .cell(item, section: s))
          #expect(accepted1, "seed \(seed)")
          sections[s].sizes[item] = size
        }
        let fresh = try layout.prepare(items: LayoutItems(sections: sections.map(\.items)), viewport: viewport)
        let offset = Point(x: rng.double(in: 0...3000), y: rng.double(in: 0...3000))
        Self.expectSame(
          flow, fresh, at: ScrollState(contentOffset: offset), exact: integral, "seed \(seed) batch \(batch)")
        let failures = LayoutChecker(flow).failures(using: &rng)
        #expect(failures.isEmpty, "seed \(seed) batch \(batch): \(failures)")
      }
    }
  }

  /// Estimated flows (every cell stored) measured in a random order with
  /// the anchors a scroller passes (a cell on a later line of the same
  /// section): everything from the anchor's line on, and every later
  /// section, moves by one shift along the scroll axis and not across;
  /// the query stays exact.
  @Test func flowAnchorsHoldUnderRandomMeasurements() throws {
    for index in 0..<60 {
      let seed = propertySeed(index, base: 0xA9C4)
      var rng = SplitMix64(seed: seed)
      var layout = Self.randomFlow(&rng, integral: false)
      layout.pinsHeaders = false
      layout.pinsFooters = false
      let counts = (0..<rng.int(in: 1...4)).map { _ in rng.int(in: 3...80) }
      let viewport = Viewport(width: rng.double(in: 200...500), height: rng.double(in: 200...800))
      var flow = try layout.prepare(
        estimated: LayoutItems(sections: counts.map { .uniform(Size(width: 80, height: 30), count: $0) }),
        viewport: viewport)
      for step in 0..<60 {
        let s = rng.int(in: 0...(counts.count - 1))
        let anchorItem = rng.int(in: 1...(counts[s] - 1))
        let item = rng.int(in: 0...(anchorItem - 1))
        let anchor = ElementID.cell(anchorItem, section: s)
        let before = flow.allAttributes(at: ScrollState())
        let anchorBefore = try #require(flow.attributes(for: anchor, at: ScrollState())).frame
        // Only an anchor on a later line holds its line.
        let first = flow.sectionStarts[s]
        let laterLine = flow.cells[first + item].line < flow.cells[first + anchorItem].line
        let size = Self.randomSize(&rng, integral: false)
        let accepted2 = flow.setMeasuredSize(size, for: .cell(item, section: s), keepingLinesFrom: anchor)
        #expect(accepted2)
        #expect(flow.isMeasured(.cell(item, section: s)))
        guard laterLine else { continue }
        try EstimatedLayoutTests.expectMovedWithTheAnchor(
          flow, before: before, anchor: anchor, anchorBefore: anchorBefore, tolerance: 1e-9,
          "seed \(seed) step \(step)")
        if step % 10 == 9 {
          let failures = LayoutChecker(flow).failures(using: &rng)
          #expect(failures.isEmpty, "seed \(seed) step \(step): \(failures)")
        }
      }
    }
  }

  /// A measurement rewrites only the lines it re-breaks: every stored cell
  /// and line after them keeps its stored values (they move through the
  /// shifts alone), for a cell early in a section of a thousand.
  @Test func aMeasurementRewritesOnlyTheLinesItBreaksAgain() throws {
    var flow = try FlowLayout(lineSpacing: 4, interItemSpacing: 4).prepare(
      estimated: LayoutItems(sections: [
        .uniform(Size(width: 80, height: 30), count: 1000), .uniform(Size(width: 80, height: 30), count: 500),
      ]), viewport: Viewport(width: 390, height: 844))
    let cells = flow.cells
    let lines = flow.lines
    // Taller, same width: one line changes length; the rest move.
    let accepted3 = flow.setMeasuredSize(Size(width: 80, height: 50), for: .cell(10))
    #expect(accepted3)
    let line = cells[10].line
    let next = (line..<cells.count).first { $0 > line && cells[$0].line == $0 }!
    #expect(Array(flow.cells[next...]) == Array(cells[next...]))
    #expect(Array(flow.lines[next...]) == Array(lines[next...]))
    // Four cells to a 34-pt pitch, the 999th's line 20 pt lower.
    #expect(flow.attributes(for: .cell(999), at: ScrollState())!.frame.minY == Double(999 / 4) * 34 + 20)
    // Wider: the lines re-break until one realigns, within the section.
    let before = flow.cells
    let accepted4 = flow.setMeasuredSize(Size(width: 200, height: 50), for: .cell(20))
    #expect(accepted4)
    #expect(Array(flow.cells[1000...]) == Array(before[1000...]))
    #expect(flow.sections[1].start == flow.sections[0].end)
  }

  /// A wider cell among estimates of one width (whose breaks never
  /// realign) breaks again only the lines up to the next line of
  /// estimates: the line before it ends short, and every later line keeps
  /// its cells, moved along the scroll axis only. Without the stop at
  /// estimates the rest of the section (100,000 cells) was broken again.
  @Test func aWiderCellStopsAtTheNextLineOfEstimates() throws {
    var flow = try FlowLayout(lineSpacing: 4, interItemSpacing: 4).prepare(
      estimated: LayoutItems(count: 100_000, size: Size(width: 80, height: 30)),
      viewport: Viewport(width: 390, height: 844))
    let before = flow.cells
    // Four 80-pt cells to a 390-pt line; with cell 21 at 200 pt, line 20
    // holds cells 20 to 22, and cell 23 gets a short line of its own before
    // the estimates of line 24.
    let accepted = flow.setMeasuredSize(Size(width: 200, height: 30), for: .cell(21))
    #expect(accepted)
    #expect(flow.cells[22].line == 20 && flow.cells[23].line == 23)
    #expect(Array(flow.cells[24...]).map(\.line) == Array(before[24...]).map(\.line))
    #expect(Array(flow.cells[24...]).map(\.crossStart) == Array(before[24...]).map(\.crossStart))
    // One line more before them: every later cell moves down one pitch.
    let far = try #require(flow.attributes(for: .cell(99_999), at: ScrollState())).frame
    #expect(far.minY == Double(99_999 / 4) * 34 + 34)
    // Measuring the next cell (narrower) breaks the short line again: it
    // fills up to the next line of estimates, which stays.
    let next = flow.setMeasuredSize(Size(width: 60, height: 30), for: .cell(24))
    #expect(next)
    #expect((24...26).allSatisfy { flow.cells[$0].line == 23 } && flow.cells[27].line == 27)
    #expect(flow.cells[28].line == 28)
  }

  /// Measuring the cells of an estimated flow in a random order, with or
  /// without anchors: after every measurement each line fits, and each
  /// line ends where it must (the next cell would not fit) or before a
  /// cell that still has its estimate or an anchor's line start; once
  /// every cell is measured without anchors, the lines are a fresh
  /// prepare's.
  @Test func linesOfEstimatesKeepTheirBreaksUntilMeasured() throws {
    for index in 0..<80 {
      let seed = propertySeed(index, base: 0xE57_1A7E)
      var rng = SplitMix64(seed: seed)
      var layout = Self.randomFlow(&rng, integral: rng.chance(0.5))
      layout.axis = .vertical
      let viewport = Viewport(width: rng.double(in: 200...500), height: rng.double(in: 200...800))
      let counts = (0..<rng.int(in: 1...3)).map { _ in rng.int(in: 0...150) }
      let estimate = Size(width: rng.double(in: 20...120), height: rng.double(in: 20...80))
      var flow = try layout.prepare(
        estimated: LayoutItems(sections: counts.map { .uniform(estimate, count: $0) }), viewport: viewport)
      var ids = counts.enumerated().flatMap { s, n in (0..<n).map { ElementID.cell($0, section: s) } }
      ids.shuffle(using: &rng)
      let anchored = rng.chance(0.5)
      var anchorLines = Set<Int>()
      var truth = counts.map { Array(repeating: estimate, count: $0) }
      for id in ids {
        let size = Size(width: rng.double(in: 5...260), height: rng.double(in: 5...160))
        let anchor: ElementID? = anchored ? .cell(rng.int(in: 0...(counts[id.section] - 1)), section: id.section) : nil
        if let anchor, let a = flow.storedIndex(anchor) { anchorLines.insert(flow.cells[a].line) }
        let accepted = flow.setMeasuredSize(size, for: id, keepingLinesFrom: anchor)
        #expect(accepted, "seed \(seed)")
        truth[id.section][id.item] = size
        // Every line fits; a line ends because the next cell does not fit,
        // or before a cell with its estimate, or before an anchor's line.
        let room = flow.room
        let gap = layout.interItemSpacing
        for s in 0..<counts.count where counts[s] > 0 {
          let first = flow.sectionStarts[s]
          let end = flow.sectionStarts[s + 1]
          var k = first
          while k < end {
            var used = flow.cells[k].size.width
            var j = k + 1
            while j < end && flow.cells[j].line == k {
              used += gap + flow.cells[j].size.width
              j += 1
            }
            #expect(j == k + 1 || used <= room + 1e-9, "seed \(seed): line \(k) overflows")
            if j < end {
              let fits = used + gap + flow.cells[j].size.width <= room
              #expect(
                !fits || !flow.measured[j] || anchorLines.contains(j),
                "seed \(seed): line \(k) ends short before measured cell \(j)")
            }
            k = j
          }
        }
      }
      guard !anchored else { continue }
      let fresh = try layout.prepare(items: LayoutItems(sections: truth.map { .each($0) }), viewport: viewport)
      Self.expectSame(flow, fresh, at: ScrollState(), exact: false, "seed \(seed)")
    }
  }

  /// Refused measurements change nothing: bad sizes, identities that are
  /// not stored cells, and a size that would make the content too long
  /// (the update is measured before anything is written).
  @Test func refusedMeasurementsChangeNothing() throws {
    var rng = SplitMix64(seed: propertySeed(0, base: 0xBAD5))
    for _ in 0..<20 {
      let layout = Self.randomFlow(&rng, integral: false)
      let sections = Self.randomSections(&rng, integral: false)
      var flow = try layout.prepare(
        items: LayoutItems(sections: sections.map(\.items)), viewport: Viewport(width: 390, height: 844))
      // Some accepted measurements first, so that the trees hold shifts.
      for s in sections.indices where sections[s].uniform == nil && !sections[s].sizes.isEmpty {
        for _ in 0..<5 {
          let item = rng.int(in: 0...(sections[s].sizes.count - 1))
          flow.setMeasuredSize(Self.randomSize(&rng, integral: false), for: .cell(item, section: s))
        }
      }
      let before = flow.allAttributes(at: ScrollState())
      let length = flow.contentLength
      let max = LayoutLimits.maximumExtent
      let bad = [
        Size(width: .nan, height: 1), Size(width: 1, height: .infinity), Size(width: -1, height: 1),
        Size(width: 1, height: -0.5), Size(width: max * 2, height: 1), Size(width: 1, height: max * 2),
      ]
      for s in sections.indices {
        for size in bad {
          let accepted5 = flow.setMeasuredSize(size, for: .cell(0, section: s))
          #expect(!accepted5)
        }
        let accepted6 = flow.setMeasuredSize(Size(width: 1, height: 1), for: .cell(sections[s].sizes.count, section: s))
        #expect(!accepted6)
        let accepted7 = flow.setMeasuredSize(Size(width: 1, height: 1), for: .cell(-1, section: s))
        #expect(!accepted7)
        let accepted8 = flow.setMeasuredSize(
          Size(width: 1, height: 1), for: ElementID(kind: .header, section: s, item: 0))
        #expect(!accepted8)
        if sections[s].uniform != nil && !sections[s].sizes.isEmpty {
          let accepted9 = flow.setMeasuredSize(Size(width: 1, height: 1), for: .cell(0, section: s))
          #expect(!accepted9)
        }
        // Too long: two cells, each on a line of its own (as wide as the
        // room) and 0.6 times the limit long; on a copy (sums of shifts that
        // large keep only hundredths of a point).
        if sections[s].uniform == nil && sections[s].sizes.count >= 2 {
          var probe = flow
          let huge = Size(axis: layout.axis, main: max * 0.6, cross: max)
          let last = ElementID.cell(sections[s].sizes.count - 1, section: s)
          let accepted10 = probe.setMeasuredSize(huge, for: last)
          #expect(accepted10)
          let held = probe.allAttributes(at: ScrollState())
          let heldLength = probe.contentLength
          let accepted11 = probe.setMeasuredSize(huge, for: .cell(0, section: s))
          #expect(!accepted11)
          #expect(probe.allAttributes(at: ScrollState()) == held && probe.contentLength == heldLength)
          #expect(probe.invariantViolations().isEmpty)
        }
      }
      let accepted13 = flow.setMeasuredSize(Size(width: 1, height: 1), for: .cell(0, section: sections.count))
      #expect(!accepted13)
      let after = flow.allAttributes(at: ScrollState())
      #expect(after.count == before.count)
      for (a, b) in zip(after, before) { #expect(a.id == b.id && isClose(a.frame, b.frame, tolerance: 1e-9)) }
      #expect(isClose(flow.contentLength, length, tolerance: 1e-9))
      #expect(flow.invariantViolations().isEmpty)
    }
  }

  /// Sticky lists of varying and uniform sections: random measured heights
  /// (growing, shrinking, to nothing) give a fresh prepare's frames,
  /// exactly for integer inputs; the query stays exact.
  @Test func stickyMeasurementsEqualAFreshPrepare() throws {
    for index in 0..<100 {
      let seed = propertySeed(index, base: 0x571D)
      var rng = SplitMix64(seed: seed)
      let integral = rng.chance(0.6)
      let layout = RandomLayouts.stickyLayout(&rng, cellSize: .items, integral: integral)
      var sections = Self.randomSections(&rng, integral: integral)
      let viewport = Viewport(width: rng.double(in: 200...500).rounded(), height: rng.double(in: 200...800).rounded())
      var list = try layout.prepare(items: LayoutItems(sections: sections.map(\.items)), viewport: viewport)
      let stored = sections.indices.filter { sections[$0].uniform == nil && !sections[$0].sizes.isEmpty }
      guard !stored.isEmpty else { continue }
      for batch in 0..<10 {
        for _ in 0..<rng.int(in: 1...30) {
          let s = rng.pick(stored)
          let item = rng.int(in: 0...(sections[s].sizes.count - 1))
          let size = Self.randomSize(&rng, integral: integral)
          let accepted14 = list.setMeasuredSize(size, for: .cell(item, section: s))
          #expect(accepted14, "seed \(seed)")
          sections[s].sizes[item] = size
        }
        let fresh = try layout.prepare(items: LayoutItems(sections: sections.map(\.items)), viewport: viewport)
        let offset = Point(x: 0, y: rng.double(in: -100...4000))
        Self.expectSame(
          list, fresh, at: ScrollState(contentOffset: offset), exact: integral, "seed \(seed) batch \(batch)")
        let failures = LayoutChecker(list).failures(using: &rng)
        #expect(failures.isEmpty, "seed \(seed) batch \(batch): \(failures)")
      }
      // Refused: bad sizes and a height past the limit change nothing.
      let before = list.allAttributes(at: ScrollState())
      let s = stored[0]
      for size in [Size(width: 1, height: .nan), Size(width: 1, height: -1), Size(width: 1, height: 1e300)] {
        let accepted15 = list.setMeasuredSize(size, for: .cell(0, section: s))
        #expect(!accepted15)
      }
      let huge = Size(width: 1, height: LayoutLimits.maximumExtent * 0.6)
      if sections[s].sizes.count >= 2 {
        // On a copy: sums of shifts that large keep only hundredths of a point.
        var probe = list
        let accepted16 = probe.setMeasuredSize(huge, for: .cell(0, section: s))
        #expect(accepted16, "seed \(seed)")
        let held = probe.allAttributes(at: ScrollState())
        let accepted17 = probe.setMeasuredSize(huge, for: .cell(sections[s].sizes.count - 1, section: s))
        #expect(!accepted17, "seed \(seed)")
        #expect(probe.allAttributes(at: ScrollState()) == held)
        #expect(probe.invariantViolations().isEmpty)
      }
      let after = list.allAttributes(at: ScrollState())
      #expect(after.count == before.count, "seed \(seed)")
      for (a, b) in zip(after, before) {
        #expect(a.id == b.id && isClose(a.frame, b.frame, tolerance: 1e-9), "seed \(seed): \(a) vs \(b)")
      }
    }
  }

  /// `SectionExtents` under random item-length changes: every section's
  /// extents equal the ones rebuilt from scratch (to 1e-9), and the search
  /// still finds every section that meets an interval.
  @Test func sectionExtentsFollowTheirChanges() {
    for trial in 0..<300 {
      let seed = propertySeed(trial, base: 0x5EC8)
      var rng = SplitMix64(seed: seed)
      let origin = rng.double(in: 0...300)
      var parts: [(header: Double, items: Double, footer: Double)] = (0..<rng.int(in: 1...60)).map { _ in
        (
          rng.chance(0.3) ? 0 : rng.double(in: 0...50), rng.double(in: 0...500),
          rng.chance(0.3) ? 0 : rng.double(in: 0...50)
        )
      }
      func build() -> [SectionExtent] {
        var cursor = origin
        return parts.map { part in
          let start = cursor
          let itemsStart = start + part.header
          let itemsEnd = itemsStart + part.items
          cursor = itemsEnd + part.footer
          return SectionExtent(start: start, itemsStart: itemsStart, itemsEnd: itemsEnd, end: cursor)
        }
      }
      var sections = SectionExtents()
      let original = build()
      for extent in original { sections.append(extent) }
      #expect(sections.extents == original, "seed \(seed): exact before any change")
      for _ in 0..<rng.int(in: 1...40) {
        let s = rng.int(in: 0...(parts.count - 1))
        let length = rng.chance(0.1) ? 0 : rng.double(in: 0...500)
        sections.resizeItems(of: s, by: length - parts[s].items)
        parts[s].items = length
      }
      // Refused: out of range and non-finite changes.
      sections.resizeItems(of: parts.count, by: 10)
      sections.resizeItems(of: -1, by: 10)
      sections.resizeItems(of: 0, by: .nan)
      sections.resizeItems(of: 0, by: .infinity)
      let expected = build()
      #expect(sections.count == expected.count)
      for (s, (a, b)) in zip(sections.extents, expected).enumerated() {
        #expect(
          isClose(a.start, b.start) && isClose(a.itemsStart, b.itemsStart) && isClose(a.itemsEnd, b.itemsEnd)
            && isClose(a.end, b.end), "seed \(seed) section \(s): \(a) vs \(b)")
        #expect(isClose(original[s].start + sections.shift(of: s), a.start), "seed \(seed) section \(s)")
      }
      #expect(isClose(sections.end, expected.last!.end), "seed \(seed)")
      let total = expected.last!.end
      for _ in 0..<20 {
        let lo = rng.double(in: -100...(total + 100))
        let hi = rng.chance(0.2) ? lo : lo + rng.double(in: 0...800)
        let met = sections.sections(meeting: lo, hi)
        for (s, e) in expected.enumerated() where e.start < hi && lo < e.end || (lo == hi && e.start < lo && lo < e.end)
        {
          #expect(met.contains(s), "seed \(seed): section \(s) \(e) meets (\(lo), \(hi)) but \(met)")
        }
      }
      #expect(sections.sections(meeting: 10, 5).isEmpty && sections.sections(meeting: .nan, 5).isEmpty)
      // A section appended after changes lands where it is said to.
      let next = SectionExtent(start: total, itemsStart: total + 5, itemsEnd: total + 50, end: total + 60)
      sections.append(next)
      #expect(isClose(sections[sections.count - 1].start, next.start) && isClose(sections.end, next.end))
    }
  }

  /// `ExtentTree.lastPrefix(where:)` finds the last prefix a monotone
  /// predicate accepts, with negative extents too, as a linear scan does.
  @Test func lastPrefixMatchesALinearScan() {
    for trial in 0..<400 {
      var rng = SplitMix64(seed: propertySeed(trial, base: 0x1A57))
      let count = rng.int(in: 0...300)
      let base = (0..<count).map { _ in rng.double(in: 0...100).rounded() }
      // Positions as a base plus changes that keep them ascending.
      var changes = [Double](repeating: 0, count: count)
      var tree = ExtentTree(changes)
      for _ in 0..<rng.int(in: 0...30) where count > 0 {
        let i = rng.int(in: 0...(count - 1))
        let change = rng.double(in: -20...40).rounded()
        changes[i] += change
        tree.set(i, to: changes[i])
      }
      var ends: [Double] = []
      var cursor = 0.0
      for i in 0..<count {
        cursor += Swift.max(0, base[i])
        ends.append(cursor)
      }
      // Ends as base ends plus the changes up to and including their own.
      let moved = (0..<count).map { i in ends[i] + changes[0...i].reduce(0, +) }
      guard zip(moved, moved.dropFirst()).allSatisfy({ $0 <= $1 }) else { continue }
      let probe = rng.double(in: -50...(cursor + 500)).rounded()
      let found = tree.lastPrefix { p, sum in ends[p - 1] + sum <= probe }
      let expected = moved.firstIndex { $0 > probe } ?? count
      #expect(found == expected, "trial \(trial)")
    }
  }
  /// The flow's and the sticky list's anchors (a walk that stops at the
  /// first measured cell) are the general rule's answer: the first element
  /// in identity order with its real size, else the first, pinned ones
  /// passed over.
  @Test func anchorsAreTheGeneralRulesAnswer() throws {
    for index in 0..<40 {
      let seed = propertySeed(index, base: 0xA7C0)
      var rng = SplitMix64(seed: seed)
      let layout = Self.randomFlow(&rng, integral: false)
      let counts = (0..<rng.int(in: 1...4)).map { _ in rng.int(in: 0...60) }
      let viewport = Viewport(width: rng.double(in: 200...500), height: rng.double(in: 200...800))
      var flow = try layout.prepare(
        estimated: LayoutItems(sections: counts.map { .uniform(Size(width: 80, height: 30), count: $0) }),
        viewport: viewport)
      var list = try StickyHeaderLayout(
        headerHeight: rng.chance(0.5) ? 100 : 0, menuHeight: rng.chance(0.5) ? 30 : 0,
        sectionHeaderHeight: rng.chance(0.7) ? 30 : 0, sectionFooterHeight: rng.chance(0.5) ? 20 : 0,
        cellSize: .items, areSectionHeadersSticky: rng.chance(0.5)
      ).prepare(
        estimated: LayoutItems(sections: counts.map { .uniform(Size(width: 300, height: 44), count: $0) }),
        viewport: viewport)
      for _ in 0..<30 {
        let s = rng.int(in: 0...(counts.count - 1))
        guard counts[s] > 0 else { continue }
        let item = rng.int(in: 0...(counts[s] - 1))
        flow.setMeasuredSize(Self.randomSize(&rng, integral: false), for: .cell(item, section: s))
        list.setMeasuredSize(Self.randomSize(&rng, integral: false), for: .cell(item, section: s))
        for _ in 0..<4 {
          let length = flow.contentSize(at: ScrollState())
          let rect = Rect(
            x: rng.double(in: -50...(length.width + 50)), y: rng.double(in: -50...(length.height + 50)),
            width: rng.chance(0.1) ? 0 : rng.double(in: 0...600), height: rng.chance(0.1) ? 0 : rng.double(in: 0...900))
          let expected = flow.firstAnchor(in: rect) { id in
            !(id.kind == .header && layout.pinsHeaders) && !(id.kind == .footer && layout.pinsFooters)
          }
          let found = flow.anchorElement(in: rect)
          #expect(found?.id == expected?.id && found?.frame == expected?.frame, "seed \(seed) \(rect)")
          let listRect = Rect(
            x: 0, y: rng.double(in: -50...(list.contentHeight + 50)), width: viewport.size.width,
            height: rng.chance(0.1) ? 0 : rng.double(in: 0...900))
          let listExpected = list.firstAnchor(in: listRect) { id in
            switch id.kind {
            case .cell, .footer: true
            case .header: !list.layout.areSectionHeadersSticky
            default: false
            }
          }
          let listFound = list.anchorElement(in: listRect)
          #expect(
            listFound?.id == listExpected?.id && listFound?.frame == listExpected?.frame, "seed \(seed) \(listRect)")
        }
      }
    }
  }
}

/// After measurements of any sizes (not integers: sums round), the flow's
/// query and its lookups agree bit for bit, whatever rectangle found an
/// element: a transition pairs elements on that agreement.
@Suite struct FlowMeasuredQueryExactnessTests {
  @Test func queriesAndLookupsAgreeBitForBitAfterMeasurements() throws {
    var checked = 0
    for index in 0..<60 {
      let seed = propertySeed(index, base: 0xB17_F10A)
      var rng = SplitMix64(seed: seed)
      let layout = FlowMeasurementTreeTests.randomFlow(&rng, integral: false)
      let count = rng.int(in: 50...600)
      let viewport = Viewport(width: rng.double(in: 200...500), height: rng.double(in: 200...800))
      var flow = try layout.prepare(
        estimated: LayoutItems(count: count, size: Size(width: 80.3, height: 40.7)), viewport: viewport)
      for _ in 0..<rng.int(in: 1...200) {
        let size = FlowMeasurementTreeTests.randomSize(&rng, integral: false)
        flow.setMeasuredSize(size, for: .cell(rng.int(in: 0...(count - 1))))
      }
      let length = flow.contentSize(at: ScrollState())[layout.axis]
      for _ in 0..<6 {
        let start = rng.double(in: -100...Swift.max(0, length))
        let rect =
          layout.axis == .vertical
          ? Rect(x: -10, y: start, width: viewport.size.width + 20, height: rng.double(in: 0...1500))
          : Rect(x: start, y: -10, width: rng.double(in: 0...1500), height: viewport.size.height + 20)
        let state = ScrollState(contentOffset: layout.axis == .vertical ? Point(x: 0, y: start) : Point(x: start, y: 0))
        for a in flow.attributes(in: rect, at: state) where a.id.kind == .cell {
          let b = try #require(flow.attributes(for: a.id, at: state))
          #expect(
            a.center.x.bitPattern == b.center.x.bitPattern && a.center.y.bitPattern == b.center.y.bitPattern
              && a.size == b.size, "seed \(seed) \(a.id)")
          checked += 1
        }
      }
    }
    #expect(checked > 2000)
  }
}
