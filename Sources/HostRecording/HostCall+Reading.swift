import Foundation
import LayoutCore
import LayoutHost

extension HostCall {
  /// Reads one call line of the replay format (without its line end).
  ///
  /// - Throws: `HostCallError` naming the field at fault and why: a line
  ///   longer than `maximumLineLength`, not a JSON object, a duplicate key,
  ///   a token that is not a JSON value (`NaN`, `1e309`), a value of the
  ///   wrong type, a missing field, an unknown call, action or reason, an
  ///   array of the wrong length, a non-finite number (written as a string
  ///   by the writer), a coordinate or size past
  ///   `LayoutLimits.maximumExtent`, a negative size, a progress outside
  ///   0…1, `bounds` on `finalizeUpdates`; a format header is refused as
  ///   `noCall` (read it with `HostLine(jsonLine:)`). Fields a call does not
  ///   read are type-checked and otherwise ignored.
  /// - Complexity: O(length of the line).
  public init(jsonLine line: String) throws(HostCallError) {
    switch try HostLine(jsonLine: line) {
    case .call(let call): self = call
    case .header: throw HostCallError(field: "call", reason: .noCall)
    }
  }
}

extension HostLine {
  /// Reads one line of the replay format: a `{"format":N}` header (N in
  /// `HostCall.readableFormats`) or a call (see `HostCall(jsonLine:)`).
  ///
  /// - Throws: `HostCallError` as `HostCall(jsonLine:)` does, and
  ///   `unknownFormat` (field `format`) for a header of another format.
  /// - Complexity: O(length of the line).
  public init(jsonLine line: String) throws(HostCallError) {
    guard line.utf8.count <= HostCall.maximumLineLength else {
      throw HostCallError(field: "line", reason: .lineTooLong(limit: HostCall.maximumLineLength))
    }
    if let encoding = Self.wideEncoding(line) {
      throw HostCallError(field: "line", reason: .notUTF8(encoding))
    }
    // One walk of the bytes first: nesting past the limit is refused before
    // the decoder recurses into it.
    let scan = JSONLineScan(line)
    if scan.tooDeep { throw HostCallError(field: "line", reason: .tooDeep(limit: JSONLineScan.maximumDepth)) }
    let raw: RawLine
    do {
      raw = try Self.decoder.decode(RawLine.self, from: Data(line.utf8))
    } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context),
      let DecodingError.dataCorrupted(context), let DecodingError.keyNotFound(_, context)
    {
      let field = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
      if field.isEmpty {
        // The decoder stops at the first thing that is not JSON: name the
        // field that holds it (NaN, Infinity, 1e309 where a number
        // belongs, 1.5 where an index does, a trailing comma, 1e-400).
        if let bad = scan.invalidToken { throw HostCallError(field: bad.path, reason: .invalidToken(bad.token)) }
        if let path = scan.trailingComma { throw HostCallError(field: path, reason: .trailingComma) }
        if let small = scan.underflow { throw HostCallError(field: small.path, reason: .numberUnderflows(small.token)) }
      }
      throw HostCallError(field: field.isEmpty ? "line" : field, reason: field.isEmpty ? .notAnObject : .wrongType)
    } catch {
      throw HostCallError(field: "line", reason: .notAnObject)
    }
    // What the decoder may accept but the format refuses.
    if let duplicate = scan.duplicateKey {
      throw HostCallError(field: duplicate.path, reason: .duplicateKey(duplicate.key))
    }
    if let path = scan.trailingComma { throw HostCallError(field: path, reason: .trailingComma) }
    if let small = scan.underflow { throw HostCallError(field: small.path, reason: .numberUnderflows(small.token)) }
    if raw.call == nil, let format = raw.format {
      guard HostCall.readableFormats.contains(format) else {
        throw HostCallError(field: "format", reason: .unknownFormat(format))
      }
      self = .header(format: format, defersSettle: raw.defersSettle ?? false)
      return
    }
    guard let name = raw.call else { throw HostCallError(field: "call", reason: .noCall) }
    self = .call(try HostCallReader(name: name, raw: raw).call())
  }

  /// "UTF-16" or "UTF-32" when the line looks like such text read as
  /// bytes (NUL bytes between ASCII characters, or a wide byte-order
  /// mark), else `nil`.
  static func wideEncoding(_ line: String) -> String? {
    let head = Array(line.utf8.prefix(8))
    guard head.contains(0) || line.unicodeScalars.first == "\u{FFFE}" else { return nil }
    let zeros = head.filter { $0 == 0 }.count
    return zeros * 4 >= head.count * 3 - 1 && head.count >= 4 ? "UTF-32" : "UTF-16"
  }

  /// Reads numbers written as `"NaN"`, `"Infinity"`, `"-Infinity"` as
  /// such, for the reader to refuse by name.
  static var decoder: JSONDecoder {
    let decoder = JSONDecoder()
    decoder.nonConformingFloatDecodingStrategy = .convertFromString(
      positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
    return decoder
  }
}

// MARK: - The line as JSON gives it

/// A line as JSON: every field optional; which ones a call reads is in
/// Guides/LayoutHost.md.
struct RawLine: Decodable {
  var format: Int?
  var defersSettle: Bool?
  var call: String?
  var bounds: [Double]?
  var sections: [Int]?
  var rect: [Double]?
  var indexPath: [Int]?
  var kind: String?
  var preferredSize: [Double]?
  var context: RawContext?
  var updates: [RawUpdate]?
  var proposed: [Double]?
  var velocity: [Double]?
  var dragStart: [Double]?
  var to: String?
  var progress: Double?
  var anchor: [Double]?
  var completed: Bool?
}

/// An invalidation context as JSON.
struct RawContext: Decodable {
  var everything: Bool?
  var dataCounts: Bool?
  var items: [[Int]]?
  var supplementary: [String: [[Int]]]?
  var contentOffsetAdjustment: [Double]?
  var contentSizeAdjustment: [Double]?
  var bounds: [Double]?
  var reason: String?
}

/// One update item as JSON.
struct RawUpdate: Decodable {
  var action: String?
  var before: RawPosition?
  var after: RawPosition?
}

/// A section index or an `[section, item]` index path.
enum RawPosition: Decodable {
  case section(Int)
  case path([Int])

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let section = try? container.decode(Int.self) {
      self = .section(section)
    } else {
      self = .path(try container.decode([Int].self))
    }
  }
}

// MARK: - From JSON to a call

/// Checks a decoded line's fields for call `name` and makes the call.
struct HostCallReader {
  let name: String
  let raw: RawLine

  func fail(_ field: String, _ reason: HostCallError.Reason) -> HostCallError {
    HostCallError(call: name, field: field, reason: reason)
  }

  func call() throws(HostCallError) -> HostCall {
    guard HostCall.names.contains(name) else { throw fail("call", .unknownCall(name)) }
    // The bounds UIKit had, for every call but those whose argument they are.
    let takesBounds = ![
      "prepare", "shouldInvalidateForBoundsChange", "invalidationContextForBoundsChange", "finalizeUpdates",
    ].contains(name)
    let bounds = takesBounds ? try raw.bounds.map { (v) throws(HostCallError) in try rect(v, "bounds") } : nil
    switch name {
    case "prepare":
      return .prepare(
        bounds: try rect(required(raw.bounds, "bounds"), "bounds"), counts: try required(raw.sections, "sections"))
    case "contentSize":
      return .contentSize(bounds: bounds)
    case "elements":
      return .elements(rect: try raw.rect.map { (v) throws(HostCallError) in try rect(v, "rect") }, bounds: bounds)
    case "item":
      return .item(try elementID(supplementary: false), bounds: bounds)
    case "supplementary":
      return .supplementary(try elementID(supplementary: true), bounds: bounds)
    case "shouldInvalidateForBoundsChange":
      return .shouldInvalidateForBoundsChange(try rect(required(raw.bounds, "bounds"), "bounds"))
    case "invalidationContextForBoundsChange":
      return .invalidationContextForBoundsChange(try rect(required(raw.bounds, "bounds"), "bounds"))
    case "invalidate":
      return .invalidate(try raw.context.map { (c) throws(HostCallError) in try context(c) }, bounds: bounds)
    case "shouldInvalidateForPreferredSize":
      let id = try elementID(supplementary: raw.kind != nil)
      return .shouldInvalidateForPreferredSize(
        id, try size(required(raw.preferredSize, "preferredSize"), "preferredSize"), bounds: bounds)
    case "invalidationContextForPreferredSize":
      let id = try elementID(supplementary: raw.kind != nil)
      return .invalidationContextForPreferredSize(
        id, try size(required(raw.preferredSize, "preferredSize"), "preferredSize"), bounds: bounds)
    case "prepareForUpdates":
      let updates = try updates(required(raw.updates, "updates"))
      return .prepareForUpdates(updates, counts: try required(raw.sections, "sections"), bounds: bounds)
    case "initialForAppearingItem", "initialForAppearingSupplementary":
      return .initialForAppearing(try elementID(supplementary: name.hasSuffix("Supplementary")), bounds: bounds)
    case "finalForDisappearingItem", "finalForDisappearingSupplementary":
      return .finalForDisappearing(try elementID(supplementary: name.hasSuffix("Supplementary")), bounds: bounds)
    case "finalizeUpdates":
      guard raw.bounds == nil else { throw fail("bounds", .notTaken) }
      return .finalizeUpdates
    case "targetContentOffset":
      let proposed = try point(required(raw.proposed, "proposed"), "proposed")
      let velocity = try point(required(raw.velocity, "velocity"), "velocity")
      let start = try raw.dragStart.map { (v) throws(HostCallError) in try point(v, "dragStart") }
      return .targetContentOffset(proposed, velocity: velocity, dragStart: start, bounds: bounds)
    case "targetContentOffsetForProposed":
      return .targetContentOffsetForProposed(try point(required(raw.proposed, "proposed"), "proposed"), bounds: bounds)
    case "transition":
      let anchor = try raw.anchor.map { (v) throws(HostCallError) in try point(v, "anchor") }
      if let progress = raw.progress {
        guard progress.isFinite else { throw fail("progress", .notFinite(progress)) }
        guard progress >= 0, progress <= 1 else { throw fail("progress", .progressOutOfRange(progress)) }
      }
      return .transition(to: raw.to, progress: raw.progress, anchor: anchor, bounds: bounds)
    default:  // "finishTransition"
      return .finishTransition(completed: raw.completed, bounds: bounds)
    }
  }

  func required<T>(_ value: T?, _ field: String) throws(HostCallError) -> T {
    guard let value else { throw fail(field, .missing) }
    return value
  }

  /// `count` numbers, each finite and within `LayoutLimits.maximumExtent`.
  func numbers(_ values: [Double], count: Int, _ field: String, shape: String) throws(HostCallError) {
    guard values.count == count else { throw fail(field, .wrongShape(shape)) }
    for (i, v) in values.enumerated() {
      guard v.isFinite else { throw fail("\(field).\(i)", .notFinite(v)) }
      guard Swift.abs(v) <= LayoutLimits.maximumExtent else {
        throw fail("\(field).\(i)", .tooLarge(v, limit: LayoutLimits.maximumExtent))
      }
    }
  }

  func rect(_ values: [Double], _ field: String) throws(HostCallError) -> Rect {
    try numbers(values, count: 4, field, shape: "[x, y, width, height]")
    guard values[2] >= 0, values[3] >= 0 else { throw fail(field, .negativeSize) }
    return Rect(x: values[0], y: values[1], width: values[2], height: values[3])
  }

  func point(_ values: [Double], _ field: String) throws(HostCallError) -> Point {
    try numbers(values, count: 2, field, shape: "[x, y]")
    return Point(x: values[0], y: values[1])
  }

  func size(_ values: [Double], _ field: String) throws(HostCallError) -> Size {
    try numbers(values, count: 2, field, shape: "[width, height]")
    guard values[0] >= 0, values[1] >= 0 else { throw fail(field, .negativeSize) }
    return Size(width: values[0], height: values[1])
  }

  func elementID(supplementary: Bool) throws(HostCallError) -> ElementID {
    let path = try required(raw.indexPath, "indexPath")
    guard path.count == 2 else { throw fail("indexPath", .wrongShape("[section, item]")) }
    if supplementary {
      let kind = try kind(required(raw.kind, "kind"), "kind")
      return ElementID(kind: kind, section: path[0], item: path[1])
    }
    return .cell(path[1], section: path[0])
  }

  /// A supplementary kind named in the line, within the limits of
  /// `ElementKind.init(checking:name:)`.
  func kind(_ name: String, _ field: String) throws(HostCallError) -> ElementKind {
    do throws(ElementKind.NameError) {
      return try ElementKind(checking: .supplementary, name: name)
    } catch {
      throw fail(field, .kindName(error))
    }
  }

  func path(_ position: RawPosition?, _ field: String) throws(HostCallError) -> ItemPath {
    guard case .path(let p) = try required(position, field), p.count == 2 else {
      throw fail(field, .wrongShape("[section, item]"))
    }
    return ItemPath(section: p[0], item: p[1])
  }

  func section(_ position: RawPosition?, _ field: String) throws(HostCallError) -> Int {
    guard case .section(let s) = try required(position, field) else { throw fail(field, .notASection) }
    return s
  }

  func updates(_ list: [RawUpdate]) throws(HostCallError) -> [CollectionUpdate] {
    var result: [CollectionUpdate] = []
    result.reserveCapacity(list.count)
    for (i, u) in list.enumerated() {
      let field = "updates.\(i)"
      let action = try required(u.action, field + ".action")
      switch action {
      case "insert": result.append(.insertItem(try path(u.after, field + ".after")))
      case "delete": result.append(.deleteItem(try path(u.before, field + ".before")))
      case "reload": result.append(.reloadItem(try path(u.before, field + ".before")))
      case "move":
        result.append(.moveItem(from: try path(u.before, field + ".before"), to: try path(u.after, field + ".after")))
      case "insertSection": result.append(.insertSection(try section(u.after, field + ".after")))
      case "deleteSection": result.append(.deleteSection(try section(u.before, field + ".before")))
      case "reloadSection": result.append(.reloadSection(try section(u.before, field + ".before")))
      case "moveSection":
        result.append(
          .moveSection(from: try section(u.before, field + ".before"), to: try section(u.after, field + ".after")))
      default: throw fail(field + ".action", .unknownAction(action))
      }
    }
    return result
  }

  func context(_ given: RawContext) throws(HostCallError) -> InvalidationContext {
    var reason = InvalidationContext.Reason.configuration
    if let name = given.reason {
      guard let known = InvalidationContext.Reason(rawValue: name) else {
        throw fail("context.reason", .unknownReason(name))
      }
      reason = known
    }
    var context = InvalidationContext(reason: reason)
    context.invalidatesEverything = given.everything ?? false
    context.invalidatesDataCounts = given.dataCounts ?? false
    var ids: [ElementID] = []
    for (i, p) in (given.items ?? []).enumerated() {
      guard p.count == 2 else { throw fail("context.items.\(i)", .wrongShape("[section, item]")) }
      ids.append(.cell(p[1], section: p[0]))
    }
    // Kinds in order, so that the first bad path named is the same every run.
    for (name, paths) in (given.supplementary ?? [:]).sorted(by: { $0.key < $1.key }) {
      let kind = try kind(name, "context.supplementary.\(name)")
      for (i, p) in paths.enumerated() {
        guard p.count == 2 else { throw fail("context.supplementary.\(name).\(i)", .wrongShape("[section, item]")) }
        ids.append(ElementID(kind: kind, section: p[0], item: p[1]))
      }
    }
    context.elements = Array(Set(ids)).sorted()
    if let v = given.contentOffsetAdjustment {
      context.contentOffsetAdjustment = try point(v, "context.contentOffsetAdjustment")
    }
    if let v = given.contentSizeAdjustment {
      let p = try point(v, "context.contentSizeAdjustment")
      context.contentSizeAdjustment = Size(width: p.x, height: p.y)
    }
    if let b = given.bounds { context.bounds = try rect(b, "context.bounds") }
    return context
  }
}
