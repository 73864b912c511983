import LayoutCore
import ScrollworkTestSupport
import Testing

@testable import LayoutHost

/// The scroll context's merge of two engine answers: each put in order
/// whatever order it comes in (cells first, then insertion; long runs
/// sorted), then their union, sorted, each identity once.
@Suite struct ScrollMergeTests {
  static func randomID(_ rng: inout SplitMix64) -> ElementID {
    let kinds: [ElementKind] = [.cell, .cell, .header, .footer, .supplementary("menu"), .decoration("grid")]
    return ElementID(
      kind: kinds[Int.random(in: 0..<kinds.count, using: &rng)], section: Int.random(in: 0..<3, using: &rng),
      item: Int.random(in: 0..<20, using: &rng))
  }

  @Test func mergeIsTheSortedUnion() {
    var rng = SplitMix64(seed: 3)
    var scratch: [ElementID] = []
    for round in 0..<400 {
      // Each engine answer holds an identity once; the two may share some.
      let a = Array(Set((0..<Int.random(in: 0..<80, using: &rng)).map { _ in Self.randomID(&rng) }))
      let b = Array(Set((0..<Int.random(in: 0..<80, using: &rng)).map { _ in Self.randomID(&rng) }))
      // Runs in order (the usual answer), in reading order with headers
      // among their section's cells (the sticky layout's), or shuffled.
      func arrange(_ run: [ElementID]) -> [ElementID] {
        switch Int.random(in: 0..<3, using: &rng) {
        case 0: run.sorted()
        case 1: run.sorted { ($0.section, $0.item, $0.kind) < ($1.section, $1.item, $1.kind) }
        default: run
        }
      }
      let left = arrange(a)
      let right = arrange(b)
      var first = left
      var second = right
      LayoutHost<PreparedFlowLayout>.order(&first, 0..<first.count, scratch: &scratch)
      LayoutHost<PreparedFlowLayout>.order(&second, 0..<second.count, scratch: &scratch)
      #expect(first == a.sorted() && second == b.sorted(), "round \(round)")
      var ids: [ElementID] = [.cell(7)]
      LayoutHost<PreparedFlowLayout>.union(first, second, into: &ids)
      #expect(ids == Set(a + b).sorted(), "round \(round)")
    }
  }
}

/// The preferred-size context's list of changed elements: identities on
/// one side only, or on both with different attributes, plus the measured
/// one; sorted, each once, whatever order the answers come in.
@Suite struct ChangedElementsTests {
  @Test func changedElementsAreTheSymmetricDifferencePlusTheMeasuredOne() {
    var rng = SplitMix64(seed: 11)
    var result: [ElementID] = [.cell(99)]
    var unordered = 0
    for round in 0..<400 {
      let ids = Array(Set((0..<Int.random(in: 0..<60, using: &rng)).map { _ in ScrollMergeTests.randomID(&rng) }))
      func attributes(_ id: ElementID) -> LayoutAttributes {
        LayoutAttributes(
          id: id, frame: Rect(x: Double(id.item) * 10, y: Double(id.section) * 100, width: 10, height: 10))
      }
      var before: [LayoutAttributes] = []
      var after: [LayoutAttributes] = []
      var expected = Set<ElementID>()
      for id in ids {
        switch Int.random(in: 0..<4, using: &rng) {
        case 0:
          before.append(attributes(id))
          expected.insert(id)
        case 1:
          after.append(attributes(id))
          expected.insert(id)
        case 2:
          before.append(attributes(id))
          after.append(attributes(id))
        default:
          before.append(attributes(id))
          var moved = attributes(id)
          moved.alpha = 0.5
          after.append(moved)
          expected.insert(id)
        }
      }
      // In order (the engine's usual answer) or not; a `before` in order
      // may be said to be (the host knows it of its last answer).
      if Bool.random(using: &rng) { before.sort { $0.id < $1.id } } else { before.shuffle(using: &rng) }
      if Bool.random(using: &rng) { after.sort { $0.id < $1.id } } else { after.shuffle(using: &rng) }
      func ordered(_ list: [LayoutAttributes]) -> Bool { list.map(\.id).elementsEqual(list.map(\.id).sorted()) }
      let beforeOrdered = ordered(before)
      let afterOrdered = ordered(after)
      if !beforeOrdered { unordered += 1 }
      let measured = ScrollMergeTests.randomID(&rng)
      expected.insert(measured)
      let found = LayoutHost<PreparedFlowLayout>.changedElements(
        before: &before, isOrdered: beforeOrdered && Bool.random(using: &rng), after: after, including: measured,
        into: &result)
      #expect(result == expected.sorted(), "round \(round)")
      #expect(found == (beforeOrdered && afterOrdered), "round \(round)")
    }
    #expect(unordered > 50)
  }
}
