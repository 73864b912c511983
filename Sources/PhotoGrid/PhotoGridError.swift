import LayoutCore

/// Why a `PhotoGridSession` refused a mode change, a pinch or an edit (the
/// session is then unchanged). `description` says what is wrong in words a
/// user reads; the gesture-script layer adds which step it was.
public enum PhotoGridError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The grid cannot be laid out (its layout's error).
  case cannotLayOut(LayoutError)
  /// A pinch scale that is not a finite number > 0.
  case badPinchScale(Double)
  /// More inserts and deletes than `PhotoGridSession.allowedEdits(sections:)`.
  case tooManyEdits(allowed: Int, sections: Int)
  /// An insert at a global index past the library's end.
  case indexPastEnd(index: Int, total: Int)
  /// A delete of global indices outside the library.
  case rangePastEnd(first: Int, last: Int, total: Int)
  /// An insert of fewer than 1 photo, more than
  /// `PhotoGridSession.maximumInsertCount`, or past `limit` photos in all.
  case tooManyPhotos(total: Int, adding: Int, limit: Int)
  /// An insert into a library without sections.
  case noSection
  /// A new library whose identities repeat or are out of range.
  case badIdentity(String)
  /// A new library with more photos than `limit`.
  case libraryTooLarge(total: Int, limit: Int)
  /// An update that does not match the library (an internal inconsistency).
  case inconsistentUpdate(CollectionUpdateError)

  public var description: String {
    switch self {
    case .cannotLayOut(let error): "the grid cannot be laid out: \(error)"
    case .badPinchScale: "a pinch scale must be a finite number > 0"
    case .tooManyEdits(let allowed, let sections):
      "a script may take at most \(allowed) insert and delete steps on a library of \(sections) section(s) "
        + "(\(PhotoGridSession.maximumEdits) at most, and \(PhotoGridSession.maximumEditWork) ÷ sections: "
        + "each step costs time per section); this is one more"
    case .indexPastEnd(let index, let total): "the index \(index) is past the library's end (\(total) photos)"
    case .rangePastEnd(let first, let last, let total):
      "the range \(first)..\(last) is past the library's end (\(total) photos)"
    case .tooManyPhotos(let total, let adding, let limit):
      adding < 1 || adding > PhotoGridSession.maximumInsertCount
        ? "an insert adds 1 to \(PhotoGridSession.maximumInsertCount) photos, not \(adding)"
        : "the library would hold \(total) + \(adding) photos; a script's library holds at most "
          + "\(limit) (the limit of --items and --sections)"
    case .noSection: "the library has no section to insert into"
    case .badIdentity(let why): why
    case .libraryTooLarge(let total, let limit): "a library holds at most \(limit) photos; this one \(total)"
    case .inconsistentUpdate(let error): error.description
    }
  }
}
