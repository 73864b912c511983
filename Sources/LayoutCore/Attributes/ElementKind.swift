/// What kind of element a set of layout attributes describes, as in
/// `UICollectionView`: a cell, a supplementary view of a named kind (a
/// section header, a sticky menu) or a decoration view.
///
/// Spelled `.cell`, `.supplementary("header")` and `.decoration("grid")`;
/// read back with `category` and `name`.
///
/// Kinds order as cell < supplementary < decoration, then by name; the CLI
/// sorts its output this way.
///
/// A kind is a plain 16-byte value (trivially copyable, no reference
/// inside; `ElementKindTests` checks it): copying, comparing
/// and hashing it never touches the heap, so neither do `ElementID` and
/// `LayoutAttributes`, which the layouts copy by the thousand per frame.
/// Names of up to 15 ASCII bytes without NUL (every kind the engine uses)
/// are stored in the value itself; any other name is interned once in a
/// process-wide table (lock-free and thread-safe, kept for the life of the
/// process) and the value holds its entry's address. Equality follows `String`'s (canonically
/// equivalent names make equal kinds).
public struct ElementKind: Hashable, Sendable, Comparable {
  /// The three categories of element UIKit knows.
  public enum Category: Int, Hashable, Sendable, Comparable {
    /// A cell (`UICollectionView.ElementCategory.cell`).
    case cell
    /// A supplementary view of a named kind.
    case supplementary
    /// A decoration view of a named kind.
    case decoration

    public static func < (lhs: Category, rhs: Category) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  // The top byte of `high` is the category (bits 0–1) and the interned
  // flag (bit 7). An inline name's bytes follow, big-endian: 7 in `high`,
  // 8 in `low`, zero-padded, so that comparing (high, low) as integers
  // orders inline kinds of one category by name. An interned name's
  // number is `low`.
  @usableFromInline let high: UInt64
  @usableFromInline let low: UInt64

  @inlinable init(high: UInt64, low: UInt64) {
    self.high = high
    self.low = low
  }

  @usableFromInline static let internedFlag: UInt64 = 0x80 << 56

  /// A kind of `category` named `name`.
  ///
  /// - Complexity: O(name's length); a name that is not short ASCII is
  ///   looked up in the intern table (O(1) expected: one bucket of a hash
  ///   table, without a lock) every time a kind is made from it. Names
  ///   from outside the program go through `init(checking:name:)`, which
  ///   bounds their length and number.
  public init(_ category: Category, name: String) {
    let tag = UInt64(category.rawValue) << 56
    var high = tag
    var low: UInt64 = 0
    var count = 0
    var inline = true
    for byte in name.utf8 {
      guard count < 15, byte != 0, byte < 0x80 else {
        inline = false
        break
      }
      if count < 7 {
        high |= UInt64(byte) << (48 - 8 * UInt64(count))
      } else {
        low |= UInt64(byte) << (56 - 8 * UInt64(count - 7))
      }
      count += 1
    }
    if inline {
      self.init(high: high, low: low)
    } else {
      // Without a limit the table always gives an address.
      self.init(high: tag | Self.internedFlag, low: KindNames.address(of: name) ?? 0)
    }
  }

  /// The longest kind name, in UTF-8 bytes, that `init(checking:name:)`
  /// accepts: 1024 (UIKit's kinds are short identifiers; a longer name is
  /// input that would only grow the table).
  public static let maximumNameLength = 1024

  /// The most names of more than 15 bytes (or not ASCII) that
  /// `init(checking:name:)` adds to the process-wide table: 65,536, about
  /// 70 MB of names at the longest, and a few names per bucket of the
  /// table, so that making a kind stays O(1). Names already in the table
  /// are always accepted.
  public static let maximumInternedNameCount = 1 << 16

  /// Why `init(checking:name:)` refused a name.
  public enum NameError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The name is longer than `maximumNameLength` bytes.
    case tooLong(length: Int, limit: Int)
    /// The table already holds `maximumInternedNameCount` names.
    case tooManyNames(limit: Int)

    public var description: String {
      switch self {
      case .tooLong(let length, let limit):
        "the kind name is \(length) bytes long, longer than the limit of \(limit) bytes"
      case .tooManyNames(let limit):
        "too many distinct kind names: at most \(limit) names longer than 15 bytes (or not ASCII) are kept"
      }
    }
  }

  /// A kind of `category` named `name`, for names that come from outside
  /// the program (a replay file, a recorded context): refused instead of
  /// kept when the name is longer than `maximumNameLength` bytes or would
  /// be a new entry of a table that already holds
  /// `maximumInternedNameCount` names.
  ///
  /// - Complexity: O(name's length).
  /// - Throws: `NameError`.
  public init(checking category: Category, name: String) throws(NameError) {
    let length = name.utf8.count
    guard length <= Self.maximumNameLength else { throw .tooLong(length: length, limit: Self.maximumNameLength) }
    let kind = ElementKind(category, name: "")
    let short = length <= 15 && name.utf8.allSatisfy { $0 != 0 && $0 < 0x80 }
    if short {
      self.init(category, name: name)
      return
    }
    guard let address = KindNames.address(of: name, limit: Self.maximumInternedNameCount) else {
      throw .tooManyNames(limit: Self.maximumInternedNameCount)
    }
    self.init(high: kind.high | Self.internedFlag, low: address)
  }

  /// A cell.
  @inlinable public static var cell: ElementKind { ElementKind(high: 0, low: 0) }

  /// Equal kinds have equal bits (an interned name is one entry of the
  /// table for the life of the process). Written out so that it inlines
  /// across modules.
  @inlinable public static func == (lhs: ElementKind, rhs: ElementKind) -> Bool {
    lhs.high == rhs.high && lhs.low == rhs.low
  }

  /// A supplementary view of kind `name` (`"header"`, `"menu"`).
  ///
  /// - Complexity: O(name's length).
  @inlinable public static func supplementary(_ name: String) -> ElementKind {
    ElementKind(.supplementary, name: name)
  }

  /// A decoration view of kind `name`.
  ///
  /// - Complexity: O(name's length).
  @inlinable public static func decoration(_ name: String) -> ElementKind {
    ElementKind(.decoration, name: name)
  }

  /// The kind name used by UIKit for section headers:
  /// `.supplementary("header")`, spelled out as its inline bytes so that it
  /// folds to a constant (`ElementKindTests` checks the two agree).
  @inlinable public static var header: ElementKind {
    ElementKind(high: 1 << 56 | 0x68_6561_6465_7200, low: 0)  // "header"
  }
  /// The kind name used by UIKit for section footers:
  /// `.supplementary("footer")`, spelled out as `header` is.
  @inlinable public static var footer: ElementKind {
    ElementKind(high: 1 << 56 | 0x66_6f6f_7465_7200, low: 0)  // "footer"
  }

  /// Cell, supplementary or decoration.
  @inlinable public var category: Category {
    Category(rawValue: Int((high >> 56) & 3)) ?? .cell
  }

  @inlinable var isInterned: Bool { high & Self.internedFlag != 0 }

  /// Whether this is `.cell`. O(1).
  @inlinable public var isCell: Bool { high == 0 && low == 0 }

  /// The supplementary or decoration kind's name; `"cell"` for cells.
  ///
  /// - Complexity: O(1); no allocation for a name of up to 15 ASCII
  ///   bytes, a retain of the interned name otherwise.
  public var name: String {
    if category == .cell { return "cell" }
    if isInterned { return KindNames.name(at: low) }
    var bytes: (UInt64, UInt64) = (high.bigEndian, low.bigEndian)
    return withUnsafeBytes(of: &bytes) { raw in
      let name = raw[1..<16]
      let end = name.firstIndex(of: 0) ?? name.endIndex
      return String(decoding: UnsafeRawBufferPointer(rebasing: name[..<end]), as: UTF8.self)
    }
  }

  /// The name of a supplementary view's kind; `nil` for cells and
  /// decorations.
  public var supplementaryName: String? { category == .supplementary ? name : nil }

  /// A short description: `cell`, `supplementary:header`, `decoration:grid`.
  public var label: String {
    switch category {
    case .cell: "cell"
    case .supplementary: "supplementary:" + name
    case .decoration: "decoration:" + name
    }
  }

  /// Cell < supplementary < decoration, then by name.
  ///
  /// - Complexity: O(1) for names of up to 15 ASCII bytes (two integer
  ///   comparisons); a name comparison otherwise.
  @inlinable public static func < (lhs: ElementKind, rhs: ElementKind) -> Bool {
    if lhs.high == rhs.high && lhs.low == rhs.low { return false }
    let lc = lhs.high >> 56 & 3
    let rc = rhs.high >> 56 & 3
    if lc != rc { return lc < rc }
    if lhs.isInterned || rhs.isInterned { return lhs.name < rhs.name }
    return lhs.high != rhs.high ? lhs.high < rhs.high : lhs.low < rhs.low
  }
}

extension ElementKind: CustomStringConvertible, CustomDebugStringConvertible {
  /// As the kind is spelled: `cell`, `supplementary("header")`.
  public var description: String {
    switch category {
    case .cell: "cell"
    case .supplementary: "supplementary(\"\(name)\")"
    case .decoration: "decoration(\"\(name)\")"
    }
  }

  /// `LayoutCore.ElementKind.` and the description.
  public var debugDescription: String { "LayoutCore.ElementKind." + description }
}

/// The process-wide table of kind names that do not fit in an
/// `ElementKind` (longer than 15 bytes, not ASCII, or with a NUL): a fixed
/// array of `bucketCount` lock-free lists (a name's bucket is chosen by its
/// `String` hash, which canonically equivalent names share), each newest
/// first, of nodes that live as long as the process; a kind holds its
/// node's address. A name is added once (a compare and swap of its
/// bucket's head, after a scan that found it missing), so equal names share
/// one node. Finding a name scans one bucket: O(1) expected for up to
/// `ElementKind.maximumInternedNameCount` names (a few per bucket), instead
/// of the whole table. Reading a name does not scan.
enum KindNames {
  struct Node {
    let name: String
    var next: UnsafeMutablePointer<Node>?
  }

  /// The number of buckets: a power of two.
  static let bucketCount = 1 << 14

  /// The newest node of each bucket; each written only by compare and swap.
  nonisolated(unsafe) static let heads: UnsafeMutablePointer<UnsafeMutablePointer<Node>?> = {
    let heads = UnsafeMutablePointer<UnsafeMutablePointer<Node>?>.allocate(capacity: bucketCount)
    heads.initialize(repeating: nil, count: bucketCount)
    return heads
  }()

  /// The number of names added, as a pointer's bit pattern (nil is 0) so
  /// that it is counted with the same compare and swap as the lists.
  nonisolated(unsafe) static let added: UnsafeMutablePointer<UnsafeMutablePointer<Node>?> = {
    let added = UnsafeMutablePointer<UnsafeMutablePointer<Node>?>.allocate(capacity: 1)
    added.initialize(to: nil)
    return added
  }()

  /// The head of bucket `slot`, read atomically (a compare and swap of nil
  /// with nil).
  static func newest(_ slot: UnsafeMutablePointer<UnsafeMutablePointer<Node>?>) -> UnsafeMutablePointer<Node>? {
    var seen: UnsafeMutablePointer<Node>? = nil
    _ = _stdlib_atomicCompareExchangeStrongPtr(object: slot, expected: &seen, desired: nil)
    return seen
  }

  /// The number of names in the table.
  static var count: Int {
    guard let seen = newest(added) else { return 0 }
    return Int(bitPattern: UInt(bitPattern: seen))
  }

  /// Adds `delta` to the count of names unless that would take it past
  /// `limit`; whether it did.
  static func count(by delta: Int, limit: Int?) -> Bool {
    var seen = newest(added)
    while true {
      let n = seen.map { Int(bitPattern: UInt(bitPattern: $0)) } ?? 0
      if let limit, delta > 0, n + delta > limit { return false }
      let next = UnsafeMutablePointer<Node>(bitPattern: UInt(Swift.max(0, n + delta)))
      if _stdlib_atomicCompareExchangeStrongPtr(object: added, expected: &seen, desired: next) { return true }
    }
  }

  /// The address of `name`'s node, added on first use; `nil` when the name
  /// is new and `limit` names are already in the table.
  static func address(of name: String, limit: Int? = nil) -> UInt64? {
    let slot = heads + (name.hashValue & (bucketCount - 1))
    var first = newest(slot)
    var scannedTo: UnsafeMutablePointer<Node>? = nil
    var made: UnsafeMutablePointer<Node>? = nil
    while true {
      var node = first
      while let n = node, n != scannedTo {
        if n.pointee.name == name {
          if let made {
            made.deinitialize(count: 1)
            made.deallocate()
            // It was counted when it was made.
            _ = count(by: -1, limit: nil)
          }
          return UInt64(UInt(bitPattern: n))
        }
        node = n.pointee.next
      }
      if made == nil {
        guard count(by: 1, limit: limit) else { return nil }
        made = .allocate(capacity: 1)
        made!.initialize(to: Node(name: name, next: first))
      } else {
        made!.pointee.next = first
      }
      var expected = first
      if _stdlib_atomicCompareExchangeStrongPtr(object: slot, expected: &expected, desired: made) {
        return UInt64(UInt(bitPattern: made!))
      }
      // Another thread added names to this bucket: scan those too.
      scannedTo = first
      first = expected
    }
  }

  /// The name at `address` (an address `address(of:)` gave).
  static func name(at address: UInt64) -> String {
    guard let node = UnsafeMutablePointer<Node>(bitPattern: UInt(address)) else { return "" }
    return node.pointee.name
  }
}

/// The identity of one element: its kind, section and item.
///
/// For supplementary views that belong to a section rather than an item
/// (headers, footers), `item` is 0. Identities order by kind, then section,
/// then item.
public struct ElementID: Hashable, Sendable, Comparable {
  public var kind: ElementKind
  public var section: Int
  public var item: Int

  @inlinable public init(kind: ElementKind = .cell, section: Int = 0, item: Int) {
    self.kind = kind
    self.section = section
    self.item = item
  }

  /// The identity of the cell at `item` in `section`.
  @inlinable public static func cell(_ item: Int, section: Int = 0) -> ElementID {
    ElementID(kind: .cell, section: section, item: item)
  }

  /// Field by field, as the synthesised `==` would; written out so that it
  /// inlines across modules.
  @inlinable public static func == (lhs: ElementID, rhs: ElementID) -> Bool {
    lhs.item == rhs.item && lhs.section == rhs.section && lhs.kind == rhs.kind
  }

  /// Kind, then section, then item. O(1) (see `ElementKind.<`).
  @inlinable public static func < (lhs: ElementID, rhs: ElementID) -> Bool {
    if lhs.kind != rhs.kind { return lhs.kind < rhs.kind }
    if lhs.section != rhs.section { return lhs.section < rhs.section }
    return lhs.item < rhs.item
  }
}
