// The two calls a host makes per preferred size, as concrete methods of
// each self-sizing layout of this module. The default implementations
// (`PreparedLayout`'s for the check, `SelfSizingLayout`'s for the record)
// are reached from another module through the witness table and run
// generically: each of their calls to the layout goes
// through the table again, copying the layout to pass it. From a concrete
// method the same body (`sharedSizeTakingPreferredSize`,
// `sharedRecordPreferredSize`) is specialized for the layout. A new
// self-sizing layout answers correctly without an entry here; with one,
// a host's preferred size costs it less (`bench --filter host-size`).

extension PreparedFlowLayout {
  /// The size across the lines is clamped to the room between the
  /// section insets, as recording does.
  public func sizeGiven(forPreferredSize size: Size, of id: ElementID) -> Size {
    var given = size
    given[layout.axis.cross] = Swift.min(given[layout.axis.cross], room)
    return given
  }

  /// `SelfSizingLayout.sizeTakingPreferredSize(for:at:)`, specialized.
  public func sizeTakingPreferredSize(for id: ElementID, at state: ScrollState) -> Size? {
    sharedSizeTakingPreferredSize(for: id, at: state)
  }

  /// `SelfSizingLayout.recordPreferredSize(_:for:anchoredAt:)`, specialized.
  public mutating func recordPreferredSize(_ size: Size, for id: ElementID, anchoredAt offset: Point) -> Point? {
    sharedRecordPreferredSize(size, for: id, anchoredAt: offset)
  }
}

extension PreparedStickyHeaderLayout {
  /// A width past `maxItemWidth` is clamped to it, as recording does.
  public func sizeGiven(forPreferredSize size: Size, of id: ElementID) -> Size {
    Size(width: Swift.min(size.width, maxItemWidth), height: size.height)
  }

  /// `SelfSizingLayout.sizeTakingPreferredSize(for:at:)`, specialized.
  public func sizeTakingPreferredSize(for id: ElementID, at state: ScrollState) -> Size? {
    sharedSizeTakingPreferredSize(for: id, at: state)
  }

  /// `SelfSizingLayout.recordPreferredSize(_:for:anchoredAt:)`, specialized.
  public mutating func recordPreferredSize(_ size: Size, for id: ElementID, anchoredAt offset: Point) -> Point? {
    sharedRecordPreferredSize(size, for: id, anchoredAt: offset)
  }
}

extension PreparedWaterfallLayout {
  /// The column's width and the height the size's aspect ratio gives at
  /// it (0 for a zero width), as recording does.
  public func sizeGiven(forPreferredSize size: Size, of id: ElementID) -> Size {
    guard id.section >= 0, id.section < sections.count else { return size }
    let width = sections[id.section].columnWidth
    return Size(width: width, height: size.width > 0 ? width * size.height / size.width : 0)
  }

  /// `SelfSizingLayout.sizeTakingPreferredSize(for:at:)`, specialized.
  public func sizeTakingPreferredSize(for id: ElementID, at state: ScrollState) -> Size? {
    sharedSizeTakingPreferredSize(for: id, at: state)
  }

  /// `SelfSizingLayout.recordPreferredSize(_:for:anchoredAt:)`, specialized.
  public mutating func recordPreferredSize(_ size: Size, for id: ElementID, anchoredAt offset: Point) -> Point? {
    sharedRecordPreferredSize(size, for: id, anchoredAt: offset)
  }
}

extension PreparedTagCloudLayout {
  /// A width past `maxItemWidth` is clamped to it, as recording does.
  public func sizeGiven(forPreferredSize size: Size, of id: ElementID) -> Size {
    Size(width: Swift.min(size.width, maxItemWidth), height: size.height)
  }

  /// `SelfSizingLayout.sizeTakingPreferredSize(for:at:)`, specialized.
  public func sizeTakingPreferredSize(for id: ElementID, at state: ScrollState) -> Size? {
    sharedSizeTakingPreferredSize(for: id, at: state)
  }

  /// `SelfSizingLayout.recordPreferredSize(_:for:anchoredAt:)`, specialized.
  public mutating func recordPreferredSize(_ size: Size, for id: ElementID, anchoredAt offset: Point) -> Point? {
    sharedRecordPreferredSize(size, for: id, anchoredAt: offset)
  }
}

extension PreparedTagTableLayout {
  /// A width past `maxItemWidth` is clamped to it, as recording does.
  public func sizeGiven(forPreferredSize size: Size, of id: ElementID) -> Size {
    Size(width: Swift.min(size.width, maxItemWidth), height: size.height)
  }

  /// `SelfSizingLayout.sizeTakingPreferredSize(for:at:)`, specialized.
  public func sizeTakingPreferredSize(for id: ElementID, at state: ScrollState) -> Size? {
    sharedSizeTakingPreferredSize(for: id, at: state)
  }

  /// `SelfSizingLayout.recordPreferredSize(_:for:anchoredAt:)`, specialized.
  public mutating func recordPreferredSize(_ size: Size, for id: ElementID, anchoredAt offset: Point) -> Point? {
    sharedRecordPreferredSize(size, for: id, anchoredAt: offset)
  }
}
