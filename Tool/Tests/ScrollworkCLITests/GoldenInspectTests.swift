import Foundation
import Testing
@testable import scrollwork

/// `inspect` output for every layout of the registry, compared with golden
/// files (re-record with `SCROLLWORK_RECORD=1`).
@Suite struct GoldenInspectTests {
  static let cases: [(golden: String, arguments: [String])] = [
    (
      "inspect-album-pager.json",
      [
        "inspect", "album", "--viewport", "390x600", "--item-sizes", "4000x3000,3000x4000,1600x900", "--offset",
        "195,0",
      ]
    ),
    (
      "inspect-album-strip.json",
      [
        "inspect", "album", "--surface", "strip", "--viewport", "390x44", "--item-sizes",
        "4000x3000,3000x4000,1600x900,900x1600", "--follow", "1,0.5",
      ]
    ),
    (
      "inspect-album-strip-photosLab.json",
      [
        "inspect", "album", "--surface", "strip", "--preset", "photosLab", "--viewport", "390x44", "--item-sizes",
        "4000x3000,3000x4000,1600x900,900x1600", "--follow", "1,0.5",
      ]
    ),
    (
      "inspect-carousel.json",
      ["inspect", "carousel", "--viewport", "375x300", "--items", "10", "--preset", "coverflow", "--offset", "310,0"]
    ),
    (
      "inspect-looping.json",
      ["inspect", "looping", "--viewport", "375x300", "--items", "10", "--preset", "coverflow", "--offset", "-310,0"]
    ),
    (
      "inspect-prominent.json",
      ["inspect", "prominent", "--viewport", "375x400", "--items", "20", "--item-size", "200x200", "--offset", "0,315"]
    ),
    (
      "inspect-sticky.json",
      [
        "inspect", "sticky", "--preset", "jungleCup", "--viewport", "390x844", "--sections", "4,6,3", "--offset",
        "0,-100",
      ]
    ),
    (
      "inspect-mosaic.json",
      ["inspect", "mosaic", "--viewport", "390x844", "--items", "9", "--preset", "appleMosaic", "--offset", "0,300"]
    ),
    (
      "inspect-waterfall.json",
      [
        "inspect", "waterfall", "--viewport", "390x844", "--columns", "3", "--column-spacing", "4", "--item-spacing",
        "4", "--photos-like", "30", "--offset", "0,500",
      ]
    ),
    (
      "inspect-photos-all.json",
      ["inspect", "photos", "--mode", "all", "--viewport", "390x844", "--sections", "7,12,5", "--offset", "0,300"]
    ),
    (
      "inspect-photos-months.json",
      ["inspect", "photos", "--mode", "months", "--viewport", "390x844", "--sections", "7,12,5", "--offset", "0,0"]
    ),
    (
      "inspect-tags.json",
      ["inspect", "tags", "--words", "12", "--viewport", "390x300", "--font-size", "15", "--padding", "6,10"]
    ),
    ("inspect-tag-table.json", ["inspect", "tag-table", "--viewport", "390x300", "--rows", "3"]),
  ]

  @Test(arguments: cases.indices)
  func inspectMatchesItsGoldenFile(index: Int) throws {
    let (golden, arguments) = Self.cases[index]
    let result = try runScrollwork(arguments)
    #expect(result.status == 0, "\(result.err)")
    try assertGolden(result.out, named: golden)
    #expect(try json(result.out) is [String: Any])
  }

  @Test func everyLayoutHasAGoldenFile() {
    let layouts = Set(Self.cases.map { $0.arguments[1] } + ["flow"])
    let registered = Set(LayoutRegistry.names)
    #expect(
      registered.isSubset(of: layouts), "layouts without golden inspect output: \(registered.subtracting(layouts))")
  }
}
