import Foundation
import LayoutCatalog
import Testing

/// Runs the built `scrollwork` on the sticky-header layout.
@Suite struct StickyCommandsTests {
  /// Runs the built `scrollwork`; standard output and error together.
  static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
    let result = try runScrollwork(arguments)
    return (result.status, result.out + result.err)
  }

  @Test func inspectJungleCupWhilePullingDown() throws {
    let (status, output) = try Self.run([
      "inspect", "sticky", "--preset", "jungleCup", "--viewport", "390x844", "--sections", "4,6,3", "--offset",
      "0,-100",
    ])
    #expect(status == 0, "\(output)")
    // The header drawn 400 tall (scale 4/3) from the viewport's top; the menu
    // right under where the header ends; the first section's header under it.
    #expect(
      output.contains(
        #"{"kind":"supplementary:stretchyHeader","section":0,"item":0,"center":[195,100],"size":[390,300],"#
          + #""transform":[1.3333333333333333,0,0,1.3333333333333333,0,0],"alpha":1,"zIndex":0}"#))
    #expect(output.contains(#"{"kind":"supplementary:menu","section":0,"item":0,"center":[195,335]"#))
    #expect(output.contains(#""contentSize":[390,3300]"#))
  }

  @Test func inspectStickyMenuAndSectionHeader() throws {
    let (status, output) = try Self.run([
      "inspect", "sticky", "--preset", "jungleCup", "--viewport", "390x844", "--sections", "4,6,3", "--offset",
      "0,1000",
    ])
    #expect(status == 0, "\(output)")
    #expect(output.contains(#"{"kind":"supplementary:menu","section":0,"item":0,"center":[195,1035]"#))
    #expect(output.contains(#"{"kind":"supplementary:header","section":0,"item":0,"center":[195,1095]"#))
    #expect(!output.contains("stretchyHeader"))
  }

  @Test func optionsOverrideThePreset() throws {
    let (status, output) = try Self.run([
      "inspect", "sticky", "--preset", "jungleCup", "--no-sticky-menu", "--no-parallax", "--menu-height", "40",
      "--viewport", "390x844", "--sections", "2", "--offset", "0,600",
    ])
    #expect(status == 0, "\(output)")
    #expect(!output.contains(#""content":"#))
    // The menu scrolled away; the section header sticks to the viewport's top.
    #expect(!output.contains("supplementary:menu"))
    #expect(output.contains(#"{"kind":"supplementary:header","section":0,"item":0,"center":[195,625]"#))
  }

  @Test func badOptionsFail() throws {
    for arguments in [
      ["--preset", "owls"], ["--line-spacing=-3"], ["--cell-height", "10", "--item-cells"],
      ["--max-overlay-alpha", "2"],
    ] {
      let (status, output) = try Self.run(
        ["inspect", "sticky", "--viewport", "390x844", "--sections", "3"] + arguments)
      #expect(status != 0, "\(arguments): \(output)")
      #expect(output.contains("Error"), "\(arguments): \(output)")
    }
  }

  @Test func simulatePullAndRelease() throws {
    let (status, output) = try Self.run([
      "simulate", "sticky", "--preset", "jungleCup", "--viewport", "390x844", "--sections", "4,6,3",
      "--script", "drag 0,200 0.3; release; wait 1",
    ])
    #expect(status == 0, "\(output)")
    let lines = output.split(separator: "\n")
    #expect(lines.count > 100)
    #expect(lines.first?.contains("willBeginDragging") == true)
    #expect(output.contains("didEndDecelerating"))
  }
}
