import LayoutCore

/// What an invalidation changes: the host's counterpart of
/// `UICollectionViewLayoutInvalidationContext`, which a UIKit shell copies
/// into its own context subclass.
///
/// Elements are listed once each, sorted by identity (`ElementID`'s order:
/// cells, then supplementary views by kind, each by section and item).
public struct InvalidationContext: Hashable, Sendable {
  /// Why the context was made.
  public enum Reason: String, Hashable, Sendable {
    /// A bounds change (a scroll or a resize).
    case boundsChange
    /// A self-sizing cell's preferred size.
    case preferredSize
    /// The data changed (a reload or batch update).
    case dataChange
    /// The layout's configuration changed.
    case configuration
  }

  /// Why the context was made.
  public var reason: Reason
  /// Whether the whole layout is prepared again (UIKit's
  /// `invalidateEverything`): only when the bounds' size, the data or the
  /// configuration changed; never for a scroll.
  public var invalidatesEverything: Bool
  /// Whether the item counts are read again (`invalidateDataSourceCounts`).
  public var invalidatesDataCounts: Bool
  /// The elements whose attributes changed, sorted, each once.
  public var elements: [ElementID]
  /// How far the content offset moves when the context is applied.
  public var contentOffsetAdjustment: Point
  /// How much the content size changes.
  public var contentSizeAdjustment: Size
  /// The bounds the context was made for (the new bounds of a bounds
  /// change); applying it makes them the host's bounds.
  public var bounds: Rect?

  /// A context that names nothing.
  @inlinable
  public init(reason: Reason) {
    self.reason = reason
    invalidatesEverything = false
    invalidatesDataCounts = false
    elements = []
    contentOffsetAdjustment = .zero
    contentSizeAdjustment = .zero
    bounds = nil
  }

  /// The context that prepares everything again.
  public static func everything(_ reason: Reason, dataCounts: Bool = false) -> InvalidationContext {
    var context = InvalidationContext(reason: reason)
    context.invalidatesEverything = true
    context.invalidatesDataCounts = dataCounts
    return context
  }

  /// The invalidated cells.
  public var items: [ElementID] { elements.filter { $0.kind == .cell } }

  /// The invalidated supplementary views, by kind.
  public var supplementaries: [String: [ElementID]] {
    var result: [String: [ElementID]] = [:]
    for id in elements {
      if let kind = id.kind.supplementaryName { result[kind, default: []].append(id) }
    }
    return result
  }

  /// Whether `id` is invalidated (by name, or because everything is).
  ///
  /// - Complexity: O(log k).
  public func invalidates(_ id: ElementID) -> Bool {
    if invalidatesEverything { return true }
    let i = partitionPoint(in: 0..<elements.count) { elements[$0] >= id }
    return i < elements.count && elements[i] == id
  }
}
