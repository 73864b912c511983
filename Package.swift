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
    .library(name: "ScrollworkUIKit", targets: ["ScrollworkUIKit"]),
    /// UIKit's names for what collection-view layouts use, where UIKit is
    /// absent: a user's test target depends on it with
    /// `condition: .when(platforms: [.linux])`.
    .library(name: "UIKitStandIn", targets: ["UIKitStandIn"]),
    .library(name: "HostRecording", targets: ["HostRecording"]),
    .library(name: "CollectionChanges", targets: ["CollectionChanges"]),
    .library(name: "ScrollworkSwiftUI", targets: ["ScrollworkSwiftUI"]),
    .library(name: "Raster", targets: ["Raster"]),
    .library(name: "PhotoLibrary", targets: ["PhotoLibrary"]),
    .library(name: "ToolSupport", targets: ["ToolSupport"]),
    .executable(name: "scrollwork", targets: ["scrollwork"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    // Builds the DocC catalogs: `Scripts/docs.sh` (`swift package generate-documentation`).
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    // The photo library's on-disk index (SQLite: Debian's libsqlite3-dev).
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
  ],
  targets: [
    // MARK: - Core (Swift standard library only; CI checks the imports)

    .target(name: "LayoutCore"),

    // MARK: - Scroll physics

    /// The gesture-script language: common steps, and the verbs each layout declares.
    .target(name: "GestureScripting", dependencies: ["LayoutCore"]),
    .target(name: "ScrollPhysics", dependencies: ["LayoutCore", "GestureScripting"]),

    // MARK: - The photo grid session (modes, pinch, inserts, deletes), used by the CLI, the viewer and hosts

    .target(name: "PhotoGrid", dependencies: ["LayoutCore", "ScrollPhysics", "GestureScripting"]),

    // MARK: - The layout host: what a UICollectionView asks, for any layout (standard library + LayoutCore)

    .target(name: "LayoutHost", dependencies: ["LayoutCore"]),

    // MARK: - Album (pager + filmstrip + coordinator)

    .target(name: "Album", dependencies: ["LayoutCore", "ScrollPhysics", "GestureScripting"]),

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
        "LayoutCore", "LayoutHost", "Album", "HostRecording", "CollectionChanges",
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

    // MARK: - Photo library (a folder indexed in SQLite, thumbnails decoded off the frame, cached on disk)

    .target(
      name: "PhotoLibrary",
      dependencies: ["Raster", "CRasterShim", .product(name: "GRDB", package: "GRDB.swift")]),

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

    .executableTarget(
      name: "scrollwork",
      dependencies: [
        "LayoutCore",
        "GestureScripting",
        "ScrollPhysics",
        "PhotoGrid",
        "Album",
        "LayoutHost",
        "MallocCounter",
        "Raster",
        "CRasterShim",
        "PhotoLibrary",
        "Viewer",
        "ToolSupport",
        "HostRecording",
        // The bench's scroll frames through the UIKit shell on the stand-in.
        "ScrollworkUIKit",
        .target(name: "UIKitStandIn", condition: .when(platforms: nonUIKitPlatforms)),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),

    // MARK: - Tests

    .target(name: "ScrollworkTestSupport", dependencies: ["LayoutCore", "LayoutHost"]),
    .testTarget(name: "LayoutCoreTests", dependencies: ["LayoutCore", "ScrollworkTestSupport"]),
    .testTarget(
      name: "ScrollPhysicsTests",
      dependencies: [
        "ScrollPhysics", "GestureScripting", "PhotoGrid", "LayoutCore", "LayoutHost", "ScrollworkTestSupport",
      ]),
    .testTarget(name: "UIKitStandInTests", dependencies: ["UIKitStandIn", "ScrollworkTestSupport"]),
    .testTarget(name: "HostRecordingTests", dependencies: ["HostRecording", "LayoutHost", "LayoutCore"]),
    .testTarget(
      name: "CollectionChangesTests", dependencies: ["CollectionChanges", "LayoutCore", "ScrollworkTestSupport"]),
    .testTarget(
      name: "ScrollworkUIKitTests",
      dependencies: [
        "ScrollworkUIKit", "UIKitStandIn", "LayoutHost", "LayoutCore", "HostRecording", "Album",
        "ScrollworkTestSupport",
        "CollectionChanges",
      ]),
    .testTarget(name: "LayoutHostTests", dependencies: ["LayoutHost", "LayoutCore", "ScrollworkTestSupport"]),
    .testTarget(
      name: "AlbumTests",
      dependencies: ["Album", "LayoutCore", "ScrollPhysics", "GestureScripting", "ScrollworkTestSupport"]),
    .testTarget(
      name: "RasterTests",
      dependencies: ["Raster", "CRasterShim", "LayoutCore", "ScrollworkTestSupport", "PhotoLibrary"],
      exclude: ["Golden"]),  // golden PNGs, read through #filePath
    .testTarget(
      name: "PhotoLibraryTests",
      dependencies: ["PhotoLibrary", "Raster", "CRasterShim", "LayoutCore", "ScrollworkTestSupport"]),
    .testTarget(
      name: "ScrollworkCLITests",
      dependencies: [
        "scrollwork", "ScrollworkTestSupport", "Raster", "CRasterShim", "Viewer", "ToolSupport", "PhotoLibrary",
        "GestureScripting", "PhotoGrid",
      ],
      exclude: ["Golden"]),
  ],
  swiftLanguageModes: [.v6]
)
