import ToolOutput

/// The rows `scrollwork bench` prints: a fixed-width table, or one JSON
/// object a line (`--json`); the format CI and the campaign read.
package enum BenchTable {
  package static let columns: [(String, Int)] = [
    ("scenario", 18), ("items", 9), ("prep ns/it", 10), ("B/item", 7), ("query med", 10), ("p99", 9),
    ("allocs", 6), ("k", 5), ("baseline", 12), ("×base", 9), ("floor", 7), ("×floor", 7), ("growth", 6),
  ]

  package static var header: String {
    columns.map { pad($0.0, $0.1) }.joined(separator: " ")
  }

  package static func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
  }

  package static func fixed(_ value: Double, _ digits: Int) -> String {
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

  package static func row(_ r: BenchResult) -> String {
    let values = [
      r.scenario, String(r.items), fixed(r.prepareNsPerItem, 1), r.bytesPerItem.map { fixed($0, 1) } ?? "-",
      fixed(r.queryMedianNs, 0), fixed(r.queryP99Ns, 0), r.allocationsPerQuery.map { fixed($0, 2) } ?? "-",
      fixed(r.resultsPerQuery, 1), fixed(r.baselineMedianNs, 0), fixed(r.baselineRatio, 1), fixed(r.floorMedianNs, 0),
      fixed(r.floorRatio, 1), r.growth.map { fixed($0, 2) } ?? "-",
    ]
    return zip(values, columns).map { pad($0, $1.1) }.joined(separator: " ")
  }

  package static var renderHeader: String {
    [pad("scenario", 18), pad("median ms", 10), pad("baseline ms", 12), pad("×base", 7), "  note"].joined(
      separator: " ")
  }

  package static func row(_ r: RenderBench.Row) -> String {
    [
      pad(r.scenario, 18), pad(fixed(r.medianMs, 2), 10), pad(r.baselineMs.map { fixed($0, 2) } ?? "-", 12),
      pad(r.ratio.map { fixed($0, 1) } ?? "-", 7), "  " + r.note,
    ].joined(separator: " ")
  }

  package static func json(_ r: RenderBench.Row) -> String {
    var o = JSONObject()
    o.add("scenario", r.scenario)
    o.add("medianMs", r.medianMs)
    o.add("baselineMs", raw: r.baselineMs.map(JSONWriter.number) ?? "null")
    o.add("baselineRatio", raw: r.ratio.map(JSONWriter.number) ?? "null")
    o.add("note", r.note)
    return o.text
  }

  package static func json(_ r: BenchResult) -> String {
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
