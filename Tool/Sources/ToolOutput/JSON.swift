import HostRecording
import LayoutCore
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A tiny JSON writer with deterministic number formatting: integral values
/// print without a fraction, others as Swift's shortest round-trip decimal,
/// `-0` as `0`.
///
/// A non-finite number (which the engine never returns, and the options'
/// bounds keep from arising) is never passed off as data: it prints as
/// `null` so the line stays JSON, and is counted in `nonFiniteCount`; the
/// tool then fails (`failIfNonFinite()`), exit status 1, saying so.
package struct JSONWriter {
  package private(set) var text = ""

  /// An empty writer.
  package init() {}

  /// How many non-finite numbers were written in this process.
  package static let nonFiniteCount = Mutex(0)

  /// Exits with status 1 and a message when a non-finite number was
  /// written: the output above holds a `null` in a number's place.
  package static func failIfNonFinite() {
    let count = nonFiniteCount.withLock { $0 }
    guard count > 0 else { return }
    warn(
      "Error: the output above holds \(count) non-finite number(s), printed as null: a bug; "
        + "please report it with the command line")
    exit(1)
  }

  package static func number(_ value: Double) -> String {
    guard value.isFinite else {
      nonFiniteCount.withLock { $0 += 1 }
      return "null"
    }
    if value == 0 { return "0" }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
    return String(value)
  }

  package static func string(_ value: String) -> String { JSONLineWriter.string(value) }

  package static func array(_ values: [Double]) -> String {
    "[" + values.map(number).joined(separator: ",") + "]"
  }
}

/// An ordered JSON object builder.
package struct JSONObject {
  private var fields: [String] = []

  /// An empty object.
  package init() {}

  package mutating func add(_ key: String, raw: String) { fields.append(JSONWriter.string(key) + ":" + raw) }
  package mutating func add(_ key: String, _ value: Double) { add(key, raw: JSONWriter.number(value)) }
  package mutating func add(_ key: String, _ value: Int) { add(key, raw: String(value)) }
  package mutating func add(_ key: String, _ value: String) { add(key, raw: JSONWriter.string(value)) }
  package mutating func add(_ key: String, _ value: Bool) { add(key, raw: value ? "true" : "false") }
  package mutating func add(_ key: String, _ values: [Double]) { add(key, raw: JSONWriter.array(values)) }
  package mutating func add(_ key: String, _ point: Point) { add(key, [point.x, point.y]) }
  package mutating func add(_ key: String, _ size: Size) { add(key, [size.width, size.height]) }

  package var text: String { "{" + fields.joined(separator: ",") + "}" }
}

extension LayoutAttributes {
  /// The attributes as the JSON object `scrollwork inspect` prints.
  package var json: String {
    var o = JSONObject()
    o.add("kind", id.kind.label)
    o.add("section", id.section)
    o.add("item", id.item)
    o.add("center", center)
    o.add("size", size)
    let t = transform
    o.add("transform", [t.a, t.b, t.c, t.d, t.tx, t.ty])
    o.add("alpha", alpha)
    o.add("zIndex", zIndex)
    if isHidden { o.add("hidden", true) }
    if let c = extras.contentRect { o.add("content", [c.minX, c.minY, c.width, c.height]) }
    if extras.overlayAlpha != 0 { o.add("overlayAlpha", extras.overlayAlpha) }
    if extras.cornerRadius != 0 { o.add("cornerRadius", extras.cornerRadius) }
    if extras.styleProgress != 0 { o.add("styleProgress", extras.styleProgress) }
    return o.text
  }
}
