// swift-tools-version:6.0
import PackageDescription

/// A user's package: its own animated attachment and provider, and tests that count provider
/// creations and animation resets with ReuseKit's products only (`make test` builds and runs it).
let package = Package(
  name: "ConsumerPackage",
  dependencies: [
    // The repository root, as a user's `.package(url:)` line would name it.
    .package(name: "ReuseKit", path: "../..")
  ],
  targets: [
    .target(
      name: "TypingIndicator", dependencies: [.product(name: "ReuseKit", package: "ReuseKit")],
      swiftSettings: [.swiftLanguageMode(.v6)]),
    .testTarget(
      name: "TypingIndicatorTests",
      dependencies: [
        "TypingIndicator",
        .product(name: "ReuseKit", package: "ReuseKit"),
        .product(name: "ReuseKitTesting", package: "ReuseKit"),
        .product(name: "ReuseKitSDL", package: "ReuseKit"),
      ],
      swiftSettings: [.swiftLanguageMode(.v6)]),
  ]
)
