// swift-tools-version:6.0
import PackageDescription

/// ReuseKit: TextKit 2's architecture on SDL2, with reusable attachment view providers.
///
/// Layers (see `Sources/TextEngine/TextEngine.docc`):
/// storage → layout → viewport live in `TextEngine` (pure Swift), the view layer in `ReuseKitSDL`.
let strictSettings: [SwiftSetting] = [
  .swiftLanguageMode(.v6),
  .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
  name: "ReuseKit",
  products: [
    .library(name: "TextEngine", targets: ["TextEngine"]),
    .library(name: "Instrumentation", targets: ["Instrumentation"]),
    .library(name: "AnimationRuntime", targets: ["AnimationRuntime"]),
    .library(name: "ReuseKitSDL", targets: ["ReuseKitSDL"]),
    .executable(name: "chat-demo", targets: ["ChatDemo"]),
    .executable(name: "reuse-bench", targets: ["ReuseBench"]),
  ],
  targets: [
    // C libraries from Debian, through pkg-config.
    .systemLibrary(name: "CSDL2", pkgConfig: "sdl2", providers: [.apt(["libsdl2-dev"])]),
    .systemLibrary(name: "CSDL2TTF", pkgConfig: "SDL2_ttf", providers: [.apt(["libsdl2-ttf-dev"])]),
    .systemLibrary(
      name: "CSDL2Image", pkgConfig: "SDL2_image", providers: [.apt(["libsdl2-image-dev"])]),
    .systemLibrary(name: "CRlottie", pkgConfig: "rlottie", providers: [.apt(["librlottie-dev"])]),

    // Pure Swift layers.
    .target(name: "ReuseKitSupport", swiftSettings: strictSettings),
    .target(name: "Instrumentation", swiftSettings: strictSettings),
    .target(name: "TextEngine", dependencies: ["Instrumentation", "ReuseKitSupport"], swiftSettings: strictSettings),
    .target(
      name: "AnimationRuntime",
      dependencies: ["TextEngine", "Instrumentation", "ReuseKitSupport", "CRlottie", "CSDL2", "CSDL2Image"],
      swiftSettings: strictSettings),

    // View layer: the only code that renders through SDL.
    .target(
      name: "ReuseKitSDL",
      dependencies: ["TextEngine", "Instrumentation", "ReuseKitSupport", "AnimationRuntime", "CSDL2", "CSDL2TTF", "CSDL2Image"],
      swiftSettings: strictSettings),

    // The chat demo: its model, transcript files and scenario runner, then the executable.
    .target(
      name: "ChatDemoCore", dependencies: ["ReuseKitSupport", "ReuseKitSDL", "TextEngine", "AnimationRuntime", "Instrumentation"],
      path: "Demo/ChatDemoCore", swiftSettings: strictSettings),
    .executableTarget(
      name: "ChatDemo",
      dependencies: ["ChatDemoCore", "ReuseKitSDL", "TextEngine", "AnimationRuntime", "Instrumentation"],
      path: "Demo/chat-demo", swiftSettings: strictSettings),
    .executableTarget(
      name: "ReuseBench",
      dependencies: ["ReuseKitSupport", "TextEngine", "AnimationRuntime", "Instrumentation", "ReuseKitSDL", "ChatDemoCore"],
      swiftSettings: strictSettings),

    // Tests.
    .target(
      name: "ReuseKitTestSupport",
      dependencies: ["TextEngine", "Instrumentation", "AnimationRuntime"],
      path: "Tests/ReuseKitTestSupport", swiftSettings: strictSettings),
    .testTarget(name: "ReuseKitSupportTests", dependencies: ["ReuseKitSupport"], swiftSettings: strictSettings),
    .testTarget(
      name: "InstrumentationTests", dependencies: ["Instrumentation"], swiftSettings: strictSettings),
    .testTarget(
      name: "TextEngineTests", dependencies: ["TextEngine", "Instrumentation", "ReuseKitTestSupport"],
      swiftSettings: strictSettings),
    .testTarget(
      name: "AnimationRuntimeTests",
      dependencies: ["AnimationRuntime", "TextEngine", "Instrumentation", "ReuseKitTestSupport"],
      swiftSettings: strictSettings),
    .testTarget(
      name: "ChatDemoTests",
      dependencies: [
        "ChatDemoCore", "TextEngine", "Instrumentation", "AnimationRuntime", "ReuseKitSDL", "ReuseKitTestSupport",
      ],
      exclude: ["Goldens"], swiftSettings: strictSettings),
    .testTarget(
      name: "ReuseKitSDLTests",
      dependencies: ["ReuseKitSDL", "TextEngine", "AnimationRuntime", "Instrumentation", "ReuseKitTestSupport"],
      exclude: ["Goldens"], swiftSettings: strictSettings),
  ]
)
