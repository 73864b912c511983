import LayoutCore

/// What a view and a selection binding by identity must do to agree: the
/// selection both ways (identity ↔ index path), kept across updates
/// (wherever its item moved) and dropped when its item is deleted.
///
/// The glue calls ``resolve(requested:displayed:in:)`` after each update
/// with the binding's identity and the view's selected path, and applies
/// the answer: deselect, select, and clear the binding (outside the view
/// update) when it names an item that is gone.
public struct SelectionSync: Hashable, Sendable {
  /// The path to deselect in the view, if any.
  public var deselect: ItemPath?
  /// The path to select in the view, if any.
  public var select: ItemPath?
  /// Whether the binding names an item that no longer exists and must be
  /// set to `nil`.
  public var clearsBinding: Bool

  public init(deselect: ItemPath? = nil, select: ItemPath? = nil, clearsBinding: Bool = false) {
    self.deselect = deselect
    self.select = select
    self.clearsBinding = clearsBinding
  }

  /// Nothing to do.
  public var isEmpty: Bool { deselect == nil && select == nil && !clearsBinding }

  /// The steps that make the view show `requested` (the binding's
  /// identity) given that it shows `displayed` (its selected path, after
  /// the update): nothing when they agree; otherwise deselect `displayed`
  /// and select `requested`'s path. A `requested` identity that no item
  /// has clears the binding (and the view's selection).
  ///
  /// - Complexity: O(1) on average (one hash).
  public static func resolve<Item, ID>(
    requested: ID?, displayed: ItemPath?, in items: IdentifiedItems<Item, ID>
  ) -> SelectionSync {
    let target = requested.flatMap { items.path(of: $0) }
    let clears = requested != nil && target == nil
    guard target != displayed else { return SelectionSync(clearsBinding: clears) }
    return SelectionSync(deselect: displayed, select: target, clearsBinding: clears)
  }

  /// The identity the binding takes when the user selects `path` in the
  /// view (`nil` for a deselection or a path out of range).
  ///
  /// - Complexity: O(1).
  public static func identity<Item, ID>(selecting path: ItemPath?, in items: IdentifiedItems<Item, ID>) -> ID? {
    path.flatMap { items.identity(at: $0) }
  }
}
