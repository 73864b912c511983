import Foundation
import Testing

/// `inspect` / `simulate` for the mosaic and the waterfall, as a user types them.
@Suite struct MosaicWaterfallCLITests {
  @Test func inspectMosaicIncludesTheLastCellInTheContentSize() throws {
    // 4 items: a full-width segment, then 50/50 (1 item would be full width; 2 left → 50/50).
    let result = try runScrollwork(["inspect", "mosaic", "--viewport", "390x844", "--items", "3", "--all"])
    #expect(result.status == 0, "\(result.err)")
    let object = try #require(try json(result.out) as? [String: Any])
    #expect(object["contentSize"] as? [Double] == [390, 402])
    let elements = try #require(object["elements"] as? [[String: Any]])
    #expect(elements.count == 3)
    #expect(elements.last?["center"] as? [Double] == [293, 302])
  }

  @Test func inspectWaterfallTakesPhotoLikeItemsAndRefusesBadColumns() throws {
    let ok = try runScrollwork([
      "inspect", "waterfall", "--viewport", "390x844", "--columns", "2", "--photos-like", "4", "--all",
    ])
    #expect(ok.status == 0, "\(ok.err)")
    let elements = try #require((try json(ok.out) as? [String: Any])?["elements"] as? [[String: Any]])
    #expect(elements.count == 4)
    let bad = try runScrollwork(["inspect", "waterfall", "--viewport", "390x844", "--columns", "0", "--items", "3"])
    #expect(bad.status != 0 && bad.err.contains("--columns"), "\(bad.err)")
  }

  @Test func simulateBothScroll() throws {
    for layout in [["mosaic", "--items", "100"], ["waterfall", "--photos-like", "100"]] {
      let result = try runScrollwork(
        ["simulate"] + layout + ["--viewport", "390x844", "--script", "drag 0,-300 0.25; release; wait 1"])
      #expect(result.status == 0, "\(result.err)")
      let last = try #require(try json(String(result.out.split(separator: "\n").last ?? "")) as? [String: Any])
      #expect(((last["offset"] as? [Double])?[1] ?? 0) > 300, "\(layout[0]) scrolled")
    }
  }
}
