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
