import LayoutCore
import LayoutHost

/// One call UIKit makes of a collection-view layout, as the replay format
/// records it: one JSON line per call (`jsonLine`, `init(jsonLine:)`),
/// written by `LayoutCallRecorder` on a device and read by
/// `scrollwork replay` (the repository's `Guides/LayoutHost.md` documents
/// every field).
///
/// Each call's arguments are UIKit's; `bounds`, where a case has it, is
/// the collection view's bounds when UIKit made the call (a host takes them
/// before it answers; `nil` when the line does not say). The three calls
/// whose argument *is* a rectangle of bounds (`prepare` and the two
/// bounds-change calls) carry it as that argument. `finalizeUpdates` takes
/// no bounds: a line that gives it some is refused.
///
/// Numbers: every `Double` is written as its shortest round-tripping
/// decimal, and a non-finite one (NaN, ±infinity) as the JSON string
/// `"NaN"`, `"Infinity"` or `"-Infinity"` in the number's place; reading
/// refuses those (`HostCallError.Reason.notFinite`, naming the field), so
/// a recording never passes a NaN off as a number and a replay never
/// answers a question UIKit did not ask. A finite value past
/// `LayoutLimits.maximumExtent` is written as it is and refused on reading
/// the same way.
///
/// Element identities: `item` and the preferred-size and appearing calls
/// name cells or supplementary views (a decoration view's identity would be
/// read back as a supplementary view of the same kind name, which UIKit
/// never passes to these calls).
public enum HostCall: Hashable, Sendable {
  /// `prepare()`: the collection view's bounds and its item counts per
  /// section.
  case prepare(bounds: Rect, counts: [Int])
  /// `collectionViewContentSize`.
  case contentSize(bounds: Rect? = nil)
  /// `layoutAttributesForElements(in:)`; `rect` `nil`: the bounds.
  case elements(rect: Rect?, bounds: Rect?)
  /// `layoutAttributesForItem(at:)` (a cell's identity).
  case item(ElementID, bounds: Rect?)
  /// `layoutAttributesForSupplementaryView(ofKind:at:)`.
  case supplementary(ElementID, bounds: Rect?)
  /// `shouldInvalidateLayout(forBoundsChange:)`, with the new bounds.
  case shouldInvalidateForBoundsChange(Rect)
  /// `invalidationContext(forBoundsChange:)`, with the new bounds.
  case invalidationContextForBoundsChange(Rect)
  /// `invalidateLayout(with:)`; a `nil` context applies the last context
  /// the replay answered (a hand-written line's shorthand).
  case invalidate(InvalidationContext?, bounds: Rect? = nil)
  /// `shouldInvalidateLayout(forPreferredLayoutAttributes:withOriginalAttributes:)`.
  case shouldInvalidateForPreferredSize(ElementID, Size, bounds: Rect?)
  /// `invalidationContext(forPreferredLayoutAttributes:withOriginalAttributes:)`.
  case invalidationContextForPreferredSize(ElementID, Size, bounds: Rect?)
  /// `prepare(forCollectionViewUpdates:)`: the update items and the counts
  /// after them.
  case prepareForUpdates([CollectionUpdate], counts: [Int], bounds: Rect?)
  /// `initialLayoutAttributesForAppearingItem(at:)` (a cell) or
  /// `…SupplementaryElement(ofKind:at:)`.
  case initialForAppearing(ElementID, bounds: Rect? = nil)
  /// `finalLayoutAttributesForDisappearingItem(at:)` (a cell) or
  /// `…SupplementaryElement(ofKind:at:)`.
  case finalForDisappearing(ElementID, bounds: Rect? = nil)
  /// `finalizeCollectionViewUpdates()`.
  case finalizeUpdates
  /// `targetContentOffset(forProposedContentOffset:withScrollingVelocity:)`:
  /// the velocity in points per second, and where the drag started.
  case targetContentOffset(Point, velocity: Point, dragStart: Point?, bounds: Rect? = nil)
  /// `targetContentOffset(forProposedContentOffset:)`.
  case targetContentOffsetForProposed(Point, bounds: Rect? = nil)
  /// An interactive layout switch: `to` starts one to that layout (a
  /// layout name and its options, `"photos --mode columns:5"`), `progress`
  /// (0…1) moves it, `anchor` is the screen point that stays put.
  case transition(to: String?, progress: Double?, anchor: Point?, bounds: Rect? = nil)
  /// The end of an interactive switch: `completed` (`nil`: true) keeps the
  /// new layout, otherwise the old one.
  case finishTransition(completed: Bool?, bounds: Rect? = nil)

  /// The format this library writes (the header line
  /// `{"format":1}`). It stays 1: every change since is compatible both
  /// ways (see `readableFormats`).
  public static let formatVersion = 1

  /// The formats this library reads: 1. Lines written since non-finite
  /// numbers became strings and contexts carry their reason are still
  /// format 1: a format-1 reader refuses such a string as a value of the
  /// wrong type in the same field, and ignores `reason`, so it reads every
  /// line the same; this reader reads every older line as before.
  public static let readableFormats: ClosedRange<Int> = 1...1

  /// The longest line read, in bytes (UTF-8): 1 MiB. The writer does not
  /// cut lines: a `prepare` of some 100,000 sections or a batch of some
  /// 30,000 updates is written whole and refused on reading.
  public static let maximumLineLength = 1 << 20

  /// The call's name in a line (`"call"`): the case's name, with
  /// `Item`/`Supplementary` appended for the appearing and disappearing
  /// calls.
  public var name: String {
    switch self {
    case .prepare: "prepare"
    case .contentSize: "contentSize"
    case .elements: "elements"
    case .item: "item"
    case .supplementary: "supplementary"
    case .shouldInvalidateForBoundsChange: "shouldInvalidateForBoundsChange"
    case .invalidationContextForBoundsChange: "invalidationContextForBoundsChange"
    case .invalidate: "invalidate"
    case .shouldInvalidateForPreferredSize: "shouldInvalidateForPreferredSize"
    case .invalidationContextForPreferredSize: "invalidationContextForPreferredSize"
    case .prepareForUpdates: "prepareForUpdates"
    case .initialForAppearing(let id, _):
      id.kind.isCell ? "initialForAppearingItem" : "initialForAppearingSupplementary"
    case .finalForDisappearing(let id, _):
      id.kind.isCell ? "finalForDisappearingItem" : "finalForDisappearingSupplementary"
    case .finalizeUpdates: "finalizeUpdates"
    case .targetContentOffset: "targetContentOffset"
    case .targetContentOffsetForProposed: "targetContentOffsetForProposed"
    case .transition: "transition"
    case .finishTransition: "finishTransition"
    }
  }

  /// Every name a line's `"call"` may hold.
  public static let names: [String] = [
    "prepare", "contentSize", "elements", "item", "supplementary", "shouldInvalidateForBoundsChange",
    "invalidationContextForBoundsChange", "invalidate", "shouldInvalidateForPreferredSize",
    "invalidationContextForPreferredSize", "prepareForUpdates", "initialForAppearingItem",
    "initialForAppearingSupplementary", "finalForDisappearingItem", "finalForDisappearingSupplementary",
    "finalizeUpdates", "targetContentOffset", "targetContentOffsetForProposed", "transition", "finishTransition",
  ]

  /// The bounds the collection view had when UIKit made the call, which a
  /// host takes before it answers; `nil` for the calls whose argument is
  /// the bounds (`prepare`, the bounds-change calls), for
  /// `finalizeUpdates`, and when the line did not say.
  public var bounds: Rect? {
    switch self {
    case .prepare, .shouldInvalidateForBoundsChange, .invalidationContextForBoundsChange, .finalizeUpdates: nil
    case .contentSize(let b), .elements(_, let b), .item(_, let b), .supplementary(_, let b), .invalidate(_, let b),
      .shouldInvalidateForPreferredSize(_, _, let b), .invalidationContextForPreferredSize(_, _, let b),
      .prepareForUpdates(_, _, let b), .initialForAppearing(_, let b), .finalForDisappearing(_, let b),
      .targetContentOffset(_, _, _, let b), .targetContentOffsetForProposed(_, let b), .transition(_, _, _, let b),
      .finishTransition(_, let b):
      b
    }
  }
}

/// One line of a recording: the format header or a call.
public enum HostLine: Hashable, Sendable {
  /// `{"format":N}`, the first line a recorder writes; with
  /// `"defersSettle":true` when the recorded host leaves the waterfall's
  /// settle to its shell (`LayoutHost.defersSettle`, what `ScrollworkLayout`
  /// sets), so the replay's host answers as the recorded one did.
  case header(format: Int, defersSettle: Bool = false)
  /// A call.
  case call(HostCall)
}
