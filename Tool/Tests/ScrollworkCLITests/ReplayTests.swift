import Foundation
import HostReplaying
import LayoutCore
import LayoutHost
import Testing
@testable import scrollwork

/// `scrollwork replay`: UIKit's calls replayed on every registered layout.
@Suite struct ReplayTests {
  /// The arguments a layout's replay needs besides the calls (none for most).
  static func arguments(_ name: String) -> [String] {
    switch name {
    case "tags": ["--viewport", "390x844", "--words", "300", "--estimated", "80x30"]
    case "tag-table": ["--viewport", "390x844", "--rows", "12"]
    default: []
    }
  }

  /// The section counts the script uses: the album takes one section.
  static func sections(_ name: String) -> String { name == "album" ? "[40]" : "[40,25]" }

  /// Replays `lines` on a fresh host of `name`; the answers, one per line.
  static func replay(_ name: String, _ lines: [String]) throws -> [[String: Any]] {
    let lines = lines.map { $0.replacingOccurrences(of: "SECTIONS", with: sections(name)) }
    let entry = try #require(LayoutRegistry.entry(named: name))
    var replayer = Replayer(
      host: try entry.replayHost(arguments: arguments(name)), makeHost: LayoutRegistry.replayHost(named:))
    return try lines.enumerated().map { i, line in
      let answer = replayer.answer(line, number: i + 1)
      #expect(!answer.text.contains("nan") && !answer.text.contains("inf"), "\(name): \(answer.text)")
      return try #require(try json(answer.text) as? [String: Any])
    }
  }

  /// A recording's format line that says the recorded host deferred the
  /// waterfall's settle (what `ScrollworkLayout`'s recorder writes) sets the
  /// replay's host the same way, and the answer says so.
  @Test func aFormatLineThatDefersTheSettleSetsTheReplaysHost() throws {
    let entry = try #require(LayoutRegistry.entry(named: "waterfall"))
    var replayer = Replayer(
      host: try entry.replayHost(arguments: ["--estimated", "3x4"]), makeHost: LayoutRegistry.replayHost(named:))
    #expect(!replayer.replay.host.defersSettle)
    let answer = try #require(
      try json(replayer.answer(#"{"format":1,"defersSettle":true}"#, number: 1).text) as? [String: Any])
    #expect(answer["format"] as? Int == 1)
    #expect(answer["defersSettle"] as? Bool == true)
    #expect(replayer.replay.host.defersSettle)
    let plain = try #require(try json(replayer.answer(#"{"format":1}"#, number: 2).text) as? [String: Any])
    #expect(plain["defersSettle"] == nil)
  }

  static let script = [
    #"{"format":1}"#,
    #"{"call":"prepare","bounds":[0,0,390,844],"sections":SECTIONS}"#,
    #"{"call":"elements","rect":[0,0,390,844]}"#,
    #"{"call":"item","indexPath":[0,3]}"#,
    #"{"call":"item","indexPath":[7,0]}"#,
    #"{"call":"supplementary","kind":"header","indexPath":[0,0]}"#,
    #"{"call":"shouldInvalidateForBoundsChange","bounds":[0,300,390,844]}"#,
    #"{"call":"invalidationContextForBoundsChange","bounds":[0,300,390,844]}"#,
    #"{"call":"invalidate"}"#,
    #"{"call":"elements","rect":[0,300,390,844]}"#,
    #"{"call":"shouldInvalidateForPreferredSize","indexPath":[0,3],"preferredSize":[120,48]}"#,
    #"{"call":"invalidationContextForPreferredSize","indexPath":[0,3],"preferredSize":[120,48]}"#,
    #"{"call":"invalidate"}"#,
    #"{"call":"prepareForUpdates","updates":[{"action":"delete","before":[0,0]},{"action":"insert","after":[0,5]}],"sections":SECTIONS}"#,
    #"{"call":"initialForAppearingItem","indexPath":[0,5]}"#,
    #"{"call":"finalForDisappearingItem","indexPath":[0,0]}"#,
    #"{"call":"targetContentOffsetForProposed","proposed":[0,1234]}"#,
    #"{"call":"finalizeUpdates"}"#,
    #"{"call":"targetContentOffset","proposed":[0,1234],"velocity":[0,-800]}"#,
    #"{"call":"prepareForUpdates","updates":[{"action":"delete","before":[0,0]}],"sections":SECTIONS}"#,
    #"{"call":"elements","bounds":[0,350,390,844],"rect":[0,350,390,844]}"#,
    "not json",
    #"{"call":"teleport"}"#,
    #"{"call":"item","indexPath":[0]}"#,
    #"{"call":"prepare","bounds":[0,0,1e999,844],"sections":SECTIONS}"#,
    #"{"call":"elements","rect":[0,350,390,844]}"#,
  ]

  @Test(arguments: LayoutRegistry.names)
  func everyLayoutAnswersEveryCall(_ name: String) throws {
    let answers = try Self.replay(name, Self.script)
    #expect(answers.count == Self.script.count)
    for (i, answer) in answers.enumerated() {
      #expect(answer["line"] as? Int == i + 1)
    }
    let failed = answers.enumerated().filter { $0.element["error"] != nil }.map { $0.offset + 1 }
    // The inconsistent update, the bad lines and the infinite bounds fail; nothing else.
    #expect(failed == [20, 22, 23, 24, 25], "\(name): \(answers.filter { $0["error"] != nil })")
    #expect(answers[21]["field"] as? String == "line")
    #expect(answers[22]["field"] as? String == "call")
    #expect(answers[23]["field"] as? String == "indexPath")
    #expect((answers[4]["attributes"] as? NSNull) != nil, "an item that does not exist is null")
    #expect(answers[8]["bounds"] as? [Double] == [0, 300, 390, 844])
    // After the scrolls, invalidations and updates, the elements at the last bounds are those of a fresh prepare.
    let fresh = try Self.replay(
      name,
      [
        #"{"call":"prepare","bounds":[0,350,390,844],"sections":SECTIONS}"#,
        #"{"call":"invalidationContextForPreferredSize","indexPath":[0,3],"preferredSize":[120,48]}"#,
        #"{"call":"invalidate"}"#,
        #"{"call":"elements","bounds":[0,350,390,844],"rect":[0,350,390,844]}"#,
      ])
    let replayed = try JSONSerialization.data(withJSONObject: answers[25]["elements"] ?? [], options: [.sortedKeys])
    let expected = try JSONSerialization.data(withJSONObject: fresh[3]["elements"] ?? [], options: [.sortedKeys])
    // Layouts that take the preferred size re-place items by the order sizes arrive (and their
    // arithmetic may differ in the last bits from a fresh prepare): compared only where it took none.
    let tookSize = ((answers[11]["context"] as? [String: Any])?["items"] as? [Any]).map { !$0.isEmpty } ?? false
    if !tookSize {
      #expect(replayed == expected, "\(name): the replayed elements differ from a fresh prepare's")
    }
  }

  @Test func theCommandLineReadsAFileAndFailsWithStatusOneOnABadLine() throws {
    let folder = temporaryFolder("replay")
    let path = folder + "/calls.jsonl"
    let script = Self.script.map { $0.replacingOccurrences(of: "SECTIONS", with: "[40,25]") }
    try script.prefix(10).joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
    let ok = try runScrollwork(["replay", "flow", "--item-size", "120x120", "--calls", path])
    #expect(ok.status == 0, "\(ok.err)")
    #expect(ok.out.split(separator: "\n").count == 10)
    try (script.prefix(10) + ["{]"]).joined(separator: "\r\n").write(toFile: path, atomically: true, encoding: .utf8)
    let bad = try runScrollwork(["replay", "flow", "--calls", path])
    #expect(bad.status == 1)
    #expect(bad.out.split(separator: "\n").last?.contains(#""line":11"#) == true)
    let missing = try runScrollwork(["replay", "flow", "--calls", folder + "/nothing.jsonl"])
    #expect(missing.status != 0 && missing.err.contains("--calls"))
  }

  @Test func aTransitionSwitchesLayoutsByIdentity() throws {
    let answers = try Self.replay(
      "photos",
      [
        #"{"call":"prepare","bounds":[0,2000,390,844],"sections":[40,120,35]}"#,
        #"{"call":"transition","to":"photos --mode columns:5","progress":0.4,"anchor":[120,400]}"#,
        #"{"call":"transition","progress":0.9}"#,
        #"{"call":"transition","progress":0.2}"#,
        #"{"call":"finishTransition","completed":false}"#,
        #"{"call":"transition","to":"photos --mode months","progress":1}"#,
        #"{"call":"finishTransition"}"#,
        #"{"call":"elements"}"#,
        #"{"call":"transition","to":"nolayout","progress":1}"#,
      ])
    #expect(answers[1]["progress"] as? Double == 0.4)
    #expect(answers[3]["progress"] as? Double == 0.2)
    #expect(answers[4]["offset"] as? [Double] == [0, 2000], "a cancelled transition rests where it started")
    let target = try #require(answers[5]["targetOffset"] as? [Double])
    #expect(answers[6]["offset"] as? [Double] == target)
    #expect(!((answers[7]["elements"] as? [Any]) ?? []).isEmpty)
    #expect(answers[8]["field"] as? String == "to")
  }
}
