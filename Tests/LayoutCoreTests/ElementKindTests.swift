import LayoutCore
import Testing

/// `ElementKind` is a 16-byte value with short names inline and others
/// interned: it must behave exactly as the enum of names it replaced.
@Suite struct ElementKindTests {
  /// Names of every form: empty, short, exactly 15 and 16 bytes, with a
  /// NUL, non-ASCII (composed and decomposed), long UIKit names, prefixes.
  static let names = [
    "", "a", "b", "ab", "header", "footer", "menu", "header2", "headerX", "stretchy",
    "abcdefghijklmno", "abcdefghijklmnop", "abcdefghijklmnn", "abcdefghijklmnoo", "abcdefg",
    "abcdefgh", "a\u{0}b", "a\u{0}", "\u{e9}t\u{e9}", "e\u{301}t\u{e9}", "\u{1F600}",
    "UICollectionElementKindSectionHeader", "UICollectionElementKindSectionFooter", "Z", "~", "\u{7f}",
  ]

  static var kinds: [ElementKind] {
    [.cell] + names.flatMap { [ElementKind.supplementary($0), .decoration($0)] }
  }

  /// The order, equality and names of the enum it replaced, from strings.
  static func reference(_ kind: ElementKind) -> (Int, String) {
    (kind.category.rawValue, kind.category == .cell ? "" : kind.name)
  }

  /// Kinds, identities and attributes hold no reference: copying them
  /// never retains (the layout host's frame depends on it).
  @Test func valuesAreTriviallyCopyable() {
    #expect(_isPOD(ElementKind.self))
    #expect(_isPOD(ElementID.self))
    #expect(_isPOD(LayoutAttributes.self))
    #expect(MemoryLayout<ElementKind>.size == 16)
  }

  @Test func spelledOutKindsEqualTheirNames() {
    #expect(ElementKind.header == ElementKind.supplementary("header"))
    #expect(ElementKind.footer == ElementKind.supplementary("footer"))
    #expect(ElementKind.header.name == "header")
    #expect(ElementKind.footer.name == "footer")
  }

  @Test func namesRoundTrip() {
    for name in Self.names {
      #expect(ElementKind.supplementary(name).name == name)
      #expect(ElementKind.decoration(name).name == name)
      #expect(ElementKind.supplementary(name).category == .supplementary)
      #expect(ElementKind.decoration(name).category == .decoration)
      #expect(ElementKind.supplementary(name).label == "supplementary:" + name)
      #expect(ElementKind.decoration(name).label == "decoration:" + name)
      #expect(ElementKind.supplementary(name).supplementaryName == name)
      #expect(ElementKind.decoration(name).supplementaryName == nil)
    }
    #expect(ElementKind.cell.name == "cell")
    #expect(ElementKind.cell.label == "cell")
    #expect(ElementKind.cell.isCell && !ElementKind.header.isCell)
    #expect(ElementKind.header == .supplementary("header"))
    #expect("\(ElementKind.header)" == #"supplementary("header")"#)
  }

  /// Order and equality agree with (category, name) under `String`'s
  /// rules, for every pair, inline or interned.
  @Test func orderAndEqualityFollowNames() {
    let kinds = Self.kinds
    for l in kinds {
      for r in kinds {
        let (lc, ln) = Self.reference(l)
        let (rc, rn) = Self.reference(r)
        let equal = lc == rc && ln == rn
        #expect((l == r) == equal, "\(l) == \(r)")
        #expect((l < r) == (lc != rc ? lc < rc : ln < rn), "\(l) < \(r)")
        if equal { #expect(l.hashValue == r.hashValue) }
      }
    }
    // Canonically equivalent names are one kind, as Strings are equal.
    #expect(ElementKind.supplementary("\u{e9}") == .supplementary("e\u{301}"))
    #expect(ElementKind.supplementary("header") != .decoration("header"))
  }

  /// Identities sort by kind, then section, then item.
  @Test func identitiesSortByKindSectionItem() {
    let ids = [
      ElementID(kind: .header, section: 0, item: 0), .cell(3, section: 1), .cell(2, section: 1),
      ElementID(kind: .supplementary("menu"), section: 0, item: 0), .cell(9, section: 0),
      ElementID(kind: .footer, section: 2, item: 0), ElementID(kind: .decoration("grid"), section: 0, item: 0),
    ]
    #expect(
      ids.sorted() == [
        .cell(9, section: 0), .cell(2, section: 1), .cell(3, section: 1),
        ElementID(kind: .footer, section: 2, item: 0), ElementID(kind: .header, section: 0, item: 0),
        ElementID(kind: .supplementary("menu"), section: 0, item: 0),
        ElementID(kind: .decoration("grid"), section: 0, item: 0),
      ])
  }

  /// Kinds made on many threads at once agree on the interned names.
  @Test func internedNamesAreSharedAcrossThreads() async {
    let names = (0..<64).map { "a kind name longer than fifteen bytes #\($0)" }
    let made = await withTaskGroup(of: [ElementKind].self) { group in
      for _ in 0..<8 { group.addTask { names.shuffled().sorted().map { .supplementary($0) } } }
      var all: [[ElementKind]] = []
      for await kinds in group { all.append(kinds) }
      return all
    }
    for kinds in made {
      #expect(kinds == made[0])
      #expect(kinds.map(\.name) == names.sorted())
    }
  }
}
