#if canImport(UIKit)
  import UIKit
#else
  import Foundation
  import UIKitStandIn
#endif
import LayoutCore

// The shell's only arithmetic: converting between UIKit's types and the
// engine's. Every value stays a Double (CGFloat is a Double on every
// 64-bit Apple platform).

extension Rect {
  /// The engine rectangle of `rect`.
  @inlinable init(_ rect: CGRect) {
    self.init(x: Double(rect.minX), y: Double(rect.minY), width: Double(rect.width), height: Double(rect.height))
  }
}

extension CGRect {
  /// UIKit's rectangle of `rect`.
  @inlinable init(_ rect: Rect) {
    self.init(x: CGFloat(rect.minX), y: CGFloat(rect.minY), width: CGFloat(rect.width), height: CGFloat(rect.height))
  }
}

extension Point {
  @inlinable init(_ point: CGPoint) { self.init(x: Double(point.x), y: Double(point.y)) }
}

extension CGPoint {
  @inlinable init(_ point: Point) { self.init(x: CGFloat(point.x), y: CGFloat(point.y)) }
}

extension Size {
  @inlinable init(_ size: CGSize) { self.init(width: Double(size.width), height: Double(size.height)) }
}

extension CGSize {
  @inlinable init(_ size: Size) { self.init(width: CGFloat(size.width), height: CGFloat(size.height)) }
}

extension CGAffineTransform {
  @inlinable init(_ t: LayoutCore.AffineTransform) {
    self.init(
      a: CGFloat(t.a), b: CGFloat(t.b), c: CGFloat(t.c), d: CGFloat(t.d), tx: CGFloat(t.tx), ty: CGFloat(t.ty))
  }
}

extension ElementID {
  /// The identity of the element UIKit names by `category`, `kind` and
  /// `indexPath`; `nil` for an index path that is not [section, item].
  init?(_ indexPath: IndexPath, kind: String? = nil) {
    guard indexPath.count == 2 else { return nil }
    self.init(kind: kind.map { .supplementary($0) } ?? .cell, section: indexPath.section, item: indexPath.item)
  }

  /// The identity of the decoration element of `kind` at `indexPath`;
  /// `nil` for an index path that is not [section, item].
  init?(_ indexPath: IndexPath, decorationKind kind: String) {
    guard indexPath.count == 2 else { return nil }
    self.init(kind: .decoration(kind), section: indexPath.section, item: indexPath.item)
  }

  /// The identity of the element `attributes` describe (a cell, a
  /// supplementary or a decoration view); `nil` for an index path that is
  /// not [section, item].
  @MainActor init?(_ attributes: UICollectionViewLayoutAttributes) {
    switch attributes.representedElementCategory {
    case .cell: self.init(attributes.indexPath)
    case .supplementaryView: self.init(attributes.indexPath, kind: attributes.representedElementKind)
    case .decorationView:
      guard let kind = attributes.representedElementKind else { return nil }
      self.init(attributes.indexPath, decorationKind: kind)
    @unknown default: return nil
    }
  }

  /// UIKit's index path of the element, written into a copy of a
  /// two-index path (Foundation's `IndexPath(item:section:)` goes through
  /// `init(indexes:)`, which allocates an array for every path; a copy of a
  /// two-index path keeps its indexes inline, and setting them allocates
  /// nothing).
  var indexPath: IndexPath {
    var path = twoIndexPath
    path.section = section
    path.item = item
    return path
  }
}

/// A two-index path, copied by `ElementID.indexPath`.
private let twoIndexPath = IndexPath(item: 0, section: 0)

extension ItemPath {
  /// The item path of an index path [section, item]; `nil` otherwise.
  init?(_ indexPath: IndexPath?) {
    guard let indexPath, indexPath.count == 2, indexPath.item != NSNotFound else { return nil }
    self.init(section: indexPath.section, item: indexPath.item)
  }
}

extension ElementKind {
  /// UIKit's name of the kind (`name`), kept for the first 16 kinds seen:
  /// `name` makes a new string on every call, and the shell names a kind
  /// for every supplementary object and context it makes.
  ///
  /// - Complexity: O(kinds kept).
  @MainActor var uikitName: String {
    // The kinds searched apart from the names (plain values: no string is
    // copied, retained and released per kind passed).
    let kinds = KindNames.kinds
    for i in kinds.indices where kinds[i] == self { return KindNames.names[i] }
    let name = self.name
    if kinds.count < 16 {
      KindNames.kinds.append(self)
      KindNames.names.append(name)
    }
    return name
  }
}

/// The kind names `ElementKind.uikitName` keeps, by position (main-actor
/// state, never lent across a call: not checked for exclusive access at run
/// time).
@MainActor
private enum KindNames {
  @exclusivity(unchecked) static var kinds: [ElementKind] = []
  @exclusivity(unchecked) static var names: [String] = []
}
