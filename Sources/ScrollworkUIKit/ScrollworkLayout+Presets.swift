#if canImport(UIKit)
  import UIKit
#else
  import Foundation
  import UIKitStandIn
#endif
import Album
import LayoutCatalog
import LayoutCore
import LayoutHost

// One initialiser per layout of the catalog, each taking the layout's
// configuration; every preset of the catalog (`LayoutPresets.swift`) is a
// static configuration spelled as the catalog spells it:
// `ScrollworkLayout.carousel(.coverFlow)`, `.flow(.photos)`,
// `.waterfall(.cht, itemSizes: …)`. LayoutCore has most of them; the others
// are defined at the end of this file from the catalog's presets, and
// `UIKitPresetTests` fails when a catalog preset has no UIKit spelling or
// another configuration. Layouts with scale, fade or parallax effects take
// `reduceMotion`, which defaults to the system's Reduce Motion setting and
// turns the effects off.

extension ScrollworkLayout where Prepared == PreparedCenteredLayout {
  /// A carousel that scales, fades and snaps (`.spotify`, `.coverFlow`,
  /// `.stackedCards`, `.plain`); items are squares as tall as the view
  /// unless the configuration gives a size.
  /// With `reduceMotion`, items neither scale nor fade (they still snap).
  public static func carousel(
    _ layout: CarouselLayout = .spotify, reduceMotion: Bool = UIAccessibility.isReduceMotionEnabled
  ) -> ScrollworkLayout {
    var layout = layout
    if reduceMotion { layout.effect = .none }
    return ScrollworkLayout(layout, itemSizes: .viewportHeightSquares)
  }

  /// The vertical list whose centred item is full size and on top; with
  /// `reduceMotion`, every item is full size and opaque.
  public static func prominent(
    _ layout: ProminentLayout = .standard, reduceMotion: Bool = UIAccessibility.isReduceMotionEnabled
  ) -> ScrollworkLayout {
    var layout = layout
    if reduceMotion {
      layout.minScale = 1
      layout.minAlpha = 1
    }
    return ScrollworkLayout(layout, itemSizes: .uniform(layout.itemSize))
  }
}

extension ScrollworkLayout where Prepared == PreparedLoopingCarouselLayout {
  /// A carousel without ends (`LoopingCarouselLayout`: `.spotify`,
  /// `.coverFlow`, `.stackedCards`, `.plain`); items are squares as tall
  /// as the view unless the configuration gives a size. With
  /// `reduceMotion`, items neither scale nor fade (they still snap).
  ///
  /// A layout cannot set its collection view's content inset: after the
  /// first layout pass, set `collectionView.contentInset` to
  /// `loopingContentInset` (room for the offsets before item 0), and call
  /// `recenter(_:)` when scrolling ends to loop forever. Fewer items than
  /// fill the view plus one make a plain carousel (no inset needed).
  public static func loopingCarousel(
    _ layout: LoopingCarouselLayout = .spotify, reduceMotion: Bool = UIAccessibility.isReduceMotionEnabled
  ) -> ScrollworkLayout {
    var layout = layout
    if reduceMotion { layout.effect = .none }
    return ScrollworkLayout(layout, itemSizes: .viewportHeightSquares)
  }

  /// The content inset the collection view needs: `halfRange` before the
  /// content (the offsets of the items before item 0); zero before the
  /// first prepare and when the layout does not loop.
  ///
  /// - Complexity: O(1).
  public var loopingContentInset: UIEdgeInsets {
    guard let prepared = storedHost.prepared, prepared.isLooping else { return .zero }
    return UIEdgeInsets(top: 0, left: CGFloat(prepared.halfRange), bottom: 0, right: 0)
  }

  /// Moves `collectionView`'s content offset by whole periods to the
  /// offset showing the same picture nearest 0
  /// (`PreparedLoopingCarouselLayout.recenteredOffset(_:)`): nothing on
  /// screen changes. Call it at rest (`scrollViewDidEndDecelerating`, or
  /// `scrollViewDidEndDragging` without deceleration); it does nothing
  /// before the first prepare or when the layout does not loop.
  ///
  /// - Complexity: O(1) plus the collection view's layout pass.
  public func recenter(_ collectionView: UICollectionView) {
    guard let prepared = storedHost.prepared, prepared.isLooping else { return }
    let offset = Point(x: Double(collectionView.contentOffset.x), y: Double(collectionView.contentOffset.y))
    let recentered = prepared.recenteredOffset(offset)
    guard recentered != offset else { return }
    collectionView.contentOffset = CGPoint(x: CGFloat(recentered.x), y: CGFloat(recentered.y))
  }
}

extension ScrollworkLayout where Prepared == PreparedFlowLayout {
  /// `UICollectionViewFlowLayout`'s behaviour, every item of `itemSize`
  /// (or sized by `itemSizes`).
  public static func flow(
    _ layout: FlowLayout = .uikit, itemSize: CGSize = CGSize(DefaultItemSizes.flowItem),
    itemSizes: ItemSizeSource? = nil
  ) -> ScrollworkLayout {
    ScrollworkLayout(layout, itemSizes: itemSizes ?? .uniform(Size(itemSize)))
  }
}

extension ScrollworkLayout where Prepared == PreparedPhotoGridLayout {
  /// The Photos library grid in `mode` (All Photos, Months, N columns);
  /// photos of `photoSize` pixels unless `itemSizes` says otherwise.
  public static func photoGrid(
    _ mode: PhotoGridLayout.Mode = .allPhotos, photoSize: CGSize = CGSize(DefaultItemSizes.cameraPhoto),
    itemSizes: ItemSizeSource? = nil
  ) -> ScrollworkLayout {
    ScrollworkLayout(PhotoGridLayout.photosMonths.with(mode: mode), itemSizes: itemSizes ?? .uniform(Size(photoSize)))
  }
}

extension ScrollworkLayout where Prepared == PreparedStickyHeaderLayout {
  /// A stretchy header, a sticky menu, sticky section headers and
  /// parallax photos (`.jungleCup` is the seed's screen); rows of
  /// `rowHeight` as wide as the view.
  /// With `reduceMotion`, photos have no parallax.
  public static func sticky(
    _ layout: StickyHeaderLayout = .jungleCup, rowHeight: CGFloat = 44,
    reduceMotion: Bool = UIAccessibility.isReduceMotionEnabled
  ) -> ScrollworkLayout {
    var layout = layout
    if reduceMotion { layout.isCellParallaxEnabled = false }
    return ScrollworkLayout(
      layout,
      itemSizes: ItemSizeSource { _, count, viewport in
        .uniform(Size(width: viewport.width, height: Double(rowHeight)), count: count)
      })
  }
}

extension ScrollworkLayout where Prepared == PreparedMosaicLayout {
  /// The mosaic of full-width, half and third segments.
  public static func mosaic(_ layout: MosaicLayout = .appleMosaic) -> ScrollworkLayout {
    ScrollworkLayout(layout, itemSizes: .uniform(.zero))
  }
}

extension ScrollworkLayout where Prepared == PreparedWaterfallLayout {
  /// Columns of items at their own aspect ratios; `itemSizes` gives each
  /// item's size (its aspect ratio is what counts).
  public static func waterfall(
    _ layout: WaterfallLayout = .cht, itemSizes: ItemSizeSource
  )
    -> ScrollworkLayout
  {
    ScrollworkLayout(layout, itemSizes: itemSizes)
  }
}

extension ScrollworkLayout where Prepared == PreparedTagCloudLayout {
  /// A tag cloud of self-sizing cells laid out from `estimatedSize` until
  /// each cell reports its size (`preferredLayoutAttributesFitting(_:)`).
  public static func tags(
    _ layout: TagCloudLayout = .standard, estimatedSize: CGSize = CGSize(width: 80, height: 30)
  )
    -> ScrollworkLayout
  {
    ScrollworkLayout(
      host: LayoutHost(itemSizes: .uniform(Size(estimatedSize))) { items, viewport throws(LayoutError) in
        try layout.prepare(estimated: items, viewport: viewport)
      })
  }
}

extension ScrollworkLayout where Prepared == PreparedTagTableLayout {
  /// A table whose rows are tag clouds; `itemSizes` gives each tag's size.
  public static func tagTable(
    _ layout: TagTableLayout = .standard, itemSizes: ItemSizeSource
  )
    -> ScrollworkLayout
  {
    ScrollworkLayout(layout, itemSizes: itemSizes)
  }
}

extension ScrollworkLayout where Prepared == PreparedAlbumPagerLayout {
  /// The album's pager: big photos, a page each, with the Photos app's
  /// parallax; `itemSizes` gives each photo's pixel size.
  public static func albumPager(
    _ layout: AlbumPagerLayout = AlbumPagerLayout(), itemSizes: ItemSizeSource
  )
    -> ScrollworkLayout
  {
    ScrollworkLayout(layout, itemSizes: itemSizes)
  }
}

extension ScrollworkLayout where Prepared == PreparedFilmstripLayout {
  /// The album's filmstrip: folded thumbnails, the current one unfolded
  /// (its state comes from the album's coordinator: `setState(_:)`).
  public static func filmstrip(
    _ layout: FilmstripLayout = FilmstripLayout(), itemSizes: ItemSizeSource
  )
    -> ScrollworkLayout
  {
    ScrollworkLayout(
      host: LayoutHost(itemSizes: itemSizes, initialState: FilmstripState()) { items, viewport throws(LayoutError) in
        try layout.prepare(items: items, viewport: viewport)
      })
  }
}

// MARK: - The catalog's presets that LayoutCore does not name

extension FlowLayout {
  /// `FlowPreset.uikit`: `UICollectionViewFlowLayout`'s defaults.
  public static var uikit: FlowLayout { FlowPreset.uikit.layout }
  /// `FlowPreset.photos`: a photo grid, 2 pt spacings, pinned 34 pt headers.
  public static var photos: FlowLayout { FlowPreset.photos.layout }
}

extension ProminentLayout {
  /// `ProminentPreset.standard`, with LayoutCore's default item size.
  public static var standard: ProminentLayout { ProminentPreset.standard.layout(itemSize: ProminentLayout().itemSize) }
}

extension StickyHeaderLayout {
  /// `StickyPreset.plain`: no effects, a plain sectioned list.
  public static var plain: StickyHeaderLayout { StickyPreset.plain.layout }
}

extension WaterfallLayout {
  /// `WaterfallPreset.cht`: `CHTCollectionViewWaterfallLayout`'s defaults.
  public static var cht: WaterfallLayout { WaterfallPreset.cht.layout }
  /// `WaterfallPreset.photos`: a photo wall, 3 columns, 2 pt spacings.
  public static var photos: WaterfallLayout { WaterfallPreset.photos.layout }
}

extension TagCloudLayout {
  /// `TagsPreset.standard`: 8 pt spacings and insets.
  public static var standard: TagCloudLayout { TagsPreset.standard.layout }
  /// `TagsPreset.rightToLeft`: the same, mirrored for right-to-left scripts.
  public static var rightToLeft: TagCloudLayout { TagsPreset.rightToLeft.layout }
}

extension TagTableLayout {
  /// `TagTablePreset.standard`: 1 pt between rows, the standard cloud in each.
  public static var standard: TagTableLayout { TagTablePreset.standard.layout }
}

extension AlbumConfiguration {
  /// `AlbumPreset.standard`: the seed's constants with the follower's
  /// centre line on the thumbnail coordinate (`ScrollworkAlbumLink`'s
  /// `configuration`).
  public static func standard(stripHeight: Double = 44, debug: Bool = false) -> AlbumConfiguration {
    AlbumPreset.standard.configuration(stripHeight: stripHeight, debug: debug)
  }
}
