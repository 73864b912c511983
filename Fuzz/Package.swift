// swift-tools-version: 6.0
import Foundation
import PackageDescription

// libFuzzer harnesses for Scrollwork. Built by Scripts/fuzz.sh with
// `--sanitize=fuzzer --sanitize=address` into its own scratch path
// (`.build-fuzz`), so the main build is never instrumented.
//
// The root package is a path dependency; its identity is the name of the
// folder it is checked out in, so it is computed here.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
let scrollwork = root.lastPathComponent.lowercased()

let package = Package(
  name: "ScrollworkFuzz",
  dependencies: [.package(path: "..")],
  targets: [
    .target(name: "FuzzSupport", dependencies: [.product(name: "LayoutCore", package: scrollwork)]),
    .executableTarget(
      name: "FuzzScript",
      dependencies: [
        "FuzzSupport", .product(name: "LayoutCore", package: scrollwork),
        .product(name: "GestureScripting", package: scrollwork), .product(name: "ScrollPhysics", package: scrollwork),
        .product(name: "PhotoGrid", package: scrollwork),
      ]),
    .executableTarget(
      name: "FuzzDecode", dependencies: ["FuzzSupport", .product(name: "Raster", package: scrollwork)]),
    .executableTarget(
      name: "FuzzLayouts",
      dependencies: [
        "FuzzSupport", .product(name: "LayoutCore", package: scrollwork),
        .product(name: "LayoutHost", package: scrollwork),
        // The random layouts (RandomLayouts, SplitMix64): test support, never in an app's products.
        .product(name: "ScrollworkTestSupport", package: scrollwork),
      ]),
    .executableTarget(
      name: "FuzzHost",
      dependencies: [
        "FuzzSupport", .product(name: "LayoutCore", package: scrollwork),
        .product(name: "LayoutHost", package: scrollwork), .product(name: "HostRecording", package: scrollwork),
        // The random layouts (RandomLayouts, SplitMix64): test support, never in an app's products.
        .product(name: "ScrollworkTestSupport", package: scrollwork),
      ]),
    .executableTarget(
      name: "FuzzTool",
      dependencies: [
        "FuzzSupport", .product(name: "LayoutCore", package: scrollwork),
        .product(name: "ToolSupport", package: scrollwork),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
