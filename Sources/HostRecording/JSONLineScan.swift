import Foundation

/// What a byte walk of a line finds that `JSONDecoder` does not say where
/// (or accepts): the first bare token that is not a JSON value this format
/// reads, the first key given twice in one object, the first trailing
/// comma, the first number that underflows to zero, each with the dotted
/// path of the field holding it (`rect.1`,
/// `context.contentOffsetAdjustment.0`), and nesting past `maximumDepth`.
///
/// It follows strings, objects and arrays only as far as naming a path
/// needs; it is not a JSON parser (`JSONDecoder` decides what is JSON).
///
/// - Complexity: O(length of the line).
struct JSONLineScan {
  /// The first bare token that is not `true`, `false`, `null` or a finite
  /// number (a whole number must fit in 64 bits, and so must every number
  /// under an integer field: `format`, `sections`, `indexPath`, `items`,
  /// `before`, `after`); `nil` when there is none inside an object.
  private(set) var invalidToken: (token: String, path: String)?
  /// The first key given twice in one object (compared after unescaping),
  /// and the path of its second occurrence.
  private(set) var duplicateKey: (key: String, path: String)?
  /// The path of the first comma right before a `}` or `]`.
  private(set) var trailingComma: String?
  /// The first number too small to tell from zero (`1e-400`), and its path.
  private(set) var underflow: (token: String, path: String)?
  /// Whether arrays and objects nest deeper than `maximumDepth` (the scan
  /// stops there).
  private(set) var tooDeep = false

  /// The deepest nesting of arrays and objects a line may have: 32 (the
  /// deepest call line has 4 levels).
  static let maximumDepth = 32

  /// The fields whose numbers are integers.
  static let integerFields: Set<String> = ["format", "sections", "indexPath", "items", "before", "after"]

  init(_ line: String) {
    enum Frame {
      case object(String?, Set<String>)
      case array(Int)
    }
    let bytes = Array(line.utf8)
    var stack: [Frame] = []
    var i = 0
    var previous: UInt8 = 0
    func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }
    func isDelimiter(_ c: UInt8) -> Bool {
      isSpace(c) || c == UInt8(ascii: ",") || c == UInt8(ascii: "]") || c == UInt8(ascii: "}") || c == UInt8(ascii: ":")
    }
    func path(_ frames: ArraySlice<Frame>) -> String {
      let names = frames.compactMap { frame -> String? in
        switch frame {
        case .object(let key, _): key
        case .array(let n): String(n)
        }
      }
      return names.isEmpty ? "line" : names.joined(separator: ".")
    }
    while i < bytes.count {
      let c = bytes[i]
      if !isSpace(c) {
        if (c == UInt8(ascii: "}") || c == UInt8(ascii: "]")) && previous == UInt8(ascii: ","),
          trailingComma == nil
        {
          // Before `}` the last key is not the place: the object is.
          trailingComma = c == UInt8(ascii: "}") ? path(stack.dropLast()) : path(stack[...])
        }
        previous = c
      }
      switch c {
      case UInt8(ascii: "\""):
        let start = i + 1
        i += 1
        var escaped = false
        while i < bytes.count && bytes[i] != UInt8(ascii: "\"") {
          if bytes[i] == UInt8(ascii: "\\") {
            escaped = true
            i += 1
          }
          i += 1
        }
        var text = String(decoding: bytes[start..<Swift.min(i, bytes.count)], as: UTF8.self)
        i += 1
        var j = i
        while j < bytes.count && isSpace(bytes[j]) { j += 1 }
        if j < bytes.count, bytes[j] == UInt8(ascii: ":"), case .object = stack.last,
          case .object(_, var seen) = stack.removeLast()
        {
          // Taken out of the stack before the insert: the set is then
          // uniquely referenced and grows in place (a copy per key made an
          // object of k keys cost O(k²)).
          if escaped, let plain = Self.unescaped(text) { text = plain }
          let (fresh, _) = seen.insert(text)
          stack.append(.object(text, seen))
          if !fresh && duplicateKey == nil { duplicateKey = (text, path(stack[...])) }
        }
        continue
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        guard stack.count < Self.maximumDepth else {
          tooDeep = true
          return
        }
        stack.append(c == UInt8(ascii: "{") ? .object(nil, []) : .array(0))
      case UInt8(ascii: "}"), UInt8(ascii: "]"): if !stack.isEmpty { stack.removeLast() }
      case UInt8(ascii: ","):
        if case .array(let n) = stack.last { stack[stack.count - 1] = .array(n + 1) }
      case UInt8(ascii: ":"): break
      default:
        if isSpace(c) { break }
        let start = i
        while i < bytes.count && !isDelimiter(bytes[i]) { i += 1 }
        guard invalidToken == nil || underflow == nil else { continue }
        let token = String(decoding: bytes[start..<i], as: UTF8.self)
        let numeric = token.utf8.allSatisfy { (0x30...0x39).contains($0) || "+-.eE".utf8.contains($0) }
        let whole = token.utf8.allSatisfy { (0x30...0x39).contains($0) || $0 == UInt8(ascii: "-") }
        // A whole number past 64 bits is a JSON number, but no field takes
        // it; index paths, counts and the format are integers.
        let integral = stack.contains {
          if case .object(let key?, _) = $0 { return Self.integerFields.contains(key) }
          return false
        }
        let good =
          ["true", "false", "null"].contains(token)
          || (numeric && Double(token)?.isFinite == true && (!whole || Int(token) != nil)
            && (!integral || Int(token) != nil))
        if !good && !stack.isEmpty && invalidToken == nil { invalidToken = (token, path(stack[...])) }
        if good, numeric, underflow == nil, Double(token) == 0,
          token.utf8.prefix(while: { $0 != UInt8(ascii: "e") && $0 != UInt8(ascii: "E") })
            .contains(where: { (0x31...0x39).contains($0) })
        {
          underflow = (token, path(stack[...]))
        }
        continue
      }
      i += 1
    }
  }

  /// The text of a JSON string's body with its escapes resolved; `nil`
  /// when they are not valid JSON (the decoder refuses the line then).
  static func unescaped(_ body: String) -> String? {
    try? JSONSerialization.jsonObject(with: Data(("\"" + body + "\"").utf8), options: .fragmentsAllowed) as? String
  }
}
