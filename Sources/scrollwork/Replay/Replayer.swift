import Foundation
import LayoutCore
import LayoutHost
import ToolSupport

/// One line of a replay: a call UIKit makes of its layout, as JSON. Every
/// field but `call` is optional; which ones a call reads is in
/// Guides/LayoutHost.md.
struct ReplayCall: Decodable {
  var format: Int?
  var call: String?
  var bounds: [Double]?
  var sections: [Int]?
  var rect: [Double]?
  var indexPath: [Int]?
  var kind: String?
  var preferredSize: [Double]?
  var context: ReplayContext?
  var updates: [ReplayUpdate]?
  var proposed: [Double]?
  var velocity: [Double]?
  var dragStart: [Double]?
  var to: String?
  var progress: Double?
  var anchor: [Double]?
  var completed: Bool?
}

/// An invalidation context as the replay prints and reads it.
struct ReplayContext: Decodable {
  var everything: Bool?
  var dataCounts: Bool?
  var items: [[Int]]?
  var supplementary: [String: [[Int]]]?
  var contentOffsetAdjustment: [Double]?
  var contentSizeAdjustment: [Double]?
  var bounds: [Double]?
}

/// One batch-update item: `{"action":"delete","before":[s,i]}`, `insert`
/// with `after`, `reload` with `before`, `move` with both; section actions
/// `insertSection` (`after`: s), `deleteSection` and `reloadSection`
/// (`before`: s), `moveSection` (both).
struct ReplayUpdate: Decodable {
  var action: String
  var before: ReplayPosition?
  var after: ReplayPosition?
}

/// A section index or an `[section, item]` index path.
enum ReplayPosition: Decodable {
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

/// A replay line that cannot be answered: the field at fault and why.
struct ReplayFailure: Error {
  var field: String
  var message: String
}

/// Replays UIKit's calls on a host and prints one JSON line per call
/// (Guides/LayoutHost.md has the format).
struct Replayer {
  var host: any LayoutHosting
  var transition: HostTransition?
  var transitionTarget: (any LayoutHosting)?
  var lastContext: InvalidationContext?
  var buffer: [LayoutAttributes] = []
  /// Whether a `prepare` call has succeeded (calls that query the layout
  /// need one first).
  var prepared = false

  /// The longest line read, in bytes.
  static let maximumLineLength = 1 << 20

  /// Replays the calls in `path` (`-`: standard input) and prints the
  /// answers; returns the number of lines that failed.
  static func run(host: any LayoutHosting, calls path: String) throws -> Int {
    let text: String
    if path == "-" {
      var lines: [String] = []
      while let line = readLine(strippingNewline: true) { lines.append(line) }
      text = lines.joined(separator: "\n")
    } else {
      text = try TextFile.read(path, option: "--calls")
    }
    var replayer = Replayer(host: host)
    var failures = 0
    // "\r\n" is one Character in Swift: both line ends split.
    let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
    for (index, line) in lines.enumerated() {
      if line.allSatisfy(\.isWhitespace) { continue }
      let answer = replayer.answer(String(line), number: index + 1)
      if answer.failed { failures += 1 }
      print(answer.text)
    }
    return failures
  }

  /// The answer to one line, and whether it failed.
  mutating func answer(_ line: String, number: Int) -> (text: String, failed: Bool) {
    var o = JSONObject()
    o.add("line", number)
    guard line.utf8.count <= Self.maximumLineLength else {
      o.add("error", "the line is longer than \(Self.maximumLineLength) bytes")
      o.add("field", "line")
      return (o.text, true)
    }
    let call: ReplayCall
    do {
      call = try JSONDecoder().decode(ReplayCall.self, from: Data(line.utf8))
    } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context),
      let DecodingError.dataCorrupted(context)
    {
      let field = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
      if field.isEmpty, let bad = Self.invalidValue(in: line) {
        // The decoder stops at the first token that is not JSON: name
        // the field that holds it (NaN, Infinity, 1e309 where a number
        // belongs).
        o.add(
          "error",
          "'\(bad.token)' is not a value this tool reads: a number must be finite (NaN, Infinity and numbers "
            + "past ±1.8e308 are not JSON); index paths, sections and counts are whole numbers that fit in 64 bits")
        o.add("field", bad.path)
        return (o.text, true)
      }
      o.add("error", field.isEmpty ? "not a JSON object" : "a value of the wrong type")
      o.add("field", field.isEmpty ? "line" : field)
      return (o.text, true)
    } catch {
      o.add("error", "not a JSON call object")
      o.add("field", "line")
      return (o.text, true)
    }
    if call.call == nil, let format = call.format {
      o.add("format", format)
      guard format == 1 else {
        o.add("error", "format \(format) is not known; this tool reads format 1")
        o.add("field", "format")
        return (o.text, true)
      }
      return (o.text, false)
    }
    guard let name = call.call else {
      o.add("error", "no \"call\"")
      o.add("field", "call")
      return (o.text, true)
    }
    o.add("call", name)
    let saved = self
    do {
      if let bounds = call.bounds,
        name != "prepare" && !name.hasPrefix("shouldInvalidateForBounds")
          && !name.hasPrefix("invalidationContextForBounds")
      {
        try setBounds(try Self.rect(bounds, "bounds"))
      }
      try perform(name, call, into: &o)
      return (o.text, false)
    } catch let failure as ReplayFailure {
      self = saved
      var e = JSONObject()
      e.add("line", number)
      e.add("call", name)
      e.add("error", failure.message)
      e.add("field", failure.field)
      return (e.text, true)
    } catch {
      self = saved
      var e = JSONObject()
      e.add("line", number)
      e.add("call", name)
      e.add("error", "\(error)")
      return (e.text, true)
    }
  }

  /// The first bare token of `line` that is not a JSON value (`NaN`,
  /// `Infinity`, `1e309`, a word) and the path of the field holding it
  /// (`rect.1`, `context.contentOffsetAdjustment.0`), or `nil` when there
  /// is none inside an object (the line is not JSON some other way).
  ///
  /// - Complexity: O(length of `line`).
  /// The fields whose numbers are integers.
  static let integerFields: Set<String> = ["format", "sections", "indexPath", "items", "before", "after"]

  static func invalidValue(in line: String) -> (token: String, path: String)? {
    enum Frame {
      case object(String?)
      case array(Int)
    }
    let bytes = Array(line.utf8)
    var stack: [Frame] = []
    var i = 0
    func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }
    func isDelimiter(_ c: UInt8) -> Bool {
      isSpace(c) || c == UInt8(ascii: ",") || c == UInt8(ascii: "]") || c == UInt8(ascii: "}") || c == UInt8(ascii: ":")
    }
    while i < bytes.count {
      let c = bytes[i]
      switch c {
      case UInt8(ascii: "\""):
        let start = i + 1
        i += 1
        while i < bytes.count && bytes[i] != UInt8(ascii: "\"") {
          if bytes[i] == UInt8(ascii: "\\") { i += 1 }
          i += 1
        }
        let text = String(decoding: bytes[start..<Swift.min(i, bytes.count)], as: UTF8.self)
        i += 1
        var j = i
        while j < bytes.count && isSpace(bytes[j]) { j += 1 }
        if j < bytes.count, bytes[j] == UInt8(ascii: ":"), case .object = stack.last {
          stack[stack.count - 1] = .object(text)
        }
        continue
      case UInt8(ascii: "{"): stack.append(.object(nil))
      case UInt8(ascii: "["): stack.append(.array(0))
      case UInt8(ascii: "}"), UInt8(ascii: "]"): if !stack.isEmpty { stack.removeLast() }
      case UInt8(ascii: ","):
        if case .array(let n) = stack.last { stack[stack.count - 1] = .array(n + 1) }
      case UInt8(ascii: ":"): break
      default:
        if isSpace(c) { break }
        let start = i
        while i < bytes.count && !isDelimiter(bytes[i]) { i += 1 }
        let token = String(decoding: bytes[start..<i], as: UTF8.self)
        let numeric = token.utf8.allSatisfy { (0x30...0x39).contains($0) || "+-.eE".utf8.contains($0) }
        let whole = token.utf8.allSatisfy { (0x30...0x39).contains($0) || $0 == UInt8(ascii: "-") }
        // A whole number past 64 bits is a JSON number, but no field
        // takes it (index paths and counts are 64-bit integers).
        // Index paths, counts and the format are integers.
        let integral = stack.contains {
          if case .object(let key?) = $0 { return Self.integerFields.contains(key) }
          return false
        }
        let good =
          ["true", "false", "null"].contains(token)
          || (numeric && Double(token)?.isFinite == true && (!whole || Int(token) != nil)
            && (!integral || Int(token) != nil))
        guard good else {
          let path = stack.compactMap { frame -> String? in
            switch frame {
            case .object(let key): key
            case .array(let n): String(n)
            }
          }
          return stack.isEmpty ? nil : (token, path.isEmpty ? "line" : path.joined(separator: "."))
        }
        continue
      }
      i += 1
    }
    return nil
  }

  mutating func setBounds(_ rect: Rect) throws {
    do throws(HostError) {
      try host.setBounds(rect)
    } catch {
      throw ReplayFailure(field: "bounds", message: error.description)
    }
  }

  mutating func perform(_ name: String, _ call: ReplayCall, into o: inout JSONObject) throws {
    switch name {
    case "prepare":
      let bounds = try Self.rect(Self.required(call.bounds, "bounds"), "bounds")
      let sections = try Self.required(call.sections, "sections")
      do throws(HostError) {
        let again = try host.prepare(bounds: bounds, counts: sections)
        o.add("prepared", again)
        prepared = true
      } catch {
        // Counts are the sections' fault; a layout that has no room in
        // the bounds is theirs.
        switch error {
        case .invalidCounts, .update, .layout(.invalidItemCount), .layout(.contentTooLarge), .layout(.invalidItemSize):
          break
        default: throw ReplayFailure(field: "bounds", message: error.description)
        }
        throw ReplayFailure(field: "sections", message: error.description)
      }
      o.add("contentSize", host.contentSize)
    case "contentSize":
      try prepare()
      o.add("contentSize", host.contentSize)
    case "elements":
      try prepare()
      let rect = try call.rect.map { try Self.rect($0, "rect") } ?? host.bounds
      buffer.removeAll(keepingCapacity: true)
      if let transition {
        transition.elements(in: rect, into: &buffer)
      } else {
        // As the UIKit layout reads it (the answer lent in place).
        host.withElements(in: rect) { buffer.append(contentsOf: $0) }
      }
      buffer.sort { $0.id < $1.id }
      o.add("elements", raw: "[" + buffer.map(\.replayJSON).joined(separator: ",") + "]")
    case "item", "supplementary":
      try prepare()
      let id = try elementID(call, supplementary: name == "supplementary")
      let found = transition.map { $0.attributes(for: id) } ?? host.attributes(for: id)
      o.add("attributes", raw: found?.replayJSON ?? "null")
    case "shouldInvalidateForBoundsChange":
      try prepare()
      let bounds = try Self.rect(Self.required(call.bounds, "bounds"), "bounds")
      o.add("invalidate", host.shouldInvalidate(forBoundsChange: bounds))
    case "invalidationContextForBoundsChange":
      try prepare()
      let bounds = try Self.rect(Self.required(call.bounds, "bounds"), "bounds")
      let context = host.invalidationContext(forBoundsChange: bounds)
      lastContext = context
      o.add("context", raw: context.replayJSON)
    case "shouldInvalidateForPreferredSize":
      try prepare()
      let id = try elementID(call, supplementary: call.kind != nil)
      let size = try Self.size(Self.required(call.preferredSize, "preferredSize"), "preferredSize")
      o.add("invalidate", host.shouldInvalidate(forPreferredSize: size, of: id))
    case "invalidationContextForPreferredSize":
      try prepare()
      let id = try elementID(call, supplementary: call.kind != nil)
      let size = try Self.size(Self.required(call.preferredSize, "preferredSize"), "preferredSize")
      let context = host.invalidationContext(forPreferredSize: size, of: id)
      lastContext = context
      o.add("context", raw: context.replayJSON)
    case "invalidate":
      let context: InvalidationContext
      if let given = call.context {
        context = try Self.context(given)
      } else if let lastContext {
        context = lastContext
      } else {
        context = .everything(.configuration)
      }
      host.invalidate(with: context)
      o.add("bounds", [host.bounds.minX, host.bounds.minY, host.bounds.width, host.bounds.height])
    case "prepareForUpdates":
      try prepare()
      let updates = try Self.updates(Self.required(call.updates, "updates"))
      let sections = try Self.required(call.sections, "sections")
      do throws(HostError) {
        try host.prepare(forUpdates: updates, counts: sections)
      } catch {
        if case .update = error { throw ReplayFailure(field: "updates", message: error.description) }
        throw ReplayFailure(field: "sections", message: error.description)
      }
      o.add("contentSize", host.contentSize)
      let target = host.targetContentOffset(forProposed: host.bounds.origin)
      o.add("targetContentOffset", target)
      if let anchor = host.pendingAnchor { o.add("anchor", [Double(anchor.section), Double(anchor.item)]) }
    case "initialForAppearingItem", "initialForAppearingSupplementary":
      let id = try elementID(call, supplementary: name.hasSuffix("Supplementary"))
      o.add("attributes", raw: host.initialAttributes(forAppearing: id)?.replayJSON ?? "null")
    case "finalForDisappearingItem", "finalForDisappearingSupplementary":
      let id = try elementID(call, supplementary: name.hasSuffix("Supplementary"))
      o.add("attributes", raw: host.finalAttributes(forDisappearing: id)?.replayJSON ?? "null")
    case "finalizeUpdates":
      host.finalizeUpdates()
    case "targetContentOffset":
      try prepare()
      let proposed = try Self.point(Self.required(call.proposed, "proposed"), "proposed")
      let velocity = try Self.point(Self.required(call.velocity, "velocity"), "velocity")
      if let start = call.dragStart { host.dragStart = try Self.point(start, "dragStart") }
      o.add("offset", host.targetContentOffset(proposed: proposed, velocity: velocity))
    case "targetContentOffsetForProposed":
      try prepare()
      let proposed = try Self.point(Self.required(call.proposed, "proposed"), "proposed")
      let offset =
        transition.map { $0.restingOffset(completed: true) } ?? host.targetContentOffset(forProposed: proposed)
      o.add("offset", offset)
    case "transition":
      try prepare()
      if let target = call.to {
        var other = try Self.host(named: target)
        do throws(HostError) {
          try other.prepare(bounds: host.bounds, counts: host.counts)
        } catch {
          throw ReplayFailure(field: "to", message: error.description)
        }
        let anchor = try call.anchor.map { try Self.point($0, "anchor") }
        guard let made = HostTransition(fromAny: host, toAny: other, anchoredAt: anchor) else {
          throw ReplayFailure(
            field: "to", message: "a transition needs both layouts prepared with a plain scroll state")
        }
        transition = made
        transitionTarget = other
      }
      guard transition != nil else {
        throw ReplayFailure(field: "to", message: "no transition is running: give \"to\" with the target layout")
      }
      if let progress = call.progress {
        guard progress.isFinite, progress >= 0, progress <= 1 else {
          throw ReplayFailure(field: "progress", message: "must be a number from 0 to 1, not \(progress)")
        }
        transition?.progress = progress
      }
      guard let transition else { return }
      o.add("progress", transition.progress)
      o.add("presentedOffset", transition.presentedOffset)
      o.add("targetOffset", transition.targetOffset)
      buffer.removeAll(keepingCapacity: true)
      transition.elements(
        in: Rect(origin: transition.presentedOffset, size: host.bounds.size), into: &buffer)
      buffer.sort { $0.id < $1.id }
      o.add("elements", raw: "[" + buffer.map(\.replayJSON).joined(separator: ",") + "]")
    case "finishTransition":
      guard let transition, let target = transitionTarget else {
        throw ReplayFailure(field: "call", message: "no transition is running")
      }
      let completed = call.completed ?? true
      let offset = transition.restingOffset(completed: completed)
      if completed {
        host = target
      }
      try setBounds(Rect(origin: offset, size: host.bounds.size))
      self.transition = nil
      transitionTarget = nil
      o.add("completed", completed)
      o.add("offset", offset)
    default:
      throw ReplayFailure(field: "call", message: "unknown call '\(name)'")
    }
  }

  /// Prepares when an invalidation asked for it (UIKit calls `prepare()`
  /// before it queries).
  mutating func prepare() throws {
    guard prepared else {
      throw ReplayFailure(
        field: "call",
        message: "the layout is not prepared yet: a \"prepare\" call with bounds and sections must succeed first")
    }
    do throws(HostError) {
      try host.prepareIfNeeded()
    } catch {
      throw ReplayFailure(field: "bounds", message: "the layout cannot be prepared: \(error.description)")
    }
  }

  func elementID(_ call: ReplayCall, supplementary: Bool) throws -> ElementID {
    let path = try Self.required(call.indexPath, "indexPath")
    guard path.count == 2 else { throw ReplayFailure(field: "indexPath", message: "must be [section, item]") }
    if supplementary {
      let kind = try Self.required(call.kind, "kind")
      return ElementID(kind: .supplementary(kind), section: path[0], item: path[1])
    }
    return .cell(path[1], section: path[0])
  }

  static func host(named command: String) throws -> any LayoutHosting {
    let words = command.split(whereSeparator: \.isWhitespace).map(String.init)
    guard let name = words.first, let entry = LayoutRegistry.entry(named: name) else {
      throw ReplayFailure(
        field: "to",
        message: "'\(command)' does not start with a layout name (\(LayoutRegistry.names.joined(separator: ", ")))")
    }
    do {
      return try entry.replayHost(arguments: Array(words.dropFirst()))
    } catch {
      throw ReplayFailure(field: "to", message: "\(name): " + entry.replayCommand.message(for: error))
    }
  }

  static func required<T>(_ value: T?, _ field: String) throws -> T {
    guard let value else { throw ReplayFailure(field: field, message: "missing") }
    return value
  }

  static func finite(_ values: [Double], count: Int, _ field: String, what: String) throws {
    guard values.count == count else { throw ReplayFailure(field: field, message: "must be \(what)") }
    guard values.allSatisfy(\.isFinite), values.allSatisfy({ Swift.abs($0) <= LayoutLimits.maximumExtent }) else {
      throw ReplayFailure(
        field: field, message: "every value must be finite and at most \(LayoutLimits.maximumExtent) in size")
    }
  }

  static func rect(_ values: [Double], _ field: String) throws -> Rect {
    try finite(values, count: 4, field, what: "[x, y, width, height]")
    guard values[2] >= 0, values[3] >= 0 else {
      throw ReplayFailure(field: field, message: "width and height must not be negative")
    }
    return Rect(x: values[0], y: values[1], width: values[2], height: values[3])
  }

  static func point(_ values: [Double], _ field: String) throws -> Point {
    try finite(values, count: 2, field, what: "[x, y]")
    return Point(x: values[0], y: values[1])
  }

  static func size(_ values: [Double], _ field: String) throws -> Size {
    try finite(values, count: 2, field, what: "[width, height]")
    guard values[0] >= 0, values[1] >= 0 else { throw ReplayFailure(field: field, message: "must not be negative") }
    return Size(width: values[0], height: values[1])
  }

  static func path(_ position: ReplayPosition?, _ field: String) throws -> ItemPath {
    guard case .path(let p) = try required(position, field), p.count == 2 else {
      throw ReplayFailure(field: field, message: "must be [section, item]")
    }
    return ItemPath(section: p[0], item: p[1])
  }

  static func section(_ position: ReplayPosition?, _ field: String) throws -> Int {
    guard case .section(let s) = try required(position, field) else {
      throw ReplayFailure(field: field, message: "must be a section index")
    }
    return s
  }

  static func updates(_ list: [ReplayUpdate]) throws -> [CollectionUpdate] {
    try list.enumerated().map { i, u in
      let field = "updates.\(i)"
      switch u.action {
      case "insert": return .insertItem(try path(u.after, field + ".after"))
      case "delete": return .deleteItem(try path(u.before, field + ".before"))
      case "reload": return .reloadItem(try path(u.before, field + ".before"))
      case "move":
        return .moveItem(from: try path(u.before, field + ".before"), to: try path(u.after, field + ".after"))
      case "insertSection": return .insertSection(try section(u.after, field + ".after"))
      case "deleteSection": return .deleteSection(try section(u.before, field + ".before"))
      case "reloadSection": return .reloadSection(try section(u.before, field + ".before"))
      case "moveSection":
        return .moveSection(from: try section(u.before, field + ".before"), to: try section(u.after, field + ".after"))
      default:
        throw ReplayFailure(
          field: field + ".action",
          message:
            "unknown action '\(u.action)' (insert, delete, reload, move, insertSection, deleteSection, reloadSection, moveSection)"
        )
      }
    }
  }

  static func context(_ given: ReplayContext) throws -> InvalidationContext {
    var context = InvalidationContext(reason: .configuration)
    context.invalidatesEverything = given.everything ?? false
    context.invalidatesDataCounts = given.dataCounts ?? false
    var ids: [ElementID] = []
    for (i, p) in (given.items ?? []).enumerated() {
      guard p.count == 2 else { throw ReplayFailure(field: "context.items.\(i)", message: "must be [section, item]") }
      ids.append(.cell(p[1], section: p[0]))
    }
    for (kind, paths) in given.supplementary ?? [:] {
      for (i, p) in paths.enumerated() {
        guard p.count == 2 else {
          throw ReplayFailure(field: "context.supplementary.\(kind).\(i)", message: "must be [section, item]")
        }
        ids.append(ElementID(kind: .supplementary(kind), section: p[0], item: p[1]))
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

extension LayoutAttributes {
  /// The attributes as a replay answer prints them: kind, index path,
  /// untransformed frame, transform, alpha, z-index.
  var replayJSON: String {
    var o = JSONObject()
    o.add("kind", id.kind.name)
    o.add("indexPath", [Double(id.section), Double(id.item)])
    let f = frame
    o.add("frame", [f.minX, f.minY, f.width, f.height])
    let t = transform
    o.add("transform", [t.a, t.b, t.c, t.d, t.tx, t.ty])
    o.add("alpha", alpha)
    o.add("zIndex", zIndex)
    return o.text
  }
}

extension InvalidationContext {
  /// The context as the replay prints (and `invalidate` reads) it.
  var replayJSON: String {
    var o = JSONObject()
    o.add("everything", invalidatesEverything)
    if invalidatesDataCounts { o.add("dataCounts", true) }
    o.add("items", raw: "[" + items.map { "[\($0.section),\($0.item)]" }.joined(separator: ",") + "]")
    var s = JSONObject()
    for (kind, ids) in supplementaries.sorted(by: { $0.key < $1.key }) {
      s.add(kind, raw: "[" + ids.map { "[\($0.section),\($0.item)]" }.joined(separator: ",") + "]")
    }
    o.add("supplementary", raw: s.text)
    o.add("contentOffsetAdjustment", contentOffsetAdjustment)
    o.add("contentSizeAdjustment", contentSizeAdjustment)
    if let bounds { o.add("bounds", [bounds.minX, bounds.minY, bounds.width, bounds.height]) }
    return o.text
  }
}
