import LayoutCore

/// Why a line of the replay format was refused: the call (when the line
/// named a known one), the field at fault and why.
///
/// `field` is a dotted path into the line's object: `rect`, `rect.1` (the
/// second number of `rect`), `context.contentOffsetAdjustment.0`,
/// `updates.2.before`; `line` when the line as a whole is at fault.
public struct HostCallError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong with the field.
  public enum Reason: Hashable, Sendable {
    /// The line is longer than `HostCall.maximumLineLength` bytes.
    case lineTooLong(limit: Int)
    /// The line is not a JSON object.
    case notAnObject
    /// A bare token that is not a JSON value this format reads (`NaN`,
    /// `Infinity`, `1e309`, a fractional or 65-bit index).
    case invalidToken(String)
    /// A key given twice in one object (JSON leaves the meaning open; the
    /// format refuses it rather than pick one).
    case duplicateKey(String)
    /// A value of the wrong JSON type (a string where numbers belong).
    case wrongType
    /// A field the call needs is absent (or `null`).
    case missing
    /// A call line without `"call"` (nor a `"format"` header).
    case noCall
    /// A `"call"` that is not one of `HostCall.names`.
    case unknownCall(String)
    /// A header of a format this library does not read.
    case unknownFormat(Int)
    /// An update's `action` that is not one of the eight.
    case unknownAction(String)
    /// A context's `reason` that is not one of `InvalidationContext.Reason`'s.
    case unknownReason(String)
    /// An array of the wrong length: `shape` is what it must be
    /// (`[x, y, width, height]`, `[section, item]`).
    case wrongShape(String)
    /// A number written as `"NaN"`, `"Infinity"` or `"-Infinity"`: what a
    /// recorder writes where UIKit passed a non-finite value.
    case notFinite(Double)
    /// A finite number whose magnitude is past `limit`
    /// (`LayoutLimits.maximumExtent`).
    case tooLarge(Double, limit: Double)
    /// A width or height below zero.
    case negativeSize
    /// A position that must be a section index (a number), not a path.
    case notASection
    /// A transition progress outside 0…1.
    case progressOutOfRange(Double)
    /// A field this call does not take (`bounds` on `finalizeUpdates`).
    case notTaken
    /// A kind name that is too long, or one more distinct long name than
    /// the process keeps (`ElementKind.init(checking:name:)`).
    case kindName(ElementKind.NameError)
    /// Arrays and objects nested deeper than `limit`.
    case tooDeep(limit: Int)
    /// A number too small to tell from zero (`1e-400`), which JSON readers
    /// disagree on; a recorder never writes one.
    case numberUnderflows(String)
    /// The line is UTF-16 or UTF-32 text (its encoding in words); the
    /// format is UTF-8.
    case notUTF8(String)
    /// A comma right before `}` or `]`: not JSON.
    case trailingComma
  }

  /// The call, when the line named one this library knows.
  public var call: String?
  /// The dotted path of the field at fault (`line` for the whole line).
  public var field: String
  /// Why.
  public var reason: Reason

  /// An error for `field`, of the line's `call` when known.
  public init(call: String? = nil, field: String, reason: Reason) {
    self.call = call
    self.field = field
    self.reason = reason
  }

  /// The reason in words, as `scrollwork replay` prints it.
  public var message: String {
    switch reason {
    case .lineTooLong(let limit): "the line is longer than \(limit) bytes"
    case .notAnObject: "not a JSON object"
    case .invalidToken(let token):
      "'\(token)' is not a value this tool reads: a number must be finite (NaN, Infinity and numbers "
        + "past ±1.8e308 are not JSON); index paths, sections and counts are whole numbers that fit in 64 bits"
    case .duplicateKey(let key): "the key \"\(key)\" appears twice in one object: which value was meant is unknown"
    case .wrongType: "a value of the wrong type"
    case .missing: "missing"
    case .noCall: "no \"call\""
    case .unknownCall(let name): "unknown call '\(name)'"
    case .unknownFormat(let format):
      "format \(format) is not known; this tool reads format "
        + HostCall.readableFormats.map(String.init).joined(separator: ", ")
    case .unknownAction(let action):
      "unknown action '\(action)' (insert, delete, reload, move, insertSection, deleteSection, reloadSection, moveSection)"
    case .unknownReason(let reason):
      "unknown reason '\(reason)' (boundsChange, preferredSize, dataChange, configuration)"
    case .wrongShape(let shape): "must be \(shape)"
    case .notFinite(let value):
      "\(value.isNaN ? "NaN" : value > 0 ? "Infinity" : "-Infinity") is not finite: the recording keeps what "
        + "UIKit passed, and no layout can answer it"
    case .tooLarge(_, let limit): "every value must be finite and at most \(limit) in size"
    case .negativeSize: "width and height must not be negative"
    case .notASection: "must be a section index"
    case .progressOutOfRange(let progress): "must be a number from 0 to 1, not \(progress)"
    case .notTaken: "this call takes no such field"
    case .kindName(let error): error.description
    case .tooDeep(let limit): "arrays and objects are nested deeper than \(limit) levels; no call takes that"
    case .numberUnderflows(let token):
      "'\(token)' is too small to be told from zero (below ±2.2e-308); write 0 if zero is meant"
    case .notUTF8(let encoding): "the line is \(encoding) text; the format is UTF-8"
    case .trailingComma: "a comma before a closing } or ]: not JSON"
    }
  }

  /// `field: message`, with the call when known.
  public var description: String { (call.map { $0 + ": " } ?? "") + field + ": " + message }
}
