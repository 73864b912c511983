import Foundation
import LayoutCatalog
import LayoutCore
import LayoutHost
import ScrollworkTestSupport
import Testing

/// Every list of layouts derives from `LayoutCatalog.all`: these fail when
/// one of them misses a layout (or names one the catalog does not have).
@Suite struct CatalogCoverageTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  func read(_ path: String) throws -> String {
    try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
  }

  @Test func namesAndPresetsAreUniqueAndWellFormed() {
    let names = LayoutCatalog.names
    #expect(Set(names).count == names.count)
    for layout in LayoutCatalog.all {
      #expect(!layout.name.isEmpty && layout.name.allSatisfy { $0.isLowercase || $0 == "-" }, "\(layout.name)")
      #expect(Set(layout.presetNames).count == layout.presets.count, "\(layout.name)'s presets are unique")
      #expect(LayoutCatalog.layout(named: layout.name) == layout)
      #expect(!layout.configurationTypes.isEmpty)
    }
  }

  @Test func theRandomLayoutsCoverTheCatalogInItsOrder() {
    #expect(RandomLayouts.all.map(\.name) == LayoutCatalog.names)
    for layout in LayoutCatalog.all {
      let random = RandomLayouts.layout(named: layout.name)
      #expect(
        (random?.estimated != nil) == layout.takesEstimates,
        "\(layout.name): an estimated-size generator exactly when the layout takes estimates")
    }
  }

  @Test func defaultItemSizesPrepareAHostAtEveryViewport() throws {
    for layout in LayoutCatalog.all {
      for viewport in [Size(width: 390, height: 844), Size(width: 1024, height: 300)] {
        let items = layout.defaultItemSizes.source.items(counts: [3, 0], viewport: viewport)
        #expect(items.sections.count == 2)
        #expect(items.sections[0].count == 3 && items.sections[1].count == 0, "\(layout.name)")
        for i in 0..<3 {
          let size = items.sections[0][i]
          #expect(size.width.isFinite && size.height.isFinite && size.width >= 0 && size.height >= 0)
        }
      }
    }
  }

  @Test func theREADMEListsEveryLayoutWithItsPresets() throws {
    // Words wrap across lines in the README: compare with single spaces.
    let readme = try read("README.md").split(whereSeparator: \.isWhitespace).joined(separator: " ")
    for layout in LayoutCatalog.all {
      let entry = "`\(layout.name)` (\(layout.presetNames.joined(separator: ", ")))"
      #expect(readme.contains(entry), "README.md lists \(entry)")
    }
  }

  @Test func everyGuideIsListedAndEveryTypeDocumented() throws {
    let guides = try read("Guides/README.md")
    let core = try read("Sources/LayoutCore/LayoutCore.docc/LayoutCore.md")
    for layout in LayoutCatalog.all {
      #expect(FileManager.default.fileExists(atPath: Self.root.appendingPathComponent("Guides/" + layout.guide).path))
      #expect(guides.contains("(\(layout.guide))"), "Guides/README.md links \(layout.guide)")
      for type in layout.configurationTypes {
        #expect(core.contains("- ``\(type)``"), "LayoutCore.docc lists \(type) under Layouts")
      }
    }
  }
}
