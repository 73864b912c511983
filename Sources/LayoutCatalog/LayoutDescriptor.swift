import LayoutCore
import LayoutHost

/// One layout as every part of the package names it: the command-line tool,
/// the UIKit and SwiftUI presets, replay, the property campaigns, the fuzzers
/// and the documentation all take their list of layouts from
/// `LayoutCatalog.all`, and a test fails when one of them misses a layout.
///
/// A descriptor holds what is true of the layout wherever it is used: its
/// name, its presets (the names the tool takes after `--preset`), the item
/// sizes a host gives it when nobody says otherwise, and whether it takes
/// estimated sizes. What only one front end needs (the CLI's options, a
/// scene's script) stays with that front end.
public struct LayoutDescriptor: Sendable, Hashable, CustomStringConvertible {
  /// The layout's one name (`scrollwork inspect NAME`, `--layout NAME`):
  /// lower case, words joined by `-`.
  public let name: String
  /// What it is, in one line.
  public let summary: String
  /// Its guide, a file in `Guides/`.
  public let guide: String
  /// Its presets, the default first.
  public let presets: [PresetDescriptor]
  /// The item sizes a host gives the layout unless told otherwise.
  public let defaultItemSizes: DefaultItemSizes
  /// Whether the layout can be prepared from estimated sizes and learn the
  /// real ones later (self-sizing cells); its guide says why when not.
  public let takesEstimates: Bool
  /// Whether it scrolls horizontally by default.
  public let isHorizontal: Bool
  /// The names of its configuration types in `LayoutCore`
  /// (`String(describing: CarouselLayout.self)`), which its documentation
  /// lists.
  public let configurationTypes: [String]

  /// A descriptor; `presets` must not be empty (the first is the default).
  public init(
    name: String, summary: String, guide: String, configurationTypes: [Any.Type], presets: [PresetDescriptor],
    defaultItemSizes: DefaultItemSizes, takesEstimates: Bool, isHorizontal: Bool = false
  ) {
    precondition(!presets.isEmpty, "a layout has at least one preset")
    self.name = name
    self.summary = summary
    self.guide = guide
    self.presets = presets
    self.defaultItemSizes = defaultItemSizes
    self.takesEstimates = takesEstimates
    self.isHorizontal = isHorizontal
    self.configurationTypes = configurationTypes.map { String(describing: $0) }
  }

  /// The preset used when none is given.
  public var defaultPreset: PresetDescriptor { presets[0] }

  /// The preset called `name`, or `nil`.
  ///
  /// - Complexity: O(p) for p presets (a handful).
  public func preset(named name: String) -> PresetDescriptor? { presets.first { $0.name == name } }

  /// The preset names, the default first.
  public var presetNames: [String] { presets.map(\.name) }

  public var description: String { name }
}

/// One named set of constants of a layout.
public struct PresetDescriptor: Sendable, Hashable {
  /// The preset's name, as the tool takes it (`--preset coverFlow`).
  public let name: String
  /// What it looks like, in one line.
  public let summary: String

  public init(_ name: String, _ summary: String) {
    self.name = name
    self.summary = summary
  }
}

/// The item sizes a host gives a layout when nobody says otherwise, in one
/// place (the tool, the UIKit presets, replay and the benches use these).
public enum DefaultItemSizes: Sendable, Hashable {
  /// Every item has this size.
  case uniform(Size)
  /// Every item is a square as tall as the viewport (a carousel's cover).
  case viewportHeightSquares
  /// Every item is as wide as the viewport and `height` tall (a list row).
  case viewportWidthRows(height: Double)

  /// A 12-megapixel camera photo's size in pixels, 4032 × 3024: what the
  /// photo layouts (the album, the photo grid, the waterfall) are given
  /// when no photo sizes are known.
  public static let cameraPhoto = Size(width: 4032, height: 3024)

  /// `UICollectionViewFlowLayout`'s default item size, 50 × 50 points.
  public static let flowItem = Size(width: 50, height: 50)

  /// The host's source for these sizes.
  ///
  /// - Complexity: O(1) per section (every case is uniform).
  public var source: ItemSizeSource {
    switch self {
    case .uniform(let size): .uniform(size)
    case .viewportHeightSquares: .viewportHeightSquares
    case .viewportWidthRows(let height):
      // Uniform: one size per section, so no per-item limit.
      ItemSizeSource(maximumItemCount: .max) { _, count, viewport in
        .uniform(Size(width: viewport.width, height: height), count: count)
      }
    }
  }
}
