import CollectionChanges
import LayoutCore
import Testing

/// Cells of a vertical list: rows of `height` points, full width.
func rows(_ count: Int, height: Double, width: Double = 390) -> [LayoutAttributes] {
  (0..<count).map {
    LayoutAttributes(id: .cell($0), frame: Rect(x: 0, y: Double($0) * height, width: width, height: height))
  }
}

@Suite struct ScrollPositionTests {
  @Test func theLeadingItemIsTheFirstWhoseLeadingEdgeIsOnScreen() {
    let cells = rows(20, height: 100)
    // Item 2 spans 200..<300 and is partly hidden above 250: item 3 marks the position.
    let visible = Rect(x: 0, y: 250, width: 390, height: 600)
    #expect(
      ScrollPositions.leadingItem(among: cells, visibleRect: visible, axis: .vertical) == ItemPath(section: 0, item: 3))
    // At rest on a boundary, within the tolerance, the item at the boundary.
    let resting = Rect(x: 0, y: 300.3, width: 390, height: 600)
    #expect(ScrollPositions.leadingItem(among: cells, visibleRect: resting, axis: .vertical)?.item == 3)
    // Order of the attributes does not matter.
    #expect(
      ScrollPositions.leadingItem(among: cells.reversed(), visibleRect: visible, axis: .vertical)?.item == 3)
  }

  @Test func horizontalLayoutsReadTheLeftEdgeAndSkipThePeekingNeighbour() {
    // A carousel: 300-wide cells 20 apart; the view shows the middle of
    // cell 1 with cells 0 and 2 peeking.
    let cells = (0..<5).map {
      LayoutAttributes(id: .cell($0), frame: Rect(x: Double($0) * 320, y: 0, width: 300, height: 400))
    }
    let visible = Rect(x: 275, y: 0, width: 390, height: 400)
    #expect(ScrollPositions.leadingItem(among: cells, visibleRect: visible, axis: .horizontal)?.item == 1)
    // Read vertically, every cell's top is on screen: the leftmost one.
    #expect(ScrollPositions.leadingItem(among: cells, visibleRect: visible, axis: .vertical)?.item == 0)
  }

  @Test func aGridBreaksTiesByTheCrossAxisAndIgnoresOtherKinds() {
    var cells: [LayoutAttributes] = []
    for i in 0..<12 {
      cells.append(
        LayoutAttributes(
          id: .cell(i, section: 1), frame: Rect(x: Double(i % 3) * 130, y: Double(i / 3) * 130, width: 130, height: 130)
        )
      )
    }
    cells.append(
      LayoutAttributes(
        id: ElementID(kind: .header, section: 1, item: 0), frame: Rect(x: 0, y: 140, width: 390, height: 40)))
    let visible = Rect(x: 0, y: 100, width: 390, height: 500)
    #expect(
      ScrollPositions.leadingItem(among: cells.shuffled(), visibleRect: visible, axis: .vertical)
        == ItemPath(section: 1, item: 3))
  }

  @Test func aCellLargerThanTheViewIsTheCoveringOne() {
    let cells = rows(3, height: 1000)
    let visible = Rect(x: 0, y: 1200, width: 390, height: 600)
    #expect(ScrollPositions.leadingItem(among: cells, visibleRect: visible, axis: .vertical)?.item == 1)
    #expect(ScrollPositions.leadingItem(among: [], visibleRect: visible, axis: .vertical) == nil)
    let bad = Rect(x: 0, y: .nan, width: 390, height: 600)
    #expect(ScrollPositions.leadingItem(among: cells, visibleRect: bad, axis: .vertical) == nil)
  }

  @Test func theAxisIsReadFromTheContent() {
    let visible = Size(width: 390, height: 800)
    #expect(
      ScrollPositions.scrollAxis(contentSize: Size(width: 3000, height: 800), visibleSize: visible) == .horizontal)
    #expect(ScrollPositions.scrollAxis(contentSize: Size(width: 390, height: 9000), visibleSize: visible) == .vertical)
    #expect(ScrollPositions.scrollAxis(contentSize: Size(width: 100, height: 100), visibleSize: visible) == .vertical)
    #expect(
      ScrollPositions.scrollAxis(contentSize: Size(width: 390.3, height: 100), visibleSize: visible) == .vertical)
    #expect(ScrollPositions.scrollAxis(contentSize: Size(width: .nan, height: 1), visibleSize: visible) == .vertical)
  }

  @Test func scrollingToAnItemPutsItsLeadingEdgeAtTheLeadingInset() {
    let frame = Rect(x: 640, y: 30, width: 300, height: 400)
    let viewport = Size(width: 390, height: 844)
    let insets = EdgeInsets(top: 47, left: 45, bottom: 34, right: 45)
    let content = Size(width: 1600, height: 844 - 81)
    let offset = ScrollPositions.contentOffset(
      showing: frame, axis: .horizontal, current: Point(x: 0, y: -47), viewportSize: viewport, contentSize: content,
      insets: insets)
    #expect(offset == Point(x: 595, y: -47))
    #expect(LeadingEdge(.horizontal) == .left && LeadingEdge(.vertical) == .top)
    // Near the end, clamped to the last offset; before the start, to the inset.
    let last = ScrollPositions.contentOffset(
      showing: Rect(x: 1300, y: 0, width: 300, height: 400), axis: .horizontal, current: .zero, viewportSize: viewport,
      contentSize: content, insets: insets)
    #expect(last.x == 1600 + 45 - 390)
    let list = ScrollPositions.contentOffset(
      showing: Rect(x: 0, y: 0, width: 390, height: 100), axis: .vertical, current: Point(x: 3, y: 500),
      viewportSize: viewport, contentSize: Size(width: 390, height: 5000), insets: insets)
    #expect(list == Point(x: 3, y: -47))
    // A content shorter than the view rests at the inset; bad input keeps the offset.
    let short = ScrollPositions.contentOffset(
      showing: Rect(x: 0, y: 200, width: 390, height: 100), axis: .vertical, current: .zero, viewportSize: viewport,
      contentSize: Size(width: 390, height: 300), insets: .zero)
    #expect(short == .zero)
    let kept = ScrollPositions.contentOffset(
      showing: Rect(x: .infinity, y: 0, width: 1, height: 1), axis: .vertical, current: Point(x: 1, y: 2),
      viewportSize: viewport, contentSize: content, insets: insets)
    #expect(kept == Point(x: 1, y: 2))
  }
}

@Suite struct SelectionSyncTests {
  @Test func theSelectionFollowsItsItemAndIsDroppedWithIt() {
    var items = IdentifiedItems(["a", "b", "c"], id: { $0 })
    // Binding → view.
    var sync = SelectionSync.resolve(requested: "b", displayed: nil, in: items)
    #expect(sync == SelectionSync(select: ItemPath(section: 0, item: 1)))
    // The item moves: the view's path (UIKit moves it with the item) agrees.
    _ = items.update(to: ["b", "a", "c"], id: { $0 }, isEqual: ==)
    sync = SelectionSync.resolve(requested: "b", displayed: ItemPath(section: 0, item: 0), in: items)
    #expect(sync.isEmpty)
    // A view that lost it is told to select it again.
    sync = SelectionSync.resolve(requested: "b", displayed: nil, in: items)
    #expect(sync.select == ItemPath(section: 0, item: 0))
    // The item is deleted: the binding clears.
    _ = items.update(to: ["a", "c"], id: { $0 }, isEqual: ==)
    sync = SelectionSync.resolve(requested: "b", displayed: nil, in: items)
    #expect(sync == SelectionSync(clearsBinding: true))
    // Binding set to nil: the view deselects.
    sync = SelectionSync.resolve(requested: nil, displayed: ItemPath(section: 0, item: 1), in: items)
    #expect(sync == SelectionSync(deselect: ItemPath(section: 0, item: 1)))
    // View → binding.
    #expect(SelectionSync.identity(selecting: ItemPath(section: 0, item: 1), in: items) == "c")
    #expect(SelectionSync.identity(selecting: ItemPath(section: 0, item: 9), in: items) == nil)
    #expect(SelectionSync.identity(selecting: nil, in: items) == nil)
  }
}
