#if canImport(UIKit)
  import UIKit
#else
  import Foundation
  import UIKitStandIn
#endif
import LayoutCore
import LayoutHost

/// UIKit's invalidation context carrying the host's own description of
/// what changed (`InvalidationContext`), so `invalidateLayout(with:)`
/// hands it back to the host unchanged.
@MainActor
open class ScrollworkInvalidationContext: UICollectionViewLayoutInvalidationContext {
  // `model` is set once, by the layout, and read once: not checked for
  // exclusive access at run time (`@exclusivity(unchecked)`).
  /// What the host said changed; `nil` for a context UIKit made itself
  /// (a data reload), which invalidates as its flags say.
  @exclusivity(unchecked) public internal(set) var model: InvalidationContext?

  /// Copies `model` into UIKit's fields: the cells, supplementary and
  /// decoration views to refresh (each kind's run at once: the model's
  /// elements are sorted by identity, so a kind's elements are adjacent)
  /// and the offset and size adjustments. The index-path lists come from
  /// `lists` (the layout's, kept from context to context). The model is
  /// read where it is and kept last (taken, not copied: a copy retains and
  /// releases its arrays, atomic operations, on every frame).
  func take(_ model: consuming InvalidationContext, lists: inout ContextPathLists) {
    if lists.repeatsLast(model.elements) {
      // The last context's elements: its lists, as they are.
      for run in 0..<lists.lastRunCount {
        let (kind, name, paths) = lists.run(run)
        add(paths, of: kind, named: name)
      }
    } else {
      let count = model.elements.count
      var start = 0
      var run = 0
      while start < count {
        let kind = model.elements[start].kind
        var end = start + 1
        while end < count && model.elements[end].kind == kind { end += 1 }
        let (name, paths) = lists.list(for: model.elements, start..<end, run: run)
        add(paths, of: kind, named: name)
        start = end
        run += 1
      }
      lists.remember(model.elements, runs: run)
    }
    contentOffsetAdjustment = CGPoint(model.contentOffsetAdjustment)
    contentSizeAdjustment = CGSize(model.contentSizeAdjustment)
    self.model = model
  }

  /// Adds `paths` as elements of `kind` (UIKit's name: `name`).
  private func add(_ paths: [IndexPath], of kind: ElementKind, named name: String) {
    switch kind.category {
    case .cell: invalidateItems(at: paths)
    case .supplementary: invalidateSupplementaryElements(ofKind: name, at: paths)
    case .decoration: invalidateDecorationElements(ofKind: name, at: paths)
    }
  }
}

/// The index-path lists a layout gives its invalidation contexts, one per
/// run of a kind in the context, kept for the next context. UIKit's
/// context takes arrays; it keeps the array it is given (a reference, no
/// copy). A scroll frame's context usually names the elements the last one
/// named (the ones on screen that move with the scroll): the run then gets
/// the same array again, nothing built. Otherwise the list is written
/// anew, into its old storage when no context holds it any more (no
/// allocation), else into new storage: an array is a value, so a context
/// still held keeps the paths it was given.
@MainActor
@usableFromInline
struct ContextPathLists {
  /// Each run's elements, the kind's UIKit name, and their index paths.
  private var runs: [(ids: [ElementID], name: String, paths: [IndexPath])] = []
  /// The last context's elements (copied: the model's array is the host's
  /// buffer, which it writes again once the context is gone; holding it
  /// would make the host allocate) and how many runs of a kind they made:
  /// when the next context names the same elements, the first
  /// `lastRunCount` runs are its lists.
  private var lastElements: [ElementID] = []
  private(set) var lastRunCount = 0

  @usableFromInline init() {}

  /// Whether `elements` are the last context's, compared as bits (see
  /// `same`), with at least one run.
  ///
  /// - Complexity: O(elements), once per context.
  func repeatsLast(_ elements: [ElementID]) -> Bool {
    lastRunCount > 0 && Self.same(lastElements, elements, 0..<elements.count)
  }

  /// Remembers `elements`, which made `runs` runs, as the last context's.
  mutating func remember(_ elements: [ElementID], runs: Int) {
    lastElements.removeAll(keepingCapacity: true)
    lastElements.append(contentsOf: elements)
    lastRunCount = runs
  }

  /// Run `run`'s kind, UIKit name and index paths (`run` <
  /// `lastRunCount` after `repeatsLast`).
  func run(_ run: Int) -> (kind: ElementKind, name: String, paths: [IndexPath]) {
    (runs[run].ids[0].kind, runs[run].name, runs[run].paths)
  }

  /// UIKit's name of the kind of `elements[range]` (all of one kind) and
  /// their index paths, in order, for run `run` of a context.
  ///
  /// - Complexity: O(range's length): a comparison of identities, and when
  ///   they differ from the run's last ones, an index path built for each.
  mutating func list(
    for elements: [ElementID], _ range: Range<Int>, run: Int
  ) -> (name: String, paths: [IndexPath]) {
    let kind = elements[range.lowerBound].kind
    if run == runs.count { runs.append(([], kind.uikitName, [])) }
    if runs[run].ids.first?.kind != kind { runs[run].name = kind.uikitName }
    if !Self.same(runs[run].ids, elements, range) {
      runs[run].ids.removeAll(keepingCapacity: true)
      runs[run].ids.append(contentsOf: elements[range])
      runs[run].paths.removeAll(keepingCapacity: true)
      runs[run].paths.reserveCapacity(range.count)
      for i in range { runs[run].paths.append(elements[i].indexPath) }
    }
    return (runs[run].name, runs[run].paths)
  }

  /// Whether `ids` are `elements[range]`, compared as bits (the same
  /// identity copied is the same bits; equal identities with other bits,
  /// which the engine never makes, only build the list again).
  /// Nonisolated: a main-actor closure handed to `withUnsafeBytes` checks
  /// its executor at run time, on every call.
  private nonisolated static func same(_ ids: [ElementID], _ elements: [ElementID], _ range: Range<Int>) -> Bool {
    guard ids.count == range.count else { return false }
    return ids.withUnsafeBytes { ids in
      elements.withUnsafeBytes { elements in
        // 4 words an identity: its kind's two, section and item.
        guard MemoryLayout<ElementID>.stride == 32 else { return false }
        let a = ids.baseAddress!
        let b = elements.baseAddress! + 32 * range.lowerBound
        var difference: UInt64 = 0
        for w in 0..<(4 * range.count) {
          difference |= a.load(fromByteOffset: 8 * w, as: UInt64.self) ^ b.load(fromByteOffset: 8 * w, as: UInt64.self)
        }
        return difference == 0
      }
    }
  }
}
