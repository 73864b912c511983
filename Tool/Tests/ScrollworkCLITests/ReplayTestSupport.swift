import HostReplaying
import LayoutHost
import Testing
@testable import scrollwork

/// The answers to `lines` on a fresh replay host of the layout `name`
/// (with its replay `arguments`), each parsed as a JSON object.
func replay(_ name: String, _ lines: [String], arguments: [String] = []) throws -> [[String: Any]] {
  let entry = try #require(LayoutRegistry.entry(named: name))
  var replayer = Replayer(host: try entry.replayHost(arguments: arguments), makeHost: LayoutRegistry.replayHost(named:))
  return try lines.enumerated().map { i, line in
    try #require(try json(replayer.answer(line, number: i + 1).text) as? [String: Any])
  }
}
