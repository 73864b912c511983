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
  /// `SelfSizingLayout.sizeTakingPreferredSize(for:at:)`, specialized.
  public func sizeTakingPreferredSize(for id: ElementID, at state: ScrollState) -> Size? {
    sharedSizeTakingPreferredSize(for: id, at: state)
  }

  /// `SelfSizingLayout.recordPreferredSize(_:for:anchoredAt:)`, specialized.
  public mutating func recordPreferredSize(_ size: Size, for id: ElementID, anchoredAt offset: Point) -> Point? {
    sharedRecordPreferredSize(size, for: id, anchoredAt: offset)
  }
}
