// swift-tools-version: 6.0
import PackageDescription

/// Where UIKit is absent, the shells build against `UIKitStandIn`.
let nonUIKitPlatforms: [Platform] = [.linux, .macOS, .windows, .android, .openbsd, .wasi]

let package = Package(
  name: "Scrollwork",
  // iOS 17 for the UIKit and SwiftUI products; Linux is unaffected.
  platforms: [.iOS(.v17)],
  products: [
    .library(name: "LayoutCore", targets: ["LayoutCore"]),
    .library(name: "GestureScripting", targets: ["GestureScripting"]),
    .library(name: "ScrollPhysics", targets: ["ScrollPhysics"]),
    .library(name: "PhotoGrid", targets: ["PhotoGrid"]),
    .library(name: "Album", targets: ["Album"]),
    .library(name: "LayoutHost", targets: ["LayoutHost"]),
    /// Every layout's descriptor: name, presets, default item sizes, estimates.
    .library(name: "LayoutCatalog", targets: ["LayoutCatalog"]),
    .library(name: "ScrollworkUIKit", targets: ["ScrollworkUIKit"]),
    /// UIKit's names for what collection-view layouts use, where UIKit is
    /// absent: a user's test target depends on it with
    /// `condition: .when(platforms: [.linux])`.
    .library(name: "UIKitStandIn", targets: ["UIKitStandIn"]),
    .library(name: "HostRecording", targets: ["HostRecording"]),
    .library(name: "CollectionChanges", targets: ["CollectionChanges"]),
    .library(name: "ScrollworkSwiftUI", targets: ["ScrollworkSwiftUI"]),
    .library(name: "Raster", targets: ["Raster"]),
    .library(name: "ToolSupport", targets: ["ToolSupport"]),
    // For the tool's package (Tool/): the C shim, the X11 viewer and the allocation counter.
    .library(name: "CRasterShim", targets: ["CRasterShim"]),
    .library(name: "Viewer", targets: ["Viewer"]),
    .library(name: "MallocCounter", targets: ["MallocCounter"]),
    /// Test support for the package's own tests, fuzzers and benches (seeded
    /// random layouts, the shared layout checker); apps never link it.
    .library(name: "ScrollworkTestSupport", targets: ["ScrollworkTestSupport"]),
  ],
  // None: an app that adds this package for ScrollworkUIKit or
  // ScrollworkSwiftUI resolves nothing else. The tool and what only it needs
  // (argument parsing, GRDB) are the package in Tool/; the DocC plugin is
  // added below only when Scripts/docs.sh asks for it.
  dependencies: [],
  targets: [
    // MARK: - Core (Swift standard library only; CI checks the imports)

    .target(name: "LayoutCore"),

    // MARK: - Scroll physics

    .target(name: "ScrollPhysics", dependencies: ["LayoutCore"]),

    // MARK: - The photo grid session (modes, pinch, inserts, deletes: typed methods), used by the CLI, the viewer and hosts

    .target(name: "PhotoGrid", dependencies: ["LayoutCore", "ScrollPhysics"]),

    // MARK: - The layout host: what a UICollectionView asks, for any layout (standard library + LayoutCore)

    .target(name: "LayoutHost", dependencies: ["LayoutCore"]),

    // MARK: - The layout catalog: one descriptor per layout (every list of layouts derives from it)

    .target(name: "LayoutCatalog", dependencies: ["LayoutCore", "LayoutHost", "Album"]),

    // MARK: - Album (pager + filmstrip + coordinator)

    .target(name: "Album", dependencies: ["LayoutCore", "ScrollPhysics"]),

    // MARK: - The gesture-script language, on top of the controllers' typed methods

    /// Common steps, the verbs each layout declares, and the conformances
    /// that drive the scrollers, the album and the photo grid by name.
    .target(name: "GestureScripting", dependencies: ["LayoutCore", "ScrollPhysics", "Album", "PhotoGrid"]),

    // MARK: - The iOS products: thin shells over the host (every file is `#if canImport(UIKit)`,
    // so Linux builds them empty; Scripts/check-ios.sh type-checks them against the iOS SDK)

    /// The replay format: a versioned call type written and read as one JSON
    /// line (the recorder writes it, `scrollwork replay` reads it).
    .target(name: "HostRecording", dependencies: ["LayoutCore", "LayoutHost"]),

    /// Identities to positions and the changes between two item arrays as
    /// UIKit's update items: the data path of `ScrollworkCollection`,
    /// platform-neutral and tested on Linux.
    .target(name: "CollectionChanges", dependencies: ["LayoutCore"]),

    /// Where UIKit is absent (Linux, macOS): UIKit's names and a
    /// `UICollectionView` that drives a layout in UIKit's order, so the
    /// shells below build, run and are tested here (Foundation, and
    /// CollectionChanges for the diffable data source's fewest moves).
    .target(name: "UIKitStandIn", dependencies: ["CollectionChanges"]),

    .target(
      name: "ScrollworkUIKit",
      dependencies: [
        "LayoutCore", "LayoutHost", "LayoutCatalog", "Album", "HostRecording", "CollectionChanges",
        .target(name: "UIKitStandIn", condition: .when(platforms: nonUIKitPlatforms)),
      ]),
    .target(
      name: "ScrollworkSwiftUI", dependencies: ["LayoutCore", "LayoutHost", "ScrollworkUIKit", "CollectionChanges"]),

    // MARK: - Raster (decoding, drawing, PNG / APNG output) and the system libraries it uses

    .systemLibrary(
      name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg62-turbo-dev"]), .brew(["jpeg-turbo"])]),
    .systemLibrary(name: "CPNG", pkgConfig: "libpng16", providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),
    .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
    .systemLibrary(
      name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"]), .brew(["freetype"])]),
    .systemLibrary(
      name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"]), .brew(["fontconfig"])]),
    // libjpeg reports errors by longjmp: the shim keeps setjmp and every libjpeg call in C.
    .target(name: "CRasterShim", dependencies: ["CJPEG", "CPNG"]),
    .target(name: "Raster", dependencies: ["LayoutCore", "CRasterShim", "CPNG", "CZlib", "CFreeType", "CFontconfig"]),

    // MARK: - Viewer (an X11 window: Xlib + MIT-SHM; see Guides/Viewer.md)

    .systemLibrary(name: "CX11", pkgConfig: "x11", providers: [.apt(["libx11-dev", "libxext-dev"])]),
    .target(name: "Viewer", dependencies: ["LayoutCore", "CRasterShim", "CX11"]),

    // MARK: - Tools

    /// What the tool reads and writes besides argument parsing: its output
    /// folder (locked, published by rename, a manifest of identities),
    /// text files, option values. Fuzzed by Fuzz/.
    .target(name: "ToolSupport", dependencies: ["LayoutCore", "Raster"]),

    /// Counts heap allocations for `scrollwork bench` (glibc only).
    .target(name: "MallocCounter"),

    // MARK: - Tests

    .target(name: "ScrollworkTestSupport", dependencies: ["LayoutCore", "LayoutHost", "LayoutCatalog"]),
    .testTarget(name: "LayoutCoreTests", dependencies: ["LayoutCore", "ScrollworkTestSupport"]),
    .testTarget(
      name: "ScrollPhysicsTests",
      dependencies: [
        "ScrollPhysics", "GestureScripting", "PhotoGrid", "LayoutCore", "LayoutHost", "LayoutCatalog",
        "ScrollworkTestSupport",
      ]),
    .testTarget(name: "UIKitStandInTests", dependencies: ["UIKitStandIn", "ScrollworkTestSupport"]),
    .testTarget(
      name: "HostRecordingTests", dependencies: ["HostRecording", "LayoutHost", "LayoutCore", "ScrollworkTestSupport"]),
    .testTarget(
      name: "CollectionChangesTests", dependencies: ["CollectionChanges", "LayoutCore", "ScrollworkTestSupport"]),
    .testTarget(
      name: "ScrollworkUIKitTests",
      dependencies: [
        "ScrollworkUIKit", "UIKitStandIn", "LayoutHost", "LayoutCore", "LayoutCatalog", "HostRecording", "Album",
        "ScrollworkTestSupport",
        "CollectionChanges",
      ]),
    .testTarget(
      name: "LayoutHostTests", dependencies: ["LayoutHost", "LayoutCore", "LayoutCatalog", "ScrollworkTestSupport"]),
    .testTarget(
      name: "AlbumTests",
      dependencies: ["Album", "LayoutCore", "ScrollPhysics", "GestureScripting", "ScrollworkTestSupport"]),
    .testTarget(
      name: "RasterTests",
      dependencies: ["Raster", "CRasterShim", "LayoutCore", "ScrollworkTestSupport"],
      exclude: ["Golden"]),  // golden PNGs, read through #filePath
  ],
  swiftLanguageModes: [.v6]
)

// Scripts/docs.sh builds the DocC catalogs with swift-docc-plugin
// (`swift package generate-documentation`); it sets SCROLLWORK_DOCS=1, so
// nobody else resolves the plugin.
if Context.environment["SCROLLWORK_DOCS"] == "1" {
  package.dependencies.append(.package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"))
}
