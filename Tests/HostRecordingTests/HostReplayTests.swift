import LayoutCore
import LayoutHost
import Testing

@testable import HostRecording

/// `HostReplay`: recorded calls applied to a host, as UIKit made them.
@Suite struct HostReplayTests {
  struct NoLayout: Error, CustomStringConvertible {
    var description: String { "no such layout" }
  }

  static func flow() -> any LayoutHosting {
    LayoutHost(FlowLayout(), itemSizes: .uniform(Size(width: 100, height: 100)))
  }

  static func replay() -> HostReplay {
    HostReplay(host: flow()) { name in
      guard name == "flow" else { throw NoLayout() }
      return flow()
    }
  }

  static let bounds = Rect(x: 0, y: 0, width: 390, height: 844)

  @Test func callsAnswerAsTheHostDoes() throws {
    var replay = Self.replay()
    var host = Self.flow()
    try host.prepare(bounds: Self.bounds, counts: [40])
    #expect(
      try replay.apply(.prepare(bounds: Self.bounds, counts: [40]))
        == .prepared(again: true, contentSize: host.contentSize))
    #expect(try replay.apply(.item(.cell(3), bounds: nil)) == .attributes(host.attributes(for: .cell(3))))
    #expect(try replay.apply(.item(.cell(99), bounds: nil)) == .attributes(nil))
    let moved = Rect(x: 0, y: 300, width: 390, height: 844)
    guard case .context(let context) = try replay.apply(.invalidationContextForBoundsChange(moved)) else {
      Issue.record("a context")
      return
    }
    #expect(context == host.invalidationContext(forBoundsChange: moved))
    #expect(try replay.apply(.invalidate(nil)) == .bounds(moved), "the last context applies")
    host.invalidate(with: context)
    #expect(
      try replay.apply(.elements(rect: nil, bounds: nil))
        == .elements(host.elements(in: moved).sorted { $0.id < $1.id }))
    #expect(try replay.apply(.finalizeUpdates) == HostAnswer.none)
  }

  @Test func aFailedCallChangesNothingAndNamesItsField() throws {
    var replay = Self.replay()
    #expect(throws: HostReplayError.self) { try replay.apply(.contentSize()) }
    do {
      _ = try replay.apply(.contentSize())
    } catch {
      #expect(error.field == "call" && error.message.contains("not prepared yet"))
    }
    _ = try replay.apply(.prepare(bounds: Self.bounds, counts: [40]))
    do {
      _ = try replay.apply(
        .prepareForUpdates(
          [.deleteItem(ItemPath(section: 0, item: 0))], counts: [40],
          bounds: Rect(x: 0, y: 500, width: 390, height: 844)))
      Issue.record("the update does not fit the counts")
    } catch {
      #expect(error.field == "updates" && error.hostError != nil)
    }
    #expect(replay.host.bounds == Self.bounds, "the line's bounds were undone with it")
    do {
      _ = try replay.apply(.transition(to: "nolayout", progress: 1, anchor: nil))
      Issue.record("no such layout")
    } catch {
      #expect(error.field == "to" && error.message == "no such layout")
    }
    do {
      _ = try replay.apply(.finishTransition(completed: nil))
      Issue.record("no transition")
    } catch {
      #expect(error.field == "call")
    }
    guard
      case .transition(let progress, _, _, let elements) = try replay.apply(
        .transition(to: "flow", progress: 0.25, anchor: nil))
    else {
      Issue.record("a transition")
      return
    }
    #expect(progress == 0.25 && !elements.isEmpty)
    #expect(try replay.apply(.finishTransition(completed: true)) == .finished(completed: true, offset: .zero))
    #expect(replay.transition == nil)
  }
}
