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
    try BenchRunner.runAll(BenchScenario.all, quick: quick, json: json, filter: filter)
  }
}

extension BenchScenario {
  /// Every layout's scenarios, in registry order.
  static var all: [BenchScenario] { LayoutRegistry.benchScenarios + hostScenarios + standInScenarios }
}
