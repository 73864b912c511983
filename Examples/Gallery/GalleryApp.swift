import LayoutCore
import ScrollworkSwiftUI
import ScrollworkUIKit
import SwiftUI

/// Every Scrollwork layout, one screen each: the seeds' screens in a
/// SwiftUI app, with the album as its UIKit screen.
@main
struct GalleryApp: App {
  var body: some Scene {
    WindowGroup { GalleryList() }
  }
}

/// A sample item: an identity, a colour and a title.
struct Sample: Identifiable, Hashable, Sendable {
  let id: Int
  var title: String { "Item \(id + 1)" }
  var hue: Double { Double((id * 37) % 100) / 100 }
  static func many(_ count: Int) -> [Sample] { (0..<count).map(Sample.init) }
}

/// A coloured tile with a title: stands for a photo.
struct Tile: View {
  let sample: Sample
  var body: some View {
    RoundedRectangle(cornerRadius: 12)
      .fill(Color(hue: sample.hue, saturation: 0.55, brightness: 0.85))
      .overlay(alignment: .bottomLeading) {
        Text(sample.title).font(.caption.bold()).foregroundStyle(.white).padding(8)
      }
  }
}

struct GalleryList: View {
  var body: some View {
    NavigationStack {
      List {
        Section("The seeds' screens") {
          NavigationLink("Photos album (pager + filmstrip, UIKit)") { AlbumScreen().ignoresSafeArea() }
          NavigationLink("Jungle Cup roster (stretchy and sticky headers)") { RosterScreen() }
          NavigationLink("Carousel (scale, fade, snap)") { CarouselScreen() }
          NavigationLink("Photo library (All Photos, Months, zoom)") { PhotoLibraryScreen() }
          NavigationLink("Prominent cell") { ProminentScreen() }
          NavigationLink("Tags (self-sizing)") { TagsScreen() }
          NavigationLink("Mosaic") { MosaicScreen() }
          NavigationLink("Waterfall") { WaterfallScreen() }
        }
        Section("Pure SwiftUI, for small counts") {
          NavigationLink("Tag cloud Layout") { TagCloudStackScreen() }
          NavigationLink("Carousel snapping in a ScrollView") { SnappingScreen() }
        }
      }
      .navigationTitle("Scrollwork")
    }
  }
}
