#if !canImport(UIKit)
  import Foundation

  /// A registration's identity: UIKit registers the class under a unique
  /// identifier the first time the registration is used.
  final class RegistrationIdentity {
    let identifier = "UIKitStandIn.Registration." + UUID().uuidString
  }

  extension UICollectionView {
    /// A cell class and its configuration (UIKit's
    /// `UICollectionView.CellRegistration`, iOS 14). Not `Sendable`, as in
    /// the SDK.
    public struct CellRegistration<Cell, Item> where Cell: UICollectionViewCell {
      public typealias Handler = (_ cell: Cell, _ indexPath: IndexPath, _ itemIdentifier: Item) -> Void
      let handler: Handler
      let identity = RegistrationIdentity()

      /// A registration that configures each dequeued cell with `handler`.
      public init(handler: @escaping Handler) { self.handler = handler }
    }

    /// A supplementary view class, its kind and its configuration (UIKit's
    /// `UICollectionView.SupplementaryRegistration`).
    public struct SupplementaryRegistration<Supplementary> where Supplementary: UICollectionReusableView {
      public typealias Handler = (_ supplementaryView: Supplementary, _ elementKind: String, _ indexPath: IndexPath) ->
        Void
      let elementKind: String
      let handler: Handler
      let identity = RegistrationIdentity()

      /// A registration for views of `elementKind`.
      public init(elementKind: String, handler: @escaping Handler) {
        self.elementKind = elementKind
        self.handler = handler
      }
    }

    /// Dequeues a cell of the registration's class and configures it with
    /// `item` (UIKit asserts that `item` is not `nil`).
    public func dequeueConfiguredReusableCell<Cell, Item>(
      using registration: CellRegistration<Cell, Item>, for indexPath: IndexPath, item: Item?
    ) -> Cell where Cell: UICollectionViewCell {
      let identifier = registration.identity.identifier
      if cellClasses[identifier] == nil { register(Cell.self, forCellWithReuseIdentifier: identifier) }
      let dequeued = dequeueReusableCell(withReuseIdentifier: identifier, for: indexPath)
      guard let cell = dequeued as? Cell else {
        UIKitException.raise("Dequeued cell is not of the registration's class \(Cell.self)")
        return Cell(standInReuseWithFrame: .zero)
      }
      if let item { registration.handler(cell, indexPath, item) }
      return cell
    }

    /// Dequeues a supplementary view of the registration's class and kind
    /// and configures it. Raises when the collection view is asking for a
    /// different kind than the registration's (UIKit asserts this; the
    /// message is the stand-in's).
    public func dequeueConfiguredReusableSupplementary<Supplementary>(
      using registration: SupplementaryRegistration<Supplementary>, for indexPath: IndexPath
    ) -> Supplementary where Supplementary: UICollectionReusableView {
      let kind = registration.elementKind
      if let requested = requestedSupplementaryKind, requested != kind {
        UIKitException.raise(
          "Attempted to dequeue a supplementary view using a registration that was created for a different element kind than the one being requested by the collection view. Element kind from registration: \(kind); element kind being requested: \(requested)"
        )
        return Supplementary(standInReuseWithFrame: .zero)
      }
      let identifier = registration.identity.identifier
      if supplementaryClasses[kind]?[identifier] == nil {
        register(Supplementary.self, forSupplementaryViewOfKind: kind, withReuseIdentifier: identifier)
      }
      let dequeued = dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: identifier, for: indexPath)
      guard let view = dequeued as? Supplementary else { return Supplementary(standInReuseWithFrame: .zero) }
      registration.handler(view, kind, indexPath)
      return view
    }
  }
#endif
