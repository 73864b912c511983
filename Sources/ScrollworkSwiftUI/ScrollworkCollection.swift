#if canImport(UIKit)
  import LayoutCore
  import ScrollworkUIKit
  import SwiftUI
  import UIKit

  /// A lazy SwiftUI container for large data in any Scrollwork layout:
  /// a `UICollectionView` whose cells host SwiftUI content
  /// (`UIHostingConfiguration`), so a million items cost only the cells on
  /// screen. Data changes animate by identity; content can self-size (in
  /// layouts that take estimates, like `.tags()`); the scroll position and
  /// the selection are bindings by identity; `onItemAppear` runs when an
  /// item's cell is about to show (for prefetching).
  ///
  /// ```swift
  /// ScrollworkCollection(photos, layout: { .carousel(.coverFlow) }) { photo in
  ///   PhotoView(photo)
  /// }
  /// ```
  @MainActor
  public struct ScrollworkCollection<Item: Identifiable & Sendable, Content: View>: UIViewRepresentable
  where Item.ID: Sendable {
    let items: [Item]
    let makeLayout: @MainActor () -> UICollectionViewLayout
    let content: (Item) -> Content
    var selection: Binding<Item.ID?>?
    var scrollPosition: Binding<Item.ID?>?
    var onItemAppear: ((Item) -> Void)?
    var layoutKey: AnyHashable?
    var supplementary: ((String, IndexPath) -> AnyView)?
    var adjustsByItem = false

    /// The supplementary view kinds Scrollwork's layouts use: section
    /// headers and footers, the sticky roster's stretchy header and menu.
    public static var supplementaryKinds: [String] { ["header", "footer", "stretchyHeader", "menu"] }

    /// A collection of `items` (one section) in the layout `layout` makes,
    /// each shown by `content`.
    public init(
      _ items: [Item], layout: @escaping @MainActor () -> UICollectionViewLayout,
      @ViewBuilder content: @escaping (Item) -> Content
    ) {
      self.items = items
      self.makeLayout = layout
      self.content = content
    }

    /// The selected item's identity, both ways.
    public func selection(_ binding: Binding<Item.ID?>) -> Self {
      var copy = self
      copy.selection = binding
      return copy
    }

    /// The identity of the item at the top (or leading edge) of the view,
    /// both ways: setting it scrolls there.
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
    /// the stretchy header, the menu): it gets the kind and index path. By
    /// default they are empty.
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
      let view = ScrollworkCollectionView(frame: .zero, collectionViewLayout: makeLayout())
      view.adjustsByItem = adjustsByItem
      let coordinator = context.coordinator
      let registration = UICollectionView.CellRegistration<UICollectionViewCell, Item.ID> { cell, _, id in
        guard let item = coordinator.items[id] else { return }
        cell.contentConfiguration = UIHostingConfiguration { coordinator.content?(item) }.margins(.all, 0)
      }
      coordinator.dataSource = UICollectionViewDiffableDataSource<Int, Item.ID>(collectionView: view) {
        view, indexPath, id in
        view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: id)
      }
      // Every kind a Scrollwork layout may ask for is registered up front
      // (UIKit refuses registrations made while it asks for a view).
      for kind in Self.supplementaryKinds {
        coordinator.registrations[kind] = UICollectionView.SupplementaryRegistration<UICollectionViewCell>(
          elementKind: kind
        ) { view, kind, indexPath in
          view.contentConfiguration = UIHostingConfiguration { coordinator.supplementary?(kind, indexPath) }.margins(
            .all, 0)
        }
      }
      coordinator.dataSource?.supplementaryViewProvider = { view, kind, indexPath in
        guard let registration = coordinator.registrations[kind] ?? coordinator.registrations["header"] else {
          return nil
        }
        return view.dequeueConfiguredReusableSupplementary(using: registration, for: indexPath)
      }
      coordinator.layoutKey = layoutKey
      view.delegate = coordinator
      return view
    }

    public func updateUIView(_ view: UICollectionView, context: Context) {
      let coordinator = context.coordinator
      coordinator.parent = self
      coordinator.content = { AnyView(content($0)) }
      coordinator.supplementary = supplementary
      coordinator.items = Dictionary(items.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
      if layoutKey != coordinator.layoutKey {
        coordinator.layoutKey = layoutKey
        view.setCollectionViewLayout(makeLayout(), animated: context.transaction.animation != nil)
      }
      var snapshot = NSDiffableDataSourceSnapshot<Int, Item.ID>()
      snapshot.appendSections([0])
      snapshot.appendItems(items.map(\.id))
      coordinator.dataSource?.apply(snapshot, animatingDifferences: context.transaction.animation != nil)
      if let id = scrollPosition?.wrappedValue, id != coordinator.reportedPosition,
        let index = coordinator.dataSource?.indexPath(for: id)
      {
        view.scrollToItem(at: index, at: .top, animated: context.transaction.animation != nil)
      }
    }

    /// The collection view's data source and delegate.
    @MainActor
    public final class Coordinator: NSObject, UICollectionViewDelegate {
      var parent: ScrollworkCollection?
      var dataSource: UICollectionViewDiffableDataSource<Int, Item.ID>?
      var items: [Item.ID: Item] = [:]
      var content: ((Item) -> AnyView)?
      var supplementary: ((String, IndexPath) -> AnyView)?
      var layoutKey: AnyHashable?
      var registrations: [String: UICollectionView.SupplementaryRegistration<UICollectionViewCell>] = [:]
      var reportedPosition: Item.ID?

      public func collectionView(_ view: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        parent?.selection?.wrappedValue = dataSource?.itemIdentifier(for: indexPath)
      }

      public func collectionView(
        _ view: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath
      ) {
        guard let id = dataSource?.itemIdentifier(for: indexPath), let item = items[id] else { return }
        parent?.onItemAppear?(item)
      }

      public func scrollViewDidScroll(_ scrollView: UIScrollView) {
        guard let view = scrollView as? UICollectionView, let binding = parent?.scrollPosition else { return }
        let first = view.indexPathsForVisibleItems.min()
        let id = first.flatMap { dataSource?.itemIdentifier(for: $0) }
        guard id != reportedPosition else { return }
        reportedPosition = id
        binding.wrappedValue = id
      }
    }
  }
#endif
