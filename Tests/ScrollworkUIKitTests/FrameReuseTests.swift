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

/// What a scroll frame reuses from the last one (issue #32, item 5): the
/// index-path lists of the invalidation contexts, and the layout's own check
/// of exclusive access to its host (cheaper than the run time's, as strict).
@MainActor
@Suite struct FrameReuseTests {
  /// A layout that keeps every bounds-change context UIKit is given, as an
  /// app's code (or UIKit itself) may hold one past its frame.
  final class KeepingLayout: ScrollworkLayout<PreparedStickyHeaderLayout> {
    var kept: [ScrollworkInvalidationContext] = []

    override func invalidationContext(
      forBoundsChange newBounds: CGRect
    ) -> UICollectionViewLayoutInvalidationContext {
      let context = super.invalidationContext(forBoundsChange: newBounds)
      if let context = context as? ScrollworkInvalidationContext { kept.append(context) }
      return context
    }
  }

  /// The lists UIKit's context should hold for `model`: the cells' paths in
  /// order, and each supplementary kind's.
  static func expectedLists(
    _ model: InvalidationContext
  ) -> (items: [IndexPath]?, supplementary: [String: [IndexPath]]?) {
    var items: [IndexPath] = []
    var supplementary: [String: [IndexPath]] = [:]
    for id in model.elements {
      let path = IndexPath(item: id.item, section: id.section)
      switch id.kind.category {
      case .cell: items.append(path)
      case .supplementary: supplementary[id.kind.name, default: []].append(path)
      case .decoration: Issue.record("the sticky layout names no decoration: \(id)")
      }
    }
    return (items.isEmpty ? nil : items, supplementary.isEmpty ? nil : supplementary)
  }

  /// A frame's context names what its model names, and keeps it: a later
  /// frame's context, whose lists are written where the last ones were
  /// when no one holds them, never changes a context still held; the lists
  /// after 60 frames (rows coming in and leaving, a jump, a way back) are
  /// those built afresh from each context's model.
  @Test func contextsKeepTheirOwnPathsFrameAfterFrame() throws {
    let layout = KeepingLayout(
      host: LayoutHost(StickyHeaderLayout.jungleCup, itemSizes: .uniform(Size(width: 390, height: 44))))
    let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
    let data = TestDataSource(counts: Array(repeating: 50, count: 40))
    data.register(in: view)
    view.dataSource = data
    try catchingUIKitExceptions { view.layoutIfNeeded() }
    var expected: [(items: [IndexPath]?, supplementary: [String: [IndexPath]]?)] = []
    var offsets = (1...50).map { CGFloat($0) * 13 }
    offsets += [20_000, 20_011, 20_022, 30, 41, 52, 63, 74, 85, 96]
    for offset in offsets {
      view.contentOffset = CGPoint(x: 0, y: offset)
      try catchingUIKitExceptions { view.layoutIfNeeded() }
      // Read as the frame made it, then checked again after all frames.
      let context = try #require(layout.kept.last)
      let model = try #require(context.model)
      let lists = Self.expectedLists(model)
      #expect(context.invalidatedItemIndexPaths == lists.items, "offset \(offset): items")
      #expect(context.invalidatedSupplementaryIndexPaths == lists.supplementary, "offset \(offset): supplementary")
      expected.append(lists)
    }
    #expect(layout.kept.count == offsets.count)
    #expect(layout.kept.contains { $0.invalidatedItemIndexPaths != nil })
    #expect(layout.kept.contains { $0.invalidatedSupplementaryIndexPaths != nil })
    // Consecutive frames that name the same elements, and frames that do not.
    let itemLists = layout.kept.map(\.invalidatedItemIndexPaths)
    #expect(zip(itemLists, itemLists.dropFirst()).contains { $0 == $1 })
    #expect(zip(itemLists, itemLists.dropFirst()).contains { $0 != $1 })
    for (i, context) in layout.kept.enumerated() {
      #expect(context.invalidatedItemIndexPaths == expected[i].items, "context \(i) later: items")
      #expect(
        context.invalidatedSupplementaryIndexPaths == expected[i].supplementary, "context \(i) later: supplementary")
      let model = try #require(context.model)
      let fresh = Self.expectedLists(model)
      #expect(
        context.invalidatedItemIndexPaths == fresh.items
          && context.invalidatedSupplementaryIndexPaths == fresh.supplementary)
    }
    withExtendedLifetime(data) {}
  }

  /// The layout checks exclusive access to its host itself: a size closure
  /// that reads the layout's host while the host prepares (and calls it)
  /// stops the program, as Swift's run-time check would.
  @Test func aSizeClosureReadingTheHostDuringItsPrepareStops() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        final class Box: @unchecked Sendable { var layout: (any ScrollworkHosting)? }
        let box = Box()
        let sizes = ItemSizeSource(maximumItemCount: .max) { _, count, _ in
          MainActor.assumeIsolated { _ = box.layout?.anyHost.contentSize }
          return .uniform(Size(width: 50, height: 50), count: count)
        }
        let layout = ScrollworkLayout(FlowLayout(lineSpacing: 2, interItemSpacing: 2), itemSizes: sizes)
        box.layout = layout
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
        let data = TestDataSource(counts: [100])
        data.register(in: view)
        view.dataSource = data
        view.layoutIfNeeded()
        withExtendedLifetime(data) {}
      }
    }
    // Stopped by the layout's check, not by anything else.
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("Simultaneous accesses to a ScrollworkLayout's host"), "\(message)")
  }

  /// The same closure reading the host outside the host's calls is fine.
  @Test func theHostIsReadableBetweenItsCalls() throws {
    final class Box: @unchecked Sendable { var reads = 0 }
    let box = Box()
    let sizes = ItemSizeSource(maximumItemCount: .max) { _, count, _ in
      box.reads += 1
      return .uniform(Size(width: 50, height: 50), count: count)
    }
    let layout = ScrollworkLayout(FlowLayout(lineSpacing: 2, interItemSpacing: 2), itemSizes: sizes)
    let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
    let data = TestDataSource(counts: [1_000])
    data.register(in: view)
    view.dataSource = data
    try catchingUIKitExceptions { view.layoutIfNeeded() }
    #expect(box.reads > 0)
    #expect(layout.host.contentSize.height > 844)
    #expect(layout.anyHost.contentSize == layout.host.contentSize)
    withExtendedLifetime(data) {}
  }
}

extension FrameReuseTests {
  /// An element asked for alone after its values changed (UIKit's
  /// `layoutAttributesForItem(at:)`) gets a new object, which replaces the
  /// old one in the pool; the next elements' answer must hand out that
  /// object, also when the element opens the answer and everything before
  /// it is unchanged (the answer's unchanged opening is kept in place).
  @Test func anElementAskedAloneFirstIsNotStaleInTheNextAnswer() throws {
    let layout = ScrollworkLayout.carousel(.coverFlow, reduceMotion: false)
    let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 300), collectionViewLayout: layout)
    let data = TestDataSource(counts: [100])
    data.register(in: view)
    view.dataSource = data
    try catchingUIKitExceptions { view.layoutIfNeeded() }
    for step in 1...6 {
      let before = layout.layoutAttributesForElements(in: view.bounds) ?? []
      view.contentOffset = CGPoint(x: CGFloat(step) * 17, y: 0)
      layout.prepare()
      // Every element of the coming answer asked alone first, in order.
      var alone: [IndexPath: UICollectionViewLayoutAttributes] = [:]
      for a in before where a.representedElementCategory == .cell {
        if let object = layout.layoutAttributesForItem(at: a.indexPath) { alone[a.indexPath] = object }
      }
      let answer = layout.layoutAttributesForElements(in: view.bounds) ?? []
      var expected: [LayoutAttributes] = []
      layout.host.elements(in: Rect(x: Double(view.bounds.minX), y: 0, width: 390, height: 300), into: &expected)
      #expect(answer.count == expected.count, "step \(step)")
      for (a, e) in zip(answer, expected) {
        #expect(a.center == CGPoint(x: e.center.x, y: e.center.y), "step \(step): centre of \(e.id)")
        #expect(a.alpha == CGFloat(e.alpha), "step \(step): alpha of \(e.id)")
        if let object = alone[a.indexPath] { #expect(a === object, "step \(step): \(e.id) not the object asked alone") }
      }
    }
    withExtendedLifetime(data) {}
  }
}
