#if canImport(UIKit)
  import UIKit
#else
  import Foundation
  import UIKitStandIn
#endif
import LayoutCore
import LayoutHost
import ScrollworkUIKit

/// A host of any layout makes its UIKit layout (the existential of the
/// catalog opened to the concrete `ScrollworkLayout<Prepared>`).
@MainActor
protocol ShellMaking {
  func makeShell() -> UICollectionViewLayout
}

extension LayoutHost: ShellMaking {
  func makeShell() -> UICollectionViewLayout { ScrollworkLayout(host: self) }
}

/// The UIKit layout of `host`, a `ScrollworkLayout` over a copy of it.
@MainActor
func shell(for host: any LayoutHosting) -> UICollectionViewLayout {
  // Every `LayoutHosting` of the package is a `LayoutHost`.
  (host as! any ShellMaking).makeShell()
}

/// The supplementary kinds Scrollwork's layouts emit.
let supplementaryKinds = ["header", "footer", "stretchyHeader", "menu"]

/// An app's data source: sections of item identities, one registered cell
/// class and every supplementary kind registered up front.
@MainActor
final class TestDataSource: NSObject, UICollectionViewDataSource {
  /// Item identities by section (what the app's model holds).
  var sections: [[Int]]
  var nextID = 1_000_000

  init(counts: [Int]) {
    var id = 0
    sections = counts.map { n in
      defer { id += n }
      return Array(id..<(id + n))
    }
  }

  func register(in view: UICollectionView) {
    view.register(TestCell.self, forCellWithReuseIdentifier: "cell")
    for kind in supplementaryKinds {
      view.register(UICollectionReusableView.self, forSupplementaryViewOfKind: kind, withReuseIdentifier: kind)
    }
  }

  func numberOfSections(in collectionView: UICollectionView) -> Int { sections.count }

  func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
    sections[section].count
  }

  func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
    let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
    (cell as? TestCell)?.identity = sections[indexPath.section][indexPath.item]
    return cell
  }

  func collectionView(
    _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
  ) -> UICollectionReusableView {
    collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: kind, for: indexPath)
  }
}

/// A cell that knows its item's identity and can prefer a size
/// (self-sizing content): `preferredSize` maps an identity to its size.
@MainActor
final class TestCell: UICollectionViewCell {
  var identity = -1
  static var preferredSize: ((Int) -> CGSize)?

  override func preferredLayoutAttributesFitting(
    _ layoutAttributes: UICollectionViewLayoutAttributes
  ) -> UICollectionViewLayoutAttributes {
    guard let preferred = Self.preferredSize else { return layoutAttributes }
    let fitted = layoutAttributes.copy() as! UICollectionViewLayoutAttributes
    fitted.size = preferred(identity)
    return fitted
  }
}

extension Rect {
  init(_ rect: CGRect) {
    self.init(x: Double(rect.minX), y: Double(rect.minY), width: Double(rect.width), height: Double(rect.height))
  }
}

extension CGRect {
  init(_ rect: Rect) {
    self.init(x: CGFloat(rect.minX), y: CGFloat(rect.minY), width: CGFloat(rect.width), height: CGFloat(rect.height))
  }
}
