import Album
import LayoutCore

// Every layout's presets as values: the one place they are spelled. The
// catalog's descriptors list them (`LayoutDescriptor.presets`), the tool's
// `--preset` parses them, the scenes and the UIKit initialisers take them.

/// The album's presets.
public enum AlbumPreset: String, LayoutCatalogPreset {
  /// The seed's constants (100 pt page spacing, 40 pt narrowest photo,
  /// 30/15/2/160 pt filmstrip widths and spacings) and the seed's follower
  /// offset (`FollowerOffsetRule.seedUnitStep`).
  case photosLab
  /// The same constants (the default) with the follower's centre line on the thumbnail
  /// coordinate (`FollowerOffsetRule.thumbnailCoordinate`): the thumbnail
  /// under the centre line is always the pager's nearest page.
  case standard

  /// The album's configuration with this preset's constants.
  public func configuration(stripHeight: Double, debug: Bool) -> AlbumConfiguration {
    switch self {
    case .photosLab: AlbumConfiguration.photosLab(stripHeight: stripHeight, debug: debug)
    case .standard: AlbumConfiguration(stripHeight: stripHeight, debug: debug, followerOffset: .thumbnailCoordinate)
    }
  }

  /// The preset a layout starts from when none is named.
  public static let defaultPreset = AlbumPreset.standard

  /// One line for lists and `--help`.
  public var summary: String {
    switch self {
    case .standard: "the seed's constants, the follower's centre line on the thumbnail coordinate"
    case .photosLab: "the seed's constants and its follower offset"
    }
  }
}

/// The carousel's presets.
public enum CarouselPreset: String, LayoutCatalogPreset {
  /// Album art that scales and fades by distance to the centre (the seed's constants).
  case spotify
  /// Neighbours shrink to 0.75 and tuck under the centred cover.
  case coverFlow
  /// A deck of cards: the next ones peek behind; one card per swipe.
  case stackedCards
  /// No effect: a snapping strip.
  case plain

  /// The layout with this preset's constants.
  public var layout: CarouselLayout {
    switch self {
    case .spotify: .spotify
    case .coverFlow: .coverFlow
    case .stackedCards: .stackedCards
    case .plain: .plain
    }
  }

  /// The preset a layout starts from when none is named.
  public static let defaultPreset = CarouselPreset.spotify

  /// The tool's earlier names (`--preset coverflow`, `stack`), still taken.
  public static let aliases: [String: CarouselPreset] = ["coverflow": .coverFlow, "stack": .stackedCards]

  /// One line for lists and `--help`.
  public var summary: String {
    switch self {
    case .spotify: "album art that scales and fades by distance to the centre"
    case .coverFlow: "neighbours shrink to 0.75 and tuck under the centred cover"
    case .stackedCards: "a deck of cards: the next ones peek behind; one card per swipe"
    case .plain: "no effect: a snapping strip"
    }
  }
}

/// The flow layout's presets.
public enum FlowPreset: String, LayoutCatalogPreset {
  /// `UICollectionViewFlowLayout`'s defaults: vertical, 10 pt spacings, no
  /// insets, headers or footers.
  case uikit
  /// A photo grid: 2 pt spacings and 34 pt section headers pinned to the top.
  case photos

  /// The layout with this preset's constants.
  public var layout: FlowLayout {
    switch self {
    case .uikit: FlowLayout()
    case .photos: FlowLayout(lineSpacing: 2, interItemSpacing: 2, headerLength: 34, pinsHeaders: true)
    }
  }

  /// The preset a layout starts from when none is named.
  public static let defaultPreset = FlowPreset.uikit

  /// One line for lists and `--help`.
  public var summary: String {
    switch self {
    case .uikit: "UICollectionViewFlowLayout's defaults: vertical, 10 pt spacings"
    case .photos: "a photo grid: 2 pt spacings, 34 pt pinned section headers"
    }
  }
}

/// The looping carousel's presets: the carousel's, looping.
public enum LoopingPreset: String, LayoutCatalogPreset {
  /// Album art that scales and fades by distance to the centre.
  case spotify
  /// Neighbours shrink to 0.75 and tuck under the centred cover.
  case coverFlow
  /// A deck of cards: the next ones peek behind; one card per swipe.
  case stackedCards
  /// No effect: a snapping strip.
  case plain

  /// The layout with this preset's constants.
  public var layout: LoopingCarouselLayout {
    switch self {
    case .spotify: .spotify
    case .coverFlow: .coverFlow
    case .stackedCards: .stackedCards
    case .plain: .plain
    }
  }

  /// The preset a layout starts from when none is named.
  public static let defaultPreset = LoopingPreset.spotify

  /// The tool's earlier names (`--preset coverflow`, `stack`), still taken.
  public static let aliases: [String: LoopingPreset] = ["coverflow": .coverFlow, "stack": .stackedCards]

  /// One line for lists and `--help`.
  public var summary: String {
    switch self {
    case .spotify: "the carousel's album art, looping"
    case .coverFlow: "cover flow, looping: the first cover follows the last"
    case .stackedCards: "a deck that never runs out: one card per swipe"
    case .plain: "no effect: a snapping strip without ends"
    }
  }
}

/// The mosaic's presets.
public enum MosaicPreset: String, LayoutCatalogPreset {
  /// Apple's sample: 200 pt segments, 1 pt gaps, a full-width opening, then
  /// 50/50 → 2/3 + 1/3 → 1/3 + 2/3.
  case appleMosaic

  /// The layout with this preset's constants.
  public var layout: MosaicLayout {
    switch self {
    case .appleMosaic: .appleMosaic
    }
  }

  /// The preset a layout starts from when none is named.
  public static let defaultPreset = MosaicPreset.appleMosaic

  /// One line for lists and `--help`.
  public var summary: String {
    switch self {
    case .appleMosaic: "200 pt segments, 1 pt gaps, a full-width opening"
    }
  }
}

/// The photo grid's presets.
public enum PhotosPreset: String, LayoutCatalogPreset {
  /// The Photos app's library grid: All Photos (one large photo, then a row
  /// of three), Months (a header and a summary photo per section) and
  /// square grids of 1…30 columns.
  case photosMonths

  /// The layout with this preset's constants.
  public var layout: PhotoGridLayout {
    switch self {
    case .photosMonths: .photosMonths
    }
  }

  /// The preset a layout starts from when none is named.
  public static let defaultPreset = PhotosPreset.photosMonths

  /// One line for lists and `--help`.
  public var summary: String {
    switch self {
    case .photosMonths: "All Photos, Months and square grids of 1 to 30 columns"
    }
  }
}

/// The prominent layout's presets.
public enum ProminentPreset: String, LayoutCatalogPreset {
  /// The seed's values: 10 pt apart, items a pitch from the centre at half
  /// size and half alpha, snapping to the nearest item at the fast rate.
  case standard

  /// The layout with this preset's constants and items of `itemSize`.
  public func layout(itemSize: Size) -> ProminentLayout {
    switch self {
    case .standard: ProminentLayout(itemSize: itemSize)
    }
  }

  /// The preset a layout starts from when none is named.
  public static let defaultPreset = ProminentPreset.standard

  /// One line for lists and `--help`.
  public var summary: String {
    switch self {
    case .standard: "10 pt apart, half size and alpha a pitch from the centre"
    }
  }
}

/// The sticky-header layout's presets.
public enum StickyPreset: String, LayoutCatalogPreset {
  /// No effects: a plain sectioned list.
  case plain
  /// The "Jungle Cup" roster: every effect on, with the seed's sizes.
  case jungleCup

  /// The layout with this preset's constants.
  public var layout: StickyHeaderLayout {
    switch self {
    case .plain: StickyHeaderLayout()
    case .jungleCup: .jungleCup
    }
  }

  /// The preset a layout starts from when none is named.
  public static let defaultPreset = StickyPreset.plain

  /// One line for lists and `--help`.
  public var summary: String {
    switch self {
    case .plain: "no effects: a plain sectioned list"
    case .jungleCup: "the Jungle Cup roster: every effect on, with the seed's sizes"
    }
  }
}

/// The tag table's presets.
public enum TagTablePreset: String, LayoutCatalogPreset {
  /// 1 pt between rows; the tag cloud's standard preset inside each row.
  case standard

  /// The layout with this preset's constants.
  public var layout: TagTableLayout {
    switch self {
    case .standard: TagTableLayout(cloud: TagCloudLayout(), rowSpacing: 1)
    }
  }

  /// The preset a layout starts from when none is named.
  public static let defaultPreset = TagTablePreset.standard

  /// One line for lists and `--help`.
  public var summary: String {
    switch self {
    case .standard: "1 pt between rows; the tag cloud's standard preset in each row"
    }
  }
}

/// The tag cloud's presets.
public enum TagsPreset: String, LayoutCatalogPreset {
  /// 8 pt spacings and insets, 15 pt text, 6 pt × 10 pt padding.
  case standard
  /// The same, mirrored for right-to-left scripts.
  case rightToLeft

  /// The layout with this preset's constants.
  public var layout: TagCloudLayout {
    switch self {
    case .standard: TagCloudLayout()
    case .rightToLeft: TagCloudLayout(isRightToLeft: true)
    }
  }

  /// The preset a layout starts from when none is named.
  public static let defaultPreset = TagsPreset.standard

  /// One line for lists and `--help`.
  public var summary: String {
    switch self {
    case .standard: "8 pt spacings and insets, 15 pt text"
    case .rightToLeft: "the same, mirrored for right-to-left scripts"
    }
  }
}

/// The waterfall's presets.
public enum WaterfallPreset: String, LayoutCatalogPreset {
  /// CHTCollectionViewWaterfallLayout's defaults: 2 columns, 10 pt spacings.
  case cht
  /// A photo wall: 3 columns, 2 pt spacings.
  case photos

  /// The layout with this preset's constants.
  public var layout: WaterfallLayout {
    switch self {
    case .cht: WaterfallLayout()
    case .photos: WaterfallLayout(columnCount: 3, columnSpacing: 2, itemSpacing: 2)
    }
  }

  /// The preset a layout starts from when none is named.
  public static let defaultPreset = WaterfallPreset.cht

  /// One line for lists and `--help`.
  public var summary: String {
    switch self {
    case .cht: "CHTCollectionViewWaterfallLayout's defaults: 2 columns, 10 pt spacings"
    case .photos: "a photo wall: 3 columns, 2 pt spacings"
    }
  }
}

/// A layout's presets: an enum of named sets of constants, one spelling
/// for every user of the package (the tool's `--preset`, the scenes, the
/// UIKit initialisers, the catalog's descriptors).
public protocol LayoutCatalogPreset: RawRepresentable<String>, CaseIterable, Hashable, Sendable
where AllCases == [Self] {
  /// The preset a layout starts from when none is named.
  static var defaultPreset: Self { get }
  /// One line for lists and `--help`.
  var summary: String { get }
  /// Earlier names that still name a preset (none by default).
  static var aliases: [String: Self] { get }
}

extension LayoutCatalogPreset {
  public static var aliases: [String: Self] { [:] }

  /// The preset called `name`, or by one of its earlier names; `nil` for
  /// any other name.
  ///
  /// - Complexity: O(p) for p presets.
  public init?(name: String) {
    guard let preset = Self(rawValue: name) ?? Self.aliases[name] else { return nil }
    self = preset
  }

  /// The presets as the catalog lists them: the default first, then the
  /// others in declaration order.
  ///
  /// - Complexity: O(p) for p presets.
  public static var descriptors: [PresetDescriptor] {
    ([defaultPreset] + allCases.filter { $0 != defaultPreset }).map { PresetDescriptor($0.rawValue, $0.summary) }
  }
}
