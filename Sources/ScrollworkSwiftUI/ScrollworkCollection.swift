#if canImport(UIKit)
  // `import ScrollworkSwiftUI` alone gives the layouts too
  // (`ScrollworkLayout.carousel(.spotify)`).
  @_exported import ScrollworkUIKit
  import CollectionChanges
  import LayoutCore
  import os
  import SwiftUI
  import UIKit

  /// A lazy SwiftUI container for large data in any Scrollwork layout:
  /// a `UICollectionView` whose cells host SwiftUI content
  /// (`UIHostingConfiguration`), so a million items cost only the cells on
  /// screen.
  ///
  /// ```swift
  /// import ScrollworkSwiftUI
  ///
  /// ScrollworkCollection(photos, layout: { .carousel(.coverFlow) }) { photo in
  ///   PhotoView(photo)
  /// }
  /// .scrollPosition(id: $current)
  /// ```
  ///
  /// - Updates go by identity: each update hashes the new items once
  ///   (`IdentifiedItems`) and hands the collection view only the
  ///   inserts, deletes and fewest moves, animated when the transaction
  ///   animates. Items that keep their identity but change (`==`, for
  ///   `Equatable` items) are reconfigured in place; for items that are not
  ///   `Equatable` (an `@Observable` class, say), every visible cell is
  ///   reconfigured on each update (SwiftUI also tracks an observable
  ///   model a cell reads by itself).
  /// - Duplicate identities: as `ForEach`, the first item is shown, later
  ///   ones are dropped, and each such identity is logged once per update.
  /// - Cells self-size in layouts that take estimates (`.tags()`): the
  ///   cell measures its SwiftUI content when the layout asks, free along
  ///   the scrolling axis and up to the view's size across it.
  /// - `scrollPosition(id:)` and `selection(_:)` are bindings by identity,
  ///   both ways. The scroll position is the first item whose leading edge
  ///   is on screen along the layout's axis; it is written back after each
  ///   update on the next main-actor turn, never during a view update.
  ///   Setting it scrolls the item to the leading edge along the layout's
  ///   axis, where the layout's snapping would rest.
  /// - Update cost: O(n) hashing for n items plus O(k log k) for k kept
  ///   items, and the collection view's work for the edits (a change of
  ///   more than a thousand edits without animation reloads instead).
  @MainActor
  public struct ScrollworkCollection<Item: Identifiable, Content: View>: UIViewRepresentable {
    let items: [Item]
    let makeLayout: @MainActor () -> UICollectionViewLayout
    let content: (Item) -> Content
    /// Whether two items of one identity show the same; `nil` when `Item`
    /// is not `Equatable` (visible cells are then reconfigured each update).
    let isEqual: ((Item, Item) -> Bool)?
    var selection: Binding<Item.ID?>?
    var scrollPosition: Binding<Item.ID?>?
    var onItemAppear: ((Item) -> Void)?
    var layoutKey: AnyHashable?
    var supplementary: ((String, IndexPath) -> AnyView)?
    var adjustsByItem = false

    /// The supplementary view kinds Scrollwork's layouts use: section
    /// headers and footers, the sticky roster's stretchy header and menu.
    /// Views of these kinds show `supplementary`'s content; a layout that
    /// asks for another kind gets an empty view of that kind.
    public static var supplementaryKinds: [String] { ["header", "footer", "stretchyHeader", "menu"] }

    init(
      items: [Item], layout: @escaping @MainActor () -> UICollectionViewLayout, isEqual: ((Item, Item) -> Bool)?,
      content: @escaping (Item) -> Content
    ) {
      self.items = items
      self.makeLayout = layout
      self.isEqual = isEqual
      self.content = content
    }

    /// A collection of `items` (one section) in the layout `layout` makes,
    /// each shown by `content`. Visible cells are reconfigured on every
    /// update (items that are not `Equatable` cannot tell a change).
    public init(
      _ items: [Item], layout: @escaping @MainActor () -> UICollectionViewLayout,
      @ViewBuilder content: @escaping (Item) -> Content
    ) {
      self.init(items: items, layout: layout, isEqual: nil, content: content)
    }

    /// A collection of `items` in a Scrollwork layout:
    /// `ScrollworkCollection(photos, layout: { .carousel(.spotify) }) { … }`.
    public init<Prepared: PreparedLayout>(
      _ items: [Item], layout: @escaping @MainActor () -> ScrollworkLayout<Prepared>,
      @ViewBuilder content: @escaping (Item) -> Content
    ) {
      self.init(items: items, layout: { layout() }, isEqual: nil, content: content)
    }

    /// Sets the selected item's identity, both ways: a tap selects, setting
    /// the binding selects in the view, and the selection follows its item
    /// across updates; it becomes `nil` when its item is deleted.
    public func selection(_ binding: Binding<Item.ID?>) -> Self {
      var copy = self
      copy.selection = binding
      return copy
    }

    /// The identity of the first item whose leading edge (top, or left in
    /// a horizontal layout) is on screen, both ways: setting it scrolls
    /// that item to the leading edge, as the layout's snapping rests.
    public func scrollPosition(id binding: Binding<Item.ID?>) -> Self {
      var copy = self
      copy.scrollPosition = binding
      return copy
    }

    /// Switches to a new layout from `layout`, animated, whenever `key`
    /// changes (the photo grid's modes, say); elements move by identity.
    public func layoutKey(_ key: AnyHashable) -> Self {
      var copy = self
      copy.layoutKey = key
      return copy
    }

    /// Shows `content` in the layout's supplementary views (section headers,
    /// the stretchy header, the menu: ``supplementaryKinds``): it gets the
    /// kind and index path. By default they are empty.
    public func supplementary<V: View>(@ViewBuilder _ content: @escaping (String, IndexPath) -> V) -> Self {
      var copy = self
      copy.supplementary = { AnyView(content($0, $1)) }
      return copy
    }

    /// Makes the collection one adjustable VoiceOver element that moves
    /// item by item (a carousel). Otherwise VoiceOver reads the cells in
    /// index-path order.
    public func accessibilityAdjustsByItem(_ adjusts: Bool = true) -> Self {
      var copy = self
      copy.adjustsByItem = adjusts
      return copy
    }

    /// Runs `action` when an item's cell is about to appear.
    public func onItemAppear(_ action: @escaping (Item) -> Void) -> Self {
      var copy = self
      copy.onItemAppear = action
      return copy
    }

    public func makeCoordinator() -> Coordinator { Coordinator() }

    public func makeUIView(context: Context) -> UICollectionView {
      let view = CollectionHostView(frame: .zero, collectionViewLayout: makeLayout())
      context.coordinator.install(in: view, from: self)
      return view
    }

    public func updateUIView(_ view: UICollectionView, context: Context) {
      let animated = context.transaction.animation != nil && !context.transaction.disablesAnimations
      context.coordinator.update(view, from: self, animated: animated)
    }

    public static func dismantleUIView(_ view: UICollectionView, coordinator: Coordinator) {
      view.dataSource = nil
      view.delegate = nil
    }

    /// The collection view's data source and delegate. Every closure it
    /// hands UIKit holds it weakly; the collection view holds it weakly
    /// too (as its data source and delegate), and SwiftUI keeps it.
    @MainActor
    public final class Coordinator: NSObject, UICollectionViewDataSource, UICollectionViewDelegate {
      /// The latest view value: bindings, content, options.
      var parent: ScrollworkCollection?
      /// The items shown, by identity: what the data source answers.
      var state = IdentifiedItems<Item, Item.ID>()
      weak var collectionView: UICollectionView?
      var cellRegistration: UICollectionView.CellRegistration<HostingCell, Item>?
      var supplementaryRegistrations: [String: UICollectionView.SupplementaryRegistration<HostingSupplementaryView>] =
        [:]
      /// Kinds outside `supplementaryKinds` that got an empty view class.
      var emptyKinds: Set<String> = []
      var layoutKey: AnyHashable?
      /// Whether the collection view has read the data once.
      var hasLoaded = false
      /// The identity last written to or read from the scroll position.
      var reportedPosition: Item.ID?
      /// A requested identity waiting for the view to have a size.
      var pendingScroll: (id: Item.ID, animated: Bool)?
      var reportScheduled = false

      static var emptyReuseIdentifier: String { "ScrollworkCollection.empty" }

      func install(in view: CollectionHostView, from parent: ScrollworkCollection) {
        self.parent = parent
        collectionView = view
        layoutKey = parent.layoutKey
        view.adjustsByItem = parent.adjustsByItem
        cellRegistration = UICollectionView.CellRegistration<HostingCell, Item> { [weak self] cell, _, item in
          self?.configure(cell, with: item)
        }
        // Every kind a Scrollwork layout asks for is registered up front
        // (UIKit refuses a registration made while it asks for a view).
        for kind in ScrollworkCollection.supplementaryKinds {
          supplementaryRegistrations[kind] = UICollectionView.SupplementaryRegistration<HostingSupplementaryView>(
            elementKind: kind
          ) { [weak self] view, kind, indexPath in
            guard let self, let content = self.parent?.supplementary else {
              view.contentConfiguration = nil
              return
            }
            view.contentConfiguration = UIHostingConfiguration { content(kind, indexPath) }.margins(.all, 0)
          }
        }
        view.didLayout = { [weak self] in self?.viewDidLayout() }
        view.dataSource = self
        view.delegate = self
      }

      func configure(_ cell: HostingCell, with item: Item) {
        guard let content = parent?.content else { return }
        cell.contentConfiguration = UIHostingConfiguration { content(item) }.margins(.all, 0)
        cell.measurement = collectionView.flatMap(measurement(in:))
      }

      /// How cells measure their content in `view`'s layout: `nil` unless
      /// the layout is a Scrollwork layout that takes estimates.
      func measurement(in view: UICollectionView) -> HostingCell.Measurement? {
        guard let hosting = view.collectionViewLayout as? any ScrollworkHosting, hosting.anyHost.isSelfSizing else {
          return nil
        }
        let visible = view.bounds.inset(by: view.adjustedContentInset)
        return HostingCell.Measurement(axis: scrollAxis(of: view), limit: visible.size)
      }

      // MARK: Updates

      func update(_ view: UICollectionView, from parent: ScrollworkCollection, animated: Bool) {
        self.parent = parent
        (view as? ScrollworkCollectionView)?.adjustsByItem = parent.adjustsByItem
        if parent.layoutKey != layoutKey {
          layoutKey = parent.layoutKey
          view.setCollectionViewLayout(parent.makeLayout(), animated: animated)
        }
        applyItems(parent.items, to: view, animated: animated)
        syncSelection(in: view)
        if let requested = parent.scrollPosition?.wrappedValue, requested != reportedPosition {
          reportedPosition = requested
          scroll(to: requested, in: view, animated: animated)
        }
        scheduleScrollPositionReport()
      }

      func applyItems(_ items: [Item], to view: UICollectionView, animated: Bool) {
        var next = state
        let changes = next.update(to: items, id: { $0.id }, isEqual: parent?.isEqual ?? { _, _ in true })
        if let message = changes.duplicatesMessage {
          Logger(subsystem: "Scrollwork", category: "ScrollworkCollection").warning("\(message, privacy: .public)")
        }
        // The first data, a view out of a window, or a large change without
        // animation: reload (nothing to animate, or cheaper than the edits).
        let reloads =
          changes.hasStructuralChanges && (view.window == nil || (!animated && changes.updates.count > 1000))
        guard hasLoaded, !reloads else {
          state = next
          hasLoaded = true
          view.reloadData()
          return
        }
        if changes.hasStructuralChanges {
          let final = next
          let batch = {
            view.performBatchUpdates {
              self.state = final
              view.deleteItems(at: changes.deletedPaths.map(IndexPath.init))
              view.insertItems(at: changes.insertedPaths.map(IndexPath.init))
              for move in changes.moves { view.moveItem(at: IndexPath(move.from), to: IndexPath(move.to)) }
            }
          }
          if animated { batch() } else { UIView.performWithoutAnimation(batch) }
        } else {
          state = next
        }
        var reconfigure = changes.reconfiguredPaths.map(IndexPath.init)
        if parent?.isEqual == nil {
          let inserted = Set(changes.insertedPaths.map(IndexPath.init))
          reconfigure = view.indexPathsForVisibleItems.filter { !inserted.contains($0) && $0.item < state.count }
        }
        if !reconfigure.isEmpty { view.reconfigureItems(at: reconfigure) }
      }

      // MARK: Selection

      func syncSelection(in view: UICollectionView) {
        guard let binding = parent?.selection else { return }
        let displayed = view.indexPathsForSelectedItems?.first.map(ItemPath.init)
        let sync = SelectionSync.resolve(requested: binding.wrappedValue, displayed: displayed, in: state)
        if let path = sync.deselect { view.deselectItem(at: IndexPath(path), animated: false) }
        if let path = sync.select { view.selectItem(at: IndexPath(path), animated: false, scrollPosition: []) }
        if sync.clearsBinding {
          // Written after this view update, if it still names a deleted item.
          Task { @MainActor [weak self] in
            guard let self, let binding = self.parent?.selection, let id = binding.wrappedValue,
              self.state.index(of: id) == nil
            else { return }
            binding.wrappedValue = nil
          }
        }
      }

      public func collectionView(_ view: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        guard let binding = parent?.selection else { return }
        binding.wrappedValue = SelectionSync.identity(selecting: ItemPath(indexPath), in: state)
      }

      public func collectionView(_ view: UICollectionView, didDeselectItemAt indexPath: IndexPath) {
        guard let binding = parent?.selection, let id = state.identity(at: ItemPath(indexPath)),
          binding.wrappedValue == id
        else { return }
        binding.wrappedValue = nil
      }

      // MARK: Scroll position

      /// Scrolls `id`'s item to the leading edge along the layout's axis,
      /// where the layout would rest (its snapping), or waits for the view
      /// to have a size.
      func scroll(to id: Item.ID, in view: UICollectionView, animated: Bool) {
        guard let path = state.path(of: id) else { return }
        guard !view.bounds.isEmpty else {
          pendingScroll = (id, animated)
          return
        }
        pendingScroll = nil
        view.layoutIfNeeded()
        guard let attributes = view.layoutAttributesForItem(at: IndexPath(path)) else { return }
        let layout = view.collectionViewLayout
        let offset = ScrollPositions.contentOffset(
          showing: Rect(center: point(attributes.center), size: size(attributes.size)), axis: scrollAxis(of: view),
          current: point(view.contentOffset), viewportSize: size(view.bounds.size),
          contentSize: size(layout.collectionViewContentSize), insets: insets(view.adjustedContentInset))
        let proposed = CGPoint(x: CGFloat(offset.x), y: CGFloat(offset.y))
        let target = layout.targetContentOffset(forProposedContentOffset: proposed, withScrollingVelocity: .zero)
        view.setContentOffset(target, animated: animated)
      }

      func viewDidLayout() {
        guard let view = collectionView else { return }
        if let pending = pendingScroll, !view.bounds.isEmpty {
          pendingScroll = nil
          scroll(to: pending.id, in: view, animated: pending.animated)
        }
        scheduleScrollPositionReport()
      }

      public func scrollViewDidScroll(_ scrollView: UIScrollView) { scheduleScrollPositionReport() }

      /// Reads the scroll position on the next main-actor turn (once per
      /// turn), outside any view update.
      func scheduleScrollPositionReport() {
        guard !reportScheduled, parent?.scrollPosition != nil else { return }
        reportScheduled = true
        Task { @MainActor [weak self] in self?.reportScrollPosition() }
      }

      func reportScrollPosition() {
        reportScheduled = false
        guard pendingScroll == nil, let view = collectionView, let binding = parent?.scrollPosition,
          let id = leadingIdentity(in: view), id != reportedPosition
        else { return }
        reportedPosition = id
        if binding.wrappedValue != id { binding.wrappedValue = id }
      }

      /// The identity of the first item whose leading edge is on screen.
      func leadingIdentity(in view: UICollectionView) -> Item.ID? {
        let visible = view.bounds.inset(by: view.adjustedContentInset)
        guard let elements = view.collectionViewLayout.layoutAttributesForElements(in: visible) else { return nil }
        let cells = elements.lazy.filter { $0.representedElementCategory == .cell }.map {
          LayoutAttributes(
            id: .cell($0.indexPath.item, section: $0.indexPath.section),
            frame: Rect(center: point($0.center), size: size($0.size)))
        }
        let path = ScrollPositions.leadingItem(among: cells, visibleRect: rect(visible), axis: scrollAxis(of: view))
        return path.flatMap { state.identity(at: $0) }
      }

      /// The axis the layout scrolls along: a flow layout's direction, or
      /// read from the content's size against the visible size.
      func scrollAxis(of view: UICollectionView) -> LayoutCore.Axis {
        if let flow = view.collectionViewLayout as? UICollectionViewFlowLayout {
          return flow.scrollDirection == .horizontal ? .horizontal : .vertical
        }
        let visible = view.bounds.inset(by: view.adjustedContentInset)
        return ScrollPositions.scrollAxis(
          contentSize: size(view.collectionViewLayout.collectionViewContentSize), visibleSize: size(visible.size))
      }

      // MARK: Data source

      public func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }

      public func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        section == 0 ? state.count : 0
      }

      public func collectionView(
        _ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath
      ) -> UICollectionViewCell {
        guard let registration = cellRegistration, let item = state.item(at: ItemPath(indexPath)) else {
          return UICollectionViewCell()
        }
        return collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
      }

      /// A view registered for `kind`: the hosting view of a known kind,
      /// or an empty view registered for an unknown kind the first time it
      /// is asked for (a plain class registration, which UIKit accepts
      /// here, unlike a `SupplementaryRegistration` made at this point).
      public func collectionView(
        _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
      ) -> UICollectionReusableView {
        if let registration = supplementaryRegistrations[kind] {
          return collectionView.dequeueConfiguredReusableSupplementary(using: registration, for: indexPath)
        }
        if emptyKinds.insert(kind).inserted {
          collectionView.register(
            UICollectionReusableView.self, forSupplementaryViewOfKind: kind,
            withReuseIdentifier: Self.emptyReuseIdentifier)
        }
        return collectionView.dequeueReusableSupplementaryView(
          ofKind: kind, withReuseIdentifier: Self.emptyReuseIdentifier, for: indexPath)
      }

      // MARK: Delegate

      public func collectionView(
        _ view: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath
      ) {
        guard let action = parent?.onItemAppear, let item = state.item(at: ItemPath(indexPath)) else { return }
        action(item)
      }
    }
  }

  extension ScrollworkCollection where Item: Equatable {
    /// A collection of `items` (one section) in the layout `layout` makes,
    /// each shown by `content`; an item that changes (`==`) under the same
    /// identity is reconfigured in place.
    public init(
      _ items: [Item], layout: @escaping @MainActor () -> UICollectionViewLayout,
      @ViewBuilder content: @escaping (Item) -> Content
    ) {
      self.init(items: items, layout: layout, isEqual: ==, content: content)
    }

    /// A collection of `items` in a Scrollwork layout:
    /// `ScrollworkCollection(photos, layout: { .carousel(.spotify) }) { … }`;
    /// an item that changes (`==`) under the same identity is reconfigured.
    public init<Prepared: PreparedLayout>(
      _ items: [Item], layout: @escaping @MainActor () -> ScrollworkLayout<Prepared>,
      @ViewBuilder content: @escaping (Item) -> Content
    ) {
      self.init(items: items, layout: { layout() }, isEqual: ==, content: content)
    }
  }

  /// A cell whose SwiftUI content sizes it when its layout takes
  /// estimates: a plain `UICollectionViewCell` measures nothing unless the
  /// layout is UIKit's own estimating one.
  final class HostingCell: UICollectionViewCell {
    /// How to measure: along `axis` the content takes what it needs;
    /// across it, at most `limit`'s size on that axis.
    struct Measurement {
      var axis: LayoutCore.Axis
      var limit: CGSize
    }

    /// `nil`: the layout does not take sizes (the attributes stay as
    /// they are, nothing is measured).
    var measurement: Measurement?

    override func preferredLayoutAttributesFitting(
      _ layoutAttributes: UICollectionViewLayoutAttributes
    ) -> UICollectionViewLayoutAttributes {
      guard let measurement,
        let attributes = layoutAttributes.copy() as? UICollectionViewLayoutAttributes
      else { return layoutAttributes }
      let free = CGFloat.greatestFiniteMagnitude
      let proposal =
        measurement.axis == .vertical
        ? CGSize(width: measurement.limit.width, height: free)
        : CGSize(width: free, height: measurement.limit.height)
      let fitted = contentView.sizeThatFits(proposal)
      // Content that fills whatever it is offered (a flexible frame along
      // the free axis) has no size of its own: the estimate stays.
      let unbounded: CGFloat = 1_000_000
      guard fitted.width.isFinite, fitted.height.isFinite, fitted.width >= 0, fitted.height >= 0,
        fitted.width < unbounded, fitted.height < unbounded
      else { return layoutAttributes }
      let scale = traitCollection.displayScale > 0 ? traitCollection.displayScale : 1
      attributes.size = CGSize(
        width: (Swift.min(fitted.width, measurement.axis == .vertical ? measurement.limit.width : free) * scale)
          .rounded(.up) / scale,
        height: (Swift.min(fitted.height, measurement.axis == .horizontal ? measurement.limit.height : free) * scale)
          .rounded(.up) / scale)
      return attributes
    }
  }

  /// The supplementary view that hosts `supplementary`'s content.
  final class HostingSupplementaryView: UICollectionViewCell {}

  /// The collection view `ScrollworkCollection` makes: it tells its
  /// coordinator when it has laid out (a requested position waits for a
  /// size; the scroll position is read after layout).
  final class CollectionHostView: ScrollworkCollectionView {
    var didLayout: (() -> Void)?

    override func layoutSubviews() {
      super.layoutSubviews()
      didLayout?()
    }
  }

  private func point(_ p: CGPoint) -> Point { Point(x: Double(p.x), y: Double(p.y)) }
  private func size(_ s: CGSize) -> Size { Size(width: Double(s.width), height: Double(s.height)) }
  private func rect(_ r: CGRect) -> Rect {
    Rect(x: Double(r.minX), y: Double(r.minY), width: Double(r.width), height: Double(r.height))
  }
  private func insets(_ i: UIEdgeInsets) -> LayoutCore.EdgeInsets {
    LayoutCore.EdgeInsets(top: Double(i.top), left: Double(i.left), bottom: Double(i.bottom), right: Double(i.right))
  }

  extension IndexPath {
    fileprivate init(_ path: ItemPath) { self.init(item: path.item, section: path.section) }
  }

  extension ItemPath {
    fileprivate init(_ indexPath: IndexPath) { self.init(section: indexPath.section, item: indexPath.item) }
  }
#endif
