import Testing

@testable import LayoutCore

/// Limits a layout can afford (issue #36): data kept per item is refused
/// past `LayoutLimits.maximumStoredItemCount` before anything is allocated,
/// with the layout and the limit named; measured sizes never push content
/// past `LayoutLimits.maximumExtent`; kind names from outside are bounded.
@Suite struct StoredItemLimitTests {
  let viewport = Viewport(width: 390, height: 844)
  let over = LayoutLimits.maximumStoredItemCount + 1

  func tooMany(_ body: () throws(LayoutError) -> Void) -> (count: Int, limit: Int, layout: String)? {
    do throws(LayoutError) {
      try body()
      return nil
    } catch {
      if case .tooManyItems(let count, let limit, let layout) = error { return (count, limit, layout) }
      return nil
    }
  }

  @Test func estimatedLayoutsRefusePastTheStoredLimit() {
    let items = LayoutItems(count: over, size: Size(width: 50, height: 50))
    let flow = tooMany { () throws(LayoutError) in _ = try FlowLayout().prepare(estimated: items, viewport: viewport) }
    #expect(flow?.count == over && flow?.limit == LayoutLimits.maximumStoredItemCount)
    #expect(flow?.layout.contains("flow") == true)
    let sticky = tooMany { () throws(LayoutError) in
      _ = try StickyHeaderLayout(cellSize: .items).prepare(estimated: items, viewport: viewport)
    }
    #expect(sticky?.layout.contains("sticky") == true)
  }

  @Test func aTagCloudPastItsLimitIsTooManyNotNegative() {
    let items = LayoutItems(sections: [.uniform(Size(width: 40, height: 30), count: over)])
    let cloud = tooMany { () throws(LayoutError) in
      _ = try TagCloudLayout().prepare(estimated: items, viewport: viewport)
    }
    #expect(cloud?.layout == "tag cloud")
    let split = LayoutItems(sections: [
      .uniform(Size(width: 40, height: 30), count: over / 2),
      .uniform(Size(width: 40, height: 30), count: over / 2 + 1),
    ])
    let table = tooMany { () throws(LayoutError) in
      _ = try TagTableLayout().prepare(estimated: split, viewport: viewport)
    }
    #expect(table?.layout == "tag table" && table?.count == over)
    let message = LayoutError.tooManyItems(count: over, limit: over - 1, layout: "tag cloud").description
    #expect(message.contains("\(over)") && message.contains("at most \(over - 1)") && !message.contains("negative"))
  }

  @Test func preferredSizesNeverPushATagCloudPastTheExtentLimit() throws {
    var cloud = try TagCloudLayout().prepare(
      estimated: LayoutItems(count: 40, size: Size(width: 80, height: 30)), viewport: viewport)
    let tall = Size(width: 100, height: 0x1p47)
    var accepted = 0
    for i in 0..<6 where cloud.setMeasuredSize(tall, for: .cell(i), keepingLinesFrom: nil) { accepted += 1 }
    #expect(accepted >= 1 && accepted < 6)
    #expect(cloud.contentSize(at: ScrollState()).height <= LayoutLimits.maximumExtent)
    // A height change alone on the same line: refused exactly at the limit.
    let before = cloud.contentSize(at: ScrollState())
    let refused = cloud.setMeasuredSize(Size(width: 100, height: LayoutLimits.maximumExtent), for: .cell(30))
    #expect(!refused)
    #expect(cloud.contentSize(at: ScrollState()) == before, "a refused size changes nothing")
  }

  @Test func aTagTableRowAndItsNeighboursAgreeAfterARefusedSize() throws {
    var table = try TagTableLayout().prepare(
      estimated: LayoutItems(sections: (0..<3).map { _ in .uniform(Size(width: 80, height: 30), count: 5) }),
      viewport: viewport)
    let neighbour = table.attributes(for: .cell(0, section: 2), at: ScrollState())?.frame
    let content = table.contentSize(at: ScrollState())
    let refused = table.setMeasuredSize(Size(width: 100, height: LayoutLimits.maximumExtent), for: .cell(0, section: 1))
    #expect(!refused)
    #expect(table.attributes(for: .cell(0, section: 2), at: ScrollState())?.frame == neighbour)
    #expect(table.contentSize(at: ScrollState()) == content)
    let accepted = table.setMeasuredSize(Size(width: 100, height: 0x1p40), for: .cell(0, section: 1))
    #expect(accepted)
    let grown = try #require(table.attributes(for: .cell(0, section: 2), at: ScrollState())?.frame)
    #expect(grown.minY > 0x1p40 && table.contentSize(at: ScrollState()).height > grown.minY)
  }

  @Test func checkedKindNamesAreBoundedInLengthAndNumber() throws {
    let long = String(repeating: "k", count: ElementKind.maximumNameLength + 1)
    #expect(throws: ElementKind.NameError.tooLong(length: long.utf8.count, limit: ElementKind.maximumNameLength)) {
      try ElementKind(checking: .supplementary, name: long)
    }
    let name = "a kind name longer than fifteen bytes \(UInt64.random(in: 0...UInt64.max))"
    let checked = try ElementKind(checking: .supplementary, name: name)
    #expect(checked == .supplementary(name) && checked.name == name)
    #expect(try ElementKind(checking: .decoration, name: "grid") == .decoration("grid"))
    // A full table refuses a new name but still knows the names it holds.
    #expect(KindNames.address(of: name + " new", limit: KindNames.count) == nil)
    #expect(KindNames.address(of: name, limit: KindNames.count) != nil)
  }

  @Test func manyDistinctLongKindsStayDistinctAndEqualByName() {
    let names = (0..<5000).map { "supplementary kind number \($0)" }
    let kinds = names.map { ElementKind.supplementary($0) }
    #expect(Set(kinds).count == names.count)
    for (i, name) in names.enumerated() where i % 97 == 0 {
      #expect(ElementKind.supplementary(name) == kinds[i] && kinds[i].name == name)
    }
    // Canonically equivalent names make one kind (é precomposed and not).
    #expect(ElementKind.supplementary("caf\u{E9} header kind") == ElementKind.supplementary("cafe\u{301} header kind"))
  }
}
