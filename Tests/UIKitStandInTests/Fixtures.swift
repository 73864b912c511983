#if !canImport(UIKit)
  import Foundation
  import UIKitStandIn

  /// A hand-written layout: a vertical list of rows (50 points by default,
  /// or the size a cell preferred), a 30-point header per section, and an
  /// optional decoration behind each section. It records nothing itself:
  /// the collection view's call log is what the tests read.
  @MainActor
  final class ListLayout: UICollectionViewLayout {
    static let decorationKind = "background"
    var rowHeight: CGFloat = 50
    var headerHeight: CGFloat = 30
    var withDecoration = false
    var invalidatesOnBoundsChange = false
    var acceptsPreferredSizes = false
    /// Preferred heights taken from self-sizing, by index path.
    var preferredHeights: [IndexPath: CGFloat] = [:]
    /// Never settles: each preferred size changes every row (for the bound).
    var alwaysInvalidatesForPreferred = false
    var flips = false
    var targetOffsetOverride: CGPoint?
    var updateItems: [UICollectionViewUpdateItem] = []
    var countsSeenInPrepare: [[Int]] = []
    var finalAnswer: ((IndexPath) -> UICollectionViewLayoutAttributes?)?

    private var cells: [UICollectionViewLayoutAttributes] = []
    private var headers: [UICollectionViewLayoutAttributes] = []
    private var decorations: [UICollectionViewLayoutAttributes] = []
    private var height: CGFloat = 0

    override init() { super.init() }
    required init?(coder: NSCoder) { return nil }

    override func prepare() {
      super.prepare()
      guard let collectionView else { return }
      let width = collectionView.bounds.width
      var y: CGFloat = 0
      cells = []
      headers = []
      decorations = []
      var counts: [Int] = []
      for section in 0..<collectionView.numberOfSections {
        let top = y
        let header = UICollectionViewLayoutAttributes(
          forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader,
          with: IndexPath(item: 0, section: section))
        header.frame = CGRect(x: 0, y: y, width: width, height: headerHeight)
        headers.append(header)
        y += headerHeight
        let count = collectionView.numberOfItems(inSection: section)
        counts.append(count)
        for item in 0..<count {
          let path = IndexPath(item: item, section: section)
          let cell = UICollectionViewLayoutAttributes(forCellWith: path)
          let h = preferredHeights[path] ?? rowHeight
          cell.frame = CGRect(x: 0, y: y, width: width / 2, height: h)
          cells.append(cell)
          y += h
        }
        if withDecoration {
          let d = UICollectionViewLayoutAttributes(
            forDecorationViewOfKind: Self.decorationKind, with: IndexPath(item: 0, section: section))
          d.frame = CGRect(x: 0, y: top, width: width, height: y - top)
          d.zIndex = -1
          decorations.append(d)
        }
      }
      countsSeenInPrepare.append(counts)
      height = y
    }

    override var collectionViewContentSize: CGSize {
      CGSize(width: collectionView?.bounds.width ?? 0, height: height)
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
      (decorations + headers + cells).filter { $0.frame.intersects(rect) }
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
      cells.first { $0.indexPath == indexPath }
    }

    override func layoutAttributesForSupplementaryView(
      ofKind elementKind: String, at indexPath: IndexPath
    )
      -> UICollectionViewLayoutAttributes?
    {
      headers.first { $0.indexPath == indexPath }
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
      invalidatesOnBoundsChange || newBounds.width != collectionView?.bounds.width
    }

    override func shouldInvalidateLayout(
      forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
      withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes
    ) -> Bool {
      acceptsPreferredSizes && preferredAttributes.representedElementCategory == .cell
    }

    override func invalidationContext(
      forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
      withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes
    ) -> UICollectionViewLayoutInvalidationContext {
      let context = super.invalidationContext(
        forPreferredLayoutAttributes: preferredAttributes, withOriginalAttributes: originalAttributes)
      if alwaysInvalidatesForPreferred {
        rowHeight += 1  // ignores the preferred size and moves: never settles
      } else {
        preferredHeights[preferredAttributes.indexPath] = preferredAttributes.size.height
      }
      return context
    }

    override func prepare(forCollectionViewUpdates updateItems: [UICollectionViewUpdateItem]) {
      super.prepare(forCollectionViewUpdates: updateItems)
      self.updateItems = updateItems
    }

    override func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint {
      targetOffsetOverride ?? proposedContentOffset
    }

    override func finalLayoutAttributesForDisappearingItem(
      at itemIndexPath: IndexPath
    )
      -> UICollectionViewLayoutAttributes?
    {
      finalAnswer?(itemIndexPath)
    }

    override var flipsHorizontallyInOppositeLayoutDirection: Bool { flips }
  }

  /// A data source of sections of numbered items, with a header per section.
  @MainActor
  final class NumbersDataSource: NSObject, UICollectionViewDataSource {
    var sections: [[Int]]
    var cellIdentifier = "cell"
    var headerIdentifier = "header"
    var returnsUndequeuedCell = false
    var cellRequests: [IndexPath] = []

    init(_ sections: [[Int]]) { self.sections = sections }

    func numberOfSections(in collectionView: UICollectionView) -> Int { sections.count }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
      sections[section].count
    }

    func collectionView(
      _ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath
    )
      -> UICollectionViewCell
    {
      cellRequests.append(indexPath)
      if returnsUndequeuedCell { return UICollectionViewCell(frame: .zero) }
      return collectionView.dequeueReusableCell(withReuseIdentifier: cellIdentifier, for: indexPath)
    }

    func collectionView(
      _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> UICollectionReusableView {
      collectionView.dequeueReusableSupplementaryView(
        ofKind: kind, withReuseIdentifier: headerIdentifier, for: indexPath)
    }
  }

  /// A cell whose content wants 80 points of height.
  @MainActor
  final class TallCell: UICollectionViewCell {
    override init(frame: CGRect) {
      super.init(frame: frame)
      standInFittingSize = { CGSize(width: $0.width, height: 80) }
    }
    required init?(coder: NSCoder) { return nil }
  }

  /// A delegate that records what it is told.
  @MainActor
  final class RecordingDelegate: NSObject, UICollectionViewDelegate {
    var events: [String] = []
    var refuseSelection = false
    var transitionLayout: UICollectionViewTransitionLayout?

    func scrollViewDidScroll(_ scrollView: UIScrollView) { events.append("didScroll") }
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView) { events.append("willBeginDragging") }
    func scrollViewWillEndDragging(
      _ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>
    ) { events.append("willEndDragging \(velocity.y) \(targetContentOffset.pointee.y)") }
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
      events.append("didEndDragging \(decelerate)")
    }
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) { events.append("didEndDecelerating") }
    func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
      events.append("shouldSelect \(indexPath.item)")
      return !refuseSelection
    }
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
      events.append("didSelect \(indexPath.item)")
    }
    func collectionView(
      _ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath
    ) { events.append("willDisplay \(indexPath.section)-\(indexPath.item)") }
    func collectionView(
      _ collectionView: UICollectionView, transitionLayoutForOldLayout fromLayout: UICollectionViewLayout,
      newLayout toLayout: UICollectionViewLayout
    ) -> UICollectionViewTransitionLayout {
      let layout = UICollectionViewTransitionLayout(currentLayout: fromLayout, nextLayout: toLayout)
      transitionLayout = layout
      return layout
    }
  }

  /// A 200 × 300 collection view with the list layout and `sections`.
  @MainActor
  func makeCollectionView(
    _ sections: [[Int]] = [Array(0..<20)], layout: ListLayout = ListLayout()
  ) -> (UICollectionView, ListLayout, NumbersDataSource) {
    let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 200, height: 300), collectionViewLayout: layout)
    let dataSource = NumbersDataSource(sections)
    view.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
    view.register(
      UICollectionReusableView.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader,
      withReuseIdentifier: "header")
    view.dataSource = dataSource
    return (view, layout, dataSource)
  }

  /// The names of the calls logged since `start`.
  @MainActor
  func names(_ view: UICollectionView, from start: Int = 0) -> [String] {
    Array(view.layoutCallNames.dropFirst(start))
  }

  /// `names` with consecutive runs of the same initial/final call folded.
  func folded(_ names: [String]) -> [String] {
    var out: [String] = []
    for name in names where out.last != name { out.append(name) }
    return out
  }
#endif
