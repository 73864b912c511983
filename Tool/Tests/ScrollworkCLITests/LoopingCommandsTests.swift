import LayoutCatalog
import LayoutCore
import Testing
@testable import scrollwork

/// `inspect looping` / `simulate looping`: presets by name, options over
/// them, bad values refused naming the option, and the simulated strip
/// crossing the seam in both directions.
@Suite struct LoopingCommandsTests {
  @Test func presetsParseByNameAndOptionsApply() throws {
    // LayoutCore's names are the catalog's; the earlier names (`coverflow`,
    // `stack`) still parse, as aliases.
    #expect(LoopingCarouselLayout.presets.map { LoopingPreset(name: $0.name) } == LoopingPreset.allCases)
    #expect(LoopingPreset.allCases.map(\.layout) == LoopingCarouselLayout.presets.map(\.layout))
    for (name, layout) in LoopingCarouselLayout.presets {
      #expect(try LoopingOptions.parse(["--preset", name]).layout(itemSize: nil) == layout, "\(name)")
    }
    let layout = try LoopingOptions.parse(["--spacing", "4", "--snap", "one-item"])
      .layout(itemSize: Size(width: 200, height: 250))
    #expect(layout.spacing == 4 && layout.snapping == .oneItem && layout.itemSize == Size(width: 200, height: 250))
  }

  @Test(arguments: [["--spacing", "-5"], ["--spacing", "nan"], ["--snap", "sideways"], ["--preset", "jungleCup"]])
  func badLoopingValuesAreRefused(arguments: [String]) {
    #expect(throws: (any Error).self) { try LoopingOptions.parse(arguments) }
  }

  @Test func aBadSpacingIsNamed() {
    let message = LoopingOptions.message(for: CLIParseFailure { _ = try LoopingOptions.parse(["--spacing", "-5"]) })
    #expect(message.contains("--spacing"), "\(message)")
  }

  @Test func inspectReportsTheLoopAcrossTheSeam() throws {
    let result = try runScrollwork([
      "inspect", "looping", "--viewport", "375x300", "--items", "10", "--offset", "-310,0",
    ])
    #expect(result.status == 0, "\(result.err)")
    #expect(
      result.out.contains(#""looping":true,"minimumLoopingCount":3,"period":3100,"centered":[0,9]"#), "\(result.out)")
    #expect(result.out.contains(#""snapOffset":[-310,0],"recenteredOffset":[2790,0]"#), "\(result.out)")
    let few = try runScrollwork(["inspect", "looping", "--viewport", "375x300", "--items", "2"])
    #expect(few.status == 0 && few.out.contains(#""looping":false"#), "\(few.out)")
    let bad = try runScrollwork(["inspect", "looping", "--viewport", "375x300", "--items", "3", "--spacing", "-5"])
    #expect(bad.status != 0 && bad.err.contains("--spacing"), "\(bad.err)")
  }
}
