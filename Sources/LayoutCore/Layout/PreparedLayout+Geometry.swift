extension PreparedLayout {
  /// The centre and size of `attributes(for:at:)` (built, then read).
  ///
  /// - Complexity: that of `attributes(for:at:)`.
  @inlinable public func geometry(for id: ElementID, at state: State) -> (center: Point, size: Size)? {
    guard let attributes = attributes(for: id, at: state) else { return nil }
    return (attributes.center, attributes.size)
  }

  /// `false`: no walk without attributes; the caller queries attributes.
  @inlinable public func forEachGeometry(
    in rect: Rect, at state: State, _ body: (ElementID, Point, Size, () -> LayoutAttributes) -> Void
  ) -> Bool {
    false
  }
}
