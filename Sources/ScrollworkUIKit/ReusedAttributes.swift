#if canImport(UIKit)
  import UIKit
#else
  import Foundation
  import UIKitStandIn
#endif
import LayoutCore

/// UIKit attributes objects by element, reused while the engine's values
/// for the element hold: a scroll frame makes objects only for the elements
/// whose values changed. UIKit compares the attributes it is given with
/// those it has to decide whether a view needs them again, so a changed
/// value always comes in a new object; an object given to UIKit is never
/// changed. MagazineLayout keeps an attributes object per element too.
@MainActor
struct ReusedAttributes {
  /// The values each object was made from, compared as plain values (no
  /// conversion to UIKit's types to decide).
  private var table: [ElementID: (values: LayoutAttributes, object: ScrollworkLayoutAttributes)] = [:]

  /// The object for `attributes`, and whether it was made now.
  ///
  /// - Complexity: one hash lookup and one comparison of values.
  mutating func object(for attributes: LayoutAttributes) -> (object: ScrollworkLayoutAttributes, isNew: Bool) {
    if let kept = table[attributes.id], kept.values == attributes { return (kept.object, false) }
    let made = ScrollworkLayoutAttributes.make(attributes)
    table[attributes.id] = (attributes, made)
    return (made, true)
  }

  /// Drops the objects of elements no longer shown, now and then, so the
  /// table stays about the size of what is on screen: when it holds more
  /// than four times `shown` (plus a margin), only the elements of the
  /// answer `shown` stay.
  ///
  /// - Complexity: O(1), or O(table) when it prunes (rarely: amortised
  ///   O(1) per element answered).
  mutating func prune(keeping shown: [UICollectionViewLayoutAttributes]) {
    guard table.count > 4 * shown.count + 256 else { return }
    var kept: [ElementID: (values: LayoutAttributes, object: ScrollworkLayoutAttributes)] = [:]
    for case let a as ScrollworkLayoutAttributes in shown {
      guard let id = ElementID(a), let entry = table[id] else { continue }
      kept[id] = entry
    }
    table = kept
  }
}
