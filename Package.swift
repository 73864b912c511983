// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Scrollwork",
  products: [
    .library(name: "LayoutCore", targets: ["LayoutCore"]),
    .library(name: "ScrollPhysics", targets: ["ScrollPhysics"]),
    .library(name: "Album", targets: ["Album"]),
    .executable(name: "scrollwork", targets: ["scrollwork"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
  ],
  targets: [
    // MARK: - Core (Swift standard library only; CI checks the imports)

    .target(name: "LayoutCore"),

    // MARK: - Scroll physics

    .target(name: "ScrollPhysics", dependencies: ["LayoutCore"]),

    // MARK: - Album (pager + filmstrip + coordinator)

    .target(name: "Album", dependencies: ["LayoutCore", "ScrollPhysics"]),

    // MARK: - Tools

    /// Counts heap allocations for `scrollwork bench` (glibc only).
    .target(name: "MallocCounter"),

    .executableTarget(
      name: "scrollwork",
      dependencies: [
        "LayoutCore",
        "ScrollPhysics",
        "Album",
        "MallocCounter",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),

    // MARK: - Tests

    .target(name: "ScrollworkTestSupport", dependencies: ["LayoutCore"]),
    .testTarget(name: "LayoutCoreTests", dependencies: ["LayoutCore", "ScrollworkTestSupport"]),
    .testTarget(
      name: "ScrollPhysicsTests", dependencies: ["ScrollPhysics", "LayoutCore", "ScrollworkTestSupport"]),
    .testTarget(name: "AlbumTests", dependencies: ["Album", "LayoutCore", "ScrollPhysics", "ScrollworkTestSupport"]),
    .testTarget(
      name: "ScrollworkCLITests", dependencies: ["scrollwork", "ScrollworkTestSupport"], exclude: ["Golden"]),
  ],
  swiftLanguageModes: [.v6]
)
