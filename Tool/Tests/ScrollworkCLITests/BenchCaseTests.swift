import Benchmarks
import LayoutCatalog
import Testing

/// The bench's host and shell scenarios (`HostBench.swift`,
/// `StandInBench.swift`) measure a few layouts by design; each is a layout
/// of the catalog, named after it, so that renaming or removing a layout
/// fails here rather than leaving a scenario measuring something else.
@Suite struct BenchCaseTests {
  /// The catalog layout a scenario called `prefix-kind-rest` measures: the
  /// longest catalog name that `rest` is or starts with (`tag-table` before
  /// `tags`), or `nil`.
  static func layout(of scenario: String) -> String? {
    let rest = scenario.split(separator: "-", maxSplits: 2).dropFirst(2).first.map(String.init) ?? ""
    return LayoutCatalog.names.sorted { $0.count > $1.count }.first { rest == $0 || rest.hasPrefix($0 + "-") }
  }

  @Test func everyHostAndShellScenarioNamesALayoutOfTheCatalog() {
    let scenarios = BenchScenario.hostScenarios + BenchScenario.standInScenarios
    #expect(!BenchScenario.hostScenarios.isEmpty)
    for scenario in scenarios {
      #expect(Self.layout(of: scenario.name) != nil, "\(scenario.name) names no layout of the catalog")
    }
    #expect(Self.layout(of: "host-frame-tag-table-x") == "tag-table" && Self.layout(of: "host-frame-nope") == nil)
  }
}
