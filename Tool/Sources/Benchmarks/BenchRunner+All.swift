import ToolSupport

extension BenchRunner {
  /// The item counts `bench` measures: up to 1e6 with `quick`, else 1e7.
  package static func sizes(quick: Bool) -> [Int] {
    quick ? [1_000, 10_000, 100_000, 1_000_000] : [1_000, 10_000, 100_000, 1_000_000, 10_000_000]
  }

  /// `scrollwork bench`: measures the scenarios of `all` (and the renderer's)
  /// whose name contains `filter` at every size, printing a table (a row a
  /// scenario and size, then the renderer's table) or, with `json`, a JSON
  /// object a row.
  ///
  /// Bad input: a `filter` that matches no scenario is a `CLIError` listing
  /// the scenarios.
  ///
  /// - Complexity: each scenario's own, at each size.
  package static func runAll(_ all: [BenchScenario], quick: Bool, json: Bool, filter: String?) throws {
    let matches = { (name: String) in filter.map { name.contains($0) } ?? true }
    let scenarios = all.filter { matches($0.name) }
    let renderer = RenderBench.scenarios.contains { matches($0.name) }
    guard !scenarios.isEmpty || renderer else {
      let known = all.map(\.name) + RenderBench.scenarios.map(\.name)
      throw CLIError(
        "--filter '\(filter ?? "")' matches no scenario name; give part of one of: \(known.joined(separator: ", "))")
    }
    if !json && !scenarios.isEmpty { print(BenchTable.header) }
    for scenario in scenarios {
      var first: Double?
      for n in sizes(quick: quick) {
        var result = try run(scenario, n: n, quick: quick)
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
