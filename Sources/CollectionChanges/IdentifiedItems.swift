import LayoutCore

/// The items a collection shows in one section, each with a unique
/// identity, and the position of every identity: the state a lazy
/// collection keeps between two updates, so that an update hashes only the
/// new items (one pass) and never builds a second full snapshot.
///
/// Identities are unique: where a sequence names an identity twice, the
/// first item is kept and the later ones are dropped (as SwiftUI's
/// `ForEach` does), and the update reports the identity once in
/// ``ItemChanges/duplicates``.
///
/// The item type has no requirement (an `@Observable` class is fine); the
/// value is `Sendable` when its items and identities are.
public struct IdentifiedItems<Item, ID: Hashable> {
  /// The items, in order, without duplicate identities.
  public private(set) var items: [Item]
  /// The identity of each item of ``items``, at the same position.
  public private(set) var identities: [ID]
  /// The position of each identity in ``items``.
  @usableFromInline var positions: [ID: Int]
  /// The section these items fill: every `ItemPath` this value makes or
  /// reads names it.
  public let section: Int

  /// No items, in section `section`.
  ///
  /// - Complexity: O(1).
  public init(section: Int = 0) {
    self.items = []
    self.identities = []
    self.positions = [:]
    self.section = section
  }

  /// `items`, identified by `id`, in section `section`; later items whose
  /// identity an earlier item has are dropped (update an empty value with
  /// ``update(to:id:isEqual:)`` to learn which).
  ///
  /// - Complexity: O(n) for n items, one hash per item.
  public init<S: Sequence<Item>>(_ items: S, section: Int = 0, id: (Item) -> ID) {
    self.init(section: section)
    _ = update(to: items, id: id, isEqual: { _, _ in true })
  }

  /// The number of items.
  @inlinable public var count: Int { identities.count }

  /// Whether there are no items.
  @inlinable public var isEmpty: Bool { identities.isEmpty }

  /// The position of the item whose identity is `id`, or `nil` when no item
  /// has it.
  ///
  /// - Complexity: O(1) on average (one hash).
  @inlinable public func index(of id: ID) -> Int? { positions[id] }

  /// The path of the item whose identity is `id` (in ``section``), or `nil`
  /// when no item has it.
  ///
  /// - Complexity: O(1) on average.
  @inlinable public func path(of id: ID) -> ItemPath? {
    positions[id].map { ItemPath(section: section, item: $0) }
  }

  /// The identity of the item at `path`, or `nil` when `path` names another
  /// section or a position out of range (never a trap).
  ///
  /// - Complexity: O(1).
  @inlinable public func identity(at path: ItemPath) -> ID? {
    guard path.section == section, path.item >= 0, path.item < identities.count else { return nil }
    return identities[path.item]
  }

  /// The item at `path`, or `nil` when `path` names another section or a
  /// position out of range.
  ///
  /// - Complexity: O(1).
  @inlinable public func item(at path: ItemPath) -> Item? {
    guard path.section == section, path.item >= 0, path.item < items.count else { return nil }
    return items[path.item]
  }

  /// The item whose identity is `id`, or `nil` when no item has it.
  ///
  /// - Complexity: O(1) on average.
  @inlinable public func item(for id: ID) -> Item? { positions[id].map { items[$0] } }

  /// Replaces the items with `newItems` and returns what changed, by
  /// identity, as UIKit's batch-update items: deletes by position before,
  /// inserts by position after, and the fewest moves that put the kept
  /// items in their new order (every kept item outside one longest run
  /// whose old positions increase moves). Kept items for which `isEqual`
  /// of the old and the new item is `false` are reported in
  /// ``ItemChanges/reconfigured`` (their cell keeps its place and re-reads
  /// the item).
  ///
  /// Duplicate identities in `newItems`: the first item is kept, the later
  /// ones are dropped, and each such identity is reported once.
  ///
  /// - Complexity: O(n + m + k log k) for n new items, m old items and k
  ///   kept items: one pass over `newItems` with two hash operations per
  ///   item (its new position, its old one) and one pass over a flag per
  ///   old item; `id` is called once per new item and `isEqual` once per
  ///   kept item. Nothing else is hashed and no second full copy is built.
  public mutating func update<S: Sequence<Item>>(
    to newItems: S, id: (Item) -> ID, isEqual: (Item, Item) -> Bool
  ) -> ItemChanges<ID> {
    let oldCount = identities.count
    let expected = newItems.underestimatedCount
    var newPositions = [ID: Int](minimumCapacity: expected)
    var newIdentities: [ID] = []
    var newList: [Item] = []
    newIdentities.reserveCapacity(expected)
    newList.reserveCapacity(expected)
    // The old position of each new item, or -1 for an inserted one.
    var oldPositionOfNew: [Int] = []
    oldPositionOfNew.reserveCapacity(expected)
    var kept = [Bool](repeating: false, count: oldCount)
    var duplicates: [ID] = []
    var reportedDuplicates = Set<ID>()
    var reconfigured: [ItemChanges<ID>.Reconfigured] = []
    for item in newItems {
      let key = id(item)
      let position = newIdentities.count
      // One hash: the default subscript's modify accessor stores the
      // position when the identity is new.
      var isNew = false
      Self.claim(&newPositions[key, default: -1], position, &isNew)
      guard isNew else {
        if reportedDuplicates.insert(key).inserted { duplicates.append(key) }
        continue
      }
      if let old = positions[key] {
        kept[old] = true
        oldPositionOfNew.append(old)
        if !isEqual(items[old], item) {
          reconfigured.append(.init(id: key, from: old, to: position))
        }
      } else {
        oldPositionOfNew.append(-1)
      }
      newIdentities.append(key)
      newList.append(item)
    }
    var updates: [CollectionUpdate] = []
    for old in 0..<oldCount where !kept[old] {
      updates.append(.deleteItem(ItemPath(section: section, item: old)))
    }
    for (new, old) in oldPositionOfNew.enumerated() where old < 0 {
      updates.append(.insertItem(ItemPath(section: section, item: new)))
    }
    let stays = longestIncreasingRun(oldPositionOfNew)
    for (new, old) in oldPositionOfNew.enumerated() where old >= 0 && !stays[new] {
      updates.append(.moveItem(from: ItemPath(section: section, item: old), to: ItemPath(section: section, item: new)))
    }
    items = newList
    identities = newIdentities
    positions = newPositions
    return ItemChanges(
      section: section, oldCount: oldCount, newCount: newIdentities.count, updates: updates,
      reconfigured: reconfigured, duplicates: duplicates)
  }

  /// Writes `position` into `slot` when it holds the sentinel -1.
  @inline(__always)
  static func claim(_ slot: inout Int, _ position: Int, _ isNew: inout Bool) {
    if slot < 0 {
      slot = position
      isNew = true
    }
  }

}

extension IdentifiedItems: Sendable where Item: Sendable, ID: Sendable {}

extension IdentifiedItems where Item: Equatable {
  /// ``update(to:id:isEqual:)`` with `==`: kept items that are no longer
  /// equal are reconfigured.
  ///
  /// - Complexity: O(n + m + k log k), as ``update(to:id:isEqual:)``.
  public mutating func update<S: Sequence<Item>>(to newItems: S, id: (Item) -> ID) -> ItemChanges<ID> {
    update(to: newItems, id: id, isEqual: ==)
  }
}

extension IdentifiedItems where Item: Identifiable, Item.ID == ID {
  /// `items`, identified by their `id`, in section `section`; later
  /// duplicates are dropped.
  ///
  /// - Complexity: O(n).
  public init<S: Sequence<Item>>(_ items: S, section: Int = 0) {
    self.init(items, section: section, id: { $0.id })
  }

  /// ``update(to:id:isEqual:)`` by the items' `id`.
  ///
  /// - Complexity: O(n + m + k log k), as ``update(to:id:isEqual:)``.
  public mutating func update<S: Sequence<Item>>(
    to newItems: S, isEqual: (Item, Item) -> Bool
  ) -> ItemChanges<ID> {
    update(to: newItems, id: { $0.id }, isEqual: isEqual)
  }
}

extension IdentifiedItems where Item: Identifiable & Equatable, Item.ID == ID {
  /// ``update(to:id:isEqual:)`` by the items' `id`, with `==`.
  ///
  /// - Complexity: O(n + m + k log k), as ``update(to:id:isEqual:)``.
  public mutating func update<S: Sequence<Item>>(to newItems: S) -> ItemChanges<ID> {
    update(to: newItems, id: { $0.id }, isEqual: ==)
  }
}
