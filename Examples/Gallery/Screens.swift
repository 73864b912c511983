import LayoutCore
import LayoutHost
import ScrollworkSwiftUI
import ScrollworkUIKit
import SwiftUI

/// Seed 001: the Jungle Cup roster: a stretchy header, a sticky menu,
/// sticky section headers and photos with parallax.
struct RosterScreen: View {
  var body: some View {
    ScrollworkCollection(Sample.many(60), layout: { ScrollworkLayout.sticky(.jungleCup, rowHeight: 64) }) { sample in
      HStack {
        Circle().fill(Color(hue: sample.hue, saturation: 0.5, brightness: 0.8)).frame(width: 44, height: 44)
        Text("Player \(sample.id + 1)")
        Spacer()
      }
      .padding(.horizontal)
    }
    .supplementary { kind, indexPath in
      switch kind {
      case "stretchyHeader": LinearGradient(colors: [.green, .teal], startPoint: .top, endPoint: .bottom)
      case "menu": Text("Roster · Fixtures · Table").font(.headline).frame(maxWidth: .infinity).background(.bar)
      default: Text("Section \(indexPath.section + 1)").font(.subheadline.bold()).frame(maxWidth: .infinity, alignment: .leading)
      }
    }
    .ignoresSafeArea(edges: .top)
  }
}

/// Seed 002: a carousel of album covers that scales, fades and snaps.
struct CarouselScreen: View {
  @State private var current: Int?
  var body: some View {
    VStack {
      ScrollworkCollection(Sample.many(40), layout: { ScrollworkLayout.carousel(.spotify) }) { Tile(sample: $0) }
        .scrollPosition(id: $current)
        .accessibilityAdjustsByItem()
        .frame(height: 300)
      Text(current.map { "Showing item \($0 + 1)" } ?? "").foregroundStyle(.secondary)
    }
  }
}

/// Seed 003: the photo library: All Photos, Months and square grids,
/// switched with animation by identity.
struct PhotoLibraryScreen: View {
  @State private var mode = 0
  private let modes: [PhotoGridLayout.Mode] = [.allPhotos, .months, .columns(5)]
  var body: some View {
    VStack(spacing: 0) {
      Picker("Mode", selection: $mode) {
        Text("All Photos").tag(0)
        Text("Months").tag(1)
        Text("Grid").tag(2)
      }
      .pickerStyle(.segmented)
      .padding()
      ScrollworkCollection(Sample.many(2_000), layout: { [modes, mode] in ScrollworkLayout.photoGrid(modes[mode]) }) {
        Tile(sample: $0)
      }
      .layoutKey(mode)
      .supplementary { _, indexPath in Text("Month \(indexPath.section + 1)").font(.title3.bold()) }
    }
  }
}

/// Seed 004: the list whose centred item is full size and on top.
struct ProminentScreen: View {
  var body: some View {
    ScrollworkCollection(Sample.many(100), layout: { ScrollworkLayout.prominent() }) { Tile(sample: $0) }
  }
}

/// Seed 004: tags that size themselves from their text.
struct TagsScreen: View {
  private let words = ["swift", "layout", "carousel", "album", "photos", "parallax", "sticky", "header", "mosaic",
    "waterfall", "snap", "accordion", "filmstrip", "pinch", "zoom", "self-sizing"]
  var body: some View {
    ScrollworkCollection(Sample.many(1_000), layout: { ScrollworkLayout.tags() }) { sample in
      Text(words[sample.id % words.count]).padding(.horizontal, 10).padding(.vertical, 6)
        .background(Capsule().fill(Color(.systemGray5)))
    }
  }
}

/// Seed 004: the mosaic.
struct MosaicScreen: View {
  var body: some View {
    ScrollworkCollection(Sample.many(300), layout: { ScrollworkLayout.mosaic() }) { Tile(sample: $0) }
  }
}

/// Columns of photos at their own aspect ratios.
struct WaterfallScreen: View {
  var body: some View {
    ScrollworkCollection(
      Sample.many(500),
      layout: {
        ScrollworkLayout.waterfall(
          WaterfallLayout(columnCount: 3, columnSpacing: 4, itemSpacing: 4),
          itemSizes: .cycling([Size(width: 3, height: 4), Size(width: 4, height: 3), Size(width: 1, height: 1)]))
      }
    ) { Tile(sample: $0) }
  }
}

/// A tag cloud as a plain SwiftUI `Layout`.
struct TagCloudStackScreen: View {
  var body: some View {
    ScrollView {
      TagCloudStack {
        ForEach(["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"], id: \.self) {
          Text($0).padding(8).background(Capsule().fill(Color(.systemGray5)))
        }
      }
      .padding()
    }
  }
}

/// A plain `ScrollView` that snaps like the carousel.
struct SnappingScreen: View {
  var body: some View {
    ScrollView(.horizontal) {
      LazyHStack(spacing: 10) {
        ForEach(Sample.many(30)) { Tile(sample: $0).frame(width: 280, height: 280) }
      }
      .padding(.horizontal, 45)
    }
    .scrollTargetBehavior(CarouselSnapping(CarouselLayout(itemSize: Size(width: 280, height: 280)), itemCount: 30))
    .frame(height: 300)
  }
}
