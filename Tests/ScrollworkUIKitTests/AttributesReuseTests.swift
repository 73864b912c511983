#if canImport(UIKit)
  import UIKit
#else
  import Foundation
  import UIKitStandIn
#endif
import LayoutCore
import LayoutHost
import ScrollworkUIKit
import Testing

/// The shell's reuse of attributes objects across frames (issue #32, item
/// 5): an element keeps its object; in a scroll frame a changed value goes
/// into that object (UIKit compares the copy it keeps with it), and the
/// collection view's copy of every element shows the host's values after
/// the frame; outside a scroll frame (a batch update, a single element's
/// query) a changed value comes in a new object and an object handed out
/// is never changed; every answer is the host's.
@MainActor
@Suite struct AttributesReuseTests {
  /// A collection view of `size` with `layout` and sections of `counts`
  /// items, laid out once.
  static func view(
    _ layout: UICollectionViewLayout, size: CGSize, counts: [Int]
  ) throws -> (UICollectionView, TestDataSource) {
    let view = UICollectionView(frame: CGRect(origin: .zero, size: size), collectionViewLayout: layout)
    let data = TestDataSource(counts: counts)
    data.register(in: view)
    view.dataSource = data
    try catchingUIKitExceptions { view.layoutIfNeeded() }
    return (view, data)
  }

  /// An element's key: category, kind and index path.
  static func key(_ a: UICollectionViewLayoutAttributes) -> String {
    "\(a.representedElementCategory)|\(a.representedElementKind ?? "")|\(a.indexPath.section)|\(a.indexPath.item)"
  }

  /// The engine identity of an element UIKit names.
  static func id(_ a: UICollectionViewLayoutAttributes) -> ElementID {
    let kind: ElementKind =
      switch a.representedElementCategory {
      case .cell: .cell
      case .supplementaryView: .supplementary(a.representedElementKind ?? "")
      default: .decoration(a.representedElementKind ?? "")
      }
    return ElementID(kind: kind, section: a.indexPath.section, item: a.indexPath.item)
  }

  /// Every object handed out so far, with a copy of its values when it was
  /// handed out: none may change afterwards.
  struct HandedOut {
    var objects: [(object: UICollectionViewLayoutAttributes, snapshot: UICollectionViewLayoutAttributes)] = []

    @MainActor mutating func add(_ answer: [UICollectionViewLayoutAttributes]) {
      for a in answer where !objects.contains(where: { $0.object === a }) {
        objects.append((a, a.copy() as! UICollectionViewLayoutAttributes))
      }
    }

    @MainActor func expectUnchanged(_ comment: String) {
      for (object, snapshot) in objects {
        #expect(object.isEqual(snapshot), "\(comment): an object UIKit was given changed: \(object) was \(snapshot)")
      }
    }
  }

  /// Checks `answer` against the host: its elements and their values.
  static func expectHostAnswer<P: PreparedLayout>(
    _ answer: [UICollectionViewLayoutAttributes], _ layout: ScrollworkLayout<P>, in rect: CGRect, _ comment: String
  ) {
    let host = layout.host
    var expected: [LayoutAttributes] = []
    host.elements(in: Rect(rect), into: &expected)
    #expect(answer.map(id) == expected.map(\.id), "\(comment): elements")
    for (a, e) in zip(answer, expected) {
      #expect(a.center == CGPoint(x: e.center.x, y: e.center.y), "\(comment): centre of \(e.id)")
      #expect(a.size == CGSize(width: e.size.width, height: e.size.height), "\(comment): size of \(e.id)")
      #expect(a.alpha == CGFloat(e.alpha), "\(comment): alpha of \(e.id)")
      #expect(a.transform.a == CGFloat(e.transform.a) && a.transform.tx == CGFloat(e.transform.tx))
      #expect(a.zIndex == e.zIndex)
    }
  }

  /// The collection view's element for attributes `a`.
  static func element(_ a: UICollectionViewLayoutAttributes) -> StandInElement {
    StandInElement(
      category: a.representedElementCategory,
      kind: a.representedElementCategory == .cell ? nil : a.representedElementKind, indexPath: a.indexPath)
  }

  /// Scrolls `view` by `step` for `frames` frames, checking each frame's
  /// answer: every element that was on screen keeps its object, changed
  /// or not (a scroll frame allocates nothing for them); the copy the
  /// collection view keeps of each element equals the answer (it saw every
  /// change made in place) and is not the answer's object; every answer is
  /// the host's. Returns how many elements kept their values and how many
  /// changed them.
  static func scroll<P: PreparedLayout>(
    _ view: UICollectionView, _ layout: ScrollworkLayout<P>, by step: CGPoint, frames: Int
  ) throws -> (unchanged: Int, changed: Int) {
    var previous: [String: (object: UICollectionViewLayoutAttributes, values: UICollectionViewLayoutAttributes)] = [:]
    for a in layout.layoutAttributesForElements(in: view.bounds) ?? [] {
      previous[key(a)] = (a, a.copy() as! UICollectionViewLayoutAttributes)
    }
    var unchanged = 0
    var changed = 0
    for frame in 1...frames {
      view.contentOffset = CGPoint(x: view.contentOffset.x + step.x, y: view.contentOffset.y + step.y)
      try catchingUIKitExceptions { view.layoutIfNeeded() }
      let answer = layout.layoutAttributesForElements(in: view.bounds) ?? []
      // Asked again with nothing changed: the same objects.
      let again = layout.layoutAttributesForElements(in: view.bounds) ?? []
      #expect(again.count == answer.count && zip(again, answer).allSatisfy { $0 === $1 }, "frame \(frame): asked twice")
      expectHostAnswer(answer, layout, in: view.bounds, "frame \(frame)")
      for a in answer {
        let applied = view.standInAppliedAttributes(for: element(a))
        #expect(
          applied.map { $0.isEqual(a) && $0 !== a } == true, "frame \(frame): \(key(a)) on screen is not the answer")
        guard let old = previous[key(a)] else { continue }
        #expect(old.object === a, "frame \(frame): \(key(a)) came in a new object")
        if old.values.isEqual(a) { unchanged += 1 } else { changed += 1 }
      }
      previous = [:]
      for a in answer { previous[key(a)] = (a, a.copy() as! UICollectionViewLayoutAttributes) }
    }
    return (unchanged, changed)
  }

  @Test func aLayoutThatDoesNotMoveWithTheScrollKeepsEveryObject() throws {
    let layout = ScrollworkLayout(
      FlowLayout(lineSpacing: 2, interItemSpacing: 2), itemSizes: .uniform(Size(width: 96, height: 96)))
    let (view, data) = try Self.view(layout, size: CGSize(width: 390, height: 844), counts: [10_000])
    defer { withExtendedLifetime(data) {} }
    let counts = try Self.scroll(view, layout, by: CGPoint(x: 0, y: 17), frames: 30)
    #expect(counts.unchanged > 30 * 30 && counts.changed == 0)
  }

  @Test func aCarouselMovesItsItemsInTheirOwnObjects() throws {
    let layout = ScrollworkLayout.carousel(.coverFlow, reduceMotion: false)
    let (view, data) = try Self.view(layout, size: CGSize(width: 390, height: 300), counts: [1_000])
    defer { withExtendedLifetime(data) {} }
    let counts = try Self.scroll(view, layout, by: CGPoint(x: 13, y: 0), frames: 30)
    #expect(counts.changed > 30)
  }

  @Test func stickyHeadersWithParallaxMoveInTheirOwnObjects() throws {
    let layout = ScrollworkLayout(StickyHeaderLayout.jungleCup, itemSizes: .uniform(Size(width: 390, height: 44)))
    let (view, data) = try Self.view(
      layout, size: CGSize(width: 390, height: 844), counts: Array(repeating: 50, count: 40))
    defer { withExtendedLifetime(data) {} }
    // The cells' photos move inside them (parallax) and the headers pin:
    // each changes in the object it had, and the views follow.
    let counts = try Self.scroll(view, layout, by: CGPoint(x: 0, y: 11), frames: 40)
    #expect(counts.changed > 40 && counts.unchanged + counts.changed > 40 * 4)
  }

  @Test func aJumpAwayAndBackReusesTheObjectsOfUnchangedElements() throws {
    let layout = ScrollworkLayout(
      FlowLayout(lineSpacing: 2, interItemSpacing: 2), itemSizes: .uniform(Size(width: 96, height: 96)))
    let (view, data) = try Self.view(layout, size: CGSize(width: 390, height: 844), counts: [100_000])
    defer { withExtendedLifetime(data) {} }
    let first = layout.layoutAttributesForElements(in: view.bounds) ?? []
    var handedOut = HandedOut()
    handedOut.add(first)
    for offset in [500_000.0, 1_234_567, 40, 0] {
      view.contentOffset = CGPoint(x: 0, y: offset)
      try catchingUIKitExceptions { view.layoutIfNeeded() }
      let answer = layout.layoutAttributesForElements(in: view.bounds) ?? []
      Self.expectHostAnswer(answer, layout, in: view.bounds, "offset \(offset)")
      handedOut.add(answer)
      handedOut.expectUnchanged("offset \(offset)")
    }
    let back = layout.layoutAttributesForElements(in: view.bounds) ?? []
    #expect(back.count == first.count && zip(back, first).allSatisfy { $0 === $1 })
  }

  /// A batch update is no scroll frame: UIKit may hold what it was given
  /// for the update's animation, so changed values come in new objects and
  /// the objects handed out before keep their values, even when the update
  /// moves the bounds (the anchor kept) and follows a scroll frame.
  @Test func aBatchUpdateBringsChangedValuesInNewObjects() throws {
    let layout = ScrollworkLayout(StickyHeaderLayout.jungleCup, itemSizes: .uniform(Size(width: 390, height: 44)))
    let (view, data) = try Self.view(
      layout, size: CGSize(width: 390, height: 844), counts: Array(repeating: 50, count: 40))
    defer { withExtendedLifetime(data) {} }
    view.contentOffset = CGPoint(x: 0, y: 600)
    try catchingUIKitExceptions { view.layoutIfNeeded() }
    var handedOut = HandedOut()
    let before = layout.layoutAttributesForElements(in: view.bounds) ?? []
    handedOut.add(before)
    try catchingUIKitExceptions {
      view.performBatchUpdates {
        data.sections[0].insert(data.nextID, at: 0)
        data.nextID += 1
        view.insertItems(at: [IndexPath(item: 0, section: 0)])
      }
      view.layoutIfNeeded()
    }
    let answer = layout.layoutAttributesForElements(in: view.bounds) ?? []
    Self.expectHostAnswer(answer, layout, in: view.bounds, "after the update")
    handedOut.expectUnchanged("after the update")
    #expect(answer.contains { a in !before.contains { $0 === a } }, "no changed value came in a new object")
    // The next scroll frame renews in place again.
    let kept = answer
    view.contentOffset = CGPoint(x: 0, y: 611)
    try catchingUIKitExceptions { view.layoutIfNeeded() }
    let scrolled = layout.layoutAttributesForElements(in: view.bounds) ?? []
    Self.expectHostAnswer(scrolled, layout, in: view.bounds, "after the scroll")
    #expect(scrolled.filter { a in kept.contains { $0 === a } }.count >= kept.count - 2)
  }

  @Test func oneElementsQueryNeverHandsOutAStaleObject() throws {
    let layout = ScrollworkLayout.carousel(.coverFlow, reduceMotion: false)
    let (view, data) = try Self.view(layout, size: CGSize(width: 390, height: 300), counts: [100])
    defer { withExtendedLifetime(data) {} }
    let path = IndexPath(item: 1, section: 0)
    let answer = layout.layoutAttributesForElements(in: view.bounds) ?? []
    guard let inAnswer = answer.first(where: { $0.indexPath == path }) else {
      Issue.record("item 1 is not on screen")
      return
    }
    let snapshot = inAnswer.copy() as! UICollectionViewLayoutAttributes
    // Unchanged: the answer's own object.
    #expect(layout.layoutAttributesForItem(at: path) === inAnswer)
    // The scroll moves item 1 (scale, fade): asked alone before the
    // elements are, it comes in a new object with the new values; the
    // object UIKit had keeps the old ones.
    view.contentOffset = CGPoint(x: 40, y: 0)
    layout.prepare()
    let alone = try #require(layout.layoutAttributesForItem(at: path))
    #expect(alone !== inAnswer)
    #expect(inAnswer.isEqual(snapshot))
    let expected = try #require(layout.host.attributes(for: ElementID.cell(1)))
    #expect(
      alone.center == CGPoint(x: expected.center.x, y: expected.center.y) && alone.alpha == CGFloat(expected.alpha))
    #expect(!alone.isEqual(snapshot))
    // The elements' answer then hands out that same object.
    let next = layout.layoutAttributesForElements(in: view.bounds) ?? []
    #expect(next.contains { $0 === alone })
  }
}
