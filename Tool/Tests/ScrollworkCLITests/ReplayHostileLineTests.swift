import Foundation
import HostReplaying
import LayoutCore
import LayoutHost
import Testing
@testable import scrollwork

/// Hostile replay lines, as the campaign (Scripts/campaign.py) sends them:
/// each is refused with the field at fault, never answered as if it were
/// good, and never blamed on the wrong field.
@Suite struct ReplayHostileLineTests {

  let prepare = #"{"call":"prepare","bounds":[0,0,390,844],"sections":[20]}"#

  @Test(arguments: [
    (#"{"call":"elements","rect":[0,NaN,390,844]}"#, "rect.1"),
    (#"{"call":"elements","rect":[0,1e309,390,844]}"#, "rect.1"),
    (#"{"call":"targetContentOffset","proposed":[0,0],"velocity":[-Infinity,0]}"#, "velocity.0"),
    (
      #"{"call":"invalidate","context":{"items":[[0,0]],"contentOffsetAdjustment":[0,NaN]}}"#,
      "context.contentOffsetAdjustment.1"
    ),
    (#"{"call":"item","indexPath":[0.5,1]}"#, "indexPath.0"),
    (#"{"call":"item","indexPath":[0,99999999999999999999]}"#, "indexPath.1"),
    (#"{"call":"prepare","bounds":[0,0,390,844],"sections":[1.5]}"#, "sections.0"),
    // What a recorder writes where UIKit passed a non-finite number.
    (#"{"call":"elements","rect":[0,"NaN",390,844]}"#, "rect.1"),
    (#"{"call":"targetContentOffset","proposed":[0,0],"velocity":["-Infinity",0]}"#, "velocity.0"),
    (
      #"{"call":"shouldInvalidateForPreferredSize","indexPath":[0,0],"preferredSize":["Infinity",30]}"#,
      "preferredSize.0"
    ),
    // A value past LayoutLimits.maximumExtent: the number at fault.
    (#"{"call":"elements","rect":[0,1e300,390,844]}"#, "rect.1"),
    // A key given twice: neither value is taken.
    (#"{"call":"item","indexPath":[0,0],"indexPath":[0,1]}"#, "indexPath"),
  ])
  func valuesThatAreNotJSONNumbersNameTheirField(line: String, field: String) throws {
    let answers = try replay("flow", [prepare, line])
    #expect(answers[1]["field"] as? String == field, "\(answers[1])")
    #expect((answers[1]["error"] as? String)?.isEmpty == false)
    #expect(answers[1]["line"] as? Int == 2)
  }

  @Test func aProgressOutsideZeroToOneIsRefusedNotClamped() throws {
    for progress in ["-1e308", "1e308", "1.5", "-0.25", "281474976710656"] {
      let answers = try replay(
        "flow", [prepare, #"{"call":"transition","to":"photos --mode columns:5","progress":"# + progress + "}"])
      #expect(answers[1]["field"] as? String == "progress", "\(progress): \(answers[1])")
    }
    let good = try replay("flow", [prepare, #"{"call":"transition","to":"photos","progress":0.25}"#])
    #expect(good[1]["progress"] as? Double == 0.25)
  }

  @Test func callsBeforeAPrepareSaySoNotThatTheViewportIsZero() throws {
    let answers = try replay(
      "flow", [#"{"call":"contentSize"}"#, #"{"call":"elements"}"#, prepare, #"{"call":"contentSize"}"#])
    for answer in answers.prefix(2) {
      #expect(answer["field"] as? String == "call", "\(answer)")
      #expect((answer["error"] as? String)?.contains("not prepared yet") == true)
      #expect((answer["error"] as? String)?.contains("0.0x0.0") == false)
    }
    #expect(answers[3]["contentSize"] != nil)
  }

  @Test func boundsTooNarrowForTheLayoutAreBlamedOnTheBounds() throws {
    let answers = try replay("photos", [#"{"call":"prepare","bounds":[0,0,2,2],"sections":[5]}"#])
    #expect(answers[0]["field"] as? String == "bounds", "\(answers[0])")
    let counts = try replay("photos", [#"{"call":"prepare","bounds":[0,0,390,844],"sections":[-1]}"#])
    #expect(counts[0]["field"] as? String == "sections", "\(counts[0])")
  }

  // The scan that names a bad token's field is HostRecording's
  // (HostCallFormatTests.theScanFindsTheFirstBadTokenAndTheFirstDuplicateKey).

  @Test func aRecordedLineReplaysAndANonFiniteOneIsRefusedNotAnsweredAsZero() throws {
    // As LayoutCallRecorder writes them (HostCallFormatTests pins the bytes).
    let recorded = [
      #"{"format":1}"#,
      #"{"call":"prepare","bounds":[0,0,390,844],"sections":[20]}"#,
      #"{"call":"invalidationContextForPreferredSize","indexPath":[0,3],"preferredSize":["NaN",48]}"#,
      #"{"call":"invalidationContextForPreferredSize","indexPath":[0,3],"preferredSize":[0,48]}"#,
    ]
    let answers = try replay("flow", recorded)
    #expect(answers[0]["format"] as? Int == 1)
    #expect(answers[1]["contentSize"] != nil)
    #expect(answers[2]["field"] as? String == "preferredSize.0", "\(answers[2])")
    #expect(answers[3]["context"] != nil, "\(answers[3])")
  }

  @Test func benchNamesItsFilterWhenNothingMatches() throws {
    var bench = try Bench.parse(["--quick", "--filter", "nosuch"])
    #expect {
      try bench.run()
    } throws: { error in
      "\(error)".contains("--filter 'nosuch'")
    }
    bench = try Bench.parse(["--quick", "--filter", "*"])
    #expect(throws: (any Error).self) { try bench.run() }
  }
}
