import Album
import LayoutCore
import ScrollworkUIKit
import SwiftUI
import UIKit

/// Seed 000: the Photos album, a UIKit screen: a pager of big photos and
/// a filmstrip under it, kept in sync by `ScrollworkAlbumLink`.
struct AlbumScreen: UIViewControllerRepresentable {
  func makeUIViewController(context: Context) -> AlbumViewController { AlbumViewController() }
  func updateUIViewController(_ controller: AlbumViewController, context: Context) {}
}

final class AlbumViewController: UIViewController, UICollectionViewDataSource {
  private let photoSizes: [CGSize] = (0..<60).map { $0 % 3 == 0 ? CGSize(width: 3024, height: 4032) : CGSize(width: 4032, height: 3024) }
  private var pager: ScrollworkCollectionView!
  private var strip: ScrollworkCollectionView!
  private var link: ScrollworkAlbumLink?

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = .systemBackground
    pager = ScrollworkCollectionView(frame: .zero, collectionViewLayout: UICollectionViewFlowLayout())
    strip = ScrollworkCollectionView(frame: .zero, collectionViewLayout: UICollectionViewFlowLayout())
    for collectionView in [pager!, strip!] {
      collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "photo")
      collectionView.dataSource = self
      collectionView.showsHorizontalScrollIndicator = false
      view.addSubview(collectionView)
    }
  }

  override func viewDidLayoutSubviews() {
    super.viewDidLayoutSubviews()
    let stripHeight: CGFloat = 44
    let bounds = view.bounds.inset(by: view.safeAreaInsets)
    pager.frame = CGRect(x: bounds.minX, y: bounds.minY, width: bounds.width, height: bounds.height - stripHeight)
    strip.frame = CGRect(x: bounds.minX, y: bounds.maxY - stripHeight, width: bounds.width, height: stripHeight)
    if let link {
      link.layoutDidChange()
    } else if bounds.width > 0 {
      link = try? ScrollworkAlbumLink(pager: pager, strip: strip, photoSizes: photoSizes)
    }
  }

  func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { photoSizes.count }

  func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
    let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "photo", for: indexPath)
    cell.contentView.backgroundColor = UIColor(hue: CGFloat(indexPath.item % 12) / 12, saturation: 0.5, brightness: 0.85, alpha: 1)
    cell.clipsToBounds = true
    return cell
  }
}
