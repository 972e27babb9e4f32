// swift-tools-version:6.0
import PackageDescription

/// ReuseKit: TextKit 2's architecture on SDL2, with reusable attachment view providers.
///
/// One job per module (see `ARCHITECTURE.md`):
/// - pure Swift: `ReuseKitSupport` → `Instrumentation`, `TextEngine` (storage, layout, viewport,
///   reuse, headless text view) and `AnimationRuntime` (clock, state, frame cache);
/// - C glue: `Stickers` (sticker files → players, the sticker attachment) and `SDLSupport` (the only
///   SDL wrappers);
/// - the sticker worker: `StickerWire` (what the app and the worker say to each other; pure Swift) and
///   `sticker-worker` (`StickerWorker`: sandbox, request loop, warm-up; the only target linking libseccomp);
/// - the chat model: `ChatModel` (messages, days, transcripts, their codec and generator; pure Swift)
///   and `ChatStore` (the history in SQLite; no SDL);
/// - views: `ReuseKitSDL` (the SDL text view) and `ChatKit` (the chat view, sticker factory, HUD);
/// - executables: `chat-demo` (`Demo/`) and `reuse-bench` (every benchmark).
let strictSettings: [SwiftSetting] = [
  .swiftLanguageMode(.v6),
  .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
  name: "ReuseKit",
  products: [
    // The common case: the engine, its counters and the animation model in one import.
    .library(name: "ReuseKit", targets: ["ReuseKit"]),
    // Counting provider creations and animation resets in your own tests (Swift Testing).
    .library(name: "ReuseKitTesting", targets: ["ReuseKitTesting"]),
    .library(name: "TextEngine", targets: ["TextEngine"]),
    .library(name: "Instrumentation", targets: ["Instrumentation"]),
    .library(name: "AnimationRuntime", targets: ["AnimationRuntime"]),
    .library(name: "Stickers", targets: ["Stickers"]),
    .library(name: "TextAnalysis", targets: ["TextAnalysis"]),
    .library(name: "ReuseKitSDL", targets: ["ReuseKitSDL"]),
    .library(name: "ChatModel", targets: ["ChatModel"]),
    .library(name: "ChatKit", targets: ["ChatKit"]),
    .library(name: "ChatStore", targets: ["ChatStore"]),
    .executable(name: "chat-demo", targets: ["ChatDemo"]),
    .executable(name: "reuse-bench", targets: ["ReuseBench"]),
    .executable(name: "sticker-worker", targets: ["StickerWorker"]),
  ],
  targets: [
    // C libraries from Debian, through pkg-config, each with its apt package. The SDL modules have no
    // pkgConfig: sdl2.pc's -D_REENTRANT is a flag SwiftPM refuses with a warning in every build, a
    // consumer's too; their shims name the headers by path and their module maps link the libraries.
    .systemLibrary(name: "CSDL2", providers: [.apt(["libsdl2-dev"])]),
    .systemLibrary(name: "CSDL2TTF", providers: [.apt(["libsdl2-ttf-dev"])]),
    .systemLibrary(name: "CSDL2Image", providers: [.apt(["libsdl2-image-dev"])]),
    .systemLibrary(name: "CRlottie", pkgConfig: "rlottie", providers: [.apt(["librlottie-dev"])]),
    .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
    .systemLibrary(name: "CZip", pkgConfig: "libzip", providers: [.apt(["libzip-dev"])]),
    .systemLibrary(name: "CWebP", pkgConfig: "libwebpdemux", providers: [.apt(["libwebp-dev"])]),
    .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
    // Xlib, for the one thing SDL 2 does not read: the resource database's Xft.dpi (the X11 scale).
    .systemLibrary(name: "CX11", pkgConfig: "x11", providers: [.apt(["libx11-dev"])]),
    .systemLibrary(name: "CFriBidi", pkgConfig: "fribidi", providers: [.apt(["libfribidi-dev"])]),
    .systemLibrary(name: "CICU", pkgConfig: "icu-uc", providers: [.apt(["libicu-dev"])]),
    .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
    .systemLibrary(name: "CSeccomp", pkgConfig: "libseccomp", providers: [.apt(["libseccomp-dev"])]),
    // The Linux calls the app makes to start a sticker worker (memfd_create, pipe2); no library.
    .systemLibrary(name: "CLinuxCalls"),
    // atk.pc, not atk-bridge-2.0.pc, whose -pthread SwiftPM refuses the same way (see the shim).
    .systemLibrary(
      name: "CATK", pkgConfig: "atk",
      providers: [.apt(["libatk-bridge2.0-dev", "libatk1.0-dev", "libglib2.0-dev"])]),

    // Pure Swift layers: no C module, no SDL.
    .target(name: "ReuseKitSupport", swiftSettings: strictSettings),
    .target(name: "Instrumentation", swiftSettings: strictSettings),
    // The executables' command lines: one parser with a generated --help (no Foundation).
    .target(name: "CommandLineSupport", swiftSettings: strictSettings),
    .target(
      name: "TextEngine", dependencies: ["Instrumentation", "ReuseKitSupport", "AnimationRuntime"],
      swiftSettings: strictSettings),
    .target(name: "AnimationRuntime", dependencies: ["ReuseKitSupport"], swiftSettings: strictSettings),
    // The umbrella: re-exports TextEngine, Instrumentation and AnimationRuntime.
    .target(
      name: "ReuseKit", dependencies: ["TextEngine", "Instrumentation", "AnimationRuntime", "ReuseKitSupport"],
      swiftSettings: strictSettings),
    // What the app and the sticker worker say to each other: caps, errors, formats, messages.
    .target(name: "StickerWire", swiftSettings: strictSettings),
    // The words reuse scenarios are written in (operations, keys, select offsets) and per-policy
    // expectations: one vocabulary for the demo's JSON scenarios and the Swift test host.
    .target(name: "ScenarioVocabulary", dependencies: ["TextEngine"], swiftSettings: strictSettings),
    // The chat model: messages, days, transcripts and their codec and generator, sticker references.
    .target(name: "ChatModel", dependencies: ["TextEngine", "ReuseKitSupport"], swiftSettings: strictSettings),

    // C glue: Unicode analysis for layout (ICU, FriBidi), the only SDL wrappers, and sticker files decoded into players.
    // ICU's break iterator behind plain C functions: Swift never sees an ICU header, whose UErrorCode
    // clashes with the one of the ICU inside Foundation.
    .target(name: "ICUBridge", dependencies: ["CICU"]),
    // ATK objects (GObject subclasses, whose type system is macros Swift does not import) behind
    // plain C functions and one callback table; ReuseKitATK is the Swift side.
    .target(name: "ATKShim", dependencies: ["CATK"]),
    .target(name: "ReuseKitATK", dependencies: ["ATKShim", "CATK", "TextEngine"], swiftSettings: strictSettings),
    .target(
      name: "TextAnalysis", dependencies: ["TextEngine", "CFriBidi", "ICUBridge"], swiftSettings: strictSettings),
    .target(
      name: "SDLSupport",
      dependencies: ["ReuseKitSupport", "CSDL2", "CSDL2TTF", "CSDL2Image", "CFontconfig", "CX11"],
      swiftSettings: strictSettings),
    .target(
      name: "Stickers",
      dependencies: [
        "TextEngine", "Instrumentation", "ReuseKitSupport", "AnimationRuntime", "SDLSupport", "CRlottie",
        "CSDL2", "CSDL2Image", "CZlib", "CZip", "CWebP", "CLinuxCalls", "StickerWire",
      ],
      swiftSettings: strictSettings),
    // The sandboxed process that decodes untrusted sticker files for the app: its sandbox, request
    // loop and warm-up; the only target that links libseccomp.
    .executableTarget(
      name: "StickerWorker",
      dependencies: ["Stickers", "StickerWire", "AnimationRuntime", "CSeccomp", "CommandLineSupport"],
      swiftSettings: strictSettings),

    // View layer: the SDL text view, then the chat on top of it.
    .target(
      name: "ReuseKitSDL",
      dependencies: [
        "ReuseKit", "TextEngine", "TextAnalysis", "Instrumentation", "ReuseKitSupport", "AnimationRuntime",
        "SDLSupport",
        "CSDL2",
      ],
      swiftSettings: strictSettings),
    .target(
      name: "ChatKit",
      dependencies: [
        "ChatModel", "ReuseKitSDL", "SDLSupport", "TextEngine", "Instrumentation", "AnimationRuntime", "Stickers",
      ],
      swiftSettings: strictSettings),
    // The chat history in SQLite: a backing store for the content manager.
    .target(
      name: "ChatStore",
      dependencies: ["CSQLite", "ChatModel", "TextEngine", "ReuseKitSupport"],
      swiftSettings: strictSettings),

    // The chat demo: the app, its scenarios and transcript saving; its accessibility tree over a host
    // protocol, which one file conforms the app to; then the executable (command line, test hooks).
    .target(
      name: "ChatDemoCore",
      dependencies: [
        "ChatModel", "ChatKit", "ChatStore", "ReuseKitSDL", "SDLSupport", "Stickers", "ReuseKitSupport", "TextEngine",
        "AnimationRuntime", "Instrumentation", "CSDL2", "ScenarioVocabulary",
      ],
      path: "Demo/ChatDemoCore", swiftSettings: strictSettings),
    .target(
      name: "ChatAccessibility",
      dependencies: ["ChatDemoCore", "ChatKit", "ChatModel", "ReuseKitATK", "CATK", "TextEngine"],
      path: "Demo/ChatAccessibility", swiftSettings: strictSettings),
    .executableTarget(
      name: "ChatDemo",
      dependencies: [
        "ChatDemoCore", "ChatAccessibility", "ChatKit", "ChatModel", "ChatStore", "TextEngine", "CommandLineSupport",
        "SDLSupport", "CLinuxCalls",
      ],
      path: "Demo/chat-demo", swiftSettings: strictSettings),

    // Every benchmark lives here.
    .executableTarget(
      name: "ReuseBench",
      dependencies: [
        "ReuseKitSupport", "TextEngine", "AnimationRuntime", "Stickers", "Instrumentation", "SDLSupport",
        "ReuseKitSDL", "ChatModel", "ChatKit", "ChatStore", "ChatDemoCore", "ChatAccessibility", "ReuseKitATK", "CATK",
        "CSDL2", "CSDL2TTF", "CommandLineSupport", "ReuseKitTestSupport",
      ],
      swiftSettings: strictSettings),

    // The test-author product: a host, scenario operations and count expectations for users' tests.
    .target(
      name: "ReuseKitTesting", dependencies: ["ReuseKit", "ReuseKitSDL", "ScenarioVocabulary"],
      swiftSettings: strictSettings),
    // Test support: pure helpers, and the golden-image tooling.
    .target(
      name: "ReuseKitTestSupport",
      dependencies: ["TextEngine", "Instrumentation", "AnimationRuntime", "ScenarioVocabulary"],
      path: "Tests/ReuseKitTestSupport", swiftSettings: strictSettings),
    .target(
      name: "SDLTestSupport", dependencies: ["SDLSupport", "ReuseKitSDL", "ReuseKitSupport", "CSDL2"],
      path: "Tests/SDLTestSupport",
      swiftSettings: strictSettings),

    // Tests: each target depends only on what it uses.
    .testTarget(name: "ReuseKitSupportTests", dependencies: ["ReuseKitSupport"], swiftSettings: strictSettings),
    .testTarget(
      name: "InstrumentationTests", dependencies: ["Instrumentation", "ReuseKitTestSupport"],
      swiftSettings: strictSettings),
    .testTarget(
      name: "CommandLineSupportTests", dependencies: ["CommandLineSupport"], swiftSettings: strictSettings),
    .testTarget(
      name: "TextEngineTests",
      dependencies: ["TextEngine", "Instrumentation", "ReuseKitSupport", "ReuseKitTestSupport", "ScenarioVocabulary"],
      swiftSettings: strictSettings),
    .testTarget(
      name: "TextAnalysisTests",
      dependencies: ["TextAnalysis", "TextEngine", "ReuseKitSupport", "ReuseKitTestSupport"],
      swiftSettings: strictSettings),
    .testTarget(
      name: "ReuseKitATKTests", dependencies: ["ReuseKitATK", "CATK", "TextEngine", "ReuseKitTestSupport"],
      swiftSettings: strictSettings),
    .testTarget(
      name: "AnimationRuntimeTests", dependencies: ["AnimationRuntime", "ReuseKitSupport"],
      swiftSettings: strictSettings),
    .testTarget(
      name: "StickersTests",
      dependencies: [
        "Stickers", "AnimationRuntime", "TextEngine", "Instrumentation", "ReuseKitTestSupport",
        "CSDL2", "SDLTestSupport", "SDLSupport", "ReuseKitSupport", "CZlib", "CZip",
      ],
      exclude: ["Goldens", "Worker/Fixtures"], swiftSettings: strictSettings),
    .testTarget(
      name: "StickerWorkerTests",
      dependencies: ["StickerWorker", "Stickers", "AnimationRuntime", "TextEngine", "ReuseKitTestSupport"],
      swiftSettings: strictSettings),
    .testTarget(name: "StickerWireTests", dependencies: ["StickerWire"], swiftSettings: strictSettings),
    .testTarget(
      name: "SDLSupportTests", dependencies: ["SDLSupport", "ReuseKitSupport", "CSDL2"],
      swiftSettings: strictSettings),
    .testTarget(
      name: "ReuseKitSDLTests",
      dependencies: [
        "ReuseKitSDL", "SDLSupport", "SDLTestSupport", "TextEngine", "TextAnalysis", "CSDL2", "AnimationRuntime",
        "ReuseKitSupport",
      ],
      exclude: ["Goldens"], swiftSettings: strictSettings),
    .testTarget(
      name: "ChatModelTests", dependencies: ["ChatModel", "TextEngine", "ReuseKitSupport"],
      swiftSettings: strictSettings),
    .testTarget(
      name: "ReuseKitTestingTests", dependencies: ["ReuseKitTesting"], swiftSettings: strictSettings),
    .testTarget(
      name: "ChatKitTests",
      dependencies: [
        "ChatModel", "ChatKit", "ReuseKitSDL", "SDLSupport", "SDLTestSupport", "TextEngine", "AnimationRuntime",
        "Stickers",
        "Instrumentation", "ReuseKitTestSupport", "CSDL2",
      ],
      exclude: ["Goldens"], swiftSettings: strictSettings),
    .testTarget(
      name: "ChatDemoTests",
      dependencies: [
        "ChatDemoCore", "ChatDemo", "ChatModel", "ChatKit", "ChatStore", "ReuseKitSDL", "SDLSupport", "SDLTestSupport",
        "TextEngine",
        "Instrumentation", "AnimationRuntime", "ReuseKitTestSupport", "CSDL2", "Stickers", "ReuseKitSupport",
        "ScenarioVocabulary", "CommandLineSupport",
      ],
      exclude: ["Goldens"], swiftSettings: strictSettings),
    // A fault-injecting SQLite VFS for the store's tests (C glue over the default VFS).
    .target(name: "SQLiteFaultVFS", dependencies: ["CSQLite"], path: "Tests/SQLiteFaultVFS"),
    .testTarget(
      name: "ChatStoreTests",
      dependencies: [
        "ChatStore", "ChatModel", "ChatKit", "TextEngine", "Stickers", "AnimationRuntime", "ReuseKitSupport",
        "ReuseKitTestSupport", "SQLiteFaultVFS", "CSQLite",
      ],
      swiftSettings: strictSettings),
    // Keeps the layout: pure modules import no C module, libraries hold no benchmark or test code.
    .testTarget(name: "ArchitectureTests", swiftSettings: strictSettings),
  ]
)
