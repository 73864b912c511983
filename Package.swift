// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Scrollwork",
  products: [
    .library(name: "LayoutCore", targets: ["LayoutCore"]),
    .library(name: "ScrollPhysics", targets: ["ScrollPhysics"]),
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

    // MARK: - Tools

    /// Counts heap allocations for `scrollwork bench` (glibc only).
    .target(name: "MallocCounter"),

    .executableTarget(
      name: "scrollwork",
      dependencies: [
        "LayoutCore",
        "ScrollPhysics",
        "MallocCounter",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),

    // MARK: - Tests

    .target(name: "ScrollworkTestSupport", dependencies: ["LayoutCore"]),
    .testTarget(name: "LayoutCoreTests", dependencies: ["LayoutCore", "ScrollworkTestSupport"]),
    .testTarget(
      name: "ScrollPhysicsTests", dependencies: ["ScrollPhysics", "LayoutCore", "ScrollworkTestSupport"]),
    .testTarget(
      name: "ScrollworkCLITests", dependencies: ["scrollwork", "ScrollworkTestSupport"], exclude: ["Golden"]),
  ],
  swiftLanguageModes: [.v6]
)
