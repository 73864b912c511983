import ArgumentParser
import Benchmarks
import LayoutCore
import ToolOutput
import ToolSupport

struct Bench: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Measure every layout from 1e3 to 1e7 items against the seeds' algorithms.",
    discussion: """
      Build with optimisation: swift run -c release scrollwork bench [--quick] [--json] [--filter NAME]

      For each layout and item count: prepare time (ns/item) and resident bytes per item of the prepared \
      geometry; the frame query (elements in the visible rect at a few hundred random offsets) median and \
      p99 in ns; heap allocations per steady-state query into a reused buffer; the seed's algorithm (a loop \
      over every item per query) measured in the same run and the ratio baseline/engine; the floor (copying \
      the k results) and the ratio engine/floor; growth query(n)/query(1e3).
      """)

  @Flag(help: "Fewer sizes (up to 1e6) and samples; finishes in well under a minute.")
  var quick = false

  @Flag(help: "Print one JSON object per scenario and size instead of a table.")
  var json = false

  @Option(help: "Only scenarios whose name contains this text.")
  var filter: String?

  func run() throws {
    #if DEBUG
      if !json { print("note: a debug build; figures mean little. Use: swift run -c release scrollwork bench") }
    #endif
    let sizes = quick ? [1_000, 10_000, 100_000, 1_000_000] : [1_000, 10_000, 100_000, 1_000_000, 10_000_000]
    let scenarios = BenchScenario.all.filter { filter == nil || $0.name.contains(filter!) }
    let renderer = RenderBench.scenarios.contains { filter == nil || $0.name.contains(filter!) }
    guard !scenarios.isEmpty || renderer else {
      let known = BenchScenario.all.map(\.name) + RenderBench.scenarios.map(\.name)
      throw CLIError(
        "--filter '\(filter ?? "")' matches no scenario name; give part of one of: \(known.joined(separator: ", "))")
    }
    if !json && !scenarios.isEmpty { print(BenchTable.header) }
    for scenario in scenarios {
      var first: Double?
      for n in sizes {
        var result = try BenchRunner.run(scenario, n: n, quick: quick)
        if first == nil { first = result.queryMedianNs }
        result.growth = result.queryMedianNs / max(first ?? 1, 1e-9)
        print(json ? BenchTable.json(result) : BenchTable.row(result))
      }
    }
    guard renderer else { return }
    if !json { print((scenarios.isEmpty ? "" : "\n") + BenchTable.renderHeader) }
    for row in try RenderBench.run(quick: quick, filter: filter) {
      print(json ? BenchTable.json(row) : BenchTable.row(row))
    }
  }
}

extension BenchScenario {
  /// Every layout's scenarios, in registry order.
  static var all: [BenchScenario] { LayoutRegistry.benchScenarios + hostScenarios + standInScenarios }
}

enum BenchTable {
  static let columns: [(String, Int)] = [
    ("scenario", 18), ("items", 9), ("prep ns/it", 10), ("B/item", 7), ("query med", 10), ("p99", 9),
    ("allocs", 6), ("k", 5), ("baseline", 12), ("×base", 9), ("floor", 7), ("×floor", 7), ("growth", 6),
  ]

  static var header: String {
    columns.map { pad($0.0, $0.1) }.joined(separator: " ")
  }

  static func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
  }

  static func fixed(_ value: Double, _ digits: Int) -> String {
    guard value.isFinite else { return "-" }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    if digits == 0 { return String(Int(rounded)) }
    var text = String(rounded)
    if let dot = text.firstIndex(of: ".") {
      let decimals = text.distance(from: dot, to: text.endIndex) - 1
      if decimals < digits { text += String(repeating: "0", count: digits - decimals) }
    }
    return text
  }

  static func row(_ r: BenchResult) -> String {
    let values = [
      r.scenario, String(r.items), fixed(r.prepareNsPerItem, 1), r.bytesPerItem.map { fixed($0, 1) } ?? "-",
      fixed(r.queryMedianNs, 0), fixed(r.queryP99Ns, 0), r.allocationsPerQuery.map { fixed($0, 2) } ?? "-",
      fixed(r.resultsPerQuery, 1), fixed(r.baselineMedianNs, 0), fixed(r.baselineRatio, 1), fixed(r.floorMedianNs, 0),
      fixed(r.floorRatio, 1), r.growth.map { fixed($0, 2) } ?? "-",
    ]
    return zip(values, columns).map { pad($0, $1.1) }.joined(separator: " ")
  }

  static var renderHeader: String {
    [pad("scenario", 18), pad("median ms", 10), pad("baseline ms", 12), pad("×base", 7), "  note"].joined(
      separator: " ")
  }

  static func row(_ r: RenderBench.Row) -> String {
    [
      pad(r.scenario, 18), pad(fixed(r.medianMs, 2), 10), pad(r.baselineMs.map { fixed($0, 2) } ?? "-", 12),
      pad(r.ratio.map { fixed($0, 1) } ?? "-", 7), "  " + r.note,
    ].joined(separator: " ")
  }

  static func json(_ r: RenderBench.Row) -> String {
    var o = JSONObject()
    o.add("scenario", r.scenario)
    o.add("medianMs", r.medianMs)
    o.add("baselineMs", raw: r.baselineMs.map(JSONWriter.number) ?? "null")
    o.add("baselineRatio", raw: r.ratio.map(JSONWriter.number) ?? "null")
    o.add("note", r.note)
    return o.text
  }

  static func json(_ r: BenchResult) -> String {
    var o = JSONObject()
    o.add("scenario", r.scenario)
    o.add("items", r.items)
    o.add("prepareNsPerItem", r.prepareNsPerItem)
    o.add("bytesPerItem", raw: r.bytesPerItem.map(JSONWriter.number) ?? "null")
    o.add("queryMedianNs", r.queryMedianNs)
    o.add("queryP99Ns", r.queryP99Ns)
    o.add("allocationsPerQuery", raw: r.allocationsPerQuery.map(JSONWriter.number) ?? "null")
    o.add("resultsPerQuery", r.resultsPerQuery)
    o.add("baselineMedianNs", r.baselineMedianNs)
    o.add("baselineRatio", r.baselineRatio)
    o.add("floorMedianNs", r.floorMedianNs)
    o.add("floorRatio", r.floorRatio)
    o.add("growth", raw: r.growth.map(JSONWriter.number) ?? "null")
    return o.text
  }
}
