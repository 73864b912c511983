import Album
import LayoutCatalog
import LayoutCore
import ScrollworkUIKit
import Testing

/// Every preset of the catalog (`LayoutPresets.swift`) has its UIKit
/// spelling, a static configuration named as the catalog names it
/// (`ScrollworkLayout.carousel(.coverFlow)`, `.flow(.photos)`), with the
/// same configuration; a layout added to the catalog fails here until it
/// has its entry in `uikitPresets`.
@Suite struct UIKitPresetTests {
  /// For each preset of `P`: whether the UIKit spelling `uikit(preset)`
  /// is the catalog's configuration `catalog(preset)`, by preset name.
  static func compare<P: LayoutCatalogPreset, L: Equatable>(
    _ uikit: (P) -> L, _ catalog: (P) -> L
  ) -> [String: Bool] {
    Dictionary(uniqueKeysWithValues: P.allCases.map { ($0.rawValue, uikit($0) == catalog($0)) })
  }

  /// Each catalog layout's presets as a UIKit user spells them. A `switch`
  /// per layout: a preset added to the catalog does not compile here until
  /// it is named, and its name does not compile until the UIKit spelling
  /// exists.
  static let uikitPresets: [String: [String: Bool]] = [
    "album": compare(
      { (p: AlbumPreset) -> AlbumConfiguration in
        switch p {
        case .photosLab: .photosLab()
        case .standard: .standard()
        }
      }, { $0.configuration(stripHeight: 44, debug: false) }),
    "flow": compare(
      { (p: FlowPreset) -> FlowLayout in
        switch p {
        case .uikit: .uikit
        case .photos: .photos
        }
      }, \.layout),
    "photos": compare(
      { (p: PhotosPreset) -> PhotoGridLayout in
        switch p {
        case .photosMonths: .photosMonths
        }
      }, \.layout),
    "carousel": compare(
      { (p: CarouselPreset) -> CarouselLayout in
        switch p {
        case .spotify: .spotify
        case .coverFlow: .coverFlow
        case .stackedCards: .stackedCards
        case .plain: .plain
        }
      }, \.layout),
    "looping": compare(
      { (p: LoopingPreset) -> LoopingCarouselLayout in
        switch p {
        case .spotify: .spotify
        case .coverFlow: .coverFlow
        case .stackedCards: .stackedCards
        case .plain: .plain
        }
      }, \.layout),
    "prominent": compare(
      { (p: ProminentPreset) -> ProminentLayout in
        switch p {
        case .standard: .standard
        }
      }, { $0.layout(itemSize: ProminentLayout().itemSize) }),
    "sticky": compare(
      { (p: StickyPreset) -> StickyHeaderLayout in
        switch p {
        case .plain: .plain
        case .jungleCup: .jungleCup
        }
      }, \.layout),
    "mosaic": compare(
      { (p: MosaicPreset) -> MosaicLayout in
        switch p {
        case .appleMosaic: .appleMosaic
        }
      }, \.layout),
    "waterfall": compare(
      { (p: WaterfallPreset) -> WaterfallLayout in
        switch p {
        case .cht: .cht
        case .photos: .photos
        }
      }, \.layout),
    "tags": compare(
      { (p: TagsPreset) -> TagCloudLayout in
        switch p {
        case .standard: .standard
        case .rightToLeft: .rightToLeft
        }
      }, \.layout),
    "tag-table": compare(
      { (p: TagTablePreset) -> TagTableLayout in
        switch p {
        case .standard: .standard
        }
      }, \.layout),
  ]

  @Test func everyLayoutOfTheCatalogHasItsUIKitPresets() {
    #expect(Set(Self.uikitPresets.keys) == Set(LayoutCatalog.all.map(\.name)))
    for layout in LayoutCatalog.all {
      let presets = Self.uikitPresets[layout.name] ?? [:]
      #expect(Set(presets.keys) == Set(layout.presetNames), "\(layout.name)'s presets in UIKit")
      for (name, same) in presets.sorted(by: { $0.key < $1.key }) {
        #expect(same, "\(layout.name): the UIKit preset .\(name) is not the catalog's \(name)")
      }
    }
  }

  @Test func layoutCoreNamesItsCarouselPresetsAsTheCatalogDoes() {
    #expect(CarouselLayout.presets.map(\.name) == CarouselPreset.allCases.map(\.rawValue))
    #expect(CarouselLayout.presets.map(\.layout) == CarouselPreset.allCases.map(\.layout))
    #expect(LoopingCarouselLayout.presets.map(\.name) == LoopingPreset.allCases.map(\.rawValue))
    #expect(LoopingCarouselLayout.presets.map(\.layout) == LoopingPreset.allCases.map(\.layout))
    // The earlier names still name the same presets.
    #expect(CarouselPreset(name: "coverflow") == .coverFlow && CarouselPreset(name: "stack") == .stackedCards)
    #expect(LoopingPreset(name: "coverflow") == .coverFlow && LoopingPreset(name: "stack") == .stackedCards)
  }
}
