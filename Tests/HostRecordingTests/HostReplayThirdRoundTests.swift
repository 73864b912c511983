import LayoutCore
import LayoutHost
import Synchronization
import Testing

@testable import HostRecording

/// Replay behaviour the third hostile round asked for (issue #36).
@Suite struct HostReplayThirdRoundTests {
  static let bounds = Rect(x: 0, y: 0, width: 390, height: 844)

  static func flow() -> any LayoutHosting {
    LayoutHost(FlowLayout(), itemSizes: .uniform(Size(width: 100, height: 100)))
  }

  /// A layout that refuses the counts as a configuration error (the album
  /// takes one section, the waterfall at most 50,000,000 items) on a first
  /// prepare: the sections' fault, not the bounds' (issue #36).
  @Test func aLayoutRefusingTheCountsBlamesTheSections() throws {
    let photo = ItemSizeSource.uniform(Size(width: 40, height: 30))
    let cases: [(any LayoutHosting, [Int])] = [
      (LayoutHost(AlbumPagerLayout(), itemSizes: photo), [3, 3]),
      (LayoutHost(WaterfallLayout(columnCount: 2), itemSizes: photo), [WaterfallLayout.maximumItemCount + 1]),
    ]
    for (host, counts) in cases {
      var replay = HostReplay(host: host) { _ in host }
      do {
        _ = try replay.apply(.prepare(bounds: Self.bounds, counts: counts))
        Issue.record("\(counts) refused")
      } catch {
        #expect(error.field == "sections", "\(error)")
      }
      // Bounds no layout has room in stay the bounds' fault.
      do {
        _ = try replay.apply(.prepare(bounds: Rect(x: 0, y: 0, width: 0, height: 844), counts: [1]))
        Issue.record("no room")
      } catch {
        #expect(error.field == "bounds", "\(error)")
      }
    }
  }

  @Test func aTransitionTargetNamedOnEveryLineIsMadeOnce() throws {
    let made = Mutex(0)
    var replay = HostReplay(host: Self.flow()) { _ in
      made.withLock { $0 += 1 }
      return Self.flow()
    }
    _ = try replay.apply(.prepare(bounds: Self.bounds, counts: [40]))
    for i in 0..<12 {
      _ = try replay.apply(.transition(to: "flow", progress: Double(i) / 12, anchor: nil, bounds: nil))
    }
    #expect(made.withLock { $0 } == 1)
    _ = try replay.apply(.transition(to: "other", progress: 0.5, anchor: nil, bounds: nil))
    #expect(made.withLock { $0 } == 2)
  }

  @Test func callsThatChangeTheDataWhileATransitionRunsAreRefusedAndChangeNothing() throws {
    var replay = HostReplay(host: Self.flow()) { _ in Self.flow() }
    _ = try replay.apply(.prepare(bounds: Self.bounds, counts: [10]))
    _ = try replay.apply(.transition(to: "flow", progress: 0.3, anchor: nil, bounds: nil))
    #expect(throws: HostReplayError.self) {
      try replay.apply(.prepareForUpdates([.deleteItem(ItemPath(section: 0, item: 0))], counts: [9], bounds: nil))
    }
    #expect(throws: HostReplayError.self) { try replay.apply(.prepare(bounds: Self.bounds, counts: [9])) }
    #expect(replay.host.counts == [10] && replay.transition != nil)
    _ = try replay.apply(.finishTransition(completed: true, bounds: nil))
    _ = try replay.apply(.prepareForUpdates([.deleteItem(ItemPath(section: 0, item: 0))], counts: [9], bounds: nil))
    _ = try replay.apply(.finalizeUpdates)
    #expect(replay.host.counts == [9])
  }

  @Test func aResizeThatMakesContentTooLongIsBlamedOnTheBounds() throws {
    // 2^40 items 100×300: three a row in 390 points (1.1e14 tall), one a
    // row in 100 (3.3e14, past the extent limit).
    let tall: any LayoutHosting = LayoutHost(FlowLayout(), itemSizes: .uniform(Size(width: 100, height: 300)))
    var replay = HostReplay(host: tall) { _ in tall }
    let count = 1 << 40
    _ = try replay.apply(.prepare(bounds: Self.bounds, counts: [count]))
    do {
      _ = try replay.apply(.prepare(bounds: Rect(x: 0, y: 0, width: 100, height: 844), counts: [count]))
      Issue.record("the content is too long")
    } catch {
      #expect(error.field == "bounds", "\(error)")
    }
    do {
      _ = try replay.apply(.prepare(bounds: Rect(x: 0, y: 0, width: 100, height: 844), counts: [count / 2, count / 2]))
      Issue.record("the content is too long")
    } catch {
      #expect(error.field == "sections", "\(error)")
    }
  }

  @Test(arguments: [
    (String(repeating: "[", count: 100) + String(repeating: "]", count: 100), "line"),
    (#"{"call":"contentSize","bounds":[0,0,1,1e-999]}"#, "bounds.3"),
    (#"{"call":"contentSize","bounds":[0,0,1,1],}"#, "line"),
    (#"{"call":"invalidate","context":{"items":[[0,0],],"everything":true}}"#, "context.items.1"),
  ])
  func linesTheDecoderWouldMisnameAreNamed(line: String, field: String) {
    do {
      _ = try HostLine(jsonLine: line)
      Issue.record("refused: \(line)")
    } catch {
      #expect(error.field == field, "\(error)")
      #expect(error.reason != .notAnObject)
    }
  }

  @Test func aDuplicateKeyAfterManyKeysIsFound() {
    // The scan keeps each object's keys in a set that grows in place.
    let keys = (0..<20_000).map { "\"kind \($0)\":[[0,0]]" }.joined(separator: ",")
    do {
      _ = try HostLine(jsonLine: #"{"call":"invalidate","context":{"supplementary":{"# + keys + #","kind 7":[]}}}"#)
      Issue.record("a duplicate key is refused")
    } catch {
      #expect(error.reason == .duplicateKey("kind 7") && error.field == "context.supplementary.kind 7", "\(error)")
    }
  }

  @Test func manyLongKindNamesInOneContextAreRead() throws {
    let kinds = (0..<2000).map { "\"a long supplementary kind \($0)\":[[0,0]]" }.joined(separator: ",")
    let call = try HostCall(jsonLine: #"{"call":"invalidate","context":{"supplementary":{"# + kinds + "}}}")
    guard case .invalidate(let context?, _) = call else {
      Issue.record("an invalidate call")
      return
    }
    #expect(context.elements.count == 2000)
  }
}
