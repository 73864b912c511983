import Foundation
import HostReplaying
import LayoutCore
import LayoutHost
import Testing

/// The third hostile-input round (issue #36), engine, host, replay and CLI
/// input: each case below once trapped, hung, grew without bound, changed
/// something silently or got a misleading message.
@Suite struct HostileThirdRoundTests {

  // MARK: Counts a layout keeps per-item data for

  @Test(arguments: [
    ("waterfall", [String]()),
    ("flow", ["--item-sizes", "10x10,20x20"]),
    ("flow", ["--estimated", "50x50"]),
    ("sticky", ["--estimated", "390x44"]),
    ("tags", ["--viewport", "390x844", "--words", "10"]),
    ("tags", ["--viewport", "390x844", "--words", "10", "--estimated", "1x1"]),
    ("tag-table", ["--viewport", "390x844", "--estimated", "80x30"]),
  ])
  func hugeCountsAreRefusedBeforeAllocatingWithTheLimitAndLayoutNamed(name: String, arguments: [String]) throws {
    // 2^40 items: what the host accepts, and what once ended in "failed
    // to allocate 17592186044448 bytes".
    let answers = try replay(
      name, [#"{"call":"prepare","bounds":[0,0,390,844],"sections":[1099511627776]}"#], arguments: arguments)
    let error = try #require(answers[0]["error"] as? String)
    #expect(answers[0]["field"] as? String == "sections")
    #expect(error.contains("at most"), "the limit is named: \(error)")
    #expect(!error.contains("negative"), "a positive count is not called negative: \(error)")
  }

  @Test func aLayoutsOwnCountLimitIsBlamedOnTheSectionsNotTheBounds() throws {
    // Uniform sizes: the host asks nothing per item, the waterfall refuses
    // past its own limit (2^32).
    let answers = try replay(
      "waterfall",
      [
        #"{"call":"prepare","bounds":[0,0,390,844],"sections":[30]}"#,
        #"{"call":"prepare","bounds":[0,0,390,844],"sections":[8589934592]}"#,
      ], arguments: ["--item-size", "100x100"])
    #expect(answers[1]["error"] != nil)
    #expect(answers[1]["field"] as? String == "sections", "\(answers[1])")
  }

  @Test func aTransitionIntoALayoutThatStoresPerItemRefusesHugeCounts() throws {
    let answers = try replay(
      "flow",
      [
        #"{"call":"prepare","bounds":[0,0,390,844],"sections":[1099511627776]}"#,
        #"{"call":"transition","to":"waterfall","progress":0.5}"#,
      ])
    #expect(answers[0]["prepared"] as? Bool == true, "a uniform flow stores nothing per item")
    #expect(answers[1]["field"] as? String == "to")
    #expect((answers[1]["error"] as? String)?.contains("at most 16777216") == true)
  }

  @Test func anEstimatedTagParagraphOfAMillionTagsIsRefusedWithItsLimit() throws {
    let answers = try replay(
      "tags", [#"{"call":"prepare","bounds":[0,0,390,844],"sections":[1000000]}"#],
      arguments: ["--viewport", "390x844", "--words", "10", "--estimated", "1x1"])
    let error = try #require(answers[0]["error"] as? String)
    #expect(error.contains("10000") && error.contains("--paragraph-length"))
    let bounded = try replay(
      "tags", [#"{"call":"prepare","bounds":[0,0,390,844],"sections":[1000000]}"#],
      arguments: ["--viewport", "390x844", "--words", "10", "--estimated", "1x1", "--paragraph-length", "64"])
    #expect(bounded[0]["prepared"] as? Bool == true)
  }

  // MARK: Transitions

  @Test func anUpdateOrNewCountsDuringATransitionAreRefusedNotLost() throws {
    let answers = try replay(
      "flow",
      [
        #"{"call":"prepare","bounds":[0,0,390,844],"sections":[10]}"#,
        #"{"call":"transition","to":"sticky","progress":0.5}"#,
        #"{"call":"prepareForUpdates","updates":[{"action":"delete","before":[0,0]}],"sections":[9]}"#,
        #"{"call":"prepare","bounds":[0,0,390,844],"sections":[9]}"#,
        #"{"call":"finishTransition"}"#,
        #"{"call":"prepareForUpdates","updates":[{"action":"delete","before":[0,0]}],"sections":[9]}"#,
      ])
    #expect(answers[2]["field"] as? String == "call")
    #expect((answers[2]["error"] as? String)?.contains("transition is running") == true)
    #expect(answers[3]["field"] as? String == "sections")
    #expect(answers[4]["completed"] as? Bool == true)
    #expect(answers[5]["error"] == nil, "after the transition the update applies")
  }

  // MARK: JSON that the decoder would accept or call "not a JSON object"

  @Test(arguments: [
    (#"{"call":"prepare","bounds":[0,0,390,844],"sections":[3],"sections":[4]}"#, "sections", "twice"),
    (#"{"call":"elements","rect":[0,0,100,100],}"#, "line", "comma"),
    (#"{"call":"elements","rect":[0,0,100,100,]}"#, "rect.4", "comma"),
    (#"{"call":"elements","rect":[0,0,100,1e-400]}"#, "rect.3", "too small"),
    (
      #"{"call":"elements","rect":"# + String(repeating: "[", count: 600) + String(repeating: "]", count: 600) + "}",
      "line", "nested"
    ),
    (#"{"call":"prepareForUpdates","updates":[{"before":[0,0]}],"sections":[2]}"#, "updates.0.action", "missing"),
    (
      #"{"call":"supplementary","kind":""# + String(repeating: "k", count: 2000) + #"","indexPath":[0,0]}"#,
      "kind", "1024"
    ),
  ])
  func badLinesSayWhatIsWrong(line: String, field: String, words: String) throws {
    let answers = try replay("flow", [#"{"call":"prepare","bounds":[0,0,390,844],"sections":[3]}"#, line])
    #expect(answers[1]["field"] as? String == field, "\(answers[1])")
    let error = try #require(answers[1]["error"] as? String)
    #expect(error.contains(words), "\(error)")
    #expect(error != "not a JSON object")
  }

  @Test func aUTF16LineIsCalledUTF16() throws {
    let wide = String(decoding: Array(#"{"call":"contentSize"}"#.utf16).flatMap { [UInt8($0), 0] }, as: UTF8.self)
    let answers = try replay("flow", [wide])
    #expect((answers[0]["error"] as? String)?.contains("UTF-16") == true)
  }

  // MARK: Contexts

  @Test func contextsWithZeroSizeBoundsOrAnOffsetPastTheLimitAreRefused() throws {
    let answers = try replay(
      "flow",
      [
        #"{"call":"prepare","bounds":[0,0,390,844],"sections":[30]}"#,
        #"{"call":"invalidate","context":{"bounds":[0,0,0,0]}}"#,
        #"{"call":"invalidate","context":{"contentOffsetAdjustment":[0,281474976710000]}}"#,
        #"{"call":"invalidate","context":{"contentOffsetAdjustment":[0,281474976710000]}}"#,
        #"{"call":"contentSize"}"#,
      ])
    #expect(answers[1]["field"] as? String == "context.bounds")
    #expect(answers[2]["error"] == nil)
    #expect(answers[3]["field"] as? String == "context.contentOffsetAdjustment")
    #expect(answers[4]["contentSize"] != nil, "later queries still answer")
  }

  // MARK: Standard input

  /// Runs `scrollwork replay flow --calls -` with standard input from
  /// the shell redirection `redirect`.
  func replayFromShell(_ redirect: String) throws -> (status: Int32, out: String, err: String) {
    let binary = scrollworkExecutable().path
    return try runProcess(
      URL(fileURLWithPath: "/bin/sh"), ["-c", "'\(binary)' replay flow --calls - \(redirect)"])
  }

  @Test(arguments: [
    ("< /", "folder"),
    ("<&-", "closed"),
    ("0>/dev/null", "not open for reading"),
    ("< /dev/zero", "larger than 16777216 bytes"),
  ])
  func standardInputThatCannotBeReadIsAnError(redirect: String, words: String) throws {
    let (status, out, err) = try replayFromShell(redirect)
    #expect(status != 0)
    #expect(out.isEmpty)
    #expect(err.contains(words), "\(err)")
  }

  @Test func invalidUTF8OnStandardInputIsRefusedAsInAFile() throws {
    let folder = temporaryFolder("hostile3")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/bad.jsonl"
    var bytes = Array(#"{"call":"prepare","bounds":[0,0,390,844],"sections":[3]}"#.utf8)
    bytes.append(0xFF)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let (status, out, err) = try replayFromShell("< '\(path)'")
    #expect(status != 0 && out.isEmpty)
    #expect(err.contains("not UTF-8"), "\(err)")
  }

  @Test func aTinyStretchyHeaderIsBlamedOnItsOption() throws {
    // The engine refused it in its own words ("a stretchy header's height"),
    // so the campaign could not tell which option was wrong.
    let (status, out, err) = try runScrollwork([
      "inspect", "sticky", "--preset", "jungleCup", "--viewport", "100x100", "--items", "0", "--item-size", "1x1",
      "--header-height", "1e-300", "--item-cells",
    ])
    #expect(status != 0 && out.isEmpty)
    #expect(err.contains("--header-height"), "\(err)")
    // 0 (no header) and a height of a whole point are accepted.
    for height in ["0", "1"] {
      let ok = try runScrollwork([
        "inspect", "sticky", "--preset", "jungleCup", "--viewport", "100x100", "--items", "0", "--item-size", "1x1",
        "--header-height", height, "--item-cells",
      ])
      #expect(ok.status == 0, "\(height): \(ok.err)")
    }
  }
}
