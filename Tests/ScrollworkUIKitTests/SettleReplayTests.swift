#if canImport(UIKit)
  import UIKit
#else
  import Foundation
  import UIKitStandIn
#endif
import HostRecording
import LayoutCore
import LayoutHost
import ScrollworkUIKit
import Testing

/// A recording of the UIKit shell's settle replays as the shell answered:
/// `ScrollworkLayout`'s host leaves the settle to the shell (it animates
/// it in a batch update), the recording's format line says so, and the
/// replay's host does the same instead of settling inside a preferred
/// size's or a bounds change's context.
@MainActor
@Suite struct SettleReplayTests {
  static func freshHost() -> LayoutHost<PreparedWaterfallLayout> {
    LayoutHost(
      WaterfallLayout(columnCount: 2, columnSpacing: 8, itemSpacing: 8),
      itemSizes: .uniform(Size(width: 3, height: 4)), estimated: true)
  }

  @Test func aRecordedSettleReplaysAsTheShellAnswered() throws {
    let (view, layout, data) = WaterfallSettleShellTests.makeView(count: 600)
    defer { withExtendedLifetime(data) {} }
    var lines: [String] = []
    layout.recorder = LayoutCallRecorder { lines.append($0) }
    let settles = try WaterfallSettleShellTests.scrollUp(view, layout, from: 4000)
    #expect(settles.count == 1, "the shell settled once (\(settles.count))")

    let header = try HostLine(jsonLine: try #require(lines.first))
    #expect(header == .header(format: HostCall.formatVersion, defersSettle: true), "the format line: \(header)")

    var replay = HostReplay(host: Self.freshHost()) { _ in Self.freshHost() }
    var failures: [String] = []
    var settledInAContext: [String] = []
    for line in lines {
      switch try HostLine(jsonLine: line) {
      case .header(_, let defers): replay.defersSettle = defers
      case .call(let call):
        do throws(HostReplayError) {
          _ = try replay.apply(call)
        } catch {
          failures.append("\(line): \(error)")
        }
        if settledInAContext.isEmpty, let host = replay.host as? LayoutHost<PreparedWaterfallLayout>,
          host.pendingSettle != nil
        {
          settledInAContext.append(line)
        }
      }
    }
    #expect(failures.isEmpty, "\(failures.prefix(3))")
    #expect(settledInAContext.isEmpty, "the replay settled where the shell did not: \(settledInAContext.prefix(2))")
    // It ends where the view is: flush columns, the same frames.
    let host = try #require(replay.host as? LayoutHost<PreparedWaterfallLayout>)
    #expect((host.prepared?.topSlack(inSection: 0) ?? .infinity) <= 1)
    for a in host.elements(in: Rect(view.bounds)) where a.id.kind == .cell {
      let live = try #require(layout.layoutAttributesForItem(at: IndexPath(item: a.id.item, section: a.id.section)))
      #expect(CGRect(a.frame) == live.frame, "\(a.id)")
    }
  }
}
