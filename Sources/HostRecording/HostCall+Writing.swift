import LayoutCore
import LayoutHost

extension HostCall {
  /// The call as one line of the replay format, without a line end.
  ///
  /// Deterministic: keys in a fixed order per call (`call` first, then
  /// `bounds`, then the call's fields; optional fields only when present),
  /// no spaces, numbers as Swift's shortest round-tripping decimal without
  /// a trailing `.0` (`390`, `0.1`, `1e+20`), `-0` as `0`, strings with
  /// `"`, `\` and control characters escaped. A non-finite number is
  /// written as the string `"NaN"`, `"Infinity"` or `"-Infinity"`, which
  /// `init(jsonLine:)` refuses, naming the field.
  ///
  /// - Complexity: O(size of the call's arrays).
  public var jsonLine: String {
    var w = JSONLineWriter()
    w.string("call", name)
    switch self {
    case .prepare(let bounds, let counts):
      w.rect("bounds", bounds)
      w.integers("sections", counts)
    case .contentSize(let bounds):
      w.rect("bounds", bounds)
    case .elements(let rect, let bounds):
      w.rect("bounds", bounds)
      w.rect("rect", rect)
    case .item(let id, let bounds):
      w.rect("bounds", bounds)
      w.path("indexPath", id)
    case .supplementary(let id, let bounds):
      w.rect("bounds", bounds)
      w.kind(id)
      w.path("indexPath", id)
    case .shouldInvalidateForBoundsChange(let bounds), .invalidationContextForBoundsChange(let bounds):
      w.rect("bounds", bounds)
    case .invalidate(let context, let bounds):
      w.rect("bounds", bounds)
      if let context { w.raw("context", Self.contextJSON(context)) }
    case .shouldInvalidateForPreferredSize(let id, let size, let bounds),
      .invalidationContextForPreferredSize(let id, let size, let bounds):
      w.rect("bounds", bounds)
      w.kind(id)
      w.path("indexPath", id)
      w.numbers("preferredSize", [size.width, size.height])
    case .prepareForUpdates(let updates, let counts, let bounds):
      w.rect("bounds", bounds)
      w.raw("updates", "[" + updates.map(Self.updateJSON).joined(separator: ",") + "]")
      w.integers("sections", counts)
    case .initialForAppearing(let id, let bounds), .finalForDisappearing(let id, let bounds):
      w.rect("bounds", bounds)
      w.kind(id)
      w.path("indexPath", id)
    case .finalizeUpdates:
      break
    case .targetContentOffset(let proposed, let velocity, let dragStart, let bounds):
      w.rect("bounds", bounds)
      w.point("proposed", proposed)
      w.point("velocity", velocity)
      w.point("dragStart", dragStart)
    case .targetContentOffsetForProposed(let proposed, let bounds):
      w.rect("bounds", bounds)
      w.point("proposed", proposed)
    case .transition(let to, let progress, let anchor, let bounds):
      w.rect("bounds", bounds)
      if let to { w.string("to", to) }
      if let progress { w.raw("progress", JSONLineWriter.number(progress)) }
      w.point("anchor", anchor)
    case .finishTransition(let completed, let bounds):
      w.rect("bounds", bounds)
      if let completed { w.raw("completed", completed ? "true" : "false") }
    }
    return w.text
  }

  /// An update item: `{"action":"delete","before":[s,i]}` and the like.
  static func updateJSON(_ update: CollectionUpdate) -> String {
    func path(_ p: ItemPath) -> String { "[\(p.section),\(p.item)]" }
    return switch update {
    case .insertItem(let p): #"{"action":"insert","after":\#(path(p))}"#
    case .deleteItem(let p): #"{"action":"delete","before":\#(path(p))}"#
    case .reloadItem(let p): #"{"action":"reload","before":\#(path(p))}"#
    case .moveItem(let a, let b): #"{"action":"move","before":\#(path(a)),"after":\#(path(b))}"#
    case .insertSection(let s): #"{"action":"insertSection","after":\#(s)}"#
    case .deleteSection(let s): #"{"action":"deleteSection","before":\#(s)}"#
    case .reloadSection(let s): #"{"action":"reloadSection","before":\#(s)}"#
    case .moveSection(let a, let b): #"{"action":"moveSection","before":\#(a),"after":\#(b)}"#
    }
  }

  /// A context: `everything`, `dataCounts` (when true), `items`,
  /// `supplementary` (by kind, sorted), the two adjustments, `bounds`
  /// (when set), `reason` (when not `configuration`, the reader's default).
  static func contextJSON(_ c: InvalidationContext) -> String {
    var w = JSONLineWriter()
    w.raw("everything", c.invalidatesEverything ? "true" : "false")
    if c.invalidatesDataCounts { w.raw("dataCounts", "true") }
    w.raw("items", "[" + c.items.map { "[\($0.section),\($0.item)]" }.joined(separator: ",") + "]")
    var kinds = JSONLineWriter()
    for (kind, ids) in c.supplementaries.sorted(by: { $0.key < $1.key }) {
      kinds.raw(kind, "[" + ids.map { "[\($0.section),\($0.item)]" }.joined(separator: ",") + "]")
    }
    w.raw("supplementary", kinds.text)
    w.point("contentOffsetAdjustment", c.contentOffsetAdjustment)
    w.numbers("contentSizeAdjustment", [c.contentSizeAdjustment.width, c.contentSizeAdjustment.height])
    w.rect("bounds", c.bounds)
    if c.reason != .configuration { w.string("reason", c.reason.rawValue) }
    return w.text
  }
}

extension HostLine {
  /// The line as the replay format writes it: `HostCall.jsonLine`, or
  /// `{"format":N}`.
  ///
  /// - Complexity: that of `HostCall.jsonLine`.
  public var jsonLine: String {
    switch self {
    case .header(let format, let defersSettle):
      defersSettle ? #"{"format":\#(format),"defersSettle":true}"# : #"{"format":\#(format)}"#
    case .call(let call): call.jsonLine
    }
  }
}

/// Builds one JSON object, fields in the order they are added.
public struct JSONLineWriter {
  private var body = ""

  var text: String { "{" + body + "}" }

  mutating func raw(_ key: String, _ value: String) {
    if !body.isEmpty { body += "," }
    body += Self.string(key) + ":" + value
  }

  mutating func string(_ key: String, _ value: String) { raw(key, Self.string(value)) }

  mutating func numbers(_ key: String, _ values: [Double]) {
    raw(key, "[" + values.map(Self.number).joined(separator: ",") + "]")
  }

  mutating func integers(_ key: String, _ values: [Int]) {
    raw(key, "[" + values.map(String.init).joined(separator: ",") + "]")
  }

  mutating func rect(_ key: String, _ r: Rect?) {
    if let r { numbers(key, [r.minX, r.minY, r.width, r.height]) }
  }

  mutating func point(_ key: String, _ p: Point?) {
    if let p { numbers(key, [p.x, p.y]) }
  }

  mutating func path(_ key: String, _ id: ElementID) { raw(key, "[\(id.section),\(id.item)]") }

  /// `kind` for an element that is not a cell.
  mutating func kind(_ id: ElementID) {
    if !id.kind.isCell { string("kind", id.kind.name) }
  }

  /// A finite number as its shortest round-tripping decimal: Swift's
  /// `description` (the fewest digits that read back to the same `Double`:
  /// `0.1`, `1e+20`) without a trailing `.0` (`390`, `1000000000000000`),
  /// `-0` as `0`; a non-finite one as the string `"NaN"`, `"Infinity"` or
  /// `"-Infinity"`.
  static func number(_ value: Double) -> String {
    guard value.isFinite else { return value.isNaN ? #""NaN""# : value > 0 ? #""Infinity""# : #""-Infinity""# }
    if value == 0 { return "0" }
    let text = value.description
    return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
  }

  /// A JSON string: `"` and `\` escaped, line feed, carriage return and
  /// tab as `\n`, `\r`, `\t`, every other control character below U+0020
  /// as `\u00xx`; everything else as it is (UTF-8). The one JSON string
  /// writer of the package (the tool's answers use it too).
  public static func string(_ value: String) -> String {
    var out = "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if scalar.value < 0x20 {
          let hex = String(scalar.value, radix: 16)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }
}
