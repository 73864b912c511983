/// What kind of element a set of layout attributes describes, as in
/// `UICollectionView`: a cell, a supplementary view of a named kind (a
/// section header, a sticky menu) or a decoration view.
///
/// Kinds order as cell < supplementary < decoration, then by name; the CLI
/// sorts its output this way.
public enum ElementKind: Hashable, Sendable, Comparable {
  case cell
  case supplementary(String)
  case decoration(String)

  /// The kind name used by UIKit for section headers.
  public static let header = ElementKind.supplementary("header")
  /// The kind name used by UIKit for section footers.
  public static let footer = ElementKind.supplementary("footer")

  @usableFromInline var rank: Int {
    switch self {
    case .cell: 0
    case .supplementary: 1
    case .decoration: 2
    }
  }

  /// The supplementary or decoration kind's name; `"cell"` for cells.
  public var name: String {
    switch self {
    case .cell: "cell"
    case .supplementary(let name), .decoration(let name): name
    }
  }

  /// A short description: `cell`, `supplementary:header`, `decoration:grid`.
  public var label: String {
    switch self {
    case .cell: "cell"
    case .supplementary(let name): "supplementary:" + name
    case .decoration(let name): "decoration:" + name
    }
  }

  public static func < (lhs: ElementKind, rhs: ElementKind) -> Bool {
    if lhs.rank != rhs.rank { return lhs.rank < rhs.rank }
    return lhs.name < rhs.name
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

  public static func < (lhs: ElementID, rhs: ElementID) -> Bool {
    if lhs.kind != rhs.kind { return lhs.kind < rhs.kind }
    if lhs.section != rhs.section { return lhs.section < rhs.section }
    return lhs.item < rhs.item
  }
}
