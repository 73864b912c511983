// swift-tools-version: 6.0
import Foundation
import PackageDescription

// The `scrollwork` command-line tool, and what only it needs: argument
// parsing, the photo library's SQLite index (GRDB). It depends on the
// libraries of the package at the repository's root by path, so an app that
// adds the root package for `ScrollworkUIKit` resolves none of these.
//
//   swift run --package-path Tool scrollwork demo
//
// The root package is a path dependency; its identity is the name of the
// folder it is checked out in, so it is computed here.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
let scrollwork = root.lastPathComponent.lowercased()

/// Where UIKit is absent, the bench's shell frames run on `UIKitStandIn`.
let nonUIKitPlatforms: [Platform] = [.linux, .macOS, .windows, .android, .openbsd, .wasi]

func library(_ name: String) -> Target.Dependency { .product(name: name, package: scrollwork) }

let package = Package(
  name: "ScrollworkTool",
  products: [
    .executable(name: "scrollwork", targets: ["scrollwork"]),
    .library(name: "PhotoLibrary", targets: ["PhotoLibrary"]),
  ],
  dependencies: [
    .package(path: ".."),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    // The photo library's on-disk index (SQLite: Debian's libsqlite3-dev).
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
  ],
  targets: [
    // MARK: - Photo library (a folder indexed in SQLite, thumbnails decoded off the frame, cached on disk)

    .target(
      name: "PhotoLibrary",
      dependencies: [library("Raster"), library("CRasterShim"), .product(name: "GRDB", package: "GRDB.swift")]),

    // MARK: - What the tool runs (libraries of this package; not products, so `package` access suffices)

    /// The tool's JSON writer (deterministic numbers) and its standard-error line.
    .target(name: "ToolOutput", dependencies: [library("LayoutCore"), library("HostRecording")]),

    /// `inspect` and `simulate`'s printers: a layout's attributes as JSON,
    /// a gesture script run a frame at a time, one JSON line per frame.
    .target(
      name: "Simulation",
      dependencies: [
        "ToolOutput", library("LayoutCore"), library("GestureScripting"), library("ScrollPhysics"),
        library("PhotoGrid"), library("Album"), library("ToolSupport"),
      ]),

    /// Scenes and recording: a drawable, scripted scene per layout, the
    /// recorder, the frame encoder, the demo page and a render job
    /// (`demo`, `render`, `view`, the render benches).
    .target(
      name: "Scenes",
      dependencies: [
        "ToolOutput", "Simulation", "PhotoLibrary", library("LayoutCore"), library("GestureScripting"),
        library("ScrollPhysics"),
        library("PhotoGrid"), library("Album"), library("LayoutCatalog"), library("Raster"), library("CRasterShim"),
        library("ToolSupport"), library("ScrollworkTestSupport"),
      ]),

    /// The benchmark scenarios and their measuring (`bench`).
    .target(
      name: "Benchmarks",
      dependencies: [
        "ToolOutput", "Scenes", "ViewerApp", library("LayoutCore"), library("LayoutHost"), library("LayoutCatalog"),
        library("MallocCounter"), library("Raster"), library("CRasterShim"), library("ToolSupport"),
        library("ScrollPhysics"), library("PhotoGrid"), library("Album"), library("GestureScripting"),
        // The benches draw with the package's one seeded generator.
        library("ScrollworkTestSupport"),
        // The bench's scroll frames through the UIKit shell on the stand-in.
        library("ScrollworkUIKit"),
        .product(name: "UIKitStandIn", package: scrollwork, condition: .when(platforms: nonUIKitPlatforms)),
      ]),

    /// The viewer's session over a photo folder: scenes, frame damage, the
    /// indexing screen (`view`).
    .target(
      name: "ViewerApp",
      dependencies: [
        "Scenes", "ToolOutput", "PhotoLibrary", library("Viewer"), library("LayoutCore"), library("Album"),
        library("ScrollPhysics"), library("GestureScripting"), library("Raster"), library("CRasterShim"),
        library("ToolSupport"),
      ]),

    /// `replay`'s reader and printer over `HostRecording`'s format.
    .target(
      name: "HostReplaying",
      dependencies: [
        "ToolOutput", library("HostRecording"), library("LayoutCore"), library("LayoutHost"), library("ToolSupport"),
      ]),

    // MARK: - The tool: parsing and printing

    .executableTarget(
      name: "scrollwork",
      dependencies: [
        "ToolOutput", "Simulation", "Scenes", "Benchmarks", "ViewerApp", "HostReplaying",
        library("LayoutCore"), library("GestureScripting"), library("ScrollPhysics"), library("PhotoGrid"),
        library("Album"), library("LayoutHost"), library("LayoutCatalog"), library("Raster"), library("CRasterShim"),
        "PhotoLibrary", library("Viewer"), library("ToolSupport"), library("HostRecording"),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),

    // MARK: - Tests

    .testTarget(
      name: "PhotoLibraryTests",
      dependencies: [
        "PhotoLibrary", library("Raster"), library("CRasterShim"), library("LayoutCore"),
        library("ScrollworkTestSupport"),
      ]),
    .testTarget(
      name: "ScrollworkCLITests",
      dependencies: [
        "scrollwork", "ToolOutput", "Simulation", "Scenes", "Benchmarks", "ViewerApp", "HostReplaying",
        library("ScrollworkTestSupport"), library("LayoutCatalog"), library("Raster"),
        library("CRasterShim"), library("Viewer"), library("ToolSupport"), "PhotoLibrary", library("GestureScripting"),
        library("PhotoGrid"),
      ],
      exclude: ["Golden"]),
  ],
  swiftLanguageModes: [.v6]
)
