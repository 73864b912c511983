import Foundation
import LayoutCore
import Raster
import Testing
import ToolOutput
import ToolSupport
@testable import scrollwork

/// The classes of the second hostile-input audit (issue 23), each with the
/// built binary where the class is about what the tool prints: degenerate
/// viewports on every layout of the registry, non-finite output, silent
/// changes, messages that name the wrong culprit.
@Suite struct HostileInputSecondRoundTests {
  /// Parses every line of `text` as JSON and returns the first number
  /// that is missing (a `null` where the layout's documented optional
  /// indices are not) or any other problem.
  func nonFinite(_ text: String) -> String? {
    let optional: Set<String> = ["photo", "thumbnail", "animated", "anchor", "centered"]
    func walk(_ value: Any, key: String) -> String? {
      if value is NSNull { return optional.contains(key) ? nil : "null at \(key)" }
      if let number = value as? Double, !number.isFinite { return "\(number) at \(key)" }
      if let object = value as? [String: Any] {
        for (k, v) in object { if let why = walk(v, key: k) { return why } }
      }
      if let array = value as? [Any] {
        for v in array { if let why = walk(v, key: key) { return why } }
      }
      return nil
    }
    for line in text.split(separator: "\n") {
      guard let value = try? json(String(line)) else { return "not JSON: \(line.prefix(200))" }
      if let why = walk(value, key: "") { return why }
    }
    return nil
  }

  // MARK: Traps: degenerate viewports, one item, huge items, every layout

  @Test(arguments: LayoutRegistry.all.map { $0.name })
  func degenerateViewportsNeverTrap(_ name: String) throws {
    let entry = try #require(LayoutRegistry.entry(named: name))
    // Widths and heights between 0 and 2 points, independently; one item;
    // items a million points a side.
    let viewports = ["1.5x844", "390x1.5", "1.99x1.99", "0.001x600", "390x0.001"]
    let items = [
      entry.itemArguments(count: 1, size: Size(width: 100, height: 100)),
      entry.itemArguments(count: 3, size: Size(width: 1e6, height: 1e6)),
    ]
    for viewport in viewports {
      for arguments in items {
        for command in ["inspect", "simulate"] {
          var line = [command, name, "--viewport", viewport] + arguments
          if command == "simulate" { line += ["--fps", "30", "--script", "drag -60,-60 0.1; release; wait 0.2"] }
          let run = try runScrollwork(line)
          let shown = "scrollwork " + line.joined(separator: " ")
          #expect(run.status == 0 || run.status == 1 || run.status == 64, "\(shown): status \(run.status) \(run.err)")
          if run.status == 0 {
            #expect(!run.out.isEmpty, "\(shown)")
            #expect(nonFinite(run.out) == nil, "\(shown): \(nonFinite(run.out) ?? "")")
          } else {
            #expect(run.err.hasPrefix("Error: "), "\(shown): \(run.err)")
            #expect(run.err.contains("--viewport"), "a viewport refused is named: \(shown): \(run.err)")
          }
        }
      }
    }
  }

  @Test func theAlbumWithAViewportUnderTwoPointsIsRefusedNamingIt() throws {
    let run = try runScrollwork([
      "simulate", "album", "--viewport", "390x1.5", "--item-sizes", "4000x3000", "--script", "release",
    ])
    #expect(run.status == 64, "\(run.err)")
    #expect(run.err.contains("--viewport's height takes at least 2 points"), "\(run.err)")
  }

  // MARK: Non-finite output

  @Test(arguments: LayoutRegistry.all.map { $0.name })
  func hugeOffsetsAndJumpsNeverPrintNull(_ name: String) throws {
    let entry = try #require(LayoutRegistry.entry(named: name))
    let items = entry.itemArguments(count: 30, size: Size(width: 120, height: 120))
    // An offset near the largest double is refused, naming the range.
    if name != "album" {
      let huge = try runScrollwork(
        ["simulate", name, "--viewport", "390x844", "--offset", "0,1e308", "--script", "release"] + items)
      #expect(huge.status == 64 && huge.err.contains("--offset takes X,Y"), "\(name): \(huge.err)")
    }
    // A jump to 1e308 is clamped into the scroll range: finite every frame.
    let jump = try runScrollwork(
      [
        "simulate", name, "--viewport", "390x844", "--fps", "30", "--script",
        "jump 1e308,1e308; drag 0,-10 0.1; "
          + "release; wait 0.2; jump -1e308,-1e308; wait 0.1",
      ] + items)
    #expect(jump.status == 0, "\(name): \(jump.err)")
    #expect(nonFinite(jump.out) == nil, "\(name): \(nonFinite(jump.out) ?? "")")
    for line in jump.out.split(separator: "\n") {
      #expect(!line.contains("e+308"), "\(name): an offset of 1e308 is clamped: \(line.prefix(200))")
    }
  }

  @Test func aStartingOffsetOutsideTheScrollRangeIsClampedWithANote() throws {
    let run = try runScrollwork([
      "simulate", "flow", "--viewport", "390x844", "--items", "100", "--item-size", "120x120", "--offset", "0,1e6",
      "--script", "wait 0.01",
    ])
    #expect(run.status == 0, "\(run.err)")
    #expect(run.err.contains("note: --offset 0,1000000 is outside this content's scroll range"), "\(run.err)")
    #expect(run.out.contains("\"offset\":[0,3566]"), "\(run.out)")
  }

  @Test func jsonNumbersThatAreNotFiniteAreCountedNotPassedOff() {
    let before = JSONWriter.nonFiniteCount.withLock { $0 }
    #expect(JSONWriter.number(1.5) == "1.5")
    #expect(JSONWriter.nonFiniteCount.withLock { $0 } == before)
    #expect(JSONWriter.number(.nan) == "null")
    #expect(JSONWriter.number(-.infinity) == "null")
    #expect(JSONWriter.nonFiniteCount.withLock { $0 } == before + 2, "each is counted: the run then fails")
    JSONWriter.nonFiniteCount.withLock { $0 = before }
  }

  // MARK: Silent changes

  @Test func valuesAreHonouredExactlyOrRefusedNamingTheOption() throws {
    let refused: [([String], String)] = [
      (["inspect", "tags", "--viewport", "390x844", "--words", "3", "--padding", "5"], "--padding"),
      (["inspect", "tag-table", "--viewport", "390x844", "--rows", "3", "--padding", "5"], "--padding"),
      (["inspect", "carousel", "--viewport", "390x300", "--item-sizes", "100x50"], "--item-sizes"),
      (["inspect", "prominent", "--viewport", "390x844", "--item-sizes", "100x50"], "--item-sizes"),
      (
        [
          "inspect", "album", "--surface", "strip", "--viewport", "390x44", "--item-sizes", "400x300,300x400",
          "--follow", "5,0.5",
        ], "--follow"
      ),
      (
        [
          "inspect", "album", "--surface", "strip", "--viewport", "390x44", "--item-sizes", "400x300,300x400",
          "--follow", "0,1.5",
        ], "--follow"
      ),
      (
        ["inspect", "flow", "--viewport", "390x844", "--items", "3", "--item-size", "10x10", "--offset", "0,1e308"],
        "--offset"
      ),
    ]
    for (line, option) in refused {
      let run = try runScrollwork(line)
      #expect(run.status != 0, "\(line)")
      #expect(run.err.contains(option), "\(line): \(run.err)")
    }
    // Two values are taken as given.
    let padded = try runScrollwork([
      "inspect", "tags", "--viewport", "390x844", "--words", "1", "--padding", "5,7", "--all",
    ])
    #expect(padded.status == 0, "\(padded.err)")
  }

  @Test func textFilesAcceptCRLFAndABOMAndRefuseOtherEncodings() throws {
    #expect(TextFile.lines(try TextFile.decode(Array("\u{FEFF}a\r\nb\r\nc".utf8))) == ["a", "b", "c"])
    #expect(TextFile.lines(try TextFile.decode(Array("a\rb\n\nc\r\n".utf8))) == ["a", "b", "", "c"])
    #expect(TextFile.lines("") == [])
    #expect(thrownMessage { try TextFile.decode([0xFF, 0xFE, 0x61, 0x00]) }?.contains("UTF-16") == true)
    #expect(thrownMessage { try TextFile.decode([0x00, 0x00, 0xFE, 0xFF]) }?.contains("UTF-32") == true)
    #expect(thrownMessage { try TextFile.decode(Array("caf".utf8) + [0xE9]) }?.contains("offset 3") == true)
    let dir = temporaryFolder("scrollwork-texts")
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try writeFile(Array("\u{FEFF}alpha\r\nbeta\r\ngamma\r\n".utf8), to: dir + "/crlf.txt")
    let run = try runScrollwork(["inspect", "tags", "--viewport", "390x844", "--texts", dir + "/crlf.txt", "--all"])
    #expect(run.status == 0, "\(run.err)")
    for word in ["\"alpha\"", "\"beta\"", "\"gamma\""] { #expect(run.out.contains(word), "three tags: \(run.out)") }
    try writeFile([0xFF, 0xFE] + Array("a\0\n\0".utf8), to: dir + "/utf16.txt")
    let refused = try runScrollwork(["inspect", "tags", "--viewport", "390x844", "--texts", dir + "/utf16.txt"])
    #expect(refused.err.contains("--texts: cannot read") && refused.err.contains("UTF-16"), "\(refused.err)")
  }

  @Test func argumentsThatAreNotUTF8AreRefusedNamingTheOption() {
    let out = CommandLineText.problem(in: [Array("scrollwork".utf8), Array("--out".utf8), Array("caf".utf8) + [0xE9]])
    #expect(out?.contains("the value of --out ('caf\\xE9') is not valid UTF-8") == true, "\(out ?? "")")
    let joined = CommandLineText.problem(in: [[0x73], Array("--out=caf".utf8) + [0xE9]])
    #expect(joined?.contains("the value of --out") == true, "\(joined ?? "")")
    #expect(CommandLineText.problem(in: [[0x73], Array("--out".utf8), Array("café".utf8)]) == nil)
  }

  // MARK: Messages name the option at fault

  @Test func hugeLengthsAreRefusedByTheirOptionNotByTheLayout() throws {
    let lines: [([String], String)] = [
      (
        [
          "inspect", "flow", "--viewport", "390x844", "--items", "3", "--item-size", "10x10", "--line-spacing", "1e308",
        ],
        "--line-spacing"
      ),
      (
        [
          "inspect", "sticky", "--viewport", "390x844", "--items", "3", "--cell-height", "10", "--line-spacing",
          "1e308",
        ],
        "--line-spacing"
      ),
      (["inspect", "flow", "--viewport", "1e308x1e308", "--items", "3", "--item-size", "10x10"], "--viewport"),
      (
        [
          "inspect", "prominent", "--viewport", "390x844", "--items", "3", "--item-size", "10x10", "--line-spacing",
          "1.7976931348623157e308",
        ], "--line-spacing"
      ),
      (["inspect", "flow", "--viewport", "390x844", "--items", "3", "--item-size", "1e300x10"], "--item-size"),
      (["inspect", "carousel", "--viewport", "390x300", "--items", "3", "--slope", "5e-324"], "--slope"),
      (["inspect", "carousel", "--viewport", "390x300", "--items", "3", "--item-size", "0x0"], "--item-size"),
      (
        ["inspect", "album", "--viewport", "390x600", "--items", "3", "--item-size", "10x10", "--maximum-width", "1"],
        "--maximum-width"
      ),
    ]
    for (line, option) in lines {
      let run = try runScrollwork(line)
      #expect(run.status != 0, "\(line)")
      #expect(run.err.contains("Error: \(option) takes"), "\(line): \(run.err)")
      #expect(!run.err.contains("too many items"), "\(run.err)")
    }
  }
}
