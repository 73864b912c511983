import Foundation
import Testing

/// `inspect tags`, `simulate tags` and `inspect tag-table` as a user types them.
@Suite struct TagsCLITests {
  func object(_ arguments: [String]) throws -> [String: Any] {
    let result = try runScrollwork(arguments)
    #expect(result.status == 0, "\(result.err)")
    return try #require(try json(result.out) as? [String: Any])
  }

  @Test func tagsCarryTheirTextAndEstimatesBelowTheMeasuredLine() throws {
    let measured = try object(["inspect", "tags", "--words", "300", "--viewport", "390x844", "--all"])
    let estimated = try object([
      "inspect", "tags", "--words", "300", "--viewport", "390x844", "--estimated", "80x30", "--measured-through",
      "200", "--all",
    ])
    let all = try #require(measured["elements"] as? [[String: Any]])
    #expect(all.count == 300 && all.allSatisfy { $0["text"] is String })
    #expect(measured["measured"] as? Int == 300)
    let partial = try #require(estimated["measured"] as? Int)
    #expect(partial > 0 && partial < 300, "only the tags above y = 200 are measured: \(partial)")
    // Measured tags have the same sizes either way; the rest keep 80×30.
    let sizes = try #require(estimated["elements"] as? [[String: Any]]).map { $0["size"] as? [Double] }
    #expect(sizes[0] == all[0]["size"] as? [Double])
    #expect(sizes.last == [80, 30])
  }

  @Test func scrollingUpThroughEstimatesCorrectsTheOffsetWithoutAJump() throws {
    let result = try runScrollwork([
      "simulate", "tags", "--words", "2000", "--viewport", "390x844", "--estimated", "80x30", "--offset", "0,10000",
      "--script", "wait 0.1; drag 0,2500 0.4; release; wait 1",
    ])
    #expect(result.status == 0, "\(result.err)")
    let frames = try result.out.split(separator: "\n").map { try #require(try json(String($0)) as? [String: Any]) }
    let corrected = frames.filter { ($0["correction"] as? Double ?? 0) != 0 }
    #expect(!corrected.isEmpty, "tags measured above the anchor move the offset")
    // Across each correction, the anchor keeps its place on screen: its screen
    // y moves only by what the finger or the fling moved the content.
    for (a, b) in zip(frames, frames.dropFirst()) {
      guard let anchorA = a["anchor"] as? [Int], anchorA == b["anchor"] as? [Int],
        let ya = a["anchorScreenY"] as? Double, let yb = b["anchorScreenY"] as? Double,
        let oa = (a["offset"] as? [Double])?[1], let ob = (b["offset"] as? [Double])?[1],
        let correction = b["correction"] as? Double
      else { continue }
      let scrolled = (ob - correction) - oa
      #expect(abs((yb - ya) + scrolled) < 0.5, "anchor \(anchorA) jumped: \(ya) → \(yb), scrolled \(scrolled)")
    }
  }

  @Test func rowsAreAsTallAsTheirClouds() throws {
    let table = try object(["inspect", "tag-table", "--viewport", "390x844", "--rows", "4", "--all"])
    let elements = try #require(table["elements"] as? [[String: Any]])
    let rows = elements.filter { $0["kind"] as? String == "decoration:row" }
    #expect(rows.count == 4)
    for row in rows {
      let section = try #require(row["section"] as? Int)
      let center = try #require(row["center"] as? [Double])
      let size = try #require(row["size"] as? [Double])
      let tags = elements.filter { $0["kind"] as? String == "cell" && $0["section"] as? Int == section }
      let bottom =
        tags.compactMap { t -> Double? in
          guard let c = t["center"] as? [Double], let s = t["size"] as? [Double] else { return nil }
          return c[1] + s[1] / 2
        }.max() ?? 0
      // The row ends one bottom inset (8 pt) below its last line of tags.
      #expect(abs((center[1] + size[1] / 2) - (bottom + 8)) < 1e-9, "row \(section)")
    }
  }

  @Test func badValuesNameTheirOption() throws {
    for (arguments, option) in [
      (["--words", "10", "--font-size", "nan"], "--font-size"),
      (["--words", "10", "--padding", "-1,4"], "--padding"),
      (["--words", "-1"], "--words"),
      (["--texts", "/nonexistent-scrollwork-words"], "--texts"),
    ] {
      let result = try runScrollwork(["inspect", "tags", "--viewport", "390x844"] + arguments)
      #expect(result.status != 0 && result.err.contains(option), "\(arguments): \(result.err)")
    }
  }
}
