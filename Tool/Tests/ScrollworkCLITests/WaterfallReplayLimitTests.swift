import Foundation
import Testing

/// `replay waterfall` with counts the waterfall cannot allocate: a typed
/// error naming the waterfall and its limit, exit status 1, no trap, with
/// the default (cycling photo-like) sizes and with an estimate; a count
/// within the limit still prepares.
@Suite struct WaterfallReplayLimitTests {
  @Test(arguments: [[], ["--estimated", "3x4"]])
  func countsPastTheLimitAreRefusedByName(_ options: [String]) throws {
    let folder = temporaryFolder("waterfall-limit")
    for count in ["1099511627776", "50000001"] {
      let path = folder + "/calls-\(count).jsonl"
      try #"{"call":"prepare","bounds":[0,0,390,844],"sections":[COUNT]}"#.replacingOccurrences(
        of: "COUNT", with: count
      ).write(toFile: path, atomically: true, encoding: .utf8)
      let result = try runScrollwork(["replay", "waterfall"] + options + ["--calls", path])
      #expect(result.status == 1, "\(count) \(options): \(result.err)")
      let text = result.out + result.err
      // With the default photo-like sizes (one size per item) the item source's limit
      // (LayoutLimits.maximumStoredItemCount) refuses first; with an estimate, the waterfall's own.
      let limit = options.isEmpty ? "at most 16777216 items" : "waterfall holds at most 50000000 items"
      #expect(text.contains(limit) && text.contains("waterfall"), "\(count) \(options): \(text)")
    }
    let path = folder + "/calls-small.jsonl"
    try #"{"call":"prepare","bounds":[0,0,390,844],"sections":[1000]}"#.write(
      toFile: path, atomically: true, encoding: .utf8)
    let small = try runScrollwork(["replay", "waterfall"] + options + ["--calls", path])
    #expect(small.status == 0, "\(small.err)")
  }
}
