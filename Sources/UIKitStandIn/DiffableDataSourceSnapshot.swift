#if !canImport(UIKit)
  import Foundation

  /// UIKit's `NSDiffableDataSourceSnapshot`: the identifiers of a
  /// collection's sections and items, in order, as a value.
  ///
  /// Identifiers are unique over the whole snapshot (an item belongs to one
  /// section). Where UIKit raises `NSInternalInconsistencyException`
  /// (identifiers supplied twice or already present, an identifier to
  /// insert before, move or reload that is absent, items appended with no
  /// section), the stand-in raises a ``UIKitException`` with UIKit's reason
  /// (word for word for duplicates and missing sections; UIKit's
  /// `NSParameterAssert` style where its wording is not documented) and the
  /// call changes nothing. Deleting identifiers that are absent is ignored,
  /// as in UIKit.
  ///
  /// Lookups by identifier are O(1) on average; positions inside a section
  /// are found by a linear search of that section.
  @preconcurrency
  public struct NSDiffableDataSourceSnapshot<
    SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
  >: @unchecked Sendable {
    /// The section identifiers, in order.
    var sections: [SectionIdentifierType] = []
    /// Each section's item identifiers, in order, at its section's index.
    var items: [[ItemIdentifierType]] = []
    /// Each section identifier's index.
    var sectionIndex: [SectionIdentifierType: Int] = [:]
    /// Each item identifier's section identifier.
    var sectionOfItem: [ItemIdentifierType: SectionIdentifierType] = [:]
    /// What `reloadItems`, `reconfigureItems` and `reloadSections` marked,
    /// in the order they were marked.
    var reloadedItems: [ItemIdentifierType] = []
    var reconfiguredItems: [ItemIdentifierType] = []
    var reloadedSections: [SectionIdentifierType] = []

    /// An empty snapshot.
    public init() {}

    /// The number of items over all sections.
    ///
    /// - Complexity: O(1).
    public var numberOfItems: Int { sectionOfItem.count }

    /// The number of sections.
    public var numberOfSections: Int { sections.count }

    /// The section identifiers, in order.
    public var sectionIdentifiers: [SectionIdentifierType] { sections }

    /// The item identifiers of every section, in order.
    ///
    /// - Complexity: O(n).
    public var itemIdentifiers: [ItemIdentifierType] { Array(items.joined()) }

    /// The sections marked by ``reloadSections(_:)``.
    public var reloadedSectionIdentifiers: [SectionIdentifierType] { reloadedSections }

    /// The items marked by ``reloadItems(_:)``.
    public var reloadedItemIdentifiers: [ItemIdentifierType] { reloadedItems }

    /// The items marked by ``reconfigureItems(_:)``.
    public var reconfiguredItemIdentifiers: [ItemIdentifierType] { reconfiguredItems }

    /// The number of items in section `identifier` (0 when absent).
    public func numberOfItems(inSection identifier: SectionIdentifierType) -> Int {
      sectionIndex[identifier].map { items[$0].count } ?? 0
    }

    /// The item identifiers of section `identifier`, in order (empty when
    /// absent).
    public func itemIdentifiers(inSection identifier: SectionIdentifierType) -> [ItemIdentifierType] {
      sectionIndex[identifier].map { items[$0] } ?? []
    }

    /// The section that holds item `identifier`, or `nil`.
    public func sectionIdentifier(containingItem identifier: ItemIdentifierType) -> SectionIdentifierType? {
      sectionOfItem[identifier]
    }

    /// The index of item `identifier` among all items (``itemIdentifiers``),
    /// or `nil` when absent.
    ///
    /// - Complexity: O(s + k) for s sections and k items in its section.
    public func indexOfItem(_ identifier: ItemIdentifierType) -> Int? {
      guard let section = sectionOfItem[identifier], let s = sectionIndex[section],
        let offset = items[s].firstIndex(of: identifier)
      else { return nil }
      return items[..<s].reduce(offset) { $0 + $1.count }
    }

    /// The index of section `identifier`, or `nil` when absent.
    public func indexOfSection(_ identifier: SectionIdentifierType) -> Int? { sectionIndex[identifier] }

    // MARK: - Items

    /// Appends `identifiers` to section `sectionIdentifier` (the last
    /// section when `nil`). Raises when there is no section, when the
    /// section is absent, or when an identifier is supplied twice or is
    /// already in the snapshot.
    public mutating func appendItems(
      _ identifiers: [ItemIdentifierType], toSection sectionIdentifier: SectionIdentifierType? = nil
    ) {
      guard !sections.isEmpty else {
        return diffableRaise("There are currently no sections in the data source. Please add a section first.")
      }
      let section = sectionIdentifier ?? sections[sections.count - 1]
      guard let s = sectionIndex[section] else {
        return diffableRaise("Invalid parameter not satisfying: section != NSNotFound")
      }
      guard checkNewItems(identifiers) else { return }
      items[s].append(contentsOf: identifiers)
      for id in identifiers { sectionOfItem[id] = section }
    }

    /// Inserts `identifiers` before item `beforeIdentifier`, in its section.
    public mutating func insertItems(
      _ identifiers: [ItemIdentifierType], beforeItem beforeIdentifier: ItemIdentifierType
    ) {
      insertItems(identifiers, next: beforeIdentifier, after: false)
    }

    /// Inserts `identifiers` after item `afterIdentifier`, in its section.
    public mutating func insertItems(
      _ identifiers: [ItemIdentifierType], afterItem afterIdentifier: ItemIdentifierType
    ) {
      insertItems(identifiers, next: afterIdentifier, after: true)
    }

    mutating func insertItems(_ identifiers: [ItemIdentifierType], next: ItemIdentifierType, after: Bool) {
      guard let (s, index) = position(of: next) else {
        return diffableRaise("Invalid parameter not satisfying: insertIndex != NSNotFound")
      }
      guard checkNewItems(identifiers) else { return }
      items[s].insert(contentsOf: identifiers, at: after ? index + 1 : index)
      for id in identifiers { sectionOfItem[id] = sections[s] }
    }

    /// Deletes the items `identifiers` (absent ones are ignored).
    ///
    /// - Complexity: O(n) over the sections they were in.
    public mutating func deleteItems(_ identifiers: [ItemIdentifierType]) {
      var gone = Set<ItemIdentifierType>()
      var touched = Set<Int>()
      for id in identifiers {
        guard let section = sectionOfItem.removeValue(forKey: id) else { continue }
        gone.insert(id)
        if let s = sectionIndex[section] { touched.insert(s) }
      }
      guard !gone.isEmpty else { return }
      for s in touched { items[s].removeAll { gone.contains($0) } }
      reloadedItems.removeAll { gone.contains($0) }
      reconfiguredItems.removeAll { gone.contains($0) }
    }

    /// Deletes every section and item.
    public mutating func deleteAllItems() { self = Self() }

    /// Moves item `identifier` before item `toIdentifier` (possibly into
    /// its section). Moving an item next to itself changes nothing.
    public mutating func moveItem(_ identifier: ItemIdentifierType, beforeItem toIdentifier: ItemIdentifierType) {
      moveItem(identifier, next: toIdentifier, after: false)
    }

    /// Moves item `identifier` after item `toIdentifier` (possibly into
    /// its section).
    public mutating func moveItem(_ identifier: ItemIdentifierType, afterItem toIdentifier: ItemIdentifierType) {
      moveItem(identifier, next: toIdentifier, after: true)
    }

    mutating func moveItem(_ identifier: ItemIdentifierType, next: ItemIdentifierType, after: Bool) {
      guard let (from, fromIndex) = position(of: identifier) else {
        return diffableRaise("Invalid parameter not satisfying: fromIndex != NSNotFound")
      }
      guard position(of: next) != nil else {
        return diffableRaise("Invalid parameter not satisfying: toIndex != NSNotFound")
      }
      guard identifier != next else { return }
      items[from].remove(at: fromIndex)
      guard let (to, toIndex) = position(of: next) else { return }
      items[to].insert(identifier, at: after ? toIndex + 1 : toIndex)
      sectionOfItem[identifier] = sections[to]
    }

    /// Marks `identifiers` to be reloaded (their cells replaced) by the
    /// next apply. Raises when one is absent.
    public mutating func reloadItems(_ identifiers: [ItemIdentifierType]) {
      if let missing = identifiers.first(where: { sectionOfItem[$0] == nil }) {
        return diffableRaise(
          "Attempted to reload item identifier that does not exist in the snapshot: \(describeIdentifier(missing))")
      }
      mark(identifiers, in: &reloadedItems)
    }

    /// Marks `identifiers` to be reconfigured (their cells kept and
    /// configured again) by the next apply. Raises when one is absent.
    public mutating func reconfigureItems(_ identifiers: [ItemIdentifierType]) {
      if let missing = identifiers.first(where: { sectionOfItem[$0] == nil }) {
        return diffableRaise(
          "Attempted to reconfigure item identifier that does not exist in the snapshot: \(describeIdentifier(missing))"
        )
      }
      mark(identifiers, in: &reconfiguredItems)
    }

    // MARK: - Sections

    /// Appends sections `identifiers`. Raises when one is supplied twice or
    /// is already in the snapshot.
    public mutating func appendSections(_ identifiers: [SectionIdentifierType]) {
      insertSections(identifiers, at: sections.count)
    }

    /// Inserts sections `identifiers` before section `toIdentifier`.
    public mutating func insertSections(
      _ identifiers: [SectionIdentifierType], beforeSection toIdentifier: SectionIdentifierType
    ) {
      guard let s = sectionIndex[toIdentifier] else {
        return diffableRaise("Invalid parameter not satisfying: insertIndex != NSNotFound")
      }
      insertSections(identifiers, at: s)
    }

    /// Inserts sections `identifiers` after section `toIdentifier`.
    public mutating func insertSections(
      _ identifiers: [SectionIdentifierType], afterSection toIdentifier: SectionIdentifierType
    ) {
      guard let s = sectionIndex[toIdentifier] else {
        return diffableRaise("Invalid parameter not satisfying: insertIndex != NSNotFound")
      }
      insertSections(identifiers, at: s + 1)
    }

    mutating func insertSections(_ identifiers: [SectionIdentifierType], at index: Int) {
      let repeated = duplicates(identifiers, present: { sectionIndex[$0] != nil })
      guard repeated.isEmpty else {
        return diffableRaise(
          "Fatal: supplied section identifiers are not unique. Duplicate identifiers: \(describeSet(repeated))")
      }
      sections.insert(contentsOf: identifiers, at: index)
      items.insert(contentsOf: identifiers.map { _ in [] }, at: index)
      reindexSections()
    }

    /// Deletes sections `identifiers` with their items (absent ones are
    /// ignored).
    public mutating func deleteSections(_ identifiers: [SectionIdentifierType]) {
      let gone = Set(identifiers.filter { sectionIndex[$0] != nil })
      guard !gone.isEmpty else { return }
      var goneItems = Set<ItemIdentifierType>()
      for section in gone {
        for id in items[sectionIndex[section]!] {
          sectionOfItem[id] = nil
          goneItems.insert(id)
        }
      }
      var keptSections: [SectionIdentifierType] = []
      var keptItems: [[ItemIdentifierType]] = []
      for (s, section) in sections.enumerated() where !gone.contains(section) {
        keptSections.append(section)
        keptItems.append(items[s])
      }
      sections = keptSections
      items = keptItems
      reindexSections()
      reloadedSections.removeAll { gone.contains($0) }
      reloadedItems.removeAll { goneItems.contains($0) }
      reconfiguredItems.removeAll { goneItems.contains($0) }
    }

    /// Moves section `identifier` before section `toIdentifier`.
    public mutating func moveSection(
      _ identifier: SectionIdentifierType, beforeSection toIdentifier: SectionIdentifierType
    ) {
      moveSection(identifier, next: toIdentifier, after: false)
    }

    /// Moves section `identifier` after section `toIdentifier`.
    public mutating func moveSection(
      _ identifier: SectionIdentifierType, afterSection toIdentifier: SectionIdentifierType
    ) {
      moveSection(identifier, next: toIdentifier, after: true)
    }

    mutating func moveSection(_ identifier: SectionIdentifierType, next: SectionIdentifierType, after: Bool) {
      guard let from = sectionIndex[identifier] else {
        return diffableRaise("Invalid parameter not satisfying: fromSection != NSNotFound")
      }
      guard sectionIndex[next] != nil else {
        return diffableRaise("Invalid parameter not satisfying: toSection != NSNotFound")
      }
      guard identifier != next else { return }
      let moved = items.remove(at: from)
      sections.remove(at: from)
      reindexSections()
      let to = sectionIndex[next]! + (after ? 1 : 0)
      sections.insert(identifier, at: to)
      items.insert(moved, at: to)
      reindexSections()
    }

    /// Marks sections `identifiers` to be reloaded by the next apply.
    /// Raises when one is absent.
    public mutating func reloadSections(_ identifiers: [SectionIdentifierType]) {
      if let missing = identifiers.first(where: { sectionIndex[$0] == nil }) {
        return diffableRaise("Invalid section identifier for reload specified: \(describeIdentifier(missing))")
      }
      mark(identifiers, in: &reloadedSections)
    }

    // MARK: - Support

    /// The section index and the position in it of item `identifier`.
    func position(of identifier: ItemIdentifierType) -> (section: Int, index: Int)? {
      guard let section = sectionOfItem[identifier], let s = sectionIndex[section],
        let index = items[s].firstIndex(of: identifier)
      else { return nil }
      return (s, index)
    }

    /// Whether `identifiers` may be added: none repeated, none present;
    /// otherwise raises UIKit's duplicate-identifier exception.
    func checkNewItems(_ identifiers: [ItemIdentifierType]) -> Bool {
      let repeated = duplicates(identifiers, present: { sectionOfItem[$0] != nil })
      guard repeated.isEmpty else {
        diffableRaise(
          "Fatal: supplied item identifiers are not unique. Duplicate identifiers: \(describeSet(repeated))")
        return false
      }
      return true
    }

    mutating func reindexSections() {
      sectionIndex = Dictionary(uniqueKeysWithValues: sections.enumerated().map { ($1, $0) })
    }

    /// Appends the identifiers not yet in `list`.
    func mark<T: Hashable>(_ identifiers: [T], in list: inout [T]) {
      var present = Set(list)
      for id in identifiers where present.insert(id).inserted { list.append(id) }
    }
  }

  /// The identifiers that `identifiers` names twice or that `present`
  /// says are there already, once each, in order.
  func duplicates<T: Hashable>(_ identifiers: [T], present: (T) -> Bool) -> [T] {
    var seen = Set<T>()
    var reported = Set<T>()
    var result: [T] = []
    for id in identifiers where !seen.insert(id).inserted || present(id) {
      if reported.insert(id).inserted { result.append(id) }
    }
    return result
  }

  /// An identifier as Foundation prints it in an exception's reason.
  func describeIdentifier<T>(_ identifier: T) -> String {
    if let string = identifier as? String {
      let plain = !string.isEmpty && string.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
      return plain ? string : String(reflecting: string)
    }
    return String(describing: identifier)
  }

  /// Identifiers as an `NSSet`'s description: `{(\n    a,\n    b\n)}`.
  func describeSet<T>(_ identifiers: [T]) -> String {
    "{(\n" + identifiers.map { "    " + describeIdentifier($0) }.joined(separator: ",\n") + "\n)}"
  }

  /// Raises UIKit's `NSInternalInconsistencyException` with `reason` from a
  /// snapshot, which UIKit lets any thread build: on the main thread
  /// through the stand-in's exception mechanism; elsewhere printed to
  /// standard error and kept in ``DiffableOffMainExceptions``.
  func diffableRaise(_ reason: String) {
    if isOnMainActor() {
      MainActor.assumeIsolated { UIKitException.raise(reason) }
    } else {
      DiffableOffMainExceptions.record(UIKitException(name: UIKitException.internalInconsistency, reason: reason))
    }
  }

  /// The key the main queue answers while one of its blocks (the main
  /// actor's jobs) runs, whichever thread drains it.
  let mainQueueKey: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
  }()

  /// Whether the caller runs on the main actor: the main thread, or a job
  /// of the main queue (which a test runner may drain on another thread).
  func isOnMainActor() -> Bool {
    Thread.isMainThread || DispatchQueue.getSpecific(key: mainQueueKey) == true
  }

  /// Exceptions raised by snapshots built off the main thread (where the
  /// stand-in's main-actor exception record cannot be reached).
  public enum DiffableOffMainExceptions {
    static let lock = NSLock()
    nonisolated(unsafe) static var recorded: [UIKitException] = []

    static func record(_ exception: UIKitException) {
      lock.lock()
      recorded.append(exception)
      lock.unlock()
      FileHandle.standardError.write(
        Data("*** UIKitStandIn: uncaught exception '\(exception.name)', reason: '\(exception.reason)'\n".utf8))
    }

    /// The exceptions raised off the main thread so far, oldest first;
    /// clears the record.
    public static func take() -> [UIKitException] {
      lock.lock()
      defer { lock.unlock() }
      let taken = recorded
      recorded = []
      return taken
    }
  }
#endif
