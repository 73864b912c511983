/// What a change of content offset alone can change in a layout's
/// attributes: the answer a host gives to a collection view asking whether
/// a scroll invalidates the layout, and what.
///
/// A layout declares it through `PreparedLayout.scrollDependence`; the
/// default is `.elements`, the safe answer. Every declaration is checked by
/// brute force in the tests (`ScrollDependenceTests`): attributes of
/// elements the declaration leaves out must be bit-for-bit equal at any two
/// offsets.
public enum ScrollDependence: Hashable, Sendable {
  /// No attribute depends on the offset (a flow without pinned headers, a
  /// waterfall, a mosaic, the photo grid, the tag cloud): a scroll
  /// invalidates nothing.
  case none
  /// Only supplementary views depend on the offset (pinned section headers
  /// and footers, a stretchy header): a scroll invalidates those in view.
  case supplementaries
  /// Any element may depend on the offset (a carousel's scale and fade,
  /// the album pager's parallax, parallax cells): a scroll invalidates the
  /// elements in view.
  case elements

  /// Whether elements of `kind` may change with the offset.
  @inlinable public func includes(_ kind: ElementKind) -> Bool {
    switch self {
    case .none: false
    case .supplementaries: kind != .cell
    case .elements: true
    }
  }
}

extension PreparedLayout {
  /// The safe default: any element may change with the offset.
  public var scrollDependence: ScrollDependence { .elements }
}

// The engine's layouts that depend on the offset less than `.elements`.
// (The centred layouts and the album pager keep the default: their
// transforms, alphas and content rectangles follow the offset.)

extension PreparedFlowLayout {
  /// `.supplementaries` when headers or footers pin, else `.none`.
  public var scrollDependence: ScrollDependence {
    layout.pinsHeaders || layout.pinsFooters ? .supplementaries : .none
  }
}

extension PreparedStickyHeaderLayout {
  /// `.elements` with cell parallax (each cell's content rectangle follows
  /// the offset), else `.supplementaries` (the pinned headers, the menu and
  /// the stretchy header).
  public var scrollDependence: ScrollDependence {
    layout.isCellParallaxEnabled && layout.maxCellParallax > 0 ? .elements : .supplementaries
  }
}

extension PreparedMosaicLayout {
  /// `.none`: frames are fixed.
  public var scrollDependence: ScrollDependence { .none }
}

extension PreparedWaterfallLayout {
  /// `.none`: frames are fixed.
  public var scrollDependence: ScrollDependence { .none }
}

extension PreparedPhotoGridLayout {
  /// `.none`: frames are fixed in every mode.
  public var scrollDependence: ScrollDependence { .none }
}

extension PreparedTagCloudLayout {
  /// `.none`: frames move only when measured sizes arrive, never with the
  /// offset.
  public var scrollDependence: ScrollDependence { .none }
}

extension PreparedTagTableLayout {
  /// `.none`: rows and tags are fixed.
  public var scrollDependence: ScrollDependence { .none }
}
