/// Why a layout could not be prepared.
///
/// Queries never throw: they clamp (documented per layout) and return
/// `nil` or nothing for identities that do not exist.
public enum LayoutError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The viewport's size is zero, negative or not finite, or its insets are
  /// not finite.
  case invalidViewport(Size)
  /// An item's size is negative or not finite.
  case invalidItemSize(section: Int, item: Int, Size)
  /// A section claims a negative number of items.
  case invalidItemCount(section: Int, count: Int)
  /// A configuration value is out of its documented range.
  case invalidConfiguration(String)
  /// A named number is outside its allowed range (described in words:
  /// `0...1`, `a finite number`). See `Validate`.
  case invalidValue(name: String, value: Double, allowed: String)
  /// The content would reach further than `LayoutLimits.maximumExtent`
  /// along an axis (too many items, or sizes too large): its extent, which
  /// may be infinite, and the limit.
  case contentTooLarge(extent: Double, limit: Double)
  /// More items than `layout` keeps data for (its own limit, or
  /// `LayoutLimits.maximumStoredItemCount` for data kept per item): the
  /// count (in all sections) and the limit. Refused before anything is
  /// allocated for them.
  case tooManyItems(count: Int, limit: Int, layout: String)

  public var description: String {
    switch self {
    case .invalidViewport(let size):
      "invalid viewport \(size.width)x\(size.height): width and height must be from \(Viewport.minimumExtent) to \(LayoutLimits.maximumExtent) points"
    case .invalidItemSize(let section, let item, let size):
      "invalid size \(size.width)x\(size.height) for item \(item) of section \(section): sizes must be finite, not negative and at most \(LayoutLimits.maximumExtent) points"
    case .invalidItemCount(let section, let count):
      "invalid item count \(count) for section \(section): counts must not be negative"
    case .invalidConfiguration(let message):
      "invalid configuration: \(message)"
    case .invalidValue(let name, let value, let allowed):
      "invalid \(name) \(value): must be \(allowed)"
    case .tooManyItems(let count, let limit, let layout):
      "\(count) items are more than the \(layout) keeps per-item data for: at most \(limit) items in all "
        + "(sections whose items share one size are not limited this way)"
    case .contentTooLarge(let extent, let limit):
      "the content would be \(extent) points long, beyond the limit of \(limit) points: its items, spacings, insets, "
        + "headers and footers add up to more than that (fewer items or smaller lengths fit)"
    }
  }
}
