#if canImport(UIKit)
  import UIKit
#else
  import Foundation
  import UIKitStandIn
#endif
import LayoutCore
import LayoutHost
import ScrollworkTestSupport
import ScrollworkUIKit
import Testing

/// Every layout of the catalog driven through a collection view as an app
/// drives it: first layout, scrolls, batch updates from the data source,
/// reloads. What the views show is checked against a fresh host at the
/// same bounds (the model the shell forwards to), and the anchor's screen
/// position across each update.
@MainActor
@Suite struct ShellDrivingTests {
  /// One catalog case: a collection view over the layout, at the case's
  /// bounds, with a data source of the case's counts.
  struct Scene {
    var view: UICollectionView
    var data: TestDataSource
    var reference: any LayoutHosting
    var name: String
  }

  static func scene(_ name: String, seed: UInt64) throws -> Scene {
    var random = SplitMix64(seed: seed)
    let drawn = try #require(RandomLayouts.layout(named: name)).random(&random)
    let layout = shell(for: drawn.host)
    let view = UICollectionView(frame: CGRect(drawn.bounds), collectionViewLayout: layout)
    let data = TestDataSource(counts: drawn.counts)
    data.register(in: view)
    view.dataSource = data
    view.layoutIfNeeded()
    return Scene(
      view: view, data: data, reference: drawn.host, name: "\(name)#\(seed) \(drawn.description.prefix(200))")
  }

  /// A fresh host prepared at the view's bounds with the data's counts.
  static func fresh(_ scene: Scene) throws -> any LayoutHosting {
    var host = scene.reference
    try host.prepare(bounds: Rect(scene.view.bounds), counts: scene.data.sections.map(\.count))
    return host
  }

  /// Every visible cell sits where a fresh host puts it, and the visible
  /// cells are the cells a fresh host has on screen.
  static func expectShowsHost(_ scene: Scene, _ note: String) throws {
    let host = try fresh(scene)
    let view = scene.view
    let expected = host.elements(in: Rect(view.bounds)).filter { $0.id.kind == .cell }
    let visible = Set(view.indexPathsForVisibleItems)
    #expect(
      visible == Set(expected.map { IndexPath(item: $0.id.item, section: $0.id.section) }),
      "\(scene.name) \(note): the visible cells")
    for a in expected {
      let path = IndexPath(item: a.id.item, section: a.id.section)
      guard let cell = view.cellForItem(at: path) else { continue }
      #expect(
        isClose(Point(x: Double(cell.center.x), y: Double(cell.center.y)), a.center, tolerance: 1e-9)
          && isClose(Double(cell.bounds.width), a.size.width) && isClose(Double(cell.bounds.height), a.size.height)
          && isClose(Double(cell.alpha), a.alpha),
        "\(scene.name) \(note): cell \(path) at \(cell.center) \(cell.bounds.size), host \(a.center) \(a.size)")
    }
  }

  @Test(arguments: shellCases) func firstLayoutAndScrollsShowTheHost(_ name: String, _ seed: UInt64) throws {
    let scene = try Self.scene(name, seed: seed)
    try Self.expectShowsHost(scene, "first layout")
    var rng = SplitMix64(seed: seed)
    let size = scene.view.collectionViewLayout.collectionViewContentSize
    for step in 0..<8 {
      let maxX = Swift.max(0, Double(size.width - scene.view.bounds.width))
      let maxY = Swift.max(0, Double(size.height - scene.view.bounds.height))
      scene.view.contentOffset = CGPoint(x: rng.double(in: 0...maxX), y: rng.double(in: 0...maxY))
      scene.view.layoutIfNeeded()
      try Self.expectShowsHost(scene, "scroll \(step)")
    }
  }

  /// The first visible surviving cell's screen position before an update.
  static func anchor(_ scene: Scene, surviving: (IndexPath) -> IndexPath?) -> (old: IndexPath, screen: CGPoint)? {
    let view = scene.view
    for path in view.indexPathsForVisibleItems.sorted() where surviving(path) != nil {
      guard let frame = view.layoutAttributesForItem(at: path)?.frame else { continue }
      return (path, CGPoint(x: frame.minX - view.contentOffset.x, y: frame.minY - view.contentOffset.y))
    }
    return nil
  }

  @Test(arguments: shellCases) func batchUpdatesKeepTheAnchorAndShowTheHost(_ name: String, _ seed: UInt64) throws {
    let scene = try Self.scene(name, seed: seed)
    guard let layout = scene.view.collectionViewLayout as? any ScrollworkHosting else {
      Issue.record("not a Scrollwork layout")
      return
    }
    _ = layout
    var rng = SplitMix64(seed: seed &+ 7)
    let size = scene.view.collectionViewLayout.collectionViewContentSize
    scene.view.contentOffset = CGPoint(
      x: 0, y: rng.double(in: 0...Swift.max(0, Double(size.height - scene.view.bounds.height))))
    scene.view.layoutIfNeeded()
    for step in 0..<4 {
      // Delete every fifth item of the first non-empty section and insert two.
      guard let s = scene.data.sections.firstIndex(where: { $0.count > 3 }) else { return }
      let old = scene.data.sections[s]
      let deleted = stride(from: rng.int(in: 0...4), to: old.count, by: 5).map { $0 }
      var kept = old.enumerated().filter { !deleted.contains($0.offset) }.map(\.element)
      let ids = [scene.data.nextID, scene.data.nextID + 1]
      scene.data.nextID += 2
      kept.insert(ids[0], at: 0)
      kept.insert(ids[1], at: kept.count / 2)
      let inserted = [0, kept.firstIndex(of: ids[1])!]
      let survivors = Dictionary(uniqueKeysWithValues: kept.enumerated().map { ($0.element, $0.offset) })
      let before = Self.anchor(scene) { path in
        path.section == s ? survivors[old[path.item]].map { IndexPath(item: $0, section: s) } : path
      }
      let offsetBefore = scene.view.contentOffset
      try catchingUIKitExceptions {
        scene.view.performBatchUpdates {
          scene.data.sections[s] = kept
          scene.view.deleteItems(at: deleted.map { IndexPath(item: $0, section: s) })
          scene.view.insertItems(at: inserted.map { IndexPath(item: $0, section: s) })
        }
      }
      scene.view.layoutIfNeeded()
      #expect(
        (scene.view.collectionViewLayout as? ScrollworkLayoutErrorReporting)?.reportedError == nil,
        "\(scene.name) step \(step): the host refused UIKit's update")
      if let before, let newPath = before.old.section == s ? survivors[old[before.old.item]] : before.old.item,
        let frame = scene.view.layoutAttributesForItem(at: IndexPath(item: newPath, section: before.old.section))?.frame
      {
        let screen = CGPoint(x: frame.minX - scene.view.contentOffset.x, y: frame.minY - scene.view.contentOffset.y)
        let limits = scene.view.standInOffsetLimits
        let clamped =
          scene.view.contentOffset.y <= limits.min.y + 1e-9 || scene.view.contentOffset.y >= limits.max.y - 1e-9
        #expect(
          clamped || abs(screen.y - before.screen.y) < 1e-6,
          "\(scene.name) step \(step): the anchor moved on screen from \(before.screen) to \(screen) (offset \(offsetBefore) → \(scene.view.contentOffset))"
        )
      }
      try Self.expectShowsHost(scene, "update \(step)")
    }
  }

  @Test(arguments: shellCases) func aReloadShowsTheHost(_ name: String, _ seed: UInt64) throws {
    let scene = try Self.scene(name, seed: seed)
    scene.data.sections = scene.data.sections.map { Array($0.prefix($0.count / 2)) }
    scene.view.reloadData()
    scene.view.layoutIfNeeded()
    try Self.expectShowsHost(scene, "reload")
  }
}

/// Two random configurations of every catalog layout.
let shellCases: [(String, UInt64)] = RandomLayouts.all.flatMap { layout -> [(String, UInt64)] in
  [(layout.name, 1), (layout.name, 2)]
}

/// The last error a `ScrollworkLayout` reported, whatever its engine layout.
@MainActor
protocol ScrollworkLayoutErrorReporting {
  var reportedError: HostError? { get }
}

extension ScrollworkLayout: ScrollworkLayoutErrorReporting {
  var reportedError: HostError? { lastError }
}
