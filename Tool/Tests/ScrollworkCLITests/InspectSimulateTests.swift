import Foundation
import Testing

@Suite struct InspectSimulateTests {
  @Test func inspectFlowPrintsTheDocumentedJSON() throws {
    let result = try runScrollwork([
      "inspect", "flow", "--viewport", "390x300", "--items", "20", "--item-size", "120x120", "--offset", "0,100",
      "--header-length", "40", "--pin-headers",
    ])
    #expect(result.status == 0, "\(result.err)")
    try assertGolden(result.out, named: "inspect-flow.json")
    let object = try #require(try json(result.out) as? [String: Any])
    #expect(object["layout"] as? String == "flow")
    #expect(object["viewport"] as? [Double] == [390, 300])
    #expect(object["offset"] as? [Double] == [0, 100])
    #expect(object["contentInset"] as? [Double] == [0, 0, 0, 0])
    let elements = try #require(object["elements"] as? [[String: Any]])
    // Visible: rows at y 40–160, 170–290, 300–420 (cells 0–8) and the pinned header.
    #expect(elements.count == 10)
    #expect(elements.last?["kind"] as? String == "supplementary:header")
    #expect(elements.last?["center"] as? [Double] == [195, 120])
    for element in elements {
      #expect(element["transform"] as? [Double] == [1, 0, 0, 1, 0, 0])
      #expect(element["content"] == nil)
    }
  }

  @Test func inspectAllPrintsEveryElementSorted() throws {
    let result = try runScrollwork([
      "inspect", "flow", "--viewport", "200x100", "--item-sizes", "50x50,60x40,70x30", "--all",
    ])
    #expect(result.status == 0)
    let object = try #require(try json(result.out) as? [String: Any])
    let items = try #require(object["elements"] as? [[String: Any]]).map { $0["item"] as? Int }
    #expect(items == [0, 1, 2])
  }

  @Test func simulatePrintsOneLinePerFrame() throws {
    let result = try runScrollwork([
      "simulate", "flow", "--viewport", "390x844", "--items", "1000", "--item-size", "120x120",
      "--script", "drag 0,-300 0.25; release; wait 2",
    ])
    #expect(result.status == 0, "\(result.err)")
    let lines = result.out.split(separator: "\n")
    #expect(lines.count == 270)
    let first = try #require(try json(String(lines[0])) as? [String: Any])
    #expect((first["events"] as? [String])?.first == "willBeginDragging")
    #expect(first["phase"] as? String == "dragging")
    let frame31 = try #require(try json(String(lines[30])) as? [String: Any])
    #expect(
      frame31["events"] as? [String] == [
        "willEndDragging", "didEndDragging(decelerate)", "willBeginDecelerating", "didScroll",
      ])
    let last = try #require(try json(String(lines.last!)) as? [String: Any])
    let offset = try #require(last["offset"] as? [Double])
    #expect(offset[1] > 300)
    // The same command gives the same bits.
    let again = try runScrollwork([
      "simulate", "flow", "--viewport", "390x844", "--items", "1000", "--item-size", "120x120",
      "--script", "drag 0,-300 0.25; release; wait 2",
    ])
    #expect(again.out == result.out)
  }

  @Test(arguments: [
    ["inspect", "flow", "--viewport", "0x10", "--items", "3", "--item-size", "10x10"],
    ["inspect", "flow", "--viewport", "abc", "--items", "3", "--item-size", "10x10"],
    ["inspect", "flow", "--viewport", "100x100", "--items", "-3", "--item-size", "10x10"],
    ["inspect", "flow", "--viewport", "100x100", "--item-sizes", "10x-1"],
    ["inspect", "flow", "--viewport", "100x100"],
    ["inspect", "flow", "--viewport", "100x100", "--items", "3", "--item-size", "10x10", "--axis", "diagonal"],
    ["simulate", "flow", "--viewport", "100x100", "--items", "3", "--item-size", "10x10", "--script", "fly 3"],
    [
      "simulate", "flow", "--viewport", "100x100", "--items", "3", "--item-size", "10x10", "--script", "wait 1",
      "--fps", "0",
    ],
    ["inspect", "nosuchlayout", "--viewport", "100x100"],
  ])
  func badArgumentsFailWithAMessage(arguments: [String]) throws {
    let result = try runScrollwork(arguments)
    #expect(result.status != 0)
    #expect(!result.err.isEmpty)
    #expect(result.out.isEmpty)
  }
}
