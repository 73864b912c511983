import Foundation
import Testing

/// `--estimated WxH` on `inspect` and `simulate` for the four layouts that
/// take it from the command line (flow, sticky, waterfall, tag-table), as a
/// user types them: the estimates show until cells come into view, the
/// cells on screen then have their real sizes, the anchor keeps its place
/// on screen, and bad estimates are refused with the same message.
@Suite struct EstimatedCLITests {
  /// One layout's command line: its items (real sizes) and an estimate far
  /// from them.
  struct Case: CustomStringConvertible, Sendable {
    var layout: String
    var input: [String]
    var estimate: String
    var description: String { layout }
  }

  /// `n` sizes `WxH,…` that differ from one another and from the estimates.
  static func sizes(_ n: Int, width: (Int) -> Int, height: (Int) -> Int) -> String {
    (0..<n).map { "\(width($0))x\(height($0))" }.joined(separator: ",")
  }

  static let cases: [Case] = [
    Case(
      layout: "flow",
      input: ["--item-sizes", sizes(1200, width: { 60 + ($0 * 37) % 141 }, height: { 40 + ($0 * 53) % 121 })],
      estimate: "80x40"),
    Case(
      layout: "sticky",
      input: ["--item-sizes", sizes(600, width: { _ in 390 }, height: { 30 + ($0 * 53) % 171 })],
      estimate: "390x44"),
    Case(layout: "waterfall", input: ["--photos-like", "2000"], estimate: "3x4"),
    Case(layout: "tag-table", input: ["--rows", "400"], estimate: "80x30"),
  ]

  func object(_ arguments: [String]) throws -> [String: Any] {
    let result = try runScrollwork(arguments)
    #expect(result.status == 0, "\(arguments.prefix(2)): \(result.err)")
    return try #require(try json(result.out) as? [String: Any])
  }

  /// The cells of an `inspect` answer by `[section, item]`: each one's
  /// top along y and size.
  static func cells(_ elements: [[String: Any]]) -> [[Int]: (top: Double, size: [Double])] {
    var cells: [[Int]: (top: Double, size: [Double])] = [:]
    for e in elements where e["kind"] as? String == "cell" {
      guard let s = e["section"] as? Int, let i = e["item"] as? Int, let c = e["center"] as? [Double],
        let size = e["size"] as? [Double]
      else { continue }
      cells[[s, i]] = (c[1] - size[1] / 2, size)
    }
    return cells
  }

  static func estimateSize(_ text: String) -> (Double, Double) {
    let parts = text.split(separator: "x").compactMap { Double($0) }
    return (parts[0], parts[1])
  }

  /// `inspect` with an estimate lays out the estimate: every cell has its
  /// shape (the waterfall its aspect ratio at the column's width), where
  /// the real layout's cells do not, so the first frame differs.
  @Test(arguments: cases)
  func inspectShowsTheEstimates(_ c: Case) throws {
    let common = ["inspect", c.layout, "--viewport", "390x844"] + c.input + ["--all"]
    let real = try Self.cells(#require(object(common)["elements"] as? [[String: Any]]))
    let estimated = try Self.cells(
      #require(object(common + ["--estimated", c.estimate])["elements"] as? [[String: Any]]))
    #expect(real.count > 100 && Set(real.keys) == Set(estimated.keys), "\(c): the same cells either way")
    let (w, h) = Self.estimateSize(c.estimate)
    let shape: (_ size: [Double]) -> Bool = { abs($0[1] * w - $0[0] * h) <= 1e-9 * max(1, $0[0] * h) }
    #expect(estimated.values.allSatisfy { shape($0.size) }, "\(c): every cell has the estimate's shape")
    let differing = real.filter { !shape($0.value.size) }.count
    #expect(differing > real.count / 2, "\(c): \(differing) of \(real.count) real cells differ from the estimate")
  }

  /// `simulate` with an estimate, from deep in the content, a fast drag
  /// towards the start and its fling: sizes learnt above the anchor move
  /// the offset (a correction), every cell printed has its real size (the
  /// size `inspect` gives without the estimate), the anchor's screen
  /// position moves only by the scroll, and no cell on screen moves
  /// relative to the anchor while it stays the anchor.
  @Test(arguments: cases)
  func simulateLearnsRealSizesAndHoldsTheAnchor(_ c: Case) throws {
    let viewport = ["--viewport", "390x844"]
    let real = try Self.cells(
      #require(object(["inspect", c.layout] + viewport + c.input + ["--all"])["elements"] as? [[String: Any]]))
    let estimated = try object(["inspect", c.layout] + viewport + c.input + ["--estimated", c.estimate])
    let height = try #require((estimated["contentSize"] as? [Double])?[1])
    let start = ((height - 844) * 0.7).rounded()
    #expect(start > 4000, "\(c): content \(height) tall")
    let result = try runScrollwork(
      ["simulate", c.layout] + viewport + c.input + [
        "--estimated", c.estimate, "--offset", "0,\(Int(start))", "--elements", "--script",
        "wait 0.1; drag 0,2500 0.4; release; wait 1",
      ])
    #expect(result.status == 0, "\(c): \(result.err)")
    let frames = try result.out.split(separator: "\n").map { try #require(try json(String($0)) as? [String: Any]) }
    #expect(frames.count > 150, "\(c)")

    var corrections = 0
    var measured = 0
    var cellsSeen = 0
    for frame in frames {
      if (frame["correction"] as? Double ?? 0) != 0 { corrections += 1 }
      measured += frame["measured"] as? Int ?? 0
      for (id, cell) in Self.cells(frame["elements"] as? [[String: Any]] ?? []) {
        cellsSeen += 1
        let truth = try #require(real[id], "\(c): cell \(id)")
        #expect(
          zip(cell.size, truth.size).allSatisfy { abs($0 - $1) <= 1e-9 * max(1, abs($1)) },
          "\(c): cell \(id) is \(cell.size) on screen, \(truth.size) for real")
      }
    }
    #expect(corrections > 0, "\(c): sizes learnt above the anchor move the offset")
    #expect(measured > 50 && cellsSeen > 1000, "\(c): \(measured) measured, \(cellsSeen) cells checked")

    var checkedPairs = 0
    for (a, b) in zip(frames, frames.dropFirst()) {
      guard let anchor = a["anchor"] as? [Int], anchor == b["anchor"] as? [Int], b["clamped"] as? Bool == false,
        let ya = a["anchorScreenY"] as? Double, let yb = b["anchorScreenY"] as? Double,
        let oa = (a["offset"] as? [Double])?[1], let ob = (b["offset"] as? [Double])?[1],
        let correction = b["correction"] as? Double
      else { continue }
      checkedPairs += 1
      // The screen position moves only by what the finger or the fling moved
      // the content: the correction is exactly what measuring moved the anchor.
      let scrolled = (ob - correction) - oa
      let tolerance = 1e-9 * max(1, abs(ob))
      #expect(abs((yb - ya) + scrolled) <= tolerance, "\(c): anchor \(anchor) jumped: \(ya) → \(yb)")
      // Every cell on screen in both frames keeps its place relative to the
      // anchor (its top minus the anchor's, in content coordinates).
      let anchorTopA = oa + ya
      let anchorTopB = ob + yb
      let before = Self.cells(a["elements"] as? [[String: Any]] ?? [])
      for (id, cell) in Self.cells(b["elements"] as? [[String: Any]] ?? []) {
        guard let old = before[id] else { continue }
        let shift = (cell.top - anchorTopB) - (old.top - anchorTopA)
        #expect(abs(shift) <= tolerance, "\(c): cell \(id) moved \(shift) pt relative to anchor \(anchor)")
      }
    }
    #expect(checkedPairs > 50, "\(c): \(checkedPairs) frame pairs with the same anchor")
  }

  /// A bad estimate is refused by every command with flow's message,
  /// naming `--estimated` and the value read.
  @Test func badEstimatesAreRefusedAsFlowRefusesThem() throws {
    for value in ["0x5", "nanx3", "1e309x2", "-3x2", "5x0", "3e14x2"] {
      var messages: [String: String] = [:]
      for c in Self.cases {
        for command in ["inspect", "simulate"] {
          let result = try runScrollwork(
            [command, c.layout, "--viewport", "390x844"] + c.input
              + [
                "--estimated", value, "--script", "wait 0.1",
              ].dropLast(command == "inspect" ? 2 : 0))
          let line = String(result.err.split(separator: "\n").first ?? "")
          #expect(result.status == 64, "\(command) \(c) --estimated \(value): \(result.err)")
          #expect(line.hasPrefix("Error: --estimated takes WxH with each side above 0"), "\(command) \(c): \(line)")
          messages["\(command) \(c)"] = line
        }
      }
      #expect(Set(messages.values).count == 1, "--estimated \(value): \(messages)")
    }
  }

  /// `replay` takes the option too: the host starts every item at the
  /// estimate and takes a preferred size (the item then has it, and the
  /// content grows); without it, a flow of one uniform size takes none.
  /// With --item-size as well, it is refused.
  @Test func replayStartsAtTheEstimateAndTakesPreferredSizes() throws {
    let folder = temporaryFolder("estimated-replay")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let calls = folder + "/calls.jsonl"
    try [
      #"{"call":"prepare","bounds":[0,0,390,844],"sections":[40,25]}"#,
      #"{"call":"item","indexPath":[0,3]}"#,
      #"{"call":"invalidationContextForPreferredSize","indexPath":[0,3],"preferredSize":[120,400]}"#,
      #"{"call":"item","indexPath":[0,3]}"#,
    ].joined(separator: "\n").write(toFile: calls, atomically: true, encoding: .utf8)
    func answers(_ arguments: [String]) throws -> [[String: Any]] {
      let result = try runScrollwork(["replay"] + arguments + ["--calls", calls])
      #expect(result.status == 0, "\(arguments): \(result.err)")
      return try result.out.split(separator: "\n").map { try #require(try json(String($0)) as? [String: Any]) }
    }
    func frame(_ answer: [String: Any]) -> [Double]? {
      (answer["attributes"] as? [String: Any])?["frame"] as? [Double]
    }
    for c in Self.cases {
      let input = c.layout == "tag-table" ? ["--viewport", "390x844", "--rows", "3"] : []
      let a = try answers([c.layout] + input + ["--estimated", c.estimate])
      try #require(a.count == 4, "\(c)")
      let (w, h) = Self.estimateSize(c.estimate)
      let before = try #require(frame(a[1]), "\(c)")
      #expect(abs(before[3] * w - before[2] * h) <= 1e-9 * before[2] * h, "\(c): \(before) has the estimate's shape")
      let context = try #require(a[2]["context"] as? [String: Any], "\(c)")
      let grown = try #require((context["contentSizeAdjustment"] as? [Double])?[1], "\(c)")
      #expect(grown > 0, "\(c): \(context)")
      let after = try #require(frame(a[3]), "\(c)")
      // The waterfall takes the preferred size's aspect ratio at the column's width.
      let expected = c.layout == "waterfall" ? after[2] * 400 / 120 : 400
      #expect(abs(after[3] - expected) <= 1e-9 * expected, "\(c): \(after)")
    }
    let plain = try answers(["flow"])
    let context = try #require(plain[2]["context"] as? [String: Any])
    #expect(context["contentSizeAdjustment"] as? [Double] == [0, 0], "a uniform flow takes no preferred size")
    let both = try runScrollwork(["replay", "flow", "--estimated", "80x30", "--item-size", "3x3", "--calls", calls])
    #expect(both.status != 0 && both.err.contains("--estimated"), "\(both.err)")
  }
}
