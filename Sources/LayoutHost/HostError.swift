import LayoutCore

/// Why a host refused a call. A refused call changes nothing.
public enum HostError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The layout could not be prepared for these bounds and items.
  case layout(LayoutError)
  /// A batch update does not fit the counts.
  case update(CollectionUpdateError)
  /// A rectangle or point with a coordinate that is not finite, or a
  /// negative size.
  case invalidBounds(Rect)
  /// A section count that is negative, or counts whose total is past
  /// `LayoutHost.maximumItemCount`.
  case invalidCounts(String)

  public var description: String {
    switch self {
    case .layout(let error): error.description
    case .update(let error): error.description
    case .invalidBounds(let rect):
      "invalid bounds [\(rect.minX),\(rect.minY),\(rect.width),\(rect.height)]: every value must be finite and the size not negative"
    case .invalidCounts(let message): "invalid section counts: \(message)"
    }
  }
}
