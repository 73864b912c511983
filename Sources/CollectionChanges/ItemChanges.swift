import LayoutCore

/// What one ``IdentifiedItems/update(to:id:isEqual:)`` changed, by
/// identity: UIKit's batch-update items for the structure, the kept items
/// whose value changed, and the duplicate identities that were dropped.
///
/// Apply it as UIKit does: inside `performBatchUpdates`, delete
/// ``deletedPaths`` (positions before), insert ``insertedPaths``
/// (positions after) and move ``moves`` (before to after); then, after the
/// batch, reconfigure ``reconfiguredPaths`` (positions after).
public struct ItemChanges<ID: Hashable> {
  /// A kept item whose value changed: its identity, its position before
  /// and its position after the update.
  public struct Reconfigured {
    public var id: ID
    public var from: Int
    public var to: Int

    public init(id: ID, from: Int, to: Int) {
      self.id = id
      self.from = from
      self.to = to
    }
  }

  /// The section every path names.
  public let section: Int
  /// The number of items before the update.
  public let oldCount: Int
  /// The number of items after the update (duplicates dropped).
  public let newCount: Int
  /// The structural edits, with UIKit's semantics: deletes (by position
  /// before, ascending), then inserts (by position after, ascending), then
  /// moves (before to after, ascending by position after).
  public let updates: [CollectionUpdate]
  /// Kept items whose value changed, ascending by position after.
  public let reconfigured: [Reconfigured]
  /// Identities that more than one new item had, once each, in the order
  /// their second occurrences came: only the first such item was kept.
  public let duplicates: [ID]

  /// A change from its parts, as ``IdentifiedItems/update(to:id:isEqual:)``
  /// makes it (nothing is checked).
  public init(
    section: Int, oldCount: Int, newCount: Int, updates: [CollectionUpdate], reconfigured: [Reconfigured],
    duplicates: [ID]
  ) {
    self.section = section
    self.oldCount = oldCount
    self.newCount = newCount
    self.updates = updates
    self.reconfigured = reconfigured
    self.duplicates = duplicates
  }

  /// Whether nothing changed: no edit, no reconfiguration (duplicates may
  /// still have been dropped).
  public var isEmpty: Bool { updates.isEmpty && reconfigured.isEmpty }

  /// Whether the structure changed (an insert, a delete or a move).
  public var hasStructuralChanges: Bool { !updates.isEmpty }

  /// The positions before the update of the deleted items, ascending.
  ///
  /// - Complexity: O(u) for u updates.
  public var deletedPaths: [ItemPath] {
    updates.compactMap { if case .deleteItem(let p) = $0 { p } else { nil } }
  }

  /// The positions after the update of the inserted items, ascending.
  ///
  /// - Complexity: O(u) for u updates.
  public var insertedPaths: [ItemPath] {
    updates.compactMap { if case .insertItem(let p) = $0 { p } else { nil } }
  }

  /// The moved items, from their position before to their position after.
  ///
  /// - Complexity: O(u) for u updates.
  public var moves: [(from: ItemPath, to: ItemPath)] {
    updates.compactMap { if case .moveItem(let from, let to) = $0 { (from, to) } else { nil } }
  }

  /// The positions after the update of the reconfigured items, ascending.
  ///
  /// - Complexity: O(r) for r reconfigured items.
  public var reconfiguredPaths: [ItemPath] { reconfigured.map { ItemPath(section: section, item: $0.to) } }

  /// A line for a log when identities were dropped (`nil` when none were):
  /// what SwiftUI's `ForEach` warns about.
  public var duplicatesMessage: String? {
    guard !duplicates.isEmpty else { return nil }
    let listed = duplicates.prefix(10).map { "\($0)" }.joined(separator: ", ")
    let more = duplicates.count > 10 ? " and \(duplicates.count - 10) more" : ""
    return
      "ScrollworkCollection: the identities \(listed)\(more) occur more than once; only the first item of each is shown"
  }
}

extension ItemChanges: Sendable where ID: Sendable {}
extension ItemChanges.Reconfigured: Sendable where ID: Sendable {}
extension ItemChanges.Reconfigured: Equatable {}
extension ItemChanges.Reconfigured: Hashable {}
